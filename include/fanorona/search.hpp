// fanorona: a game-playing search, the computer opponent (optional; not part of the rules).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_HPP
#define FANORONA_SEARCH_HPP

/// @file
/// @brief `BasicSearcher`: the computer opponent. Iterative deepening alpha-beta (PVS) with a
/// transposition table, turn ordering, quiescence over compulsory captures, repetition
/// awareness, a tuned evaluation and playing levels 1..6. See docs/search.md.
///
/// This header is optional: the rules headers never include it.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "fanorona.hpp"

namespace fanorona {

/// Score of a won position for the side to move, before subtracting the distance to the win
/// in plies: a win in `n` plies scores `mate_score - n`, a loss in `n` plies `-(mate_score - n)`.
inline constexpr int mate_score = 30000;

/// Scores at least this large (in absolute value) are wins or losses found by the search.
inline constexpr int mate_bound = mate_score - 1000;

/// The score of a draw (threefold repetition), for both sides.
inline constexpr int draw_score = 0;

/// What limits a search. A zero field is no limit; the search stops at the first limit
/// reached. When every field is zero the search goes to `default_depth`. Depth and node limits
/// give the same result on every machine; a time limit does not.
struct SearchLimits {
  /// The depth used when no limit at all is given.
  static constexpr int default_depth = 6;
  /// Greatest nominal depth in plies (complete turns); 0: no depth limit.
  int depth = 0;
  /// Greatest number of nodes (positions visited, quiescence included); 0: no limit. Checked
  /// between nodes, so a search may exceed it by a handful.
  std::uint64_t nodes = 0;
  /// Wall-clock budget in milliseconds; 0: no limit.
  std::int64_t milliseconds = 0;
};

/// The weights of the evaluation, in hundredths of a stone, from the side to move's point of
/// view. The defaults were tuned by matches (docs/search.md lists them).
struct EvalWeights {
  /// One stone more than the opponent.
  int material = 100;
  /// One paika move more than the opponent (mobility).
  int mobility = 5;
  /// One more stone than the opponent on a strong point (where diagonals meet).
  int strong = 3;
  /// One of the side to move's stones that the opponent could capture (exposed; negative).
  int exposed = 40;
  /// One enemy stone that the side to move can capture now (tuned to 0: the quiescence
  /// search already plays those captures out).
  int threat = 0;
  /// In the endgame (`endgame_stones` stones or fewer on the board), for the side with more
  /// stones: one enemy stone within two steps of its stones (hunting down the last stones
  /// instead of shuffling).
  int chase = 0;
  /// The number of stones on the board at or below which `chase` applies.
  int endgame_stones = 14;
};

/// How a level plays: its limits and its deliberate imprecision.
struct LevelSettings {
  /// The level, 1 (beginner) to 6 (strongest).
  int level = 6;
  /// The search limits of each move.
  SearchLimits limits{};
  /// Noise added to every evaluation, uniform in [-noise, +noise] hundredths of a stone,
  /// fixed per position and seed; 0 for none.
  int eval_noise = 0;
  /// Softmax temperature in hundredths of a stone for choosing among the root turns: 0 always
  /// plays the best turn; higher values sometimes play a reasonable but weaker one.
  int temperature = 0;
};

/// The lowest level.
inline constexpr int min_level = 1;
/// The strongest level.
inline constexpr int max_level = 6;

/// The settings of level `level` (clamped to 1..6). Levels 1-3 search to a fixed depth, level 4
/// to depth 4 within a node budget, 5 and 6 to a node budget, so every level is deterministic
/// for a seed; see docs/search.md.
inline LevelSettings level_settings(int level) noexcept {
  LevelSettings s;
  s.level = std::clamp(level, min_level, max_level);
  switch (s.level) {
    case 1:
      s.limits.depth = 1;
      s.eval_noise = 60;
      s.temperature = 70;
      break;
    case 2:
      s.limits.depth = 2;
      s.eval_noise = 30;
      s.temperature = 35;
      break;
    case 3:
      s.limits.depth = 3;
      s.eval_noise = 10;
      s.temperature = 12;
      break;
    case 4:
      s.limits.depth = 4;
      s.limits.nodes = 20000;
      break;
    case 5:
      s.limits.nodes = 60000;
      break;
    default:
      s.limits.nodes = 150000;
      break;
  }
  return s;
}

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

  /// True when the score is a forced win or loss.
  bool is_mate() const noexcept { return score >= mate_bound || score <= -mate_bound; }
  /// Plies to the end of the game when `is_mate()`, else 0.
  int mate_in_plies() const noexcept { return is_mate() ? mate_score - (score < 0 ? -score : score) : 0; }
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

namespace search_detail {

inline constexpr int max_ply = 96;
inline constexpr int max_qply = 8;  // quiescence plies beyond the nominal depth
inline constexpr std::size_t max_qturns = 12;  // capture turns tried per quiescence node
inline constexpr int infinity = 32000;

inline std::uint64_t mix(std::uint64_t x) noexcept {
  x ^= x >> 33;
  x *= 0xFF51AFD7ED558CCDULL;
  x ^= x >> 33;
  x *= 0xC4CEB9FE1A85EC53ULL;
  return x ^ (x >> 33);
}

enum Bound : std::uint8_t { bound_none = 0, bound_upper = 1, bound_lower = 2, bound_exact = 3 };

struct TTEntry {
  std::uint64_t key;
  std::int16_t score;
  std::uint16_t move;  // index in the generator's order; 0xFFFF none
  std::int8_t depth;
  std::uint8_t bound;
  std::uint8_t generation;
  std::uint8_t pad;
};

// Enemy stones (first of their line) that `attacker` can capture with one step.
template <class B>
inline Bitboard attacked(Bitboard attacker, Bitboard victim) noexcept {
  const Bitboard empty = B::all & ~(attacker | victim);
  Bitboard hit = 0;
  detail::for_each_direction([&](auto dir) {
    constexpr int D = decltype(dir)::value;
    constexpr int O = D ^ 1;
    hit |= victim & B::template shift<D>(empty & B::template shift<D>(attacker));           // approach
    hit |= victim & B::template shift<O>(attacker & B::template back<D>(empty));            // withdrawal
  });
  return hit;
}

// Points within two steps along lines of `stones`.
template <class B>
inline Bitboard near2(Bitboard stones) noexcept {
  Bitboard one = stones;
  for (Point p : points(stones)) one |= B::adjacent[p];
  Bitboard two = one;
  for (Point p : points(one & ~stones)) two |= B::adjacent[p];
  return two;
}

inline int mate_to_tt(int score, int ply) noexcept {
  if (score >= mate_bound) return score + ply;
  if (score <= -mate_bound) return score - ply;
  return score;
}
inline int mate_from_tt(int score, int ply) noexcept {
  if (score >= mate_bound) return score - ply;
  if (score <= -mate_bound) return score + ply;
  return score;
}

}  // namespace search_detail

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
/// game.play(r.best);
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
  /// allocated now and kept for the searcher's life. It plays at the strongest level, seed 0.
  explicit BasicSearcher(std::size_t table_megabytes = 16)
      : lists_(search_detail::max_ply + 1),
        order_(static_cast<std::size_t>(search_detail::max_ply + 1) * max_turns<B>),
        scores_(static_cast<std::size_t>(search_detail::max_ply + 1) * max_turns<B>),
        pv_(static_cast<std::size_t>(search_detail::max_ply + 1) * (search_detail::max_ply + 1)),
        pv_length_(search_detail::max_ply + 1) {
    std::size_t entries = 1;
    const std::size_t wanted = std::max<std::size_t>(1, table_megabytes) * 1024 * 1024 / sizeof(search_detail::TTEntry);
    while (entries * 2 <= wanted) entries *= 2;
    table_.assign(entries, search_detail::TTEntry{0, 0, 0xFFFF, 0, search_detail::bound_none, 0, 0});
    keys_.reserve(4096 + search_detail::max_ply + 2);
    stones_.reserve(4096 + search_detail::max_ply + 2);
    set_level(max_level, 0);
  }

  /// Plays like level `level` (1..6, clamped; see `level_settings`) with random choices drawn
  /// from `seed`. Clears the transposition table and the move-ordering tables.
  void set_level(int level, std::uint64_t seed) noexcept {
    settings_ = level_settings(level);
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
  /// Turns the transposition table off (true) or back on; for tests and experiments.
  void disable_table(bool off) noexcept { table_off_ = off; }

  /// Forgets everything learnt from earlier searches (transposition table, killers, history).
  void clear() noexcept {
    for (auto& e : table_) e = search_detail::TTEntry{0, 0, 0xFFFF, 0, search_detail::bound_none, 0, 0};
    for (auto& k : killers_) k = {-1, -1};
    for (auto& h : history_) h = 0;
    generation_ = 0;
  }

  /// The static evaluation of `position` for its side to move, in hundredths of a stone
  /// (without the level's noise).
  int evaluate(const position_type& position) const noexcept { return evaluate_raw(position); }

  /// Searches the game's current position under `limits` and returns the best turn found;
  /// the game's history is used to score threefold repetitions as draws. Exact: no level noise
  /// and no deliberate mistakes.
  template <class Key>
  result_type search(const BasicGame<B, Key>& game, SearchLimits limits) {
    load_history(game);
    return run(game.position(), limits, 0, 0);
  }

  /// Searches a position without history (no earlier occurrences for repetition).
  result_type search(const position_type& position, SearchLimits limits) {
    load_history(position);
    return run(position, limits, 0, 0);
  }

  /// Chooses a turn the way the current level plays: its limits, its evaluation noise and its
  /// softmax choice among the root turns. Deterministic for the seed given to `set_level` and
  /// the sequence of calls.
  template <class Key>
  result_type choose(const BasicGame<B, Key>& game) {
    load_history(game);
    return run(game.position(), settings_.limits, settings_.eval_noise, settings_.temperature);
  }

  /// `choose` for a position without history.
  result_type choose(const position_type& position) {
    load_history(position);
    return run(position, settings_.limits, settings_.eval_noise, settings_.temperature);
  }

 private:
  using Clock = std::chrono::steady_clock;

  template <class Key>
  void load_history(const BasicGame<B, Key>& game) {
    keys_.clear();
    stones_.clear();
    for (std::size_t i = 0; i <= game.turns().size(); ++i) push_key(game.position_before(i));
  }
  void load_history(const position_type& position) {
    keys_.clear();
    stones_.clear();
    push_key(position);
  }
  void push_key(const position_type& p) {
    keys_.push_back(p.hash());
    stones_.push_back(static_cast<std::uint8_t>(detail::popcount(p.stones(Color::white) | p.stones(Color::black))));
  }

  // Is the position at search index `index` (> root) a draw by repetition? A repetition inside
  // the search (of the root or a later position) counts at once; earlier game positions count
  // when this would be their third occurrence.
  bool is_repetition(std::size_t index) const noexcept {
    const std::uint64_t key = keys_[index];
    const std::uint8_t stones = stones_[index];
    int earlier = 0;
    for (std::size_t i = index; i >= 2;) {
      i -= 2;
      if (stones_[i] != stones) break;  // a capture happened since: no earlier repetition
      if (keys_[i] == key) {
        if (i >= root_index_) return true;
        if (++earlier >= 2) return true;
      }
    }
    return false;
  }

  int evaluate_raw(const position_type& pos) const noexcept {
    const Bitboard own = pos.own(), enemy = pos.enemy();
    int score = weights_.material * (detail::popcount(own) - detail::popcount(enemy));
    score += weights_.mobility * (detail::count_paika<B>(own, enemy) - detail::count_paika<B>(enemy, own));
    score += weights_.strong * (detail::popcount(own & B::strong_points) - detail::popcount(enemy & B::strong_points));
    score += weights_.threat * detail::popcount(search_detail::attacked<B>(own, enemy));
    score -= weights_.exposed * detail::popcount(search_detail::attacked<B>(enemy, own));
    if (weights_.chase != 0 && detail::popcount(own | enemy) <= weights_.endgame_stones) {
      const int diff = detail::popcount(own) - detail::popcount(enemy);
      if (diff > 0) score += weights_.chase * detail::popcount(enemy & search_detail::near2<B>(own));
      if (diff < 0) score -= weights_.chase * detail::popcount(own & search_detail::near2<B>(enemy));
    }
    return score;
  }

  int evaluate_noisy(const position_type& pos) const noexcept {
    int score = evaluate_raw(pos);
    if (noise_ > 0) {
      const std::uint64_t r = search_detail::mix(pos.hash() ^ seed_ ^ 0xA5A5A5A55A5A5A5AULL);
      score += static_cast<int>(r % static_cast<std::uint64_t>(2 * noise_ + 1)) - noise_;
    }
    return score;
  }

  bool out_of_budget() noexcept {
    if (stop_) return true;
    if (node_limit_ && nodes_ >= node_limit_) stop_ = true;
    if (time_limit_ && (nodes_ & 1023) == 0 && Clock::now() >= deadline_) stop_ = true;
    return stop_;
  }

  std::uint16_t* order(int ply) noexcept { return order_.data() + static_cast<std::size_t>(ply) * max_turns<B>; }
  int* scores(int ply) noexcept { return scores_.data() + static_cast<std::size_t>(ply) * max_turns<B>; }
  turn_type* pv_row(int ply) noexcept { return pv_.data() + static_cast<std::size_t>(ply) * (search_detail::max_ply + 1); }

  int history_index(const turn_type& t) const noexcept { return t.from() * B::size + t.to(); }

  // Orders the list at `ply`: TT move, then captures by stones taken (more first, longer chains
  // next), then paika moves by killers and history.
  void score_turns(int ply, int tt_move) noexcept {
    const auto& list = lists_[static_cast<std::size_t>(ply)];
    std::uint16_t* ord = order(ply);
    int* sc = scores(ply);
    for (std::size_t i = 0; i < list.size(); ++i) {
      const turn_type& t = list[i];
      int s;
      if (static_cast<int>(i) == tt_move)
        s = 1 << 30;
      else if (t.is_capture())
        s = (1 << 24) + detail::popcount(t.captured()) * 4096 + t.size() * 64 + history_[static_cast<std::size_t>(history_index(t))] / 64;
      else {
        const int h = history_index(t);
        if (h == killers_[static_cast<std::size_t>(ply)][0])
          s = (1 << 22);
        else if (h == killers_[static_cast<std::size_t>(ply)][1])
          s = (1 << 22) - 1;
        else
          s = std::min(history_[static_cast<std::size_t>(h)], (1 << 21));
      }
      ord[i] = static_cast<std::uint16_t>(i);
      sc[i] = s;
    }
  }

  // Moves the best-scored remaining turn to position `i` of the order and returns its index.
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

  void update_pv(int ply, const turn_type& t) noexcept {
    turn_type* row = pv_row(ply);
    row[ply] = t;
    const int child_len = pv_length_[static_cast<std::size_t>(ply + 1)];
    const turn_type* child = pv_row(ply + 1);
    for (int j = ply + 1; j < child_len; ++j) row[j] = child[j];
    pv_length_[static_cast<std::size_t>(ply)] = std::max(child_len, ply + 1);
  }

  int quiescence(const position_type& pos, int alpha, int beta, int ply, int qply) noexcept {
    pv_length_[static_cast<std::size_t>(ply)] = ply;
    if (out_of_budget()) return 0;
    ++nodes_;
    if (ply > seldepth_) seldepth_ = ply;
    if (ply > root_ply_offset_ && is_repetition(root_index_ + static_cast<std::size_t>(ply))) return draw_score;
    if (pos.own() == 0) return -mate_score + ply;
    if (!has_capture(pos)) {
      if (detail::count_paika<B>(pos.own(), pos.enemy()) == 0) return -mate_score + ply;
      return evaluate_noisy(pos);  // quiet: the side to move has no compulsory capture
    }
    // Capture is compulsory, but capturing is nearly always worth at least the static score
    // (which counts the stones the side to move can take), so the static score stands as a
    // lower bound ("stand pat"), which keeps the capture-rich middle game searchable.
    const int stand = evaluate_noisy(pos);
    if (qply >= search_detail::max_qply || ply >= search_detail::max_ply - 1 || stand >= beta) return stand;
    if (stand > alpha) alpha = stand;
    auto& list = lists_[static_cast<std::size_t>(ply)];
    list.clear();
    generate_turns(pos, list);
    score_turns(ply, -1);
    int best = stand;
    const std::size_t n = std::min<std::size_t>(list.size(), search_detail::max_qturns);
    for (std::size_t i = 0; i < n; ++i) {
      const turn_type& t = list[static_cast<std::size_t>(pick(ply, i, list.size()))];
      const position_type child = pos.after(t);
      set_key(ply + 1, child);
      const int s = -quiescence(child, -beta, -alpha, ply + 1, qply + 1);
      if (stop_) return 0;
      if (s > best) {
        best = s;
        if (s > alpha) {
          alpha = s;
          update_pv(ply, t);
          if (alpha >= beta) break;
        }
      }
    }
    return best;
  }

  void set_key(int ply, const position_type& p) noexcept {
    const std::size_t index = root_index_ + static_cast<std::size_t>(ply);
    keys_[index] = p.hash();
    stones_[index] = static_cast<std::uint8_t>(detail::popcount(p.stones(Color::white) | p.stones(Color::black)));
  }

  int negamax(const position_type& pos, int depth, int alpha, int beta, int ply) noexcept {
    if (depth <= 0) return quiescence(pos, alpha, beta, ply, 0);
    pv_length_[static_cast<std::size_t>(ply)] = ply;
    if (out_of_budget()) return 0;
    ++nodes_;
    if (ply > seldepth_) seldepth_ = ply;
    if (ply > 0 && is_repetition(root_index_ + static_cast<std::size_t>(ply))) return draw_score;
    if (ply >= search_detail::max_ply - 1) return evaluate_noisy(pos);
    const bool pv_node = beta - alpha > 1;

    // Transposition table: the full 64-bit key is stored and compared.
    search_detail::TTEntry* entry = nullptr;
    int tt_move = -1;
    if (!table_off_) {
      entry = &table_[pos.hash() & (table_.size() - 1)];
      if (entry->key == pos.hash() && entry->bound != search_detail::bound_none) {
        tt_move = entry->move == 0xFFFF ? -1 : entry->move;
        if (!pv_node && entry->depth >= depth && ply > 0) {
          const int s = search_detail::mate_from_tt(entry->score, ply);
          if (entry->bound == search_detail::bound_exact || (entry->bound == search_detail::bound_lower && s >= beta) ||
              (entry->bound == search_detail::bound_upper && s <= alpha))
            return s;
        }
      }
    }

    auto& list = lists_[static_cast<std::size_t>(ply)];
    list.clear();
    generate_turns(pos, list);
    const std::size_t n = list.size();
    if (n == 0) return -mate_score + ply;  // no stones or no legal turn: the side to move loses
    if (tt_move >= static_cast<int>(n)) tt_move = -1;
    score_turns(ply, tt_move);

    const int alpha_start = alpha;
    int best = -search_detail::infinity;
    int best_index = -1;
    for (std::size_t i = 0; i < n; ++i) {
      const int index = pick(ply, i, n);
      const turn_type& t = list[static_cast<std::size_t>(index)];
      const position_type child = pos.after(t);
      set_key(ply + 1, child);
      int s;
      if (i == 0) {
        s = -negamax(child, depth - 1, -beta, -alpha, ply + 1);
      } else {
        // Late paika moves of non-PV nodes are searched one ply shallower first.
        const int reduction = (!pv_node && depth >= 3 && i >= 4 && !t.is_capture()) ? 1 : 0;
        s = -negamax(child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
        if (s > alpha && reduction) s = -negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1);
        if (s > alpha && s < beta) s = -negamax(child, depth - 1, -beta, -alpha, ply + 1);
      }
      if (stop_) return 0;
      if (ply == 0) root_scores_[static_cast<std::size_t>(index)] = s;
      if (s > best) {
        best = s;
        best_index = index;
        if (s > alpha) {
          alpha = s;
          update_pv(ply, t);
          if (alpha >= beta) {
            if (!t.is_capture()) {
              const int h = history_index(t);
              auto& k = killers_[static_cast<std::size_t>(ply)];
              if (k[0] != h) {
                k[1] = k[0];
                k[0] = h;
              }
            }
            int& hist = history_[static_cast<std::size_t>(history_index(t))];
            hist = std::min(hist + depth * depth, 1 << 20);
            break;
          }
        }
      }
    }

    if (entry && (entry->key != pos.hash() || entry->generation != generation_ || depth >= entry->depth)) {
      entry->key = pos.hash();
      entry->score = static_cast<std::int16_t>(search_detail::mate_to_tt(best, ply));
      entry->move = static_cast<std::uint16_t>(best_index < 0 ? 0xFFFF : best_index);
      entry->depth = static_cast<std::int8_t>(std::min(depth, 127));
      entry->bound = best >= beta ? search_detail::bound_lower
                     : best > alpha_start ? search_detail::bound_exact
                                          : search_detail::bound_upper;
      entry->generation = generation_;
    }
    return best;
  }

  std::uint64_t next_random() noexcept { return detail::splitmix64(rng_); }

  result_type run(const position_type& root, SearchLimits limits, int noise, int temperature) {
    const auto start = Clock::now();
    result_type result;
    root_index_ = keys_.size() - 1;
    root_ply_offset_ = 0;
    keys_.resize(keys_.size() + search_detail::max_ply + 2);
    stones_.resize(stones_.size() + search_detail::max_ply + 2);
    noise_ = noise;
    nodes_ = 0;
    seldepth_ = 0;
    stop_ = false;
    ++generation_;
    int max_depth = limits.depth > 0 ? std::min(limits.depth, search_detail::max_ply - search_detail::max_qply - 2)
                                     : search_detail::max_ply - search_detail::max_qply - 2;
    if (limits.depth <= 0 && limits.nodes == 0 && limits.milliseconds <= 0) max_depth = SearchLimits::default_depth;
    node_limit_ = limits.nodes;
    time_limit_ = limits.milliseconds > 0;
    deadline_ = start + std::chrono::milliseconds(limits.milliseconds);
    for (auto& k : killers_) k = {-1, -1};
    for (auto& h : history_) h /= 8;

    // The root's turns, kept apart from the per-ply lists.
    root_list_.clear();
    if (result_of(root).is_over() || (root_index_ > 0 && is_repetition_at_root())) {
      finish(result, start);
      return result;
    }
    generate_turns(root, root_list_);
    if (root_list_.size() == 1) {  // forced: no need to think
      result.best = root_list_[0];
      result.pv.push_back(result.best);
      result.score = evaluate_raw(root);
      result.depth = 0;
      finish(result, start);
      return result;
    }

    int best_index = 0;
    int best_score = -search_detail::infinity;
    std::vector<turn_type> best_pv;
    for (int depth = 1; depth <= max_depth; ++depth) {
      for (auto& s : root_scores_) s = -search_detail::infinity;
      const int s = negamax(root, depth, -search_detail::infinity, search_detail::infinity, 0);
      if (stop_ && depth > 1) break;  // an unfinished iteration is discarded
      const turn_type& found = pv_row(0)[0];
      best_index = 0;
      for (std::size_t i = 0; i < root_list_.size(); ++i)
        if (root_list_[i] == found) best_index = static_cast<int>(i);
      best_score = s;
      result.depth = depth;
      best_pv.assign(pv_row(0), pv_row(0) + pv_length_[0]);
      if (stop_) break;
      if (best_score >= mate_bound || best_score <= -mate_bound) {
        if (mate_score - std::abs(best_score) <= depth) break;  // the whole line to the end is seen
      }
    }
    result.best = root_list_[static_cast<std::size_t>(best_index)];
    result.score = best_score;
    result.pv = std::move(best_pv);
    if (result.pv.empty() || result.pv.front() != result.best) result.pv.assign(1, result.best);

    if (temperature > 0 && !stop_ && result.depth > 0) choose_softmax(root, result, temperature);
    finish(result, start);
    return result;
  }

  bool is_repetition_at_root() const noexcept {
    // The game may already be drawn by repetition (BasicGame::result reports it too).
    int earlier = 0;
    for (std::size_t i = root_index_; i >= 2;) {
      i -= 2;
      if (stones_[i] != stones_[root_index_]) break;
      if (keys_[i] == keys_[root_index_] && ++earlier >= 2) return true;
    }
    return false;
  }

  // A weak level's choice: every root turn gets a full-window score one ply shallower than the
  // completed depth, then a turn is drawn with probability proportional to
  // exp((score - best) / temperature). Wins and losses are never given away by noise: a turn
  // that loses by force is only chosen when all do.
  void choose_softmax(const position_type& root, result_type& result, int temperature) {
    const std::size_t n = root_list_.size();
    const int depth = std::max(0, result.depth - 1);
    int top = -search_detail::infinity;
    for (std::size_t i = 0; i < n; ++i) {
      const position_type child = root.after(root_list_[i]);
      set_key(1, child);
      const int s = -negamax(child, depth, -search_detail::infinity, search_detail::infinity, 1);
      root_scores_[i] = s;
      top = std::max(top, s);
    }
    if (stop_) return;
    if (top >= mate_bound) return;  // a forced win: take the search's winning turn
    double total = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const int s = root_scores_[i];
      weights_tmp_[i] = s <= -mate_bound && top > -mate_bound ? 0.0 : std::exp((s - top) / static_cast<double>(temperature));
      total += weights_tmp_[i];
    }
    const double r = static_cast<double>(next_random() >> 11) / 9007199254740992.0 * total;
    double acc = 0;
    std::size_t chosen = n - 1;
    for (std::size_t i = 0; i < n; ++i) {
      acc += weights_tmp_[i];
      if (r < acc && weights_tmp_[i] > 0) {
        chosen = i;
        break;
      }
    }
    while (weights_tmp_[chosen] <= 0 && chosen > 0) --chosen;
    if (root_list_[chosen] != result.best) {
      result.best = root_list_[chosen];
      result.score = root_scores_[chosen];
      result.pv.assign(1, result.best);
      result.deliberate_mistake = true;
    }
  }

  void finish(result_type& result, Clock::time_point start) {
    result.nodes = nodes_;
    result.seldepth = seldepth_;
    result.milliseconds = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    keys_.resize(root_index_ + 1);
    stones_.resize(root_index_ + 1);
  }

  std::vector<search_detail::TTEntry> table_;
  std::vector<BasicTurnList<B>> lists_;
  BasicTurnList<B> root_list_;
  std::vector<std::uint16_t> order_;
  std::vector<int> scores_;
  std::vector<turn_type> pv_;
  std::vector<int> pv_length_;
  std::array<int, max_turns<B>> root_scores_{};
  std::array<double, max_turns<B>> weights_tmp_{};
  std::array<std::array<int, 2>, search_detail::max_ply + 1> killers_{};
  std::array<int, B::size * B::size> history_{};
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint8_t> stones_;
  std::size_t root_index_ = 0;
  int root_ply_offset_ = 0;
  LevelSettings settings_{};
  EvalWeights weights_{};
  std::uint64_t seed_ = 0;
  std::uint64_t rng_ = 0;
  int noise_ = 0;
  std::uint64_t nodes_ = 0;
  std::uint64_t node_limit_ = 0;
  int seldepth_ = 0;
  bool stop_ = false;
  bool time_limit_ = false;
  bool table_off_ = false;
  std::uint8_t generation_ = 0;
  Clock::time_point deadline_{};
};

/// The searcher on the default 9x5 board.
using Searcher = BasicSearcher<Tsivy>;

/// A turn chosen uniformly at random among the legal turns, from `state` (advanced); the
/// "random mover" the levels are measured against. Empty when there is no legal turn.
template <class B>
BasicTurn<B> random_turn(const BasicPosition<B>& position, std::uint64_t& state) noexcept {
  const std::uint64_t n = count_turns(position);
  if (n == 0) return {};
  std::uint64_t k = detail::splitmix64(state) % n;
  BasicTurn<B> chosen{};
  for_each_turn(position, [&](const BasicTurn<B>& t) {
    if (k == 0) chosen = t;
    --k;
  });
  return chosen;
}

}  // namespace fanorona

#endif  // FANORONA_SEARCH_HPP
