// fanorona: the rules of Fanorona as a header-only C++17 library.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_FANORONA_HPP
#define FANORONA_FANORONA_HPP

/// @file
/// @brief The one include of the rules engine: `#include <fanorona/fanorona.hpp>`.
///
/// The rules, in the order a player learns them (docs/rules.md; docs/design.md has where each
/// rule lives):
/// - board.hpp: points, lines, strong and weak points, the three boards;
/// - position.hpp: stones, side to move, the starting set-up, hash, FEN;
/// - turn.hpp: steps, turns and fixed-capacity lists of them;
/// - movegen.hpp: every legal turn of a position, listed, visited or counted;
/// - turn_builder.hpp: a turn played one step at a time, each step checked;
/// - notation.hpp: turns and steps read from text, with messages for players;
/// - game.hpp: history, undo, threefold repetition, the result;
/// - perft.hpp: perft and divide;
/// - symmetry.hpp: the board's symmetries for positions and turns;
/// - any_board.hpp: choosing the board at run time, from a size or a FEN.
///
/// Internals (the capture rule, the chain walker, tables) are under detail/. Optional headers,
/// not included here: search.hpp (the computer opponent), parallel_perft.hpp (perft on
/// threads), svg.hpp (diagrams).

#include "any_board.hpp"
#include "board.hpp"
#include "game.hpp"
#include "movegen.hpp"
#include "notation.hpp"
#include "perft.hpp"
#include "position.hpp"
#include "result.hpp"
#include "symmetry.hpp"
#include "turn.hpp"
#include "turn_builder.hpp"
#include "version.hpp"

#endif  // FANORONA_FANORONA_HPP
