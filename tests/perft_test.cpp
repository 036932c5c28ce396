// perft figures from the initial positions of the three boards (docs/perft.md), each agreed
// by two independent implementations: the library and the naive reference of tests/reference.
#include "catch.hpp"
#include "support.hpp"

#include <cstdint>
#include <numeric>

using fanorona::perft;

TEST_CASE("perft 1-5 from the 9x5 initial position", "[perft][paths]") {
  const auto start = fanorona::Position::initial();
  CHECK(perft(start, 0) == 1);
  CHECK(perft(start, 1) == 5);
  CHECK(perft(start, 2) == 39);
  CHECK(perft(start, 3) == 724);
  CHECK(perft(start, 4) == 18026);
  // Deeper: agreed with the naive reference implementation (tests/reference).
  CHECK(perft(start, 5) == 431852);
}

TEST_CASE("perft 6 from the 9x5 initial position", "[perft][paths]") {
  // 9,205,774: agreed with the naive reference implementation. A tenth of a second optimized,
  // and the first tree big enough to fill the vector leaf counters' lanes many times over.
  // Perft 7 (175,243,243) and 8 (3,011,689,080) take too long for a test;
  // tests/bench/compare.sh checks them against the mailbox baseline of tests/bench
  // (docs/perft.md).
  CHECK(perft(fanorona::Position::initial(), 6) == 9205774);
}

TEST_CASE("perft from the 5x5 and 3x3 initial positions", "[perft][paths]") {
  const auto dimy = fanorona::BasicPosition<fanorona::Dimy>::initial();
  CHECK(perft(dimy, 1) == 5);
  CHECK(perft(dimy, 2) == 21);
  CHECK(perft(dimy, 3) == 202);
  CHECK(perft(dimy, 4) == 3469);
  CHECK(perft(dimy, 5) == 34608);  // agreed with the naive reference
  const auto telo = fanorona::BasicPosition<fanorona::Telo>::initial();
  CHECK(perft(telo, 1) == 4);
  CHECK(perft(telo, 2) == 7);
  CHECK(perft(telo, 3) == 14);
  CHECK(perft(telo, 4) == 67);
  CHECK(perft(telo, 5) == 137);  // agreed with the naive reference
  CHECK(perft(telo, 6) == 280);
}

TEST_CASE("the five opening turns on 9x5", "[perft][paths]") {
  CHECK(test::sorted_turns(fanorona::Position::initial()) ==
        std::vector<std::string>{"d2-e3A", "d3-e3A", "d3-e3W", "e2-e3A", "f2-e3A"});
}

TEST_CASE("divide adds up to perft and lists every turn once", "[perft][paths]") {
  const auto start = fanorona::Position::initial();
  for (int depth = 1; depth <= 4; ++depth) {
    const auto entries = fanorona::divide(start, depth);
    REQUIRE(entries.size() == 5);
    const std::uint64_t sum = std::accumulate(entries.begin(), entries.end(), std::uint64_t{0},
                                              [](std::uint64_t s, const fanorona::DivideEntry& e) { return s + e.count; });
    CHECK(sum == perft(start, depth));
  }
}

TEST_CASE("a side with no legal turn contributes nothing", "[perft][paths]") {
  // White's only stone, on a1, is surrounded by black stones and has no empty neighbor.
  const auto blocked = fanorona::Position::from_fen("9/9/9/BB7/WB7 W").value();
  CHECK(fanorona::count_turns(blocked) == 0);
  CHECK(perft(blocked, 1) == 0);
  CHECK(perft(blocked, 3) == 0);
  CHECK(perft(blocked, 0) == 1);
}
