# Helpers for the consumer-test drivers (run with `cmake -P`).
cmake_minimum_required(VERSION 3.22)
include_guard(GLOBAL)

# Arguments given after `--` on the `cmake -P <script> -- ...` command line.
function(fanorona_script_args out_var)
  set(_args "")
  set(_seen FALSE)
  math(EXPR _last "${CMAKE_ARGC} - 1")
  foreach(i RANGE 0 ${_last})
    if(_seen)
      list(APPEND _args "${CMAKE_ARGV${i}}")
    elseif(CMAKE_ARGV${i} STREQUAL "--")
      set(_seen TRUE)
    endif()
  endforeach()
  set(${out_var} "${_args}" PARENT_SCOPE)
endfunction()

# fanorona_require(<var>...): fail unless each variable is set and non-empty.
macro(fanorona_require)
  foreach(_var ${ARGN})
    if(NOT DEFINED ${_var} OR "${${_var}}" STREQUAL "")
      message(FATAL_ERROR "${CMAKE_SCRIPT_MODE_FILE}: -D${_var}=... is required")
    endif()
  endforeach()
endmacro()

# fanorona_run(COMMAND <cmd>... [WORKING_DIRECTORY <dir>] [EXPECT_FAILURE]
#              [OUTPUT_VARIABLE <var>] [TIMEOUT <s>])
# Runs a command, echoing it and its output; fails the script if it fails
# (or, with EXPECT_FAILURE, if it succeeds).
function(fanorona_run)
  cmake_parse_arguments(PARSE_ARGV 0 R "EXPECT_FAILURE" "WORKING_DIRECTORY;OUTPUT_VARIABLE;TIMEOUT" "COMMAND")
  if(NOT R_WORKING_DIRECTORY)
    set(R_WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  if(NOT R_TIMEOUT)
    set(R_TIMEOUT 600)
  endif()
  list(JOIN R_COMMAND " " _shown)
  message(STATUS "$ ${_shown}")
  execute_process(COMMAND ${R_COMMAND}
    WORKING_DIRECTORY "${R_WORKING_DIRECTORY}"
    RESULT_VARIABLE _rc
    OUTPUT_VARIABLE _out
    ERROR_VARIABLE _out
    TIMEOUT ${R_TIMEOUT})
  if(_out)
    string(STRIP "${_out}" _shown_out)
    message("${_shown_out}")
  endif()
  if(R_EXPECT_FAILURE)
    if(_rc EQUAL 0)
      message(FATAL_ERROR "command succeeded but was expected to fail: ${_shown}")
    endif()
  elseif(NOT _rc EQUAL 0)
    message(FATAL_ERROR "command failed (${_rc}): ${_shown}")
  endif()
  if(R_OUTPUT_VARIABLE)
    set(${R_OUTPUT_VARIABLE} "${_out}" PARENT_SCOPE)
  endif()
endfunction()

# fanorona_consumer_project(SOURCE_DIR <dir> BINARY_DIR <dir> [EXPECT_CONFIGURE_FAILURE <regex>]
#                           [EXECUTABLE <name>] [ARGS <cmake -D args>...])
# Configures, builds and runs (executable <name>, default `consumer`) a consumer project,
# with the compiler and generator of the build that registered the test.
function(fanorona_consumer_project)
  cmake_parse_arguments(PARSE_ARGV 0 P "" "SOURCE_DIR;BINARY_DIR;EXPECT_CONFIGURE_FAILURE;EXECUTABLE" "ARGS")
  if(NOT P_EXECUTABLE)
    set(P_EXECUTABLE consumer)
  endif()
  fanorona_require(CXX_COMPILER GENERATOR)
  file(REMOVE_RECURSE "${P_BINARY_DIR}")
  set(_configure "${CMAKE_COMMAND}" -S "${P_SOURCE_DIR}" -B "${P_BINARY_DIR}"
      -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" -DCMAKE_BUILD_TYPE=Release
      -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON ${P_ARGS})
  if(P_EXPECT_CONFIGURE_FAILURE)
    fanorona_run(COMMAND ${_configure} EXPECT_FAILURE OUTPUT_VARIABLE _out)
    if(NOT _out MATCHES "${P_EXPECT_CONFIGURE_FAILURE}")
      message(FATAL_ERROR "configure failed, but not with a message matching "
                          "'${P_EXPECT_CONFIGURE_FAILURE}'")
    endif()
    message(STATUS "configure failed as expected")
    return()
  endif()
  fanorona_run(COMMAND ${_configure})
  fanorona_run(COMMAND "${CMAKE_COMMAND}" --build "${P_BINARY_DIR}" --config Release)
  foreach(_exe IN ITEMS "${P_BINARY_DIR}/${P_EXECUTABLE}" "${P_BINARY_DIR}/Release/${P_EXECUTABLE}"
                        "${P_BINARY_DIR}/${P_EXECUTABLE}.exe" "${P_BINARY_DIR}/Release/${P_EXECUTABLE}.exe")
    if(EXISTS "${_exe}")
      fanorona_run(COMMAND "${_exe}" TIMEOUT 120)
      return()
    endif()
  endforeach()
  message(FATAL_ERROR "no '${P_EXECUTABLE}' executable was built in ${P_BINARY_DIR}")
endfunction()
