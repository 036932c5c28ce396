# FetchContent consumer, in one of the forms of docs/getting-started.md:
#   FORM=source_dir  the checkout itself, as FetchContent_Declare(fanorona SOURCE_DIR <checkout>)
#   FORM=git         a git repository made from the checkout's files, fetched by its path
#                    and branch, main (GIT_REPOSITORY/GIT_TAG); needs git
#   FORM=archive     the checkout packed the way a release archive is laid out (one top-level
#                    folder fanorona-X.Y.Z/), fetched from a file:// URL with its SHA256
# The repository and the archive hold the working tree's files, not the last commit's, so the
# test checks the sources being tested.
#
#   cmake -DFORM=<form> -DFANORONA_SOURCE_DIR=<src> -DFANORONA_VERSION=x.y.z -DWORK_DIR=<dir>
#         -DCXX_COMPILER=... -DGENERATOR=... -DCONSUMER_DIR=<consumer> -P fetch-content.cmake
cmake_minimum_required(VERSION 3.22)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
fanorona_require(FORM FANORONA_SOURCE_DIR FANORONA_VERSION WORK_DIR CONSUMER_DIR)

file(REMOVE_RECURSE "${WORK_DIR}")
set(args "-DFANORONA_FETCH=${FORM}" "-DFANORONA_EXPECTED_VERSION=${FANORONA_VERSION}")

# The files a consumer's build needs (the same set the Conan recipe exports), copied to <dir>.
function(copy_sources dir)
  file(MAKE_DIRECTORY "${dir}")
  file(COPY "${FANORONA_SOURCE_DIR}/CMakeLists.txt" "${FANORONA_SOURCE_DIR}/LICENSE"
            "${FANORONA_SOURCE_DIR}/cmake" "${FANORONA_SOURCE_DIR}/include"
       DESTINATION "${dir}")
endfunction()

if(FORM STREQUAL "source_dir")
  list(APPEND args "-DFANORONA_CHECKOUT=${FANORONA_SOURCE_DIR}")
elseif(FORM STREQUAL "git")
  find_program(GIT git REQUIRED)
  set(repo "${WORK_DIR}/fanorona.git-source")
  copy_sources("${repo}")
  set(git_identity -c user.name=fanorona-test -c user.email=fanorona-test@localhost)
  fanorona_run(COMMAND "${GIT}" init --quiet --initial-branch=main WORKING_DIRECTORY "${repo}")
  fanorona_run(COMMAND "${GIT}" add --all WORKING_DIRECTORY "${repo}")
  fanorona_run(COMMAND "${GIT}" ${git_identity} commit --quiet -m "fanorona ${FANORONA_VERSION}"
               WORKING_DIRECTORY "${repo}")
  list(APPEND args "-DFANORONA_GIT_REPOSITORY=${repo}" "-DFANORONA_GIT_TAG=main")
elseif(FORM STREQUAL "archive")
  set(stage "${WORK_DIR}/stage")
  set(top "fanorona-${FANORONA_VERSION}")
  copy_sources("${stage}/${top}")
  set(archive "${WORK_DIR}/${top}.tar.gz")
  fanorona_run(COMMAND "${CMAKE_COMMAND}" -E tar czf "${archive}" "${top}"
               WORKING_DIRECTORY "${stage}")
  file(SHA256 "${archive}" sha256)
  list(APPEND args "-DFANORONA_ARCHIVE_URL=file://${archive}" "-DFANORONA_ARCHIVE_SHA256=${sha256}")
else()
  message(FATAL_ERROR "FORM must be source_dir, git or archive, not '${FORM}'")
endif()

fanorona_consumer_project(SOURCE_DIR "${CONSUMER_DIR}" BINARY_DIR "${WORK_DIR}/build" ARGS ${args})
