# fanorona_project_warnings(<target> [<target>...])
#
# Strict warnings for the project's own test, example, benchmark and fuzz
# targets: -Wall -Wextra -Wpedantic -Wconversion -Wshadow (and -Werror, below) with GCC
# and Clang (/W4 /permissive- /WX with MSVC). They are added PRIVATE, so they never reach the `fanorona` target's
# usage requirements and consumers never see them.
#
# FANORONA_WARNINGS_AS_ERRORS adds -Werror (/WX). It is OFF by default, so that a plain
# `cmake -S . -B build` with a compiler newer than ours, which may bring new warnings, still
# builds; the presets (CMakePresets.json) and CI turn it ON.
option(FANORONA_WARNINGS_AS_ERRORS "Treat warnings as errors in fanorona's own targets" OFF)
mark_as_advanced(FANORONA_WARNINGS_AS_ERRORS)

function(fanorona_project_warnings)
  foreach(target IN LISTS ARGN)
    if(NOT TARGET "${target}")
      message(FATAL_ERROR "fanorona_project_warnings: no target named '${target}'")
    endif()
    get_target_property(_type "${target}" TYPE)
    if(_type STREQUAL "INTERFACE_LIBRARY")
      message(FATAL_ERROR
        "fanorona_project_warnings: '${target}' is an INTERFACE library; "
        "warnings would leak to its consumers")
    endif()
    target_compile_options("${target}" PRIVATE
      $<$<OR:$<CXX_COMPILER_ID:GNU>,$<CXX_COMPILER_ID:Clang>,$<CXX_COMPILER_ID:AppleClang>>:
        -Wall -Wextra -Wpedantic -Wconversion -Wshadow
        $<$<BOOL:${FANORONA_WARNINGS_AS_ERRORS}>:-Werror>>
      $<$<CXX_COMPILER_ID:MSVC>:/W4 /permissive- $<$<BOOL:${FANORONA_WARNINGS_AS_ERRORS}>:/WX>>)
  endforeach()
endfunction()
