// Conan test_package: the package's headers compile, link and work.
// SPDX-License-Identifier: MIT
#include <fanorona/fanorona.hpp>

#include <cstdint>
#include <cstdio>

int main() {
    const auto start = fanorona::Position::initial();
    const std::uint64_t nodes = fanorona::perft(start, 2);
    std::printf("fanorona %s: %s perft(2) = %llu\n", FANORONA_VERSION_STRING, start.to_fen().c_str(),
                static_cast<unsigned long long>(nodes));
    return nodes == 39 ? 0 : 1;
}
