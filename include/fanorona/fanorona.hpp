// fanorona: the rules of Fanorona as a header-only C++17 library.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_FANORONA_HPP
#define FANORONA_FANORONA_HPP

/// @file
/// @brief The one include of the rules engine: `#include <fanorona/fanorona.hpp>`.
///
/// Each rule of RULES.md lives in one header:
/// - board.hpp: points, lines, strong and weak points (section 1), compile-time tables;
/// - position.hpp: stones, side to move, hash, FEN, initial position (sections 2, 5, 7);
/// - turn.hpp: steps, turns, fixed-capacity lists, turn notation (sections 3, 5);
/// - movegen.hpp: every legal turn: captures, chains, paika (section 3);
/// - turn_builder.hpp: step-by-step play with the chain rules (section 3);
/// - notation.hpp: reading turns, with messages for players (section 5);
/// - game.hpp: history, undo, threefold repetition, result (section 4);
/// - perft.hpp: perft and divide (section 6), with leaf_counter.hpp for its last level.
///
/// The computer opponent is separate: `#include <fanorona/search.hpp>`.

#include "board.hpp"
#include "game.hpp"
#include "movegen.hpp"
#include "notation.hpp"
#include "perft.hpp"
#include "position.hpp"
#include "result.hpp"
#include "turn.hpp"
#include "turn_builder.hpp"
#include "version.hpp"

#endif  // FANORONA_FANORONA_HPP
