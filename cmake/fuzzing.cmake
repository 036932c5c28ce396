# fanorona_add_fuzzer(<name> <source>...)
#
# Adds a libFuzzer target (needs Clang) linked to fanorona::fanorona, built
# with -fsanitize=fuzzer plus AddressSanitizer and UBSan, and with the
# project's warnings. With another compiler it prints a message and adds
# nothing, so FANORONA_BUILD_FUZZERS=ON never breaks a GCC configure.
#
# Typical run (the `fuzz` preset builds with clang++):
#   cmake --preset fuzz && cmake --build --preset fuzz
#   build/fuzz/<dir>/<name> -max_total_time=60 <corpus-dir>
include_guard(GLOBAL)

function(fanorona_add_fuzzer name)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(STATUS "fanorona: fuzzer '${name}' skipped: libFuzzer needs Clang "
                   "(configure with the 'fuzz' preset)")
    return()
  endif()
  add_executable("${name}" ${ARGN})
  target_link_libraries("${name}" PRIVATE fanorona::fanorona)
  set(_flags -fsanitize=fuzzer,address,undefined -fno-omit-frame-pointer
             -fno-sanitize-recover=all)
  target_compile_options("${name}" PRIVATE ${_flags} -g)
  target_link_options("${name}" PRIVATE ${_flags})
  fanorona_project_warnings("${name}")
endfunction()
