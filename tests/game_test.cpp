// Game: results, threefold repetition, undo, and refusing turns after the end.
#include "catch.hpp"
#include "support.hpp"

#include <algorithm>
#include <random>
#include <vector>

using fanorona::EndReason;
using fanorona::Game;
using fanorona::Outcome;

TEST_CASE("threefold repetition draws, counting the start position", "[game]") {
  auto game = Game::from_fen("9/9/9/9/W7B W").value();
  CHECK(game.repetitions() == 1);
  for (int cycle = 1; cycle <= 2; ++cycle) {
    REQUIRE(game.play("a1-b1").has_value());
    REQUIRE(game.play("i1-h1").has_value());
    REQUIRE(game.play("b1-a1").has_value());
    CHECK(!game.is_over());
    REQUIRE(game.play("h1-i1").has_value());
    CHECK(game.repetitions() == cycle + 1);
  }
  CHECK(game.result() == fanorona::GameResult{Outcome::draw, EndReason::threefold_repetition});
  CHECK(game.result().to_string() == "draw: the same position occurred three times");
  CHECK(game.legal_turns().empty());
  const auto refused = game.play("a1-b1");
  REQUIRE(!refused.has_value());
  CHECK(refused.error().message == "the game is over (draw: the same position occurred three times)");
  // Undo takes the draw back.
  REQUIRE(game.undo());
  CHECK(!game.is_over());
  CHECK(game.repetitions() == 2);
  REQUIRE(game.play("h1-i1").has_value());
  CHECK(game.is_over());
}

TEST_CASE("positions repeat only with the same side to move", "[game]") {
  auto game = Game::from_fen("9/9/9/9/W7B W").value();
  REQUIRE(game.play("a1-b1").has_value());
  REQUIRE(game.play("i1-h1").has_value());
  REQUIRE(game.play("b1-a1").has_value());
  // Same stones as after White's... no earlier position had these stones with White to move.
  CHECK(game.repetitions() == 1);
}

TEST_CASE("a player with no stones loses", "[game]") {
  auto game = Game::from_fen("9/9/9/9/WW1B5 W").value();
  CHECK(!game.is_over());
  const auto played = game.play("b1-c1");
  REQUIRE(played.has_value());
  CHECK(played->to_string() == "b1-c1A");
  CHECK(game.result() == fanorona::GameResult{Outcome::white_wins, EndReason::no_stones});
  CHECK(game.result().to_string() == "White wins: Black has no stones left");
  const auto refused = game.play(*played);
  REQUIRE(!refused.has_value());
  CHECK(refused.error().message == "the game is over (White wins: Black has no stones left)");
}

TEST_CASE("a player who cannot move loses", "[game]") {
  const auto game = Game::from_fen("9/9/9/BB7/WB7 W").value();
  CHECK(game.result() == fanorona::GameResult{Outcome::black_wins, EndReason::no_legal_turn});
  CHECK(game.result().to_string() == "Black wins: White cannot move");
  CHECK(fanorona::result_of(game.position()).reason == EndReason::no_legal_turn);
}

TEST_CASE("a turn from another position is refused with the rule it breaks", "[game]") {
  Game game;
  const auto other = fanorona::Position::from_fen("9/9/9/9/WW1B5 W").value();
  const auto foreign = fanorona::legal_turns(other)[0];  // b1-c1A
  const auto status = game.play(foreign);
  REQUIRE(!status.has_value());
  CHECK(status.error().message == "c1 is occupied");
  CHECK(game.turns().empty());
  CHECK(!game.undo());
}

TEST_CASE("step-by-step play through a game", "[game]") {
  Game game;
  auto builder = game.begin_turn();
  CHECK(!builder.can_stop());
  CHECK(builder.legal_steps().size() == 5);
  REQUIRE(builder.play(fanorona::Tsivy::parse_point("d3"), fanorona::Tsivy::parse_point("e3")).error().message ==
          "d3-e3 captures by approach or by withdrawal: write d3-e3A or d3-e3W");
  REQUIRE(builder.play({fanorona::Tsivy::parse_point("d3"), fanorona::Tsivy::parse_point("e3"), fanorona::Capture::approach}));
  CHECK(builder.can_stop());
  CHECK(builder.stone() == fanorona::Tsivy::parse_point("e3"));
  REQUIRE(game.play(builder.turn()));
  CHECK(game.position().to_fen() == "BBBBBBBBB/BBBBBBBBB/BWB1W1WBW/WWWWWWWWW/WWWWWWWWW B");
  CHECK(game.turns().size() == 1);
  CHECK(game.position_before(0) == game.start_position());
}

TEST_CASE("a game of 100,000 paika turns keeps exact repetition counts", "[game][slow]") {
  // White's nine stones move at random within ranks 1-2, Black's four along rank 5. With
  // ranks 3 and 4 empty no capture is ever possible (an approach or a withdrawal needs an
  // enemy stone on the step's line next to it), so all 100,000 turns are paika moves. Positions recur now and
  // then; the incremental repetition count is checked against a plain recount of the history.
  auto game = Game::from_fen("BBBB5/9/9/WWWW5/WWWWW4 W").value();
  std::mt19937 rng(99);
  const auto recount = [&game] {
    int n = 0;
    for (std::size_t i = 0; i <= game.turns().size(); ++i) n += game.position_before(i) == game.position() ? 1 : 0;
    return n;
  };
  int draws_avoided = 0;
  while (game.turns().size() < 100000) {
    const bool white = game.position().side_to_move() == fanorona::Color::white;
    std::vector<fanorona::Turn> home;
    for (const auto& t : game.legal_turns()) {
      REQUIRE(t.is_paika());
      const int rank = fanorona::Tsivy::rank_of(t.to());
      if (white ? rank <= 1 : rank == 4) home.push_back(t);
    }
    REQUIRE(!home.empty());
    REQUIRE(game.play(home[std::uniform_int_distribution<std::size_t>(0, home.size() - 1)(rng)]));
    if (game.turns().size() % 10000 == 0) REQUIRE(game.repetitions() == recount());
    if (game.is_over()) {
      REQUIRE(game.result().reason == EndReason::threefold_repetition);
      REQUIRE(recount() == 3);
      REQUIRE(game.undo());
      ++draws_avoided;
    }
  }
  CHECK(game.turns().size() == 100000);
  CHECK(game.position().count(fanorona::Color::white) == 9);
  CHECK(game.position().count(fanorona::Color::black) == 4);
  INFO("draws avoided: " << draws_avoided);
  CHECK(draws_avoided < 100);
}

namespace {
// Files every position under one of four keys, so that unrelated positions collide all the
// time: repetition counts must still be exact.
struct FourKeys {
  template <class B>
  std::uint64_t operator()(const fanorona::BasicPosition<B>& p) const noexcept {
    return p.hash() & 3U;
  }
};
}  // namespace

TEST_CASE("repetition compares positions, not just their hashes", "[game]") {
  auto game = fanorona::BasicGame<fanorona::Tsivy, FourKeys>(fanorona::Position::from_fen("BBBB5/9/9/WWWW5/WWWWW4 W").value());
  fanorona::Game reference(game.position());
  std::mt19937 rng(5);
  int draws = 0;
  for (int i = 0; i < 3000; ++i) {
    if (game.is_over()) {
      REQUIRE(reference.is_over());
      ++draws;
      REQUIRE(game.undo());
      REQUIRE(reference.undo());
    }
    const auto turns = game.legal_turns();
    const auto& turn = turns[std::uniform_int_distribution<std::size_t>(0, turns.size() - 1)(rng) % 3];
    REQUIRE(game.play(turn));
    REQUIRE(reference.play(turn));
    int recount = 0;
    for (std::size_t k = 0; k <= game.turns().size(); ++k) recount += game.position_before(k) == game.position() ? 1 : 0;
    REQUIRE(game.repetitions() == recount);
    REQUIRE(reference.repetitions() == recount);
    if (i % 7 == 6) {
      REQUIRE(game.undo());
      REQUIRE(reference.undo());
    }
  }
  CHECK(draws > 10);
}
