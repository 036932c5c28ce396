// fanorona: reading the ranks and the side to move of a FEN.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_FEN_READER_HPP
#define FANORONA_DETAIL_FEN_READER_HPP

#include <cstddef>
#include <initializer_list>
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
    if (at_end()) return error(ErrorCode::fen_empty);
    FenContents out;
    for (int r = B::height - 1; r >= 0; --r) {
      if (Status rank = read_rank(r, out); !rank) return rank.error();
      if (r == 0) break;
      if (at_end() || fen_[i_] != '/')
        return error(ErrorCode::fen_missing_slash, {{"rank", std::to_string(r + 1)}, {"count", std::to_string(B::height)}});
      ++i_;
    }
    if (!at_end() && fen_[i_] == '/') return error(ErrorCode::fen_too_many_ranks, {{"count", std::to_string(B::height)}});
    if (at_end() || !is_blank(fen_[i_])) return error(ErrorCode::fen_missing_space);
    skip_blanks();
    if (at_end()) return error(ErrorCode::fen_missing_side);
    if (fen_[i_] != 'W' && fen_[i_] != 'B') return error(ErrorCode::fen_bad_side, {{"text", quote_char(fen_[i_])}});
    out.side = fen_[i_] == 'W' ? Color::white : Color::black;
    ++i_;
    // A FEN read from a file may end with its line ending.
    while (!at_end() && (is_blank(fen_[i_]) || fen_[i_] == '\r' || fen_[i_] == '\n')) ++i_;
    if (!at_end()) return error(ErrorCode::fen_trailing_text);
    return out;
  }

 private:
  static constexpr bool is_blank(char c) noexcept { return c == ' ' || c == '\t'; }
  bool at_end() const noexcept { return i_ == fen_.size(); }
  void skip_blanks() noexcept {
    while (!at_end() && is_blank(fen_[i_])) ++i_;
  }
  Error error(ErrorCode code, std::initializer_list<ErrorArg> args = {}) const { return make_error(code, args, i_); }

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
        return error(ErrorCode::fen_bad_character, {{"text", quote_char(c)}, {"rank", rank}});
      }
      if (f > B::width) {
        i_ = rank_start;
        return error(ErrorCode::fen_rank_too_long, {{"rank", rank}, {"count", std::to_string(B::width)}});
      }
    }
    if (f == B::width) return {};
    i_ = rank_start;
    return error(ErrorCode::fen_rank_too_short, {{"rank", rank}, {"count", std::to_string(f)}, {"limit", std::to_string(B::width)}});
  }

  std::string_view fen_;
  std::size_t i_ = 0;
};

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_DETAIL_FEN_READER_HPP
