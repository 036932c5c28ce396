// fanorona: choosing the board at run time, from a size or from a FEN.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_ANY_BOARD_HPP
#define FANORONA_ANY_BOARD_HPP

/// @file
/// @brief Text whose board is not known in advance: find the board, then run code written once
/// for every board.
///
/// Every type of the library is a template on its board, so a program that reads a FEN or a
/// game record of unknown size needs the board before it can hold the position. `with_board`
/// and `with_position` make the choice once and call a generic lambda with the right types:
///
/// @code
/// const std::string fen = "B1W/3/W1B B";  // read from a user, a file...
/// const fanorona::Status status = fanorona::with_position(fen, [](const auto& position) {
///   std::printf("%d legal turns\n", static_cast<int>(fanorona::count_turns(position)));
/// });
/// if (!status) std::puts(status.error().message.c_str());
/// @endcode

#include <cstddef>
#include <string>
#include <string_view>

#include "board.hpp"
#include "position.hpp"
#include "result.hpp"

namespace fanorona {

/// @addtogroup board
/// @{

/// The size of a board: files and ranks.
struct BoardSize {
  int width = 9;   ///< Number of files.
  int height = 5;  ///< Number of ranks.

  /// "9x5", "5x5", "3x3".
  std::string to_string() const { return std::to_string(width) + "x" + std::to_string(height); }
  /// Equal when both dimensions are.
  friend constexpr bool operator==(BoardSize a, BoardSize b) noexcept { return a.width == b.width && a.height == b.height; }
  /// Not equal.
  friend constexpr bool operator!=(BoardSize a, BoardSize b) noexcept { return !(a == b); }
};

/// The size of board `B`.
template <class B>
constexpr BoardSize size_of() noexcept {
  return {B::width, B::height};
}

/// Reads a board size written as `9x5`, `5x5` or `3x3` (the form of `BoardSize::to_string`).
inline Result<BoardSize> parse_board_size(std::string_view text) {
  if (text == "9x5") return BoardSize{9, 5};
  if (text == "5x5") return BoardSize{5, 5};
  if (text == "3x3") return BoardSize{3, 3};
  return make_error(ErrorCode::unknown_board, {{"text", detail::quoted(text)}}, 0);
}

/// Calls `f(B{})` with the board type `B` of `size` (`Tsivy`, `Dimy` or `Telo`), so that `f`,
/// a generic lambda, is written once for all boards. Fails, without calling `f`, for any other
/// size.
template <class F>
Status with_board(BoardSize size, F&& f) {
  if (size == size_of<Tsivy>())
    f(Tsivy{});
  else if (size == size_of<Dimy>())
    f(Dimy{});
  else if (size == size_of<Telo>())
    f(Telo{});
  else
    return make_error(ErrorCode::no_such_board, {{"board", size.to_string()}});
  return {};
}

/// The size of the board a FEN describes: its number of ranks, and the points its first rank
/// describes. Only the shape is read; `BasicPosition<B>::from_fen` checks the rest.
inline Result<BoardSize> board_size_of_fen(std::string_view fen) {
  std::size_t i = fen.find_first_not_of(" \t");
  if (i == std::string_view::npos) return make_error(ErrorCode::fen_empty, {}, fen.size());
  BoardSize size{0, 1};
  bool first_rank = true;
  for (; i < fen.size() && fen[i] != ' ' && fen[i] != '\t'; ++i) {
    const char c = fen[i];
    if (c == '/') {
      ++size.height;
      first_rank = false;
    } else if (first_rank) {
      size.width += (c >= '1' && c <= '9') ? c - '0' : 1;
    }
  }
  return size;
}

/// Reads `fen` on the board it describes and calls `f(position)` with a `BasicPosition<B>` of
/// that board. Fails, without calling `f`, when the shape is no board of the library or the
/// FEN is wrong on it; the message is `from_fen`'s.
template <class F>
Status with_position(std::string_view fen, F&& f) {
  const Result<BoardSize> size = board_size_of_fen(fen);
  if (!size) return size.error();
  Status read;
  const Status board = with_board(*size, [&](auto b) {
    using B = decltype(b);
    const auto position = BasicPosition<B>::from_fen(fen);
    if (!position) {
      read = position.error();
      return;
    }
    f(*position);
  });
  if (!board) return board;
  return read;
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_ANY_BOARD_HPP
