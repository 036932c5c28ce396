// The parts of the API around whole games and step-by-step play: early stop of for_each_turn,
// turn stamps and Game::play's trusted path, Game::reset and the cached result, step undo and
// capture preview, the total order on turns, stream output, std::hash, and the symmetries.
#include "catch.hpp"
#include "support.hpp"

#include <fanorona/symmetry.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

namespace {

using fanorona::Bitboard;

template <class B>
void early_stop_visits_a_prefix(std::uint32_t seed) {
  for (const auto& position : test::random_game_positions<B>(400, seed)) {
    const auto all = fanorona::legal_turns(position);
    for (std::size_t wanted : {std::size_t{1}, std::size_t{2}, all.size() / 2 + 1, all.size() + 5}) {
      std::vector<fanorona::BasicTurn<B>> seen;
      fanorona::for_each_turn(position, [&](const fanorona::BasicTurn<B>& turn) {
        seen.push_back(turn);
        return seen.size() < wanted;
      });
      const std::size_t expected = std::min(wanted, all.size());
      REQUIRE(seen.size() == expected);
      for (std::size_t i = 0; i < seen.size(); ++i) REQUIRE(seen[i] == all[i]);
    }
  }
}

// The game's result from scratch: the position's own result, or a third occurrence.
template <class B>
fanorona::GameResult recomputed(const fanorona::BasicGame<B>& game) {
  const auto r = fanorona::result_of(game.position());
  if (r.is_over()) return r;
  int seen = 0;
  for (std::size_t i = 0; i <= game.turns().size(); ++i) seen += game.position_before(i) == game.position();
  return seen >= 3 ? fanorona::GameResult{fanorona::Outcome::draw, fanorona::EndReason::threefold_repetition} : r;
}

template <class B>
void games_play_generated_turns_and_reset(std::uint32_t seed) {
  std::mt19937 rng(seed);
  fanorona::BasicGame<B> game;
  for (int g = 0; g < 60; ++g) {
    game.reset();
    REQUIRE(game.turns().empty());
    REQUIRE(game.position() == fanorona::BasicPosition<B>::initial());
    for (int ply = 0; ply < 300 && !game.is_over(); ++ply) {
      const auto turns = game.legal_turns();
      const auto& turn = turns[std::uniform_int_distribution<std::size_t>(0, turns.size() - 1)(rng)];
      REQUIRE(turn.origin_hash() == game.position().hash());
      const auto expected = game.position().after(turn);
      REQUIRE(game.play(turn));
      REQUIRE(game.position() == expected);
      REQUIRE(game.result() == recomputed(game));
    }
  }
}

}  // namespace

TEST_CASE("for_each_turn stops when the visitor returns false", "[api]") {
  early_stop_visits_a_prefix<fanorona::Tsivy>(3);
  early_stop_visits_a_prefix<fanorona::Dimy>(4);
  early_stop_visits_a_prefix<fanorona::Telo>(5);
}

TEST_CASE("a game plays its own turns at once, keeps its result, and can be reset", "[api]") {
  games_play_generated_turns_and_reset<fanorona::Tsivy>(11);
  games_play_generated_turns_and_reset<fanorona::Dimy>(12);
  games_play_generated_turns_and_reset<fanorona::Telo>(13);
}

TEST_CASE("a turn made for another position is checked step by step", "[api]") {
  // d3-e3A from the start captures f3; from a position without f3 the same steps capture
  // nothing by approach, and the game says so instead of trusting the turn.
  fanorona::Game game;
  const auto start_turn = fanorona::parse_turn(fanorona::Position::initial(), "d3-e3A").value();
  REQUIRE(start_turn.origin_hash() == fanorona::Position::initial().hash());
  auto other = fanorona::Game::from_fen("BBBBBBBBB/BBBBBBBBB/BWBW2WBW/WWWWWWWWW/WWWWWWWWW W").value();
  const fanorona::Status refused = other.play(start_turn);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().message.find("captures nothing by approach") != std::string::npos);
  CHECK(other.turns().empty());
  // A default turn has no stamp and no steps.
  CHECK_FALSE(game.play(fanorona::Turn{}));
  // A turn of the same steps built for an equal position in another game is trusted and right.
  fanorona::Game twin;
  REQUIRE(twin.play(start_turn));
  REQUIRE(game.play(start_turn));
  CHECK(twin.position() == game.position());
}

TEST_CASE("step undo, capture preview and must_stop agree with playing the steps", "[api]") {
  for (const auto& position : test::random_game_positions<fanorona::Tsivy>(300, 21)) {
    fanorona::TurnBuilder builder(position);
    std::mt19937 rng(7);
    for (int depth = 0; depth < 6; ++depth) {
      const auto steps = builder.legal_steps();
      REQUIRE(builder.must_stop() == (builder.can_stop() && steps.empty()));
      if (steps.empty()) break;
      const auto before_turn = builder.turn();
      for (const auto& step : steps) {
        const Bitboard preview = builder.captured_by(step);
        auto trial = builder;
        REQUIRE(trial.play(step));
        const Bitboard taken = trial.turn().captured() & ~builder.turn().captured();
        REQUIRE(preview == taken);
        REQUIRE(trial.undo_step());
        REQUIRE(trial.turn() == before_turn);
        REQUIRE(trial.legal_steps().size() == steps.size());
        REQUIRE(trial.stone() == builder.stone());
      }
      REQUIRE(builder.play(steps[std::uniform_int_distribution<std::size_t>(0, steps.size() - 1)(rng)]));
    }
  }
  // A refused step previews nothing.
  fanorona::TurnBuilder start(fanorona::Position::initial());
  CHECK(start.captured_by({fanorona::parse_point("e2"), fanorona::parse_point("e3"), fanorona::Capture::withdrawal}) == 0);
  CHECK_FALSE(start.undo_step());
}

TEST_CASE("turns are totally ordered, print their notation, positions hash and print", "[api]") {
  for (const auto& position : test::random_game_positions<fanorona::Tsivy>(300, 31)) {
    const auto list = fanorona::legal_turns(position);
    std::vector<fanorona::Turn> turns(list.begin(), list.end());
    std::sort(turns.begin(), turns.end());
    for (std::size_t i = 0; i + 1 < turns.size(); ++i) {
      REQUIRE(turns[i] < turns[i + 1]);  // distinct turns never compare equal
      REQUIRE_FALSE(turns[i + 1] < turns[i]);
      REQUIRE(turns[i] != turns[i + 1]);
    }
    for (const auto& t : turns) {
      std::ostringstream out;
      out << t;
      REQUIRE(out.str() == t.to_string());
    }
  }
  std::ostringstream out;
  out << fanorona::Position::initial() << " | " << fanorona::Game().result();
  CHECK(out.str() == "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W | the game goes on");
  std::unordered_set<fanorona::Position> seen;
  for (const auto& p : test::random_game_positions<fanorona::Tsivy>(500, 41)) seen.insert(p);
  CHECK(seen.count(fanorona::Position::initial()) == 1);
}

namespace {

template <class B>
std::vector<std::string> sorted_images(const fanorona::BasicPosition<B>& position, fanorona::Symmetry s) {
  const auto image = fanorona::transform(s, position);
  std::vector<std::string> out;
  for (const auto& turn : fanorona::legal_turns(position)) {
    const auto mapped = fanorona::transform(s, turn, image);
    REQUIRE(image.after(mapped) == fanorona::transform(s, position.after(turn)));
    out.push_back(mapped.to_string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

template <class B>
void symmetries_preserve_the_rules(std::uint32_t seed, int depth) {
  std::mt19937 rng(seed);
  const auto played = test::random_game_positions<B>(300, seed);
  for (std::size_t i = 0; i < played.size(); ++i) {
    const auto position = (i % 2 == 0) ? played[i] : test::random_position<B>(rng);
    for (const auto s : fanorona::all_symmetries) {
      const auto image = fanorona::transform(s, position);
      REQUIRE(fanorona::transform(s, image) == position);  // each symmetry is its own inverse
      REQUIRE(test::sorted_turns(image) == sorted_images(position, s));
      REQUIRE(fanorona::count_turns(image) == fanorona::count_turns(position));
      if (i % 20 == 0) REQUIRE(fanorona::perft(image, depth) == fanorona::perft(position, depth));
      // Hashes tell a position from its image whenever the two differ.
      REQUIRE((image.hash() == position.hash()) == (image == position));
    }
  }
  for (const auto s : fanorona::all_symmetries)
    REQUIRE(fanorona::perft(fanorona::transform(s, fanorona::BasicPosition<B>::initial()), depth + 1) ==
            fanorona::perft(fanorona::BasicPosition<B>::initial(), depth + 1));
}

}  // namespace

TEST_CASE("perft and turn lists are invariant under the board's symmetries", "[api][symmetry][paths]") {
  symmetries_preserve_the_rules<fanorona::Tsivy>(51, 3);
  symmetries_preserve_the_rules<fanorona::Dimy>(52, 4);
  symmetries_preserve_the_rules<fanorona::Telo>(53, 5);
  const auto start = fanorona::Position::initial();
  CHECK(fanorona::half_turn(start).to_fen() == "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW B");
  CHECK(fanorona::mirror_files(start).to_fen() == "BBBBBBBBB/BBBBBBBBB/WBWB1WBWB/WWWWWWWWW/WWWWWWWWW W");
  CHECK(fanorona::transform<fanorona::Tsivy>(fanorona::Symmetry::mirror_ranks, fanorona::Direction::north_east) ==
        fanorona::Direction::south_east);
}

TEST_CASE("a FEN or a size of unknown board reaches code written once for every board", "[api]") {
  std::string seen;
  const auto describe = [&](const auto& position) {
    using B = typename std::decay_t<decltype(position)>::board_type;
    seen = fanorona::size_of<B>().to_string() + " " + std::to_string(fanorona::count_turns(position));
  };
  REQUIRE(fanorona::with_position(fanorona::Position::initial().to_fen(), describe));
  CHECK(seen == "9x5 5");
  REQUIRE(fanorona::with_position(fanorona::BasicPosition<fanorona::Dimy>::initial().to_fen(), describe));
  CHECK(seen == "5x5 " + std::to_string(fanorona::count_turns(fanorona::BasicPosition<fanorona::Dimy>::initial())));
  REQUIRE(fanorona::with_position("B1W/3/W1B B", describe));
  CHECK(seen.rfind("3x3 ", 0) == 0);

  const fanorona::Status wrong_size = fanorona::with_position("WWWWWWW/7/BBBBBBB W", describe);
  REQUIRE_FALSE(wrong_size);
  CHECK(wrong_size.error().message == "no Fanorona board of 7x3: the boards are 9x5, 5x5 and 3x3");
  const fanorona::Status bad_fen = fanorona::with_position("WWX/3/BBB W", describe);
  REQUIRE_FALSE(bad_fen);
  CHECK(bad_fen.error().message.find("unexpected character 'X'") != std::string::npos);
  CHECK_FALSE(fanorona::with_position("   ", describe));

  int calls = 0;
  REQUIRE(fanorona::with_board(fanorona::parse_board_size("5x5").value(), [&](auto board) {
    calls += decltype(board)::width;
  }));
  CHECK(calls == 5);
  CHECK_FALSE(fanorona::parse_board_size("9x9"));
}

template <class B>
void stone_checks_agree_with_legal_steps(std::uint32_t seed) {
  std::mt19937 rng(seed);
  for (const auto& position : test::random_game_positions<B>(200, seed)) {
    fanorona::BasicTurnBuilder<B> builder(position);
    for (int depth = 0; depth < 5; ++depth) {
      const auto steps = builder.legal_steps();
      for (fanorona::Point p : fanorona::points(B::all)) {
        const auto from_p = builder.legal_steps_from(p);
        std::size_t expected = 0;
        for (const auto& step : steps) {
          if (step.from != p) continue;
          REQUIRE(expected < from_p.size());
          REQUIRE(from_p[expected] == step);
          ++expected;
        }
        REQUIRE(from_p.size() == expected);
        const fanorona::Status verdict = builder.check_stone(p);
        REQUIRE(static_cast<bool>(verdict) == !from_p.empty());
        if (!verdict) REQUIRE_FALSE(verdict.error().message.empty());
      }
      if (steps.empty()) break;
      REQUIRE(builder.play(steps[std::uniform_int_distribution<std::size_t>(0, steps.size() - 1)(rng)]));
    }
  }
}

TEST_CASE("check_stone and legal_steps_from answer a click on a stone as legal_steps does", "[api]") {
  stone_checks_agree_with_legal_steps<fanorona::Tsivy>(31);
  stone_checks_agree_with_legal_steps<fanorona::Dimy>(32);
  stone_checks_agree_with_legal_steps<fanorona::Telo>(33);

  using fanorona::parse_point;
  fanorona::TurnBuilder start(fanorona::Position::initial());
  CHECK(start.check_stone(parse_point("d3")));
  CHECK(start.legal_steps_from(parse_point("d3")).size() == 2);
  CHECK(start.check_stone(parse_point("e1")).error().message ==
        "capture is compulsory: the stone on e1 captures nothing, but d3-e3A captures");
  CHECK(start.check_stone(parse_point("e3")).error().message == "there is no stone on e3");
  CHECK(start.check_stone(parse_point("e4")).error().message == "the stone on e4 is Black's, and it is White's turn");
  CHECK(start.check_stone(fanorona::Point(fanorona::Tsivy::size)).error().message == "the point is off the board");

  fanorona::TurnBuilder chain(fanorona::Position::initial());
  REQUIRE(chain.play_step(parse_point("d3"), parse_point("e3"), fanorona::Capture::approach));
  CHECK(chain.check_stone(parse_point("f2")).error().message ==
        "only the stone that started the turn, now on e3, may continue it");

  // A lone stone boxed in by its own side has no step, and no capture exists to blame.
  const auto boxed = fanorona::Position::from_fen("9/9/9/WWW6/WWW5B W").value();
  fanorona::TurnBuilder paika(boxed);
  CHECK(paika.check_stone(parse_point("a1")).error().message == "the stone on a1 has no free neighbor on a line");
  CHECK(paika.check_stone(parse_point("c2")));
}
