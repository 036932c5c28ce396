// fanorona: repetition detection for the computer opponent.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_DETAIL_REPETITION_HPP
#define FANORONA_SEARCH_DETAIL_REPETITION_HPP

// The positions a search checks for repetitions (internal).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "../../board.hpp"
#include "../../detail/bits.hpp"
#include "../../game.hpp"
#include "../../position.hpp"

namespace fanorona {

namespace detail {

// The game's positions followed by those of the line being searched, as hashes with their
// stone counts: a capture changes the count, and no position before a capture can recur, so a
// look-back stops at the first different count. All memory is reserved by the constructor for
// games of up to a few thousand turns.
template <class B>
class RepetitionStack {
 public:
  // `line_capacity`: the longest line a search can reach below its root.
  explicit RepetitionStack(std::size_t line_capacity) : line_capacity_(line_capacity) {
    keys_.reserve(4096 + line_capacity_);
    stones_.reserve(4096 + line_capacity_);
  }

  template <class Key>
  void load(const BasicGame<B, Key>& game) {
    clear();
    for (std::size_t i = 0; i <= game.turns().size(); ++i) push(game.position_before(i));
  }
  void load(const BasicPosition<B>& position) {
    clear();
    push(position);
  }

  // The last position loaded becomes the root (ply 0) of a search.
  void begin_search() {
    root_ = keys_.size() - 1;
    keys_.resize(keys_.size() + line_capacity_);
    stones_.resize(stones_.size() + line_capacity_);
  }
  void end_search() {
    keys_.resize(root_ + 1);
    stones_.resize(root_ + 1);
  }

  // Records the position the current line reaches at `ply`.
  void set(int ply, const BasicPosition<B>& position) noexcept {
    const std::size_t index = root_ + static_cast<std::size_t>(ply);
    keys_[index] = position.hash();
    stones_[index] = stone_count(position);
  }

  // Is the position at `ply` of the current line a draw by repetition? A repetition inside
  // the search (of the root or a later position) counts at once: the side that could repeat
  // once can repeat again. An earlier game position counts when this would be its third
  // occurrence; at ply 0 that is the only kind there is.
  bool is_repetition(int ply) const noexcept {
    const std::size_t index = root_ + static_cast<std::size_t>(ply);
    const std::uint64_t key = keys_[index];
    const std::uint8_t stones = stones_[index];
    int earlier = 0;
    for (std::size_t i = index; i >= 2;) {
      i -= 2;
      if (stones_[i] != stones) break;  // a capture happened since: no earlier repetition
      if (keys_[i] == key) {
        if (i >= root_) return true;
        if (++earlier >= 2) return true;
      }
    }
    return false;
  }

 private:
  static std::uint8_t stone_count(const BasicPosition<B>& p) noexcept {
    return static_cast<std::uint8_t>(popcount(p.stones(Color::white) | p.stones(Color::black)));
  }
  void clear() noexcept {
    keys_.clear();
    stones_.clear();
  }
  void push(const BasicPosition<B>& position) {
    keys_.push_back(position.hash());
    stones_.push_back(stone_count(position));
  }

  std::vector<std::uint64_t> keys_;
  std::vector<std::uint8_t> stones_;
  std::size_t root_ = 0;
  std::size_t line_capacity_;
};

}  // namespace detail

}  // namespace fanorona

#endif  // FANORONA_SEARCH_DETAIL_REPETITION_HPP
