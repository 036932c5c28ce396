// Not compiled: the file the check must refuse (tests/CMakeLists.txt, api.no_detail_catches),
// so that the check is seen to fail when a program names the library's internals.
#include <fanorona/fanorona.hpp>

int stones(const fanorona::Position& p) { return fanorona::detail::popcount(p.own()); }
