// The library against tests/reference/naive_fanorona.hpp, a second implementation written
// from the rule book alone (plain arrays, no shared code): both must list exactly the same turns.
#include "catch.hpp"
#include "reference/naive_fanorona.hpp"
#include "suite_positions.hpp"
#include "support.hpp"

#include <random>
#include <string>

namespace {

template <class B>
naive::Position to_naive(const fanorona::BasicPosition<B>& p) {
  naive::Position out;
  REQUIRE(naive::parse_fen(p.to_fen(), B::width, B::height, out));
  return out;
}

// Compares turn lists and, for a sample, the position each turn leads to.
template <class B>
void check_agreement(const fanorona::BasicPosition<B>& position, std::size_t& checked) {
  const naive::Position reference = to_naive(position);
  const std::vector<std::string> expected = naive::legal_turns(reference);
  const std::vector<std::string> actual = test::sorted_turns(position);
  INFO("position " << position.to_fen());
  REQUIRE(actual == expected);
  REQUIRE(fanorona::count_turns(position) == expected.size());
  for (const auto& turn : fanorona::legal_turns(position)) {
    naive::Position after;
    REQUIRE(naive::apply_turn(reference, turn.to_string(), after));
    REQUIRE(position.after(turn).to_fen() == naive::to_fen(after));
  }
  ++checked;
}

// `count` positions from random play and as many random set-ups, both from `seed`. The
// default sizes take a second or two and are what the mutation check (tests/mutation) shows
// enough; the [slow] sizes, ten times as many from the same seeds (so a superset), run once in CI.
template <class B>
void differential(std::uint32_t seed, std::size_t count) {
  std::size_t checked = 0;
  for (const auto& p : test::random_game_positions<B>(count, seed)) check_agreement(p, checked);
  std::mt19937 rng(seed + 1);
  for (std::size_t i = 0; i < count; ++i) check_agreement(test::random_position<B>(rng), checked);
  CHECK(checked == 2 * count);
}

// Perft to depth 3 from `count` random set-ups against the naive reference's.
void differential_perft(std::uint32_t seed, int count) {
  std::mt19937 rng(seed);
  for (int i = 0; i < count; ++i) {
    const auto p = test::random_position<fanorona::Tsivy>(rng);
    INFO(p.to_fen());
    REQUIRE(fanorona::perft(p, 3) == naive::perft(to_naive(p), 3));
  }
}

}  // namespace

TEST_CASE("same turns as the naive reference on 9x5 (random play and random positions)", "[differential][paths]") {
  differential<fanorona::Tsivy>(2026, 1000);
}

TEST_CASE("same turns as the naive reference on 5x5", "[differential][paths]") { differential<fanorona::Dimy>(55, 1000); }

TEST_CASE("same turns as the naive reference on 3x3", "[differential][paths]") { differential<fanorona::Telo>(33, 1000); }

TEST_CASE("same perft as the naive reference from random positions", "[differential][perft][paths]") {
  differential_perft(7, 40);
}

TEST_CASE("same turns as the naive reference, 10,000 positions of each kind on each board", "[differential][slow]") {
  differential<fanorona::Tsivy>(2026, 10000);
  differential<fanorona::Dimy>(55, 10000);
  differential<fanorona::Telo>(33, 10000);
}

TEST_CASE("same perft as the naive reference from 400 random positions", "[differential][perft][slow]") {
  differential_perft(7, 400);
}

TEST_CASE("the benchmark suite's perft values, and the naive reference two levels up", "[differential][perft][suite][paths]") {
  for (const test::SuitePosition& s : test::suite_positions) {
    INFO(s.name << ": " << s.fen);
    const auto p = fanorona::Position::from_fen(s.fen).value();
    CHECK(fanorona::perft(p, s.depth) == s.nodes);
    const int shallow = s.depth > 2 ? s.depth - 2 : s.depth;
    CHECK(fanorona::perft(p, shallow) == naive::perft(to_naive(p), shallow));
  }
}
