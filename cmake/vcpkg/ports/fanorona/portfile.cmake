# vcpkg port for fanorona (header-only).
#
# Two ways this file is used:
#  * As an overlay port straight from a fanorona checkout:
#      vcpkg install fanorona --overlay-ports=<checkout>/cmake/vcpkg/ports
#    The port then builds the checkout it lives in (four folders up), so what
#    you install is exactly what you have checked out.
#  * Copied into a vcpkg registry (or a project's own ports folder): the
#    checkout is not there, so the sources come from a GitHub release.
#    REPO, REF and SHA512 below are placeholders to fill in when publishing:
#    set REPO to the real owner/name, keep REF "v${VERSION}" (the tag of the
#    release whose number is in vcpkg.json), and replace SHA512 0 with the
#    value `vcpkg install` prints on the first (failing) attempt.
#
# tests/package/scripts/vcpkg-port.cmake runs the same configure/install
# steps (it reads the OPTIONS and CONFIG_PATH from this file) and checks the
# result, so keep the calls below in the shape that script parses.

# Header-only: nothing differs between Debug and Release, build once.
set(VCPKG_BUILD_TYPE release)

if(EXISTS "${CMAKE_CURRENT_LIST_DIR}/../../../../include/fanorona/version.hpp")
  get_filename_component(SOURCE_PATH "${CMAKE_CURRENT_LIST_DIR}/../../../.." ABSOLUTE)
else()
  vcpkg_from_github(
    OUT_SOURCE_PATH SOURCE_PATH
    REPO fanorona/fanorona # placeholder: the real owner/name on GitHub
    REF "v${VERSION}"
    SHA512 0 # placeholder: the archive's SHA512, printed by vcpkg on first use
    HEAD_REF main
  )
endif()

vcpkg_cmake_configure(
  SOURCE_PATH "${SOURCE_PATH}"
  OPTIONS
    -DFANORONA_BUILD_TESTS=OFF
    -DFANORONA_BUILD_EXAMPLES=OFF
    -DFANORONA_BUILD_DOCS=OFF
    -DFANORONA_BUILD_PACKAGE_TESTS=OFF
    -DFANORONA_BUILD_FUZZERS=OFF
    -DFANORONA_BUILD_BENCHMARKS=OFF
    -DFANORONA_INSTALL=ON
)

vcpkg_cmake_install()

# fanorona installs its CMake package into share/fanorona already (it is
# architecture-independent), which is where vcpkg wants it: the fixup only
# rewrites paths.
vcpkg_cmake_config_fixup(CONFIG_PATH share/fanorona)
vcpkg_fixup_pkgconfig()

# Only headers and share/ remain; the license goes to share/fanorona/copyright.
file(REMOVE_RECURSE "${CURRENT_PACKAGES_DIR}/debug" "${CURRENT_PACKAGES_DIR}/lib")
file(REMOVE_RECURSE "${CURRENT_PACKAGES_DIR}/share/doc")
file(INSTALL "${CMAKE_CURRENT_LIST_DIR}/usage" DESTINATION "${CURRENT_PACKAGES_DIR}/share/${PORT}")
vcpkg_install_copyright(FILE_LIST "${SOURCE_PATH}/LICENSE")
