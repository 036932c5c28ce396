// fanorona: what a search found.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_SEARCH_RESULT_HPP
#define FANORONA_SEARCH_SEARCH_RESULT_HPP

/// @file
/// @brief `BasicSearchResult`: the turn a search chose, its score, its principal variation
/// and what the search cost. Part of `<fanorona/search.hpp>`.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../board.hpp"
#include "../turn.hpp"
#include "score.hpp"

namespace fanorona {

/// @addtogroup search
/// @{

/// What a search found: its answer, or (given to `BasicSearcher::on_iteration`) what it has
/// found so far.
template <class B = Tsivy>
struct BasicSearchResult {
  /// The turn chosen; empty when the position has no legal turn or the game is over.
  BasicTurn<B> best{};
  /// Score of the best turn for the side to move, in hundredths of a stone; see `win_score`.
  int score = 0;
  /// Deepest completed iteration (nominal depth in plies).
  int depth = 0;
  /// Deepest ply reached, quiescence included.
  int seldepth = 0;
  /// Positions visited.
  std::uint64_t nodes = 0;
  /// Wall-clock time used in milliseconds.
  std::int64_t milliseconds = 0;
  /// The principal variation, starting with `best` (may be shorter than `depth`).
  std::vector<BasicTurn<B>> pv;
  /// True when `best` is not the turn the search scored highest: a weak level's choice.
  bool deliberate_mistake = false;
  /// Positions whose score came from the endgame tables (`BasicSearcher::set_tablebase`).
  std::uint64_t tablebase_hits = 0;
  /// True when the root was covered by the endgame tables and `best` is their turn: the
  /// score is exact and no search was made.
  bool from_tablebase = false;

  /// True when the score is a forced win or loss, seen to the end of the game.
  bool is_decisive() const noexcept { return is_decisive_score(score); }
  /// Plies to the end of the game when `is_decisive()`, else 0.
  int plies_to_end() const noexcept { return is_decisive() ? win_score - std::abs(score) : 0; }
  /// The score for people: "+1.25" (stones, side to move's view), "win in 5", "loss in 3".
  std::string score_string() const {
    if (is_decisive()) return std::string(score > 0 ? "win in " : "loss in ") + std::to_string(plies_to_end());
    char text[32];
    std::snprintf(text, sizeof text, "%+.2f", score / 100.0);
    return text;
  }
  /// The principal variation in notation, turns separated by spaces.
  std::string pv_string() const {
    std::string s;
    for (const auto& t : pv) {
      if (!s.empty()) s += ' ';
      s += t.to_string();
    }
    return s;
  }
};

/// A search result on the default 9x5 board.
using SearchResult = BasicSearchResult<Tsivy>;

/// @}

}  // namespace fanorona

#endif  // FANORONA_SEARCH_SEARCH_RESULT_HPP
