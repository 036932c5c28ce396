// fanorona: the alpha-beta search to the nominal depth (internal).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_DETAIL_ALPHABETA_HPP
#define FANORONA_SEARCH_DETAIL_ALPHABETA_HPP

#include <cstddef>

#include "../../detail/bits.hpp"
#include "../../position.hpp"
#include "../../turn.hpp"
#include "../score.hpp"
#include "quiescence.hpp"
#include "state.hpp"

namespace fanorona {
namespace detail {

template <class B>
int negamax(SearchState<B>& s, const BasicPosition<B>& pos, int depth, int alpha, int beta, int ply) noexcept;

// The score of `child`, reached by `t`, the turn at place `i` of the order (principal
// variation search). The first turn gets the full window; the others a null window, enough
// to show they are no better, and a full one only when they are. Late paika moves of non-PV
// nodes are first searched one ply shallower.
template <class B>
int search_child(SearchState<B>& s, const BasicPosition<B>& child, const BasicTurn<B>& t, std::size_t i, int depth,
                 int alpha, int beta, int ply, bool pv_node) noexcept {
  s.line.set(ply + 1, child);
  if (i == 0) return -negamax(s, child, depth - 1, -beta, -alpha, ply + 1);
  const int reduction = (!pv_node && depth >= 3 && i >= 4 && !t.is_capture()) ? 1 : 0;
  int score = -negamax(s, child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
  if (score > alpha && reduction) score = -negamax(s, child, depth - 1, -alpha - 1, -alpha, ply + 1);
  if (score > alpha && score < beta) score = -negamax(s, child, depth - 1, -beta, -alpha, ply + 1);
  return score;
}

// The move loop of `negamax`: the ordered turns at `ply` until one reaches `beta`. When the
// search runs out of budget the result is meaningless and the budget is stopped.
template <class B>
Best search_turns(SearchState<B>& s, const BasicPosition<B>& pos, int depth, int alpha, int beta, int ply) noexcept {
  const bool pv_node = beta - alpha > 1;
  const auto& list = s.ordering.list(ply);
  const std::size_t n = list.size();
  Best best{-infinity, -1};
  for (std::size_t i = 0; i < n; ++i) {
    const int index = s.ordering.pick(ply, i, n);
    const BasicTurn<B>& t = list[static_cast<std::size_t>(index)];
    const int score = search_child(s, pos.after(t), t, i, depth, alpha, beta, ply, pv_node);
    if (s.budget.stopped()) return best;
    if (ply == 0) s.root_scores[static_cast<std::size_t>(index)] = score;
    if (score <= best.score) continue;
    best = {score, index};
    if (score <= alpha) continue;
    alpha = score;
    s.pv.update(ply, t);
    if (ply == 0) s.root_progress = best;
    if (alpha >= beta) {
      s.ordering.remember_cutoff(t, depth, ply);
      break;
    }
  }
  return best;
}

// The score of `pos` for its side to move, searched `depth` plies deep within the window
// (alpha, beta); the node's best line goes to the principal variation table. A weaker side
// with few replies (`LevelSettings::extend_few_replies`) is searched one ply deeper, up to
// twice the iteration's depth.
template <class B>
int negamax(SearchState<B>& s, const BasicPosition<B>& pos, int depth, int alpha, int beta, int ply) noexcept {
  if (depth <= 0) return quiescence(s, pos, alpha, beta, ply, 0);
  if (!s.enter_node(ply)) return 0;
  if (ply > 0) {
    if (s.line.is_repetition(ply)) return s.repetition_score(pos);
    if (const int exact = s.probe_tables(pos, ply); exact != no_table_score) return exact;
  }
  if (ply >= max_ply - 1) return s.evaluate(pos);
  const bool pv_node = beta - alpha > 1;
  const TTProbe probe = s.table.probe(pos.hash(), depth, alpha, beta, ply, !pv_node && ply > 0);
  if (probe.cutoff) return probe.score;
  const std::size_t n = s.ordering.generate(pos, ply, probe.move);
  if (n == 0) return -win_score + ply;  // the side to move loses
  const int few = s.settings.extend_few_replies;
  if (few > 0 && ply < 2 * s.iteration_depth && n <= static_cast<std::size_t>(few) &&
      popcount(pos.own()) < popcount(pos.enemy()))
    ++depth;
  const Best best = search_turns(s, pos, depth, alpha, beta, ply);
  if (s.budget.stopped()) return 0;
  s.table.store(pos.hash(), depth, ply, best.score, best.index, bound_of(best.score, alpha, beta));
  return best.score;
}

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_SEARCH_DETAIL_ALPHABETA_HPP
