// The program every consumer test builds: it must compile against the
// headers as the consumer received them and produce the documented results.
// SPDX-License-Identifier: MIT
#include <fanorona/fanorona.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#ifndef FANORONA_EXPECTED_VERSION
#error "define FANORONA_EXPECTED_VERSION to the version the test expects"
#endif

static_assert(FANORONA_VERSION_MAJOR == fanorona::version.major, "version macros and constants disagree");
static_assert(FANORONA_VERSION_MINOR == fanorona::version_minor, "version macros and constants disagree");

int main() {
    int failures = 0;

    if (std::strcmp(FANORONA_VERSION_STRING, FANORONA_EXPECTED_VERSION) != 0) {
        std::printf("FAIL: headers say version %s, expected %s (wrong headers found?)\n",
                    FANORONA_VERSION_STRING, FANORONA_EXPECTED_VERSION);
        ++failures;
    }

    const auto start = fanorona::Position::initial();
    const std::string fen = start.to_fen();
    const char* const expected_fen = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W";
    if (fen != expected_fen) {
        std::printf("FAIL: initial FEN is '%s', expected '%s'\n", fen.c_str(), expected_fen);
        ++failures;
    }

    const std::uint64_t nodes = fanorona::perft(start, 2);
    if (nodes != 39) {
        std::printf("FAIL: perft(2) = %llu, expected 39\n", static_cast<unsigned long long>(nodes));
        ++failures;
    }

    std::printf("fanorona %s: start %s, perft(2) = %llu: %s\n", fanorona::version.string, fen.c_str(),
                static_cast<unsigned long long>(nodes), failures == 0 ? "OK" : "FAILED");
    return failures == 0 ? 0 : 1;
}
