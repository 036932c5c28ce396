# Fixture for the installed-package tests: a fresh install of the build tree
# that registered the tests into PREFIX (what `cmake --install` gives users).
#
#   cmake -DBUILD_DIR=<build> -DSOURCE_DIR=<src> -DPREFIX=<dir> -P install.cmake
cmake_minimum_required(VERSION 3.22)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
fanorona_require(BUILD_DIR SOURCE_DIR PREFIX)

file(REMOVE_RECURSE "${PREFIX}")
fanorona_run(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                     --component fanorona_Development)

foreach(file IN ITEMS include/fanorona/fanorona.hpp include/fanorona/version.hpp
                      share/fanorona/fanoronaConfig.cmake share/fanorona/fanoronaConfigVersion.cmake
                      share/fanorona/fanoronaTargets.cmake share/pkgconfig/fanorona.pc
                      share/doc/fanorona/LICENSE share/doc/fanorona/README.md)
  if(NOT EXISTS "${PREFIX}/${file}")
    message(FATAL_ERROR "install is missing ${file}")
  endif()
endforeach()
# The headers refer to docs/*.md: every page and the images the pages show must be installed,
# and nothing else from docs/.
file(GLOB_RECURSE pages RELATIVE "${SOURCE_DIR}/docs" "${SOURCE_DIR}/docs/*.md" "${SOURCE_DIR}/docs/*.svg")
file(GLOB_RECURSE installed_pages RELATIVE "${PREFIX}/share/doc/fanorona/docs" "${PREFIX}/share/doc/fanorona/docs/*")
list(SORT pages)
list(SORT installed_pages)
if(NOT pages OR NOT installed_pages STREQUAL pages)
  message(FATAL_ERROR "share/doc/fanorona/docs should hold ${pages}, holds ${installed_pages}")
endif()
if(EXISTS "${PREFIX}/lib" OR EXISTS "${PREFIX}/bin")
  message(FATAL_ERROR "a header-only install must not create lib/ or bin/")
endif()
message(STATUS "installed into ${PREFIX}")
