# FetchContent consumer: pack the checkout the way a release archive is laid
# out (one top-level folder fanorona-X.Y.Z/ holding what a consumer needs),
# then let the consumer project fetch it from a file:// URL with a SHA256.
#
#   cmake -DFANORONA_SOURCE_DIR=<src> -DFANORONA_VERSION=x.y.z -DWORK_DIR=<dir>
#         -DCXX_COMPILER=... -DGENERATOR=... -DCONSUMER_DIR=<consumer> -P fetch-content.cmake
cmake_minimum_required(VERSION 3.23)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
fanorona_require(FANORONA_SOURCE_DIR FANORONA_VERSION WORK_DIR CONSUMER_DIR)

set(stage "${WORK_DIR}/stage")
set(top "fanorona-${FANORONA_VERSION}")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${stage}/${top}")
# The same set of files the Conan recipe exports: the build needs no more.
file(COPY "${FANORONA_SOURCE_DIR}/CMakeLists.txt" "${FANORONA_SOURCE_DIR}/LICENSE"
          "${FANORONA_SOURCE_DIR}/cmake" "${FANORONA_SOURCE_DIR}/include"
     DESTINATION "${stage}/${top}")
set(archive "${WORK_DIR}/${top}.tar.gz")
fanorona_run(COMMAND "${CMAKE_COMMAND}" -E tar czf "${archive}" "${top}"
             WORKING_DIRECTORY "${stage}")
file(SHA256 "${archive}" sha256)

set(url "file://${archive}")
fanorona_consumer_project(SOURCE_DIR "${CONSUMER_DIR}" BINARY_DIR "${WORK_DIR}/build"
  ARGS "-DFANORONA_ARCHIVE_URL=${url}" "-DFANORONA_ARCHIVE_SHA256=${sha256}"
       "-DFANORONA_EXPECTED_VERSION=${FANORONA_VERSION}")
