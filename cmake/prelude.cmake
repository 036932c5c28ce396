# Included before project(): refuse in-source builds, which would litter the
# source tree with generated files (and break the package tests, which copy
# the tree).
if(CMAKE_SOURCE_DIR STREQUAL CMAKE_BINARY_DIR)
  message(FATAL_ERROR
    "In-source builds are not supported. Use a build directory, e.g.\n"
    "  cmake --preset dev        (see CMakePresets.json)\n"
    "  cmake -S . -B build\n"
    "and remove the CMakeCache.txt and CMakeFiles/ just created here.")
endif()
