// fanorona: the computer opponent's searcher.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_SEARCHER_HPP
#define FANORONA_SEARCH_SEARCHER_HPP

/// @file
/// @brief `BasicSearcher`, the computer opponent, and `BasicSearchResult`, what it found:
/// iterative deepening alpha-beta (PVS) with a transposition table, turn ordering, quiescence
/// over compulsory captures, repetition awareness and the playing levels. Part of
/// `<fanorona/search.hpp>`; docs/search.md describes the design.

#include <algorithm>
#include <array>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "../board.hpp"
#include "../detail/bits.hpp"
#include "../detail/chain_walker.hpp"
#include "../game.hpp"
#include "../movegen.hpp"
#include "../position.hpp"
#include "../turn.hpp"
#include "evaluation.hpp"
#include "levels.hpp"
#include "repetition.hpp"
#include "score.hpp"
#include "transposition_table.hpp"

namespace fanorona {

// Declared here and defined in search/tablebase.hpp, which search.hpp does not include: a
// searcher only refers to the tables through a pointer, so a program without tables does not
// compile the generator. The member functions that probe are instantiated by
// `set_tablebase`, which only a program that includes tablebase.hpp can call with tables.
template <class B>
class BasicTablebase;

/// @addtogroup search
/// @{

/// What a search found.
template <class B = Tsivy>
struct BasicSearchResult {
  /// The turn chosen; empty when the position has no legal turn or the game is over.
  BasicTurn<B> best{};
  /// Score of the best turn for the side to move, in hundredths of a stone; see `mate_score`.
  int score = 0;
  /// Deepest completed iteration (nominal depth in plies).
  int depth = 0;
  /// Deepest ply reached, quiescence included.
  int seldepth = 0;
  /// Positions visited.
  std::uint64_t nodes = 0;
  /// Wall-clock time used in milliseconds.
  std::int64_t milliseconds = 0;
  /// The principal variation, starting with `best` (may be shorter than `depth`).
  std::vector<BasicTurn<B>> pv;
  /// True when `best` is not the turn the search scored highest: a weak level's choice.
  bool deliberate_mistake = false;
  /// Positions whose score came from the endgame tables (`BasicSearcher::set_tablebase`).
  std::uint64_t tablebase_hits = 0;
  /// True when the root was covered by the endgame tables and `best` is their turn: the
  /// score is exact and no search was made.
  bool from_tablebase = false;

  /// True when the score is a forced win or loss.
  bool is_mate() const noexcept { return detail::is_mate_score(score); }
  /// Plies to the end of the game when `is_mate()`, else 0.
  int mate_in_plies() const noexcept { return is_mate() ? mate_score - std::abs(score) : 0; }
  /// The score for people: "+1.25" (stones, side to move's view), "win in 5", "loss in 3".
  std::string score_string() const {
    if (is_mate()) return std::string(score > 0 ? "win in " : "loss in ") + std::to_string(mate_in_plies());
    char text[32];
    std::snprintf(text, sizeof text, "%+.2f", score / 100.0);
    return text;
  }
  /// The principal variation in notation, turns separated by spaces.
  std::string pv_string() const {
    std::string s;
    for (const auto& t : pv) {
      if (!s.empty()) s += ' ';
      s += t.to_string();
    }
    return s;
  }
};

/// A search result on the default 9x5 board.
using SearchResult = BasicSearchResult<Tsivy>;

namespace detail {

inline constexpr int max_ply = 96;
inline constexpr int max_qply = 8;             // quiescence plies beyond the nominal depth
inline constexpr std::size_t max_qturns = 12;  // capture turns tried per quiescence node
// The deepest nominal depth: room is left for the quiescence plies below it.
inline constexpr int max_search_depth = max_ply - max_qply - 2;

// The nominal depth a search may reach under `limits`.
constexpr int depth_limit(const SearchLimits& limits) noexcept {
  if (limits.depth <= 0 && limits.nodes == 0 && limits.milliseconds <= 0) return SearchLimits::default_depth;
  return limits.depth > 0 ? std::min(limits.depth, max_search_depth) : max_search_depth;
}

}  // namespace detail

/// The computer opponent for board `B`: picks a turn for a position or a game under
/// `SearchLimits` and reports its score and principal variation.
///
/// All memory (the transposition table, per-ply turn lists, the principal variation table) is
/// allocated once by the constructor; a search allocates nothing until it builds the result.
/// A searcher is not thread-safe: use one per thread. Deterministic: the same searcher state,
/// level and seed give the same turn (except under a time limit).
///
/// @code
/// fanorona::Game game;
/// fanorona::Searcher engine;
/// engine.set_level(4, /*seed=*/1);
/// fanorona::SearchResult r = engine.choose(game);   // plays like level 4
/// if (!game.play(r.best)) return;
/// r = engine.search(game, fanorona::SearchLimits{0, 0, 1000});  // best turn within 1 s
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

  /// A searcher with a transposition table of about `table_megabytes` MiB (at least 1),
  /// allocated now and kept for the searcher's life. It plays at level 6, the strongest
  /// deterministic level, seed 0 (`set_level(max_level, seed)` for level 7).
  explicit BasicSearcher(std::size_t table_megabytes = 16)
      : table_(table_megabytes),
        line_(detail::max_ply + 2),
        lists_(plies),
        order_(plies * max_turns<B>),
        scores_(plies * max_turns<B>),
        pv_(plies * plies),
        pv_length_(plies) {
    completed_pv_.reserve(plies);
    set_level(max_fixed_level, 0);
  }

  /// Plays like level `level` (1..7, clamped; see `level_settings`) with random choices drawn
  /// from `seed`, and its evaluation weights (`level_weights`). Clears the transposition table
  /// and the move-ordering tables.
  void set_level(int level, std::uint64_t seed) noexcept {
    settings_ = level_settings(level);
    weights_ = level_weights(settings_.level);
    seed_ = seed;
    rng_ = seed ^ 0x9E3779B97F4A7C15ULL;
    clear();
  }
  /// Replaces the level's settings (for experiments and matches between configurations).
  void set_settings(const LevelSettings& settings) noexcept { settings_ = settings; }
  /// The current level's settings.
  const LevelSettings& settings() const noexcept { return settings_; }
  /// Sets the evaluation weights.
  void set_weights(const EvalWeights& weights) noexcept { weights_ = weights; }
  /// The evaluation weights.
  const EvalWeights& weights() const noexcept { return weights_; }
  /// The evaluation network that `EvalWeights::network` weighs: the library's own
  /// (`default_network`) until replaced, for example by one `fanorona-train` fitted. The
  /// searcher does not own it: it must outlive the searches made with it. nullptr turns the
  /// network term off.
  void set_network(const BasicEvalNetwork<B>* network) noexcept { network_ = network; }
  /// The evaluation network in use, or nullptr.
  const BasicEvalNetwork<B>* network() const noexcept { return network_; }
  /// Turns the transposition table off (true) or back on; for tests and experiments.
  void disable_table(bool off) noexcept { table_.enable(!off); }

  /// Attaches endgame tables (search/tablebase.hpp), or detaches them with nullptr. The
  /// searcher does not own them: they must outlive every search made with them, and must not
  /// change while attached (load or generate first; `covers` is read here). Inside the tree a
  /// position with few enough stones that every table of its count is in memory gets its
  /// exact score (a win in n turns at ply p scores `mate_score - p - n`, a draw
  /// `draw_score`) and is not searched further; at a covered root the searcher plays the
  /// tables' fastest win or longest defence, or a drawing turn, without searching. Without
  /// tables the searcher behaves exactly as before.
  void set_tablebase(const BasicTablebase<B>* tables) noexcept {
    tables_ = tables;
    probe_ = nullptr;
    tablebase_stones_ = 0;
    if (tables == nullptr) return;
    for (int n = 2; n <= 2 * B::stones_per_side && tables->covers(n); ++n) tablebase_stones_ = n;
    // A plain function pointer made here, where BasicTablebase<B> is complete: the search
    // calls it without knowing the tables' type.
    probe_ = [](const void* t, const position_type& p) noexcept -> int {
      const auto value = static_cast<const BasicTablebase<B>*>(t)->probe(p);
      if (!value) return no_table_score;
      if (value->outcome == decltype(value->outcome)::win) return mate_score - value->distance;
      if (value->outcome == decltype(value->outcome)::loss) return -(mate_score - value->distance);
      return draw_score;
    };
  }
  /// The attached endgame tables, or nullptr.
  const BasicTablebase<B>* tablebase() const noexcept { return tables_; }
  /// Positions with at most this many stones are covered by the attached tables (0: none).
  int tablebase_stones() const noexcept { return tablebase_stones_; }

  /// Forgets everything learnt from earlier searches (transposition table, killers, history).
  void clear() noexcept {
    table_.clear();
    for (auto& k : killers_) k = {-1, -1};
    for (auto& h : history_) h = 0;
  }

  /// The static evaluation of `position` for its side to move, in hundredths of a stone
  /// (without the level's noise), with the current weights and network.
  int evaluate(const position_type& position) const noexcept { return detail::evaluate(position, weights_, network_); }

  /// Searches the game's current position under `limits` and returns the best turn found;
  /// the game's history is used to score threefold repetitions as draws. Exact: no level noise
  /// and no deliberate mistakes.
  template <class Key>
  result_type search(const BasicGame<B, Key>& game, SearchLimits limits) {
    line_.load(game);
    return run(game.position(), limits, 0, 0);
  }

  /// Searches a position without history (no earlier occurrences for repetition).
  result_type search(const position_type& position, SearchLimits limits) {
    line_.load(position);
    return run(position, limits, 0, 0);
  }

  /// Chooses a turn the way the current level plays: its limits, its evaluation noise and its
  /// softmax choice among the root turns. Deterministic for the seed given to `set_level` and
  /// the sequence of calls.
  template <class Key>
  result_type choose(const BasicGame<B, Key>& game) {
    line_.load(game);
    return run(game.position(), settings_.limits, settings_.eval_noise, settings_.temperature);
  }

  /// `choose` for a position without history.
  result_type choose(const position_type& position) {
    line_.load(position);
    return run(position, settings_.limits, settings_.eval_noise, settings_.temperature);
  }

  /// `choose` under a game clock: the level's depth and node limits, and a time budget for
  /// this turn from `allocate_time(clock)` in place of the level's time limit (its target
  /// times `LevelSettings::opening_time_factor` while more than a third of the stones are on
  /// the board). Thinking stops
  /// at the budget's hard limit, no new iteration starts after half of its target, and a
  /// forced turn, a covered endgame or a win or loss seen to its end is played at once.
  template <class Key>
  result_type choose(const BasicGame<B, Key>& game, const GameClock& clock) {
    const position_type& now = game.position();
    const bool opening = 3 * detail::popcount(now.own() | now.enemy()) > 2 * B::stones_per_side;
    const TimeBudget budget = allocate_time(clock, opening ? settings_.opening_time_factor : 1);
    SearchLimits limits = settings_.limits;
    limits.milliseconds = budget.hard_ms;
    line_.load(game);
    soft_ms_ = budget.soft_ms;
    result_type r = run(game.position(), limits, settings_.eval_noise, settings_.temperature);
    soft_ms_ = 0;
    return r;
  }

 private:
  using Clock = std::chrono::steady_clock;

  // Rows of the per-ply tables: every ply a search can reach, the root included.
  static constexpr std::size_t plies = detail::max_ply + 1;

  // The best score among a node's turns and the index of the turn that reached it.
  struct Best {
    int score;
    int index;
  };

  // ---- endgame tables ----------------------------------------------------------------------

  // What `probe_` returns for a position the tables do not hold.
  static constexpr int no_table_score = INT_MIN;

  // The tables' score of `pos` for its side to move as seen from a node at `ply` (the mate
  // scale counts plies from the root), or `no_table_score` when it is not covered.
  int probe_tables(const position_type& pos, int ply) noexcept {
    if (tablebase_stones_ == 0 || detail::popcount(pos.own() | pos.enemy()) > tablebase_stones_) return no_table_score;
    const int v = probe_(tables_, pos);
    if (v == no_table_score) return v;
    ++tablebase_hits_;
    if (v >= mate_bound) return v - ply;
    if (v <= -mate_bound) return v + ply;
    return v;
  }

  // `probe_tables` inside the tree: a table draw is worth the level's `table_draw_lead` for
  // each stone (up to 3) the side to move is ahead.
  int probe_tables_in_tree(const position_type& pos, int ply) noexcept {
    if (!tables_in_tree_) return no_table_score;
    const int v = probe_tables(pos, ply);
    if (v != draw_score) return v;
    return draw_value(ply) + settings_.table_draw_lead * capped_lead(pos);
  }

  // The score of a repetition for the side to move of `pos`: `draw_score`, less the level's
  // contempt for each stone (up to 3) the side to move is ahead, so that the stronger side
  // avoids repetitions and the weaker seeks them.
  int repetition_score(const position_type& pos, int ply) const noexcept {
    return draw_value(ply) - settings_.contempt * capped_lead(pos);
  }

  // A draw met at `ply` for its side to move: the level's `draw_contempt` below `draw_score`
  // for the side the search plays (even plies), as much above for its opponent.
  int draw_value(int ply) const noexcept {
    return (ply % 2 == 0 ? -settings_.draw_contempt : settings_.draw_contempt) + draw_score;
  }

  // The side to move's stones minus the opponent's, within -3..3: what the draw scores above
  // weigh (a larger lead changes nothing the search chooses between).
  static int capped_lead(const position_type& pos) noexcept {
    return std::clamp(detail::popcount(pos.own()) - detail::popcount(pos.enemy()), -3, 3);
  }

  // ---- evaluation --------------------------------------------------------------------------

  int evaluate_noisy(const position_type& pos) const noexcept {
    int score = detail::evaluate(pos, weights_, search_network_);
    if (noise_ > 0) score += detail::evaluation_noise(pos.hash(), seed_, noise_);
    return score;
  }

  // ---- limits ------------------------------------------------------------------------------

  bool out_of_budget() noexcept {
    if (stop_) return true;
    if (node_limit_ && nodes_ >= node_limit_) stop_ = true;
    if (time_limit_ && (nodes_ & 1023) == 0 && Clock::now() >= deadline_) stop_ = true;
    return stop_;
  }

  // Starts a node at `ply`: counts it, unless the search is out of budget (false).
  bool enter_node(int ply) noexcept {
    pv_length_[static_cast<std::size_t>(ply)] = ply;
    if (out_of_budget()) return false;
    ++nodes_;
    if (ply > seldepth_) seldepth_ = ply;
    return true;
  }

  // ---- turn ordering -----------------------------------------------------------------------

  std::uint16_t* order(int ply) noexcept { return order_.data() + static_cast<std::size_t>(ply) * max_turns<B>; }
  int* scores(int ply) noexcept { return scores_.data() + static_cast<std::size_t>(ply) * max_turns<B>; }
  turn_type* pv_row(int ply) noexcept { return pv_.data() + static_cast<std::size_t>(ply) * plies; }

  static std::size_t history_index(const turn_type& t) noexcept {
    return static_cast<std::size_t>(t.from().index() * B::size + t.to().index());
  }

  // The ordering score of a turn: the table's turn, then captures by stones taken (more
  // first, longer chains next), then paika moves by killers and history.
  int ordering_score(const turn_type& t, bool table_move, int ply) const noexcept {
    if (table_move) return 1 << 30;
    const std::size_t h = history_index(t);
    if (t.is_capture()) return (1 << 24) + detail::popcount(t.captured()) * 4096 + t.size() * 64 + history_[h] / 64;
    const auto& killers = killers_[static_cast<std::size_t>(ply)];
    if (static_cast<int>(h) == killers[0]) return 1 << 22;
    if (static_cast<int>(h) == killers[1]) return (1 << 22) - 1;
    return std::min(history_[h], 1 << 21);
  }

  // Orders the list at `ply`; `table_move` is the table's turn (its index) or -1.
  void score_turns(int ply, int table_move) noexcept {
    const auto& list = lists_[static_cast<std::size_t>(ply)];
    std::uint16_t* ord = order(ply);
    int* sc = scores(ply);
    for (std::size_t i = 0; i < list.size(); ++i) {
      ord[i] = static_cast<std::uint16_t>(i);
      sc[i] = ordering_score(list[i], static_cast<int>(i) == table_move, ply);
    }
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
  void remember_cutoff(const turn_type& t, int depth, int ply) noexcept {
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

  void update_pv(int ply, const turn_type& t) noexcept {
    turn_type* row = pv_row(ply);
    row[ply] = t;
    const int child_len = pv_length_[static_cast<std::size_t>(ply + 1)];
    const turn_type* child = pv_row(ply + 1);
    for (int j = ply + 1; j < child_len; ++j) row[j] = child[j];
    pv_length_[static_cast<std::size_t>(ply)] = std::max(child_len, ply + 1);
  }

  // ---- the search --------------------------------------------------------------------------

  // Lists the turns of `pos` at `ply` and scores them for `pick`. The table's turn (-1 for
  // none) is an index into this list and is dropped when out of range: a different position
  // with the same hash may have stored it.
  std::size_t generate_ordered(const position_type& pos, int ply, int table_move) noexcept {
    auto& list = lists_[static_cast<std::size_t>(ply)];
    list.clear();
    generate_turns(pos, list);
    if (table_move >= static_cast<int>(list.size())) table_move = -1;
    score_turns(ply, table_move);
    return list.size();
  }

  // The search below the nominal depth: only the compulsory captures, at most `max_qply`
  // plies. Like `negamax`, returns 0 with `stop_` set when out of budget; callers discard it.
  int quiescence(const position_type& pos, int alpha, int beta, int ply, int qply) noexcept {
    if (!enter_node(ply)) return 0;
    if (ply > 0 && line_.is_repetition(ply)) return repetition_score(pos, ply);
    if (pos.own() == 0) return -mate_score + ply;
    if (const int exact = probe_tables_in_tree(pos, ply); exact != no_table_score) return exact;
    if (!has_capture(pos)) {
      if (detail::count_paika<B>(pos.own(), pos.enemy()) == 0) return -mate_score + ply;
      if (settings_.threat_replies && qply == 0 && ply < detail::max_ply - 2 &&
          detail::capturing_stones<B>(pos.enemy(), pos.own()) != 0)
        return threat_replies(pos, alpha, beta, ply);
      return evaluate_noisy(pos);  // quiet: the side to move has no compulsory capture
    }
    int table_move = -1;
    if (settings_.quiescence_table) {
      const detail::TTProbe probe = table_.probe(pos.hash(), 0, alpha, beta, ply, beta - alpha == 1);
      if (probe.cutoff) return probe.score;
      table_move = probe.move;
    }
    const int alpha_in = alpha;
    // Capture is compulsory, but capturing is nearly always worth at least the static score
    // (which counts the stones the side to move can take), so the static score stands as a
    // lower bound ("stand pat"), which keeps the capture-rich middle game searchable.
    const int stand = evaluate_noisy(pos);
    if (qply >= std::min(settings_.quiescence_plies, detail::max_qply) || ply >= detail::max_ply - 1) return stand;
    int best = -detail::infinity;
    if (settings_.stand_pat) {
      if (stand >= beta) return stand;
      if (stand > alpha) alpha = stand;
      best = stand;
    }
    const auto& list = lists_[static_cast<std::size_t>(ply)];
    const std::size_t n = std::min(generate_ordered(pos, ply, table_move),
                                   static_cast<std::size_t>(std::max(settings_.quiescence_turns, 1)));
    int best_index = -1;
    for (std::size_t i = 0; i < n; ++i) {
      const int index = pick(ply, i, list.size());
      const turn_type& t = list[static_cast<std::size_t>(index)];
      const position_type child = pos.after(t);
      line_.set(ply + 1, child);
      const int s = -quiescence(child, -beta, -alpha, ply + 1, qply + 1);
      if (stop_) return 0;
      if (s <= best) continue;
      best = s;
      best_index = index;
      if (s <= alpha) continue;
      alpha = s;
      update_pv(ply, t);
      if (alpha >= beta) break;
    }
    if (settings_.quiescence_table) table_.store(pos.hash(), 0, ply, best, best_index, detail::bound_of(best, alpha_in, beta));
    return best;
  }

  // A quiet horizon node whose opponent threatens a capture (`LevelSettings::threat_replies`):
  // every paika move is tried and the opponent's captures after it searched, so a threat
  // that cannot be parried counts at the horizon. The side to move must move, so there is no
  // stand pat here.
  int threat_replies(const position_type& pos, int alpha, int beta, int ply) noexcept {
    const auto& list = lists_[static_cast<std::size_t>(ply)];
    const std::size_t n = generate_ordered(pos, ply, -1);
    int best = -detail::infinity;
    for (std::size_t i = 0; i < n; ++i) {
      const turn_type& t = list[static_cast<std::size_t>(pick(ply, i, n))];
      const position_type child = pos.after(t);
      line_.set(ply + 1, child);
      const int s = -quiescence(child, -beta, -std::max(alpha, best), ply + 1, 1);
      if (stop_) return 0;
      if (s <= best) continue;
      best = s;
      if (s <= alpha) continue;
      update_pv(ply, t);
      if (s >= beta) break;
    }
    return best;
  }

  // The score of `pos` for its side to move, searched `depth` plies deep within the window
  // (alpha, beta); the node's best line goes to the principal variation table.
  int negamax(const position_type& pos, int depth, int alpha, int beta, int ply) noexcept {
    if (depth <= 0) return quiescence(pos, alpha, beta, ply, 0);
    if (!enter_node(ply)) return 0;
    if (ply > 0 && line_.is_repetition(ply)) return repetition_score(pos, ply);
    if (ply > 0) {
      if (const int exact = probe_tables_in_tree(pos, ply); exact != no_table_score) return exact;
    }
    if (ply >= detail::max_ply - 1) return evaluate_noisy(pos);
    const bool pv_node = beta - alpha > 1;
    const detail::TTProbe probe = table_.probe(pos.hash(), depth, alpha, beta, ply, !pv_node && ply > 0);
    if (probe.cutoff) return probe.score;
    if (const int s = static_futility(pos, depth, beta, ply, pv_node); s != no_table_score) return s;
    if (try_null_move(pos, depth, beta, ply, pv_node)) return beta;
    if (stop_) return 0;
    const std::size_t n = generate_ordered(pos, ply, probe.move);
    if (n == 0) return -mate_score + ply;  // the side to move loses
    // A weaker side with few replies: one ply more, bounded by twice the iteration's depth.
    // So does any side with a single reply (`extend_single_reply`).
    if (ply < 2 * iteration_depth_ &&
        ((settings_.extend_single_reply && n == 1) ||
         (settings_.extend_few_replies > 0 && n <= static_cast<std::size_t>(settings_.extend_few_replies) &&
          detail::popcount(pos.own()) < detail::popcount(pos.enemy()))))
      ++depth;
    const Best best = search_turns(pos, depth, alpha, beta, ply);
    if (stop_) return 0;
    table_.store(pos.hash(), depth, ply, best.score, best.index, detail::bound_of(best.score, alpha, beta));
    return best.score;
  }

  // Reverse futility pruning (`LevelSettings::futility`): the static score of a quiet non-PV
  // node near the horizon that is far above beta, or `no_table_score` to search on.
  int static_futility(const position_type& pos, int depth, int beta, int ply, bool pv_node) noexcept {
    if (settings_.futility <= 0 || pv_node || ply == 0 || depth > 3) return no_table_score;
    if (beta >= mate_bound || beta <= -mate_bound || has_capture(pos)) return no_table_score;
    const int s = evaluate_noisy(pos);
    return s - settings_.futility * depth >= beta ? s : no_table_score;
  }

  // Null-move pruning (`LevelSettings::null_move`): true when letting the opponent move twice
  // still leaves the side to move at or above `beta`, so the node can be cut off. Never twice
  // in a row, never with a capture pending (a pass would decline a compulsory capture), never
  // with few stones (where zugzwang is the rule) or near a forced result.
  bool try_null_move(const position_type& pos, int depth, int beta, int ply, bool pv_node) noexcept {
    if (!settings_.null_move || pv_node || ply == 0 || depth < 3 || after_null_[static_cast<std::size_t>(ply)]) return false;
    if (beta >= mate_bound || beta <= -mate_bound || detail::popcount(pos.own()) < 4 || has_capture(pos)) return false;
    if (evaluate_noisy(pos) < beta) return false;
    const position_type passed = pos.after(turn_type{});  // an empty turn moves no stone
    line_.set(ply + 1, passed);
    after_null_[static_cast<std::size_t>(ply + 1)] = true;
    const int s = -negamax(passed, depth - 1 - (2 + depth / 6), -beta, -beta + 1, ply + 1);
    after_null_[static_cast<std::size_t>(ply + 1)] = false;
    return !stop_ && s >= beta;
  }

  // The move loop of `negamax`: the ordered turns at `ply` until one reaches `beta`. When the
  // search runs out of budget the result is meaningless and `stop_` is set.
  Best search_turns(const position_type& pos, int depth, int alpha, int beta, int ply) noexcept {
    const bool pv_node = beta - alpha > 1;
    const auto& list = lists_[static_cast<std::size_t>(ply)];
    const std::size_t n = list.size();
    Best best{-detail::infinity, -1};
    for (std::size_t i = 0; i < n; ++i) {
      const int index = pick(ply, i, n);
      const turn_type& t = list[static_cast<std::size_t>(index)];
      const int s = search_child(pos.after(t), t, i, depth, alpha, beta, ply, pv_node);
      if (stop_) return best;
      if (ply == 0) root_scores_[static_cast<std::size_t>(index)] = s;
      if (s <= best.score) continue;
      best = {s, index};
      if (s <= alpha) continue;
      alpha = s;
      update_pv(ply, t);
      if (ply == 0) root_progress_ = best;
      if (alpha >= beta) {
        remember_cutoff(t, depth, ply);
        break;
      }
    }
    return best;
  }

  // The score of `child`, reached by `t`, the turn at place `i` of the order (principal
  // variation search). The first turn gets the full window; the others a null window, enough
  // to show they are no better, and a full one only when they are. Late paika moves of non-PV
  // nodes are first searched one ply shallower.
  int search_child(const position_type& child, const turn_type& t, std::size_t i, int depth, int alpha, int beta,
                   int ply, bool pv_node) noexcept {
    line_.set(ply + 1, child);
    if (i == 0) return -negamax(child, depth - 1, -beta, -alpha, ply + 1);
    const bool reducible = !t.is_capture() || settings_.reduce_captures;
    const int reduction = (!pv_node && depth >= 3 && i >= 4 && reducible) ? late_move_reduction(depth, i) : 0;
    int s = -negamax(child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
    if (s > alpha && reduction) s = -negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1);
    if (s > alpha && s < beta) s = -negamax(child, depth - 1, -beta, -alpha, ply + 1);
    return s;
  }

  // How many plies a late paika move at place `i` (4 or more) of a node `depth` plies deep
  // (3 or more) is first searched less deeply (`LevelSettings::reductions`).
  int late_move_reduction(int depth, std::size_t i) const noexcept {
    if (settings_.reductions == 0) return 1;
    const double r = std::log(static_cast<double>(depth)) * std::log(static_cast<double>(i + 1)) / 2.0;
    return std::clamp(static_cast<int>(r), 1, depth - 2);
  }

  // ---- the root ----------------------------------------------------------------------------

  result_type run(const position_type& root, SearchLimits limits, int noise, int temperature) {
    const auto start = Clock::now();
    result_type result;
    begin_search(limits, noise, start);
    root_list_.clear();
    const int root_stones = detail::popcount(root.own() | root.enemy());
    tables_in_tree_ = settings_.table_root_stones == 0 || root_stones <= settings_.table_root_stones;
    search_network_ =
        settings_.network_root_stones == 0 || root_stones <= settings_.network_root_stones ? network_ : nullptr;
    // The game may already be drawn by repetition (BasicGame::result reports it too).
    if (result_of(root).is_over() || line_.is_repetition(0)) return finish(std::move(result), start);
    generate_turns(root, root_list_);
    if (play_from_tables(root, result)) return finish(std::move(result), start);
    if (root_list_.size() == 1) {
      take_forced_turn(root, result);
    } else {
      deepen(root, detail::depth_limit(limits), result);
      if (temperature > 0 && !stop_ && result.depth > 0) choose_softmax(root, result, temperature);
    }
    return finish(std::move(result), start);
  }

  // At a root the tables cover, every turn's value is exact: the fastest win, else a draw,
  // else the longest defence. A turn into a third occurrence of a game position is a draw
  // whatever the tables say (they ignore history), so a won position never slips into a
  // repetition; among drawing turns the static evaluation chooses, to keep practical chances.
  // False (search instead) when a child is not covered.
  bool play_from_tables(const position_type& root, result_type& result) noexcept {
    if (tablebase_stones_ == 0 || probe_tables(root, 0) == no_table_score) return false;
    int best_score = -detail::infinity, best_tiebreak = 0;
    std::size_t best_index = 0;
    for (std::size_t i = 0; i < root_list_.size(); ++i) {
      const position_type child = root.after(root_list_[i]);
      const int v = probe_tables(child, 1);
      if (v == no_table_score) return false;
      line_.set(1, child);
      const bool repetition = line_.is_repetition(1);
      const int s = repetition ? draw_score : -v;
      int tiebreak = 0;
      if (s == draw_score) {
        tiebreak = -detail::evaluate(child, weights_, search_network_);
        if (settings_.table_traps) tiebreak += repetition ? -trap_unit * 2 : trap_unit * losing_reply_share(child);
      }
      if (s > best_score || (s == best_score && tiebreak > best_tiebreak)) {
        best_score = s;
        best_tiebreak = tiebreak;
        best_index = i;
      }
    }
    result.best = root_list_[best_index];
    result.score = best_score;
    result.depth = 1;
    result.pv.assign(1, result.best);
    result.from_tablebase = true;
    return true;
  }

  // `table_traps`' weight, in `play_from_tables`' tiebreak, of each 1/1024 of the share of
  // losing replies: one step outweighs any static evaluation, and 1024 steps still fit an int.
  static constexpr int trap_unit = 1 << 20;

  // The share, in 1/1024, of the turns of `pos` (a drawn position, the opponent to move) that
  // lead to a position the tables call won for its side to move: the root's side.
  int losing_reply_share(const position_type& pos) noexcept {
    auto& replies = lists_[1];  // free: the root plays from the tables without searching
    replies.clear();
    generate_turns(pos, replies);
    if (replies.empty()) return 0;
    int losing = 0;
    for (const auto& reply : replies) {
      const int v = probe_tables(pos.after(reply), 2);
      if (v != no_table_score && v > 0 && detail::is_mate_score(v)) ++losing;
    }
    return static_cast<int>(losing * 1024 / static_cast<int>(replies.size()));
  }

  void begin_search(const SearchLimits& limits, int noise, Clock::time_point start) {
    line_.begin_search();
    table_.new_search();
    table_.set_two_way(settings_.two_way_table);
    noise_ = noise;
    start_ = start;
    nodes_ = 0;
    tablebase_hits_ = 0;
    seldepth_ = 0;
    stop_ = false;
    node_limit_ = limits.nodes;
    time_limit_ = limits.milliseconds > 0;
    deadline_ = start + std::chrono::milliseconds(limits.milliseconds);
    for (auto& k : killers_) k = {-1, -1};
    for (auto& h : history_) h /= 8;  // older cutoffs count for less
  }

  // A single legal turn needs no thought.
  // Its score is the static evaluation, or the tables' exact value of the position it leads to.
  void take_forced_turn(const position_type& root, result_type& result) {
    result.best = root_list_[0];
    result.pv.push_back(result.best);
    const int exact = probe_tables_in_tree(root.after(result.best), 1);
    result.score = exact != no_table_score ? -exact : detail::evaluate(root, weights_, search_network_);
    result.depth = 0;
  }

  // Iterative deepening: depth 1, 2, ... up to `max_depth`. An iteration interrupted by a
  // limit is discarded (except the first: there is nothing else); a forced win or loss seen to
  // its end needs no deeper iteration.
  void deepen(const position_type& root, int max_depth, result_type& result) {
    std::size_t best_index = 0;
    int best_score = -detail::infinity;
    completed_pv_.clear();
    for (int depth = 1; depth <= max_depth; ++depth) {
      for (auto& s : root_scores_) s = -detail::infinity;
      iteration_depth_ = depth;
      root_progress_ = {-detail::infinity, -1};
      const int s = search_root(root, depth, best_score);
      if (stop_ && depth > 1) {
        // The unfinished iteration's root turn is kept when it was searched to the end with a
        // full window: the first turn tried is the last iteration's best, so it beat that.
        if (settings_.keep_partial_iteration && root_progress_.index >= 0) {
          best_index = static_cast<std::size_t>(root_progress_.index);
          best_score = root_progress_.score;
          completed_pv_.assign(pv_row(0), pv_row(0) + pv_length_[0]);
        }
        break;
      }
      best_index = root_index_of(pv_row(0)[0]);
      best_score = s;
      result.depth = depth;
      completed_pv_.assign(pv_row(0), pv_row(0) + pv_length_[0]);
      if (stop_) break;
      if (detail::is_mate_score(best_score) && mate_score - std::abs(best_score) <= depth) break;
      // Under a clock an iteration costs a few times the last one: not worth starting late.
      if (soft_ms_ > 0 && 2 * elapsed_ms() >= soft_ms_) break;
    }
    result.best = root_list_[best_index];
    result.score = best_score;
    if (completed_pv_.empty() || completed_pv_.front() != result.best)
      result.pv.assign(1, result.best);
    else
      result.pv = completed_pv_;
  }

  // One iteration at the root: a full window, or with `LevelSettings::aspiration` from depth 4
  // a window around the last iteration's score `last`, widened (four times as wide each
  // time, then to the full window) on the side it fails until the score falls inside.
  int search_root(const position_type& root, int depth, int last) noexcept {
    const int width = settings_.aspiration;
    if (width <= 0 || depth < 4 || detail::is_mate_score(last) || last <= -detail::infinity)
      return negamax(root, depth, -detail::infinity, detail::infinity, 0);
    int below = width, above = width;
    for (;;) {
      const int alpha = below > 4 * width * 16 ? -detail::infinity : last - below;
      const int beta = above > 4 * width * 16 ? detail::infinity : last + above;
      const int s = negamax(root, depth, alpha, beta, 0);
      if (stop_) return s;
      if (s <= alpha && alpha > -detail::infinity) {
        below *= 4;
      } else if (s >= beta && beta < detail::infinity) {
        above *= 4;
      } else {
        return s;
      }
    }
  }

  // The index of `turn` in the root's list; 0 when it is not there (an interrupted first
  // iteration may leave no principal variation).
  std::size_t root_index_of(const turn_type& turn) const noexcept {
    std::size_t index = 0;
    for (std::size_t i = 0; i < root_list_.size(); ++i)
      if (root_list_[i] == turn) index = i;
    return index;
  }

  // A weak level's choice: every root turn gets a full-window score one ply shallower than the
  // completed depth, then a turn is drawn with probability proportional to
  // exp((score - best) / temperature). Wins and losses are never given away by noise: a turn
  // that loses by force is only chosen when all do.
  void choose_softmax(const position_type& root, result_type& result, int temperature) {
    const std::size_t n = root_list_.size();
    const int depth = std::max(0, result.depth - 1);
    int top = -detail::infinity;
    for (std::size_t i = 0; i < n; ++i) {
      const position_type child = root.after(root_list_[i]);
      line_.set(1, child);
      const int s = -negamax(child, depth, -detail::infinity, detail::infinity, 1);
      root_scores_[i] = s;
      top = std::max(top, s);
    }
    if (stop_) return;
    if (top >= mate_bound) return;  // a forced win: take the search's winning turn
    const std::size_t chosen = draw_root_turn(top, temperature);
    if (root_list_[chosen] != result.best) {
      result.best = root_list_[chosen];
      result.score = root_scores_[chosen];
      result.pv.assign(1, result.best);
      result.deliberate_mistake = true;
    }
  }

  // Draws a root turn by its softmax weight, from the scores in `root_scores_` (best `top`).
  std::size_t draw_root_turn(int top, int temperature) noexcept {
    const std::size_t n = root_list_.size();
    double total = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const int s = root_scores_[i];
      draw_weights_[i] =
          s <= -mate_bound && top > -mate_bound ? 0.0 : std::exp((s - top) / static_cast<double>(temperature));
      total += draw_weights_[i];
    }
    const double r = static_cast<double>(detail::splitmix64(rng_) >> 11) / 9007199254740992.0 * total;
    double acc = 0;
    std::size_t chosen = n - 1;
    for (std::size_t i = 0; i < n; ++i) {
      acc += draw_weights_[i];
      if (r < acc && draw_weights_[i] > 0) {
        chosen = i;
        break;
      }
    }
    while (draw_weights_[chosen] <= 0 && chosen > 0) --chosen;
    return chosen;
  }

  std::int64_t elapsed_ms() const noexcept {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  }

  // Completes the result with the search's counts and restores the repetition stack.
  result_type finish(result_type result, Clock::time_point start) {
    result.nodes = nodes_;
    result.tablebase_hits = tablebase_hits_;
    result.seldepth = seldepth_;
    result.milliseconds = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    line_.end_search();
    return result;
  }

  detail::TranspositionTable table_;
  detail::RepetitionStack<B> line_;
  std::vector<BasicTurnList<B>> lists_;
  BasicTurnList<B> root_list_;
  std::vector<std::uint16_t> order_;
  std::vector<int> scores_;
  std::vector<turn_type> pv_;
  std::vector<int> pv_length_;
  std::vector<turn_type> completed_pv_;  // the last completed iteration's, kept apart from pv_
  std::array<int, max_turns<B>> root_scores_{};
  std::array<double, max_turns<B>> draw_weights_{};
  std::array<std::array<int, 2>, plies> killers_{};
  std::array<bool, plies + 1> after_null_{};  // the node at this ply follows a null move
  std::array<int, B::size * B::size> history_{};
  LevelSettings settings_{};
  EvalWeights weights_{};
  const BasicEvalNetwork<B>* network_ = default_network<B>();
  const BasicEvalNetwork<B>* search_network_ = network_;  // this search's: see network_root_stones
  std::uint64_t seed_ = 0;
  std::uint64_t rng_ = 0;
  int noise_ = 0;
  std::uint64_t nodes_ = 0;
  std::uint64_t node_limit_ = 0;
  int seldepth_ = 0;
  bool stop_ = false;
  bool time_limit_ = false;
  Clock::time_point start_{};
  std::int64_t soft_ms_ = 0;  // a clock's target for this turn (0: none)
  int iteration_depth_ = 0;
  Best root_progress_{-detail::infinity, -1};  // the running iteration's best completed root turn
  const BasicTablebase<B>* tables_ = nullptr;
  int (*probe_)(const void*, const position_type&) noexcept = nullptr;
  int tablebase_stones_ = 0;
  bool tables_in_tree_ = true;  // this search probes the tables inside its tree
  std::uint64_t tablebase_hits_ = 0;
  Clock::time_point deadline_{};
};

/// The searcher on the default 9x5 board.
using Searcher = BasicSearcher<Tsivy>;

/// @}

}  // namespace fanorona

#endif  // FANORONA_SEARCH_SEARCHER_HPP
