# Runs fanorona-play with a scripted standard input and checks its transcript.
#
#   cmake -DPLAY=<exe> [-DINPUT=<file>] [-DARGS=a;b;c] [-DEXPECT=<file>] [-DEXIT=<status>]
#         -P run_play.cmake
#
# INPUT is fed to standard input (none: empty input). EXPECT holds one literal text a line;
# each must appear in the output (standard output and error), in that order. EXIT is the
# expected exit status (default 0).
if(NOT DEFINED EXIT)
  set(EXIT 0)
endif()
if(NOT DEFINED INPUT OR INPUT STREQUAL "")
  set(INPUT /dev/null)
endif()
separate_arguments(_args UNIX_COMMAND "${ARGS}")
execute_process(
  COMMAND "${PLAY}" ${_args}
  INPUT_FILE "${INPUT}"
  OUTPUT_VARIABLE _out
  ERROR_VARIABLE _out
  RESULT_VARIABLE _status
  TIMEOUT 120)
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
