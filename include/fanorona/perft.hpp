// fanorona: perft and divide, the standard check of a move generator.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_PERFT_HPP
#define FANORONA_PERFT_HPP

/// @file
/// @brief `perft` and `divide`: counting turn sequences, the standard check of a generator.

#include <cstdint>
#include <string>
#include <vector>

#include "detail/dispatch.hpp"
#include "detail/leaf_counter.hpp"
#include "movegen.hpp"
#include "position.hpp"

namespace fanorona {

/// @addtogroup counting
/// @{

namespace detail {

template <class B, InstructionSet S, class Counter>
struct AddLeaves;

// Adds the turns of every position `depth - 1` turns below (own, enemy) to `leaves`.
template <class B, InstructionSet S, class Counter>
FANORONA_DETAIL_ALWAYS_INLINE inline void add_leaves(Bitboard own, Bitboard enemy, int depth, Counter& leaves) noexcept {
  if (depth == 1) {
    leaves.add(own, enemy);
    return;
  }
  walk_turns<B, WalkMode::stones, S>(own, enemy, [&leaves, depth](const BasicTurn<B>&, Bitboard own_after, Bitboard enemy_after) {
    in_target<S>(AddLeaves<B, S, Counter>{}, enemy_after, own_after, depth - 1, leaves);
  });
}

// The recursion of add_leaves, through one type (dispatch.hpp).
template <class B, InstructionSet S, class Counter>
struct AddLeaves {
  FANORONA_DETAIL_ALWAYS_INLINE void operator()(Bitboard own, Bitboard enemy, int depth, Counter& leaves) const noexcept {
    add_leaves<B, S>(own, enemy, depth, leaves);
  }
};

// Every leaf turn goes through generation: the levels above the last walk the turns and
// recurse on the stones they leave; the last level is counted by a LeafCounter (paika by
// popcount, chains by walking them, several at a time where the machine has the vector
// instructions for it). No hash table, no shortcuts.
template <class B, InstructionSet S>
FANORONA_DETAIL_ALWAYS_INLINE inline std::uint64_t perft_with(Bitboard own, Bitboard enemy, int depth) noexcept {
  if (depth <= 0) return 1;
  if (depth == 1) return count_turns<B, S>(own, enemy);
  LeafCounter<B, S> leaves;
  add_leaves<B, S>(own, enemy, depth, leaves);
  return leaves.total();
}

// perft on the instruction set in use (instruction_set.hpp).
// Deliberately not constexpr: GCC tries to evaluate constexpr calls with constant arguments at
// compile time, and perft from a constant position would cost seconds of compilation.
template <class B>
std::uint64_t perft(Bitboard own, Bitboard enemy, int depth) noexcept {
  return dispatch([&](auto isa) FANORONA_DETAIL_ALWAYS_INLINE { return perft_with<B, decltype(isa)::value>(own, enemy, depth); });
}

}  // namespace detail

/// Number of distinct sequences of `depth` complete legal turns from `position` (docs/perft.md).
/// `perft(p, 0)` is 1; repetition draws are ignored.
template <class B>
std::uint64_t perft(const BasicPosition<B>& position, int depth) noexcept {
  return detail::perft<B>(position.own(), position.enemy(), depth);
}

/// One line of `divide`: a legal turn and the perft of the position it leads to.
template <class B = Tsivy>
struct BasicDivideEntry {
  BasicTurn<B> turn;     ///< A legal turn of the position divided.
  std::uint64_t count;   ///< `perft(position.after(turn), depth - 1)`.
};

/// perft split by the first turn, for finding where two generators disagree. The entries come
/// in generation order; their counts add up to `perft(position, depth)`. Needs `depth >= 1`.
template <class B>
std::vector<BasicDivideEntry<B>> divide(const BasicPosition<B>& position, int depth) {
  std::vector<BasicDivideEntry<B>> entries;
  for_each_turn(position, [&](const BasicTurn<B>& turn) {
    entries.push_back({turn, perft(position.after(turn), depth - 1)});
  });
  return entries;
}

/// A `divide` entry on the default 9x5 board.
using DivideEntry = BasicDivideEntry<Tsivy>;

/// @}

}  // namespace fanorona

#endif  // FANORONA_PERFT_HPP
