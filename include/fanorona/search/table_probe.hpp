// fanorona: what the searcher asks of endgame tables.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_TABLE_PROBE_HPP
#define FANORONA_SEARCH_TABLE_PROBE_HPP

/// @file
/// @brief `TablebaseOutcome`, `TablebaseValue` and `BasicTableProbe`, the interface through
/// which the searcher reads endgame tables (`BasicSearcher::set_tablebase`). The library's
/// tables (`BasicTablebase`) implement it; so can any other source of exact values. Part of
/// `<fanorona/search.hpp>`.

#include <cstdint>
#include <optional>
#include <string>

#include "../board.hpp"
#include "../position.hpp"

namespace fanorona {

/// @addtogroup search
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

  /// "win in 5", "loss in 0", "draw": the form the search prints its decisive scores in.
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

/// Exact values of endgame positions of board `B`, as the searcher reads them. Both functions
/// are called during a search, possibly millions of times: they must not allocate, block or
/// change what they answer while a searcher uses them.
template <class B>
class BasicTableProbe {
 public:
  /// Destroyed through the interface.
  virtual ~BasicTableProbe() = default;

  /// True when every position of `stones` stones or fewer has a value (`probe` answers).
  virtual bool covers(int stones) const noexcept = 0;
  /// The value of `position` for its side to move, or nothing when it is not held.
  virtual std::optional<TablebaseValue> probe(const BasicPosition<B>& position) const noexcept = 0;

 protected:
  /// Made by an implementation only.
  BasicTableProbe() = default;
  /// Copied as part of an implementation only (no slicing through the interface).
  BasicTableProbe(const BasicTableProbe&) = default;
  /// Assigned as part of an implementation only.
  BasicTableProbe& operator=(const BasicTableProbe&) = default;
};

/// The table interface on the default 9x5 board.
using TableProbe = BasicTableProbe<Tsivy>;

/// @}

}  // namespace fanorona

#endif  // FANORONA_SEARCH_TABLE_PROBE_HPP
