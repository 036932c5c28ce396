# pkg-config consumer of the installed package:
#   c++ -std=c++17 $(pkg-config --cflags fanorona) consumer.cpp
#
#   cmake -DPKG_CONFIG=<pkg-config> -DPREFIX=<install prefix> -DCXX_COMPILER=...
#         -DSOURCE=<consumer.cpp> -DBINARY_DIR=<dir> -DFANORONA_VERSION=x.y.z -P pkg-config.cmake
cmake_minimum_required(VERSION 3.22)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
fanorona_require(PKG_CONFIG PREFIX CXX_COMPILER SOURCE BINARY_DIR FANORONA_VERSION)

# Only our prefix: nothing else on the machine may answer for fanorona.
set(ENV{PKG_CONFIG_PATH} "${PREFIX}/share/pkgconfig")
set(ENV{PKG_CONFIG_LIBDIR} "${PREFIX}/share/pkgconfig")

fanorona_run(COMMAND "${PKG_CONFIG}" --modversion fanorona OUTPUT_VARIABLE version)
string(STRIP "${version}" version)
if(NOT version STREQUAL FANORONA_VERSION)
  message(FATAL_ERROR "pkg-config reports version '${version}', expected '${FANORONA_VERSION}'")
endif()
fanorona_run(COMMAND "${PKG_CONFIG}" --exists "fanorona >= ${FANORONA_VERSION}")
fanorona_run(COMMAND "${PKG_CONFIG}" --exists "fanorona > 99" EXPECT_FAILURE)

fanorona_run(COMMAND "${PKG_CONFIG}" --cflags fanorona OUTPUT_VARIABLE cflags)
string(STRIP "${cflags}" cflags)
separate_arguments(cflags UNIX_COMMAND "${cflags}")
file(REAL_PATH "${PREFIX}/include" expected_include)
set(found FALSE)
foreach(flag IN LISTS cflags)
  if(flag MATCHES "^-I(.+)$")
    file(REAL_PATH "${CMAKE_MATCH_1}" dir)
    if(dir STREQUAL expected_include)
      set(found TRUE)
    endif()
  endif()
endforeach()
if(NOT found)
  message(FATAL_ERROR "pkg-config --cflags '${cflags}' does not point at ${expected_include}")
endif()
fanorona_run(COMMAND "${PKG_CONFIG}" --libs fanorona OUTPUT_VARIABLE libs)
string(STRIP "${libs}" libs)
if(NOT libs STREQUAL "")
  message(FATAL_ERROR "a header-only package must have empty --libs, got '${libs}'")
endif()

file(REMOVE_RECURSE "${BINARY_DIR}")
file(MAKE_DIRECTORY "${BINARY_DIR}")
fanorona_run(COMMAND "${CXX_COMPILER}" -std=c++17 -Wall -Wextra -Wpedantic -Werror ${cflags}
                     "-DFANORONA_EXPECTED_VERSION=\"${FANORONA_VERSION}\""
                     "${SOURCE}" -o "${BINARY_DIR}/consumer")
fanorona_run(COMMAND "${BINARY_DIR}/consumer" TIMEOUT 120)
