// The global operator new replaced by one that counts while `counting` is set, for the
// no-allocation programs. The replacement operators are defined in counting_new.cpp, which
// each such program links (once: they are the program's own).
//
// They live in a translation unit of their own so that no replacement operator is ever inlined
// into its caller: GCC 12, seeing `operator new` and the `free` of an inlined `operator delete`
// meet on one pointer, warns -Wmismatched-new-delete (the pair is matched, but only the
// replacement's bodies say so).
#ifndef FANORONA_TESTS_ALLOC_COUNTING_NEW_HPP
#define FANORONA_TESTS_ALLOC_COUNTING_NEW_HPP

#include <cstddef>

/// The number of calls to the global operator new (and new[]) while `counting` was true.
extern std::size_t allocations;
/// Set to count allocations; counting_new.cpp's operator new reads it.
extern bool counting;

#endif  // FANORONA_TESTS_ALLOC_COUNTING_NEW_HPP
