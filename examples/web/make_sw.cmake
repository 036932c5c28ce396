# Writes the site's service worker (sw.js) from sw.js.in: the list of the site's files, and a
# cache name made from their contents, so that each build with a change is cached anew.
#   cmake -DSITE=<site folder> -DTEMPLATE=<sw.js.in> -P make_sw.cmake
file(GLOB_RECURSE _files RELATIVE "${SITE}" "${SITE}/*")
list(REMOVE_ITEM _files sw.js)
list(SORT _files)
set(_hashes "")
set(_list "'./'")
foreach(_file IN LISTS _files)
  file(SHA256 "${SITE}/${_file}" _hash)
  string(APPEND _hashes "${_file}:${_hash}\n")
  if(NOT _file STREQUAL "robots.txt" AND NOT _file MATCHES "\\.d\\.ts$")  # the package's types: no page asks for them
    string(APPEND _list ", '${_file}'")
  endif()
endforeach()
string(SHA256 _all "${_hashes}")
string(SUBSTRING "${_all}" 0 16 WEB_VERSION)
set(WEB_FILES "${_list}")
configure_file("${TEMPLATE}" "${SITE}/sw.js" @ONLY)
