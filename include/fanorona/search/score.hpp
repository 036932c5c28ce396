// fanorona: the search's score scale (part of the optional computer opponent).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_SCORE_HPP
#define FANORONA_SEARCH_SCORE_HPP

/// @file
/// @brief The score scale of the computer opponent: `win_score`, `win_bound`, `draw_score`.
/// Scores are in hundredths of a stone for the side to move. Part of `<fanorona/search.hpp>`.

namespace fanorona {

/// @addtogroup search
/// @{

/// Score of a won position for the side to move, before subtracting the distance to the win
/// in plies: a win in `n` plies scores `win_score - n`, a loss in `n` plies `-(win_score - n)`.
inline constexpr int win_score = 30000;

/// Scores at least this large (in absolute value) are wins or losses found by the search.
inline constexpr int win_bound = win_score - 1000;

/// The score of a draw (threefold repetition), for both sides.
inline constexpr int draw_score = 0;

/// True when `score` is a win or a loss the search has seen to the end of the game.
constexpr bool is_decisive_score(int score) noexcept { return score >= win_bound || score <= -win_bound; }

/// @}

namespace detail {

// Above every score a search can return, so that the first turn searched always improves on it.
inline constexpr int infinity = 32000;

}  // namespace detail

}  // namespace fanorona

#endif  // FANORONA_SEARCH_SCORE_HPP
