// fanorona: tables of a board that only the engine's internals use.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_GEOMETRY_HPP
#define FANORONA_DETAIL_GEOMETRY_HPP

#include <cstdint>

#include "bits.hpp"

namespace fanorona {
namespace detail {

// Internal tables of board B (a `Board<W, H>`), kept out of the public struct because only the
// generator needs them. Templates on B, so that board.hpp can include this before Board exists.
template <class B>
struct Geometry {
  // The direction of a step between two neighbors from the change of point index alone,
  // at [delta + width + 1]: on boards at least 3 wide the eight index steps all differ.
  static constexpr Table<std::int8_t, 2 * B::width + 3> step_directions = [] {
    Table<std::int8_t, 2 * B::width + 3> t{};
    for (auto& v : t.items) v = -1;
    for (int d = 0; d < direction_count; ++d) t[B::index_step[d] + B::width + 1] = static_cast<std::int8_t>(d);
    return t;
  }();

  // The directions ordered by their index step, lowest first (south-west, south, south-east,
  // west, east, north-west, north, north-east): the neighbors of a point taken in increasing
  // index order come in this order, and the opposite of canonical direction c is 7 - c. The
  // BMI2 chain-step gather and the vector leaf counter work in this order.
  static constexpr int canonical_directions[direction_count] = {5, 3, 7, 1, 0, 6, 2, 4};

  // line_directions[p]: bit c set when a line leaves p in canonical direction c.
  static constexpr Table<Bitboard, B::size> line_directions = [] {
    Table<Bitboard, B::size> t{};
    for (int p = 0; p < B::size; ++p)
      for (int c = 0; c < direction_count; ++c)
        if (B::neighbor_along_line(Point(p), canonical_directions[c]).index() >= 0) t[p] |= Bitboard{1} << c;
    return t;
  }();

  // neighbors_with_two_steps[p]: over the neighbors of p in increasing index order, bit i set
  // when the line through the i-th one goes on one more point.
  static constexpr Table<Bitboard, B::size> neighbors_with_two_steps = [] {
    Table<Bitboard, B::size> t{};
    for (int p = 0; p < B::size; ++p) {
      int i = 0;
      for (int c = 0; c < direction_count; ++c) {
        const int q = B::neighbor_along_line(Point(p), canonical_directions[c]).index();
        if (q < 0) continue;
        if (B::neighbor_along_line(Point(q), canonical_directions[c]).index() >= 0) t[p] |= Bitboard{1} << i;
        ++i;
      }
    }
    return t;
  }();
};

// The direction of a step from a point to a neighbor `delta` index steps away, or -1 when no
// direction changes the index by `delta`. The caller checks that the two points are joined.
template <class B>
constexpr int step_direction(int delta) noexcept {
  if (delta < -(B::width + 1) || delta > B::width + 1) return -1;
  return Geometry<B>::step_directions[delta + B::width + 1];
}

// The low 8 bits reversed: maps a set of canonical directions to the set of their opposites.
inline constexpr Table<std::uint8_t, 256> reversed_bytes = [] {
  Table<std::uint8_t, 256> t{};
  for (int x = 0; x < 256; ++x) {
    int r = 0;
    for (int b = 0; b < 8; ++b)
      if (x & (1 << b)) r |= 1 << (7 - b);
    t[x] = static_cast<std::uint8_t>(r);
  }
  return t;
}();

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_DETAIL_GEOMETRY_HPP
