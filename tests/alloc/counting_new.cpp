// The replacement global allocation functions of counting_new.hpp: malloc and free, and a
// count of the allocations made while `counting` is set.
#include "counting_new.hpp"

#include <cstdlib>
#include <new>

std::size_t allocations = 0;
bool counting = false;

void* operator new(std::size_t size) {
  if (counting) ++allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  std::abort();  // the programs built with this file never expect to run out of memory
}
void* operator new[](std::size_t size) { return operator new(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
