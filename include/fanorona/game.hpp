// fanorona: a game with history, undo, threefold repetition and its result.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_GAME_HPP
#define FANORONA_GAME_HPP

/// @file
/// @brief `BasicGame`: turns played from a start position, undo, threefold repetition, result.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "board.hpp"
#include "movegen.hpp"
#include "notation.hpp"
#include "position.hpp"
#include "result.hpp"
#include "turn.hpp"
#include "turn_builder.hpp"

namespace fanorona {

/// @addtogroup games
/// @{

/// Who won, if anyone.
enum class Outcome : std::uint8_t {
  ongoing,     ///< The game goes on.
  white_wins,  ///< White won.
  black_wins,  ///< Black won.
  draw,        ///< Drawn by threefold repetition.
};

/// Why the game ended (docs/rules.md, "The end of the game").
enum class EndReason : std::uint8_t {
  none,                  ///< It has not ended.
  no_stones,             ///< The side to move has no stones left.
  no_legal_turn,         ///< The side to move has stones but none can move.
  threefold_repetition,  ///< The same position (stones and side to move) occurred a third time.
};

/// The state of a game: who won and why.
struct GameResult {
  Outcome outcome = Outcome::ongoing;  ///< Who won, or ongoing, or draw.
  EndReason reason = EndReason::none;  ///< Why it ended.

  /// True once the game has ended.
  constexpr bool is_over() const noexcept { return outcome != Outcome::ongoing; }

  /// A sentence for players, e.g. "White wins: Black has no stones left".
  std::string to_string() const {
    switch (reason) {
      case EndReason::none:
        return "the game goes on";
      case EndReason::threefold_repetition:
        return "draw: the same position occurred three times";
      case EndReason::no_stones:
        return outcome == Outcome::white_wins ? "White wins: Black has no stones left" : "Black wins: White has no stones left";
      case EndReason::no_legal_turn:
        return outcome == Outcome::white_wins ? "White wins: Black cannot move" : "Black wins: White cannot move";
    }
    return {};
  }

  /// Equal when outcome and reason are.
  friend constexpr bool operator==(const GameResult& a, const GameResult& b) noexcept {
    return a.outcome == b.outcome && a.reason == b.reason;
  }
  /// Not equal.
  friend constexpr bool operator!=(const GameResult& a, const GameResult& b) noexcept { return !(a == b); }
  /// Writes `to_string()`.
  friend std::ostream& operator<<(std::ostream& out, const GameResult& result) { return out << result.to_string(); }
};

namespace detail {
// A result that ended the game as an error argument's identifier: "white_wins_no_stones",
// "black_wins_no_legal_turn", "draw_threefold_repetition"; "ongoing" before the end.
inline std::string result_id(const GameResult& r) {
  const std::string winner = r.outcome == Outcome::white_wins ? "white_wins_" : "black_wins_";
  switch (r.reason) {
    case EndReason::threefold_repetition:
      return "draw_threefold_repetition";
    case EndReason::no_stones:
      return winner + "no_stones";
    case EndReason::no_legal_turn:
      return winner + "no_legal_turn";
    case EndReason::none:
      break;
  }
  return "ongoing";
}
}  // namespace detail

/// The result of a position with no history: a loss for the side to move when it has no
/// stones or no legal turn, otherwise ongoing. Repetition needs a game: see
/// `BasicGame::result`.
template <class B>
constexpr GameResult result_of(const BasicPosition<B>& position) noexcept {
  const Outcome loss = position.side_to_move() == Color::white ? Outcome::black_wins : Outcome::white_wins;
  if (position.own() == 0) return {loss, EndReason::no_stones};
  if (!has_legal_turn(position)) return {loss, EndReason::no_legal_turn};
  return {};
}

/// The key a game files positions under to find repetitions: the Zobrist hash.
struct ZobristKey {
  /// The position's hash.
  template <class B>
  constexpr std::uint64_t operator()(const BasicPosition<B>& p) const noexcept {
    return p.hash();
  }
};

/// A game: a start position and the turns played since, with undo, repetition counting and
/// the result. Playing refuses illegal turns and turns after the end, with a message.
///
/// Repetition is tracked exactly: `Key` (the Zobrist hash by default) only finds candidate
/// earlier positions, which are then compared stone for stone, so a hash collision can never
/// make a draw; the work per turn does not grow with the length of the game. (The tests use
/// a deliberately poor `Key` to check this.)
template <class B = Tsivy, class Key = ZobristKey>
class BasicGame {
 public:
  /// The position type.
  using position_type = BasicPosition<B>;
  /// The turn type.
  using turn_type = BasicTurn<B>;

  /// A game from the initial position.
  BasicGame() : BasicGame(position_type::initial()) {}

  /// A game from any position; it counts as the first occurrence of that position.
  explicit BasicGame(const position_type& start) { push(start); }

  /// A game from a FEN (docs/notation.md), or the FEN's error.
  static Result<BasicGame> from_fen(std::string_view fen) {
    auto start = position_type::from_fen(fen);
    if (!start) return start.error();
    return BasicGame(*start);
  }

  /// The position now.
  const position_type& position() const noexcept { return history_.back().position; }
  /// The position the game started from.
  const position_type& start_position() const noexcept { return history_.front().position; }
  /// The turns played, in order.
  const std::vector<turn_type>& turns() const noexcept { return turns_; }
  /// The position before turn `i` (`i == turns().size()` gives the current one).
  const position_type& position_before(std::size_t i) const noexcept { return history_[i].position; }

  /// How many times the current position has occurred in this game, counting now (1 the
  /// first time). Three means a draw.
  int repetitions() const noexcept { return static_cast<int>(history_.back().occurrences); }

  /// Who won and why, or ongoing. Computed once when the position is reached.
  GameResult result() const noexcept { return history_.back().result; }
  /// True once the game has ended.
  bool is_over() const noexcept { return result().is_over(); }

  /// The legal turns now; none when the game is over. A position with more turns than the
  /// list holds (only constructed ones, never met in play: see docs/limits.md) gives the
  /// first `max_turns` of them and `complete()` false; `play` accepts any legal turn.
  BasicTurnList<B> legal_turns() const noexcept {
    BasicTurnList<B> list;
    if (!is_over()) generate_turns(position(), list);
    return list;
  }

  /// A builder for playing the next turn step by step; hand its `turn()` to `play`.
  BasicTurnBuilder<B> begin_turn() const noexcept { return BasicTurnBuilder<B>(position()); }

  /// Plays a turn after checking it is legal here and the game is not over. A turn made for
  /// the current position (by `legal_turns`, `for_each_turn`, a turn builder or `parse_turn`
  /// on it: its `origin_hash()` is this position's hash) is played at once; any other turn is
  /// replayed step by step, so one made for another position is judged by its steps here.
  Status play(const turn_type& turn) {
    if (const GameResult r = result(); r.is_over()) return make_error(ErrorCode::game_over, {{"result", detail::result_id(r)}});
    if (turn.empty()) return make_error(ErrorCode::turn_without_steps);
    if (turn.origin_hash() == position().hash()) {
      commit(turn);
      return {};
    }
    // Replaying the steps checks every rule; the turn committed is the replayed one, so a
    // turn made for another position, with the same steps but other captures, takes the
    // stones its steps capture here.
    BasicTurnBuilder<B> check(position());
    if (Status s = check.play(turn); !s) return s;
    commit(check.turn());
    return {};
  }

  /// Plays a turn written in notation (see `parse_turn`) and returns it, or why it was refused.
  Result<turn_type> play(std::string_view text) {
    if (const GameResult r = result(); r.is_over()) return make_error(ErrorCode::game_over, {{"result", detail::result_id(r)}});
    auto turn = parse_turn(position(), text);
    if (!turn) return turn;
    commit(*turn);
    return turn;
  }

  /// Starts again from `start` (the initial position by default), keeping the memory the
  /// game has allocated, so that a program playing many games reuses one `BasicGame`.
  void reset(const position_type& start = position_type::initial()) {
    history_.clear();
    turns_.clear();
    std::fill(slots_.begin(), slots_.end(), none);
    push(start);
  }

  /// Makes room for games of `turns` turns, so that playing up to that length allocates
  /// nothing (the storage also grows by itself, and `reset` keeps it).
  void reserve(std::size_t turns) {
    history_.reserve(turns + 1);
    turns_.reserve(turns);
    if (slots_for(turns + 1) > slots_.size()) rebuild_slots(slots_for(turns + 1));
  }

  /// Takes back the last turn. Returns false (and does nothing) at the start position.
  bool undo() noexcept {
    if (turns_.empty()) return false;
    // The last entry is the newest of its key: its slot goes back to the one before it, or
    // empty. Emptying a slot is safe with linear probing because entries leave in the reverse
    // order they came: no key still present probed past it.
    const Entry& last = history_.back();
    slots_[slot_of(last.key)] = last.previous_same_hash;
    history_.pop_back();
    turns_.pop_back();
    return true;
  }

 private:
  static constexpr std::uint32_t none = 0xFFFFFFFFU;

  struct Entry {
    position_type position;
    std::uint64_t key;                 // Key{}(position)
    std::uint32_t previous_same_hash;  // index of the latest earlier entry with the same hash
    std::uint32_t occurrences;         // how often `position` has occurred up to this entry
    GameResult result;                 // the result with this entry as the current position
  };

  void commit(const turn_type& turn) {
    turns_.push_back(turn);
    push(position().after(turn));
  }

  // The slot holding the newest entry with `key`, or the empty slot where it would go. Open
  // addressing in one vector, so that playing and resetting allocate nothing once the game
  // has grown.
  std::size_t slot_of(std::uint64_t key) const noexcept {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> 32) & mask;
    while (slots_[i] != none && history_[slots_[i]].key != key) i = (i + 1) & mask;
    return i;
  }

  // Keeps the table at most half full; rebuilding keeps the newest entry of each key.
  // The table size that keeps `entries` entries at most half full: a power of two, at least 64.
  static std::size_t slots_for(std::size_t entries) noexcept {
    std::size_t slots = 64;
    while (slots < 2 * entries) slots *= 2;
    return slots;
  }
  void reserve_slot() {
    if (slots_for(history_.size() + 1) > slots_.size()) rebuild_slots(slots_for(history_.size() + 1));
  }
  void rebuild_slots(std::size_t count) {
    slots_.assign(count, none);
    for (std::size_t j = 0; j < history_.size(); ++j) slots_[slot_of(history_[j].key)] = static_cast<std::uint32_t>(j);
  }

  void push(const position_type& p) {
    reserve_slot();
    const std::uint64_t key = Key{}(p);
    const std::size_t slot = slot_of(key);
    const std::uint32_t previous = slots_[slot];
    std::uint32_t occurrences = 1;
    // Entries with this hash are chained newest first; equal hashes of different positions
    // are skipped by comparing the stones.
    for (std::uint32_t j = previous; j != none; j = history_[j].previous_same_hash)
      if (history_[j].position == p) {
        occurrences = history_[j].occurrences + 1;
        break;
      }
    slots_[slot] = static_cast<std::uint32_t>(history_.size());
    GameResult result = result_of(p);
    if (!result.is_over() && occurrences >= 3) result = {Outcome::draw, EndReason::threefold_repetition};
    history_.push_back(Entry{p, key, previous, occurrences, result});
  }

  std::vector<Entry> history_;
  std::vector<turn_type> turns_;
  std::vector<std::uint32_t> slots_;  // entry index of the newest entry of each key, or none
};

/// A game on the default 9x5 board.
using Game = BasicGame<Tsivy>;

/// @}

}  // namespace fanorona

#endif  // FANORONA_GAME_HPP
