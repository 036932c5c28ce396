# Programs built on the library use its public API only: no source file under the given
# folders names `detail::` (the library's internals, which change without notice).
#
#   cmake -DROOT=<source dir> -DFOLDERS=examples,tools,bindings [-DALLOWED=<file>] -P check_no_detail.cmake
#
# ALLOWED lists the uses still waiting for a public entry, one a line: a path relative to
# ROOT, a space, and the name used (`detail::max_search_depth`); `#` starts a comment. Every
# use not listed fails the check, and so does every listed one that is gone, so that the list
# only shrinks.
cmake_policy(VERSION 3.23)
string(REPLACE "," ";" FOLDERS "${FOLDERS}")

set(_allowed "")
if(DEFINED ALLOWED AND EXISTS "${ALLOWED}")
  file(STRINGS "${ALLOWED}" _lines)
  foreach(_line IN LISTS _lines)
    string(REGEX REPLACE "#.*" "" _line "${_line}")
    string(STRIP "${_line}" _line)
    if(NOT _line STREQUAL "")
      list(APPEND _allowed "${_line}")
    endif()
  endforeach()
endif()

set(_found "")
set(_failures "")
foreach(_folder IN LISTS FOLDERS)
  file(GLOB_RECURSE _files RELATIVE "${ROOT}"
    "${ROOT}/${_folder}/*.cpp" "${ROOT}/${_folder}/*.hpp" "${ROOT}/${_folder}/*.h" "${ROOT}/${_folder}/*.cc"
    "${ROOT}/${_folder}/*.py" "${ROOT}/${_folder}/*.js" "${ROOT}/${_folder}/*.mjs" "${ROOT}/${_folder}/*.ts")
  list(FILTER _files EXCLUDE REGEX "(^|/)node_modules/|(^|/)build/|(^|/)dist/")
  foreach(_file IN LISTS _files)
    file(STRINGS "${ROOT}/${_file}" _matches REGEX "detail::")
    foreach(_text IN LISTS _matches)
      string(REGEX MATCHALL "detail::[A-Za-z_][A-Za-z0-9_]*" _names "${_text}")
      foreach(_name IN LISTS _names)
        list(APPEND _found "${_file} ${_name}")
        if(NOT "${_file} ${_name}" IN_LIST _allowed)
          list(APPEND _failures "${_file}: names ${_name}")
        endif()
      endforeach()
    endforeach()
  endforeach()
endforeach()

foreach(_entry IN LISTS _allowed)
  if(NOT _entry IN_LIST _found)
    list(APPEND _failures "${ALLOWED}: '${_entry}' is no longer used: remove it from the list")
  endif()
endforeach()

if(_failures)
  list(JOIN _failures "\n  " _report)
  message(FATAL_ERROR "internals named outside the library (use the public API):\n  ${_report}")
endif()
list(LENGTH _allowed _waiting)
message(STATUS "no detail:: in ${FOLDERS} (${_waiting} listed use(s) waiting for a public entry)")
