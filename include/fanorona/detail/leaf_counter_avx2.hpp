// fanorona: perft's last level counted in AVX2 lanes.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_LEAF_COUNTER_AVX2_HPP
#define FANORONA_DETAIL_LEAF_COUNTER_AVX2_HPP

// Compiled for AVX2 with BMI2 whatever the user's flags, in a target region; run only where
// the CPU has them (instruction_set.hpp). Only on x86-64 with GCC or Clang.

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
#pragma clang attribute push(__attribute__((target("popcnt,bmi,bmi2,avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("popcnt,bmi,bmi2,avx2")
#endif

namespace fanorona {
namespace detail {

// GCC 12's vector intrinsics start from a self-initialized "undefined" vector, which its own
// -Wuninitialized then reports wherever they are inlined (GCC bug 105593, fixed in GCC 13).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

// The AVX-512 counter's walk (leaf_counter_avx512.hpp) in four groups of four 64-bit lanes,
// each lane one chain node, for CPUs without AVX-512's bit shuffles, compress and expand,
// rotates and vector popcount. What stands in for them:
//
// - A lane keeps its enemy stones and occupied points as windows centered on its stone
//   (PaddedBoard::window), not as board sets: a step in direction s is one rotation by s
//   (two variable shifts and an or), a captured line is removed where it is found, and the stone's own
//   point is a constant bit. Saved nodes keep the same windows.
// - The lowest untried step becomes a number without a popcount: converted to float, its
//   exponent is the bit's index. That number, put in the low byte of a lane with the other
//   bytes set to 0x80, indexes 16-byte vpshufb tables of everything that depends only on the
//   step (rotation counts, where its captured line starts and runs): one instruction each.
// - The eight neighbors, the eight points two steps away and the eight points behind are
//   window bits at fixed places, so one vpshufb per set moves the byte holding neighbor k's
//   bit into byte k of its lane, an and keeps that bit, and a compare makes the byte all ones
//   or zero. Anded with weights 2^k and summed by vpsadbw, the bytes give the 8-bit set.
// - The node store takes and gives lanes through vpermd with 16-entry tables of the
//   permutations that compress or expand four lanes by a 4-bit mask.
// - Every round moves each busy lane one step, which is one turn: counting busy lanes counts
//   the turns, with no popcount of the step sets.
// The round is bound by the vector ports, not by latency (six or eight groups measured no
// faster than four); with 16 vector registers the groups' state lives in memory between
// rounds, at the price of a load and a store.
template <class B, int Capacity = 1024, int Spill = Capacity - 64>
class Avx2LeafCounter {
  using P = PaddedBoard<B>;
  static constexpr int groups = 4;
  // add() hands the nodes to the lanes once this many are stored, and they keep going until
  // fewer than `low` are left, so that every lane always finds work.
  static constexpr int high = Capacity / 4;
  static constexpr int low = 32;
  // Above `Spill` stored nodes, nodes are taken off the store and counted one by one
  // (count_below), so that the next saves always fit: add() saves at most one node per
  // stone, a round at most four per group. Never reached in perft at the default capacity;
  // the tests set a low Spill to exercise it.
  static_assert(Spill > 0 && Spill + B::stones_per_side + 8 <= Capacity, "LeafCounter capacity too small");

 public:
  static constexpr bool vectorized = true;

  Avx2LeafCounter() noexcept {
    for (Lanes& g : groups_) {
      g.at = _mm256_set1_epi64x(P::center);
      g.steps = _mm256_setzero_si256();
      g.enemy = _mm256_setzero_si256();
      g.occupied = _mm256_set1_epi64x(-1);
    }
    counted_ = _mm256_setzero_si256();
  }

  /// Adds the number of legal turns of the side owning `own` to the total.
  void add(Bitboard own, Bitboard enemy) noexcept {
    const Bitboard movers = capturing_stones<B>(own, enemy);
    if (!movers) {
      total_ += static_cast<std::uint64_t>(count_paika<B, InstructionSet::avx2>(own, enemy));
      return;
    }
    const Bitboard enemy_padded = P::pad(enemy), occupied_padded = P::pad(own | enemy) | P::padding;
    for (Bitboard stones = P::pad(movers); stones; stones &= stones - 1) {
      const int at = lowest_point(stones);
      const unsigned steps = P::capture_steps(at, direction_count, enemy_padded, occupied_padded);
      save(P::window(enemy_padded, at), P::window(occupied_padded, at), at, steps);
    }
    if (stored_ > high) run(false);
  }

  /// The sum so far, after finishing every walk in progress.
  std::uint64_t total() noexcept {
    run(true);
    alignas(32) std::uint64_t lanes[4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), counted_);
    return total_ + lanes[0] + lanes[1] + lanes[2] + lanes[3];
  }

  /// How many stored nodes were counted one by one because the store was nearly full.
  std::uint64_t spilled() const noexcept { return spilled_; }

 private:
  struct Lanes {
    __m256i at, steps, enemy, occupied;
  };

  void save(Bitboard enemy_window, Bitboard occupied_window, int at, unsigned steps) noexcept {
    enemy_[stored_] = enemy_window;
    occupied_[stored_] = occupied_window;
    node_[stored_] = static_cast<Bitboard>(at) | (Bitboard{steps} << 8);
    ++stored_;
  }

  // ---- tables ----

  // What the vpshufb tables hold for each step number `edge` (0-7 approach in canonical
  // direction edge, 8-15 withdrawal in direction edge - 8).
  enum Entry { rotate_down, rotate_up, straight_on, line_start, line_up1, line_down1, line_up2, line_down2, line_up4, line_down4 };
  static constexpr int entry(Entry what, int edge) noexcept {
    const int s = P::step[edge & 7];
    const bool withdrawal = edge >= 8;
    const int along = withdrawal ? -s : s;
    switch (what) {
      // Moving the window center from the stone to the step's destination.
      case rotate_down: return s & 63;
      case rotate_up: return 64 - (s & 63);
      // The step that would go on in the same direction, as its bit among the next steps.
      case straight_on: return 1 << (edge & 7);
      // Captured lines, in the destination's window: by approach from the point beyond it,
      // by withdrawal from the point behind the start, each going away from the stone.
      case line_start: return withdrawal ? P::center - 2 * s : P::center + s;
      case line_up1: return along & 63;
      case line_down1: return 64 - (along & 63);
      case line_up2: return (2 * along) & 63;
      case line_down2: return 64 - ((2 * along) & 63);
      case line_up4: return (4 * along) & 63;
      default: return 64 - ((4 * along) & 63);
    }
  }
  static constexpr int entries = line_down4 + 1;

  // The sets of eight points around the center that the next steps need, point k in
  // canonical direction k: the neighbors, the points two steps away, the points behind.
  enum Set { neighbors, two_steps_away, behind };
  static constexpr int set_multiple[3] = {1, 2, -1};

  // Every vector constant, computed at compile time: GCC would otherwise build the tables
  // with scalar loops on every round.
  struct Constants {
    alignas(32) std::uint64_t tables[entries][4];
    // Per set: vpshufb controls that bring the byte holding point k into byte k, and the
    // bit to keep in each byte.
    alignas(32) std::uint64_t gathers[6][4];
  };
  static constexpr Constants make_constants() noexcept {
    Constants k{};
    for (int what = 0; what < entries; ++what)
      for (int half = 0; half < 2; ++half) {
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i)
          v |= static_cast<std::uint64_t>(entry(static_cast<Entry>(what), 8 * half + i) & 0xFF) << (8 * i);
        // vpshufb looks up within 128-bit halves: the table is repeated in both.
        k.tables[what][half] = k.tables[what][half + 2] = v;
      }
    for (int set = 0; set < 3; ++set) {
      std::uint64_t control = 0, bits = 0;
      for (int c = 0; c < direction_count; ++c) {
        const int point = P::center + set_multiple[set] * P::step[c];
        control |= static_cast<std::uint64_t>(point >> 3) << (8 * c);
        bits |= static_cast<std::uint64_t>(1U << (point & 7)) << (8 * c);
      }
      // The upper lane of each 128-bit half reads its own bytes, 8-15.
      for (int lane = 0; lane < 4; ++lane) {
        k.gathers[2 * set][lane] = control + (lane % 2 ? 0x0808080808080808ULL : 0);
        k.gathers[2 * set + 1][lane] = bits;
      }
    }
    return k;
  }
  static constexpr Constants constants = make_constants();

  // Each lane's entry: `edge` has the step number in its low byte and 0x80 above, which
  // vpshufb turns into zero bytes.
  static __m256i lookup(Entry what, __m256i edge) noexcept { return _mm256_shuffle_epi8(load(constants.tables[what]), edge); }

  // Nonzero byte k where the window has point k of the set.
  template <Set S>
  static __m256i gather(__m256i window) noexcept {
    return _mm256_and_si256(_mm256_shuffle_epi8(window, load(constants.gathers[2 * S])), load(constants.gathers[2 * S + 1]));
  }

  // Weak points (file + rank odd): no diagonal steps from them.
  static constexpr Bitboard weak = P::points & ~P::strong;
  // The diagonal directions (canonical 0, 2, 5, 7), by approach and by withdrawal.
  static constexpr long long diagonal_steps = 0xA5A5;

  struct Permutations {
    // vpermd indexes: compress[m] puts the lanes of mask m first, in order; expand[m] puts
    // the first lanes, in order, into the lanes of m; lanes[m] is m as a lane mask.
    alignas(32) std::int32_t compress[16][8];
    alignas(32) std::int32_t expand[16][8];
    alignas(32) std::int64_t lanes[16][4];
  };
  static constexpr Permutations make_permutations() noexcept {
    Permutations t{};
    for (int m = 0; m < 16; ++m) {
      int k = 0;
      for (int j = 0; j < 4; ++j) {
        if (!(m & (1 << j))) continue;
        t.compress[m][2 * k] = 2 * j, t.compress[m][2 * k + 1] = 2 * j + 1;
        t.expand[m][2 * j] = 2 * k, t.expand[m][2 * j + 1] = 2 * k + 1;
        t.lanes[m][j] = -1;
        ++k;
      }
    }
    return t;
  }
  static constexpr Permutations permutations = make_permutations();
  static __m256i load(const void* p) noexcept { return _mm256_load_si256(static_cast<const __m256i*>(p)); }
  static __m256i loadu(const void* p) noexcept { return _mm256_loadu_si256(static_cast<const __m256i*>(p)); }
  static void storeu(void* p, __m256i v) noexcept { _mm256_storeu_si256(static_cast<__m256i*>(p), v); }

  // Lanes of `a`, or of `b` where the lane mask `take_b` is set: a lane mask needs only
  // the sign bit of each lane, which vblendvpd reads.
  static __m256i blend(__m256i a, __m256i b, __m256i take_b) noexcept {
    return _mm256_castpd_si256(_mm256_blendv_pd(_mm256_castsi256_pd(a), _mm256_castsi256_pd(b), _mm256_castsi256_pd(take_b)));
  }

  // Bits shifted down by `down` or'ed with bits shifted up by `up`: a rotation when the two
  // add up to 64 (a count of 64 shifts everything out).
  static __m256i rotate(__m256i x, __m256i down, __m256i up) noexcept {
    return _mm256_or_si256(_mm256_srlv_epi64(x, down), _mm256_sllv_epi64(x, up));
  }

  // ---- one round ----

  // One round of a group: take the lowest untried step of every lane, find the next steps
  // from its destination, count the step, then move the lane down to the new node (saving
  // the untried siblings) or, at a dead end, refill it from the store.
  [[gnu::always_inline]] void step(Lanes& g, int& stored, __m256i& counted) noexcept {
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi64x(1);
    const __m256i steps = g.steps;
    const __m256i lowest = _mm256_and_si256(steps, _mm256_sub_epi64(zero, steps));
    const __m256i siblings = _mm256_xor_si256(steps, lowest);
    const __m256i idle = _mm256_cmpeq_epi64(steps, zero);
    counted = _mm256_add_epi64(counted, _mm256_andnot_si256(idle, one));
    // 2^edge as a float has exponent 127 + edge; idle lanes (0.0) get garbage, masked below.
    const __m256i exponent = _mm256_srli_epi64(_mm256_castps_si256(_mm256_cvtepi32_ps(lowest)), 23);
    const __m256i edge = _mm256_add_epi64(exponent, _mm256_set1_epi64x(static_cast<long long>(0x8080808080808000ULL - 127)));
    const __m256i down = lookup(rotate_down, edge), up = lookup(rotate_up, edge);
    const __m256i enemy = rotate(g.enemy, down, up), occupied = rotate(g.occupied, down, up);
    const __m256i to = _mm256_and_si256(_mm256_add_epi64(g.at, down), _mm256_set1_epi64x(63));
    const __m256i next = next_steps(edge, to, idle, enemy, occupied);
    const __m256i run = captured_line(edge, enemy);
    descend(g, stored, next, siblings, to, enemy, occupied, run);
    refill(g, stored);
    spill(stored);
  }

  // The capturing steps from the destination (the chain rule in lanes: free neighbor, an
  // enemy two steps away or behind, not straight on, no diagonal from a weak point), as 16
  // bits per lane like `steps`.
  [[gnu::always_inline]] static __m256i next_steps(__m256i edge, __m256i to, __m256i idle, __m256i enemy,
                                                    __m256i occupied) noexcept {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i weights = _mm256_set1_epi64x(static_cast<long long>(0x8040201008040201ULL));
    const __m256i free_steps = _mm256_and_si256(_mm256_cmpeq_epi8(gather<neighbors>(occupied), zero), weights);
    const __m256i approach = _mm256_andnot_si256(_mm256_cmpeq_epi8(gather<two_steps_away>(enemy), zero), free_steps);
    const __m256i withdrawal = _mm256_andnot_si256(_mm256_cmpeq_epi8(gather<behind>(enemy), zero), free_steps);
    const __m256i next = _mm256_or_si256(_mm256_sad_epu8(approach, zero), _mm256_slli_epi64(_mm256_sad_epu8(withdrawal, zero), 8));
    // A withdrawal straight on would need an enemy stone where the stone came from: only
    // the approach needs barring.
    const __m256i is_weak = _mm256_and_si256(_mm256_srlv_epi64(_mm256_set1_epi64x(static_cast<long long>(weak)), to),
                                             _mm256_set1_epi64x(1));
    const __m256i barred = _mm256_or_si256(_mm256_mul_epu32(is_weak, _mm256_set1_epi64x(diagonal_steps)),
                                           _mm256_or_si256(lookup(straight_on, edge), idle));
    return _mm256_andnot_si256(barred, next);
  }

  // The captured line of each lane's step, in the destination's window: an occluded fill of
  // 1 + 1 + 2 + 4 points covers the longest line (seven stones on nine files).
  [[gnu::always_inline]] static __m256i captured_line(__m256i edge, __m256i enemy) noexcept {
    const __m256i up1 = lookup(line_up1, edge), down1 = lookup(line_down1, edge);
    const __m256i up2 = lookup(line_up2, edge), down2 = lookup(line_down2, edge);
    const __m256i up4 = lookup(line_up4, edge), down4 = lookup(line_down4, edge);
    __m256i run = _mm256_and_si256(_mm256_sllv_epi64(_mm256_set1_epi64x(1), lookup(line_start, edge)), enemy);
    run = _mm256_or_si256(run, _mm256_and_si256(rotate(run, down1, up1), enemy));
    const __m256i pairs = _mm256_and_si256(enemy, rotate(enemy, down1, up1));
    run = _mm256_or_si256(run, _mm256_and_si256(rotate(run, down2, up2), pairs));
    const __m256i quads = _mm256_and_si256(pairs, rotate(pairs, down2, up2));
    return _mm256_or_si256(run, _mm256_and_si256(rotate(run, down4, up4), quads));
  }

  // Lanes that go on save their untried siblings, then move to the new node.
  [[gnu::always_inline]] void descend(Lanes& g, int& stored, __m256i next, __m256i siblings, __m256i to, __m256i enemy,
                                      __m256i occupied, __m256i run) noexcept {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i ends = _mm256_cmpeq_epi64(next, zero);
    const int saves = ~_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_or_si256(ends, _mm256_cmpeq_epi64(siblings, zero)))) & 15;
    const __m256i compress = load(permutations.compress[saves]);
    storeu(enemy_ + stored, _mm256_permutevar8x32_epi32(g.enemy, compress));
    storeu(occupied_ + stored, _mm256_permutevar8x32_epi32(g.occupied, compress));
    storeu(node_ + stored, _mm256_permutevar8x32_epi32(_mm256_or_si256(g.at, _mm256_slli_epi64(siblings, 8)), compress));
    stored += popcount_with<true>(static_cast<Bitboard>(saves));
    g.at = blend(to, g.at, ends);
    g.steps = blend(next, siblings, ends);
    g.enemy = blend(_mm256_andnot_si256(run, enemy), g.enemy, ends);
    const __m256i visited = _mm256_or_si256(occupied, _mm256_set1_epi64x(static_cast<long long>(bit(P::center))));
    g.occupied = blend(_mm256_andnot_si256(run, visited), g.occupied, ends);
  }

  // Lanes with nothing left take stored nodes.
  [[gnu::always_inline]] void refill(Lanes& g, int& stored) noexcept {
    const unsigned idle = static_cast<unsigned>(_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(g.steps, _mm256_setzero_si256()))));
    int taken = popcount_with<true>(idle);
    if (taken > stored) taken = stored;
    const unsigned refill = _pdep_u32((1U << taken) - 1U, idle);
    stored -= taken;
    const __m256i expand = load(permutations.expand[refill]), lanes = load(permutations.lanes[refill]);
    g.enemy = blend(g.enemy, _mm256_permutevar8x32_epi32(loadu(enemy_ + stored), expand), lanes);
    g.occupied = blend(g.occupied, _mm256_permutevar8x32_epi32(loadu(occupied_ + stored), expand), lanes);
    const __m256i node = _mm256_permutevar8x32_epi32(loadu(node_ + stored), expand);
    g.at = blend(g.at, _mm256_and_si256(node, _mm256_set1_epi64x(0xFF)), lanes);
    g.steps = blend(g.steps, _mm256_srli_epi64(node, 8), lanes);
  }

  // Above `Spill` stored nodes, count nodes one by one so that the next saves fit.
  [[gnu::always_inline]] void spill(int& stored) noexcept {
    while (stored > Spill) {
      --stored;
      const int at = static_cast<int>(node_[stored] & 0xFF);
      const unsigned steps = static_cast<unsigned>(node_[stored] >> 8);
      // Back from the stone's window to the board: the inverse rotation.
      const int back = 2 * P::center - at;
      total_ += static_cast<std::uint64_t>(popcount_with<true>(steps)) +
                P::count_below(at, steps, P::window(enemy_[stored], back), P::window(occupied_[stored], back));
      ++spilled_;
    }
  }

  static bool busy(const Lanes& g) noexcept { return !_mm256_testz_si256(g.steps, g.steps); }

  // Runs the lanes until the store runs low, or (finish) until every walk is done.
  void run(bool finish) noexcept {
    // Locals, not members: the vector stores could alias members and force reloads.
    Lanes g[groups] = {groups_[0], groups_[1], groups_[2], groups_[3]};
    int stored = stored_;
    __m256i counted = counted_;
    for (;;) {
      step(g[0], stored, counted);
      step(g[1], stored, counted);
      step(g[2], stored, counted);
      step(g[3], stored, counted);
      if (finish) {
        if (stored == 0 && !busy(g[0]) && !busy(g[1]) && !busy(g[2]) && !busy(g[3])) break;
      } else if (stored < low) {
        break;
      }
    }
    for (int i = 0; i < groups; ++i) groups_[i] = g[i];
    stored_ = stored;
    counted_ = counted;
  }

  Lanes groups_[groups];
  __m256i counted_;
  std::uint64_t total_ = 0;
  std::uint64_t spilled_ = 0;
  int stored_ = 0;
  // The store of saved nodes; the slack takes the full-width stores and loads.
  alignas(32) Bitboard enemy_[Capacity + 4]{};
  alignas(32) Bitboard occupied_[Capacity + 4]{};
  alignas(32) Bitboard node_[Capacity + 4]{};
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

#endif  // FANORONA_DETAIL_LEAF_COUNTER_AVX2_HPP
