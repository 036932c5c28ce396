// fanorona: reading the ranks and the side to move of a FEN.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_FEN_READER_HPP
#define FANORONA_DETAIL_FEN_READER_HPP

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "../board.hpp"
#include "../result.hpp"
#include "bits.hpp"

namespace fanorona {
namespace detail {

// The stones and side a FEN describes, not yet checked as a position.
struct FenContents {
  Bitboard white = 0, black = 0;
  Color side = Color::white;
};

// Reads a FEN of board B left to right (docs/notation.md); every error names the offset where
// the reader stood, or the start of the rank at fault.
template <class B>
class FenReader {
 public:
  explicit FenReader(std::string_view fen) noexcept : fen_(fen) {}

  Result<FenContents> read() {
    skip_blanks();
    if (at_end()) return error("empty position: expected " + std::to_string(B::height) + " ranks and the side to move");
    FenContents out;
    for (int r = B::height - 1; r >= 0; --r) {
      if (Status rank = read_rank(r, out); !rank) return rank.error();
      if (r == 0) break;
      if (at_end() || fen_[i_] != '/')
        return error("expected '/' after rank " + std::to_string(r + 1) + ": a position has " + std::to_string(B::height) +
                     " ranks");
      ++i_;
    }
    if (!at_end() && fen_[i_] == '/') return error("too many ranks: a position has " + std::to_string(B::height));
    if (at_end() || !is_blank(fen_[i_])) return error("expected a space and the side to move (W or B) after the last rank");
    skip_blanks();
    if (at_end()) return error("missing side to move: expected W or B");
    if (fen_[i_] != 'W' && fen_[i_] != 'B')
      return error("side to move must be W or B, not '" + quote_char(fen_[i_]) + "'");
    out.side = fen_[i_] == 'W' ? Color::white : Color::black;
    ++i_;
    // A FEN read from a file may end with its line ending.
    while (!at_end() && (is_blank(fen_[i_]) || fen_[i_] == '\r' || fen_[i_] == '\n')) ++i_;
    if (!at_end()) return error("unexpected text after the side to move");
    return out;
  }

 private:
  static constexpr bool is_blank(char c) noexcept { return c == ' ' || c == '\t'; }
  bool at_end() const noexcept { return i_ == fen_.size(); }
  void skip_blanks() noexcept {
    while (!at_end() && is_blank(fen_[i_])) ++i_;
  }
  Error error(std::string message) const { return make_error(std::move(message), i_); }

  // One rank (0-based `r`), from file a: stones as W and B, runs of empty points as digits.
  Status read_rank(int r, FenContents& out) {
    const std::string rank = std::to_string(r + 1);
    const std::size_t rank_start = i_;
    int f = 0;
    for (; !at_end() && fen_[i_] != '/' && !is_blank(fen_[i_]); ++i_) {
      const char c = fen_[i_];
      if (c >= '1' && c <= '9') {
        f += c - '0';
      } else if (c == 'W' || c == 'B') {
        if (f < B::width) (c == 'W' ? out.white : out.black) |= bit(B::point_at(f, r));
        ++f;
      } else {
        return error("unexpected character '" + quote_char(c) + "' in rank " + rank + ": use W, B, or a digit for empty points");
      }
      if (f > B::width) {
        i_ = rank_start;
        return error("rank " + rank + " describes more than " + std::to_string(B::width) + " points");
      }
    }
    if (f == B::width) return {};
    i_ = rank_start;
    return error("rank " + rank + " describes " + std::to_string(f) + " point" + (f == 1 ? "" : "s") +
                 "; every rank must describe exactly " + std::to_string(B::width));
  }

  std::string_view fen_;
  std::size_t i_ = 0;
};

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_DETAIL_FEN_READER_HPP
