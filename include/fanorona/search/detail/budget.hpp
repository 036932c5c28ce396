// fanorona: when a search must stop: its limits, a clock's target, a stop from another thread
// (internal).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_DETAIL_BUDGET_HPP
#define FANORONA_SEARCH_DETAIL_BUDGET_HPP

#include <atomic>
#include <chrono>
#include <cstdint>

#include "../limits.hpp"

namespace fanorona {
namespace detail {

// Counts the nodes of one search and says when it is out of budget: its node limit reached,
// its time gone or a stop asked for. Time and the stop request are looked at every 1024
// nodes, so that the counting stays a few instructions per node.
class SearchBudget {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts a search under `limits`; `soft_ms` is a clock's target (0: none). A stop asked
  // for before this is forgotten: it was meant for an earlier search.
  void begin(const SearchLimits& limits, std::int64_t soft_ms) noexcept {
    start_ = Clock::now();
    nodes_ = 0;
    stop_ = false;
    stop_requested_.store(false, std::memory_order_relaxed);
    node_limit_ = limits.max_nodes;
    time_limit_ = limits.max_time_ms > 0;
    deadline_ = start_ + std::chrono::milliseconds(limits.max_time_ms);
    soft_ms_ = soft_ms;
  }

  // Counts a node; false (and nothing counted) when the search is out of budget.
  bool enter() noexcept {
    if (out_of_budget()) return false;
    ++nodes_;
    return true;
  }

  // True once the search is out of budget: whatever it is doing is to be discarded.
  bool stopped() const noexcept { return stop_; }

  // Asks the running search to stop, from any thread.
  void request_stop() noexcept { stop_requested_.store(true, std::memory_order_relaxed); }

  std::uint64_t nodes() const noexcept { return nodes_; }

  std::int64_t elapsed_ms() const noexcept {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  }

  // Under a clock, an iteration costs a few times the last one: not worth starting once half
  // of the target has gone.
  bool past_half_target() const noexcept { return soft_ms_ > 0 && 2 * elapsed_ms() >= soft_ms_; }

 private:
  bool out_of_budget() noexcept {
    if (stop_) return true;
    if (node_limit_ && nodes_ >= node_limit_) stop_ = true;
    if ((nodes_ & 1023) == 0 &&
        ((time_limit_ && Clock::now() >= deadline_) || stop_requested_.load(std::memory_order_relaxed)))
      stop_ = true;
    return stop_;
  }

  Clock::time_point start_{};
  Clock::time_point deadline_{};
  std::uint64_t nodes_ = 0;
  std::uint64_t node_limit_ = 0;
  std::int64_t soft_ms_ = 0;
  bool stop_ = false;
  bool time_limit_ = false;
  std::atomic<bool> stop_requested_{false};
};

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_SEARCH_DETAIL_BUDGET_HPP
