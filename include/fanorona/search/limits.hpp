// fanorona: what limits a search, and a game clock's time for one turn.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_LIMITS_HPP
#define FANORONA_SEARCH_LIMITS_HPP

/// @file
/// @brief `SearchLimits`, `GameClock`, `TimeBudget` and `allocate_time`. Part of
/// `<fanorona/search.hpp>`.

#include <algorithm>
#include <cstdint>

namespace fanorona {

/// @addtogroup search
/// @{

/// The deepest nominal depth a search reaches, in plies: a greater `SearchLimits::max_depth`
/// is taken as this (the plies below it are kept for the quiescence search).
inline constexpr int max_search_depth = 86;

/// What limits a search. A zero field is no limit; the search stops at the first limit
/// reached. When every field is zero the search goes to `default_depth`. Depth and node limits
/// give the same result on every machine; a time limit does not.
///
/// @code
/// fanorona::Searcher engine;
/// const fanorona::Position start = fanorona::Position::initial();
/// engine.search(start, fanorona::SearchLimits::time(500));    // half a second
/// engine.search(start, fanorona::SearchLimits::depth(6));     // six plies, whatever it takes
/// engine.search(start, fanorona::SearchLimits::nodes(100000).with_time(1000));  // the first reached
/// @endcode
struct SearchLimits {
  /// The depth used when no limit at all is given.
  static constexpr int default_depth = 6;
  /// Greatest nominal depth in plies (complete turns); 0: no depth limit.
  int max_depth = 0;
  /// Greatest number of nodes (positions visited, quiescence included); 0: no limit. Checked
  /// between nodes, so a search may exceed it by a handful.
  std::uint64_t max_nodes = 0;
  /// Wall-clock budget in milliseconds; 0: no limit.
  std::int64_t max_time_ms = 0;

  /// At most `ms` milliseconds.
  static constexpr SearchLimits time(std::int64_t ms) noexcept { return {0, 0, ms}; }
  /// At most `plies` plies deep.
  static constexpr SearchLimits depth(int plies) noexcept { return {plies, 0, 0}; }
  /// At most `count` nodes.
  static constexpr SearchLimits nodes(std::uint64_t count) noexcept { return {0, count, 0}; }
  /// These limits and a time limit of `ms` milliseconds.
  constexpr SearchLimits with_time(std::int64_t ms) const noexcept { return {max_depth, max_nodes, ms}; }
  /// These limits and a depth limit of `plies`.
  constexpr SearchLimits with_depth(int plies) const noexcept { return {plies, max_nodes, max_time_ms}; }
  /// These limits and a node limit of `count`.
  constexpr SearchLimits with_nodes(std::uint64_t count) const noexcept { return {max_depth, count, max_time_ms}; }
};

/// A game clock for `BasicSearcher::choose(game, clock)`: the time the side to move has left,
/// what it gains per turn, and how many turns it must play before the next time control.
struct GameClock {
  /// Time left on the clock of the side to move, in milliseconds.
  std::int64_t remaining_ms = 0;
  /// Time added after each of its turns (Fischer increment), in milliseconds.
  std::int64_t increment_ms = 0;
  /// Turns of this side until the next time control; 0: the rest of the game (sudden death).
  int moves_to_go = 0;
};

/// How long one turn may think under a clock (`allocate_time`).
struct TimeBudget {
  /// Target: no new iteration is started after half of it has gone.
  std::int64_t soft_ms = 0;
  /// Hard limit: the search stops here whatever it is doing.
  std::int64_t hard_ms = 0;
};

/// The thinking time for one turn under `clock`. Sudden death assumes 30 more turns of this
/// side (a long Fanorona endgame included) and spends three quarters of the increment; the
/// hard limit is three times the target but never more than a third of what is left (all of
/// it, less the margin, for the last turn before a time control). A margin of 5 ms plus 5%
/// of the time left (at most 50 ms) covers the time outside the search, so the clock never
/// falls to zero.
constexpr TimeBudget allocate_time(const GameClock& clock) noexcept {
  const std::int64_t margin = 5 + std::min<std::int64_t>(clock.remaining_ms / 20, 50);
  const std::int64_t usable = std::max<std::int64_t>(clock.remaining_ms - margin, 1);
  const std::int64_t turns = clock.moves_to_go > 0 ? std::min(clock.moves_to_go, 50) : 30;
  std::int64_t soft = usable / turns + clock.increment_ms * 3 / 4;
  std::int64_t hard = clock.moves_to_go == 1 ? usable : std::min(3 * soft, usable / 3);
  hard = std::max<std::int64_t>(std::min(hard, usable), 1);
  soft = std::max<std::int64_t>(std::min(soft, hard), 1);
  return {soft, hard};
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_SEARCH_LIMITS_HPP
