// fanorona: the search at the root: iterative deepening, the tables' turn, a level's choice
// (internal).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_DETAIL_ROOT_HPP
#define FANORONA_SEARCH_DETAIL_ROOT_HPP

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "../../detail/bits.hpp"
#include "../../game.hpp"
#include "../../movegen.hpp"
#include "../../position.hpp"
#include "../limits.hpp"
#include "../score.hpp"
#include "../search_result.hpp"
#include "alphabeta.hpp"
#include "state.hpp"

namespace fanorona {
namespace detail {

// At a root the tables cover, every turn's value is exact: the fastest win, else a draw,
// else the longest defense. A turn into a third occurrence of a game position is a draw
// whatever the tables say (they ignore history), so a won position never slips into a
// repetition; among drawing turns the static evaluation chooses, to keep practical chances.
// False (search instead) when a child is not covered.
template <class B>
bool play_from_tables(SearchState<B>& s, const BasicPosition<B>& root, BasicSearchResult<B>& result) noexcept {
  if (s.table_stones == 0 || s.probe_tables(root, 0) == no_table_score) return false;
  int best_score = -infinity, best_tiebreak = 0;
  std::size_t best_index = 0;
  for (std::size_t i = 0; i < s.root_list.size(); ++i) {
    const BasicPosition<B> child = root.after(s.root_list[i]);
    const int v = s.probe_tables(child, 1);
    if (v == no_table_score) return false;
    s.line.set(1, child);
    const int score = s.line.is_repetition(1) ? draw_score : -v;
    const int tiebreak = score == draw_score ? -evaluate(child, s.weights, s.network) : 0;
    if (score > best_score || (score == best_score && tiebreak > best_tiebreak)) {
      best_score = score;
      best_tiebreak = tiebreak;
      best_index = i;
    }
  }
  result.best = s.root_list[best_index];
  result.score = best_score;
  result.depth = 1;
  result.pv.assign(1, result.best);
  result.from_tablebase = true;
  return true;
}

// A single legal turn needs no thought. Its score is the static evaluation, or the tables'
// exact value of the position it leads to.
template <class B>
void take_forced_turn(SearchState<B>& s, const BasicPosition<B>& root, BasicSearchResult<B>& result) {
  result.best = s.root_list[0];
  result.pv.push_back(result.best);
  const int exact = s.probe_tables(root.after(result.best), 1);
  result.score = exact != no_table_score ? -exact : evaluate(root, s.weights, s.network);
  result.depth = 0;
}

// A beginner's oversight (`LevelSettings::random_percent`): true, with `result` filled, when
// this turn is played at random. Never when a turn wins at once.
template <class B>
bool play_at_random(SearchState<B>& s, const BasicPosition<B>& root, int percent, BasicSearchResult<B>& result) {
  if (percent <= 0 || static_cast<int>(splitmix64(s.rng) % 100) >= percent) return false;
  for (const auto& t : s.root_list)
    if (!has_legal_turn(root.after(t))) return false;
  const std::size_t chosen = static_cast<std::size_t>(splitmix64(s.rng) % s.root_list.size());
  result.best = s.root_list[chosen];
  result.pv.assign(1, result.best);
  result.score = -evaluate(root.after(result.best), s.weights, s.network);
  result.deliberate_mistake = true;
  return true;
}

// The index of `turn` in the root's list; 0 when it is not there (an interrupted first
// iteration may leave no principal variation).
template <class B>
std::size_t root_index_of(const SearchState<B>& s, const BasicTurn<B>& turn) noexcept {
  std::size_t index = 0;
  for (std::size_t i = 0; i < s.root_list.size(); ++i)
    if (s.root_list[i] == turn) index = i;
  return index;
}

// What the search has found so far, as a result: the root's `best_index` turn, its `score`,
// and the last completed iteration's line when it starts with that turn.
template <class B>
void fill_result(const SearchState<B>& s, std::size_t best_index, int score, BasicSearchResult<B>& result) {
  result.best = s.root_list[best_index];
  result.score = score;
  if (s.completed_pv.empty() || s.completed_pv.front() != result.best)
    result.pv.assign(1, result.best);
  else
    result.pv = s.completed_pv;
}

// Tells the searcher's `on_iteration` callback, if any, what the iteration just completed found.
template <class B>
void report_iteration(const SearchState<B>& s, std::size_t best_index, int score, int depth) {
  if (!s.on_iteration) return;
  BasicSearchResult<B> info;
  fill_result(s, best_index, score, info);
  info.depth = depth;
  info.seldepth = s.seldepth;
  info.nodes = s.budget.nodes();
  info.milliseconds = s.budget.elapsed_ms();
  info.tablebase_hits = s.table_hits;
  s.on_iteration(info);
}

// Iterative deepening: depth 1, 2, ... up to `max_depth`. An iteration interrupted by a
// limit is discarded (except the first: there is nothing else); a forced win or loss seen to
// its end needs no deeper iteration.
template <class B>
void deepen(SearchState<B>& s, const BasicPosition<B>& root, int max_depth, BasicSearchResult<B>& result) {
  std::size_t best_index = 0;
  int best_score = -infinity;
  s.completed_pv.clear();
  for (int depth = 1; depth <= max_depth; ++depth) {
    for (auto& score : s.root_scores) score = -infinity;
    s.iteration_depth = depth;
    s.root_progress = {-infinity, -1};
    const int score = negamax(s, root, depth, -infinity, infinity, 0);
    if (s.budget.stopped() && depth > 1) {
      // The unfinished iteration's root turn is kept when it was searched to the end with a
      // full window: the first turn tried is the last iteration's best, so it beat that.
      if (s.settings.keep_partial_iteration && s.root_progress.index >= 0) {
        best_index = static_cast<std::size_t>(s.root_progress.index);
        best_score = s.root_progress.score;
        s.completed_pv.assign(s.pv.root(), s.pv.root() + s.pv.root_length());
      }
      break;
    }
    result.depth = depth;
    s.completed_pv.assign(s.pv.root(), s.pv.root() + s.pv.root_length());
    if (s.budget.stopped()) {
      // The first iteration, interrupted: the best root turn it finished, else the first
      // turn in the generator's order, scored statically.
      const bool finished_one = s.root_progress.index >= 0;
      best_index = finished_one ? static_cast<std::size_t>(s.root_progress.index) : 0;
      best_score = finished_one ? s.root_progress.score : s.evaluate(root);
      if (!finished_one) s.completed_pv.clear();
      break;
    }
    best_index = root_index_of(s, s.pv.root()[0]);
    best_score = score;
    report_iteration(s, best_index, best_score, depth);
    if (is_decisive_score(best_score) && win_score - std::abs(best_score) <= depth) break;
    if (s.budget.past_half_target()) break;
  }
  fill_result(s, best_index, best_score, result);
}

// Draws a root turn by its softmax weight, from the scores in `root_scores` (best `top`).
// Wins and losses are never given away by noise: a turn that loses by force is only chosen
// when all do.
template <class B>
std::size_t draw_root_turn(SearchState<B>& s, int top, int temperature) noexcept {
  const std::size_t n = s.root_list.size();
  double total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const int score = s.root_scores[i];
    s.draw_weights[i] =
        score <= -win_bound && top > -win_bound ? 0.0 : std::exp((score - top) / static_cast<double>(temperature));
    total += s.draw_weights[i];
  }
  const double r = static_cast<double>(splitmix64(s.rng) >> 11) / 9007199254740992.0 * total;
  double acc = 0;
  std::size_t chosen = n - 1;
  for (std::size_t i = 0; i < n; ++i) {
    acc += s.draw_weights[i];
    if (r < acc && s.draw_weights[i] > 0) {
      chosen = i;
      break;
    }
  }
  while (s.draw_weights[chosen] <= 0 && chosen > 0) --chosen;
  return chosen;
}

// A weak level's choice: every root turn gets a full-window score one ply shallower than the
// completed depth, then a turn is drawn with probability proportional to
// exp((score - best) / temperature).
template <class B>
void choose_softmax(SearchState<B>& s, const BasicPosition<B>& root, BasicSearchResult<B>& result, int temperature) {
  const int depth = std::max(0, result.depth - 1);
  int top = -infinity;
  for (std::size_t i = 0; i < s.root_list.size(); ++i) {
    const BasicPosition<B> child = root.after(s.root_list[i]);
    s.line.set(1, child);
    s.root_scores[i] = -negamax(s, child, depth, -infinity, infinity, 1);
    top = std::max(top, s.root_scores[i]);
  }
  if (s.budget.stopped() || top >= win_bound) return;  // a forced win: take the search's winning turn
  const std::size_t chosen = draw_root_turn(s, top, temperature);
  if (s.root_list[chosen] != result.best) {
    result.best = s.root_list[chosen];
    result.score = s.root_scores[chosen];
    result.pv.assign(1, result.best);
    result.deliberate_mistake = true;
  }
}

// The turn of a root that is not over, whose turns are in `s.root_list`: the tables', the
// only one, a beginner's random one, or the search's, which a weak level may then trade for
// a weaker one.
template <class B>
void choose_root_turn(SearchState<B>& s, const BasicPosition<B>& root, const SearchLimits& limits,
                      const RootStyle& style, BasicSearchResult<B>& result) {
  if (play_from_tables(s, root, result)) return;
  if (s.root_list.size() == 1) {
    take_forced_turn(s, root, result);
    return;
  }
  if (play_at_random(s, root, style.random_percent, result)) return;
  deepen(s, root, depth_limit(limits), result);
  if (style.temperature > 0 && !s.budget.stopped() && result.depth > 0) choose_softmax(s, root, result, style.temperature);
}

// Searches `root` (the last position of `s.line`) under `limits` and chooses its turn in
// `style`; `soft_ms` is a clock's target for this turn (0: none).
template <class B>
BasicSearchResult<B> run_search(SearchState<B>& s, const BasicPosition<B>& root, const SearchLimits& limits,
                                const RootStyle& style, std::int64_t soft_ms) {
  BasicSearchResult<B> result;
  s.line.begin_search();
  s.table.new_search();
  s.ordering.new_search();
  s.budget.begin(limits, soft_ms);
  s.noise = style.noise;
  s.table_hits = 0;
  s.seldepth = 0;
  s.root_list.clear();
  // The game may already be drawn by repetition (BasicGame::result reports it too).
  if (!result_of(root).is_over() && !s.line.is_repetition(0)) {
    generate_turns(root, s.root_list);
    choose_root_turn(s, root, limits, style, result);
  }
  result.nodes = s.budget.nodes();
  result.tablebase_hits = s.table_hits;
  result.seldepth = s.seldepth;
  result.milliseconds = s.budget.elapsed_ms();
  s.line.end_search();
  return result;
}

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_SEARCH_DETAIL_ROOT_HPP
