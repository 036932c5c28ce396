// libFuzzer target: step-by-step play against complete-turn generation.
//
// Input: one byte picks the board, the rest gives the stones and the side to move (see
// fuzz::position_from). Every turn is enumerated by walking BasicTurnBuilder::legal_steps
// depth first (stopping after every step, since stopping is always allowed after a capture);
// the set of turns found must equal legal_turns(), with no duplicates, and count_turns(),
// for_each_turn() and perft(1) must agree with the list's size. Each turn is also checked
// piece by piece: notation round trip, captured stones, the position after it.
#include "fuzz_support.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace {

template <class B>
void enumerate(const fanorona::BasicTurnBuilder<B>& builder, std::vector<std::string>& out, std::size_t limit) {
  const auto steps = builder.legal_steps();
  FUZZ_CHECK(steps.complete());
  FUZZ_CHECK(builder.must_stop() == (builder.can_stop() && steps.empty()));
  for (const fanorona::BasicStep<B>& step : steps) {
    if (out.size() > limit) return;  // more turns than the list can hold: reported below
    auto next = builder;
    FUZZ_CHECK(next.play(step).has_value());
    FUZZ_CHECK(next.can_stop());
    FUZZ_CHECK(next.turn().size() == builder.turn().size() + 1);
    FUZZ_CHECK(next.turn().size() <= B::max_chain_steps);
    out.push_back(next.turn().to_string());
    enumerate(next, out, limit);
  }
}

template <class B>
void check_position(const fanorona::BasicPosition<B>& position) {
  const auto list = fanorona::legal_turns(position);
  const std::uint64_t count = fanorona::count_turns(position);
  // Some positions have more turns than the list holds (docs/limits.md): the list must then
  // say so, and hold the first turns in generation order.
  fuzz::check_list(list, count);
  FUZZ_CHECK(fanorona::perft(position, 1) == count);
  std::vector<fanorona::BasicTurn<B>> all;
  fanorona::for_each_turn(position, [&](const fanorona::BasicTurn<B>& turn) {
    FUZZ_CHECK(all.size() >= list.size() || turn == list[all.size()]);
    all.push_back(turn);
  });
  FUZZ_CHECK(all.size() == count);
  FUZZ_CHECK((count == 0) == !fanorona::has_legal_turn(position));

  // The step-by-step walk costs more per turn; past this many turns it is skipped, so that the
  // fuzzer keeps its speed on the rare positions with tens of thousands of turns.
  constexpr std::size_t stepwise_limit = 20000;
  if (count > stepwise_limit) return;
  std::vector<std::string> stepwise;
  enumerate(fanorona::BasicTurnBuilder<B>(position), stepwise, stepwise_limit);
  std::vector<std::string> generated;
  const bool capture = fanorona::has_capture(position);
  for (const auto& turn : all) {
    generated.push_back(turn.to_string());
    FUZZ_CHECK(turn.is_capture() == capture);
    FUZZ_CHECK(turn.size() >= 1 && turn.size() <= B::max_chain_steps);
    FUZZ_CHECK(!capture ? turn.is_paika() : !turn.is_paika());
    fanorona::Bitboard union_of_steps = 0;
    for (int i = 0; i < turn.size(); ++i) {
      const fanorona::Bitboard run = turn.captured_by_step(i);
      FUZZ_CHECK((run & union_of_steps) == 0);
      FUZZ_CHECK((run & position.enemy()) == run);
      FUZZ_CHECK(capture == (run != 0));
      union_of_steps |= run;
    }
    FUZZ_CHECK(union_of_steps == turn.captured());
    const auto after = position.after(turn);
    FUZZ_CHECK(after.hash() == after.compute_hash());
    FUZZ_CHECK(after.side_to_move() != position.side_to_move());
    FUZZ_CHECK(after.count(position.side_to_move()) == position.count(position.side_to_move()));
    const auto parsed = fanorona::parse_turn(position, turn.to_string());
    FUZZ_CHECK(parsed.has_value());
    FUZZ_CHECK(*parsed == turn);
  }
  std::sort(stepwise.begin(), stepwise.end());
  std::sort(generated.begin(), generated.end());
  FUZZ_CHECK(std::adjacent_find(generated.begin(), generated.end()) == generated.end());
  FUZZ_CHECK(stepwise == generated);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  fuzz::with_board(in.byte(), [&in](auto board) {
    using B = decltype(board);
    check_position(fuzz::position_from<B>(in));
  });
  return 0;
}
