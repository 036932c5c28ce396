// fanorona: a point of the board, and a set of points.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_POINT_HPP
#define FANORONA_POINT_HPP

/// @file
/// @brief `Point` (one point of a board) and `Bitboard` (a set of points), kept apart so that
/// one is never taken for the other.

#include <cstdint>

namespace fanorona {

/// @addtogroup board
/// @{

/// A set of points, one bit per point: bit `rank * width + file` (see `Board`), with `a1` the
/// lowest bit. Build one from points with `Bitboard{1} << p.index()` or `point_set(p)`.
using Bitboard = std::uint64_t;

/// One point of a board, as its index `rank * width + file` (`a1` is 0, `i5` is 44 on 9x5),
/// or `no_point`. A small value type: made from an index only on purpose (`Point(22)`),
/// never from or to a set of points, so that a point cannot be passed where a set is meant
/// or the other way round. Name one with `Board::parse_point("e3")`, print it with
/// `Board::point_name(p)`.
class Point {
 public:
  /// `no_point`.
  constexpr Point() noexcept = default;
  /// The point of index `index` (-1 for `no_point`).
  constexpr explicit Point(int index) noexcept : index_(static_cast<std::int8_t>(index)) {}

  /// The index, `rank * width + file`; -1 for `no_point`.
  constexpr int index() const noexcept { return index_; }

  /// Same point.
  friend constexpr bool operator==(Point a, Point b) noexcept { return a.index_ == b.index_; }
  /// Other points.
  friend constexpr bool operator!=(Point a, Point b) noexcept { return a.index_ != b.index_; }
  /// In index order (a1, b1, ..., i5), for sorted containers.
  friend constexpr bool operator<(Point a, Point b) noexcept { return a.index_ < b.index_; }
  /// In index order.
  friend constexpr bool operator>(Point a, Point b) noexcept { return a.index_ > b.index_; }
  /// In index order.
  friend constexpr bool operator<=(Point a, Point b) noexcept { return a.index_ <= b.index_; }
  /// In index order.
  friend constexpr bool operator>=(Point a, Point b) noexcept { return a.index_ >= b.index_; }

 private:
  std::int8_t index_ = -1;  // a board has at most 63 points
};

/// No point: off the board, or no such neighbor.
inline constexpr Point no_point{};

/// The set holding only `p` (empty for `no_point`).
constexpr Bitboard point_set(Point p) noexcept { return p.index() < 0 ? 0 : Bitboard{1} << p.index(); }

/// Number of directions a line can leave a point in (see `Direction`).
inline constexpr int direction_count = 8;

/// @}

}  // namespace fanorona

#endif  // FANORONA_POINT_HPP
