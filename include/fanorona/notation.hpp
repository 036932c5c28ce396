// fanorona: reading turns in notation (RULES.md section 5).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_NOTATION_HPP
#define FANORONA_NOTATION_HPP

/// @file
/// @brief `parse_turn`: read `d2-e3A-d4W` against a position, with messages for players.

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

namespace detail {
inline std::string quoted(std::string_view text) {
  std::string out;
  for (char c : text) out += quote_char(c);
  return out;
}
}  // namespace detail

/// Reads a turn written as in RULES.md section 5 and checks it against `position`.
///
/// Accepted: the canonical form (`d2-e3A-d4W`, paika `e2-e3`), lowercase (`d2-e3a`), and a
/// capture written without `A`/`W` when only one kind is possible. Surrounding spaces are
/// ignored. Refused with a message that names the rule and an offset into `text`: malformed
/// text, points off the board, and any illegal or ambiguous turn (no stone there, not your
/// stone, not a line, occupied, capture compulsory, both captures possible, a chain that
/// repeats a direction or revisits a point, a step after a paika move, ...).
template <class B>
Result<BasicTurn<B>> parse_turn(const BasicPosition<B>& position, std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
  std::size_t end = text.size();
  while (end > i && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\n' || text[end - 1] == '\r')) --end;
  if (i == end) return make_error("empty turn: write a turn such as e2-e3 or d3-e3A", 0);

  BasicTurnBuilder<B> builder(position);
  Point previous = no_point;
  for (int index = 0;; ++index) {
    const std::size_t token = i;
    if (i == end) return make_error("the turn ends with '-': a point must follow it", i);
    if (i + 2 > end || !((text[i] >= 'a' && text[i] <= 'z') || (text[i] >= 'A' && text[i] <= 'Z')) || text[i + 1] < '0' ||
        text[i + 1] > '9')
      return make_error("expected a point such as e3 at '" + detail::quoted(text.substr(i, std::min<std::size_t>(3, end - i))) + "'", i);
    if (i + 2 < end && text[i + 2] >= '0' && text[i + 2] <= '9') {
      std::size_t digits = i + 2;
      while (digits < end && text[digits] >= '0' && text[digits] <= '9') ++digits;
      return make_error(std::string(text.substr(i, digits - i)) + " is not a point of the " + std::to_string(B::width) + "x" +
                            std::to_string(B::height) + " board",
                        i);
    }
    const Point p = B::parse_point(text.substr(i, 2));
    if (p == no_point)
      return make_error(std::string(text.substr(i, 2)) + " is not a point of the " + std::to_string(B::width) + "x" +
                            std::to_string(B::height) + " board",
                        i);
    i += 2;
    std::optional<Capture> kind;
    if (i < end && text[i] != '-') {
      const char c = text[i];
      if (c == 'A' || c == 'a')
        kind = Capture::approach;
      else if (c == 'W' || c == 'w')
        kind = Capture::withdrawal;
      else
        return make_error("unexpected '" + detail::quote_char(c) + "' after " + B::point_name(p) +
                              ": a capture is marked A (approach) or W (withdrawal), and steps are joined by '-'",
                          i);
      if (index == 0) return make_error("the starting point " + B::point_name(p) + " takes no A or W", i);
      ++i;
    }
    if (index == 0) {
      // Checked here as well as in the builder so that the offset points at the stone.
      const auto owner = position.at(p);
      if (!owner) return make_error("there is no stone on " + B::point_name(p), token);
      if (*owner != position.side_to_move())
        return make_error("the stone on " + B::point_name(p) + " is " + std::string(color_name(*owner)) + "'s, and it is " +
                              std::string(color_name(position.side_to_move())) + "'s turn",
                          token);
    } else {
      const Status s = builder.play_step(previous, p, kind);
      if (!s) return make_error(s.error().message, token);
    }
    previous = p;
    if (i == end) break;
    if (text[i] != '-') return make_error("unexpected '" + detail::quote_char(text[i]) + "': steps are joined by '-'", i);
    ++i;
  }
  if (builder.steps() == 0)
    return make_error(B::point_name(previous) + " alone is not a turn: write the starting point, then each step's destination, joined by '-'",
                      i);
  return builder.turn();
}

/// Canonical notation of a turn; the same as `turn.to_string()`.
template <class B>
std::string to_string(const BasicTurn<B>& turn) {
  return turn.to_string();
}

}  // namespace fanorona

#endif  // FANORONA_NOTATION_HPP
