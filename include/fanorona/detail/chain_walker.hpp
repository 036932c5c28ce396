// fanorona: the one walk over every legal turn of a position, with a counting mode.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_CHAIN_WALKER_HPP
#define FANORONA_DETAIL_CHAIN_WALKER_HPP

#include <cstdint>
#include <type_traits>
#include <utility>

#include "../board.hpp"
#include "../turn.hpp"
#include "bits.hpp"
#include "capture.hpp"
#include "dispatch.hpp"

namespace fanorona {
namespace detail {

// The paika rule: a stone steps to an empty neighbor along a line. Counted by popcount.
template <class B, InstructionSet S = compiled_instruction_set>
FANORONA_DETAIL_ALWAYS_INLINE constexpr int count_paika(Bitboard own, Bitboard enemy) noexcept {
  constexpr bool hardware = has_popcnt_instruction || effective_instruction_set<S> >= InstructionSet::bmi2;
  const Bitboard empty = B::all & ~(own | enemy);
  int n = 0;
  for_each_direction([&](auto dir) { n += popcount_with<hardware>(B::template shift<decltype(dir)::value>(own) & empty); });
  return n;
}

// The points a paika move can reach: some stone of `own` has a line to them, and they are empty.
template <class B>
constexpr Bitboard paika_targets(Bitboard own, Bitboard enemy) noexcept {
  const Bitboard empty = B::all & ~(own | enemy);
  Bitboard reach = 0;
  for_each_direction([&](auto dir) { reach |= B::template shift<decltype(dir)::value>(own); });
  return reach & empty;
}

// What a walk does with each turn it reaches.
enum class WalkMode {
  record,  // write each turn and call visit(turn, own_after, enemy_after)
  stones,  // call visit(placeholder turn, own_after, enemy_after): perft's upper levels
  count,   // only count the turns
};

// Walks every complete legal turn of the side owning `own` (docs/rules.md, "A turn"): paika
// moves when no stone can capture, otherwise every capture chain depth first, where every
// capturing step ends a legal turn of its own (stopping is optional) and then the walk tries
// to extend it. The capture rule itself comes from capture.hpp.
//
// Turns come in a fixed order: for each direction, the approach starts by increasing point,
// then the withdrawal starts; below a step, approach continuations by increasing destination,
// then withdrawal ones. legal_turns, for_each_turn and perft all see that order.
//
// S is the instruction set the walk is compiled for (dispatch.hpp): the recursive steps go
// through in_target<S>, so that every level of a chain runs S's code.
template <class B, WalkMode Mode, class Visit, InstructionSet S = compiled_instruction_set>
class ChainWalker {
  using Steps = ChainSteps<B, S>;

 public:
  // `origin`, the hash of the position walked, stamps every recorded turn (BasicTurn::origin).
  ChainWalker(Bitboard own, Bitboard enemy, Visit& visit, std::uint64_t origin = 0) noexcept
      : own_(own), enemy_(enemy), visit_(visit) {
    if constexpr (Mode == WalkMode::record) TurnWriter<B>::stamp(turn_, origin);
  }

  // Visits every turn; in count mode returns their number (else 0).
  FANORONA_DETAIL_ALWAYS_INLINE std::uint64_t run() noexcept {
    const CaptureStarts<B> starts(own_, enemy_);
    if (!starts.any) {
      if constexpr (Mode == WalkMode::count) return static_cast<std::uint64_t>(count_paika<B, S>(own_, enemy_));
      walk_paika();
      return 0;
    }
    std::uint64_t n = 0;
    for (int d = 0; d < direction_count; ++d) {
      if constexpr (Mode == WalkMode::count) {
        // Counting takes each start once for both kinds: the continuations, found before the
        // captures are removed, are the same for both.
        for (int from : indexes(starts.approach[d] | starts.withdrawal[d])) {
          const int to = B::neighbor[from][d].index();
          const Bitboard blocked = own_ | bit(to);
          const Steps next(to, d, enemy_, blocked);
          if (starts.approach[d] & bit(from)) n += 1 + count_continuations<true>(from, to, d, next, enemy_, blocked);
          if (starts.withdrawal[d] & bit(from)) n += 1 + count_continuations<false>(from, to, d, next, enemy_, blocked);
        }
      } else {
        for (int from : indexes(starts.approach[d])) first_step<true>(from, d);
        for (int from : indexes(starts.withdrawal[d])) first_step<false>(from, d);
        if (stopped()) break;
      }
    }
    return n;
  }

  // Number of turns that continue a chain whose stone has just stepped from `at` to `to` in
  // direction `d`, capturing from `enemy`: each of its next steps `next` is one turn, plus the
  // turns below it. `blocked` holds the mover's other stones and every point visited, `to`
  // included. This is where perft spends most of its time: a step with no continuation, the
  // common case, costs no captured line and no call.
  template <bool Approach>
  FANORONA_DETAIL_ALWAYS_INLINE static std::uint64_t count_continuations(int at, int to, int d, const Steps& next, Bitboard enemy,
                                           Bitboard blocked) noexcept {
    if (!next.any()) return 0;
    return in_target<S>(CountBelow{}, to, next, enemy & ~captured_line<B, Approach>(at, to, d, enemy), blocked);
  }

 private:
  // The turns below a stone on `at` whose next steps are `next`: each step is one turn, plus
  // the turns that continue it. One function recursing on itself, so that the compiler keeps
  // the whole walk in one loop nest.
  FANORONA_DETAIL_ALWAYS_INLINE static std::uint64_t count_below(int at, const Steps& next, Bitboard enemy, Bitboard blocked) noexcept {
    std::uint64_t n = 0;
    for (int to : indexes(next.approach)) {
      const int d = direction_of_step<B>(at, to);
      const Steps after(to, d, enemy, blocked | bit(to));
      n += 1;
      if (after.any())
        n += in_target<S>(CountBelow{}, to, after, enemy & ~captured_line<B, true>(at, to, d, enemy), blocked | bit(to));
    }
    for (int to : indexes(next.withdrawal)) {
      const int d = direction_of_step<B>(at, to);
      const Steps after(to, d, enemy, blocked | bit(to));
      n += 1;
      if (after.any())
        n += in_target<S>(CountBelow{}, to, after, enemy & ~captured_line<B, false>(at, to, d, enemy), blocked | bit(to));
    }
    return n;
  }

  // The recursive calls of the walk, each through one type, so that in_target<S> compiles
  // each recursion as one function for S.
  struct CountBelow {
    FANORONA_DETAIL_ALWAYS_INLINE std::uint64_t operator()(int at, const Steps& next, Bitboard enemy, Bitboard blocked) const noexcept {
      return count_below(at, next, enemy, blocked);
    }
  };
  struct Step {
    ChainWalker& walker;
    FANORONA_DETAIL_ALWAYS_INLINE void operator()(bool approach, int at, int to, Bitboard enemy, Bitboard blocked) const noexcept {
      const int d = direction_of_step<B>(at, to);
      if (approach)
        walker.template step<true>(at, to, d, enemy, blocked);
      else
        walker.template step<false>(at, to, d, enemy, blocked);
    }
  };

  FANORONA_DETAIL_ALWAYS_INLINE void walk_paika() noexcept {
    const Bitboard empty = B::all & ~(own_ | enemy_);
    for_each_direction([&](auto dir) {
      constexpr int D = decltype(dir)::value;
      for (int from : indexes(own_ & B::template back<D>(empty))) {
        if (stopped()) return;
        const int to = from + B::index_step[D];
        if constexpr (Mode == WalkMode::record) {
          TurnWriter<B>::start(turn_, from);
          TurnWriter<B>::push(turn_, D, Capture::none, 0);
        }
        if (report(own_ ^ bit(from) ^ bit(to), enemy_)) return;
      }
    });
  }

  // A visitor that returns bool ends the walk by returning false; true once it has.
  static constexpr bool can_stop = std::is_same_v<decltype(std::declval<Visit&>()(std::declval<const BasicTurn<B>&>(), Bitboard{}, Bitboard{})), bool>;
  bool stopped() const noexcept {
    if constexpr (can_stop) return stopped_;
    return false;
  }
  FANORONA_DETAIL_ALWAYS_INLINE bool report(Bitboard own_after, Bitboard enemy_after) noexcept {
    if constexpr (can_stop) {
      if (!stopped_ && !visit_(turn_, own_after, enemy_after)) stopped_ = true;
      return stopped_;
    } else {
      visit_(turn_, own_after, enemy_after);
      return false;
    }
  }

  template <bool Approach>
  FANORONA_DETAIL_ALWAYS_INLINE void first_step(int from, int d) noexcept {
    if (stopped()) return;
    rest_ = own_ & ~bit(from);
    if constexpr (Mode == WalkMode::record) TurnWriter<B>::start(turn_, from);
    step<Approach>(from, B::neighbor[from][d].index(), d, enemy_, own_);
  }

  // Plays the capturing step at -> to, reports the turn ending there, then every continuation.
  // `blocked` holds the mover's other stones and the points visited before this step.
  template <bool Approach>
  FANORONA_DETAIL_ALWAYS_INLINE void step(int at, int to, int d, Bitboard enemy, Bitboard blocked) noexcept {
    const Steps next(to, d, enemy, blocked | bit(to));
    const Bitboard run = captured_line<B, Approach>(at, to, d, enemy);
    const Bitboard enemy_after = enemy & ~run;
    if constexpr (Mode == WalkMode::record) TurnWriter<B>::push(turn_, d, Approach ? Capture::approach : Capture::withdrawal, run);
    if (!report(rest_ | bit(to), enemy_after)) {
      for (int next_to : indexes(next.approach))
        in_target<S>(Step{*this}, true, to, next_to, enemy_after, blocked | bit(to));
      for (int next_to : indexes(next.withdrawal))
        in_target<S>(Step{*this}, false, to, next_to, enemy_after, blocked | bit(to));
    }
    if constexpr (Mode == WalkMode::record) TurnWriter<B>::pop(turn_, run);
  }

  Bitboard own_, enemy_, rest_ = 0;
  Visit& visit_;
  BasicTurn<B> turn_{};
  bool stopped_ = false;
};

// Walks every legal turn (record or stones mode). Not constexpr: see perft.hpp.
template <class B, WalkMode Mode, InstructionSet S = compiled_instruction_set, class Visit>
FANORONA_DETAIL_ALWAYS_INLINE inline void walk_turns(Bitboard own, Bitboard enemy, Visit&& visit, std::uint64_t origin = 0) noexcept {
  static_assert(Mode != WalkMode::count, "count_turns counts");
  ChainWalker<B, Mode, std::remove_reference_t<Visit>, S> walker(own, enemy, visit, origin);
  walker.run();
}

// No-op visitor for counting.
struct IgnoreTurns {
  template <class Turn>
  void operator()(const Turn&, Bitboard, Bitboard) const noexcept {}
};

// Number of legal turns, without writing any: paika moves by popcount, captures by walking
// the chains.
template <class B, InstructionSet S = compiled_instruction_set>
FANORONA_DETAIL_ALWAYS_INLINE inline std::uint64_t count_turns(Bitboard own, Bitboard enemy) noexcept {
  IgnoreTurns ignore;
  return ChainWalker<B, WalkMode::count, IgnoreTurns, S>(own, enemy, ignore).run();
}

// Number of turns strictly below the capturing step at -> to in direction d: the chains that
// continue it. The vector leaf counter's fallback path counts saved chain nodes with this.
template <class B, InstructionSet S = compiled_instruction_set>
FANORONA_DETAIL_ALWAYS_INLINE inline std::uint64_t count_chain_continuations(int at, int to, int d, bool by_approach, Bitboard enemy,
                                        Bitboard blocked) noexcept {
  const ChainSteps<B, S> next(to, d, enemy, blocked | bit(to));
  using Walker = ChainWalker<B, WalkMode::count, IgnoreTurns, S>;
  if (by_approach) return Walker::template count_continuations<true>(at, to, d, next, enemy, blocked | bit(to));
  return Walker::template count_continuations<false>(at, to, d, next, enemy, blocked | bit(to));
}

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_DETAIL_CHAIN_WALKER_HPP
