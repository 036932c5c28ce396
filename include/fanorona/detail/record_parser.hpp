// fanorona: the game-record parser behind RecordReader: tags, movetext and resynchronization.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_RECORD_PARSER_HPP
#define FANORONA_DETAIL_RECORD_PARSER_HPP

#include <algorithm>
#include <cstddef>
#include <istream>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../board.hpp"
#include "../game.hpp"
#include "../position.hpp"
#include "../record.hpp"
#include "../result.hpp"
#include "record_text.hpp"

namespace fanorona::detail {

// A tag as read, with where its value's characters stand for messages.
struct RawTag {
  std::string name;
  std::string value;
  TextPlace open;                      // the '['
  TextPlace value_place;               // the first character of the value (the closing quote when empty)
  std::vector<std::size_t> value_pos;  // for each character of the value, its position on the line
  std::size_t end_pos = 0;             // the position of the closing quote
};

// What the tag section of a game says.
struct TagSection {
  std::vector<RawTag> tags;
  std::vector<std::string> before_turns;  // comments after the last tag
  int board = 0;                          // 9x5, 5x5, 3x3
  std::optional<Outcome> result;
  Termination termination = Termination::unspecified;
  const RawTag* fen() const noexcept {
    for (const RawTag& tag : tags)
      if (tag.name == "FEN") return &tag;
    return nullptr;
  }
};

// Where character `offset` of a tag's value stands (its end when past the last).
inline TextPlace place_in_value(const RawTag& tag, std::size_t offset) noexcept {
  const std::size_t pos = offset < tag.value_pos.size() ? tag.value_pos[offset] : tag.end_pos;
  return {tag.open.line, pos + 1, tag.open.offset - (tag.open.column - 1) + pos};
}

// An error at a place of the record text.
inline Error error_at(Error error, const TextPlace& at, std::string_view context = {}) {
  return nested_error(std::move(error), context, at.offset, at.line, at.column);
}

// Reads the games of a record text one at a time (docs/records.md). Each read ends with a
// game, an error (and the input moved to where the next game starts), or the end.
class RecordParser {
 public:
  explicit RecordParser(std::istream& in) : lines_(in) {}

  std::optional<Result<AnyGameRecord>> next() {
    record_.reset();
    error_.reset();
    if (!read_game()) return std::nullopt;
    if (record_) return Result<AnyGameRecord>(std::move(*record_));
    return Result<AnyGameRecord>(std::move(*error_));
  }
  std::size_t games() const noexcept { return games_; }

 private:
  enum class Scan { token, end, error };

  // Refuses the game, then moves to where the next one starts: the first line after the
  // problem's line that begins with '[' after a blank line, or, for a game whose result is
  // missing because the next game's tags follow, that tag line itself.
  bool fail(Error error, const TextPlace& at, bool resume_here = false) {
    error_ = error_at(std::move(error), at);
    if (resume_here) return true;
    do {
      if (lines_.line_number() > at.line && lines_.starts_game()) {
        lines_.set_pos(0);
        return true;
      }
    } while (lines_.next_line());
    return true;
  }
  bool fail(ErrorCode code, std::initializer_list<ErrorArg> args, const TextPlace& at) { return fail(make_error(code, args), at); }

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
    const TextPlace open = lines_.place();
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
      if (!lines_.next_line()) return !fail(ErrorCode::record_comment_not_closed, {}, open);
      if (lines_.starts_game()) return !fail(ErrorCode::record_comment_runs_into_tags, {}, open);
      from = 0;
    }
  }

  // Reads one tag pair on the current line, the '[' at the current position.
  bool read_tag(RawTag& tag) {
    tag.open = lines_.place();
    const std::string& line = lines_.line();
    std::size_t i = lines_.pos() + 1;
    while (i < line.size() && is_record_blank(line[i])) ++i;
    const std::size_t name_start = i;
    if (i < line.size() && is_record_letter(line[i]))
      while (i < line.size() && (is_record_letter(line[i]) || is_record_digit(line[i]) || line[i] == '_')) ++i;
    if (i == name_start) return !fail(ErrorCode::record_expected_tag_name, {}, lines_.place_at(i));
    tag.name = line.substr(name_start, i - name_start);
    while (i < line.size() && is_record_blank(line[i])) ++i;
    if (i >= line.size() || line[i] != '"') return !fail(ErrorCode::record_expected_tag_value, {{"tag", tag.name}}, lines_.place_at(i));
    const std::size_t quote = i++;
    tag.value_place = lines_.place_at(i);
    for (;;) {
      if (i >= line.size()) return !fail(ErrorCode::record_tag_value_not_closed, {{"tag", tag.name}}, lines_.place_at(quote));
      if (line[i] == '"') break;
      // Only \" and \\ are escapes; any other backslash is itself.
      if (line[i] == '\\' && i + 1 < line.size() && (line[i + 1] == '"' || line[i + 1] == '\\')) ++i;
      tag.value += line[i];
      tag.value_pos.push_back(i);
      ++i;
    }
    tag.end_pos = i++;
    while (i < line.size() && is_record_blank(line[i])) ++i;
    if (i >= line.size() || line[i] != ']') return !fail(ErrorCode::record_tag_not_closed, {{"tag", tag.name}}, lines_.place_at(i));
    lines_.set_pos(i + 1);
    return true;
  }

  // Checks a tag the reader knows and keeps what it says; false when the game is refused.
  bool take_tag(const RawTag& tag, TagSection& section) {
    const std::string quoted = record_quoted(tag.value);
    if (tag.name == "Board") {
      constexpr std::string_view boards[] = {"9x5", "5x5", "3x3"};
      const auto* found = std::find(std::begin(boards), std::end(boards), tag.value);
      if (found == std::end(boards)) return !fail(ErrorCode::record_unknown_board, {{"text", quoted}}, tag.value_place);
      section.board = static_cast<int>(found - std::begin(boards));
    } else if (tag.name == "Result") {
      section.result = outcome_from_token(tag.value);
      if (!section.result) return !fail(ErrorCode::record_bad_result_tag, {{"text", quoted}}, tag.value_place);
    } else if (tag.name == "Termination") {
      const auto t = termination_from_name(tag.value);
      if (!t) return !fail(ErrorCode::record_unknown_termination, {{"text", quoted}}, tag.value_place);
      section.termination = *t;
    } else if (tag.name == "Date" && !is_record_date(tag.value)) {
      return !fail(ErrorCode::record_bad_date, {{"text", quoted}}, tag.value_place);
    }
    return true;
  }

  // The tag section, up to the first token of the movetext; false when there is no game
  // (only blanks and comments are left), true with `error_` set when the game is refused.
  bool read_tags(TagSection& section, bool& refused) {
    std::set<std::string> names;
    for (bool started = false;;) {
      const Scan scan = skip(&section.before_turns);
      // A comment left open before any token of a game: the error belongs to the game that
      // would have followed.
      if (scan == Scan::error && !started) ++games_;
      if (scan == Scan::error) return refused = true;
      if (scan == Scan::end && !started) return false;
      if (scan == Scan::end) return refused = fail(ErrorCode::record_no_result, {}, lines_.place());
      if (!started) started = true, ++games_;
      if (lines_.peek() != '[') return true;
      section.before_turns.clear();
      RawTag tag;
      if (!read_tag(tag)) return refused = true;
      if (!names.insert(tag.name).second) return refused = fail(ErrorCode::record_duplicate_tag, {{"tag", tag.name}}, tag.open);
      if (!take_tag(tag, section)) return refused = true;
      section.tags.push_back(std::move(tag));
    }
  }

  // One game: the tag section, then the movetext on the board the tags name.
  bool read_game() {
    TagSection section;
    bool refused = false;
    if (!read_tags(section, refused)) return false;
    if (refused) return true;
    switch (section.board) {
      case 1:
        return read_movetext<Dimy>(section);
      case 2:
        return read_movetext<Telo>(section);
      default:
        return read_movetext<Tsivy>(section);
    }
  }

  // The game as the FEN tag starts it; false (the game refused) when the FEN is wrong.
  template <class B>
  bool start_position(const TagSection& section, BasicPosition<B>& start) {
    const RawTag* fen = section.fen();
    if (!fen) return true;
    const auto read = BasicPosition<B>::from_fen(fen->value);
    if (!read) {
      const std::size_t offset = read.error().offset == Error::npos ? 0 : read.error().offset;
      fail(nested_error(read.error(), "FEN tag: ", offset), place_in_value(*fen, offset));
      return false;
    }
    start = *read;
    return true;
  }

  // A turn number before a turn, `written` ("12." or "12..."); false when it is wrong.
  template <class B>
  bool check_turn_number(const BasicGame<B>& game, std::string_view written, const TextPlace& at) {
    const std::size_t index = game.turns().size() + (game.start_position().side_to_move() == Color::black ? 1 : 0);
    const std::string expected = std::to_string(index / 2 + 1) + (index % 2 == 0 ? "." : "...");
    if (written == expected) return true;
    return !fail(ErrorCode::record_wrong_turn_number, {{"text", record_quoted(written)}, {"expected", expected}}, at);
  }

  // A word of the movetext that is no comment and no result: a turn number, a turn, or
  // both run together ("1.d3-e3A"). True when the game goes on.
  template <class B>
  bool read_word(BasicGame<B>& game, std::string_view token, std::size_t start_pos, const TextPlace& at,
                 std::optional<std::pair<std::string, TextPlace>>& number) {
    std::size_t turn_start = start_pos;
    if (is_record_digit(token[0])) {
      std::size_t i = 0;
      while (i < token.size() && is_record_digit(token[i])) ++i;
      const std::size_t digits = i;
      while (i < token.size() && token[i] == '.') ++i;
      if (i == digits) return !fail(ErrorCode::record_bad_token, {{"text", record_quoted(token)}}, at);
      if (number) return !fail(ErrorCode::record_number_without_turn, {{"text", number->first}}, number->second);
      if (!check_turn_number(game, token.substr(0, i), at)) return false;
      number.emplace(std::string(token.substr(0, i)), at);
      turn_start += i;
      if (i == token.size()) return true;
    } else if (!is_record_letter(token[0])) {
      return !fail(ErrorCode::record_bad_token, {{"text", record_quoted(token)}}, at);
    }
    const std::string_view text = std::string_view(lines_.line()).substr(turn_start, start_pos + token.size() - turn_start);
    const auto played = game.play(text);
    if (!played) {
      const std::size_t offset = played.error().offset == Error::npos ? 0 : std::min(played.error().offset, text.size());
      return !fail(played.error(), lines_.place_at(turn_start + offset));
    }
    number.reset();
    return true;
  }

  template <class B>
  bool read_movetext(const TagSection& section) {
    BasicPosition<B> start = BasicPosition<B>::initial();
    if (!start_position(section, start)) return true;
    BasicGame<B> game(start);
    std::vector<Comment> comments;
    for (const std::string& text : section.before_turns) comments.push_back(Comment{0, text});
    std::optional<std::pair<std::string, TextPlace>> number;  // a turn number waiting for its turn
    std::vector<std::string> texts;
    for (;;) {
      texts.clear();
      const Scan scan = skip(&texts);
      for (std::string& text : texts) comments.push_back(Comment{game.turns().size(), std::move(text)});
      if (scan == Scan::error) return true;
      if (scan == Scan::end) return fail(ErrorCode::record_no_result, {}, lines_.place());
      const std::string& line = lines_.line();
      const std::size_t start_pos = lines_.pos();
      const TextPlace at = lines_.place();
      if (line[start_pos] == '[')
        return fail(make_error(ErrorCode::record_no_result_before_tags), at, start_pos == lines_.first_non_blank());
      std::size_t end = start_pos;
      while (end < line.size() && !is_record_blank(line[end]) && line[end] != '{' && line[end] != ';') ++end;
      lines_.set_pos(end);
      const std::string_view token = std::string_view(line).substr(start_pos, end - start_pos);
      if (const auto outcome = outcome_from_token(token)) {
        if (number) return fail(ErrorCode::record_number_without_turn, {{"text", number->first}}, number->second);
        return finish<B>(std::move(game), section, std::move(comments), *outcome, at);
      }
      if (!read_word(game, token, start_pos, at, number)) return true;
    }
  }

  template <class B>
  bool finish(BasicGame<B> game, const TagSection& section, std::vector<Comment> comments, Outcome outcome, const TextPlace& at) {
    if (section.result && *section.result != outcome)
      return fail(ErrorCode::record_result_disagrees,
                  {{"token", std::string(result_token(outcome))}, {"expected", std::string(result_token(*section.result))}}, at);
    Termination termination = section.termination;
    if (Status s = check_record_result(game.result(), game.position().side_to_move(), outcome, termination); !s)
      return fail(s.error(), at);
    BasicGameRecord<B> record(std::move(game));
    for (const RawTag& tag : section.tags)
      if (tag.name != "Board" && tag.name != "FEN" && tag.name != "Result" && tag.name != "Termination")
        RecordAccess::add_read_tag(record, tag.name, tag.value);
    // Both were checked above: the result against the game, each comment's place in the turns.
    (void)record.set_result(outcome, termination);
    for (const Comment& comment : comments) (void)record.add_comment(comment.after, comment.text);
    record_ = AnyGameRecord(std::move(record));
    return true;
  }

  RecordLines lines_;
  std::optional<AnyGameRecord> record_;
  std::optional<Error> error_;
  std::size_t games_ = 0;
};

}  // namespace fanorona::detail

#endif  // FANORONA_DETAIL_RECORD_PARSER_HPP
