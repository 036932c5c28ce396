// fanorona: one byte per position, and the rule that gives a position its value (internal).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_TABLEBASE_DETAIL_ENTRY_HPP
#define FANORONA_TABLEBASE_DETAIL_ENTRY_HPP

// Not part of the public API: how a value is stored in a byte, how a position's value
// follows from its children's, and one table in memory.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "../../detail/bits.hpp"
#include "../../position.hpp"
#include "../types.hpp"
#include "index.hpp"

namespace fanorona {
namespace detail {

// 0 is a draw (and, while generating, "not decided yet"); otherwise the distance plus one.
// Wins have odd distances and losses even ones, so the byte needs no outcome bit.
inline constexpr int longest_storable_distance = 254;

constexpr std::uint8_t encode_distance(int distance) noexcept { return static_cast<std::uint8_t>(distance + 1); }

constexpr TablebaseValue decode_value(std::uint8_t byte) noexcept {
  if (byte == 0) return {TablebaseOutcome::draw, 0};
  const int distance = byte - 1;
  return {distance % 2 == 1 ? TablebaseOutcome::win : TablebaseOutcome::loss, distance};
}

// The value of a position from the values of the positions its turns lead to (seen by the
// opponent): the fastest win through a lost child, else a draw, else the longest defense.
class ChildValues {
 public:
  void add(TablebaseValue child) noexcept {
    if (child.outcome == TablebaseOutcome::loss) {
      any_loss_ = true;
      if (child.distance < shortest_loss_) shortest_loss_ = child.distance;
    } else if (child.outcome == TablebaseOutcome::draw) {
      any_draw_ = true;
    } else if (child.distance > longest_win_) {
      longest_win_ = child.distance;
    }
  }
  // Precondition: at least one child was added.
  TablebaseValue value() const noexcept {
    if (any_loss_) return {TablebaseOutcome::win, shortest_loss_ + 1};
    if (any_draw_) return {TablebaseOutcome::draw, 0};
    return {TablebaseOutcome::loss, longest_win_ + 1};
  }

 private:
  bool any_loss_ = false;
  bool any_draw_ = false;
  int shortest_loss_ = 1 << 30;
  int longest_win_ = -1;
};

// A position of the tables' form: the mover's stones are White's, White to move. The rules
// never look at a stone's color, only at whose turn it is, so this is the same game.
template <class B>
BasicPosition<B> mover_position(Bitboard own, Bitboard enemy) {
  return BasicPosition<B>::from_stones(own, enemy, Color::white).value();
}

// One table: its index, one byte per slot, its figures.
template <class B>
struct TableSlots {
  MaterialIndex<B> index;
  std::vector<std::uint8_t> values;
  TablebaseTableInfo info;
  bool ready = false;

  std::uint8_t& at(std::uint64_t slot) noexcept { return values[static_cast<std::size_t>(slot)]; }
  std::uint8_t at(std::uint64_t slot) const noexcept { return values[static_cast<std::size_t>(slot)]; }
  TablebaseValue value(std::uint64_t slot) const noexcept { return decode_value(at(slot)); }
};

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_TABLEBASE_DETAIL_ENTRY_HPP
