// fanorona: the endgame tables' former header, kept so that existing programs compile.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_TABLEBASE_HPP
#define FANORONA_SEARCH_TABLEBASE_HPP

/// @file
/// @brief Deprecated: include `<fanorona/tablebase.hpp>`. The endgame tables are a component
/// of their own, not a part of the search; this header includes theirs and will be removed
/// in a later release.

#include "../tablebase.hpp"

#endif  // FANORONA_SEARCH_TABLEBASE_HPP
