# Runs fanorona-play (or another example) with a scripted standard input and checks its
# transcript.
#
#   cmake -DPLAY=<exe> [-DINPUT=<file>] [-DARGS="a b ''"] [-DEXPECT=<file>] [-DEXIT=<status>]
#         -P run_play.cmake
#
# ARGS is split like a Unix shell command line ('' is an empty argument). INPUT is fed to
# standard input (none: empty input). EXPECT holds one literal text a line; each must appear
# in the output (standard output and error), in that order. EXIT is the expected exit status
# (default 0).
cmake_policy(VERSION 3.23)
if(NOT DEFINED EXIT)
  set(EXIT 0)
endif()
if((NOT DEFINED INPUT OR INPUT STREQUAL "") AND CMAKE_HOST_WIN32)
  set(INPUT NUL)
elseif(NOT DEFINED INPUT OR INPUT STREQUAL "")
  set(INPUT /dev/null)
endif()
separate_arguments(_args UNIX_COMMAND "${ARGS}")
# Each argument is passed as a bracket argument, so that an empty one ('' in ARGS) reaches
# the program as an empty argument: an unquoted ${_args} would drop it.
set(_command "[==[${PLAY}]==]")
foreach(_arg IN LISTS _args)
  string(APPEND _command " [==[${_arg}]==]")
endforeach()
cmake_language(EVAL CODE "
  execute_process(
    COMMAND ${_command}
    INPUT_FILE [==[${INPUT}]==]
    OUTPUT_VARIABLE _out
    ERROR_VARIABLE _out
    RESULT_VARIABLE _status
    TIMEOUT 120)")
message("${_out}")
if(NOT _status STREQUAL "${EXIT}")
  message(FATAL_ERROR "fanorona-play exited with '${_status}', expected ${EXIT}")
endif()
if(DEFINED EXPECT AND NOT EXPECT STREQUAL "")
  file(STRINGS "${EXPECT}" _expected)
  set(_rest "${_out}")
  foreach(_line IN LISTS _expected)
    string(FIND "${_rest}" "${_line}" _at)
    if(_at EQUAL -1)
      message(FATAL_ERROR "expected, in order, but not found: '${_line}'")
    endif()
    string(LENGTH "${_line}" _len)
    math(EXPR _at "${_at} + ${_len}")
    string(SUBSTRING "${_rest}" ${_at} -1 _rest)
  endforeach()
endif()
message(STATUS "fanorona-play transcript OK")
