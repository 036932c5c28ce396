// fanorona: perft on several threads.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_PARALLEL_PERFT_HPP
#define FANORONA_PARALLEL_PERFT_HPP

/// @file
/// @brief `parallel_perft`: perft split over threads. Not included by fanorona.hpp, so
/// that programs that do not use threads do not pay for `<thread>`; link `Threads::Threads`.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "perft.hpp"

namespace fanorona {

/// @addtogroup counting
/// @{

/// `perft(position, depth)` computed by `threads` threads (0: one per hardware thread).
/// The tree is cut a few turns below the root into many small subtrees, which the threads
/// take from a shared counter, so that uneven subtrees still keep every thread busy.
template <class B>
std::uint64_t parallel_perft(const BasicPosition<B>& position, int depth, unsigned threads = 0) {
  if (threads == 0) threads = std::max(1U, std::thread::hardware_concurrency());
  if (threads == 1 || depth < 3) return perft(position, depth);

  // Cut where there are enough subtrees to balance the load, leaving at least two levels
  // below the cut for the fast counting path.
  struct Task {
    Bitboard own, enemy;
  };
  std::vector<Task> tasks{{position.own(), position.enemy()}};
  int cut = 0;
  while (cut < depth - 2 && tasks.size() < 64 * static_cast<std::size_t>(threads)) {
    std::vector<Task> next;
    for (const Task& t : tasks)
      detail::walk_turns<B, detail::WalkMode::stones>(t.own, t.enemy, [&next](const BasicTurn<B>&, Bitboard own, Bitboard enemy) {
        next.push_back({enemy, own});
      });
    tasks.swap(next);
    ++cut;
  }

  std::atomic<std::size_t> next_task{0};
  std::vector<std::uint64_t> totals(threads, 0);
  std::vector<std::thread> workers;
  for (unsigned w = 0; w < threads; ++w)
    workers.emplace_back([&, w] {
      std::uint64_t sum = 0;
      for (std::size_t i; (i = next_task.fetch_add(1, std::memory_order_relaxed)) < tasks.size();)
        sum += detail::perft<B>(tasks[i].own, tasks[i].enemy, depth - cut);
      totals[w] = sum;
    });
  for (std::thread& t : workers) t.join();
  std::uint64_t total = 0;
  for (std::uint64_t t : totals) total += t;
  return total;
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_PARALLEL_PERFT_HPP
