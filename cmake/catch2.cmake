# Provides the target Catch2::Catch2WithMain for the unit tests, and sets
#   FANORONA_CATCH2_VERSION_MAJOR   2 or 3
#
# Order of preference:
#   1. an installed Catch2 (find_package): Debian 12's `catch2` package is
#      2.13 and provides Catch2::Catch2WithMain; Catch2 3 provides the same
#      target name;
#   2. FetchContent of Catch2 v3 from GitHub (needs network access).
#
# Either way Catch.cmake is included, so catch_discover_tests() exists, and
# the tests tell the two major versions apart with
# __has_include(<catch2/catch_test_macros.hpp>).
include_guard(GLOBAL)

set(FANORONA_CATCH2_GIT_TAG "v3.7.1" CACHE STRING
  "Catch2 tag fetched when no installed Catch2 is found")
mark_as_advanced(FANORONA_CATCH2_GIT_TAG)

if(NOT TARGET Catch2::Catch2WithMain)
  find_package(Catch2 QUIET)
endif()

if(TARGET Catch2::Catch2WithMain)
  if(DEFINED Catch2_VERSION_MAJOR AND NOT Catch2_VERSION_MAJOR STREQUAL "")
    set(FANORONA_CATCH2_VERSION_MAJOR "${Catch2_VERSION_MAJOR}")
  elseif(Catch2_VERSION MATCHES "^([0-9]+)")
    set(FANORONA_CATCH2_VERSION_MAJOR "${CMAKE_MATCH_1}")
  else()
    set(FANORONA_CATCH2_VERSION_MAJOR 3)
  endif()
  if(Catch2_DIR)
    # Catch.cmake (catch_discover_tests) sits next to Catch2Config.cmake.
    list(APPEND CMAKE_MODULE_PATH "${Catch2_DIR}")
  endif()
  message(STATUS "fanorona: using installed Catch2 ${Catch2_VERSION} (${Catch2_DIR})")
elseif(TARGET Catch2::Catch2)
  # An older Catch2 2.x without the prebuilt main library: build the main here.
  set(_main "${CMAKE_CURRENT_BINARY_DIR}/fanorona_catch2_main.cpp")
  file(WRITE "${_main}" "#define CATCH_CONFIG_MAIN\n#include <catch2/catch.hpp>\n")
  add_library(fanorona_catch2_main STATIC "${_main}")
  target_link_libraries(fanorona_catch2_main PUBLIC Catch2::Catch2)
  add_library(Catch2::Catch2WithMain ALIAS fanorona_catch2_main)
  set(FANORONA_CATCH2_VERSION_MAJOR 2)
  if(Catch2_DIR)
    list(APPEND CMAKE_MODULE_PATH "${Catch2_DIR}")
  endif()
  message(STATUS "fanorona: using installed Catch2 ${Catch2_VERSION} with a locally built main")
else()
  message(STATUS
    "fanorona: Catch2 not found; fetching Catch2 ${FANORONA_CATCH2_GIT_TAG} from GitHub. "
    "Offline? Install it (Debian: apt-get install catch2), point CMAKE_PREFIX_PATH "
    "at a Catch2 install, or configure with -DFANORONA_BUILD_TESTS=OFF.")
  include(FetchContent)
  FetchContent_Declare(Catch2
    GIT_REPOSITORY https://github.com/catchorg/Catch2.git
    GIT_TAG "${FANORONA_CATCH2_GIT_TAG}"
    GIT_SHALLOW TRUE)
  # Keep Catch2's own install rules and docs out of our install tree.
  set(CATCH_INSTALL_DOCS OFF CACHE BOOL "" FORCE)
  set(CATCH_INSTALL_EXTRAS OFF CACHE BOOL "" FORCE)
  FetchContent_MakeAvailable(Catch2)
  list(APPEND CMAKE_MODULE_PATH "${catch2_SOURCE_DIR}/extras")
  set(FANORONA_CATCH2_VERSION_MAJOR 3)
endif()

# catch_discover_tests(): one ctest test per Catch2 test case.
include(Catch OPTIONAL RESULT_VARIABLE FANORONA_CATCH_MODULE)
if(NOT FANORONA_CATCH_MODULE)
  message(STATUS "fanorona: Catch.cmake not found; catch_discover_tests() unavailable")
endif()
