// fanorona: the padded board of the vector leaf counters, where a step off the board meets padding.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_PADDED_BOARD_HPP
#define FANORONA_DETAIL_PADDED_BOARD_HPP

// Only on x86-64 with GCC or Clang: the vector leaf counters that use it need BMI2 (pext,
// pdep). Its functions are compiled for BMI2 whatever the user's flags, so that the counters
// (themselves compiled for AVX2 or AVX-512) can inline them; they run only where the CPU has
// BMI2 (instruction_set.hpp).

#include "cpu.hpp"

#if FANORONA_DETAIL_X86_TARGETS

#include <immintrin.h>

#include <cstdint>

#include "../board.hpp"
#include "bits.hpp"
#include "chain_walker.hpp"
#include "geometry.hpp"

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("popcnt,bmi,bmi2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("popcnt,bmi,bmi2")
#endif

namespace fanorona {
namespace detail {

// The vector version works on a padded copy of the board: each rank gets one extra point on
// its east side, and every bit above the last rank is padding too. Padding is never free and
// never an enemy stone, so a step, a capture or a captured line that would leave the board
// meets padding and stops: no per-point line tables are needed, only "is this point strong".
// Because the padding is at least one rank and one point wide on every side (the rank below
// the first is reached by rotation, from the top bits), rotating the 64-bit word puts the
// neighborhood of any point at a fixed place, the window center.
template <class B>
struct PaddedBoard {
  static constexpr int width = B::width + 1;
  static_assert(B::height * width + width + 1 <= 64, "the padded board needs a rank of padding");
  // Window center: far enough from both ends for the points two steps away.
  static constexpr int center = 2 * (width + 1);
  // Index steps in canonical order (increasing index, so direction 7 - c is opposite c).
  static constexpr int step[direction_count] = {-(width + 1), -width, -(width - 1), -1, 1, width - 1, width, width + 1};
  static constexpr Bitboard points = [] {
    Bitboard m = 0;
    for (int r = 0; r < B::height; ++r)
      for (int f = 0; f < B::width; ++f) m |= bit(r * width + f);
    return m;
  }();
  static constexpr Bitboard padding = ~points;
  static constexpr Bitboard strong = [] {
    Bitboard m = 0;
    for (int r = 0; r < B::height; ++r)
      for (int f = 0; f < B::width; ++f)
        if ((r + f) % 2 == 0) m |= bit(r * width + f);
    return m;
  }();
  // Window bits of the eight neighbors and of the eight points two steps away.
  static constexpr Bitboard near_window = [] {
    Bitboard m = 0;
    for (int s : step) m |= bit(center + s);
    return m;
  }();
  static constexpr Bitboard far_window = [] {
    Bitboard m = 0;
    for (int s : step) m |= bit(center + 2 * s);
    return m;
  }();
  // Directions a stone can step in: all eight from a strong point, the orthogonal four
  // (canonical 1, 3, 4, 6) from a weak one.
  static constexpr unsigned all_directions = 0xFF, orthogonal_directions = 0x5A;

  static Bitboard pad(Bitboard set) noexcept { return _pdep_u64(set, points); }
  static constexpr Bitboard window(Bitboard set, int at) noexcept {
    const unsigned s = static_cast<unsigned>(at - center) & 63U;
    return (set >> s) | (set << ((64U - s) & 63U));
  }
  static constexpr unsigned directions(int at) noexcept {
    return (strong >> at) & 1U ? all_directions : orthogonal_directions;
  }

  // The capturing steps of a stone on `at` (padded index) that arrived moving in canonical
  // direction `arrival` (8: none): bits 0-7 by approach, 8-15 by withdrawal, one per
  // direction. `occupied` holds every stone and every point the chain has visited.
  static unsigned capture_steps(int at, int arrival, Bitboard enemy, Bitboard occupied) noexcept {
    const Bitboard enemy_window = window(enemy, at);
    const unsigned free_steps = ~static_cast<unsigned>(_pext_u64(window(occupied, at), near_window)) &
                                directions(at) & ~(1U << arrival) & 0xFFU;
    const unsigned far_enemy = static_cast<unsigned>(_pext_u64(enemy_window, far_window));
    const unsigned behind_enemy = reversed_bytes[static_cast<int>(_pext_u64(enemy_window, near_window))];
    return (free_steps & far_enemy) | ((free_steps & behind_enemy) << 8);
  }

  // The board point of a padded index.
  static constexpr int unpadded(int at) noexcept { return (at / width) * B::width + at % width; }

  // Turns that continue a chain from `at` (padded), whose untried steps are `steps`, counted
  // one by one by the generator's own chain walker. Used only when the node store is nearly
  // full. `occupied` holds every stone, every visited point and the padding.
  static std::uint64_t count_below(int at, unsigned steps, Bitboard enemy, Bitboard occupied) noexcept {
    // The walker blocks own stones and visited points only: captured stones leave gaps.
    const Bitboard board_enemy = _pext_u64(enemy, points), board_blocked = _pext_u64(occupied & ~enemy, points);
    std::uint64_t n = 0;
    for (; steps; steps &= steps - 1) {
      const int edge = lowest_point(steps);
      const int d = Geometry<B>::canonical_directions[edge & 7];
      const int from = unpadded(at), to = unpadded(at + step[edge & 7]);
      n += count_chain_continuations<B>(from, to, d, edge < 8, board_enemy, board_blocked);
    }
    return n;
  }
};

}  // namespace detail
}  // namespace fanorona

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#endif  // FANORONA_DETAIL_X86_TARGETS

#endif  // FANORONA_DETAIL_PADDED_BOARD_HPP
