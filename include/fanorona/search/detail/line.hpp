// fanorona: the plies of a search line and its principal variation (internal).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_DETAIL_LINE_HPP
#define FANORONA_SEARCH_DETAIL_LINE_HPP

#include <algorithm>
#include <cstddef>
#include <vector>

#include "../../turn.hpp"
#include "../limits.hpp"

namespace fanorona {
namespace detail {

inline constexpr int max_ply = 96;
inline constexpr int max_qply = 8;             // quiescence plies beyond the nominal depth
inline constexpr std::size_t max_qturns = 12;  // capture turns tried per quiescence node
// The deepest nominal depth leaves room for the quiescence plies below it.
static_assert(fanorona::max_search_depth == max_ply - max_qply - 2, "max_search_depth must leave the quiescence plies");
// Rows of the per-ply tables: every ply a search can reach, the root included.
inline constexpr std::size_t plies = max_ply + 1;

// The nominal depth a search may reach under `limits`.
constexpr int depth_limit(const SearchLimits& limits) noexcept {
  if (limits.max_depth <= 0 && limits.max_nodes == 0 && limits.max_time_ms <= 0) return SearchLimits::default_depth;
  return limits.max_depth > 0 ? std::min(limits.max_depth, max_search_depth) : max_search_depth;
}

// The principal variation table: row `ply` holds the best line found below the node at `ply`
// (from index `ply` on), copied up as better turns are found. Allocated once.
template <class B>
class PvTable {
 public:
  PvTable() : turns_(plies * plies), length_(plies) {}

  // A node at `ply` starts with an empty line.
  void reset(int ply) noexcept { length_[static_cast<std::size_t>(ply)] = ply; }

  // `t` is the new best turn at `ply`: its line is `t` and then the child's line.
  void update(int ply, const BasicTurn<B>& t) noexcept {
    BasicTurn<B>* row = this->row(ply);
    row[ply] = t;
    const int child_len = length_[static_cast<std::size_t>(ply + 1)];
    const BasicTurn<B>* child = this->row(ply + 1);
    for (int j = ply + 1; j < child_len; ++j) row[j] = child[j];
    length_[static_cast<std::size_t>(ply)] = std::max(child_len, ply + 1);
  }

  // The root's line: `root_length()` turns from `root()`.
  const BasicTurn<B>* root() const noexcept { return turns_.data(); }
  int root_length() const noexcept { return length_[0]; }

 private:
  BasicTurn<B>* row(int ply) noexcept { return turns_.data() + static_cast<std::size_t>(ply) * plies; }

  std::vector<BasicTurn<B>> turns_;
  std::vector<int> length_;
};

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_SEARCH_DETAIL_LINE_HPP
