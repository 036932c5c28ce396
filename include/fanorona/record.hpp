// fanorona: game records, whole games as text in the spirit of chess's PGN.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_RECORD_HPP
#define FANORONA_RECORD_HPP

/// @file
/// @brief Game records (docs/records.md): `BasicGameRecord` (tags, a checked game, comments,
/// the result) and the writer (`to_string`, `write_record`); record_reader.hpp reads them.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
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
/// ends the rules make (`EndReason`); the others are ends the players or the organizers make,
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

// A termination as an error argument's identifier: "no_stones", "time_forfeit", ...
constexpr std::string_view termination_id(Termination termination) noexcept {
  constexpr std::string_view ids[] = {"",            "no_stones",    "no_legal_turn", "threefold_repetition", "agreement",
                                      "resignation", "time_forfeit", "adjudication",  "abandoned",            "unfinished"};
  return ids[static_cast<int>(termination)];
}

// Whether a result and a termination a game's rules have ended fit it: the rules decide
// both. An unspecified termination becomes the rules' reason, since the record then knows it.
inline Status check_result_by_rules(const GameResult& by_rules, Outcome result, Termination& termination) {
  const Termination reason = termination_of(by_rules.reason);
  if (termination != Termination::unspecified && termination != reason)
    return make_error(ErrorCode::record_termination_contradicts_rules, {{"result", result_id(by_rules)},
                                                                        {"ended_by", std::string(termination_id(reason))},
                                                                        {"termination", std::string(termination_id(termination))}});
  if (result != by_rules.outcome)
    return make_error(ErrorCode::record_result_contradicts_rules, {{"result", result_id(by_rules)},
                                                                   {"expected", std::string(result_token(by_rules.outcome))},
                                                                   {"token", std::string(result_token(result))}});
  termination = reason;
  return {};
}

// Whether a result and a termination fit the game: the rules decide both once they have
// ended the game; otherwise each termination allows only some results.
inline Status check_record_result(const GameResult& by_rules, Color side_to_move, Outcome result, Termination& termination) {
  if (by_rules.is_over()) return check_result_by_rules(by_rules, result, termination);
  const std::string token(result_token(result));
  const bool decisive = result == Outcome::white_wins || result == Outcome::black_wins;
  switch (termination) {
    case Termination::no_stones:
      return make_error(ErrorCode::record_stones_left, {{"mover", std::string(color_id(side_to_move))}});
    case Termination::no_legal_turn:
      return make_error(ErrorCode::record_legal_turn_left, {{"mover", std::string(color_id(side_to_move))}});
    case Termination::threefold_repetition:
      return make_error(ErrorCode::record_no_repetition);
    case Termination::unfinished:
      if (result != Outcome::ongoing) return make_error(ErrorCode::record_unfinished_with_result, {{"token", token}});
      break;
    case Termination::agreement:
      if (result != Outcome::draw) return make_error(ErrorCode::record_agreement_not_draw, {{"token", token}});
      break;
    case Termination::resignation:
      if (!decisive) return make_error(ErrorCode::record_resignation_not_decisive, {{"token", token}});
      break;
    case Termination::time_forfeit:
      if (!decisive) return make_error(ErrorCode::record_time_forfeit_not_decisive, {{"token", token}});
      break;
    case Termination::adjudication:
      if (result == Outcome::ongoing) return make_error(ErrorCode::record_adjudication_without_result);
      break;
    case Termination::abandoned:
    case Termination::unspecified:
      break;
  }
  return {};
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

namespace detail {
struct RecordAccess;
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
/// // Each change is checked: a misspelled date or a result the game contradicts is refused.
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
    if (Status s = detail::check_record_result(game_.result(), game_.position().side_to_move(), result, termination); !s) return s;
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
    if (!detail::is_tag_name(name)) return make_error(ErrorCode::record_bad_tag_name, {{"text", detail::record_quoted(name)}});
    if (name == "Board") return make_error(ErrorCode::record_board_tag_set);
    if (name == "FEN") return make_error(ErrorCode::record_fen_tag_set);
    if (name == "Result" || name == "Termination") return make_error(ErrorCode::record_result_tag_set, {{"tag", std::string(name)}});
    if (value.find('\n') != std::string_view::npos) return make_error(ErrorCode::record_tag_line_break);
    if (name == "Date" && !detail::is_record_date(value))
      return make_error(ErrorCode::record_bad_date, {{"text", detail::record_quoted(value)}});
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
      return make_error(ErrorCode::record_comment_place, {{"count", std::to_string(turns().size())}});
    std::string normal = detail::normalized_comment(text);
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
  friend struct detail::RecordAccess;

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

namespace detail {
// What the reader may do that users may not: add a tag it has checked, in linear time.
struct RecordAccess {
  template <class B>
  static void add_read_tag(BasicGameRecord<B>& record, std::string name, std::string value) {
    record.add_read_tag(std::move(name), std::move(value));
  }
};
}  // namespace detail

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

/// @}

}  // namespace fanorona

#endif  // FANORONA_RECORD_HPP
