// Worst cases (docs/limits.md): the positions with the most legal turns and the longest
// capture chains found by tests/limits/worst_case_search.cpp, and what the fixed-capacity turn
// list does with them.
#include "catch.hpp"
#include "support.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace {

template <class B>
struct Worst {
  const char* fen;
  std::uint64_t turns;
};

template <class B>
struct Chain {
  const char* fen;
  const char* turn;
  int steps;
};

// Counts every turn, and checks the list holds the first min(count, capacity) of them in the
// generator's order and says whether it holds them all.
template <class B>
void check_worst(const Worst<B>& w) {
  INFO(B::width << "x" << B::height << " " << w.fen);
  const auto position = fanorona::BasicPosition<B>::from_fen(w.fen).value();
  CHECK(fanorona::count_turns(position) == w.turns);
  CHECK(fanorona::perft(position, 1) == w.turns);
  std::vector<fanorona::BasicTurn<B>> all;
  fanorona::for_each_turn(position, [&all](const fanorona::BasicTurn<B>& t) { all.push_back(t); });
  REQUIRE(all.size() == w.turns);
  fanorona::BasicTurnList<B> list;
  const bool complete = fanorona::generate_turns(position, list);
  CHECK(complete == (w.turns <= fanorona::max_turns<B>));
  CHECK(list.complete() == complete);
  CHECK(list.size() == std::min<std::uint64_t>(w.turns, fanorona::max_turns<B>));
  for (std::size_t i = 0; i < list.size(); ++i) REQUIRE(list[i] == all[i]);
  // Every turn, also past the list's capacity, is read and played through a game: playing
  // never depends on the list.
  fanorona::BasicGame<B> game(position);
  const auto& last = all.back();
  const auto played = game.play(last.to_string());
  REQUIRE(played.has_value());
  CHECK(*played == last);
  CHECK(game.position() == position.after(last));
}

template <class B>
void check_chain(const Chain<B>& c) {
  INFO(B::width << "x" << B::height << " " << c.turn << " in " << c.fen);
  const auto position = fanorona::BasicPosition<B>::from_fen(c.fen).value();
  const auto turn = fanorona::parse_turn(position, c.turn);
  REQUIRE(turn.has_value());
  CHECK(turn->size() == c.steps);
  CHECK(turn->to_string() == c.turn);
  int longest = 0;
  fanorona::for_each_turn(position, [&longest](const fanorona::BasicTurn<B>& t) { longest = std::max(longest, t.size()); });
  CHECK(longest == c.steps);
  CHECK(c.steps <= B::max_chain_steps);
  // Step by step too: every prefix may stop, the last step ends the chain.
  fanorona::BasicTurnBuilder<B> builder(position);
  for (int i = 0; i < turn->size(); ++i) {
    REQUIRE(builder.play(turn->step(i)).has_value());
    CHECK(builder.can_stop());
  }
  CHECK(builder.must_stop());
  CHECK(builder.turn() == *turn);
  fanorona::BasicGame<B> game(position);
  REQUIRE(game.play(*turn).has_value());
  CHECK(game.position().count(position.side_to_move()) == position.count(position.side_to_move()));
  CHECK(game.position().count(fanorona::opponent(position.side_to_move())) ==
        position.count(fanorona::opponent(position.side_to_move())) - fanorona::detail::popcount(turn->captured()));
}

}  // namespace

TEST_CASE("3x3: the most turns and the longest chain, found by exhaustion", "[limits]") {
  // worst-case-search --board 3x3 --exhaustive visits all 3^9 colorings: no position has
  // more than 12 turns (four stones on the weak points, all paika), and the longest chain has
  // max_chain_steps = 4 steps.
  check_worst<fanorona::Telo>({"1W1/W1W/1W1 W", 12});
  check_worst<fanorona::Telo>({"1B1/B1B/1B1 B", 12});  // the same with colors swapped
  check_chain<fanorona::Telo>({"B2/W1B/1BB W", "a2-b2A-b3W-c3W-c2A", 4});
  STATIC_REQUIRE(fanorona::max_turns<fanorona::Telo> >= 12);
  STATIC_REQUIRE(fanorona::Telo::max_chain_steps == 4);
}

TEST_CASE("5x5: the most turns and the longest chain found by search", "[limits][paths]") {
  check_worst<fanorona::Dimy>({"BW1BB/2B1W/BB1WB/B2BW/B1BB1 W", 435});
  // A chain of 12 steps: every Black stone taken one at a time, the bound max_chain_steps.
  check_chain<fanorona::Dimy>(
      {"B1BBW/1B2B/B1BB1/2B1W/WBB1B W", "e2-e3W-d2A-d1W-c1A-b2A-b3A-a3W-b4A-c3W-c4W-d4A-d3W", 12});
  STATIC_REQUIRE(fanorona::max_turns<fanorona::Dimy> >= 2 * 435);
  STATIC_REQUIRE(fanorona::Dimy::max_chain_steps == 12);
}

TEST_CASE("9x5: positions with far more turns than the list holds are counted and reported", "[limits][paths]") {
  // No practical fixed capacity covers 9x5 (docs/limits.md): the search finds positions with
  // tens of thousands of turns. The list keeps the first max_turns and says it is incomplete;
  // count_turns, for_each_turn, perft, parse_turn and BasicGame::play do not depend on it.
  check_worst<fanorona::Tsivy>({"BBB1BBBBB/BB2B3B/B2B3WW/2BB1BBB1/BB2BW1W1 W", 14213});
  // A chain of 22 steps that takes all 22 Black stones one at a time: max_chain_steps is
  // reached, so the bound on chain length (and on the walker's recursion) is exact.
  check_chain<fanorona::Tsivy>({"B1B2WB1B/1B2B1B2/BBBBBBB1B/B2B2B1B/WBB1WW1BW W",
                                "f1-f2A-g1W-h2A-h3W-i3W-i4W-h4A-g3W-g4W-f4A-e3W-d4A-c4A-c5W-b5A-b4A-c3A-c2A-b2A-c1W-d1W-d2A",
                                22});
  STATIC_REQUIRE(fanorona::Tsivy::max_chain_steps == 22);
  // Random play from the initial position stays far below the capacity (113 turns at most in
  // the search program's 300 random games).
  for (const auto& p : test::random_game_positions<fanorona::Tsivy>(2000, 17)) {
    REQUIRE(fanorona::count_turns(p) < fanorona::max_turns<fanorona::Tsivy>);
    REQUIRE(fanorona::legal_turns(p).complete());
  }
}
