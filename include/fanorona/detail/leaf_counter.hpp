// fanorona: counting the turns of many positions at once (the last level of perft).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_LEAF_COUNTER_HPP
#define FANORONA_DETAIL_LEAF_COUNTER_HPP

// LeafCounter<B, S>: the sum of the legal-turn counts of many positions, for instruction set S.
//
// perft spends nearly all its time at the last level, counting the turns of each position
// it reaches, and nearly all of that in walking capture chains (docs/perft.md). A chain walk
// is a small tree search full of unpredictable branches. With AVX2 or AVX-512 the counter
// walks many chain trees side by side in vector lanes instead, with no branches per step
// (leaf_counter_avx2.hpp, leaf_counter_avx512.hpp); otherwise it simply adds up
// `count_turns`. All give the same numbers; the tests run each where the machine allows it.

#include <cstdint>
#include <type_traits>

#include "../board.hpp"
#include "../instruction_set.hpp"
#include "chain_walker.hpp"
#include "cpu.hpp"
#include "leaf_counter_avx2.hpp"
#include "leaf_counter_avx512.hpp"

namespace fanorona {
namespace detail {

// One position at a time, with the chain walker compiled for S.
template <class B, InstructionSet S = compiled_instruction_set>
class ScalarLeafCounter {
 public:
  FANORONA_DETAIL_ALWAYS_INLINE void add(Bitboard own, Bitboard enemy) noexcept { total_ += count_turns<B, S>(own, enemy); }
  std::uint64_t total() noexcept { return total_; }
  std::uint64_t spilled() const noexcept { return 0; }
  static constexpr bool vectorized = false;

 private:
  std::uint64_t total_ = 0;
};

// The counter kernel S uses: its vector counter if it has one, else the scalar one.
template <class B, InstructionSet S>
struct LeafCounterChoice {
  using type = ScalarLeafCounter<B, S>;
};
#if FANORONA_DETAIL_X86_TARGETS
template <class B>
struct LeafCounterChoice<B, InstructionSet::avx2> {
  using type = Avx2LeafCounter<B>;
};
template <class B>
struct LeafCounterChoice<B, InstructionSet::avx512> {
  using type = Avx512LeafCounter<B>;
};
#endif

template <class B, InstructionSet S = compiled_instruction_set>
using LeafCounter = typename LeafCounterChoice<B, effective_instruction_set<S>>::type;

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_DETAIL_LEAF_COUNTER_HPP
