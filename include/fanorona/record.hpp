// fanorona: game records, whole games as text in the spirit of chess's PGN.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_RECORD_HPP
#define FANORONA_RECORD_HPP

/// @file
/// @brief Game records (docs/records.md): `BasicGameRecord` (tags, a checked game, comments,
/// the result), the writer (`to_string`, `write_record`) and the streaming `RecordReader`
/// for files of games on any board.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "board.hpp"
#include "detail/record_text.hpp"
#include "game.hpp"
#include "position.hpp"
#include "result.hpp"
#include "turn.hpp"

namespace fanorona {

/// @addtogroup games
/// @{

/// How a recorded game ended: the value of its `Termination` tag. The first three are the
/// ends the rules make (`EndReason`); the others are ends the players or the organisers make,
/// which the rules engine cannot see, and each allows only some results (docs/records.md).
enum class Termination : std::uint8_t {
  unspecified,           ///< No `Termination` tag, in a game the rules have not ended: the record does not say.
  no_stones,             ///< "no stones": the side to move has no stones left (the rules).
  no_legal_turn,         ///< "no legal turn": the side to move cannot move (the rules).
  threefold_repetition,  ///< "threefold repetition": drawn by the rules; 1/2-1/2.
  agreement,             ///< "agreement": the players agreed to a draw; 1/2-1/2.
  resignation,           ///< "resignation": a player resigned; 1-0 or 0-1.
  time_forfeit,          ///< "time forfeit": a player ran out of time; 1-0 or 0-1.
  adjudication,          ///< "adjudication": an arbiter decided the result; 1-0, 0-1 or 1/2-1/2.
  abandoned,             ///< "abandoned": stopped and never resumed; any result, `*` included.
  unfinished,            ///< "unfinished": still being played; `*`.
};

/// The text of a `Termination` in the `Termination` tag ("no stones", "resignation", ...);
/// empty for `Termination::unspecified`, which has no tag.
constexpr std::string_view termination_name(Termination termination) noexcept {
  constexpr std::string_view names[] = {"",          "no stones",   "no legal turn", "threefold repetition", "agreement",
                                        "resignation", "time forfeit", "adjudication", "abandoned",            "unfinished"};
  return names[static_cast<int>(termination)];
}

/// The result token of an outcome, as the `Result` tag and the end of the movetext write it:
/// "1-0" (White won), "0-1" (Black won), "1/2-1/2" (a draw), "*" (`Outcome::ongoing`: no
/// result, the game is unfinished or its result unknown).
constexpr std::string_view result_token(Outcome outcome) noexcept {
  switch (outcome) {
    case Outcome::white_wins:
      return "1-0";
    case Outcome::black_wins:
      return "0-1";
    case Outcome::draw:
      return "1/2-1/2";
    case Outcome::ongoing:
      break;
  }
  return "*";
}

/// One tag pair of a record: `[White "Rabe"]` has the name `White` and the value `Rabe`.
struct Tag {
  std::string name;   ///< A letter, then letters, digits and `_`; names are case-sensitive.
  std::string value;  ///< The value without quotes or escapes; one line.

  /// Equal when name and value are.
  friend bool operator==(const Tag& a, const Tag& b) noexcept { return a.name == b.name && a.value == b.value; }
  /// Not equal.
  friend bool operator!=(const Tag& a, const Tag& b) noexcept { return !(a == b); }
};

/// A comment of the movetext, `{...}` or `; ...` in the text, and where it stands.
struct Comment {
  /// How many turns come before it: 0 before the first turn, `turns().size()` after the last.
  std::size_t after = 0;
  /// The text, without braces; runs of blanks and line breaks read as one space, and blanks
  /// at the ends are dropped (the writer breaks long comments across lines).
  std::string text;

  /// Equal when place and text are.
  friend bool operator==(const Comment& a, const Comment& b) noexcept { return a.after == b.after && a.text == b.text; }
  /// Not equal.
  friend bool operator!=(const Comment& a, const Comment& b) noexcept { return !(a == b); }
};

/// Why a game of a record text was refused, and where.
struct RecordError {
  std::string message;      ///< The explanation, e.g. "capture is compulsory: b1-b2 captures nothing, but b1-c1A captures".
  std::size_t line = 1;     ///< The line of the input, from 1.
  std::size_t column = 1;   ///< The column, from 1, counted in bytes (a tab is one column).
  std::size_t offset = 0;   ///< The byte offset from the start of the input.
  std::size_t game = 1;     ///< Which game of the input, from 1, counting refused games.

  /// The error as one line: "line 3, column 12: capture is compulsory: ...".
  std::string to_string() const {
    return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + message;
  }
};

namespace detail {

constexpr Termination termination_of(EndReason reason) noexcept {
  switch (reason) {
    case EndReason::no_stones:
      return Termination::no_stones;
    case EndReason::no_legal_turn:
      return Termination::no_legal_turn;
    case EndReason::threefold_repetition:
      return Termination::threefold_repetition;
    case EndReason::none:
      break;
  }
  return Termination::unspecified;
}

inline std::optional<Outcome> outcome_from_token(std::string_view token) noexcept {
  for (Outcome o : {Outcome::white_wins, Outcome::black_wins, Outcome::draw, Outcome::ongoing})
    if (token == result_token(o)) return o;
  return std::nullopt;
}

inline std::optional<Termination> termination_from_name(std::string_view name) noexcept {
  for (int i = 1; i <= static_cast<int>(Termination::unfinished); ++i)
    if (name == termination_name(static_cast<Termination>(i))) return static_cast<Termination>(i);
  return std::nullopt;
}

inline std::string all_termination_names() {
  std::string out;
  for (int i = 1; i <= static_cast<int>(Termination::unfinished); ++i) {
    if (i > 1) out += ", ";
    out += termination_name(static_cast<Termination>(i));
  }
  return out;
}

// Whether a result and a termination fit the game: the rules decide both once they have
// ended the game; otherwise each termination allows only some results. An unspecified
// termination of a game the rules ended becomes the rules' reason, since the record then
// knows it.
inline Status check_record_result(const GameResult& by_rules, const std::string& side_to_move, Outcome result,
                                  Termination& termination) {
  const std::string given(result_token(result));
  if (by_rules.is_over()) {
    const Termination reason = termination_of(by_rules.reason);
    if (termination != Termination::unspecified && termination != reason)
      return make_error("the game ended by the rules (" + by_rules.to_string() + "), so its Termination is '" +
                        std::string(termination_name(reason)) + "', not '" + std::string(termination_name(termination)) +
                        "'");
    if (result != by_rules.outcome)
      return make_error("the game ended by the rules (" + by_rules.to_string() + "), so its result is " +
                        std::string(result_token(by_rules.outcome)) + ", not " + given);
    termination = reason;
    return {};
  }
  const bool decisive = result == Outcome::white_wins || result == Outcome::black_wins;
  switch (termination) {
    case Termination::no_stones:
      return make_error("the Termination is 'no stones', but " + side_to_move + ", to move, still has stones");
    case Termination::no_legal_turn:
      return make_error("the Termination is 'no legal turn', but " + side_to_move + ", to move, has a legal turn");
    case Termination::threefold_repetition:
      return make_error("the Termination is 'threefold repetition', but no position has occurred three times");
    case Termination::unfinished:
      if (result != Outcome::ongoing) return make_error("an unfinished game has the result *, not " + given);
      break;
    case Termination::agreement:
      if (result != Outcome::draw) return make_error("a draw by agreement has the result 1/2-1/2, not " + given);
      break;
    case Termination::resignation:
      if (!decisive) return make_error("a game ended by resignation has the result 1-0 or 0-1, not " + given);
      break;
    case Termination::time_forfeit:
      if (!decisive) return make_error("a game lost on time has the result 1-0 or 0-1, not " + given);
      break;
    case Termination::adjudication:
      if (result == Outcome::ongoing) return make_error("an adjudicated game has the result 1-0, 0-1 or 1/2-1/2, not *");
      break;
    case Termination::abandoned:
    case Termination::unspecified:
      break;
  }
  return {};
}

inline std::string bad_date_message(std::string_view date) {
  return "the Date tag is YYYY.MM.DD with ? for unknown digits, as in 2024.05.17 or 2024.??.??, not '" + record_quoted(date) + "'";
}

template <class B>
std::string record_board_name() {
  return std::to_string(B::width) + "x" + std::to_string(B::height);
}

// The place of a tag in the canonical order: PGN's seven tags, then Board, FEN and
// Termination, then every other tag in the order it was set.
constexpr int tag_rank(std::string_view name) noexcept {
  constexpr std::string_view order[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result", "Board", "FEN", "Termination"};
  for (int i = 0; i < 10; ++i)
    if (order[i] == name) return i;
  return 10;
}

}  // namespace detail

/// A recorded game of board `B`: its tags, the game itself (start position and turns, every
/// turn checked by the rules), the comments of its movetext, and its result with how it
/// ended. `GameRecord` is the 9x5 board's.
///
/// A record is always consistent: its turns are legal, its result is the one the rules gave
/// when they ended the game, and its `Board`, `FEN`, `Result` and `Termination` tags follow
/// from the game and the result (they cannot be set as tags). The other tags are free; the
/// seven of PGN's roster (`Event`, `Site`, `Date`, `Round`, `White`, `Black`, `Result`) are
/// always present, `?` (`????.??.??` for `Date`) when unknown.
///
/// @code
/// fanorona::Game game;
/// if (!game.play("d3-e3A") || !game.play("c3-d3W")) return;
/// fanorona::GameRecord record(game);  // or fanorona::record_of(game)
/// // Each change is checked: a misspelt date or a result the game contradicts is refused.
/// const auto check = [](const fanorona::Status& s) { if (!s) std::cerr << s.error().message << '\n'; };
/// check(record.set_tag("White", "Rabe"));
/// check(record.set_tag("Date", "2024.05.17"));
/// check(record.add_comment(1, "the usual first capture"));
/// check(record.set_result(fanorona::Outcome::black_wins, fanorona::Termination::resignation));
/// // The tags, a blank line, then: 1. d3-e3A {the usual first capture} 1... c3-d3W 0-1
/// std::cout << record;
/// @endcode
template <class B = Tsivy>
class BasicGameRecord {
 public:
  /// The board of this record.
  using board_type = B;
  /// The game type the record holds.
  using game_type = BasicGame<B>;
  /// The position type.
  using position_type = BasicPosition<B>;
  /// The turn type.
  using turn_type = BasicTurn<B>;

  /// A record of a game that has not started: the initial position, no turns, result `*`.
  BasicGameRecord() : BasicGameRecord(game_type()) {}

  /// A record of `game`, finished or not: its start, its turns, and the result the rules gave
  /// it, or `*` and `Termination::unfinished` while it goes on. Tags other than those that
  /// follow from the game are `?`.
  explicit BasicGameRecord(game_type game) : game_(std::move(game)) {
    put_tag("Event", "?");
    put_tag("Site", "?");
    put_tag("Date", "????.??.??");
    put_tag("Round", "?");
    put_tag("White", "?");
    put_tag("Black", "?");
    put_tag("Board", detail::record_board_name<B>());
    if (game_.start_position() != position_type::initial()) put_tag("FEN", game_.start_position().to_fen());
    const GameResult r = game_.result();
    store_result(r.outcome, r.is_over() ? detail::termination_of(r.reason) : Termination::unfinished);
  }

  /// The game: start position, turns, final position, repetitions, the rules' result.
  const game_type& game() const noexcept { return game_; }
  /// The position the game started from (the `FEN` tag, or the initial position).
  const position_type& start_position() const noexcept { return game_.start_position(); }
  /// The turns, in order.
  const std::vector<turn_type>& turns() const noexcept { return game_.turns(); }

  /// The recorded result (the `Result` tag); `Outcome::ongoing` is `*`, no result.
  Outcome result() const noexcept { return result_; }
  /// How the game ended (the `Termination` tag).
  Termination termination() const noexcept { return termination_; }

  /// Sets the result and how the game ended, when they fit the game: a game the rules ended
  /// has their result and termination (`Termination::unspecified` is then taken as the rules'
  /// reason); otherwise `no stones`, `no legal turn` and `threefold repetition` are refused,
  /// and each other termination allows only some results (docs/records.md).
  /// @code
  /// fanorona::GameRecord record;  // no turns yet: the players agreed at once
  /// const fanorona::Status set = record.set_result(fanorona::Outcome::draw, fanorona::Termination::agreement);
  /// assert(set);
  /// @endcode
  Status set_result(Outcome result, Termination termination) {
    const std::string side(color_name(game_.position().side_to_move()));
    if (Status s = detail::check_record_result(game_.result(), side, result, termination); !s) return s;
    store_result(result, termination);
    return {};
  }

  /// Every tag, in the order the writer prints them: `Event`, `Site`, `Date`, `Round`,
  /// `White`, `Black`, `Result`, `Board`, `FEN` (when the game does not start from the
  /// initial position), `Termination` (unless unspecified), then the other tags in the order
  /// they were set or read.
  const std::vector<Tag>& tags() const noexcept { return tags_; }

  /// The value of tag `name` (names are case-sensitive), or nothing when the record has no
  /// such tag. The view is valid until the record changes.
  std::optional<std::string_view> tag(std::string_view name) const noexcept {
    for (const Tag& t : tags_)
      if (t.name == name) return std::string_view(t.value);
    return std::nullopt;
  }

  /// Sets tag `name` to `value`, adding it after the others when it is new. Refused: a name
  /// that is not a letter followed by letters, digits and `_`; a value with a line break; a
  /// `Date` not of the form `YYYY.MM.DD` (parts may be `?`: `2024.??.??`); and `Board`,
  /// `FEN`, `Result` and `Termination`, which follow from the game and from `set_result`.
  /// @code
  /// fanorona::GameRecord record;
  /// if (!record.set_tag("Event", "Club championship") || !record.set_tag("Annotator", "R. Rakoto")) return;
  /// @endcode
  Status set_tag(std::string_view name, std::string_view value) {
    if (!detail::is_tag_name(name))
      return make_error("'" + detail::record_quoted(name) + "' is not a tag name: use a letter, then letters, digits or '_'");
    if (name == "Board") return make_error("the Board tag follows from the record's board");
    if (name == "FEN") return make_error("the FEN tag follows from the game's start position");
    if (name == "Result" || name == "Termination")
      return make_error("the " + std::string(name) + " tag follows from the result: use set_result");
    if (value.find('\n') != std::string_view::npos) return make_error("a tag value is one line: it may not hold a line break");
    if (name == "Date" && !detail::is_record_date(value))
      return make_error(detail::bad_date_message(value));
    put_tag(name, value);
    return {};
  }

  /// The comments, in the order of the text.
  const std::vector<Comment>& comments() const noexcept { return comments_; }

  /// Adds a comment after the first `after` turns (0: before the first turn), after the
  /// comments already there. Blanks and line breaks are read as in a record (see `Comment`);
  /// a blank comment adds nothing. Refused when `after` is more than the number of turns.
  Status add_comment(std::size_t after, std::string_view text) {
    if (after > turns().size())
      return make_error("a comment can follow at most the " + std::to_string(turns().size()) + " turns of the game");
    std::string normal = detail::normalised_comment(text);
    if (normal.empty()) return {};
    // Kept in the order of the text: after every comment at the same place or earlier (the
    // end, for comments added in order, as the reader adds them).
    const auto at = std::upper_bound(comments_.begin(), comments_.end(), after,
                                     [](std::size_t place, const Comment& c) { return place < c.after; });
    comments_.insert(at, Comment{after, std::move(normal)});
    return {};
  }

  /// Equal when the tags, the start position, the turns, the comments, the result and the
  /// termination are.
  friend bool operator==(const BasicGameRecord& a, const BasicGameRecord& b) noexcept {
    return a.tags_ == b.tags_ && a.start_position() == b.start_position() && a.turns() == b.turns() &&
           a.comments_ == b.comments_ && a.result_ == b.result_ && a.termination_ == b.termination_;
  }
  /// Not equal.
  friend bool operator!=(const BasicGameRecord& a, const BasicGameRecord& b) noexcept { return !(a == b); }

 private:
  friend class RecordReader;

  // A tag the reader has checked (a valid name, not a duplicate, not one that follows from
  // the game): the standard ones are among the first few tags, any other goes at the end, so
  // a game with many tags is read in linear time.
  void add_read_tag(std::string name, std::string value) {
    if (detail::tag_rank(name) < 10) {
      put_tag(name, value);
      return;
    }
    tags_.push_back(Tag{std::move(name), std::move(value)});
  }

  void store_result(Outcome result, Termination termination) {
    result_ = result;
    termination_ = termination;
    put_tag("Result", result_token(result));
    if (termination == Termination::unspecified) {
      for (auto it = tags_.begin(); it != tags_.end(); ++it)
        if (it->name == "Termination") {
          tags_.erase(it);
          break;
        }
    } else {
      put_tag("Termination", termination_name(termination));
    }
  }

  // Replaces the value of a tag, or inserts the tag at its place in the canonical order.
  void put_tag(std::string_view name, std::string_view value) {
    for (Tag& t : tags_)
      if (t.name == name) {
        t.value = std::string(value);
        return;
      }
    const int rank = detail::tag_rank(name);
    auto at = tags_.begin();
    while (at != tags_.end() && detail::tag_rank(at->name) <= rank) ++at;
    tags_.insert(at, Tag{std::string(name), std::string(value)});
  }

  game_type game_;
  std::vector<Tag> tags_;
  std::vector<Comment> comments_;
  Outcome result_ = Outcome::ongoing;
  Termination termination_ = Termination::unfinished;
};

/// A record on the default 9x5 board.
using GameRecord = BasicGameRecord<Tsivy>;

/// A record of any of the three boards, as `RecordReader` reads it from a text whose board
/// it learns from the `Board` tag. Use `std::visit` with a generic lambda to handle the
/// three alike, or see `for_each_record`.
using AnyGameRecord = std::variant<BasicGameRecord<Tsivy>, BasicGameRecord<Dimy>, BasicGameRecord<Telo>>;

/// A record of `game`, finished or ongoing; the same as `BasicGameRecord<B>(game)`, without
/// naming the board.
template <class B>
BasicGameRecord<B> record_of(const BasicGame<B>& game) {
  return BasicGameRecord<B>(game);
}

namespace detail {

// Assembles movetext lines no longer than `width`, breaking only between units: a numbered
// turn, a turn, a word of a comment, the result.
class MovetextLines {
 public:
  static constexpr std::size_t width = 80;

  explicit MovetextLines(std::string& out) noexcept : out_(out) {}
  void add(std::string_view unit) {
    if (!line_.empty() && line_.size() + 1 + unit.size() > width) flush();
    if (!line_.empty()) line_ += ' ';
    line_ += unit;
  }
  // A comment: in braces, broken at its spaces where lines are full; a text holding '}'
  // cannot go in braces, so it is written as a ';' comment, which ends its line.
  void comment(std::string_view text) {
    if (text.find('}') != std::string_view::npos) {
      add("; " + std::string(text));
      flush();
      return;
    }
    std::size_t start = 0;
    for (;;) {
      const std::size_t space = text.find(' ', start);
      const std::string_view word = text.substr(start, space == std::string_view::npos ? std::string_view::npos : space - start);
      std::string unit = start == 0 ? "{" : "";
      unit += word;
      if (space == std::string_view::npos) unit += '}';
      add(unit);
      if (space == std::string_view::npos) return;
      start = space + 1;
    }
  }
  void flush() {
    if (line_.empty()) return;
    out_ += line_;
    out_ += '\n';
    line_.clear();
  }

 private:
  std::string& out_;
  std::string line_;
};

}  // namespace detail

/// The record in canonical form (docs/records.md): one tag a line in the order of `tags()`,
/// a blank line, then the movetext broken into lines of at most 80 columns (a longer turn or
/// comment word stands alone on its line), ending with the result token and a line break.
/// A turn number `N.` comes before each White turn; `N...` before a Black turn that opens the
/// movetext or follows a comment. `RecordReader` reads the text back as an equal record.
template <class B>
std::string to_string(const BasicGameRecord<B>& record) {
  std::string out;
  for (const Tag& tag : record.tags()) out += '[' + tag.name + " \"" + detail::escaped_tag_value(tag.value) + "\"]\n";
  out += '\n';
  detail::MovetextLines lines(out);
  const auto& turns = record.turns();
  const auto& comments = record.comments();
  const std::size_t black_first = record.start_position().side_to_move() == Color::black ? 1 : 0;
  std::size_t c = 0;
  for (std::size_t i = 0;; ++i) {
    bool commented = false;
    for (; c < comments.size() && comments[c].after == i; ++c, commented = true) lines.comment(comments[c].text);
    if (i == turns.size()) break;
    const bool white = (i + black_first) % 2 == 0;
    const std::string number = std::to_string((i + black_first) / 2 + 1);
    std::string unit;
    if (white) unit = number + ". ";
    else if (i == 0 || commented) unit = number + "... ";
    unit += turns[i].to_string();
    lines.add(unit);
  }
  lines.add(result_token(record.result()));
  lines.flush();
  return out;
}

/// The canonical form of a record of any board (see `to_string(const BasicGameRecord<B>&)`).
inline std::string to_string(const AnyGameRecord& record) {
  return std::visit([](const auto& r) { return to_string(r); }, record);
}

/// Writes `to_string(record)`.
template <class B>
std::ostream& operator<<(std::ostream& out, const BasicGameRecord<B>& record) {
  return out << to_string(record);
}

/// Writes a record as one game of a file: `to_string(record)` and a blank line, so that
/// records written one after another form a file that `RecordReader` reads back game by game.
/// @code
/// std::vector<fanorona::GameRecord> records(3);
/// std::ofstream file("games.txt");
/// for (const fanorona::GameRecord& record : records) fanorona::write_record(file, record);
/// @endcode
template <class B>
std::ostream& write_record(std::ostream& out, const BasicGameRecord<B>& record) {
  return out << to_string(record) << '\n';
}

/// Writes a record of any board as one game of a file (see `write_record`).
inline std::ostream& write_record(std::ostream& out, const AnyGameRecord& record) {
  return out << to_string(record) << '\n';
}

/// Reads game records from a stream, one game at a time, whatever their boards: a file of
/// any number of games is read line by line and never held whole.
///
/// Every turn is checked by the rules (with `BasicGame::play`'s messages), and so are the
/// turn numbers, the tags the reader knows (`Board`, `FEN`, `Result`, `Termination`, `Date`)
/// and the result. A refused game is reported with the line and column of the problem; the
/// reader then skips to the next line that begins with `[` after a blank line and goes on
/// with the next game there (docs/records.md has the format and every rule).
///
/// @code
/// std::ifstream file("games.txt");
/// fanorona::RecordReader reader(file);
/// while (reader.next()) {
///   if (!reader.ok()) {
///     std::cerr << reader.error().to_string() << '\n';
///     continue;
///   }
///   std::visit([](const auto& record) { std::cout << record.turns().size() << " turns\n"; }, reader.record());
/// }
/// @endcode
class RecordReader {
 public:
  /// A reader of `in`, which must outlive it.
  explicit RecordReader(std::istream& in) : lines_(in) {}

  /// Reads the next game. False when the input holds no more games (only blanks and
  /// comments are left); otherwise true, with either `ok()` and the game in `record()`, or
  /// the reason it was refused in `error()`.
  bool next() {
    ok_ = false;
    error_ = RecordError{};
    return read_game();
  }

  /// True when the last `next()` read a game.
  bool ok() const noexcept { return ok_; }
  /// The game the last `next()` read. Precondition: `ok()`.
  const AnyGameRecord& record() const& noexcept {
    if (!ok_) detail::misuse("record() of a RecordReader whose last game was refused");
    return record_;
  }
  /// The game the last `next()` read, to move out. Precondition: `ok()`.
  AnyGameRecord& record() & noexcept {
    if (!ok_) detail::misuse("record() of a RecordReader whose last game was refused");
    return record_;
  }
  /// Why the last game was refused, and where. Empty message when `ok()`.
  const RecordError& error() const noexcept { return error_; }

 private:
  // A tag as read, with where its value's characters stand for messages.
  struct RawTag {
    std::string name;
    std::string value;
    detail::TextPlace open;          // the '['
    detail::TextPlace value_place;   // the first character of the value (the closing quote when empty)
    std::vector<std::size_t> value_pos;  // for each character of the value, its position on the line
    std::size_t end_pos = 0;             // the position of the closing quote
  };

  enum class Scan { token, end, error };

  // Refuses the game, then moves to where the next one starts: the first line after the
  // problem's line that begins with '[' after a blank line, or, for a game whose result is
  // missing because the next game's tags follow, that tag line itself.
  bool fail(std::string message, const detail::TextPlace& at, bool resume_here = false) {
    error_ = RecordError{std::move(message), at.line, at.column, at.offset, games_};
    ok_ = false;
    if (resume_here) return true;
    do {
      if (lines_.line_number() > at.line && lines_.starts_game()) {
        lines_.set_pos(0);
        return true;
      }
    } while (lines_.next_line());
    return true;
  }

  // Skips blanks and comments up to the next token; comment texts go to `keep` when given.
  Scan skip(std::vector<std::string>* keep) {
    for (;;) {
      if (!lines_.skip_blanks()) return Scan::end;
      const char c = lines_.peek();
      if (c == ';') {
        if (keep) keep->push_back(lines_.line().substr(lines_.pos() + 1));
        lines_.set_pos(lines_.line().size());
      } else if (c == '{') {
        if (!read_brace_comment(keep)) return Scan::error;
      } else {
        return Scan::token;
      }
    }
  }

  // A '{' comment runs to the next '}', across lines; it may not run into the next game's
  // tags, so that a missing '}' costs one game, not the rest of the file.
  bool read_brace_comment(std::vector<std::string>* keep) {
    const detail::TextPlace open = lines_.place();
    std::string text;
    std::size_t from = lines_.pos() + 1;
    for (;;) {
      const std::size_t close = lines_.line().find('}', from);
      if (close != std::string::npos) {
        text.append(lines_.line(), from, close - from);
        lines_.set_pos(close + 1);
        if (keep) keep->push_back(std::move(text));
        return true;
      }
      text.append(lines_.line(), from, std::string::npos);
      text += ' ';
      if (!lines_.next_line()) return !fail("unterminated comment: no '}' before the end of the input", open);
      if (lines_.starts_game()) return !fail("unterminated comment: no '}' before the next game's tags", open);
      from = 0;
    }
  }

  // Reads one tag pair on the current line, the '[' at the current position.
  bool read_tag(RawTag& tag) {
    tag.open = lines_.place();
    const std::string& line = lines_.line();
    std::size_t i = lines_.pos() + 1;
    while (i < line.size() && detail::is_record_blank(line[i])) ++i;
    const std::size_t name_start = i;
    if (i < line.size() && detail::is_record_letter(line[i]))
      while (i < line.size() && (detail::is_record_letter(line[i]) || detail::is_record_digit(line[i]) || line[i] == '_')) ++i;
    if (i == name_start) return !fail("expected a tag name after '['", lines_.place_at(i));
    tag.name = line.substr(name_start, i - name_start);
    while (i < line.size() && detail::is_record_blank(line[i])) ++i;
    if (i >= line.size() || line[i] != '"')
      return !fail("expected the value of tag " + tag.name + " in double quotes", lines_.place_at(i));
    const std::size_t quote = i++;
    tag.value_place = lines_.place_at(i);
    for (;;) {
      if (i >= line.size())
        return !fail("unterminated tag: the value of tag " + tag.name + " has no closing '\"' on its line", lines_.place_at(quote));
      if (line[i] == '"') break;
      // Only \" and \\ are escapes; any other backslash is itself.
      if (line[i] == '\\' && i + 1 < line.size() && (line[i + 1] == '"' || line[i + 1] == '\\')) ++i;
      tag.value += line[i];
      tag.value_pos.push_back(i);
      ++i;
    }
    tag.end_pos = i++;
    while (i < line.size() && detail::is_record_blank(line[i])) ++i;
    if (i >= line.size() || line[i] != ']') return !fail("unterminated tag: tag " + tag.name + " has no closing ']'", lines_.place_at(i));
    lines_.set_pos(i + 1);
    return true;
  }

  // Where character `offset` of a tag's value stands (its end when past the last).
  detail::TextPlace place_in_value(const RawTag& tag, std::size_t offset) const noexcept {
    const std::size_t pos = offset < tag.value_pos.size() ? tag.value_pos[offset] : tag.end_pos;
    return {tag.open.line, pos + 1, tag.open.offset - (tag.open.column - 1) + pos};
  }

  // The tag section, then the movetext on the board the tags name.
  bool read_game() {
    std::vector<std::string> before_turns;  // comments after the last tag
    std::vector<RawTag> tags;
    std::set<std::string> names;
    int board = 0;  // 9x5, 5x5, 3x3
    std::optional<Outcome> result_tag;
    Termination termination = Termination::unspecified;
    const RawTag* fen = nullptr;
    bool started = false;
    for (;;) {
      const Scan scan = skip(&before_turns);
      if (scan == Scan::error) {
        // A comment left open before any token of a game: the error belongs to the game
        // that would have followed.
        if (!started) error_.game = ++games_;
        return true;
      }
      if (scan == Scan::end) {
        if (!started) return false;
        return fail("the game has no result: its movetext must end with 1-0, 0-1, 1/2-1/2 or *", lines_.place());
      }
      if (!started) started = true, ++games_;
      if (lines_.peek() != '[') break;
      before_turns.clear();
      RawTag tag;
      if (!read_tag(tag)) return true;
      if (!names.insert(tag.name).second) return fail("duplicate tag " + tag.name + ": a tag may appear once in a game", tag.open);
      const std::string quoted = "'" + detail::record_quoted(tag.value) + "'";
      if (tag.name == "Board") {
        if (tag.value == "9x5") board = 0;
        else if (tag.value == "5x5") board = 1;
        else if (tag.value == "3x3") board = 2;
        else return fail("unknown board " + quoted + ": the Board tag is 9x5, 5x5 or 3x3", tag.value_place);
      } else if (tag.name == "Result") {
        result_tag = detail::outcome_from_token(tag.value);
        if (!result_tag) return fail(quoted + " is not a result: the Result tag is 1-0, 0-1, 1/2-1/2 or *", tag.value_place);
      } else if (tag.name == "Termination") {
        const auto t = detail::termination_from_name(tag.value);
        if (!t) return fail("unknown termination " + quoted + ": the Termination tag is one of " + detail::all_termination_names(), tag.value_place);
        termination = *t;
      } else if (tag.name == "Date" && !detail::is_record_date(tag.value)) {
        return fail(detail::bad_date_message(tag.value), tag.value_place);
      }
      tags.push_back(std::move(tag));
    }
    for (const RawTag& tag : tags)
      if (tag.name == "FEN") fen = &tag;
    switch (board) {
      case 1:
        return read_movetext<Dimy>(tags, fen, before_turns, result_tag, termination);
      case 2:
        return read_movetext<Telo>(tags, fen, before_turns, result_tag, termination);
      default:
        return read_movetext<Tsivy>(tags, fen, before_turns, result_tag, termination);
    }
  }

  template <class B>
  bool read_movetext(const std::vector<RawTag>& tags, const RawTag* fen, const std::vector<std::string>& before_turns,
                     std::optional<Outcome> result_tag, Termination termination) {
    BasicPosition<B> start = BasicPosition<B>::initial();
    if (fen) {
      const auto read = BasicPosition<B>::from_fen(fen->value);
      if (!read) {
        const std::size_t offset = read.error().offset == Error::npos ? 0 : read.error().offset;
        return fail("FEN tag: " + read.error().message, place_in_value(*fen, offset));
      }
      start = *read;
    }
    BasicGame<B> game(start);
    std::vector<Comment> comments;
    for (const std::string& text : before_turns) comments.push_back(Comment{0, text});
    const std::size_t black_first = start.side_to_move() == Color::black ? 1 : 0;
    std::optional<std::pair<std::string, detail::TextPlace>> number;  // a turn number waiting for its turn
    std::vector<std::string> texts;
    for (;;) {
      texts.clear();
      const Scan scan = skip(&texts);
      for (std::string& text : texts) comments.push_back(Comment{game.turns().size(), std::move(text)});
      if (scan == Scan::error) return true;
      if (scan == Scan::end)
        return fail("the game has no result: its movetext must end with 1-0, 0-1, 1/2-1/2 or *", lines_.place());
      const std::string& line = lines_.line();
      const std::size_t start_pos = lines_.pos();
      const detail::TextPlace at = lines_.place();
      if (line[start_pos] == '[')
        return fail("the game has no result: its movetext must end with 1-0, 0-1, 1/2-1/2 or * before the next game's tags", at,
                    start_pos == lines_.first_non_blank());
      std::size_t end = start_pos;
      while (end < line.size() && !detail::is_record_blank(line[end]) && line[end] != '{' && line[end] != ';') ++end;
      lines_.set_pos(end);
      const std::string_view token = std::string_view(line).substr(start_pos, end - start_pos);

      if (const auto outcome = detail::outcome_from_token(token)) {
        if (number) return fail("turn number '" + number->first + "' must be followed by a turn", number->second);
        return finish<B>(std::move(game), tags, std::move(comments), *outcome, token, at, result_tag, termination);
      }
      std::size_t turn_start = start_pos;
      if (detail::is_record_digit(token[0])) {
        std::size_t i = 0;
        while (i < token.size() && detail::is_record_digit(token[i])) ++i;
        const std::size_t digits = i;
        while (i < token.size() && token[i] == '.') ++i;
        if (i == digits) return fail("'" + detail::record_quoted(token) + "' is not a turn, a turn number or a result", at);
        const std::string written(token.substr(0, i));
        if (number) return fail("turn number '" + number->first + "' must be followed by a turn", number->second);
        const std::size_t index = game.turns().size() + black_first;
        const std::string expected = std::to_string(index / 2 + 1) + (index % 2 == 0 ? "." : "...");
        if (written != expected) return fail("turn number '" + detail::record_quoted(written) + "' should be '" + expected + "'", at);
        number.emplace(written, at);
        turn_start += i;
        if (turn_start == end) continue;
      } else if (!detail::is_record_letter(token[0])) {
        return fail("'" + detail::record_quoted(token) + "' is not a turn, a turn number or a result", at);
      }
      const std::string_view text = std::string_view(line).substr(turn_start, end - turn_start);
      const auto played = game.play(text);
      if (!played) {
        const std::size_t offset = played.error().offset == Error::npos ? 0 : std::min(played.error().offset, text.size());
        return fail(played.error().message, lines_.place_at(turn_start + offset));
      }
      number.reset();
    }
  }

  template <class B>
  bool finish(BasicGame<B> game, const std::vector<RawTag>& tags, std::vector<Comment> comments, Outcome outcome,
              std::string_view token, const detail::TextPlace& at, std::optional<Outcome> result_tag, Termination termination) {
    if (result_tag && *result_tag != outcome)
      return fail("the result " + std::string(token) + " disagrees with the Result tag " + std::string(result_token(*result_tag)), at);
    const std::string side(color_name(game.position().side_to_move()));
    if (Status s = detail::check_record_result(game.result(), side, outcome, termination); !s) return fail(s.error().message, at);
    BasicGameRecord<B> record(std::move(game));
    for (const RawTag& tag : tags)
      if (tag.name != "Board" && tag.name != "FEN" && tag.name != "Result" && tag.name != "Termination")
        record.add_read_tag(tag.name, tag.value);
    // Both were checked above: the result against the game, each comment's place in the turns.
    (void)record.set_result(outcome, termination);
    for (const Comment& comment : comments) (void)record.add_comment(comment.after, comment.text);
    record_ = std::move(record);
    ok_ = true;
    return true;
  }

  detail::RecordLines lines_;
  AnyGameRecord record_;
  RecordError error_;
  std::size_t games_ = 0;
  bool ok_ = false;
};

/// Reads every game of `in`, calling `on_game(record)` with each good game as a
/// `BasicGameRecord<B>&` of its own board (a generic lambda handles the three boards alike)
/// and `on_error(error)` with the `RecordError` of each refused one.
/// @code
/// std::ifstream file("games.txt");
/// fanorona::for_each_record(
///     file, [](const auto& record) { std::cout << fanorona::to_string(record) << '\n'; },
///     [](const fanorona::RecordError& e) { std::cerr << e.to_string() << '\n'; });
/// @endcode
template <class OnGame, class OnError>
void for_each_record(std::istream& in, OnGame&& on_game, OnError&& on_error) {
  RecordReader reader(in);
  while (reader.next()) {
    if (!reader.ok()) {
      on_error(reader.error());
      continue;
    }
    std::visit([&on_game](auto& record) { on_game(record); }, reader.record());
  }
}

/// Reads a text holding exactly one game of board `B` (the default: 9x5). The error's offset
/// is a byte offset into `text`; its message is `RecordReader`'s, and also refused are a text
/// without a game, a game of another board, and a second game after the first.
/// @code
/// auto record = fanorona::parse_record<fanorona::Dimy>("[Board \"5x5\"]\n\n1. b3-c3A *\n");
/// if (record) std::cout << record->turns().size() << " turn\n";  // 1 turn
/// @endcode
template <class B = Tsivy>
Result<BasicGameRecord<B>> parse_record(std::string_view text) {
  std::istringstream in{std::string(text)};
  RecordReader reader(in);
  if (!reader.next()) return make_error("no game: the text holds only blanks and comments", 0);
  if (!reader.ok()) return make_error(reader.error().message, reader.error().offset);
  auto* record = std::get_if<BasicGameRecord<B>>(&reader.record());
  if (!record)
    return make_error("the game is on the " +
                      std::visit([](const auto& r) { return std::string(*r.tag("Board")); }, reader.record()) +
                      " board, not the " + detail::record_board_name<B>() + " board");
  BasicGameRecord<B> first = std::move(*record);
  if (reader.next()) return make_error("the text holds more than one game");
  return first;
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_RECORD_HPP
