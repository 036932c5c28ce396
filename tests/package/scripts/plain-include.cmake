# Plain-include consumer: no build system, just the compiler and `-I include`.
#
#   cmake -DCOMPILER=g++ -DINCLUDE_DIR=<src>/include -DSOURCE=<consumer.cpp>
#         -DBINARY_DIR=<dir> -DEXPECTED_VERSION=x.y.z -P plain-include.cmake -- <flags>...
cmake_minimum_required(VERSION 3.22)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
fanorona_require(COMPILER INCLUDE_DIR SOURCE BINARY_DIR EXPECTED_VERSION)
fanorona_script_args(flags)

file(REMOVE_RECURSE "${BINARY_DIR}")
file(MAKE_DIRECTORY "${BINARY_DIR}")
set(exe "${BINARY_DIR}/consumer")
fanorona_run(COMMAND "${COMPILER}" ${flags} "-DFANORONA_EXPECTED_VERSION=\"${EXPECTED_VERSION}\""
                     -I "${INCLUDE_DIR}" "${SOURCE}" -o "${exe}")
fanorona_run(COMMAND "${exe}" TIMEOUT 120)
