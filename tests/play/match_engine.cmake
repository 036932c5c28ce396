# fanorona-match with one side played by fanorona-engine through its standard streams gives
# the same games as with that side played in the same process: the protocol loses nothing
# (the position, the repetitions, the seed of each game).
#
#   cmake -DMATCH=<fanorona-match> -DENGINE=<fanorona-engine> -P match_engine.cmake
cmake_policy(VERSION 3.23)
set(_args --games 4 --seed 1 --verbose)
execute_process(COMMAND "${MATCH}" --a 3 --b 3 ${_args}
  OUTPUT_VARIABLE _direct RESULT_VARIABLE _direct_status TIMEOUT 120)
execute_process(COMMAND "${MATCH}" --a 3 --b "engine:'${ENGINE}' --level 3 --hash 4" ${_args}
  OUTPUT_VARIABLE _engine ERROR_VARIABLE _engine_error RESULT_VARIABLE _engine_status TIMEOUT 120)
message("in process:\n${_direct}\nthrough the engine:\n${_engine}${_engine_error}")
if(NOT _direct_status EQUAL 0 OR NOT _engine_status EQUAL 0)
  message(FATAL_ERROR "fanorona-match exited with '${_direct_status}' and '${_engine_status}'")
endif()
# The players' names differ ("3 vs 3" and "3 vs engine:..."); every game and the score must not.
string(REPLACE "3 vs 3: 4 games" "4 games" _direct "${_direct}")
string(REGEX REPLACE "3 vs engine:[^\n]*: 4 games" "4 games" _engine "${_engine}")
if(NOT _direct STREQUAL _engine)
  message(FATAL_ERROR "the games through the engine differ from those in process")
endif()
string(REGEX MATCH "game 4: " _fourth "${_engine}")
if(NOT _fourth)
  message(FATAL_ERROR "fanorona-match did not report four games")
endif()
message(STATUS "the same four games in process and through the engine")
