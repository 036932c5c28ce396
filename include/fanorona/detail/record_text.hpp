// fanorona: the text layer of game records: the input one line at a time with the place of
// every character, tag values, comments and dates, and the writer's movetext lines.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_RECORD_TEXT_HPP
#define FANORONA_DETAIL_RECORD_TEXT_HPP

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>
#include <utility>

#include "../result.hpp"

namespace fanorona::detail {

constexpr bool is_record_blank(char c) noexcept { return c == ' ' || c == '\t'; }
constexpr bool is_record_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
constexpr bool is_record_letter(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_record_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// A tag name: a letter, then letters, digits and '_' (as in PGN), so that a name can never
// hold the blank, quote or bracket that end it.
constexpr bool is_tag_name(std::string_view name) noexcept {
  if (name.empty() || !is_record_letter(name[0])) return false;
  for (char c : name)
    if (!is_record_letter(c) && !is_record_digit(c) && c != '_') return false;
  return true;
}

// YYYY.MM.DD, each part either digits or only '?' (unknown), as PGN writes dates.
constexpr bool is_record_date(std::string_view date) noexcept {
  if (date.size() != 10 || date[4] != '.' || date[7] != '.') return false;
  int values[3] = {0, 0, 0};
  const std::size_t starts[3] = {0, 5, 8}, ends[3] = {4, 7, 10};
  for (int part = 0; part < 3; ++part) {
    bool digits = true, unknown = true;
    for (std::size_t i = starts[part]; i < ends[part]; ++i) {
      digits = digits && is_record_digit(date[i]);
      unknown = unknown && date[i] == '?';
      if (digits) values[part] = values[part] * 10 + (date[i] - '0');
    }
    if (!digits && !unknown) return false;
    if (!digits) values[part] = -1;
  }
  const bool month_ok = values[1] == -1 || (values[1] >= 1 && values[1] <= 12);
  const bool day_ok = values[2] == -1 || (values[2] >= 1 && values[2] <= 31);
  return month_ok && day_ok;
}

// A tag value as the writer prints it between the quotes: '\' and '"' get a backslash.
inline std::string escaped_tag_value(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  for (char c : value) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
  return out;
}

// Comment text as a record keeps it: every run of blanks and line breaks becomes one space
// and the ends are trimmed, so that the writer may break a comment at any space and the
// reader, which reads a line break as a space, gets the same text back.
inline std::string normalized_comment(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (is_record_space(c)) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

// Text from the input quoted in a message: unprintable bytes as \xNN, and long runs cut, so
// that a message stays one readable line whatever the input holds.
inline std::string record_quoted(std::string_view text) {
  constexpr std::size_t longest = 24;
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < longest; ++i) out += quote_char(text[i]);
  if (text.size() > longest) out += "...";
  return out;
}

// Where a character of the input is: line and column from 1 (columns count bytes), and the
// byte offset from the start of the input.
struct TextPlace {
  std::size_t line = 1;
  std::size_t column = 1;
  std::size_t offset = 0;
};

// The reader's input, one line in memory at a time, so that a file of any number of games
// is never held whole. A line holds no line ending ("\n" or "\r\n"); a UTF-8 byte order mark
// at the start of the input is skipped. Before the first `next_line` and after the end, the
// current line is the last one read (empty at first), with the position at its end.
class RecordLines {
 public:
  explicit RecordLines(std::istream& in) noexcept : in_(&in) {}

  // Moves to the next line; false (and no move) at the end of the input.
  bool next_line() {
    if (end_) return false;
    std::string text;
    if (!std::getline(*in_, text)) {
      end_ = true;
      pos_ = line_.size();
      return false;
    }
    previous_blank_ = number_ == 0 || is_blank_line();
    offset_ = next_offset_;
    next_offset_ += text.size() + (in_->eof() ? 0 : 1);
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (number_ == 0 && text.compare(0, 3, "\xEF\xBB\xBF") == 0) {
      text.erase(0, 3);
      offset_ += 3;
    }
    line_ = std::move(text);
    ++number_;
    pos_ = 0;
    return true;
  }

  // Skips blanks and line ends; false at the end of the input.
  bool skip_blanks() {
    for (;;) {
      skip_blanks_on_line();
      if (pos_ < line_.size()) return true;
      if (!next_line()) return false;
    }
  }
  void skip_blanks_on_line() noexcept {
    while (pos_ < line_.size() && is_record_blank(line_[pos_])) ++pos_;
  }

  bool at_line_end() const noexcept { return pos_ >= line_.size(); }
  char peek() const noexcept { return line_[pos_]; }
  const std::string& line() const noexcept { return line_; }
  std::size_t pos() const noexcept { return pos_; }
  void set_pos(std::size_t pos) noexcept { pos_ = pos; }
  std::size_t line_number() const noexcept { return number_; }

  TextPlace place() const noexcept { return place_at(pos_); }
  TextPlace place_at(std::size_t pos) const noexcept { return {number_ == 0 ? 1 : number_, pos + 1, offset_ + pos}; }

  // True when the current line begins a game for resynchronization: its first non-blank
  // character is '[' and the line before it is blank (or it is the first line).
  bool starts_game() const noexcept { return previous_blank_ && first_non_blank() < line_.size() && line_[first_non_blank()] == '['; }
  std::size_t first_non_blank() const noexcept {
    std::size_t i = 0;
    while (i < line_.size() && is_record_blank(line_[i])) ++i;
    return i;
  }

 private:
  bool is_blank_line() const noexcept { return first_non_blank() == line_.size(); }

  std::istream* in_;
  std::string line_;
  std::size_t number_ = 0;       // the current line's number, 0 before the first
  std::size_t pos_ = 0;          // the next character of the current line
  std::size_t offset_ = 0;       // the input offset of the current line's first character
  std::size_t next_offset_ = 0;  // the input offset of the next line
  bool previous_blank_ = true;
  bool end_ = false;
};

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

}  // namespace fanorona::detail

#endif  // FANORONA_DETAIL_RECORD_TEXT_HPP
