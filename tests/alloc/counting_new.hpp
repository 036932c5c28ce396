// The global operator new replaced by one that counts while `counting` is set, for the
// no-allocation programs. Include it in exactly one translation unit of a program: the
// replacement operators are the program's own.
#ifndef FANORONA_TESTS_ALLOC_COUNTING_NEW_HPP
#define FANORONA_TESTS_ALLOC_COUNTING_NEW_HPP

#include <cstdlib>
#include <new>

namespace {
std::size_t allocations = 0;
bool counting = false;
}  // namespace

void* operator new(std::size_t size) {
  if (counting) ++allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  std::abort();
}
void* operator new[](std::size_t size) { return operator new(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

#endif  // FANORONA_TESTS_ALLOC_COUNTING_NEW_HPP
