// fanorona: the computer opponent's transposition table.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_DETAIL_TRANSPOSITION_TABLE_HPP
#define FANORONA_SEARCH_DETAIL_TRANSPOSITION_TABLE_HPP

// The transposition table of `BasicSearcher` (internal).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../score.hpp"

namespace fanorona {

namespace detail {

// What a stored score says about the true score of its position.
enum class Bound : std::uint8_t { none, upper, lower, exact };

// The bound a node's best score gives, from the window it was searched with.
constexpr Bound bound_of(int best, int alpha, int beta) noexcept {
  return best >= beta ? Bound::lower : best > alpha ? Bound::exact : Bound::upper;
}

// A win or loss is stored as its distance from the node, not from the root, so that it stays
// right when the same position is met at another ply.
constexpr int score_to_table(int score, int ply) noexcept {
  if (score >= win_bound) return score + ply;
  if (score <= -win_bound) return score - ply;
  return score;
}
constexpr int score_from_table(int score, int ply) noexcept {
  if (score >= win_bound) return score - ply;
  if (score <= -win_bound) return score + ply;
  return score;
}

// One slot: 16 bytes. The best turn is stored as its index in the generator's order, which is
// deterministic, instead of as a turn (40 bytes).
struct TTEntry {
  static constexpr std::uint16_t no_move = 0xFFFF;
  std::uint64_t key;  // the full hash, compared before the entry is used
  std::int16_t score;
  std::uint16_t move;
  std::int8_t depth;
  Bound bound;
  std::uint8_t generation;  // the search that stored it: older entries give way
  std::uint8_t pad;
};

// What the table says about a node about to be searched.
struct TTProbe {
  int move = -1;        // the stored best turn's index, or -1
  bool cutoff = false;  // the stored score settles the node: return `score`
  int score = 0;
};

// A fixed table of 2^k entries, allocated once by the constructor; one entry per slot, replaced
// when the new result comes from a later search or is at least as deep.
class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes) {
    std::size_t entries = 1;
    const std::size_t wanted = std::max<std::size_t>(1, megabytes) * 1024 * 1024 / sizeof(TTEntry);
    while (entries * 2 <= wanted) entries *= 2;
    entries_.assign(entries, empty_entry);
  }

  // A disabled table finds nothing and stores nothing (for tests and experiments).
  void enable(bool on) noexcept { enabled_ = on; }

  void clear() noexcept {
    for (auto& e : entries_) e = empty_entry;
    generation_ = 0;
  }

  // Called once per search, so that entries of earlier searches can be told apart.
  void new_search() noexcept { ++generation_; }

  // The stored turn for the position `key`, and a cutoff when `may_cut` and the entry is deep
  // enough and its bound settles the window [alpha, beta].
  TTProbe probe(std::uint64_t key, int depth, int alpha, int beta, int ply, bool may_cut) const noexcept {
    TTProbe probe;
    if (!enabled_) return probe;
    const TTEntry& e = slot(key);
    if (e.key != key || e.bound == Bound::none) return probe;
    probe.move = e.move == TTEntry::no_move ? -1 : e.move;
    if (may_cut && e.depth >= depth) {
      const int s = score_from_table(e.score, ply);
      if (e.bound == Bound::exact || (e.bound == Bound::lower && s >= beta) || (e.bound == Bound::upper && s <= alpha)) {
        probe.cutoff = true;
        probe.score = s;
      }
    }
    return probe;
  }

  // Records a node's result: `move` is the best turn's index (-1 for none).
  void store(std::uint64_t key, int depth, int ply, int score, int move, Bound bound) noexcept {
    if (!enabled_) return;
    TTEntry& e = slot(key);
    if (e.key == key && e.generation == generation_ && depth < e.depth) return;
    // A quiescence result (depth 0) does not evict a searched node of this search.
    if (depth == 0 && e.generation == generation_ && e.depth > 0 && e.bound != Bound::none) return;
    e.key = key;
    e.score = static_cast<std::int16_t>(score_to_table(score, ply));
    e.move = static_cast<std::uint16_t>(move < 0 ? TTEntry::no_move : move);
    e.depth = static_cast<std::int8_t>(std::min(depth, 127));
    e.bound = bound;
    e.generation = generation_;
  }

 private:
  static constexpr TTEntry empty_entry{0, 0, TTEntry::no_move, 0, Bound::none, 0, 0};

  // The table's size is a power of two that fits size_t, so the key's low bits choose the
  // slot; on a 32-bit target the cast keeps exactly those bits.
  std::size_t index(std::uint64_t key) const noexcept { return static_cast<std::size_t>(key) & (entries_.size() - 1); }
  TTEntry& slot(std::uint64_t key) noexcept { return entries_[index(key)]; }
  const TTEntry& slot(std::uint64_t key) const noexcept { return entries_[index(key)]; }

  std::vector<TTEntry> entries_;
  std::uint8_t generation_ = 0;
  bool enabled_ = true;
};

}  // namespace detail

}  // namespace fanorona

#endif  // FANORONA_SEARCH_DETAIL_TRANSPOSITION_TABLE_HPP
