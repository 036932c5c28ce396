// fanorona: the capture rule, stated once.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_CAPTURE_HPP
#define FANORONA_DETAIL_CAPTURE_HPP

// Everything the engine knows about which steps capture and which stones they take
// (docs/rules.md, "Approach and withdrawal", "The captured line", "Chains"):
//
//   A step from p in direction D to the empty neighbor q captures
//   - by approach when the point beyond q in direction D holds an enemy stone,
//   - by withdrawal when the point behind p (direction opposite D) holds an enemy stone,
//   and takes that stone and every enemy stone right behind it on the same line, up to the
//   first empty point, own stone or edge.
//   A chain goes on from q only with such steps, never in direction D again and never to a
//   point the stone has stood on this turn.
//
// Each form below is that rule for one kind of caller: whole-board masks for the first step
// (generation, has_capture, the evaluation), one point and one direction (the step-by-step
// builder), chain continuations of one stone (every chain walk), and the captured line. The
// vector leaf counter (leaf_counter.hpp) restates it in vector lanes for speed; the tests check
// every form against the others (tests/capture_test.cpp).

#include "../board.hpp"
#include "../instruction_set.hpp"
#include "bits.hpp"
#include "cpu.hpp"
#include "geometry.hpp"

#if FANORONA_DETAIL_X86_TARGETS
#include <immintrin.h>
#endif

namespace fanorona {
namespace detail {

// ---- the first step, for the whole board at once ------------------------------------------

// The points from which a step in direction D captures by approach: the next point is empty
// and the one after it holds an enemy stone.
template <class B, int D>
constexpr Bitboard approach_points(Bitboard empty, Bitboard enemy) noexcept {
  return B::template back<D>(empty & B::template back<D>(enemy));
}

// The points from which a step in direction D captures by withdrawal: the next point is empty
// and the point behind holds an enemy stone.
template <class B, int D>
constexpr Bitboard withdrawal_points(Bitboard empty, Bitboard enemy) noexcept {
  return B::template back<D>(empty) & B::template back<D ^ 1>(enemy);
}

// For each direction, the stones of `own` that can start a capture by approach or by
// withdrawal stepping that way.
template <class B>
struct CaptureStarts {
  Table<Bitboard, direction_count> approach{};
  Table<Bitboard, direction_count> withdrawal{};
  Bitboard any = 0;

  constexpr CaptureStarts(Bitboard own, Bitboard enemy) noexcept {
    const Bitboard empty = B::all & ~(own | enemy);
    for_each_direction([&](auto dir) {
      constexpr int D = decltype(dir)::value;
      approach[D] = own & approach_points<B, D>(empty, enemy);
      withdrawal[D] = own & withdrawal_points<B, D>(empty, enemy);
      any |= approach[D] | withdrawal[D];
    });
  }
};

// The stones of `own` that have a capturing step: CaptureStarts::any without the
// per-direction sets, for the places that need only that.
template <class B>
constexpr Bitboard capturing_stones(Bitboard own, Bitboard enemy) noexcept {
  const Bitboard empty = B::all & ~(own | enemy);
  Bitboard any = 0;
  for_each_direction([&](auto dir) {
    constexpr int D = decltype(dir)::value;
    any |= approach_points<B, D>(empty, enemy) | withdrawal_points<B, D>(empty, enemy);
  });
  return own & any;
}

// The stones of `victim` that `attacker` could capture first (the stone next to the step's
// line) with one step: the far end of each capture that approach_points and
// withdrawal_points allow. The rest of each captured line is not included.
template <class B>
constexpr Bitboard first_captured_stones(Bitboard attacker, Bitboard victim) noexcept {
  const Bitboard empty = B::all & ~(attacker | victim);
  Bitboard hit = 0;
  for_each_direction([&](auto dir) {
    constexpr int D = decltype(dir)::value;
    hit |= B::template shift<D>(B::template shift<D>(attacker & approach_points<B, D>(empty, victim)));
    hit |= B::template shift<D ^ 1>(attacker & withdrawal_points<B, D>(empty, victim));
  });
  return hit;
}

// ---- one step ----------------------------------------------------------------------------

// The enemy stone a step from `from` in direction `d` would capture first by approach, or
// no_index. The caller has checked that the step's destination is empty.
template <class B>
constexpr int approach_victim(int from, int d, Bitboard enemy) noexcept {
  const int to = B::neighbor[from][d].index();
  const int ahead = to == no_index ? no_index : int{B::neighbor[to][d].index()};
  return ahead != no_index && (enemy & bit(ahead)) ? ahead : no_index;
}

// The enemy stone a step from `from` in direction `d` would capture first by withdrawal, or
// no_index. The caller has checked that the step's destination exists and is empty.
template <class B>
constexpr int withdrawal_victim(int from, int d, Bitboard enemy) noexcept {
  const int behind = B::neighbor[from][d ^ 1].index();
  return behind != no_index && (enemy & bit(behind)) ? behind : no_index;
}

// ---- the captured line --------------------------------------------------------------------

// The enemy stones a capture removes: the run of enemy stones that starts at `first` (an enemy
// stone) and goes on in direction `d` up to the first empty point, own stone or edge. The run
// is a prefix of a precomputed line, cut at the nearest non-enemy point with one bit scan.
template <class B>
constexpr Bitboard capture_run(int first, int d, Bitboard enemy) noexcept {
  const Bitboard line = B::line_from[first][d];
  const Bitboard stop = line & ~enemy;
  // Even directions increase the point index, odd ones decrease it (see Direction). Both cuts
  // are computed and one is selected, which compiles without a branch; the sentinel bit in
  // the second keeps a line with no stop whole.
  const Bitboard upward = line & ((stop & (0 - stop)) - 1);
  const Bitboard downward = line & ~(bit(highest_point((stop << 1) | 1)) - 1);
  return (d & 1) ? downward : upward;
}

// The stones taken by the capturing step from `from` to `to` in direction `d`: by approach the
// line beyond `to`, by withdrawal the line behind `from`. The kind is a template argument in
// the walkers, so that each loop computes only its own line.
template <class B, bool Approach>
constexpr Bitboard captured_line(int from, int to, int d, Bitboard enemy) noexcept {
  if constexpr (Approach)
    return capture_run<B>(2 * to - from, d, enemy);
  else
    return capture_run<B>(2 * from - to, d ^ 1, enemy);
}
template <class B>
constexpr Bitboard captured_line(int from, int to, int d, bool by_approach, Bitboard enemy) noexcept {
  return by_approach ? captured_line<B, true>(from, to, d, enemy) : captured_line<B, false>(from, to, d, enemy);
}

// ---- chain continuations ------------------------------------------------------------------

// The destinations of the capturing steps a chain can continue with from `at`, after a step
// in direction `last`: by approach and by withdrawal. `blocked` holds the mover's other
// stones and every point it has occupied this turn.
//
// They never depend on the stones the last step captured (those lie on its own line, ahead of
// `at` or behind its start, where the chain may not go next), so a walker may compute them
// before removing the captures, and skip the removal when there is no continuation.
//
// The work goes from the enemy stones near `at`, not the eight directions: an approach needs
// an enemy two steps away (the step goes to the midpoint), a withdrawal an adjacent one (the
// step goes to its mirror image through `at`). Because the eight index steps differ, a
// midpoint or mirror image that is a true neighbor of `at` lies on the right line; one off
// the board is never a neighbor (`& 63` only keeps the shift defined), so `targets` drops it.
#if FANORONA_DETAIL_X86_TARGETS
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("popcnt,bmi,bmi2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("popcnt,bmi,bmi2")
#endif
// With BMI2 the sets come from gathering bits instead of looping: the neighbors of `at` in
// increasing index order form a compact bit string (pext), the enemies two steps away are
// spread onto the neighbors they lie behind (pdep), and for withdrawals the adjacent enemies
// go through the 8 canonical directions, where "opposite" is a bit reversal, and back.
// Compiled for BMI2 whatever the flags; inlined only into code compiled for BMI2.
template <class B>
inline void gather_chain_steps(int at, Bitboard targets, Bitboard enemy, Bitboard& approach, Bitboard& withdrawal) noexcept {
  using G = Geometry<B>;
  const Bitboard adjacent = B::adjacent[at];
  const Bitboard free_bits = _pext_u64(targets, adjacent);
  const Bitboard far_bits = _pdep_u64(_pext_u64(enemy, B::two_steps[at]), G::neighbors_with_two_steps[at]);
  const Bitboard near8 = _pdep_u64(_pext_u64(enemy, adjacent), G::line_directions[at]);
  const Bitboard behind_bits = _pext_u64(reversed_bytes[static_cast<int>(near8)], G::line_directions[at]);
  approach = _pdep_u64(free_bits & far_bits, adjacent);
  withdrawal = _pdep_u64(free_bits & behind_bits, adjacent);
}
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif

template <class B, InstructionSet S = compiled_instruction_set>
struct ChainSteps {
  Bitboard approach = 0, withdrawal = 0;

  FANORONA_DETAIL_ALWAYS_INLINE ChainSteps(int at, int last, Bitboard enemy, Bitboard blocked) noexcept {
    const Bitboard targets = B::adjacent[at] & ~(blocked | enemy | B::straight_on[at][last]);
    if (!targets) return;
#if FANORONA_DETAIL_X86_TARGETS
    if constexpr (effective_instruction_set<S> >= InstructionSet::bmi2) {
      gather_chain_steps<B>(at, targets, enemy, approach, withdrawal);
      return;
    }
#endif
    for (int far : indexes(B::two_steps[at] & enemy)) approach |= bit((at + far) >> 1);
    for (int near : indexes(B::adjacent[at] & enemy)) withdrawal |= bit((2 * at - near) & 63);
    approach &= targets;
    withdrawal &= targets;
  }
  constexpr bool any() const noexcept { return (approach | withdrawal) != 0; }
};

// The direction of the step from `at` to its neighbor `to` (both on the board, joined).
template <class B>
constexpr int direction_of_step(int at, int to) noexcept {
  return Geometry<B>::step_directions[to - at + B::width + 1];
}

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_DETAIL_CAPTURE_HPP
