# Shared by the consumer projects: build the common program against
# `fanorona::fanorona` and check what a consumer must (not) receive.
#
#   fanorona_consumer(<target>)
#
# Inputs (cache variables set by the test driver):
#   FANORONA_EXPECTED_VERSION  the version the headers must report
cmake_minimum_required(VERSION 3.14)

set(FANORONA_EXPECTED_VERSION "" CACHE STRING "Version the consumer expects")
if(FANORONA_EXPECTED_VERSION STREQUAL "")
  message(FATAL_ERROR "set FANORONA_EXPECTED_VERSION")
endif()

set(_fanorona_common_dir "${CMAKE_CURRENT_LIST_DIR}")

function(fanorona_consumer target)
  if(NOT TARGET fanorona::fanorona)
    message(FATAL_ERROR "consumer: target fanorona::fanorona is missing")
  endif()

  # Our strict warnings are for our own targets only: nothing may leak
  # through the library's usage requirements.
  foreach(prop IN ITEMS INTERFACE_COMPILE_OPTIONS INTERFACE_COMPILE_DEFINITIONS
                        INTERFACE_LINK_OPTIONS INTERFACE_LINK_LIBRARIES)
    get_target_property(value fanorona::fanorona ${prop})
    if(value)
      message(FATAL_ERROR "consumer: fanorona::fanorona leaks ${prop} = '${value}'")
    endif()
  endforeach()
  get_target_property(features fanorona::fanorona INTERFACE_COMPILE_FEATURES)
  if(NOT "cxx_std_17" IN_LIST features)
    message(FATAL_ERROR "consumer: fanorona::fanorona should require cxx_std_17, has '${features}'")
  endif()

  add_executable(${target} "${_fanorona_common_dir}/consumer.cpp")
  target_link_libraries(${target} PRIVATE fanorona::fanorona)
  target_compile_definitions(${target} PRIVATE
    "FANORONA_EXPECTED_VERSION=\"${FANORONA_EXPECTED_VERSION}\"")
  # A consumer with ordinary strict flags must build cleanly.
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror)
  endif()
endfunction()
