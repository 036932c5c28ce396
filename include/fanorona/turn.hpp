// fanorona: steps, turns and fixed-capacity lists of them.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_TURN_HPP
#define FANORONA_TURN_HPP

/// @file
/// @brief `BasicStep` (one step), `BasicTurn` (a complete turn) and `BasicTurnList` (a
/// fixed-capacity list).

#include <array>
#include <cstddef>
#include <cstdint>
#include <new>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>

#include "board.hpp"

namespace fanorona {

/// @addtogroup turns
/// @{

/// How a step captures.
enum class Capture : std::uint8_t {
  none,        ///< A paika move: it captures nothing.
  approach,    ///< Captures the enemy line in front of the destination.
  withdrawal,  ///< Captures the enemy line behind the starting point.
};

/// One step of one stone to a neighboring point of board `B`, as a player describes it.
///
/// A step knows its board, as a turn does: it prints that board's point names
/// (`BasicStep<Dimy>` `c2-c3A`), and a step of one board cannot be played on, encoded for or
/// drawn on another (a compile error). `Step` is the step of the default 9x5 board.
///
/// @code
/// const fanorona::Step first{fanorona::parse_point("d3"), fanorona::parse_point("e3"), fanorona::Capture::approach};
/// assert(first.to_string() == "d3-e3A");
/// @endcode
template <class B = Tsivy>
struct BasicStep {
  /// The board this step is on.
  using board_type = B;

  Point from = no_point;           ///< Where the stone stands before the step.
  Point to = no_point;             ///< The neighboring empty point it moves to.
  Capture capture = Capture::none; ///< What the step captures.

  /// Canonical notation (docs/notation.md): `d3-e3A` (approach), `d3-e3W` (withdrawal),
  /// `e2-e3` (a paika move). A point that is not a point of `B` (`no_point`) prints as
  /// nothing; `parse_step` reads the text back.
  std::string to_string() const {
    std::string text = name_of(from) + '-' + name_of(to);
    if (capture == Capture::approach) text += 'A';
    if (capture == Capture::withdrawal) text += 'W';
    return text;
  }

  /// Equal when all three parts are equal.
  friend constexpr bool operator==(const BasicStep& a, const BasicStep& b) noexcept {
    return a.from == b.from && a.to == b.to && a.capture == b.capture;
  }
  /// Not equal.
  friend constexpr bool operator!=(const BasicStep& a, const BasicStep& b) noexcept { return !(a == b); }

  /// Writes the step's notation (`to_string()`).
  friend std::ostream& operator<<(std::ostream& out, const BasicStep& step) { return out << step.to_string(); }

 private:
  static std::string name_of(Point p) { return B::contains(p) ? B::point_name(p) : std::string(); }
};

/// A step on the default 9x5 board.
using Step = BasicStep<Tsivy>;

template <class B>
class BasicTurn;
namespace detail {
template <class B>
struct TurnWriter;
// A capture kind as an error argument's identifier: "approach", "withdrawal" (or "none").
constexpr std::string_view capture_id(Capture c) noexcept {
  return c == Capture::approach ? "approach" : c == Capture::withdrawal ? "withdrawal" : "none";
}
}  // namespace detail

/// A complete turn: a starting point and one or more steps of that stone, each with its
/// captures (docs/rules.md, "A turn"). Turns come only from the generator, the step-by-step
/// `BasicTurnBuilder` or `parse_turn`, so a turn in hand is legal for the position it was
/// made for.
///
/// It is stored compactly (one byte a step: direction, kind, number of stones taken), so that
/// lists of hundreds of turns stay small; each step's captured stones follow from that byte
/// and the geometry alone.
template <class B = Tsivy>
class BasicTurn {
 public:
  /// The board this turn is for.
  using board_type = B;

  /// An empty turn (no steps); only useful as a placeholder to assign to.
  constexpr BasicTurn() noexcept = default;

  /// The starting point of the moving stone.
  constexpr Point from() const noexcept { return Point(from_); }
  /// Where the moving stone ends the turn.
  constexpr Point to() const noexcept {
    Point p(from_);
    for (int i = 0; i < length_; ++i) p = B::neighbor[p][direction_index(i)];
    return p;
  }
  /// Number of steps (1 for a paika move or a single capture).
  constexpr int size() const noexcept { return length_; }
  /// True when the turn has no steps (a default-constructed turn).
  constexpr bool empty() const noexcept { return length_ == 0; }
  /// Every enemy stone the turn captures.
  constexpr Bitboard captured() const noexcept { return captured_; }
  /// True when the turn captures (it is not a paika move).
  constexpr bool is_capture() const noexcept { return captured_ != 0; }
  /// True for a paika move: one non-capturing step.
  constexpr bool is_paika() const noexcept { return length_ == 1 && captured_ == 0; }

  /// The direction of step `i` (0-based).
  constexpr Direction direction(int i) const noexcept { return static_cast<Direction>(direction_index(i)); }

  /// Step `i` (0-based) with its points and capture kind.
  constexpr BasicStep<B> step(int i) const noexcept {
    Point p(from_);
    for (int k = 0; k < i; ++k) p = B::neighbor[p][direction_index(k)];
    return BasicStep<B>{p, B::neighbor[p][direction_index(i)], capture_kind(i)};
  }

  /// The enemy stones step `i` captured: a run along the step's line, in front of its
  /// destination (approach) or behind its start (withdrawal).
  constexpr Bitboard captured_by_step(int i) const noexcept {
    const BasicStep<B> s = step(i);
    const int count = steps_[i] >> 4;
    if (count == 0) return 0;
    const int d = direction_index(i);
    const Point first = s.capture == Capture::approach ? B::neighbor[s.to][d] : B::neighbor[s.from][d ^ 1];
    const int line_dir = s.capture == Capture::approach ? d : d ^ 1;
    Bitboard run = 0;
    Point p = first;
    for (int k = 0; k < count; ++k, p = B::neighbor[p][line_dir]) run |= detail::bit(p);
    return run;
  }

  /// Canonical notation (docs/notation.md): `d2-e3A-d4W`, paika `e2-e3`.
  std::string to_string() const {
    std::string s = B::point_name(Point(from_));
    Point p(from_);
    for (int i = 0; i < length_; ++i) {
      p = B::neighbor[p][direction_index(i)];
      s += '-';
      s += B::point_name(p);
      if (capture_kind(i) == Capture::approach) s += 'A';
      if (capture_kind(i) == Capture::withdrawal) s += 'W';
    }
    return s;
  }

  /// The hash of the position this turn was made for (`BasicPosition::hash()`): the
  /// generator, the turn builder and `parse_turn` stamp every turn they make. `BasicGame::play`
  /// trusts a turn whose stamp is its current position's hash and checks any other one step
  /// by step. 0 for a default-constructed turn.
  constexpr std::uint64_t origin_hash() const noexcept { return origin_; }

  /// Turns are equal when their step sequences are: the same stone, steps and capture kinds
  /// (the stamp is not compared).
  friend constexpr bool operator==(const BasicTurn& a, const BasicTurn& b) noexcept { return compare(a, b) == 0; }
  /// Not equal.
  friend constexpr bool operator!=(const BasicTurn& a, const BasicTurn& b) noexcept { return compare(a, b) != 0; }
  /// A total order, for sorting and for ordered containers: by starting point, then step by
  /// step (direction, then capture kind and count), a turn before its own continuations.
  friend constexpr bool operator<(const BasicTurn& a, const BasicTurn& b) noexcept { return compare(a, b) < 0; }
  /// See `operator<`.
  friend constexpr bool operator>(const BasicTurn& a, const BasicTurn& b) noexcept { return compare(a, b) > 0; }
  /// See `operator<`.
  friend constexpr bool operator<=(const BasicTurn& a, const BasicTurn& b) noexcept { return compare(a, b) <= 0; }
  /// See `operator<`.
  friend constexpr bool operator>=(const BasicTurn& a, const BasicTurn& b) noexcept { return compare(a, b) >= 0; }

  /// Writes the turn's notation (`to_string()`).
  friend std::ostream& operator<<(std::ostream& out, const BasicTurn& turn) { return out << turn.to_string(); }

 private:
  // Only the generator and the turn builder write turns, so that a turn is always legal.
  friend struct detail::TurnWriter<B>;

  static constexpr int compare(const BasicTurn& a, const BasicTurn& b) noexcept {
    if (a.from_ != b.from_) return a.from_ < b.from_ ? -1 : 1;
    for (int i = 0; i < a.length_ && i < b.length_; ++i)
      if (a.steps_[i] != b.steps_[i]) return a.steps_[i] < b.steps_[i] ? -1 : 1;
    return a.length_ == b.length_ ? 0 : (a.length_ < b.length_ ? -1 : 1);
  }

  constexpr int direction_index(int i) const noexcept { return steps_[i] & 7; }
  constexpr Capture capture_kind(int i) const noexcept {
    if ((steps_[i] >> 4) == 0) return Capture::none;
    return (steps_[i] & 8) ? Capture::withdrawal : Capture::approach;
  }

  Bitboard captured_ = 0;
  std::uint64_t origin_ = 0;
  std::uint8_t from_ = 0;
  std::uint8_t length_ = 0;
  // Per step: bits 0-2 direction, bit 3 withdrawal, bits 4-7 stones captured (0: paika).
  std::uint8_t steps_[B::max_chain_steps] = {};
};

namespace detail {
// Writes turns step by step; the generator and the turn builder are its only users.
template <class B>
struct TurnWriter {
  static constexpr void start(BasicTurn<B>& t, Point from) noexcept { start(t, from.index()); }
  static constexpr void start(BasicTurn<B>& t, int from) noexcept {
    t.from_ = static_cast<std::uint8_t>(from);
    t.length_ = 0;
    t.captured_ = 0;
  }
  static constexpr void push(BasicTurn<B>& t, int direction, Capture kind, Bitboard captured) noexcept {
    const int count = popcount(captured);
    t.steps_[t.length_++] = static_cast<std::uint8_t>(direction | (kind == Capture::withdrawal ? 8 : 0) | (count << 4));
    t.captured_ |= captured;
  }
  static constexpr void stamp(BasicTurn<B>& t, std::uint64_t position_hash) noexcept { t.origin_ = position_hash; }
  static constexpr void pop(BasicTurn<B>& t, Bitboard captured) noexcept {
    --t.length_;
    t.captured_ &= ~captured;
  }
};
}  // namespace detail

/// A list with a fixed capacity, stored inline: generation never allocates.
template <class T, std::size_t Capacity>
class FixedList {
 public:
  /// The element type.
  using value_type = T;
  /// Iterator (a pointer).
  using const_iterator = const T*;

  /// An empty list. Its storage is left uninitialized: a list is made for every node of a
  /// search, and clearing kilobytes each time would cost more than generating the turns.
  FixedList() noexcept {}  // NOLINT(modernize-use-equals-default)
  /// Copies the elements in use.
  FixedList(const FixedList& other) noexcept : size_(other.size_), overflowed_(other.overflowed_) {
    for (std::size_t i = 0; i < size_; ++i) ::new (static_cast<void*>(storage_.items + i)) T(other.storage_.items[i]);
  }
  /// Copies the elements in use.
  FixedList& operator=(const FixedList& other) noexcept {
    size_ = other.size_;
    overflowed_ = other.overflowed_;
    for (std::size_t i = 0; i < size_; ++i) ::new (static_cast<void*>(storage_.items + i)) T(other.storage_.items[i]);
    return *this;
  }
  ~FixedList() = default;

  /// Number of elements.
  std::size_t size() const noexcept { return size_; }
  /// True when there are no elements.
  bool empty() const noexcept { return size_ == 0; }
  /// The capacity.
  static constexpr std::size_t capacity() noexcept { return Capacity; }
  /// False if more elements were offered than fit; the extra ones were dropped. The library
  /// sizes its lists so that this cannot happen for a legal position, and keeps the check so
  /// that it can never corrupt memory.
  bool complete() const noexcept { return !overflowed_; }
  /// Element `i`. Precondition: `i < size()`.
  const T& operator[](std::size_t i) const noexcept { return storage_.items[i]; }
  /// First element.
  const_iterator begin() const noexcept { return storage_.items; }
  /// Past the last element.
  const_iterator end() const noexcept { return storage_.items + size_; }
  /// Appends an element, or records the overflow when full.
  void push_back(const T& item) noexcept {
    if (size_ < Capacity)
      ::new (static_cast<void*>(storage_.items + size_++)) T(item);
    else
      overflowed_ = true;
  }
  /// Removes every element.
  void clear() noexcept {
    size_ = 0;
    overflowed_ = false;
  }

 private:
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  union Storage {
    Storage() noexcept {}  // NOLINT(modernize-use-equals-default): must not initialize
    T items[Capacity];
  } storage_;
  std::size_t size_ = 0;
  bool overflowed_ = false;
};

/// The capacity of `BasicTurnList` on board `B` (docs/limits.md has how it was found).
///
/// - 3x3: 32, an upper bound: an exhaustive search of every position finds at most 12 turns.
/// - 5x5: 1024, more than twice the most found by search (435); not proven.
/// - 9x5 (and any other board): 1024, *not* an upper bound. Positions with thousands of turns
///   exist (a few stones inside a scattered enemy army), far more than a list on the stack can
///   hold, while random play stays near a hundred. A list that overflows keeps the first
///   `max_turns` turns and reports it through `complete()` (`generate_turns` returns false);
///   `for_each_turn`, `count_turns`, `perft`, `parse_turn` and `BasicGame::play` never depend on it.
template <class B>
inline constexpr std::size_t max_turns = B::size <= 9 ? 32 : 1024;

/// The largest number of legal single steps of a position: every stone, every direction,
/// both capture kinds.
template <class B>
inline constexpr std::size_t max_steps = static_cast<std::size_t>(B::stones_per_side) * direction_count * 2;

/// Every legal turn of a position.
template <class B = Tsivy>
using BasicTurnList = FixedList<BasicTurn<B>, max_turns<B>>;

/// Legal single steps, for step-by-step play.
template <class B = Tsivy>
using BasicStepList = FixedList<BasicStep<B>, max_steps<B>>;

/// A turn on the default 9x5 board.
using Turn = BasicTurn<Tsivy>;
/// A turn list on the default 9x5 board.
using TurnList = BasicTurnList<Tsivy>;
/// A step list on the default 9x5 board.
using StepList = BasicStepList<Tsivy>;

/// @}

}  // namespace fanorona

#endif  // FANORONA_TURN_HPP
