// fanorona: the computer opponent's playing levels.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_LEVELS_HPP
#define FANORONA_SEARCH_LEVELS_HPP

/// @file
/// @brief `LevelSettings`, the level table (`level_settings`, `level_name`,
/// `level_description`) and `random_turn`, the mover the levels are measured against. Part of
/// `<fanorona/search.hpp>`.

#include <algorithm>
#include <cstdint>
#include <string_view>

#include "../board.hpp"
#include "../detail/bits.hpp"
#include "../movegen.hpp"
#include "../position.hpp"
#include "../turn.hpp"
#include "limits.hpp"

namespace fanorona {

/// @addtogroup search
/// @{

/// How a level plays: its limits, its deliberate imprecision and how it treats draws.
struct LevelSettings {
  /// The level, 1 (beginner) to 7 (strongest).
  int level = 6;
  /// The search limits of each turn.
  SearchLimits limits{};
  /// Noise added to every evaluation, uniform in [-noise, +noise] hundredths of a stone,
  /// fixed per position and seed; 0 for none.
  int eval_noise = 0;
  /// Softmax temperature in hundredths of a stone for choosing among the root turns: 0 always
  /// plays the best turn; higher values sometimes play a reasonable but weaker one.
  int temperature = 0;
  /// The share of turns, in percent, played at random among the legal turns (a beginner's
  /// oversight); a turn that wins at once is never missed so.
  int random_percent = 0;
  /// Repetition contempt, in hundredths of a stone per stone of material lead (at most 3
  /// counted): a repetition inside the search scores `-contempt * lead` for the side to move,
  /// so the side that is ahead steers away from repetitions and the side behind seeks them.
  /// 0: every repetition scores `draw_score`.
  int contempt = 0;
  /// Extends a node by one ply when the side to move is behind in material and has at most
  /// this many legal turns (a hunted side's few replies are where a won endgame is decided);
  /// 0 for none. Extensions stop at twice the iteration's depth.
  int extend_few_replies = 0;
  /// When a timed or stopped search is interrupted, keep the root turn of the unfinished
  /// iteration if it was searched to the end and beat the previous best (otherwise the whole
  /// iteration is discarded).
  bool keep_partial_iteration = false;
};

/// The lowest level.
inline constexpr int min_level = 1;
/// The strongest level: a time budget per turn (or a game clock), repetition contempt,
/// endgame extensions and the endgame evaluation terms (`level_weights`).
inline constexpr int max_level = 7;
/// The highest level that is deterministic for a seed (node and depth limits, no time).
inline constexpr int max_fixed_level = 6;

/// The settings of level `level` (clamped to 1..7). Levels 1-6 search within node limits (and
/// levels 1-4 to a fixed depth), so they play the same turns on every machine for a seed and
/// answer within a few tenths of a second; level 1 plays 60% of its turns at random and level
/// 2 a quarter; level 7 thinks 1 s a turn (or as a game clock allows) and converts leads.
/// docs/search.md has the figures: what each level scores and how long it takes.
inline LevelSettings level_settings(int level) noexcept {
  LevelSettings s;
  s.level = std::clamp(level, min_level, max_level);
  switch (s.level) {
    case 1:
      s.limits = SearchLimits::depth(1).with_nodes(20000);
      s.eval_noise = 100;
      s.temperature = 150;
      s.random_percent = 60;
      break;
    case 2:
      s.limits = SearchLimits::depth(1).with_nodes(20000);
      s.eval_noise = 60;
      s.temperature = 70;
      s.random_percent = 25;
      break;
    case 3:
      s.limits = SearchLimits::depth(2).with_nodes(20000);
      s.eval_noise = 30;
      s.temperature = 35;
      break;
    case 4:
      s.limits = SearchLimits::depth(3).with_nodes(30000);
      s.eval_noise = 10;
      s.temperature = 12;
      break;
    case 5:
      s.limits = SearchLimits::nodes(60000);
      break;
    case 6:
      s.limits = SearchLimits::nodes(150000);
      break;
    default:
      s.limits = SearchLimits::time(1000);
      s.contempt = 25;
      s.extend_few_replies = 2;
      s.keep_partial_iteration = true;
      break;
  }
  return s;
}

/// The name of level `level` (clamped to 1..7), for a menu: "Beginner" to "Master".
constexpr std::string_view level_name(int level) noexcept {
  constexpr std::string_view names[] = {"Beginner", "Novice", "Casual", "Club", "Strong", "Expert", "Master"};
  return names[std::clamp(level, min_level, max_level) - 1];
}

/// One line on how level `level` (clamped to 1..7) plays, for a menu.
constexpr std::string_view level_description(int level) noexcept {
  constexpr std::string_view lines[] = {
      "Plays more than half of its turns at random: a player who takes the biggest capture beats it.",
      "Looks one turn ahead, often misjudges, and plays a quarter of its turns at random.",
      "Looks two turns ahead and sometimes misjudges.",
      "Looks three turns ahead and seldom misjudges.",
      "Searches briefly, without mistakes.",
      "Searches longer, without mistakes: the strongest level that answers at once.",
      "Thinks a second a turn and plays endings out: the strongest.",
  };
  return lines[std::clamp(level, min_level, max_level) - 1];
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
