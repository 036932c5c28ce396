// Proves that generation, counting, perft, step-by-step play and playing a turn on a position
// never touch the heap: the global operator new is replaced by one that counts, and the
// program fails if anything in the measured sections allocates. A program of its own, so
// that no test framework allocates behind its back.
#include <fanorona/fanorona.hpp>

#include "../suite_positions.hpp"

#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>

#include "counting_new.hpp"

namespace {

int failures = 0;

template <class F>
void expect_no_allocation(const char* what, F&& f) {
  allocations = 0;
  counting = true;
  f();
  counting = false;
  if (allocations != 0) {
    std::printf("FAILED: %s allocated %zu times\n", what, allocations);
    ++failures;
  } else {
    std::printf("ok: %s allocates nothing\n", what);
  }
}

// Plays every turn of the position step by step through the builder, depth first.
std::uint64_t play_all_by_steps(const fanorona::TurnBuilder& builder) {
  std::uint64_t turns = builder.can_stop() ? 1 : 0;
  for (const fanorona::Step& step : builder.legal_steps()) {
    fanorona::TurnBuilder next = builder;
    if (!next.play(step)) std::abort();
    turns += play_all_by_steps(next);
  }
  return turns;
}

}  // namespace

int main() {
  std::uint64_t sink = 0;
  static fanorona::TurnList list;
  expect_no_allocation("perft 5 from the start", [&] { sink += fanorona::perft(fanorona::Position::initial(), 5); });
  // Parse the FENs before counting: reading a FEN may build an error message.
  std::vector<fanorona::Position> positions;
  for (const auto& s : test::suite_positions) positions.push_back(fanorona::Position::from_fen(s.fen).value());
  expect_no_allocation("generate_turns, count_turns, has_capture on 21 positions", [&] {
    for (const auto& p : positions) {
      list.clear();
      fanorona::generate_turns(p, list);
      sink += list.size() + fanorona::count_turns(p) + (fanorona::has_capture(p) ? 1 : 0);
    }
  });
  expect_no_allocation("for_each_turn and Position::play of every turn", [&] {
    for (const auto& p : positions)
      fanorona::for_each_turn(p, [&](const fanorona::Turn& t) {
        fanorona::Position q = p;
        q.play(t);
        sink += q.hash();
      });
  });
  expect_no_allocation("step-by-step play of every turn", [&] {
    for (const auto& p : positions) sink += play_all_by_steps(fanorona::TurnBuilder(p));
  });
  expect_no_allocation("perft on the suite at depth 3", [&] {
    for (const auto& p : positions) sink += fanorona::perft(p, 3);
  });
  // A game reused for many random playouts: with room reserved for the longest game, playing
  // its own turns, undoing them and resetting allocate nothing.
  fanorona::Game game;
  game.reserve(400);
  std::uint64_t state = 1;
  const auto playout = [&] {
    for (int g = 0; g < 200; ++g) {
      game.reset();
      for (int n = 0; n < 400 && !game.is_over(); ++n) {
        list.clear();
        fanorona::generate_turns(game.position(), list);
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        if (!game.play(list[static_cast<std::size_t>((state >> 33) % list.size())])) std::abort();
      }
      while (game.undo()) sink += static_cast<std::uint64_t>(game.repetitions());
    }
  };
  expect_no_allocation("200 random games through one reused Game (play, undo, reset)", playout);
  std::printf("%d passed, %d failed\n", 6 - failures, failures);
  return failures == 0 && sink != 0 ? 0 : 1;
}
