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
include_guard(GLOBAL)

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

add_custom_target(docs
  COMMAND "${CMAKE_COMMAND}" -E rm -rf "${FANORONA_DOCS_OUTPUT_DIR}/html"
  COMMAND Doxygen::doxygen "${FANORONA_DOCS_OUTPUT_DIR}/Doxyfile"
  WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
  COMMENT "Building the Doxygen reference in ${FANORONA_DOCS_OUTPUT_DIR}/html"
  VERBATIM)

if(BUILD_TESTING)
  # `ctest -L docs`: the docs must build without a single warning.
  add_test(NAME docs.doxygen
    COMMAND "${CMAKE_COMMAND}" --build "${PROJECT_BINARY_DIR}" --target docs)
  set_tests_properties(docs.doxygen PROPERTIES LABELS docs RUN_SERIAL TRUE)
endif()
