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
  /// The level, 1 (beginner) to 7 (strongest).
  int level = 6;
  /// The search limits of each move.
  SearchLimits limits{};
  /// Noise added to every evaluation, uniform in [-noise, +noise] hundredths of a stone,
  /// fixed per position and seed; 0 for none.
  int eval_noise = 0;
  /// Softmax temperature in hundredths of a stone for choosing among the root turns: 0 always
  /// plays the best turn; higher values sometimes play a reasonable but weaker one.
  int temperature = 0;
  /// Repetition contempt, in hundredths of a stone per stone of material lead (at most 3
  /// counted): a repetition inside the search scores `-contempt * lead` for the side to move,
  /// so the side that is ahead steers away from repetitions and the side behind seeks them.
  /// 0 (levels 1-6): every repetition scores `draw_score`.
  int contempt = 0;
  /// Contempt for draws as such, in hundredths of a stone: inside the search a draw (a
  /// repetition, or a position the endgame tables call drawn) scores this much below
  /// `draw_score` for the side that searches and as much above for its opponent, whatever the
  /// material, so that the engine plays on rather than settle for a draw against an opponent it
  /// expects to outplay. 0: draws score `draw_score` (plus `contempt`'s and
  /// `table_draw_lead`'s terms).
  int draw_contempt = 0;
  /// A position the endgame tables call a draw scores this many hundredths of a stone per
  /// stone the side to move is ahead (at most 3 counted) inside the search, instead of
  /// exactly `draw_score`: the tables' draw assumes perfect play, and a stone ahead keeps
  /// practical chances against a fallible opponent. 0 (every level): every table draw scores
  /// `draw_score`. The root's own table play is unchanged (always exact).
  int table_draw_lead = 0;
  /// The search probes the endgame tables inside its tree only when the root has at most
  /// this many stones; 0: always. In the opening's capture storms, quiescence lines from the
  /// full 9x5 board reach 7-stone positions in nine plies or so, lines the game seldom
  /// follows; this keeps them out (docs/search.md measures it: no stronger). No level sets it.
  int table_root_stones = 0;
  /// The search adds the evaluation network's term (`EvalWeights::network`) only when the
  /// root has at most this many stones; 0: always. The network scores some positions a stone
  /// down higher than the stones would, and in the opening's capture storms a materialistic
  /// opponent takes such stones and keeps them; this keeps the network for the later game
  /// (docs/search.md measures it: weaker). No level sets it.
  int network_root_stones = 0;
  /// At a root the tables call a draw, choose among the drawing turns the one that leaves the
  /// opponent the largest share of replies that lose by the tables (then the static
  /// evaluation), and make a repetition only when no other turn draws. A drawn ending played
  /// exactly cannot be lost, so every turn it lasts is a chance for a fallible opponent to
  /// step into a lost position; false: the static evaluation alone chooses among the draws.
  bool table_traps = false;
  /// Extends a node by one ply when the side to move is behind in material and has at most
  /// this many legal turns (a hunted side's few replies are where a won endgame is decided);
  /// 0 for none. Extensions stop at twice the iteration's depth.
  int extend_few_replies = 0;
  /// When a timed search is interrupted, keep the root turn of the unfinished iteration if it
  /// was searched to the end and beat the previous best (otherwise the whole iteration is
  /// discarded, as levels 1-6 do).
  bool keep_partial_iteration = false;
  /// Null-move pruning: at a non-PV node whose side to move has no capture, several stones
  /// and a static score at or above beta, the opponent is let to move twice (a pass, which
  /// the rules do not allow) in a search `2 + depth / 6` plies shallower; when even that
  /// reaches beta the node is cut off. Saves time where one side is clearly better, at the
  /// risk of zugzwang (a position where every move spoils something), which Fanorona has.
  bool null_move = false;
  /// In the quiescence search, the static score stands as a lower bound even when a capture
  /// is compulsory ("stand pat"); false makes the side to move capture (the best of its
  /// strongest captures), since it may not decline.
  bool stand_pat = true;
  /// Late-move reductions of non-PV paika moves: 0 reduces the fifth and later moves by one
  /// ply at depth 3 or more; 1 reduces by about `ln(depth) * ln(move number) / 2` plies.
  int reductions = 0;
  /// Late-move reductions also for captures: at a non-PV node the fifth and later capture
  /// turns (the ones taking fewest stones) are first searched one ply shallower, as late
  /// paika moves are. Most middle-game nodes offer only captures (capture is compulsory), so
  /// without this they are never reduced.
  bool reduce_captures = false;
  /// Extends a node by one ply when its side to move has a single legal turn, whoever is
  /// ahead: a forced reply costs nothing to search and forced sequences are where tactics
  /// hide. Bounded, as `extend_few_replies` is, by twice the iteration's depth.
  bool extend_single_reply = false;
  /// Reverse futility pruning, in hundredths of a stone per ply: a non-PV node at most 3
  /// plies deep whose side to move has no capture and whose static score is at least
  /// `beta + futility * depth` returns that score without searching; 0 for none.
  int futility = 0;
  /// Aspiration windows: from depth 4 each iteration first searches a window of this many
  /// hundredths of a stone around the last iteration's score, widened on failure; 0 for none.
  int aspiration = 0;
  /// The quiescence search also reads and writes the transposition table, so capture lines
  /// met again by transposition are not searched twice.
  bool quiescence_table = false;
  /// How many plies the quiescence search may add below the nominal depth (at most 8).
  int quiescence_plies = 8;
  /// How many capture turns, the best-ordered, each quiescence node tries (at least 1).
  int quiescence_turns = 12;
  /// The transposition table keeps two entries per slot pair and replaces the older or
  /// shallower one (false: one entry per slot, always replaced). Matters once a search visits
  /// more positions than the table holds.
  bool two_way_table = false;
  /// At the horizon, a quiet position whose opponent threatens a capture is not scored
  /// statically: each paika move is tried and the opponent's captures after it are searched.
  bool threat_replies = false;
  /// Under a game clock, the target time of a turn is multiplied by this while more than a
  /// third of the stones are on the board (the capture-rich opening, where most games are
  /// decided; about the first 10 turns on 9x5); 1 spends the clock evenly.
  int opening_time_factor = 1;
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
///
/// `factor` (at least 1) multiplies the target, and so the hard limit, which stays within a
/// third of what is left: the opening's share of the clock (`LevelSettings::opening_time_factor`).
constexpr TimeBudget allocate_time(const GameClock& clock, int factor = 1) noexcept {
  const std::int64_t margin = 5 + std::min<std::int64_t>(clock.remaining_ms / 20, 50);
  const std::int64_t usable = std::max<std::int64_t>(clock.remaining_ms - margin, 1);
  const std::int64_t turns = clock.moves_to_go > 0 ? std::min(clock.moves_to_go, 50) : 30;
  std::int64_t soft = (usable / turns) * std::max(factor, 1) + clock.increment_ms * 3 / 4;
  std::int64_t hard = clock.moves_to_go == 1 ? usable : std::min(3 * soft, usable / 3);
  hard = std::max<std::int64_t>(std::min(hard, usable), 1);
  soft = std::max<std::int64_t>(std::min(soft, hard), 1);
  return {soft, hard};
}

/// The lowest level.
inline constexpr int min_level = 1;
/// The strongest level: a time budget per turn (or a game clock), repetition contempt,
/// endgame extensions and the endgame evaluation terms (`level_weights`).
inline constexpr int max_level = 7;

/// The highest level that is deterministic for a seed (node and depth limits, no time).
inline constexpr int max_fixed_level = 6;

/// The settings of level `level` (clamped to 1..7). Levels 1-3 search to a fixed depth, level 4
/// to depth 4 within a node budget, 5 and 6 to a node budget, so they are deterministic for a
/// seed; level 7 thinks 1 s a turn (or as a game clock allows) and converts leads; see
/// docs/search.md.
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
    case 6:
      s.limits.nodes = 150000;
      break;
    default:
      s.limits.milliseconds = 1000;
      s.contempt = 25;
      s.extend_few_replies = 2;
      s.keep_partial_iteration = true;
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
