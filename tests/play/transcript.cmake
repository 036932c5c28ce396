# fanorona_transcript_test: one ctest test that runs a program of examples/ or tools/ and
# checks what it prints and how it exits (tests/play/run_play.cmake does the run).
#
#   fanorona_transcript_test(<test name> <target>
#     [ARGS "a b ''"]        the command line, split like a Unix shell's ('' is an empty argument)
#     [INPUT <file>]         fed to standard input (default: none)
#     [EXPECT <file>]        literal texts, one a line, that must appear in the output in order
#     [MATCHES <regex>]      a regular expression the output must match
#     [EXIT <status>]        the expected exit status (default 0)
#     [FIXTURES_SETUP <f>] [FIXTURES_REQUIRED <f>])
#
# Every test gives EXPECT or MATCHES or both: a test that checks only the exit status passes
# on a program that prints nothing useful. The output is standard output and standard error
# together. Every such test runs in one folder of the build tree, so that files one program
# writes (game records, tables) can be read by the next (fixtures order them).
include_guard(GLOBAL)

function(fanorona_transcript_test name target)
  cmake_parse_arguments(PARSE_ARGV 2 T "" "ARGS;INPUT;EXPECT;MATCHES;EXIT;FIXTURES_SETUP;FIXTURES_REQUIRED" "")
  if(T_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "fanorona_transcript_test(${name}): unknown arguments ${T_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT T_EXPECT AND NOT T_MATCHES)
    message(FATAL_ERROR "fanorona_transcript_test(${name}): give EXPECT or MATCHES: check the output, not only the exit status")
  endif()
  if(NOT DEFINED T_EXIT)
    set(T_EXIT 0)
  endif()
  add_test(NAME ${name}
    COMMAND "${CMAKE_COMMAND}" "-DPLAY=$<TARGET_FILE:${target}>" "-DARGS=${T_ARGS}" "-DINPUT=${T_INPUT}"
            "-DEXPECT=${T_EXPECT}" "-DPATTERN=${T_MATCHES}" "-DEXIT=${T_EXIT}"
            "-DWORKDIR=${PROJECT_BINARY_DIR}/program-runs" -P "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/run_play.cmake")
  foreach(_kind SETUP REQUIRED)
    if(T_FIXTURES_${_kind})
      set_tests_properties(${name} PROPERTIES FIXTURES_${_kind} "${T_FIXTURES_${_kind}}")
    endif()
  endforeach()
endfunction()

# fanorona_refusal_tests(<test prefix> <target> <expect prefix> <exit> "<name>|<args>"...):
# one test per case, <test prefix>_<name>, running <target> with <args> and expecting exit
# status <exit> and the texts of tests/play/<expect prefix>_<name>.expect (bad input gets
# its message).
function(fanorona_refusal_tests prefix target expect_prefix exit_status)
  foreach(_case IN LISTS ARGN)
    string(REPLACE "|" ";" _case "${_case}")
    list(GET _case 0 _name)
    list(GET _case 1 _args)
    fanorona_transcript_test(${prefix}_${_name} ${target} ARGS "${_args}"
      EXPECT "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${expect_prefix}_${_name}.expect" EXIT ${exit_status})
  endforeach()
endfunction()
