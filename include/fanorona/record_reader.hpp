// fanorona: reading game records, one game at a time, from a stream of any size.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_RECORD_READER_HPP
#define FANORONA_RECORD_READER_HPP

/// @file
/// @brief Reading game records (docs/records.md): the streaming `RecordReader` for files of
/// games on any board, `for_each_record`, and `parse_record` for a text of one game.

#include <cstddef>
#include <istream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "board.hpp"
#include "detail/record_parser.hpp"
#include "error.hpp"
#include "record.hpp"
#include "result.hpp"

namespace fanorona {

/// @addtogroup games
/// @{

/// Reads game records from a stream, one game at a time, whatever their boards: a file of
/// any number of games is read line by line and never held whole.
///
/// Every turn is checked by the rules (with `BasicGame::play`'s errors), and so are the turn
/// numbers, the tags the reader knows (`Board`, `FEN`, `Result`, `Termination`, `Date`) and
/// the result. A refused game is an `Error` with the line and column of the problem (and its
/// byte offset in the input); the reader then skips to the next line that begins with `[`
/// after a blank line and goes on with the next game there (docs/records.md has the format
/// and every rule).
///
/// @code
/// std::ifstream file("games.txt");
/// fanorona::RecordReader reader(file);
/// while (const auto game = reader.next()) {
///   if (!*game) {
///     std::cerr << "game " << reader.game_number() << ": " << fanorona::to_string(game->error()) << '\n';
///     continue;
///   }
///   std::visit([](const auto& record) { std::cout << record.turns().size() << " turns\n"; }, game->value());
/// }
/// @endcode
class RecordReader {
 public:
  /// A reader of `in`, which must outlive it.
  explicit RecordReader(std::istream& in) : parser_(in) {}

  /// The next game: its record, or the `Error` that refused it (with `line` and `column`).
  /// Nothing when the input holds no more games (only blanks and comments are left).
  std::optional<Result<AnyGameRecord>> next() { return parser_.next(); }

  /// Which game of the input the last `next()` read, from 1, counting refused games; 0
  /// before the first.
  std::size_t game_number() const noexcept { return parser_.games(); }

 private:
  detail::RecordParser parser_;
};

/// Reads every game of `in`, calling `on_game(record)` with each good game as a
/// `BasicGameRecord<B>&` of its own board (a generic lambda handles the three boards alike)
/// and `on_error(error)` with the `Error` of each refused one.
/// @code
/// std::ifstream file("games.txt");
/// fanorona::for_each_record(
///     file, [](const auto& record) { std::cout << fanorona::to_string(record) << '\n'; },
///     [](const fanorona::Error& e) { std::cerr << fanorona::to_string(e) << '\n'; });
/// @endcode
template <class OnGame, class OnError>
void for_each_record(std::istream& in, OnGame&& on_game, OnError&& on_error) {
  RecordReader reader(in);
  while (auto game = reader.next()) {
    if (!*game) {
      on_error(game->error());
      continue;
    }
    std::visit([&on_game](auto& record) { on_game(record); }, game->value());
  }
}

/// Reads a text holding exactly one game of board `B` (the default: 9x5). The error is
/// `RecordReader`'s, with its line, column and byte offset into `text`; also refused are a
/// text without a game, a game of another board, and a second game after the first.
/// @code
/// auto record = fanorona::parse_record<fanorona::Dimy>("[Board \"5x5\"]\n\n1. b3-c3A *\n");
/// if (record) std::cout << record->turns().size() << " turn\n";  // 1 turn
/// @endcode
template <class B = Tsivy>
Result<BasicGameRecord<B>> parse_record(std::string_view text) {
  std::istringstream in{std::string(text)};
  RecordReader reader(in);
  auto game = reader.next();
  if (!game) return make_error(ErrorCode::record_no_game, {}, 0);
  if (!*game) return game->error();
  auto* record = std::get_if<BasicGameRecord<B>>(&game->value());
  if (!record) {
    const std::string board = std::visit([](const auto& r) { return std::string(*r.tag("Board")); }, game->value());
    return make_error(ErrorCode::record_wrong_board, {{"board", board}, {"expected", detail::record_board_name<B>()}});
  }
  BasicGameRecord<B> first = std::move(*record);
  if (reader.next()) return make_error(ErrorCode::record_several_games);
  return first;
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_RECORD_READER_HPP
