// fanorona: board geometry: points, lines, strong and weak points, the three boards.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_BOARD_HPP
#define FANORONA_BOARD_HPP

/// @file
/// @brief Board geometry: points, directions, lines and the compile-time tables built from them.

#include <cstdint>
#include <string>
#include <string_view>

#include "detail/bits.hpp"
#include "detail/geometry.hpp"
#include "point.hpp"

namespace fanorona {

/// @addtogroup board
/// @{

/// The two players. White moves first.
enum class Color : std::uint8_t {
  white,  ///< Starts on the low ranks and moves first.
  black,  ///< Starts on the high ranks.
};

/// The other player.
constexpr Color opponent(Color c) noexcept { return c == Color::white ? Color::black : Color::white; }

/// "White" or "Black", for messages.
constexpr std::string_view color_name(Color c) noexcept { return c == Color::white ? "White" : "Black"; }

/// The eight directions of the board's lines, as White sees the board (north is toward rank 5).
/// Opposite directions are adjacent values, so `opposite` is one XOR.
enum class Direction : std::uint8_t {
  east,        ///< Toward file i.
  west,        ///< Toward file a.
  north,       ///< Toward the last rank.
  south,       ///< Toward rank 1.
  north_east,  ///< Diagonal, only along lines from strong points.
  south_west,  ///< Diagonal, only along lines from strong points.
  north_west,  ///< Diagonal, only along lines from strong points.
  south_east,  ///< Diagonal, only along lines from strong points.
};

/// The direction pointing the other way.
constexpr Direction opposite(Direction d) noexcept {
  return static_cast<Direction>(static_cast<std::uint8_t>(d) ^ 1U);
}

/// Lowercase name of a direction ("north_east"...), for messages.
constexpr std::string_view direction_name(Direction d) noexcept {
  constexpr std::string_view names[] = {"east",       "west",       "north",      "south",
                                        "north-east", "south-west", "north-west", "south-east"};
  return names[static_cast<int>(d)];
}

namespace detail {
// The vocabulary identifiers of error arguments (docs/input.md, "Error codes").
constexpr std::string_view color_id(Color c) noexcept { return c == Color::white ? "white" : "black"; }
constexpr std::string_view direction_id(Direction d) noexcept {
  constexpr std::string_view ids[] = {"east", "west", "north", "south", "north_east", "south_west", "north_west", "south_east"};
  return ids[static_cast<int>(d)];
}
}  // namespace detail

/// Visits the points of a set in increasing order: `for (Point p : points(mask))`;
/// `points(B::all)` visits every point of board `B`.
using points = detail::SetMembers<Point>;

/// The geometry of a Fanorona board with `Width` files and `Height` ranks (docs/rules.md, "The
/// board" and "Smaller boards"), as compile-time tables. Every other type of the library is parameterized by one of
/// these; the default everywhere is `Board<9, 5>`, Fanoron-Tsivy.
template <int Width, int Height>
struct Board {
  static_assert(Width % 2 == 1 && Height % 2 == 1, "Fanorona boards have odd sides");
  static_assert(Width >= 3 && Height >= 3, "the smallest Fanorona board is 3x3");
  static_assert(Width <= 9 && Height <= 9, "files are letters a..i and ranks single digits");
  static_assert(Width * Height <= 63, "a set of points must fit in 63 bits");

  /// Number of files (columns), lettered from `a`.
  static constexpr int width = Width;
  /// Number of ranks (rows), numbered from 1.
  static constexpr int height = Height;
  /// Number of points.
  static constexpr int size = Width * Height;
  /// Every point of the board.
  static constexpr Bitboard all = (Bitboard{1} << size) - 1;
  /// Stones each side starts with: all points but the center, halved. A legal position never
  /// has more of one color (stones are never added), which bounds chain length below.
  static constexpr int stones_per_side = (size - 1) / 2;
  /// Longest capture chain: every capturing step removes at least one enemy stone.
  static constexpr int max_chain_steps = stones_per_side;

  /// True when `p` is a point of this board (`no_point` and indexes past the last point are not).
  static constexpr bool contains(Point p) noexcept { return p.index() >= 0 && p.index() < size; }
  /// File (0-based) of a point.
  static constexpr int file_of(Point p) noexcept { return p.index() % Width; }
  /// Rank (0-based) of a point.
  static constexpr int rank_of(Point p) noexcept { return p.index() / Width; }
  /// The point at a 0-based file and rank, or `no_point` when outside the board.
  static constexpr Point point_at(int file, int rank) noexcept {
    return file < 0 || file >= Width || rank < 0 || rank >= Height ? no_point : Point(rank * Width + file);
  }
  /// True for strong points, where diagonal lines meet: (file + rank) even.
  static constexpr bool is_strong(Point p) noexcept { return (file_of(p) + rank_of(p)) % 2 == 0; }

  /// File and rank offsets of each direction.
  static constexpr int file_step[direction_count] = {1, -1, 0, 0, 1, -1, -1, 1};
  /// Rank offsets of each direction.
  static constexpr int rank_step[direction_count] = {0, 0, 1, -1, 1, -1, 1, -1};
  /// Change of the point index for a step in each direction.
  static constexpr int index_step[direction_count] = {
      1, -1, Width, -Width, Width + 1, -Width - 1, Width - 1, -Width + 1};

  /// The neighbor of `p` along a line in direction `d`, or `no_point` (edge, or a diagonal
  /// from a weak point).
  static constexpr Point neighbor_along_line(Point p, int d) noexcept {
    if (d >= 4 && !is_strong(p)) return no_point;
    return point_at(file_of(p) + file_step[d], rank_of(p) + rank_step[d]);
  }

  /// `neighbor[p][d]`: the table form of `neighbor_along_line`.
  static constexpr detail::Table<detail::Table<Point, direction_count>, size> neighbor = [] {
    detail::Table<detail::Table<Point, direction_count>, size> t{};
    for (int i = 0; i < size; ++i)
      for (int d = 0; d < direction_count; ++d) t[i][d] = neighbor_along_line(Point(i), d);
    return t;
  }();

  /// `has_line[d]`: the points from which a line leaves in direction `d`. Masking with it
  /// before a shift stops wrap-around at the edges and diagonal steps from weak points.
  static constexpr detail::Table<Bitboard, direction_count> has_line = [] {
    detail::Table<Bitboard, direction_count> t{};
    for (Point p(0); p.index() < size; p = Point(p.index() + 1))
      for (int d = 0; d < direction_count; ++d)
        if (neighbor_along_line(p, d) != no_point) t[d] |= detail::bit(p);
    return t;
  }();

  /// `line_from[p][d]`: `p` and every point beyond it in direction `d`, as far as the line
  /// goes. A capture removes a prefix of one of these.
  static constexpr detail::Table<detail::Table<Bitboard, direction_count>, size> line_from = [] {
    detail::Table<detail::Table<Bitboard, direction_count>, size> t{};
    for (Point p(0); p.index() < size; p = Point(p.index() + 1))
      for (int d = 0; d < direction_count; ++d) {
        Bitboard m = detail::bit(p);
        // A diagonal from a strong point only meets strong points, so one check suffices.
        for (Point q = neighbor_along_line(p, d); q != no_point; q = neighbor_along_line(q, d))
          m |= detail::bit(q);
        t[p][d] = m;
      }
    return t;
  }();

  /// `adjacent[p]`: every point joined to `p` by a line.
  static constexpr detail::Table<Bitboard, size> adjacent = [] {
    detail::Table<Bitboard, size> t{};
    for (Point p(0); p.index() < size; p = Point(p.index() + 1))
      for (int d = 0; d < direction_count; ++d)
        if (neighbor_along_line(p, d) != no_point) t[p] |= detail::bit(neighbor_along_line(p, d));
    return t;
  }();

  /// `straight_on[p][d]`: the neighbor of `p` in direction `d` as a set (empty if none). A
  /// chain may not continue that way after a step in direction `d`.
  static constexpr detail::Table<detail::Table<Bitboard, direction_count>, size> straight_on = [] {
    detail::Table<detail::Table<Bitboard, direction_count>, size> t{};
    for (Point p(0); p.index() < size; p = Point(p.index() + 1))
      for (int d = 0; d < direction_count; ++d)
        if (neighbor_along_line(p, d) != no_point) t[p][d] = detail::bit(neighbor_along_line(p, d));
    return t;
  }();

  /// `two_steps[p]`: the points two steps from `p` along a line. An enemy stone there can be
  /// captured by approach, by stepping to the midpoint.
  static constexpr detail::Table<Bitboard, size> two_steps = [] {
    detail::Table<Bitboard, size> t{};
    for (Point p(0); p.index() < size; p = Point(p.index() + 1))
      for (int d = 0; d < direction_count; ++d) {
        const Point q = neighbor_along_line(p, d);
        if (q != no_point && neighbor_along_line(q, d) != no_point) t[p] |= detail::bit(neighbor_along_line(q, d));
      }
    return t;
  }();

  /// The strong points.
  static constexpr Bitboard strong_points = [] {
    Bitboard m = 0;
    for (Point p(0); p.index() < size; p = Point(p.index() + 1))
      if (is_strong(p)) m |= detail::bit(p);
    return m;
  }();

  /// Moves every point of `set` one step along its line in direction `D`; points with no line
  /// that way drop out.
  template <int D>
  static constexpr Bitboard shift(Bitboard set) noexcept {
    constexpr int s = index_step[D];
    set &= has_line[D];
    if constexpr (s > 0)
      return set << s;
    else
      return set >> -s;
  }

  /// The points whose neighbor in direction `D` is in `set`: the inverse of `shift<D>`.
  template <int D>
  static constexpr Bitboard back(Bitboard set) noexcept {
    constexpr int s = index_step[D];
    if constexpr (s > 0)
      return (set >> s) & has_line[D];
    else
      return (set << -s) & has_line[D];
  }

  /// The direction in which `from` steps to `to` along a line, or -1 if they are not joined.
  static constexpr int direction_between(Point from, Point to) noexcept {
    if (!contains(from) || !contains(to)) return -1;
    const int d = detail::step_direction<Board>(to.index() - from.index());
    return d >= 0 && neighbor[from][d] == to ? d : -1;
  }

  /// The name of a point: file letter then rank digit, e.g. "e3".
  static std::string point_name(Point p) {
    return {static_cast<char>('a' + file_of(p)), static_cast<char>('1' + rank_of(p))};
  }

  /// Reads a point name (letter and digit, either case); `no_point` if it names no point of
  /// this board.
  static constexpr Point parse_point(std::string_view text) noexcept {
    if (text.size() != 2) return no_point;
    char f = text[0];
    if (f >= 'A' && f <= 'Z') f = static_cast<char>(f - 'A' + 'a');
    return point_at(f - 'a', text[1] - '1');
  }
};

/// Fanoron-Tsivy, the 9x5 board of the national game: the library's default.
using Tsivy = Board<9, 5>;
/// Fanoron-Dimy, the 5x5 board.
using Dimy = Board<5, 5>;
/// The smallest board of the family, 3x3 (Fanoron-Telo's board).
using Telo = Board<3, 3>;

/// @}

}  // namespace fanorona

#endif  // FANORONA_BOARD_HPP
