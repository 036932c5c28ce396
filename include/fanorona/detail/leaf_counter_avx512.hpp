// fanorona: perft's last level counted in AVX-512 lanes.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_LEAF_COUNTER_AVX512_HPP
#define FANORONA_DETAIL_LEAF_COUNTER_AVX512_HPP

// Compiled for AVX-512 (F, BW, BITALG, VPOPCNTDQ) with BMI2 whatever the user's flags, in a
// target region; run only where the CPU has them (instruction_set.hpp). Only on x86-64 with
// GCC or Clang.

#include "cpu.hpp"

#if FANORONA_DETAIL_X86_TARGETS

#include <immintrin.h>

#include <cstdint>

#include "../board.hpp"
#include "../instruction_set.hpp"
#include "bits.hpp"
#include "capture.hpp"
#include "chain_walker.hpp"
#include "padded_board.hpp"

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("popcnt,bmi,bmi2,avx2,avx512f,avx512bw,avx512bitalg,avx512vpopcntdq"))), \
                             apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("popcnt,bmi,bmi2,avx2,avx512f,avx512bw,avx512bitalg,avx512vpopcntdq")
#endif

namespace fanorona {
namespace detail {


// GCC 12's AVX-512 intrinsics start from a self-initialized "undefined" vector, which its own
// -Wuninitialized then reports wherever they are inlined (GCC bug 105593, fixed in GCC 13).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

// Counts turns by walking every chain tree of every position added, 24 steps at a time: three
// groups of eight 64-bit lanes, each lane holding one chain node (where the stone stands,
// its untried steps, the enemy stones and the blocked points). One round takes the lowest
// untried step of every lane, finds the next steps from there with bit shuffles, counts
// them, and either moves the lane down to the new node (saving the untried siblings) or,
// at a dead end, refills it from a shared store of saved nodes. Every chain step becomes
// exactly one lane step, so no turn is skipped or counted twice; the order of the walk does
// not matter for a sum. Positions come in through add(), which counts paika positions by
// popcount and stores each capturing stone's first steps as a node.
template <class B, int Capacity = 1024, int Spill = Capacity - 64>
class Avx512LeafCounter {
  using P = PaddedBoard<B>;
  static constexpr int groups = 3;  // run() names them one by one
  // add() hands the nodes to the lanes once this many are stored, and they keep going until
  // fewer than `low` are left, so that every lane always finds work.
  static constexpr int high = Capacity / 4;
  static constexpr int low = 32;
  // Above `Spill` stored nodes, nodes are taken off the store and counted one by one
  // (count_below), so that the next saves always fit: add() saves at most one node per
  // stone, a round at most eight per group. Never reached in perft at the default capacity;
  // the tests set a low Spill to exercise it.
  static_assert(Spill > 0 && Spill + B::stones_per_side + 8 <= Capacity, "LeafCounter capacity too small");

 public:
  static constexpr bool vectorized = true;

  Avx512LeafCounter() noexcept {
    for (Lanes& g : groups_) {
      g.at = _mm512_set1_epi64(P::center);
      g.steps = _mm512_setzero_si512();
      g.enemy = _mm512_setzero_si512();
      g.occupied = _mm512_set1_epi64(-1);
    }
    counted_ = _mm512_setzero_si512();
  }

  /// Adds the number of legal turns of the side owning `own` to the total.
  void add(Bitboard own, Bitboard enemy) noexcept {
    const Bitboard movers = capturing_stones<B>(own, enemy);
    if (!movers) {
      total_ += static_cast<std::uint64_t>(count_paika<B, InstructionSet::avx512>(own, enemy));
      return;
    }
    const Bitboard enemy_padded = P::pad(enemy), occupied_padded = P::pad(own | enemy) | P::padding;
    for (Bitboard stones = P::pad(movers); stones; stones &= stones - 1) {
      const int at = lowest_point(stones);
      const unsigned steps = P::capture_steps(at, direction_count, enemy_padded, occupied_padded);
      total_ += static_cast<std::uint64_t>(popcount_with<true>(steps));
      save(enemy_padded, occupied_padded, at, steps);
    }
    if (stored_ > high) run(false);
  }

  /// The sum so far, after finishing every walk in progress.
  std::uint64_t total() noexcept {
    run(true);
    return total_ + static_cast<std::uint64_t>(_mm512_reduce_add_epi64(counted_));
  }

  /// How many stored nodes were counted one by one because the store was nearly full.
  std::uint64_t spilled() const noexcept { return spilled_; }

 private:
  struct Lanes {
    __m512i at, steps, enemy, occupied;
  };

  void save(Bitboard enemy, Bitboard occupied, int at, unsigned steps) noexcept {
    enemy_[stored_] = enemy;
    occupied_[stored_] = occupied;
    node_[stored_] = static_cast<Bitboard>(at) | (Bitboard{steps} << 8);
    ++stored_;
  }

  // Bit-shuffle indexes: byte c of each lane names the window bit looked at for direction c.
  static constexpr Bitboard shuffle_index(int multiple) noexcept {
    Bitboard v = 0;
    for (int c = 0; c < direction_count; ++c)
      v |= Bitboard{static_cast<std::uint8_t>(P::center + multiple * P::step[c])} << (8 * c);
    return v;
  }
  static constexpr Bitboard near_index = shuffle_index(1), far_index = shuffle_index(2),
                            behind_index = shuffle_index(-1), direction_index = 0x0706050403020100;

  // One round of a group, in four parts. All are always inlined into run(), so that the
  // three groups' state stays in registers.
  [[gnu::always_inline]] void step(Lanes& g, int& stored, __m512i& counted) noexcept {
    const __m512i one = _mm512_set1_epi64(1);
    // The lowest untried step of each lane: edge 0-7 approach, 8-15 withdrawal, 16 idle.
    const __m512i marked = _mm512_or_si512(g.steps, _mm512_set1_epi64(0x10000));
    const __m512i lowest = _mm512_and_si512(marked, _mm512_sub_epi64(_mm512_setzero_si512(), marked));
    const __m512i edge = _mm512_popcnt_epi64(_mm512_sub_epi64(lowest, one));
    const __mmask8 active = _mm512_test_epi64_mask(g.steps, g.steps);
    const __mmask8 withdrawal = _mm512_test_epi64_mask(edge, _mm512_set1_epi64(8));
    const __m512i siblings = _mm512_and_si512(g.steps, _mm512_sub_epi64(g.steps, one));
    const __m512i direction = _mm512_and_si512(edge, _mm512_set1_epi64(7));
    const __m512i index_steps = _mm512_setr_epi64(P::step[0], P::step[1], P::step[2], P::step[3], P::step[4],
                                                  P::step[5], P::step[6], P::step[7]);
    const __m512i s = _mm512_permutexvar_epi64(direction, index_steps);
    const __m512i to = _mm512_add_epi64(g.at, s);
    // Neighborhood of `to` at the window center.
    const __m512i shift = _mm512_sub_epi64(to, _mm512_set1_epi64(P::center));
    const __m512i enemy_window = _mm512_rorv_epi64(g.enemy, shift);
    const __m512i next = next_steps(to, direction, active, enemy_window, _mm512_rorv_epi64(g.occupied, shift));
    counted = _mm512_add_epi64(counted, _mm512_popcnt_epi64(next));
    const __m512i run = captured_line(s, withdrawal, enemy_window, shift);
    descend(g, stored, next, siblings, to, run);
    refill(g, stored);
    spill(stored);
  }

  // The capturing steps from `to` (the chain rule in lanes: free neighbor, not straight on,
  // an enemy two steps away or behind), as 16 bits per lane like `steps`.
  [[gnu::always_inline]] static __m512i next_steps(__m512i to, __m512i direction, __mmask8 active, __m512i enemy_window,
                                                    __m512i occupied_window) noexcept {
    const __m512i one = _mm512_set1_epi64(1);
    const std::uint64_t occupied_near = _mm512_bitshuffle_epi64_mask(occupied_window, _mm512_set1_epi64(near_index));
    const std::uint64_t enemy_far = _mm512_bitshuffle_epi64_mask(enemy_window, _mm512_set1_epi64(far_index));
    const std::uint64_t enemy_behind = _mm512_bitshuffle_epi64_mask(enemy_window, _mm512_set1_epi64(behind_index));
    const __mmask8 strong = _mm512_test_epi64_mask(_mm512_srlv_epi64(_mm512_set1_epi64(static_cast<long long>(P::strong)), to), one);
    __m512i directions = _mm512_mask_blend_epi64(strong, _mm512_set1_epi64(P::orthogonal_directions),
                                                 _mm512_set1_epi64(P::all_directions));
    // Not straight on (never twice in a row in the same direction); idle lanes get nothing.
    directions = _mm512_maskz_andnot_epi64(active, _mm512_sllv_epi64(one, direction), directions);
    const std::uint64_t allowed = _mm512_bitshuffle_epi64_mask(directions, _mm512_set1_epi64(direction_index));
    const std::uint64_t free_steps = allowed & ~occupied_near;
    const __m512i approach = _mm512_cvtepu8_epi64(_mm_cvtsi64_si128(static_cast<long long>(free_steps & enemy_far)));
    const __m512i withdraw = _mm512_cvtepu8_epi64(_mm_cvtsi64_si128(static_cast<long long>(free_steps & enemy_behind)));
    return _mm512_or_si512(approach, _mm512_slli_epi64(withdraw, 8));
  }

  // The captured line of each lane's step `s`, back in board coordinates: by approach from
  // center + s onwards, by withdrawal from center - 2s backwards. An occluded fill of
  // 1 + 1 + 2 + 4 points covers the longest line (seven stones on nine files).
  [[gnu::always_inline]] static __m512i captured_line(__m512i s, __mmask8 withdrawal, __m512i enemy_window,
                                                       __m512i shift) noexcept {
    const __m512i zero = _mm512_setzero_si512();
    const __m512i center = _mm512_set1_epi64(P::center);
    const __m512i along = _mm512_mask_sub_epi64(s, withdrawal, zero, s);
    const __m512i first = _mm512_mask_sub_epi64(_mm512_add_epi64(center, s), withdrawal, center, _mm512_add_epi64(s, s));
    __m512i run = _mm512_and_si512(_mm512_sllv_epi64(_mm512_set1_epi64(1), first), enemy_window);
    run = _mm512_or_si512(run, _mm512_and_si512(_mm512_rolv_epi64(run, along), enemy_window));
    const __m512i along2 = _mm512_add_epi64(along, along);
    const __m512i pairs = _mm512_and_si512(enemy_window, _mm512_rolv_epi64(enemy_window, along));
    run = _mm512_or_si512(run, _mm512_and_si512(_mm512_rolv_epi64(run, along2), pairs));
    const __m512i quads = _mm512_and_si512(pairs, _mm512_rolv_epi64(pairs, along2));
    run = _mm512_or_si512(run, _mm512_and_si512(_mm512_rolv_epi64(run, _mm512_add_epi64(along2, along2)), quads));
    return _mm512_rolv_epi64(run, shift);
  }

  // Lanes that go on save their untried siblings, then move to the new node.
  [[gnu::always_inline]] void descend(Lanes& g, int& stored, __m512i next, __m512i siblings, __m512i to,
                                      __m512i run) noexcept {
    const __mmask8 goes_on = _mm512_test_epi64_mask(next, next);
    const __mmask8 saves = static_cast<__mmask8>(goes_on & _mm512_test_epi64_mask(siblings, siblings));
    _mm512_storeu_si512(enemy_ + stored, _mm512_maskz_compress_epi64(saves, g.enemy));
    _mm512_storeu_si512(occupied_ + stored, _mm512_maskz_compress_epi64(saves, g.occupied));
    _mm512_storeu_si512(node_ + stored,
                        _mm512_maskz_compress_epi64(saves, _mm512_or_si512(g.at, _mm512_slli_epi64(siblings, 8))));
    stored += popcount_with<true>(saves);
    g.at = _mm512_mask_mov_epi64(g.at, goes_on, to);
    g.steps = _mm512_mask_mov_epi64(siblings, goes_on, next);
    g.enemy = _mm512_mask_andnot_epi64(g.enemy, goes_on, run, g.enemy);
    g.occupied = _mm512_mask_andnot_epi64(g.occupied, goes_on, run,
                                          _mm512_or_si512(g.occupied, _mm512_sllv_epi64(_mm512_set1_epi64(1), to)));
  }

  // Lanes with nothing left take stored nodes.
  [[gnu::always_inline]] void refill(Lanes& g, int& stored) noexcept {
    const __mmask8 idle = _mm512_testn_epi64_mask(g.steps, g.steps);
    int taken = popcount_with<true>(idle);
    if (taken > stored) taken = stored;
    const __mmask8 refill = static_cast<__mmask8>(_pdep_u32((1U << taken) - 1U, idle));
    stored -= taken;
    g.enemy = _mm512_mask_expand_epi64(g.enemy, refill, _mm512_loadu_si512(enemy_ + stored));
    g.occupied = _mm512_mask_expand_epi64(g.occupied, refill, _mm512_loadu_si512(occupied_ + stored));
    const __m512i node = _mm512_maskz_expand_epi64(refill, _mm512_loadu_si512(node_ + stored));
    g.at = _mm512_mask_mov_epi64(g.at, refill, _mm512_and_si512(node, _mm512_set1_epi64(0xFF)));
    g.steps = _mm512_mask_mov_epi64(g.steps, refill, _mm512_srli_epi64(node, 8));
  }

  // Above `Spill` stored nodes, count nodes one by one so that the next saves fit.
  [[gnu::always_inline]] void spill(int& stored) noexcept {
    while (stored > Spill) {
      --stored;
      const int at = static_cast<int>(node_[stored] & 0xFF);
      const unsigned steps = static_cast<unsigned>(node_[stored] >> 8);
      total_ += P::count_below(at, steps, enemy_[stored], occupied_[stored]);
      ++spilled_;
    }
  }

  static bool busy(const Lanes& g) noexcept { return _mm512_test_epi64_mask(g.steps, g.steps) != 0; }

  // Runs the lanes until the store runs low, or (finish) until every walk is done.
  void run(bool finish) noexcept {
    // Locals, not members: the vector stores could alias members and force reloads.
    Lanes g0 = groups_[0], g1 = groups_[1], g2 = groups_[2];
    int stored = stored_;
    __m512i counted = counted_;
    for (;;) {
      step(g0, stored, counted);
      step(g1, stored, counted);
      step(g2, stored, counted);
      if (finish) {
        if (stored == 0 && !busy(g0) && !busy(g1) && !busy(g2)) break;
      } else if (stored < low) {
        break;
      }
    }
    groups_[0] = g0, groups_[1] = g1, groups_[2] = g2;
    stored_ = stored;
    counted_ = counted;
  }

  Lanes groups_[groups];
  __m512i counted_;
  std::uint64_t total_ = 0;
  std::uint64_t spilled_ = 0;
  int stored_ = 0;
  // The store of saved nodes; the slack takes the full-width stores of compress.
  alignas(64) Bitboard enemy_[Capacity + 8]{};
  alignas(64) Bitboard occupied_[Capacity + 8]{};
  alignas(64) Bitboard node_[Capacity + 8]{};
};

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace detail
}  // namespace fanorona

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#endif  // FANORONA_DETAIL_X86_TARGETS

#endif  // FANORONA_DETAIL_LEAF_COUNTER_AVX512_HPP
