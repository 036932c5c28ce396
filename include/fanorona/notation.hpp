// fanorona: reading and writing turns and steps in notation (docs/notation.md).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_NOTATION_HPP
#define FANORONA_NOTATION_HPP

/// @file
/// @brief Notation as players write it: `parse_turn` (`d2-e3A-d4W` against a position),
/// `parse_step` and `to_string` for one step (`d3-e3A`), and point names (`e3`).

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "board.hpp"
#include "position.hpp"
#include "result.hpp"
#include "turn.hpp"
#include "turn_builder.hpp"

namespace fanorona {

/// @addtogroup notation
/// @{

/// The name of point `p` of board `B`, file letter then rank digit ("e3"); an empty string
/// when `p` is not a point of `B` (such as `no_point`). The same as `B::point_name` on a point,
/// without naming the board type on the default 9x5 board: `fanorona::point_name(fanorona::Point(22))`.
template <class B = Tsivy>
std::string point_name(Point p) {
  if (!B::contains(p)) return {};
  return B::point_name(p);
}

/// Reads a point name of board `B`, a file letter in either case and a rank digit ("e3",
/// "E3"): its index, or `no_point` when the text is anything else. The same as
/// `B::parse_point`; `fanorona::parse_point("e3")` is 22 on the default 9x5 board. The text
/// must be exactly the name: `parse_step` and `parse_turn` read names inside longer text,
/// with messages.
template <class B = Tsivy>
constexpr Point parse_point(std::string_view name) noexcept {
  return B::parse_point(name);
}

/// Canonical notation of one step of board `B`: `d3-e3A` (approach), `d3-e3W` (withdrawal),
/// `e2-e3` (a paika move). `fanorona::to_string(step)` on the default 9x5 board,
/// `fanorona::to_string<Dimy>(step)` on another; `parse_step` reads it back.
template <class B = Tsivy>
std::string to_string(const Step& step) {
  std::string text = point_name<B>(step.from) + '-' + point_name<B>(step.to);
  if (step.capture == Capture::approach) text += 'A';
  if (step.capture == Capture::withdrawal) text += 'W';
  return text;
}

/// Canonical notation of a turn; the same as `turn.to_string()`.
template <class B>
std::string to_string(const BasicTurn<B>& turn) {
  return turn.to_string();
}

/// One step as `parse_step` reads it: its two points, and its capture kind when the text
/// marks one.
///
/// Text alone cannot say what an unmarked step captures: `d2-e3` may be a paika move, the
/// only capture the position allows, or a step that could capture either way. Only the
/// position can tell, so `capture` is empty when no `A` or `W` was written, and the turn
/// builder decides: `builder.play_step(step.from, step.to, step.capture)` plays a paika move
/// or the one possible capture, and refuses an ambiguous step with the rule ("d3-e3
/// captures by approach or by withdrawal: write d3-e3A or d3-e3W").
struct ParsedStep {
  Point from = no_point;  ///< Where the stone stands before the step.
  Point to = no_point;    ///< The point it steps to.
  /// `Capture::approach` or `Capture::withdrawal` when the text marks the step `A` or `W`;
  /// empty when it has no mark (never `Capture::none`: no mark says "captures nothing").
  std::optional<Capture> capture;

  /// Equal when both points and the mark (or its absence) are equal.
  friend constexpr bool operator==(const ParsedStep& a, const ParsedStep& b) noexcept {
    return a.from == b.from && a.to == b.to && a.capture == b.capture;
  }
  /// Not equal.
  friend constexpr bool operator!=(const ParsedStep& a, const ParsedStep& b) noexcept { return !(a == b); }
};

namespace detail {

constexpr bool is_letter(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// Where the written text is, without the blanks around it: a line read from a terminal or a
// file may keep its line ending, so it is dropped at the end only.
struct TextSpan {
  std::size_t begin;
  std::size_t end;
};
constexpr TextSpan trimmed(std::string_view text) noexcept {
  std::size_t begin = 0, end = text.size();
  while (begin < end && (text[begin] == ' ' || text[begin] == '\t')) ++begin;
  while (end > begin && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\n' || text[end - 1] == '\r')) --end;
  return {begin, end};
}

template <class B>
std::string board_size_name() {
  return std::to_string(B::width) + "x" + std::to_string(B::height);
}

// Reads the point name at `text[i]` (before `end`) and moves `i` past it. A name is one
// letter and one digit; more digits make it a point off the board (`e10`), not `e1`
// followed by junk, which is how a player means it.
template <class B>
Result<Point> read_point(std::string_view text, std::size_t& i, std::size_t end) {
  if (i + 2 > end || !is_letter(text[i]) || !is_digit(text[i + 1]))
    return make_error(ErrorCode::notation_expected_point, {{"text", quoted(text.substr(i, std::min<std::size_t>(3, end - i)))}}, i);
  std::size_t digits = i + 1;
  while (digits < end && is_digit(text[digits])) ++digits;
  const Point p = digits == i + 2 ? B::parse_point(text.substr(i, 2)) : no_point;
  if (p == no_point)
    return make_error(ErrorCode::notation_off_board, {{"text", quoted(text.substr(i, digits - i))}, {"board", board_size_name<B>()}}, i);
  i += 2;
  return p;
}

// Reads a capture mark, `A` or `W` in either case, at `text[i]` and moves `i` past it; empty
// (and `i` unchanged) when there is none.
constexpr std::optional<Capture> read_capture_mark(std::string_view text, std::size_t& i, std::size_t end) noexcept {
  if (i >= end) return std::nullopt;
  if (text[i] == 'A' || text[i] == 'a') {
    ++i;
    return Capture::approach;
  }
  if (text[i] == 'W' || text[i] == 'w') {
    ++i;
    return Capture::withdrawal;
  }
  return std::nullopt;
}

// A point followed by something that is neither a mark nor the separator.
template <class B>
Error unexpected_after_point(char c, Point p, std::size_t offset) {
  return make_error(ErrorCode::notation_unexpected_after_point, {{"text", quote_char(c)}, {"point", B::point_name(p)}}, offset);
}

template <class B>
Error mark_on_start(Point p, std::size_t offset) {
  return make_error(ErrorCode::notation_mark_on_start, {{"point", B::point_name(p)}}, offset);
}

}  // namespace detail

/// Reads one step of board `B` written in notation: `d3-e3A`, `d3-e3W`, `e2-e3`.
///
/// Accepted as `parse_turn` accepts a turn: point letters and marks in either case
/// (`D3-e3a`), blanks around the step and a line ending after it. The step is read as text
/// only: whether it is legal is for a `BasicTurnBuilder` to say (see `ParsedStep`, which
/// also explains why `capture` is empty for an unmarked step).
///
/// With `stone` a point of `B` (the moving stone during a turn), the text may also be the
/// destination alone, as a player continues a chain: `d4W` reads as `stone`-d4W. A text
/// with both points is read as written even then.
///
/// Refused, with a message and an offset into `text` (the same message as `parse_turn`
/// gives for the same text where a step and a turn agree): a blank text, anything that is
/// not a point where one is expected, a point off the board, a mark on the starting point, a
/// point alone when no `stone` is given, a missing destination after `-`, and text after the
/// step (a second `-` would make a chain, which is a turn).
///
/// @code
/// fanorona::TurnBuilder builder(fanorona::Position::initial());
/// const auto step = fanorona::parse_step("d3-e3");  // well written, but which capture?
/// if (step) {
///   const fanorona::Status played = builder.play_step(step->from, step->to, step->capture);
///   // Refused: "d3-e3 captures by approach or by withdrawal: write d3-e3A or d3-e3W".
///   if (!played) std::puts(played.error().message.c_str());
/// }
/// @endcode
template <class B = Tsivy>
Result<ParsedStep> parse_step(std::string_view text, Point stone = no_point) {
  const detail::TextSpan span = detail::trimmed(text);
  const std::size_t end = span.end;
  std::size_t i = span.begin;
  if (i == end) return make_error(ErrorCode::notation_empty_step, {}, 0);

  const Result<Point> first = detail::read_point<B>(text, i, end);
  if (!first) return first.error();
  ParsedStep step;
  step.capture = detail::read_capture_mark(text, i, end);
  const bool destination_only = i == end || text[i] != '-' || step.capture;
  if (destination_only && B::contains(stone)) {
    step.from = stone;
    step.to = *first;
  } else if (destination_only) {
    if (step.capture) return detail::mark_on_start<B>(*first, i - 1);
    if (i < end) return detail::unexpected_after_point<B>(text[i], *first, i);
    return make_error(ErrorCode::notation_step_lone_point, {{"point", B::point_name(*first)}}, i);
  } else {
    ++i;  // the '-'
    if (i == end) return make_error(ErrorCode::notation_step_ends_with_dash, {}, i);
    const Result<Point> second = detail::read_point<B>(text, i, end);
    if (!second) return second.error();
    step.from = *first;
    step.to = *second;
    step.capture = detail::read_capture_mark(text, i, end);
  }
  if (i == end) return step;
  if (!step.capture && text[i] != '-') return detail::unexpected_after_point<B>(text[i], step.to, i);
  const std::string written = B::point_name(step.from) + '-' + B::point_name(step.to) +
                              (step.capture ? (*step.capture == Capture::approach ? "A" : "W") : "");
  return make_error(ErrorCode::notation_text_after_step, {{"text", detail::quote_char(text[i])}, {"step", written}}, i);
}

/// Reads a turn written in the notation of docs/notation.md and checks it against `position`.
///
/// Accepted: the canonical form (`d2-e3A-d4W`, paika `e2-e3`), lowercase (`d2-e3a`), and a
/// capture written without `A`/`W` when only one kind is possible. Surrounding spaces are
/// ignored. Refused with a message that names the rule and an offset into `text`: malformed
/// text, points off the board, and any illegal or ambiguous turn (no stone there, not your
/// stone, not a line, occupied, capture compulsory, both captures possible, a chain that
/// repeats a direction or revisits a point, a step after a paika move, ...).
template <class B>
Result<BasicTurn<B>> parse_turn(const BasicPosition<B>& position, std::string_view text) {
  const detail::TextSpan span = detail::trimmed(text);
  const std::size_t end = span.end;
  std::size_t i = span.begin;
  if (i == end) return make_error(ErrorCode::notation_empty_turn, {}, 0);

  BasicTurnBuilder<B> builder(position);
  Point previous = no_point;
  for (int index = 0;; ++index) {
    const std::size_t token = i;
    if (i == end) return make_error(ErrorCode::notation_turn_ends_with_dash, {}, i);
    const Result<Point> point = detail::read_point<B>(text, i, end);
    if (!point) return point.error();
    const Point p = *point;
    const std::optional<Capture> kind = detail::read_capture_mark(text, i, end);
    if (!kind && i < end && text[i] != '-') return detail::unexpected_after_point<B>(text[i], p, i);
    if (index == 0) {
      if (kind) return detail::mark_on_start<B>(p, i - 1);
      // Checked here as well as in the builder so that the offset points at the stone.
      if (const Status owner = detail::check_owner(position, p); !owner) return nested_error(owner.error(), "", token);
    } else {
      const Status s = builder.play_step(previous, p, kind);
      if (!s) return nested_error(s.error(), "", token);
    }
    previous = p;
    if (i == end) break;
    if (text[i] != '-') return make_error(ErrorCode::notation_expected_dash, {{"text", detail::quote_char(text[i])}}, i);
    ++i;
  }
  if (builder.turn().size() == 0)
    return make_error(ErrorCode::notation_turn_lone_point, {{"point", B::point_name(previous)}}, i);
  return builder.turn();
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_NOTATION_HPP
