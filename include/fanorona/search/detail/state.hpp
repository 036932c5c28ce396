// fanorona: everything one searcher keeps between and during searches (internal).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_DETAIL_STATE_HPP
#define FANORONA_SEARCH_DETAIL_STATE_HPP

#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "../../board.hpp"
#include "../../detail/bits.hpp"
#include "../../movegen.hpp"
#include "../../position.hpp"
#include "../../turn.hpp"
#include "../evaluation.hpp"
#include "../levels.hpp"
#include "../score.hpp"
#include "../search_result.hpp"
#include "../table_probe.hpp"
#include "budget.hpp"
#include "line.hpp"
#include "ordering.hpp"
#include "repetition.hpp"
#include "transposition_table.hpp"

namespace fanorona {
namespace detail {

// What `probe_tables` returns for a position the tables do not hold.
inline constexpr int no_table_score = INT_MIN;

// The best score among a node's turns and the index of the turn that reached it.
struct Best {
  int score;
  int index;
};

// How a search chooses at its root: a level's imprecision (all zero for an exact search).
struct RootStyle {
  int noise = 0;
  int temperature = 0;
  int random_percent = 0;
};

// The searcher's state: its tables, the line being searched, its limits, its level, and the
// endgame tables it reads. Allocated once, by the searcher's constructor.
template <class B>
struct SearchState {
  using position_type = BasicPosition<B>;
  using turn_type = BasicTurn<B>;

  explicit SearchState(std::size_t table_megabytes) : table(table_megabytes), line(max_ply + 2) {
    completed_pv.reserve(plies);
  }

  // ---- kept between searches ----
  TranspositionTable table;
  RepetitionStack<B> line;
  TurnOrdering<B> ordering;
  LevelSettings settings{};
  EvalWeights weights{};
  const BasicEvalNetwork<B>* network = default_network<B>();
  const BasicTableProbe<B>* tables = nullptr;
  int table_stones = 0;  // the tables cover every position of this many stones or fewer
  std::uint64_t seed = 0;
  std::uint64_t rng = 0;
  std::function<void(const BasicSearchResult<B>&)> on_iteration;

  // ---- one search ----
  SearchBudget budget;
  PvTable<B> pv;
  int noise = 0;
  int seldepth = 0;
  int iteration_depth = 0;
  std::uint64_t table_hits = 0;
  BasicTurnList<B> root_list;
  std::array<int, max_turns<B>> root_scores{};
  std::array<double, max_turns<B>> draw_weights{};
  std::vector<turn_type> completed_pv;     // the last completed iteration's, kept apart from pv
  Best root_progress{-infinity, -1};  // the running iteration's best completed root turn

  // Starts a node at `ply`: counts it, unless the search is out of budget (false).
  bool enter_node(int ply) noexcept {
    pv.reset(ply);
    if (!budget.enter()) return false;
    if (ply > seldepth) seldepth = ply;
    return true;
  }

  // The static score of `pos` for its side to move, with this search's noise.
  int evaluate(const position_type& pos) const noexcept {
    int score = detail::evaluate(pos, weights, network);
    if (noise > 0) score += evaluation_noise(pos.hash(), seed, noise);
    return score;
  }

  // The tables' score of `pos` for its side to move as seen from a node at `ply` (decisive
  // scores count plies from the root), or `no_table_score` when it is not covered.
  int probe_tables(const position_type& pos, int ply) noexcept {
    if (table_stones == 0 || popcount(pos.own() | pos.enemy()) > table_stones) return no_table_score;
    const auto value = tables->probe(pos);
    if (!value) return no_table_score;
    ++table_hits;
    if (value->outcome == TablebaseOutcome::win) return win_score - value->distance - ply;
    if (value->outcome == TablebaseOutcome::loss) return -(win_score - value->distance) + ply;
    return draw_score;
  }

  // The score of a repetition for the side to move of `pos`: `draw_score`, less the level's
  // contempt for each stone (up to 3) the side to move is ahead, so that the stronger side
  // avoids repetitions and the weaker seeks them.
  int repetition_score(const position_type& pos) const noexcept {
    const int lead = std::clamp(popcount(pos.own()) - popcount(pos.enemy()), -3, 3);
    return draw_score - settings.contempt * lead;
  }
};

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_SEARCH_DETAIL_STATE_HPP
