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
/// threads), svg.hpp (diagrams), record.hpp (game records).

/// @namespace fanorona
/// @brief The rules of Fanorona: everything public of the library. Every type is a template on
/// its board (`Board<W, H>`); the plain names (`Position`, `Turn`, `Game`, ...) are the 9x5
/// board. Internals live in `fanorona::detail` and may change at any release.
///
/// The API by topic:
/// - @ref board "Boards, points and symmetries"
/// - @ref positions "Positions and FEN"
/// - @ref turns "Steps and turns"
/// - @ref generation "Generating turns"
/// - @ref step_by_step "Step-by-step play"
/// - @ref notation "Notation"
/// - @ref games "Games and game records"
/// - @ref counting "Perft"
/// - @ref search "The computer opponent"
/// - @ref diagrams "Diagrams"
/// - @ref errors "Errors and the version"

/// @defgroup board Boards, points and symmetries
/// @brief `Board<W, H>` and its tables, `Point`, `Direction`, `Color`; the board's symmetries;
/// choosing the board at run time.
/// @defgroup positions Positions and FEN
/// @brief `BasicPosition`: the stones, the side to move, the hash, FEN in and out.
/// @defgroup turns Steps and turns
/// @brief `BasicStep`, `BasicTurn` and fixed-capacity lists of them.
/// @defgroup generation Generating turns
/// @brief Every legal turn of a position: listed, visited or counted.
/// @defgroup step_by_step Step-by-step play
/// @brief `BasicTurnBuilder`: a turn one step at a time, each step checked and explained.
/// @defgroup notation Notation
/// @brief Turns, steps and points read from text and written back.
/// @defgroup games Games and game records
/// @brief `BasicGame` with history, undo and repetition; game records in and out.
/// @defgroup counting Perft
/// @brief Counting turn sequences, on one thread or several.
/// @defgroup search The computer opponent
/// @brief `BasicSearcher` and its levels, from `<fanorona/search.hpp>`.
/// @defgroup diagrams Diagrams
/// @brief Positions and turns drawn as SVG, from `<fanorona/svg.hpp>`.
/// @defgroup errors Errors and the version
/// @brief `Result`, `Status`, `Error` and `ErrorCode`: errors without exceptions, with a code
/// and the values of their message; the library's version.

#include "any_board.hpp"
#include "board.hpp"
#include "error.hpp"
#include "game.hpp"
#include "instruction_set.hpp"
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
