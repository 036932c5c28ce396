# Emulates what vcpkg does with cmake/vcpkg/ports/fanorona (vcpkg itself is
# not available offline): configure with the portfile's OPTIONS and the
# settings vcpkg_cmake_configure adds, build the `install` target, apply the
# checks vcpkg_cmake_config_fixup and vcpkg's post-build lint would make, and
# build a find_package consumer against the resulting package folder.
#
#   cmake -DFANORONA_SOURCE_DIR=<src> -DFANORONA_VERSION=x.y.z -DWORK_DIR=<dir>
#         -DCXX_COMPILER=... -DGENERATOR=... -DCONSUMER_DIR=<find-package consumer>
#         -P vcpkg-port.cmake
cmake_minimum_required(VERSION 3.22)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
fanorona_require(FANORONA_SOURCE_DIR FANORONA_VERSION WORK_DIR CONSUMER_DIR CXX_COMPILER GENERATOR)

set(PORT fanorona)
set(port_dir "${FANORONA_SOURCE_DIR}/cmake/vcpkg/ports/${PORT}")
file(READ "${port_dir}/portfile.cmake" portfile)
file(READ "${port_dir}/vcpkg.json" manifest)

# ---- vcpkg.json ------------------------------------------------------------
string(JSON name GET "${manifest}" name)
string(JSON version GET "${manifest}" version)
string(JSON license GET "${manifest}" license)
if(NOT name STREQUAL PORT)
  message(FATAL_ERROR "vcpkg.json name is '${name}', expected '${PORT}'")
endif()
if(NOT version STREQUAL FANORONA_VERSION)
  message(FATAL_ERROR "vcpkg.json version ${version} != version.hpp ${FANORONA_VERSION}")
endif()
if(NOT license STREQUAL "MIT")
  message(FATAL_ERROR "vcpkg.json license is '${license}', expected MIT")
endif()
string(JSON ndeps LENGTH "${manifest}" dependencies)
set(host_deps "")
math(EXPR last "${ndeps} - 1")
foreach(i RANGE ${last})
  string(JSON dep_name GET "${manifest}" dependencies ${i} name)
  string(JSON dep_host ERROR_VARIABLE dep_err GET "${manifest}" dependencies ${i} host)
  if(dep_host)
    list(APPEND host_deps "${dep_name}")
  endif()
endforeach()
foreach(dep IN ITEMS vcpkg-cmake vcpkg-cmake-config)
  if(NOT dep IN_LIST host_deps)
    message(FATAL_ERROR "vcpkg.json must list ${dep} as a host dependency")
  endif()
endforeach()

# ---- portfile.cmake ----------------------------------------------------------
if(NOT portfile MATCHES "\nset\\(VCPKG_BUILD_TYPE release\\)")
  message(FATAL_ERROR "header-only port should set(VCPKG_BUILD_TYPE release)")
endif()
if(NOT portfile MATCHES "vcpkg_cmake_configure\\(([^)]*)\\)")
  message(FATAL_ERROR "no vcpkg_cmake_configure(...) call in the portfile")
endif()
string(REGEX MATCHALL "-D[A-Za-z0-9_]+=[^ \t\r\n)]+" port_options "${CMAKE_MATCH_1}")
if(NOT portfile MATCHES "vcpkg_cmake_config_fixup\\(([^)]*)\\)")
  message(FATAL_ERROR "no vcpkg_cmake_config_fixup(...) call in the portfile")
endif()
set(fixup_args "${CMAKE_MATCH_1}")
if(NOT fixup_args MATCHES "CONFIG_PATH[ \t\r\n]+\"?([^\" \t\r\n]+)")
  message(FATAL_ERROR "vcpkg_cmake_config_fixup has no CONFIG_PATH")
endif()
string(REPLACE "\${PORT}" "${PORT}" config_path "${CMAKE_MATCH_1}")
foreach(call IN ITEMS vcpkg_cmake_install vcpkg_install_copyright)
  if(NOT portfile MATCHES "${call}\\(")
    message(FATAL_ERROR "the portfile does not call ${call}()")
  endif()
endforeach()
message(STATUS "portfile options: ${port_options}")
message(STATUS "portfile CONFIG_PATH: ${config_path}")

# ---- vcpkg_cmake_configure + vcpkg_cmake_install ----------------------------
set(build_dir "${WORK_DIR}/buildtrees/x64-linux-rel")
set(pkg_dir "${WORK_DIR}/packages/${PORT}_x64-linux")
file(REMOVE_RECURSE "${WORK_DIR}")
fanorona_run(COMMAND "${CMAKE_COMMAND}" -S "${FANORONA_SOURCE_DIR}" -B "${build_dir}"
  -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" -DCMAKE_BUILD_TYPE=Release
  # What vcpkg_cmake_configure passes to every port:
  --no-warn-unused-cli
  "-DCMAKE_INSTALL_PREFIX=${pkg_dir}" -DCMAKE_INSTALL_LIBDIR:STRING=lib
  -DCMAKE_INSTALL_BINDIR:STRING=bin -DFETCHCONTENT_FULLY_DISCONNECTED=ON
  -DCMAKE_EXPORT_NO_PACKAGE_REGISTRY=ON -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON
  -DCMAKE_FIND_PACKAGE_NO_SYSTEM_PACKAGE_REGISTRY=ON
  -DCMAKE_ERROR_ON_ABSOLUTE_INSTALL_DESTINATION=ON
  ${port_options})
fanorona_run(COMMAND "${CMAKE_COMMAND}" --build "${build_dir}" --config Release --target install)

# ---- vcpkg_cmake_config_fixup(CONFIG_PATH ...) -------------------------------
# The fixup moves <CONFIG_PATH> to share/${PORT}; we install there directly.
if(NOT config_path STREQUAL "share/${PORT}")
  message(FATAL_ERROR "CONFIG_PATH is '${config_path}'; fanorona installs its config "
                      "into share/${PORT} and the port should say so")
endif()
foreach(file IN ITEMS fanoronaConfig.cmake fanoronaConfigVersion.cmake fanoronaTargets.cmake)
  if(NOT EXISTS "${pkg_dir}/${config_path}/${file}")
    message(FATAL_ERROR "${config_path}/${file} not installed where the port expects it")
  endif()
endforeach()

# ---- the rest of the portfile, then vcpkg's post-build checks -------------------
file(REMOVE_RECURSE "${pkg_dir}/debug" "${pkg_dir}/lib" "${pkg_dir}/share/doc")
if(NOT EXISTS "${FANORONA_SOURCE_DIR}/LICENSE")
  message(FATAL_ERROR "vcpkg_install_copyright needs ${FANORONA_SOURCE_DIR}/LICENSE")
endif()
file(INSTALL "${FANORONA_SOURCE_DIR}/LICENSE" DESTINATION "${pkg_dir}/share/${PORT}")
file(RENAME "${pkg_dir}/share/${PORT}/LICENSE" "${pkg_dir}/share/${PORT}/copyright")
file(INSTALL "${port_dir}/usage" DESTINATION "${pkg_dir}/share/${PORT}")

file(READ "${port_dir}/usage" usage)
foreach(needle IN ITEMS "find_package(fanorona CONFIG REQUIRED)" "fanorona::fanorona")
  string(FIND "${usage}" "${needle}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "usage file does not mention '${needle}'")
  endif()
endforeach()

file(GLOB top_level RELATIVE "${pkg_dir}" "${pkg_dir}/*")
list(SORT top_level)
if(NOT top_level STREQUAL "include;share")
  message(FATAL_ERROR "package folder should hold only include/ and share/, holds: ${top_level}")
endif()
if(NOT EXISTS "${pkg_dir}/include/fanorona/fanorona.hpp")
  message(FATAL_ERROR "include/fanorona/fanorona.hpp not installed")
endif()
# vcpkg rejects packages whose files embed the build machine's paths.
file(GLOB_RECURSE share_files "${pkg_dir}/share/*")
foreach(file IN LISTS share_files)
  file(READ "${file}" content)
  foreach(path IN ITEMS "${pkg_dir}" "${build_dir}" "${FANORONA_SOURCE_DIR}")
    string(FIND "${content}" "${path}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "${file} contains the absolute path ${path}")
    endif()
  endforeach()
endforeach()

# ---- a consumer, as vcpkg's toolchain would point it at the installed tree -----
fanorona_consumer_project(SOURCE_DIR "${CONSUMER_DIR}" BINARY_DIR "${WORK_DIR}/consumer"
  ARGS "-DCMAKE_PREFIX_PATH=${pkg_dir}" "-DFANORONA_EXPECTED_PREFIX=${pkg_dir}"
       "-DFANORONA_EXPECTED_VERSION=${FANORONA_VERSION}")
message(STATUS "vcpkg port emulation OK: ${pkg_dir}")
