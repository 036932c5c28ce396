// fanorona: what the searcher asks of endgame tables.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_TABLE_PROBE_HPP
#define FANORONA_SEARCH_TABLE_PROBE_HPP

/// @file
/// @brief `BasicTableProbe`, the interface through which the searcher reads endgame tables
/// (`BasicSearcher::set_tablebase`), in the tables' own values (`TablebaseValue`,
/// `tablebase/types.hpp`). The library's tables (`BasicTablebase`, `<fanorona/tablebase.hpp>`)
/// implement it; so can any other source of exact values. Part of `<fanorona/search.hpp>`.

#include <optional>

#include "../board.hpp"
#include "../position.hpp"
#include "../tablebase/types.hpp"

namespace fanorona {

/// @addtogroup search
/// @{

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
