// fanorona: the search below the nominal depth, over compulsory captures (internal).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_DETAIL_QUIESCENCE_HPP
#define FANORONA_SEARCH_DETAIL_QUIESCENCE_HPP

#include <algorithm>
#include <cstddef>

#include "../../detail/chain_walker.hpp"
#include "../../movegen.hpp"
#include "../../position.hpp"
#include "../score.hpp"
#include "state.hpp"

namespace fanorona {
namespace detail {

// The score of `pos` for its side to move when the nominal depth is reached: a quiet position
// (no capture to make) is scored statically; otherwise the best-ordered captures are played
// out, at most `max_qply` plies and `max_qturns` turns a node. Returns 0 with the budget
// stopped when out of budget; callers discard it.
//
// Capture is compulsory, but capturing is nearly always worth at least the static score
// (which counts the stones the side to move can take), so the static score stands as a lower
// bound ("stand pat"), which keeps the capture-rich middle game searchable.
template <class B>
int quiescence(SearchState<B>& s, const BasicPosition<B>& pos, int alpha, int beta, int ply, int qply) noexcept {
  if (!s.enter_node(ply)) return 0;
  if (ply > 0 && s.line.is_repetition(ply)) return s.repetition_score(pos);
  if (pos.own() == 0) return -win_score + ply;
  if (const int exact = s.probe_tables(pos, ply); exact != no_table_score) return exact;
  if (!has_capture(pos)) {
    if (count_paika<B>(pos.own(), pos.enemy()) == 0) return -win_score + ply;
    return s.evaluate(pos);
  }
  const int stand = s.evaluate(pos);
  if (qply >= max_qply || ply >= max_ply - 1 || stand >= beta) return stand;
  alpha = std::max(alpha, stand);
  int best = stand;
  const auto& list = s.ordering.list(ply);
  const std::size_t n = std::min(s.ordering.generate(pos, ply, -1), max_qturns);
  for (std::size_t i = 0; i < n; ++i) {
    const auto& t = list[static_cast<std::size_t>(s.ordering.pick(ply, i, list.size()))];
    const BasicPosition<B> child = pos.after(t);
    s.line.set(ply + 1, child);
    const int score = -quiescence(s, child, -beta, -alpha, ply + 1, qply + 1);
    if (s.budget.stopped()) return 0;
    if (score <= best) continue;
    best = score;
    if (score <= alpha) continue;
    alpha = score;
    s.pv.update(ply, t);
    if (alpha >= beta) break;
  }
  return best;
}

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_SEARCH_DETAIL_QUIESCENCE_HPP
