// fanorona: search limits and the computer opponent's playing levels.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_LEVELS_HPP
#define FANORONA_SEARCH_LEVELS_HPP

/// @file
/// @brief `SearchLimits`, `LevelSettings` and the level table (`level_settings`), and
/// `random_turn`, the mover the levels are measured against. Part of `<fanorona/search.hpp>`.

#include <algorithm>
#include <cstdint>

#include "../board.hpp"
#include "../movegen.hpp"
#include "../position.hpp"
#include "../turn.hpp"

namespace fanorona {

/// @addtogroup search
/// @{

/// What limits a search. A zero field is no limit; the search stops at the first limit
/// reached. When every field is zero the search goes to `default_depth`. Depth and node limits
/// give the same result on every machine; a time limit does not.
struct SearchLimits {
  /// The depth used when no limit at all is given.
  static constexpr int default_depth = 6;
  /// Greatest nominal depth in plies (complete turns); 0: no depth limit.
  int depth = 0;
  /// Greatest number of nodes (positions visited, quiescence included); 0: no limit. Checked
  /// between nodes, so a search may exceed it by a handful.
  std::uint64_t nodes = 0;
  /// Wall-clock budget in milliseconds; 0: no limit.
  std::int64_t milliseconds = 0;
};

/// How a level plays: its limits and its deliberate imprecision.
struct LevelSettings {
  /// The level, 1 (beginner) to 6 (strongest).
  int level = 6;
  /// The search limits of each move.
  SearchLimits limits{};
  /// Noise added to every evaluation, uniform in [-noise, +noise] hundredths of a stone,
  /// fixed per position and seed; 0 for none.
  int eval_noise = 0;
  /// Softmax temperature in hundredths of a stone for choosing among the root turns: 0 always
  /// plays the best turn; higher values sometimes play a reasonable but weaker one.
  int temperature = 0;
};

/// The lowest level.
inline constexpr int min_level = 1;
/// The strongest level.
inline constexpr int max_level = 6;

/// The settings of level `level` (clamped to 1..6). Levels 1-3 search to a fixed depth, level 4
/// to depth 4 within a node budget, 5 and 6 to a node budget, so every level is deterministic
/// for a seed; see docs/search.md.
inline LevelSettings level_settings(int level) noexcept {
  LevelSettings s;
  s.level = std::clamp(level, min_level, max_level);
  switch (s.level) {
    case 1:
      s.limits.depth = 1;
      s.eval_noise = 60;
      s.temperature = 70;
      break;
    case 2:
      s.limits.depth = 2;
      s.eval_noise = 30;
      s.temperature = 35;
      break;
    case 3:
      s.limits.depth = 3;
      s.eval_noise = 10;
      s.temperature = 12;
      break;
    case 4:
      s.limits.depth = 4;
      s.limits.nodes = 20000;
      break;
    case 5:
      s.limits.nodes = 60000;
      break;
    default:
      s.limits.nodes = 150000;
      break;
  }
  return s;
}

/// A turn chosen uniformly at random among the legal turns, from `state` (advanced); the
/// "random mover" the levels are measured against. Empty when there is no legal turn.
template <class B>
BasicTurn<B> random_turn(const BasicPosition<B>& position, std::uint64_t& state) noexcept {
  const std::uint64_t n = count_turns(position);
  if (n == 0) return {};
  std::uint64_t k = detail::splitmix64(state) % n;
  BasicTurn<B> chosen{};
  // Counting is cheap (no turn is written); the walk that writes turns stops at the one drawn.
  for_each_turn(position, [&](const BasicTurn<B>& t) {
    if (k-- > 0) return true;
    chosen = t;
    return false;
  });
  return chosen;
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_SEARCH_LEVELS_HPP
