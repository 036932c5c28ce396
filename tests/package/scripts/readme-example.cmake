# Compiles and runs the example in README.md, so the front page never shows
# code that does not build. The example is the ```cpp fenced block between
#   <!-- readme-example-begin -->   and   <!-- readme-example-end -->
#
#   cmake -DREADME=<README.md> -DINCLUDE_DIR=<src>/include -DCXX_COMPILER=...
#         -DBINARY_DIR=<dir> -P readme-example.cmake
cmake_minimum_required(VERSION 3.22)
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
fanorona_require(README INCLUDE_DIR CXX_COMPILER BINARY_DIR)

if(NOT EXISTS "${README}")
  message(FATAL_ERROR "${README} does not exist")
endif()
file(READ "${README}" text)
set(begin_marker "<!-- readme-example-begin -->")
set(end_marker "<!-- readme-example-end -->")
string(FIND "${text}" "${begin_marker}" begin)
string(FIND "${text}" "${end_marker}" end)
if(begin EQUAL -1 OR end EQUAL -1 OR end LESS begin)
  message(FATAL_ERROR "README.md must hold the example between '${begin_marker}' and '${end_marker}'")
endif()
string(LENGTH "${begin_marker}" marker_length)
math(EXPR begin "${begin} + ${marker_length}")
math(EXPR length "${end} - ${begin}")
string(SUBSTRING "${text}" ${begin} ${length} section)

string(FIND "${section}" "```cpp" fence)
if(fence EQUAL -1)
  string(FIND "${section}" "```c++" fence)
endif()
if(fence EQUAL -1)
  message(FATAL_ERROR "no ```cpp fenced block between the README example markers")
endif()
string(SUBSTRING "${section}" ${fence} -1 section)
string(FIND "${section}" "\n" newline)
math(EXPR newline "${newline} + 1")
string(SUBSTRING "${section}" ${newline} -1 section)
string(FIND "${section}" "```" close)
if(close EQUAL -1)
  message(FATAL_ERROR "the README example's fenced block is not closed")
endif()
string(SUBSTRING "${section}" 0 ${close} code)

file(REMOVE_RECURSE "${BINARY_DIR}")
file(MAKE_DIRECTORY "${BINARY_DIR}")
file(WRITE "${BINARY_DIR}/readme_example.cpp" "${code}")
message(STATUS "extracted ${BINARY_DIR}/readme_example.cpp")
fanorona_run(COMMAND "${CXX_COMPILER}" -std=c++17 -Wall -Wextra -Wpedantic -Werror
                     -I "${INCLUDE_DIR}" "${BINARY_DIR}/readme_example.cpp"
                     -o "${BINARY_DIR}/readme_example")
fanorona_run(COMMAND "${BINARY_DIR}/readme_example" TIMEOUT 120 WORKING_DIRECTORY "${BINARY_DIR}")
