# include/fanorona/version.hpp is the single source of the version number.
# Everything that cannot read it must carry the same literal: today only the
# vcpkg manifest (vcpkg.json has no way to compute a version). CMake reads
# the header for project(VERSION), and from there the package version file
# and fanorona.pc; the Conan recipe parses the header in set_version().
#
#   cmake -DFANORONA_SOURCE_DIR=<src> [-DFANORONA_VERSION=<project version>] -P version-sync.cmake
cmake_minimum_required(VERSION 3.22)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../../../cmake/read-version.cmake")
fanorona_require(FANORONA_SOURCE_DIR)

fanorona_read_version("${FANORONA_SOURCE_DIR}/include/fanorona/version.hpp" header_version)
message(STATUS "version.hpp: ${header_version}")

if(DEFINED FANORONA_VERSION AND NOT FANORONA_VERSION STREQUAL header_version)
  message(FATAL_ERROR "CMake project version ${FANORONA_VERSION} != version.hpp ${header_version} "
                      "(re-run the CMake configure step)")
endif()

file(READ "${FANORONA_SOURCE_DIR}/cmake/vcpkg/ports/fanorona/vcpkg.json" manifest)
string(JSON vcpkg_version GET "${manifest}" version)
message(STATUS "vcpkg.json: ${vcpkg_version}")
if(NOT vcpkg_version STREQUAL header_version)
  message(FATAL_ERROR "cmake/vcpkg/ports/fanorona/vcpkg.json has version ${vcpkg_version}, "
                      "include/fanorona/version.hpp has ${header_version}: update vcpkg.json")
endif()

# The Conan recipe must not hard-code a version: it reads the header.
file(READ "${FANORONA_SOURCE_DIR}/cmake/conan/conanfile.py" recipe)
if(recipe MATCHES "\n[ \t]+version[ \t]*=[ \t]*[\"']")
  message(FATAL_ERROR "cmake/conan/conanfile.py hard-codes a version; it must parse version.hpp")
endif()
if(NOT recipe MATCHES "def set_version\\(self\\)")
  message(FATAL_ERROR "cmake/conan/conanfile.py has no set_version()")
endif()

# The string macro is derived from the numbers; make sure nobody replaced it
# with a literal that could drift.
file(STRINGS "${FANORONA_SOURCE_DIR}/include/fanorona/version.hpp" string_macro
     REGEX "^#define FANORONA_VERSION_STRING")
if(string_macro MATCHES "\"[0-9]")
  message(FATAL_ERROR "FANORONA_VERSION_STRING must be built from the number macros, found: ${string_macro}")
endif()
message(STATUS "versions agree: ${header_version}")
