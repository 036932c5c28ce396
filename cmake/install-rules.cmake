# Install rules (included when FANORONA_INSTALL is ON).
#
# Layout, relative to the install prefix:
#   include/fanorona/**.hpp                the headers (FILE_SET HEADERS; before CMake 3.23,
#                                          install(DIRECTORY))
#   share/fanorona/fanoronaConfig.cmake    find_package(fanorona CONFIG)
#   share/fanorona/fanoronaConfigVersion.cmake
#   share/fanorona/fanoronaTargets.cmake   imported target fanorona::fanorona
#   share/pkgconfig/fanorona.pc            pkg-config --cflags fanorona
#   share/doc/fanorona/LICENSE, README.md
#   share/doc/fanorona/docs/               the documentation the headers refer to: the
#                                          Markdown pages and the SVG images they show
#
# The package is architecture-independent (headers only), so the CMake
# config and the .pc file go under share/ rather than lib/: one install
# serves every architecture, no lib/ directory is created, and vcpkg's
# vcpkg_cmake_config_fixup(CONFIG_PATH share/fanorona) is a no-op move.
# find_package() searches <prefix>/share/<name>*/ on every platform.
include_guard(GLOBAL)
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(FANORONA_INSTALL_CMAKEDIR "${CMAKE_INSTALL_DATADIR}/fanorona" CACHE STRING
  "Where to install fanoronaConfig.cmake, relative to the install prefix")
set(FANORONA_INSTALL_PKGCONFIGDIR "${CMAKE_INSTALL_DATADIR}/pkgconfig" CACHE STRING
  "Where to install fanorona.pc, relative to the install prefix")
mark_as_advanced(FANORONA_INSTALL_CMAKEDIR FANORONA_INSTALL_PKGCONFIGDIR)

set(_component fanorona_Development)

if(FANORONA_HEADERS_WITHOUT_FILE_SET)
  # CMake before 3.23 (see the top-level CMakeLists.txt): the same files in the same place.
  install(TARGETS fanorona
    EXPORT fanoronaTargets
    COMPONENT ${_component}
    INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
  install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/fanorona"
    DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
    COMPONENT ${_component}
    FILES_MATCHING PATTERN "*.hpp")
else()
  install(TARGETS fanorona
    EXPORT fanoronaTargets
    FILE_SET HEADERS DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
    COMPONENT ${_component}
    # Also record the include directory as a plain usage requirement, for
    # consumers whose CMake predates file sets (< 3.23).
    INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
endif()

install(EXPORT fanoronaTargets
  NAMESPACE fanorona::
  DESTINATION "${FANORONA_INSTALL_CMAKEDIR}"
  COMPONENT ${_component})

configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/fanoronaConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/fanoronaConfig.cmake"
  INSTALL_DESTINATION "${FANORONA_INSTALL_CMAKEDIR}")

# Version compatibility. Before 1.0, every 0.MINOR release may break the API
# (semver's rule for 0.x), so a request for 0.1 accepts 0.1.x only:
# SameMinorVersion. From 1.0 on, SameMajorVersion: 1.4 satisfies a request
# for 1.2. ARCH_INDEPENDENT: no binaries, so a package built (well, copied)
# on a 64-bit host also serves 32-bit consumers.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(FANORONA_VERSION_COMPATIBILITY SameMinorVersion)
else()
  set(FANORONA_VERSION_COMPATIBILITY SameMajorVersion)
endif()
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/fanoronaConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY ${FANORONA_VERSION_COMPATIBILITY}
  ARCH_INDEPENDENT)

install(FILES
    "${PROJECT_BINARY_DIR}/fanoronaConfig.cmake"
    "${PROJECT_BINARY_DIR}/fanoronaConfigVersion.cmake"
  DESTINATION "${FANORONA_INSTALL_CMAKEDIR}"
  COMPONENT ${_component})

# pkg-config. The prefix is computed from the .pc file's own location
# (${pcfiledir}), so the installed tree stays relocatable: `cmake --install
# build --prefix /somewhere` and vcpkg/Conan's package folders all work
# without regenerating the file.
if(IS_ABSOLUTE "${FANORONA_INSTALL_PKGCONFIGDIR}")
  set(FANORONA_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH _rel "/__prefix__/${FANORONA_INSTALL_PKGCONFIGDIR}" "/__prefix__")
  string(REGEX REPLACE "/$" "" _rel "${_rel}")
  set(FANORONA_PC_PREFIX "\${pcfiledir}/${_rel}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(FANORONA_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(FANORONA_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
configure_file("${PROJECT_SOURCE_DIR}/cmake/fanorona.pc.in"
               "${PROJECT_BINARY_DIR}/fanorona.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/fanorona.pc"
  DESTINATION "${FANORONA_INSTALL_PKGCONFIGDIR}"
  COMPONENT ${_component})

# The documentation, laid out as in the source tree so that the README's links and the
# headers' references to docs/*.md still lead somewhere from an install.
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" "${PROJECT_SOURCE_DIR}/README.md"
  DESTINATION "${CMAKE_INSTALL_DOCDIR}"
  COMPONENT ${_component})
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/"
  DESTINATION "${CMAKE_INSTALL_DOCDIR}/docs"
  COMPONENT ${_component}
  FILES_MATCHING PATTERN "*.md" PATTERN "*.svg")
