// fanorona: a game-playing search, the computer opponent (optional; not part of the rules).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_HPP
#define FANORONA_SEARCH_HPP

/// @file
/// @brief The computer opponent, `BasicSearcher`: iterative deepening alpha-beta (PVS) with a
/// transposition table, turn ordering, quiescence over compulsory captures, repetition
/// awareness, a tuned evaluation, playing levels 1..7, a game clock and endgame tables when
/// attached (`set_tablebase`). See docs/search.md.
///
/// This header is optional: the rules headers never include it. It includes the rules
/// (`fanorona.hpp`) and the parts of the search, which live under `fanorona/search/`:
/// `score.hpp`, `levels.hpp`, `evaluation.hpp`, `transposition_table.hpp`, `repetition.hpp`
/// and `searcher.hpp`.

#include "fanorona.hpp"
#include "search/evaluation.hpp"
#include "search/levels.hpp"
#include "search/repetition.hpp"
#include "search/score.hpp"
#include "search/searcher.hpp"
#include "search/transposition_table.hpp"

#endif  // FANORONA_SEARCH_HPP
