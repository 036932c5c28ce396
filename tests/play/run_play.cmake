# Runs a program of examples/ or tools/ (fanorona-play, fanorona-match, ...) with a scripted
# standard input and checks its transcript. tests/play/transcript.cmake makes tests of it.
#
#   cmake -DPLAY=<exe> [-DINPUT=<file>] [-DARGS="a b ''"] [-DEXPECT=<file>] [-DPATTERN=<regex>]
#         [-DEXIT=<status>] [-DWORKDIR=<folder>] -P run_play.cmake
#
# ARGS is split like a Unix shell command line ('' is an empty argument). INPUT is fed to
# standard input (none: empty input). EXPECT holds one literal text a line; each must appear
# in the output (standard output and error), in that order. PATTERN is a regular expression
# the output must match. EXIT is the expected exit status (default 0). WORKDIR, made if it is
# missing, is the folder the program runs in (default: the current one).
cmake_policy(VERSION 3.23)
if(NOT DEFINED EXIT)
  set(EXIT 0)
endif()
if((NOT DEFINED INPUT OR INPUT STREQUAL "") AND CMAKE_HOST_WIN32)
  set(INPUT NUL)
elseif(NOT DEFINED INPUT OR INPUT STREQUAL "")
  set(INPUT /dev/null)
endif()
if(DEFINED WORKDIR AND NOT WORKDIR STREQUAL "")
  file(MAKE_DIRECTORY "${WORKDIR}")
else()
  set(WORKDIR ".")
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
    WORKING_DIRECTORY [==[${WORKDIR}]==]
    OUTPUT_VARIABLE _out
    ERROR_VARIABLE _out
    RESULT_VARIABLE _status
    TIMEOUT 120)")
message("${_out}")
get_filename_component(_program "${PLAY}" NAME)
if(NOT _status STREQUAL "${EXIT}")
  message(FATAL_ERROR "${_program} exited with '${_status}', expected ${EXIT}")
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
if(DEFINED PATTERN AND NOT PATTERN STREQUAL "")
  string(REGEX MATCH "${PATTERN}" _matched "${_out}")
  if(_matched STREQUAL "")
    message(FATAL_ERROR "the output does not match: '${PATTERN}'")
  endif()
endif()
message(STATUS "${_program} transcript OK")
