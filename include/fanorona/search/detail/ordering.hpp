// fanorona: the order in which the search tries turns (internal).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_DETAIL_ORDERING_HPP
#define FANORONA_SEARCH_DETAIL_ORDERING_HPP

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "../../board.hpp"
#include "../../detail/bits.hpp"
#include "../../movegen.hpp"
#include "../../position.hpp"
#include "../../turn.hpp"
#include "line.hpp"

namespace fanorona {
namespace detail {

// The turn lists of every ply and their order: the transposition table's turn first, then
// captures by stones taken (more first, longer chains next), then paika moves by killers (the
// last paika moves that cut off at the same ply) and history (how often and how deep a turn
// between the same two points cut off). All memory is allocated by the constructor.
template <class B>
class TurnOrdering {
 public:
  TurnOrdering() : lists_(plies), order_(plies * max_turns<B>), scores_(plies * max_turns<B>) {}

  // Forgets the killers and the history.
  void clear() noexcept {
    for (auto& k : killers_) k = {-1, -1};
    for (auto& h : history_) h = 0;
  }

  // A new search: its plies have no killers yet, and older cutoffs count for less.
  void new_search() noexcept {
    for (auto& k : killers_) k = {-1, -1};
    for (auto& h : history_) h /= 8;
  }

  const BasicTurnList<B>& list(int ply) const noexcept { return lists_[static_cast<std::size_t>(ply)]; }

  // Lists the turns of `pos` at `ply` and scores them for `pick`. The table's turn (-1 for
  // none) is an index into this list and is dropped when out of range: a different position
  // with the same hash may have stored it.
  std::size_t generate(const BasicPosition<B>& pos, int ply, int table_move) noexcept {
    auto& list = lists_[static_cast<std::size_t>(ply)];
    list.clear();
    generate_turns(pos, list);
    if (table_move >= static_cast<int>(list.size())) table_move = -1;
    std::uint16_t* ord = order(ply);
    int* sc = scores(ply);
    for (std::size_t i = 0; i < list.size(); ++i) {
      ord[i] = static_cast<std::uint16_t>(i);
      sc[i] = ordering_score(list[i], static_cast<int>(i) == table_move, ply);
    }
    return list.size();
  }

  // Moves the best-scored remaining turn to position `i` of the order and returns its index.
  // A selection per turn rather than a sort: most nodes cut off after the first few turns.
  int pick(int ply, std::size_t i, std::size_t n) noexcept {
    std::uint16_t* ord = order(ply);
    int* sc = scores(ply);
    std::size_t best = i;
    for (std::size_t j = i + 1; j < n; ++j)
      if (sc[j] > sc[best]) best = j;
    std::swap(ord[i], ord[best]);
    std::swap(sc[i], sc[best]);
    return ord[i];
  }

  // A paika move that cut off becomes this ply's first killer; every cutoff feeds the history.
  void remember_cutoff(const BasicTurn<B>& t, int depth, int ply) noexcept {
    const std::size_t h = history_index(t);
    if (!t.is_capture()) {
      auto& k = killers_[static_cast<std::size_t>(ply)];
      if (k[0] != static_cast<int>(h)) {
        k[1] = k[0];
        k[0] = static_cast<int>(h);
      }
    }
    history_[h] = std::min(history_[h] + depth * depth, 1 << 20);
  }

 private:
  std::uint16_t* order(int ply) noexcept { return order_.data() + static_cast<std::size_t>(ply) * max_turns<B>; }
  int* scores(int ply) noexcept { return scores_.data() + static_cast<std::size_t>(ply) * max_turns<B>; }

  static std::size_t history_index(const BasicTurn<B>& t) noexcept {
    return static_cast<std::size_t>(t.from().index() * B::size + t.to().index());
  }

  int ordering_score(const BasicTurn<B>& t, bool table_move, int ply) const noexcept {
    if (table_move) return 1 << 30;
    const std::size_t h = history_index(t);
    if (t.is_capture()) return (1 << 24) + popcount(t.captured()) * 4096 + t.size() * 64 + history_[h] / 64;
    const auto& killers = killers_[static_cast<std::size_t>(ply)];
    if (static_cast<int>(h) == killers[0]) return 1 << 22;
    if (static_cast<int>(h) == killers[1]) return (1 << 22) - 1;
    return std::min(history_[h], 1 << 21);
  }

  std::vector<BasicTurnList<B>> lists_;
  std::vector<std::uint16_t> order_;
  std::vector<int> scores_;
  std::array<std::array<int, 2>, plies> killers_{};
  std::array<int, B::size * B::size> history_{};
};

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_SEARCH_DETAIL_ORDERING_HPP
