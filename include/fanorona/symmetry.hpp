// fanorona: the board's symmetries, for positions and turns.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SYMMETRY_HPP
#define FANORONA_SYMMETRY_HPP

/// @file
/// @brief The symmetries of the board: mirror the files, mirror the ranks (colors swapped),
/// the half turn; for positions and for turns.
///
/// Every Fanorona board is symmetric under these three maps: strong points go to strong
/// points and lines to lines, because the sides have an odd number of points. Mirroring the
/// ranks also swaps the colors (and the side to move), so that each side still starts on its
/// own half: the mirrored position is the same game seen by the other player. A position and
/// its image have the same legal turns, mapped, and the same perft; databases and opening
/// books use this to store one position of each class.
///
/// @code
/// const auto p = fanorona::Position::initial();
/// // The start turned by 180 degrees is the start again, with Black to move.
/// assert(fanorona::half_turn(p).to_fen() == "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW B");
/// assert(fanorona::perft(fanorona::mirror_files(p), 4) == fanorona::perft(p, 4));
/// @endcode

#include <cstdint>

#include "board.hpp"
#include "detail/bits.hpp"
#include "position.hpp"
#include "turn.hpp"

namespace fanorona {

/// @addtogroup board
/// @{

/// The symmetries of a Fanorona board.
enum class Symmetry : std::uint8_t {
  identity,      ///< Leaves everything in place.
  mirror_files,  ///< File a becomes the last file; ranks stay.
  mirror_ranks,  ///< Rank 1 becomes the last rank; colors and the side to move swap.
  half_turn,     ///< Both mirrors: a rotation by 180 degrees; colors and the side to move swap.
};

/// The four symmetries, for loops.
inline constexpr Symmetry all_symmetries[] = {Symmetry::identity, Symmetry::mirror_files, Symmetry::mirror_ranks,
                                             Symmetry::half_turn};

/// True when the symmetry swaps the colors (it turns the board upside down).
constexpr bool swaps_colors(Symmetry s) noexcept { return s == Symmetry::mirror_ranks || s == Symmetry::half_turn; }

namespace detail {

template <class B>
constexpr Point transformed_point(Symmetry s, Point p) noexcept {
  const bool files = s == Symmetry::mirror_files || s == Symmetry::half_turn;
  const bool ranks = swaps_colors(s);
  const int f = B::file_of(p), r = B::rank_of(p);
  return B::point_at(files ? B::width - 1 - f : f, ranks ? B::height - 1 - r : r);
}

// The image of every point and every direction under each symmetry.
template <class B>
struct SymmetryTables {
  static constexpr Table<Table<Point, B::size>, 4> point = [] {
    Table<Table<Point, B::size>, 4> t{};
    for (int s = 0; s < 4; ++s)
      for (int i = 0; i < B::size; ++i) t[s][i] = transformed_point<B>(static_cast<Symmetry>(s), Point(i));
    return t;
  }();
  // A direction's image: the direction from the image of a strong point to the image of its
  // neighbor (the center is strong and has all eight).
  static constexpr Table<Table<std::int8_t, direction_count>, 4> direction = [] {
    Table<Table<std::int8_t, direction_count>, 4> t{};
    const Point center(B::size / 2);
    for (int s = 0; s < 4; ++s)
      for (int d = 0; d < direction_count; ++d) {
        const auto sym = static_cast<Symmetry>(s);
        t[s][d] = static_cast<std::int8_t>(
            B::direction_between(transformed_point<B>(sym, center), transformed_point<B>(sym, B::neighbor_along_line(center, d))));
      }
    return t;
  }();
};

}  // namespace detail

/// The image of a point under a symmetry.
template <class B = Tsivy>
constexpr Point transform(Symmetry s, Point p) noexcept {
  return detail::SymmetryTables<B>::point[static_cast<int>(s)][p];
}

/// The image of a set of points under a symmetry. (A name of its own: a point is never taken
/// for a set, so `transform(s, 22)` does not compile; write `transform(s, Point(22))`.)
template <class B = Tsivy>
constexpr Bitboard transform_set(Symmetry s, Bitboard set) noexcept {
  Bitboard out = 0;
  for (Point p : points(set)) out |= detail::bit(transform<B>(s, p));
  return out;
}

/// The image of a direction under a symmetry.
template <class B = Tsivy>
constexpr Direction transform(Symmetry s, Direction d) noexcept {
  return static_cast<Direction>(detail::SymmetryTables<B>::direction[static_cast<int>(s)][static_cast<int>(d)]);
}

/// The image of a position: stones moved, and for the symmetries that turn the board upside
/// down, colors and the side to move swapped.
template <class B>
BasicPosition<B> transform(Symmetry s, const BasicPosition<B>& position) {
  const Bitboard white = transform_set<B>(s, position.stones(Color::white));
  const Bitboard black = transform_set<B>(s, position.stones(Color::black));
  if (!swaps_colors(s)) return BasicPosition<B>::from_stones(white, black, position.side_to_move()).value();
  return BasicPosition<B>::from_stones(black, white, opponent(position.side_to_move())).value();
}

/// The image of a turn: the same steps, moved. If `turn` is legal in a position, its image is
/// legal in the image of that position (and stamped for it).
template <class B>
BasicTurn<B> transform(Symmetry s, const BasicTurn<B>& turn, const BasicPosition<B>& image_position) noexcept {
  BasicTurn<B> out;
  detail::TurnWriter<B>::start(out, transform<B>(s, turn.from()));
  detail::TurnWriter<B>::stamp(out, image_position.hash());
  for (int i = 0; i < turn.size(); ++i)
    detail::TurnWriter<B>::push(out, static_cast<int>(transform<B>(s, turn.direction(i))), turn.step(i).capture,
                                transform_set<B>(s, turn.captured_by_step(i)));
  return out;
}

/// The position with its files mirrored (a1 <-> i1 on 9x5).
template <class B>
BasicPosition<B> mirror_files(const BasicPosition<B>& position) {
  return transform(Symmetry::mirror_files, position);
}
/// The position with its ranks mirrored (a1 <-> a5 on 9x5), colors and side to move swapped.
template <class B>
BasicPosition<B> mirror_ranks(const BasicPosition<B>& position) {
  return transform(Symmetry::mirror_ranks, position);
}
/// The position turned by 180 degrees, colors and side to move swapped.
template <class B>
BasicPosition<B> half_turn(const BasicPosition<B>& position) {
  return transform(Symmetry::half_turn, position);
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_SYMMETRY_HPP
