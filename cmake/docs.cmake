# The `docs` target: Doxygen HTML reference built from include/, README.md
# and docs/*.md into <build>/docs/html (open index.html).
#
# Any Doxygen warning fails the build (WARN_AS_ERROR = FAIL_ON_WARNINGS),
# including an undocumented public entity (EXTRACT_ALL = NO,
# WARN_IF_UNDOCUMENTED = YES). Internals in namespace fanorona::detail, in
# include/fanorona/detail/ and FANORONA_DETAIL_* macros are exempt.
#
# Uses the doxygen-awesome-css theme when installed (Debian package
# `doxygen-awesome-css`), or from FANORONA_DOXYGEN_AWESOME_DIR.
#
# The diagrams of docs/rules.md are drawn by the library itself: the program
# docs/diagrams/make_diagrams.cpp reads docs/diagrams/diagrams.txt (a FEN, a
# turn and marks per diagram), checks every turn and claim against the engine
# and writes one SVG per line. The `docs` target draws them first, into
# <build>/docs/diagrams, where Doxygen finds them (IMAGE_PATH). Copies are also
# committed under docs/diagrams/ so that the Markdown shows them on a code
# host; the `docs.diagrams` test fails when a committed copy differs from a
# fresh drawing, and the `update_diagrams` target rewrites the committed
# copies. Neither needs Doxygen.
include_guard(GLOBAL)

set(FANORONA_DIAGRAMS_SOURCE_DIR "${PROJECT_SOURCE_DIR}/docs/diagrams")
set(FANORONA_DIAGRAMS_LIST "${FANORONA_DIAGRAMS_SOURCE_DIR}/diagrams.txt")
set(FANORONA_DIAGRAMS_OUTPUT_DIR "${PROJECT_BINARY_DIR}/docs/diagrams")

add_executable(fanorona_make_diagrams "${FANORONA_DIAGRAMS_SOURCE_DIR}/make_diagrams.cpp")
target_link_libraries(fanorona_make_diagrams PRIVATE fanorona::fanorona)
fanorona_project_warnings(fanorona_make_diagrams)
if(NOT BUILD_TESTING)
  # Only the docs targets need it then, and they build it themselves.
  set_target_properties(fanorona_make_diagrams PROPERTIES EXCLUDE_FROM_ALL TRUE)
endif()

add_custom_target(diagrams
  COMMAND fanorona_make_diagrams "${FANORONA_DIAGRAMS_LIST}" "${FANORONA_DIAGRAMS_OUTPUT_DIR}"
  COMMENT "Drawing the diagrams of docs/rules.md in ${FANORONA_DIAGRAMS_OUTPUT_DIR}"
  VERBATIM)
add_custom_target(update_diagrams
  COMMAND fanorona_make_diagrams "${FANORONA_DIAGRAMS_LIST}" "${FANORONA_DIAGRAMS_SOURCE_DIR}"
  COMMENT "Rewriting the committed diagrams in docs/diagrams"
  VERBATIM)

if(BUILD_TESTING)
  # `ctest -L docs`: the committed diagrams are exactly what the engine draws now.
  add_test(NAME docs.diagrams
    COMMAND fanorona_make_diagrams "${FANORONA_DIAGRAMS_LIST}" "${PROJECT_BINARY_DIR}/docs/diagrams-check"
            --compare "${FANORONA_DIAGRAMS_SOURCE_DIR}")
  set_tests_properties(docs.diagrams PROPERTIES LABELS docs)

  # A second opinion on their XML from libxml2, when installed (Debian: libxml2-utils).
  find_program(FANORONA_XMLLINT xmllint)
  mark_as_advanced(FANORONA_XMLLINT)
  file(GLOB _fanorona_committed_diagrams CONFIGURE_DEPENDS "${FANORONA_DIAGRAMS_SOURCE_DIR}/*.svg")
  if(FANORONA_XMLLINT AND _fanorona_committed_diagrams)
    add_test(NAME docs.diagrams.xmllint COMMAND "${FANORONA_XMLLINT}" --noout ${_fanorona_committed_diagrams})
    set_tests_properties(docs.diagrams.xmllint PROPERTIES LABELS docs)
  elseif(NOT FANORONA_XMLLINT)
    message(STATUS "fanorona: xmllint not found; no docs.diagrams.xmllint test (Debian: apt-get install libxml2-utils)")
  endif()
endif()

find_package(Doxygen QUIET OPTIONAL_COMPONENTS dot)
if(NOT DOXYGEN_FOUND)
  message(STATUS "fanorona: doxygen not found; no 'docs' target "
                 "(Debian: apt-get install doxygen doxygen-awesome-css graphviz)")
  return()
endif()

find_path(FANORONA_DOXYGEN_AWESOME_DIR doxygen-awesome.css
  PATHS /usr/share/doxygen-awesome-css /usr/local/share/doxygen-awesome-css
  PATH_SUFFIXES doxygen-awesome-css
  DOC "Folder holding doxygen-awesome.css (optional theme for the docs)")
mark_as_advanced(FANORONA_DOXYGEN_AWESOME_DIR)

set(FANORONA_DOXYGEN_STYLESHEETS "")
if(FANORONA_DOXYGEN_AWESOME_DIR)
  set(FANORONA_DOXYGEN_STYLESHEETS
    "\"${FANORONA_DOXYGEN_AWESOME_DIR}/doxygen-awesome.css\" \\\n    \"${FANORONA_DOXYGEN_AWESOME_DIR}/doxygen-awesome-sidebar-only.css\"")
  message(STATUS "fanorona: docs use doxygen-awesome-css from ${FANORONA_DOXYGEN_AWESOME_DIR}")
else()
  message(STATUS "fanorona: doxygen-awesome-css not found; docs use Doxygen's default theme")
endif()

if(DOXYGEN_DOT_FOUND)
  set(FANORONA_DOXYGEN_HAVE_DOT YES)
  get_filename_component(FANORONA_DOXYGEN_DOT_PATH "${DOXYGEN_DOT_EXECUTABLE}" DIRECTORY)
else()
  set(FANORONA_DOXYGEN_HAVE_DOT NO)
  set(FANORONA_DOXYGEN_DOT_PATH "")
endif()

set(FANORONA_DOCS_OUTPUT_DIR "${PROJECT_BINARY_DIR}/docs")
configure_file("${PROJECT_SOURCE_DIR}/docs/Doxyfile.in"
               "${FANORONA_DOCS_OUTPUT_DIR}/Doxyfile" @ONLY)

# Doxygen looks the Markdown images of docs/rules.md (diagrams/board.svg) up by
# name in IMAGE_PATH, the freshly drawn diagrams, and copies them next to the
# HTML; an image it cannot find would stay a dead link without a warning, so the
# last step fails the build if any page shows an image that is not there. The
# README's <img> tags (the page's screenshots, sized for GitHub) keep their
# paths, docs/images/..., relative to the main page: that folder is copied there.
add_custom_target(docs
  COMMAND "${CMAKE_COMMAND}" -E rm -rf "${FANORONA_DOCS_OUTPUT_DIR}/html"
  COMMAND Doxygen::doxygen "${FANORONA_DOCS_OUTPUT_DIR}/Doxyfile"
  COMMAND "${CMAKE_COMMAND}" -E copy_directory "${PROJECT_SOURCE_DIR}/docs/images"
          "${FANORONA_DOCS_OUTPUT_DIR}/html/docs/images"
  COMMAND "${CMAKE_COMMAND}" -D "HTML_DIR=${FANORONA_DOCS_OUTPUT_DIR}/html"
          -P "${FANORONA_DIAGRAMS_SOURCE_DIR}/check_images.cmake"
  WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
  COMMENT "Building the Doxygen reference in ${FANORONA_DOCS_OUTPUT_DIR}/html"
  VERBATIM)
add_dependencies(docs diagrams)

if(BUILD_TESTING)
  # `ctest -L docs`: the docs must build without a single warning.
  add_test(NAME docs.doxygen
    COMMAND "${CMAKE_COMMAND}" --build "${PROJECT_BINARY_DIR}" --target docs)
  set_tests_properties(docs.doxygen PROPERTIES LABELS docs RUN_SERIAL TRUE)
endif()
