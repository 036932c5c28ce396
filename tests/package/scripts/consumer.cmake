# Builds and runs one consumer project (see common.cmake).
#
#   cmake -DCXX_COMPILER=... -DGENERATOR=... -DSOURCE_DIR=<consumer> -DBINARY_DIR=<dir>
#         [-DEXPECT_CONFIGURE_FAILURE=<regex>] [-DEXECUTABLE=<name>] -P consumer.cmake -- <-D args for the consumer>...
cmake_minimum_required(VERSION 3.22)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
fanorona_require(SOURCE_DIR BINARY_DIR)
fanorona_script_args(args)
if(NOT DEFINED EXPECT_CONFIGURE_FAILURE)
  set(EXPECT_CONFIGURE_FAILURE "")
endif()
if(NOT DEFINED EXECUTABLE)
  set(EXECUTABLE consumer)
endif()
fanorona_consumer_project(SOURCE_DIR "${SOURCE_DIR}" BINARY_DIR "${BINARY_DIR}"
  EXPECT_CONFIGURE_FAILURE "${EXPECT_CONFIGURE_FAILURE}" EXECUTABLE "${EXECUTABLE}" ARGS ${args})
