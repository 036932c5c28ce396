// fanorona: a game-playing search, the computer opponent (optional; not part of the rules).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_HPP
#define FANORONA_SEARCH_HPP

/// @file
/// @brief The computer opponent, `BasicSearcher`: playing levels 1..7 (`level_settings`,
/// `level_name`), searches under `SearchLimits` or a `GameClock`, a stop from another thread,
/// a callback per iteration, and endgame tables when attached (`set_tablebase`). See
/// docs/search.md.
///
/// This header is optional: the rules headers never include it. It includes the rules
/// (`fanorona.hpp`) and the public parts of the search, which live under `fanorona/search/`:
/// `score.hpp`, `limits.hpp`, `levels.hpp`, `evaluation.hpp`, `network.hpp`,
/// `table_probe.hpp`, `search_result.hpp` and `searcher.hpp`. Its internals are under
/// `fanorona/search/detail/`. The endgame tables themselves are in `fanorona/tablebase.hpp`.

#include "fanorona.hpp"
#include "search/evaluation.hpp"
#include "search/levels.hpp"
#include "search/limits.hpp"
#include "search/network.hpp"
#include "search/score.hpp"
#include "search/search_result.hpp"
#include "search/searcher.hpp"
#include "search/table_probe.hpp"

#endif  // FANORONA_SEARCH_HPP
