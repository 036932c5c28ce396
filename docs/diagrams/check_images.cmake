# cmake -D HTML_DIR=<build>/docs/html -P check_images.cmake
#
# Run by the `docs` target after Doxygen: every <img> and <object> of the HTML
# reference must point to a file that exists, so a diagram the rules page shows
# can never be a broken link. Addresses with a scheme (https:, data:) are skipped.
if(NOT HTML_DIR OR NOT IS_DIRECTORY "${HTML_DIR}")
  message(FATAL_ERROR "check_images.cmake: HTML_DIR='${HTML_DIR}' is not a folder")
endif()

file(GLOB pages "${HTML_DIR}/*.html")
set(missing "")
set(checked 0)
foreach(page IN LISTS pages)
  file(READ "${page}" html)
  string(REGEX MATCHALL "<(img|object)[^>]*(src|data)=\"[^\"]*\"" tags "${html}")
  foreach(tag IN LISTS tags)
    string(REGEX REPLACE ".*(src|data)=\"([^\"]*)\"$" "\\2" target "${tag}")
    if(target MATCHES "^[a-zA-Z][a-zA-Z0-9+.-]*:")
      continue()
    endif()
    string(REGEX REPLACE "[?#].*$" "" target "${target}")
    math(EXPR checked "${checked} + 1")
    get_filename_component(page_dir "${page}" DIRECTORY)
    if(NOT EXISTS "${page_dir}/${target}")
      get_filename_component(page_name "${page}" NAME)
      list(APPEND missing "${page_name}: ${target}")
    endif()
  endforeach()
endforeach()

if(missing)
  list(JOIN missing "\n  " lines)
  message(FATAL_ERROR "images of the HTML reference that do not exist:\n  ${lines}")
endif()
message(STATUS "check_images: ${checked} images of the HTML reference all exist")
