// fanorona: the computer opponent's searcher.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_SEARCHER_HPP
#define FANORONA_SEARCH_SEARCHER_HPP

/// @file
/// @brief `BasicSearcher`, the computer opponent: iterative deepening alpha-beta (PVS) with a
/// transposition table, turn ordering, quiescence over compulsory captures, repetition
/// awareness, the playing levels and endgame tables when attached. Part of
/// `<fanorona/search.hpp>`; docs/search.md is the guide.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>

#include "../board.hpp"
#include "../detail/bits.hpp"
#include "../game.hpp"
#include "../position.hpp"
#include "../turn.hpp"
#include "detail/root.hpp"
#include "detail/state.hpp"
#include "evaluation.hpp"
#include "levels.hpp"
#include "limits.hpp"
#include "network.hpp"
#include "search_result.hpp"
#include "table_probe.hpp"

namespace fanorona {

/// @addtogroup search
/// @{

/// The computer opponent for board `B`: picks a turn for a position or a game under
/// `SearchLimits` or a level, and reports its score and principal variation.
///
/// All memory (the transposition table, per-ply turn lists, the principal variation table) is
/// allocated by the constructor; a search allocates nothing until it builds its result (and
/// the results it gives `on_iteration`). A searcher searches one position at a time: use one
/// per thread. Only `stop` may be called from another thread while it searches.
/// Deterministic: the same searcher state, level and seed give the same turn, except under a
/// time limit or a stop.
///
/// @code
/// fanorona::Game game;
/// fanorona::Searcher engine;
/// engine.set_level(4, /*seed=*/1);
/// fanorona::SearchResult r = engine.choose(game);   // plays like level 4
/// if (!game.play(r.best)) return;
/// r = engine.search(game, fanorona::SearchLimits::time(1000));  // best turn within 1 s
/// @endcode
template <class B = Tsivy>
class BasicSearcher {
 public:
  /// The position type.
  using position_type = BasicPosition<B>;
  /// The turn type.
  using turn_type = BasicTurn<B>;
  /// The result type.
  using result_type = BasicSearchResult<B>;
  /// The endgame tables' interface.
  using table_probe_type = BasicTableProbe<B>;

  /// A searcher with a transposition table of about `table_megabytes` MiB (at least 1),
  /// allocated now and kept for the searcher's life. It plays at level 6, the strongest
  /// deterministic level, seed 0 (`set_level(max_level, seed)` for level 7).
  explicit BasicSearcher(std::size_t table_megabytes = 16)
      : state_(std::make_unique<detail::SearchState<B>>(table_megabytes)) {
    set_level(max_fixed_level, 0);
  }

  /// Plays like level `level` (1..7, clamped; see `level_settings`) with random choices drawn
  /// from `seed`, and its evaluation weights (`level_weights`). Clears what earlier searches
  /// learned (`clear`).
  void set_level(int level, std::uint64_t seed) noexcept {
    state_->settings = level_settings(level);
    state_->weights = level_weights(state_->settings.level);
    state_->seed = seed;
    state_->rng = seed ^ 0x9E3779B97F4A7C15ULL;
    clear();
  }
  /// Replaces the level's settings (a level with other limits, for instance).
  void set_settings(const LevelSettings& settings) noexcept { state_->settings = settings; }
  /// The current level's settings.
  const LevelSettings& settings() const noexcept { return state_->settings; }
  /// Sets the evaluation weights.
  void set_weights(const EvalWeights& weights) noexcept { state_->weights = weights; }
  /// The evaluation weights.
  const EvalWeights& weights() const noexcept { return state_->weights; }
  /// The evaluation network that `EvalWeights::network` weighs: the library's own
  /// (`default_network`) until replaced. The searcher does not own it: it must outlive the
  /// searches made with it. nullptr turns the network term off.
  void set_network(const BasicEvalNetwork<B>* network) noexcept { state_->network = network; }
  /// The evaluation network in use, or nullptr.
  const BasicEvalNetwork<B>* network() const noexcept { return state_->network; }
  /// Uses the transposition table (true, the default) or searches without it (false: every
  /// position is searched anew; slower, and the same scores at a fixed depth).
  void use_transposition_table(bool on) noexcept { state_->table.enable(on); }

  /// Attaches endgame tables (`BasicTablebase` from `<fanorona/tablebase.hpp>`, or any other
  /// `BasicTableProbe`), or detaches them with nullptr. The searcher does not own them: they
  /// must outlive every search made with them and must not change while attached. Inside the
  /// tree a position with few enough stones that the tables cover every position of its
  /// count gets its exact score (a win in n turns at ply p scores `win_score - p - n`, a draw
  /// `draw_score`) and is not searched further; at a covered root the searcher plays the
  /// tables' fastest win or longest defense, or a drawing turn, without searching.
  void set_tablebase(const table_probe_type* tables) noexcept {
    state_->tables = tables;
    state_->table_stones = 0;
    if (tables == nullptr) return;
    for (int n = 2; n <= 2 * B::stones_per_side && tables->covers(n); ++n) state_->table_stones = n;
  }
  /// The attached endgame tables, or nullptr.
  const table_probe_type* tablebase() const noexcept { return state_->tables; }
  /// Positions with at most this many stones are covered by the attached tables (0: none).
  int tablebase_stones() const noexcept { return state_->table_stones; }

  /// Calls `callback` after each completed iteration of every later search, on the searching
  /// thread, with what the search has found so far (depth, score, principal variation, nodes,
  /// time); an empty function removes it. For a program that shows the search as it thinks.
  void on_iteration(std::function<void(const result_type&)> callback) { state_->on_iteration = std::move(callback); }

  /// Asks the running search to stop as soon as it can (within about a thousand nodes); it
  /// then returns the best turn of its last completed iteration, as when its time runs out.
  /// Safe to call from any thread; a search started later is not affected.
  void stop() noexcept { state_->budget.request_stop(); }

  /// Forgets everything learned from earlier searches (transposition table, killers, history).
  void clear() noexcept {
    state_->table.clear();
    state_->ordering.clear();
  }

  /// The static evaluation of `position` for its side to move, in hundredths of a stone
  /// (without the level's noise), with the current weights and network.
  int evaluate(const position_type& position) const noexcept {
    return detail::evaluate(position, state_->weights, state_->network);
  }

  /// Searches the game's current position under `limits` and returns the best turn found;
  /// the game's history is used to score threefold repetitions as draws. Exact: no level noise
  /// and no deliberate mistakes.
  template <class Key>
  result_type search(const BasicGame<B, Key>& game, SearchLimits limits) {
    state_->line.load(game);
    return detail::run_search(*state_, game.position(), limits, {}, 0);
  }

  /// Searches a position without history (no earlier occurrences for repetition).
  result_type search(const position_type& position, SearchLimits limits) {
    state_->line.load(position);
    return detail::run_search(*state_, position, limits, {}, 0);
  }

  /// Chooses a turn the way the current level plays: its limits, its evaluation noise, its
  /// softmax choice among the root turns and its random turns. Deterministic for the seed
  /// given to `set_level` and the sequence of calls.
  template <class Key>
  result_type choose(const BasicGame<B, Key>& game) {
    state_->line.load(game);
    return detail::run_search(*state_, game.position(), state_->settings.limits, style(), 0);
  }

  /// `choose` for a position without history.
  result_type choose(const position_type& position) {
    state_->line.load(position);
    return detail::run_search(*state_, position, state_->settings.limits, style(), 0);
  }

  /// `choose` under a game clock: the level's depth and node limits, and a time budget for
  /// this turn from `allocate_time(clock)` in place of the level's time limit. Thinking stops
  /// at the budget's hard limit, no new iteration starts after half of its target, and a
  /// forced turn, a covered endgame or a win or loss seen to its end is played at once.
  template <class Key>
  result_type choose(const BasicGame<B, Key>& game, const GameClock& clock) {
    const TimeBudget budget = allocate_time(clock);
    const SearchLimits limits = state_->settings.limits.with_time(budget.hard_ms);
    state_->line.load(game);
    return detail::run_search(*state_, game.position(), limits, style(), budget.soft_ms);
  }

 private:
  detail::RootStyle style() const noexcept {
    const LevelSettings& s = state_->settings;
    return {s.eval_noise, s.temperature, s.random_percent};
  }

  // On the heap: the searcher stays cheap to move, and its stop flag keeps its address.
  std::unique_ptr<detail::SearchState<B>> state_;
};

/// The searcher on the default 9x5 board.
using Searcher = BasicSearcher<Tsivy>;

/// @}

}  // namespace fanorona

#endif  // FANORONA_SEARCH_SEARCHER_HPP
