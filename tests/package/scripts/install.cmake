# Fixture for the installed-package tests: a fresh install of the build tree
# that registered the tests into PREFIX (what `cmake --install` gives users).
#
#   cmake -DBUILD_DIR=<build> -DPREFIX=<dir> -P install.cmake
cmake_minimum_required(VERSION 3.23)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
fanorona_require(BUILD_DIR PREFIX)

file(REMOVE_RECURSE "${PREFIX}")
fanorona_run(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                     --component fanorona_Development)

foreach(file IN ITEMS include/fanorona/fanorona.hpp include/fanorona/version.hpp
                      share/fanorona/fanoronaConfig.cmake share/fanorona/fanoronaConfigVersion.cmake
                      share/fanorona/fanoronaTargets.cmake share/pkgconfig/fanorona.pc
                      share/doc/fanorona/LICENSE)
  if(NOT EXISTS "${PREFIX}/${file}")
    message(FATAL_ERROR "install is missing ${file}")
  endif()
endforeach()
if(EXISTS "${PREFIX}/lib" OR EXISTS "${PREFIX}/bin")
  message(FATAL_ERROR "a header-only install must not create lib/ or bin/")
endif()
message(STATUS "installed into ${PREFIX}")
