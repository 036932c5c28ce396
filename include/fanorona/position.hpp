// fanorona: positions, the starting set-up, hashing and FEN.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_POSITION_HPP
#define FANORONA_POSITION_HPP

/// @file
/// @brief `BasicPosition`: the stones, the side to move, a Zobrist hash, and FEN.

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "board.hpp"
#include "detail/fen_reader.hpp"
#include "result.hpp"
#include "turn.hpp"

namespace fanorona {

/// @addtogroup positions
/// @{

namespace detail {

constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Zobrist keys: one per point and color, one for Black to move. Fixed at compile time, so
// hashes are the same in every program and can be stored.
template <class B>
struct ZobristKeys {
  static constexpr Table<Table<std::uint64_t, B::size>, 2> stone = [] {
    Table<Table<std::uint64_t, B::size>, 2> k{};
    std::uint64_t state = 0x46616E6F726F6E61ULL ^ static_cast<std::uint64_t>(B::width * 16 + B::height);
    for (auto& color : k.items)
      for (auto& key : color.items) key = splitmix64(state);
    return k;
  }();
  static constexpr std::uint64_t black_to_move = [] {
    std::uint64_t state = 0x5369646520746F20ULL;
    return splitmix64(state);
  }();

  static constexpr std::uint64_t of(Color c, Bitboard set) noexcept {
    std::uint64_t h = 0;
    for (Point p : points(set)) h ^= stone[static_cast<int>(c)][p];
    return h;
  }
};

// Initial stones of one color on board B (docs/rules.md, "Setting up"). On the middle rank the
// left half alternates B W B ... from file a and the right half is its half-turn image with
// colors swapped, which gives the printed rows for 3, 5 and 9 files.
template <class B>
constexpr Bitboard initial_stones(Color c) noexcept {
  Bitboard m = 0;
  const int middle = B::height / 2;
  for (int i = 0; i < B::size; ++i) {
    const int f = B::file_of(Point(i)), r = B::rank_of(Point(i));
    bool white = false, black = false;
    if (r < middle) white = true;
    else if (r > middle) black = true;
    else if (f < B::width / 2) (f % 2 == 0 ? black : white) = true;
    else if (f > B::width / 2) ((B::width - 1 - f) % 2 == 0 ? white : black) = true;
    if ((c == Color::white && white) || (c == Color::black && black)) m |= bit(i);
  }
  return m;
}

}  // namespace detail

/// SplitMix64: advances `state` and returns the next 64-bit number of its stream. The
/// generator behind the hash keys and `random_turn`: small, fast and the same on every
/// platform, so that a seed gives the same numbers everywhere (the distributions of
/// `<random>` do not promise that).
using detail::splitmix64;

/// A position: where the stones stand and whose turn it is, with a Zobrist hash kept up to
/// date as turns are played. 32 bytes, cheap to copy: the engine copies positions instead of
/// undoing turns.
template <class B = Tsivy>
class BasicPosition {
 public:
  /// The board of this position.
  using board_type = B;
  /// The turn type for this board.
  using turn_type = BasicTurn<B>;

  /// The empty board, White to move. Prefer `initial()` or `from_fen()`.
  constexpr BasicPosition() noexcept = default;

  /// The starting position (docs/rules.md, "Setting up"; the smaller boards likewise).
  static constexpr BasicPosition initial() noexcept {
    return BasicPosition(detail::initial_stones<B>(Color::white), detail::initial_stones<B>(Color::black),
                         Color::white);
  }

  /// A position from its stones. Fails when a point holds two stones, a stone lies off the
  /// board, or a side has more stones than it starts with.
  static Result<BasicPosition> from_stones(Bitboard white, Bitboard black, Color side_to_move) {
    if ((white | black) & ~B::all) return make_error(ErrorCode::position_stone_off_board);
    if (white & black) return make_error(ErrorCode::position_point_taken_twice);
    for (const Color c : {Color::white, Color::black}) {
      const int count = detail::popcount(c == Color::white ? white : black);
      if (count > B::stones_per_side)
        return make_error(ErrorCode::position_too_many_stones, {{"color", std::string(detail::color_id(c))},
                                                                 {"count", std::to_string(count)},
                                                                 {"limit", std::to_string(B::stones_per_side)}});
    }
    return BasicPosition(white, black, side_to_move);
  }

  /// Reads a position in the FEN-like form of docs/notation.md, e.g.
  /// `BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W`. On error, says what is wrong and
  /// the offset where. Accepted beyond the strict form: spaces and tabs around it, and a
  /// line ending after it (so a line read from a file can be passed as it is).
  static Result<BasicPosition> from_fen(std::string_view fen);

  /// Writes the position in the form of docs/notation.md (runs of empty points as digits).
  std::string to_fen() const {
    std::string s;
    for (int r = B::height - 1; r >= 0; --r) {
      int run = 0;
      for (int f = 0; f < B::width; ++f) {
        const Bitboard b = detail::bit(B::point_at(f, r));
        const char c = (stones_[0] & b) ? 'W' : (stones_[1] & b) ? 'B' : '.';
        if (c == '.') {
          ++run;
          continue;
        }
        if (run) s += static_cast<char>('0' + run);
        run = 0;
        s += c;
      }
      if (run) s += static_cast<char>('0' + run);
      if (r) s += '/';
    }
    s += side_ == Color::white ? " W" : " B";
    return s;
  }

  /// The stones of one color.
  constexpr Bitboard stones(Color c) const noexcept { return stones_[static_cast<int>(c)]; }
  /// The stones of the side to move.
  constexpr Bitboard own() const noexcept { return stones(side_); }
  /// The stones of the side not to move.
  constexpr Bitboard enemy() const noexcept { return stones(opponent(side_)); }
  /// Every empty point.
  constexpr Bitboard empty() const noexcept { return B::all & ~(stones_[0] | stones_[1]); }
  /// The color of the stone on `p`, or nothing when `p` is empty or off the board.
  constexpr std::optional<Color> at(Point p) const noexcept {
    if (!B::contains(p)) return std::nullopt;
    if (stones_[0] & detail::bit(p)) return Color::white;
    if (stones_[1] & detail::bit(p)) return Color::black;
    return std::nullopt;
  }
  /// Number of stones of one color.
  constexpr int count(Color c) const noexcept { return detail::popcount(stones(c)); }
  /// Whose turn it is.
  constexpr Color side_to_move() const noexcept { return side_; }
  /// Zobrist hash of the stones and the side to move; equal positions have equal hashes.
  constexpr std::uint64_t hash() const noexcept { return hash_; }
  /// The hash computed from scratch; always equal to `hash()` (a test checks it).
  constexpr std::uint64_t compute_hash() const noexcept {
    return detail::ZobristKeys<B>::of(Color::white, stones_[0]) ^ detail::ZobristKeys<B>::of(Color::black, stones_[1]) ^
           (side_ == Color::black ? detail::ZobristKeys<B>::black_to_move : 0);
  }

  /// Plays a complete turn of the side to move, which then passes to the opponent.
  /// Precondition: `turn` is legal here (it came from this position's generator, builder or
  /// parser); use `BasicGame::play` or `parse_turn` to check untrusted turns.
  constexpr void play(const turn_type& turn) noexcept {
    const int me = static_cast<int>(side_), them = me ^ 1;
    const Point from = turn.from(), to = turn.to();
    stones_[me] ^= detail::bit(from) ^ detail::bit(to);
    stones_[them] &= ~turn.captured();
    const auto& keys = detail::ZobristKeys<B>::stone;
    hash_ ^= keys[me][from] ^ keys[me][to] ^ detail::ZobristKeys<B>::of(opponent(side_), turn.captured()) ^
             detail::ZobristKeys<B>::black_to_move;
    side_ = opponent(side_);
  }

  /// The position after `turn` (see `play`).
  constexpr BasicPosition after(const turn_type& turn) const noexcept {
    BasicPosition p = *this;
    p.play(turn);
    return p;
  }

  /// Equal when the stones and the side to move are equal (the hash follows from them).
  friend constexpr bool operator==(const BasicPosition& a, const BasicPosition& b) noexcept {
    return a.stones_[0] == b.stones_[0] && a.stones_[1] == b.stones_[1] && a.side_ == b.side_;
  }
  /// Not equal.
  friend constexpr bool operator!=(const BasicPosition& a, const BasicPosition& b) noexcept { return !(a == b); }

 private:
  constexpr BasicPosition(Bitboard white, Bitboard black, Color side) noexcept
      : stones_{white, black}, side_(side) {
    hash_ = compute_hash();
  }

  Bitboard stones_[2] = {0, 0};
  std::uint64_t hash_ = 0;
  Color side_ = Color::white;
};

template <class B>
Result<BasicPosition<B>> BasicPosition<B>::from_fen(std::string_view fen) {
  const Result<detail::FenContents> contents = detail::FenReader<B>(fen).read();
  if (!contents) return contents.error();
  auto position = from_stones(contents->white, contents->black, contents->side);
  if (!position) return nested_error(position.error(), "", 0);
  return position;
}

/// Writes the position's FEN (`to_fen()`).
template <class B>
std::ostream& operator<<(std::ostream& out, const BasicPosition<B>& position) {
  return out << position.to_fen();
}

/// A position on the default 9x5 board.
using Position = BasicPosition<Tsivy>;

/// @}

}  // namespace fanorona

namespace std {
/// Hashes a position by its Zobrist hash, so that positions can be keys of
/// `std::unordered_map` and `std::unordered_set`.
template <class B>
struct hash<fanorona::BasicPosition<B>> {
  /// The position's `hash()`.
  size_t operator()(const fanorona::BasicPosition<B>& position) const noexcept { return static_cast<size_t>(position.hash()); }
};
}  // namespace std

#endif  // FANORONA_POSITION_HPP
