// Includes Catch2 whichever major version the build found: Debian 12 ships 2.13, other
// platforms and FetchContent give 3.x.
#ifndef FANORONA_TESTS_CATCH_HPP
#define FANORONA_TESTS_CATCH_HPP
#if __has_include(<catch2/catch_test_macros.hpp>)
#include <catch2/catch_test_macros.hpp>
#else
#include <catch2/catch.hpp>
#endif
#endif
