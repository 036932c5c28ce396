# The library as CMake 3.22 (Ubuntu 22.04's) builds and installs it: the headers as a plain
# include directory and install(DIRECTORY) instead of a FILE_SET (3.23). No CMake older than
# the one running the tests is at hand, so this forces that path on the CMake there is
# (FANORONA_HEADERS_WITHOUT_FILE_SET=ON, what a CMake before 3.23 sets itself), configures the
# source tree with nothing but the library, installs it into PREFIX, and checks that the
# install holds exactly the files of the FILE_SET install in REFERENCE_PREFIX.
#
#   cmake -DCXX_COMPILER=... -DGENERATOR=... -DSOURCE_DIR=<src> -DWORK_DIR=<dir> -DPREFIX=<dir>
#         -DREFERENCE_PREFIX=<dir> -P without-file-set.cmake
cmake_minimum_required(VERSION 3.22)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
fanorona_require(CXX_COMPILER GENERATOR SOURCE_DIR WORK_DIR PREFIX REFERENCE_PREFIX)

file(REMOVE_RECURSE "${WORK_DIR}" "${PREFIX}")
fanorona_run(COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK_DIR}" -G "${GENERATOR}"
                     "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" -DFANORONA_HEADERS_WITHOUT_FILE_SET=ON
                     -DFANORONA_BUILD_TESTS=OFF -DFANORONA_BUILD_EXAMPLES=OFF -DFANORONA_BUILD_DOCS=OFF
                     -DFANORONA_INSTALL=ON)
fanorona_run(COMMAND "${CMAKE_COMMAND}" --install "${WORK_DIR}" --prefix "${PREFIX}"
                     --component fanorona_Development)

file(READ "${WORK_DIR}/CMakeCache.txt" cache)
if(NOT cache MATCHES "FANORONA_HEADERS_WITHOUT_FILE_SET:BOOL=ON")
  message(FATAL_ERROR "the fallback was not selected")
endif()
# The exported target must not name a file set, which CMake 3.22 could not read back.
file(READ "${PREFIX}/share/fanorona/fanoronaTargets.cmake" targets)
if(targets MATCHES "FILE_SET")
  message(FATAL_ERROR "fanoronaTargets.cmake names a FILE_SET in the fallback install")
endif()
if(NOT targets MATCHES "INTERFACE_INCLUDE_DIRECTORIES \"\\\${_IMPORT_PREFIX}/include\"")
  message(FATAL_ERROR "fanoronaTargets.cmake does not give the installed include directory")
endif()

file(GLOB_RECURSE installed RELATIVE "${PREFIX}" "${PREFIX}/*")
file(GLOB_RECURSE reference RELATIVE "${REFERENCE_PREFIX}" "${REFERENCE_PREFIX}/*")
list(SORT installed)
list(SORT reference)
if(NOT installed STREQUAL reference)
  set(only_here ${installed})
  list(REMOVE_ITEM only_here ${reference})
  set(only_there ${reference})
  list(REMOVE_ITEM only_there ${installed})
  message(FATAL_ERROR "the fallback install differs from the FILE_SET install:\n"
                      "  only in the fallback: ${only_here}\n  only with FILE_SET: ${only_there}")
endif()
list(FILTER installed INCLUDE REGEX "^include/")
list(LENGTH installed headers)
message(STATUS "installed ${headers} headers without a FILE_SET, the same files as with one")
