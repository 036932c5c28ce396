// fanorona: the values the endgame tables hold, and how their files are named.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_TABLEBASE_TYPES_HPP
#define FANORONA_TABLEBASE_TYPES_HPP

/// @file
/// @brief The vocabulary of the endgame tables: `TablebaseValue` (win, draw or loss and the
/// distance to the end), `Material`, a table's figures and its file name. Included by
/// `<fanorona/tablebase.hpp>`.

#include <cstdint>
#include <string>

#include "../board.hpp"
#include "../turn.hpp"

namespace fanorona {

/// @addtogroup tablebase
/// @{

/// Who wins with perfect play, seen by the side to move.
enum class TablebaseOutcome : std::uint8_t {
  loss,  ///< The side to move loses whatever it does.
  draw,  ///< Neither side can force a win: such games end by repetition.
  win,   ///< The side to move can force a win.
};

/// A position's value in the tables: the outcome and how many turns (plies) perfect play
/// takes to reach the end. The winner plays for the fastest win and the loser for the
/// longest defense, so a win is always an odd distance and a loss an even one.
struct TablebaseValue {
  TablebaseOutcome outcome = TablebaseOutcome::draw;  ///< Win, draw or loss for the side to move.
  int distance = 0;  ///< Turns to the end with perfect play; 0 for a draw (it has no end).

  /// "win in 5", "loss in 0", "draw": the form the search prints its scores in.
  std::string to_string() const {
    if (outcome == TablebaseOutcome::draw) return "draw";
    return std::string(outcome == TablebaseOutcome::win ? "win in " : "loss in ") + std::to_string(distance);
  }
  /// Equal when outcome and distance are.
  friend constexpr bool operator==(const TablebaseValue& a, const TablebaseValue& b) noexcept {
    return a.outcome == b.outcome && a.distance == b.distance;
  }
  /// Not equal.
  friend constexpr bool operator!=(const TablebaseValue& a, const TablebaseValue& b) noexcept { return !(a == b); }
};

/// The stones of each side, the side to move's first: the tables are split by material
/// because a paika move keeps it and a capture only lowers the enemy's count.
struct Material {
  int own = 0;    ///< Stones of the side to move.
  int enemy = 0;  ///< Stones of the other side.

  /// Stones on the board.
  constexpr int total() const noexcept { return own + enemy; }
  /// The same stones with the other side to move: the table a paika move leads into.
  constexpr Material swapped() const noexcept { return {enemy, own}; }
  /// "3v2": the side to move's count first, as in the file names.
  std::string to_string() const { return std::to_string(own) + "v" + std::to_string(enemy); }
  /// Equal when both counts are.
  friend constexpr bool operator==(Material a, Material b) noexcept { return a.own == b.own && a.enemy == b.enemy; }
  /// Not equal.
  friend constexpr bool operator!=(Material a, Material b) noexcept { return !(a == b); }
};

/// The figures of one table, kept with it and written in its file's header.
struct TablebaseTableInfo {
  Material material;          ///< Which table.
  std::uint64_t entries = 0;  ///< Slots of the index, one byte each (a few are unused).
  std::uint64_t wins = 0;     ///< Positions won for the side to move (one per symmetry class).
  std::uint64_t draws = 0;    ///< Drawn positions.
  std::uint64_t losses = 0;   ///< Lost positions (the side to move has no turn: distance 0).
  int longest = 0;            ///< The largest distance in the table.
  double seconds = 0;         ///< Time to generate it (with its color-swapped twin), or to load it.
  bool from_file = false;     ///< True when it was read from a file rather than generated.

  /// Positions the table holds: every used slot.
  constexpr std::uint64_t positions() const noexcept { return wins + draws + losses; }
};

/// The best turn by the tables (`BasicTablebase::best_turn`).
template <class B = Tsivy>
struct BasicTablebaseTurn {
  /// The turn: fastest win, a drawing turn, or longest defense. Empty when the side to move
  /// has no turn (it has lost).
  BasicTurn<B> turn;
  /// The value of the position the turn is played from.
  TablebaseValue value;
};

/// The best turn on the default 9x5 board.
using TablebaseTurn = BasicTablebaseTurn<Tsivy>;

/// The file name of one table: board, then material with the side to move's count first,
/// e.g. `9x5-3v2.fntb`.
template <class B>
std::string tablebase_file_name(Material material) {
  return std::to_string(B::width) + "x" + std::to_string(B::height) + "-" + material.to_string() + ".fntb";
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_TABLEBASE_TYPES_HPP
