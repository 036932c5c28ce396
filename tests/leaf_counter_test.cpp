// The leaf counters under perft (leaf_counter.hpp) against count_turns, one position at a
// time: the scalar sum always, and each vector counter (lanes, node store, overflow path)
// when this CPU runs it, whatever instruction set the test binary was compiled for.
#include "catch.hpp"
#include "support.hpp"

#include <cstdint>
#include <random>

namespace {

// A counter type as a value: the counters hold vector registers, and passing them by value
// would only draw the compiler's notes about vector ABIs.
template <class T>
struct CounterType {
  using type = T;
};

// Calls check(CounterType<counter>) for every leaf counter of board B this machine can run, with the
// given node-store capacity and spill limit.
template <class B, int Capacity = 1024, int Spill = Capacity - 64, class Check>
void for_each_counter(Check&& check) {
  check(CounterType<fanorona::detail::ScalarLeafCounter<B>>{});
#if FANORONA_DETAIL_X86_TARGETS
  if (fanorona::is_available(fanorona::InstructionSet::avx2)) check(CounterType<fanorona::detail::Avx2LeafCounter<B, Capacity, Spill>>{});
  if (fanorona::is_available(fanorona::InstructionSet::avx512))
    check(CounterType<fanorona::detail::Avx512LeafCounter<B, Capacity, Spill>>{});
#endif
}

template <class Counter, class B>
void counts_like_count_turns(std::uint32_t seed) {
  const auto played = test::random_game_positions<B>(3000, seed);
  std::mt19937 rng(seed);
  std::uint64_t expected = 0;
  Counter all;
  for (std::size_t i = 0; i < played.size(); ++i) {
    const auto position = (i % 2 == 0) ? played[i] : test::random_position<B>(rng);
    const std::uint64_t turns = fanorona::count_turns(position);
    // Each position alone, then all of them in one counter.
    Counter one;
    one.add(position.own(), position.enemy());
    REQUIRE(one.total() == turns);
    expected += turns;
    all.add(position.own(), position.enemy());
  }
  CHECK(all.total() == expected);
  // total() finishes the walks but keeps the sum; adding more goes on from there.
  all.add(played[0].own(), played[0].enemy());
  CHECK(all.total() == expected + fanorona::count_turns(played[0]));
}

}  // namespace

TEST_CASE("the leaf counter adds up count_turns on every board", "[leaf_counter]") {
  for_each_counter<fanorona::Tsivy>([](auto c) { counts_like_count_turns<typename decltype(c)::type, fanorona::Tsivy>(91); });
  for_each_counter<fanorona::Dimy>([](auto c) { counts_like_count_turns<typename decltype(c)::type, fanorona::Dimy>(51); });
  for_each_counter<fanorona::Telo>([](auto c) { counts_like_count_turns<typename decltype(c)::type, fanorona::Telo>(31); });
}

TEST_CASE("the leaf counter on crowded boards, where captured lines are longest", "[leaf_counter]") {
  // Raw stone sets, beyond what a game allows: a few stones of the side to move and a few
  // empty points among enemy stones, so that lines of up to seven captured stones occur in
  // every direction. count_turns is the reference.
  std::mt19937 rng(95);
  const auto check = [&rng](auto board, auto counter) {
    using B = decltype(board);
    using Counter = typename decltype(counter)::type;
    Counter all;
    std::uint64_t expected = 0;
    for (int trial = 0; trial < 20000; ++trial) {
      fanorona::Bitboard own = 0, empty = 0;
      const int movers = 1 + static_cast<int>(rng() % 3), holes = 1 + static_cast<int>(rng() % 4);
      for (int i = 0; i < movers; ++i) own |= fanorona::Bitboard{1} << (rng() % B::size);
      for (int i = 0; i < holes; ++i) empty |= fanorona::Bitboard{1} << (rng() % B::size);
      own &= ~empty;
      const fanorona::Bitboard enemy = B::all & ~own & ~empty;
      const std::uint64_t turns = fanorona::detail::count_turns<B>(own, enemy);
      Counter one;
      one.add(own, enemy);
      REQUIRE(one.total() == turns);
      all.add(own, enemy);
      expected += turns;
    }
    CHECK(all.total() == expected);
  };
  for_each_counter<fanorona::Tsivy>([&](auto c) { check(fanorona::Tsivy{}, c); });
  for_each_counter<fanorona::Dimy>([&](auto c) { check(fanorona::Dimy{}, c); });
  for_each_counter<fanorona::Telo>([&](auto c) { check(fanorona::Telo{}, c); });
}

TEST_CASE("the leaf counter's overflow path counts the same", "[leaf_counter]") {
  // With room for only 16 saved nodes, the chain trees of opening positions overflow it all
  // the time: the nodes above the limit are counted one by one, and the sum must not change.
  for_each_counter<fanorona::Tsivy, 64, 16>([](auto c) {
    using Small = typename decltype(c)::type;
    counts_like_count_turns<Small, fanorona::Tsivy>(92);
    Small small;
    std::uint64_t expected = 0;
    for (const auto& p : test::random_game_positions<fanorona::Tsivy>(2000, 93, 12)) {
      small.add(p.own(), p.enemy());
      expected += fanorona::count_turns(p);
    }
    CHECK(small.total() == expected);
    if (Small::vectorized) CHECK(small.spilled() > 0);
  });
}

TEST_CASE("perft with the leaf counter matches a perft that counts one position at a time", "[leaf_counter][perft][paths]") {
  // The naive definition: perft(p, d) is the sum over turns of perft(after, d - 1).
  struct Naive {
    static std::uint64_t perft(const fanorona::Position& p, int depth) {
      if (depth == 1) return fanorona::count_turns(p);
      std::uint64_t n = 0;
      fanorona::for_each_turn(p, [&](const fanorona::Turn& t) { n += perft(p.after(t), depth - 1); });
      return n;
    }
  };
  for (const auto& p : test::random_game_positions<fanorona::Tsivy>(40, 94, 30))
    CHECK(fanorona::perft(p, 3) == Naive::perft(p, 3));
}
