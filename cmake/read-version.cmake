# fanorona_read_version(<header> <out-var>)
#
# Reads FANORONA_VERSION_MAJOR/MINOR/PATCH from include/fanorona/version.hpp,
# the single source of truth for the release number, and stores "X.Y.Z" in
# <out-var>.  Used before project() by the top-level CMakeLists.txt and by the
# consumer-test scripts (cmake -P), so it must not depend on project state.
function(fanorona_read_version header out_var)
  if(NOT EXISTS "${header}")
    message(FATAL_ERROR "fanorona: version header not found: ${header}")
  endif()
  file(STRINGS "${header}" _lines REGEX "^#define FANORONA_VERSION_(MAJOR|MINOR|PATCH) +[0-9]+ *$")
  set(_parts "")
  foreach(_part IN ITEMS MAJOR MINOR PATCH)
    set(_value "")
    foreach(_line IN LISTS _lines)
      if(_line MATCHES "^#define FANORONA_VERSION_${_part} +([0-9]+) *$")
        set(_value "${CMAKE_MATCH_1}")
      endif()
    endforeach()
    if(_value STREQUAL "")
      message(FATAL_ERROR "fanorona: could not read FANORONA_VERSION_${_part} from ${header}")
    endif()
    list(APPEND _parts "${_value}")
  endforeach()
  list(JOIN _parts "." _version)
  set("${out_var}" "${_version}" PARENT_SCOPE)
endfunction()
