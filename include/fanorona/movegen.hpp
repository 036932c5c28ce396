// fanorona: complete-turn generation (RULES.md section 3).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_MOVEGEN_HPP
#define FANORONA_MOVEGEN_HPP

/// @file
/// @brief Legal turns of a position: enumerate, list, count, and the quick queries.

#include <cstdint>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "board.hpp"
#include "position.hpp"
#include "turn.hpp"

namespace fanorona {

namespace detail {

// The enemy stones a capture removes: the run of enemy stones that starts at `first` (an enemy
// stone) and goes on in direction `d` up to the first empty point, own stone or edge. The run
// is a prefix of a precomputed line, cut at the nearest non-enemy point with one bit scan.
template <class B>
constexpr Bitboard capture_run(Point first, int d, Bitboard enemy) noexcept {
  const Bitboard line = B::line_from[first][d];
  const Bitboard stop = line & ~enemy;
  // Even directions increase the point index, odd ones decrease it (see Direction). Both cuts
  // are computed and one is selected, which compiles without a branch; the sentinel bit in
  // the second keeps a line with no stop whole.
  const Bitboard upward = line & ((stop & (0 - stop)) - 1);
  const Bitboard downward = line & ~((bit(highest_point((stop << 1) | 1)) ) - 1);
  return (d & 1) ? downward : upward;
}

// The points from which a step in direction D captures (RULES.md section 3): the next point
// is empty, and either the one after it (approach) or the one behind (withdrawal) holds an
// enemy stone. Computed for the whole board at once with shifts; the one statement of the
// capture rule that CaptureStarts and capturing_stones share.
template <class B, int D>
constexpr Bitboard approach_points(Bitboard empty, Bitboard enemy) noexcept {
  return B::template back<D>(empty & B::template back<D>(enemy));
}
template <class B, int D>
constexpr Bitboard withdrawal_points(Bitboard empty, Bitboard enemy) noexcept {
  return B::template back<D>(empty) & B::template back<D ^ 1>(enemy);
}

// For each direction, the stones of the side to move that can start a capture by approach or
// by withdrawal stepping that way.
template <class B>
struct CaptureStarts {
  Table<Bitboard, direction_count> approach{};
  Table<Bitboard, direction_count> withdrawal{};
  Bitboard any = 0;

  constexpr CaptureStarts(Bitboard own, Bitboard enemy) noexcept {
    const Bitboard empty = B::all & ~(own | enemy);
    for_each_direction([&](auto dir) {
      constexpr int D = decltype(dir)::value;
      approach[D] = own & approach_points<B, D>(empty, enemy);
      withdrawal[D] = own & withdrawal_points<B, D>(empty, enemy);
      any |= approach[D] | withdrawal[D];
    });
  }
};

// The stones of the side owning `own` that have a capturing step: CaptureStarts::any without
// the per-direction sets, for the places that need only that.
template <class B>
constexpr Bitboard capturing_stones(Bitboard own, Bitboard enemy) noexcept {
  const Bitboard empty = B::all & ~(own | enemy);
  Bitboard any = 0;
  for_each_direction([&](auto dir) {
    constexpr int D = decltype(dir)::value;
    any |= approach_points<B, D>(empty, enemy) | withdrawal_points<B, D>(empty, enemy);
  });
  return own & any;
}

template <class B>
constexpr int count_paika(Bitboard own, Bitboard enemy) noexcept {
  const Bitboard empty = B::all & ~(own | enemy);
  int n = 0;
  for_each_direction([&](auto dir) { n += popcount(B::template shift<decltype(dir)::value>(own) & empty); });
  return n;
}

// The destinations of the capturing steps a chain can continue with from `at`, after a step
// in direction `last`: by approach and by withdrawal. `blocked` holds the mover's other
// stones and every point it has occupied this turn.
//
// The work goes from the enemy stones near `at`, not the eight directions: an approach needs
// an enemy two steps away (the step goes to the midpoint), a withdrawal an adjacent one (the
// step goes to its mirror image through `at`). Because the eight index steps differ, a
// midpoint or mirror image that is a true neighbour of `at` lies on the right line; one off
// the board is never a neighbour (`& 63` only keeps the shift defined), so `targets` drops it.
#if defined(__BMI2__)
// The low 8 bits reversed: maps canonical direction c to its opposite 7 - c.
inline constexpr Table<std::uint8_t, 256> reversed_bytes = [] {
  Table<std::uint8_t, 256> t{};
  for (int x = 0; x < 256; ++x) {
    int r = 0;
    for (int b = 0; b < 8; ++b)
      if (x & (1 << b)) r |= 1 << (7 - b);
    t[x] = static_cast<std::uint8_t>(r);
  }
  return t;
}();
#endif

template <class B>
struct ChainSteps {
  Bitboard approach = 0, withdrawal = 0;

  ChainSteps(Point at, int last, Bitboard enemy, Bitboard blocked) noexcept {
    const Bitboard adjacent = B::adjacent[at];
    const Bitboard targets = adjacent & ~(blocked | enemy | B::straight_on[at][last]);
    if (!targets) return;
#if defined(__BMI2__)
    // With BMI2 the same sets come from gathering bits instead of looping: the neighbours of
    // `at` in increasing index order form a compact bit string (pext), the enemies two steps
    // away are spread onto the neighbours they lie behind (pdep), and for withdrawals the
    // adjacent enemies go through the 8 canonical directions, where "opposite" is a bit
    // reversal, and back.
    const Bitboard free_bits = _pext_u64(targets, adjacent);
    const Bitboard far_bits = _pdep_u64(_pext_u64(enemy, B::two_steps[at]), B::neighbours_with_two_steps[at]);
    const Bitboard near8 = _pdep_u64(_pext_u64(enemy, adjacent), B::line_directions[at]);
    const Bitboard behind_bits = _pext_u64(reversed_bytes[static_cast<int>(near8)], B::line_directions[at]);
    approach = _pdep_u64(free_bits & far_bits, adjacent);
    withdrawal = _pdep_u64(free_bits & behind_bits, adjacent);
#else
    for (Point far : points(B::two_steps[at] & enemy)) approach |= bit((at + far) >> 1);
    for (Point near : points(B::adjacent[at] & enemy)) withdrawal |= bit((2 * at - near) & 63);
    approach &= targets;
    withdrawal &= targets;
#endif
  }
  constexpr bool any() const noexcept { return (approach | withdrawal) != 0; }
};

// Walks every complete legal turn of the side owning `own`, calling
// visit(turn, own_after, enemy_after) once per turn. A chain is walked depth first: every
// capturing step is itself the end of a legal turn (RULES.md: stopping is optional), then the
// walk tries to extend it. With Record false the turn is not written (counting, perft), and
// `visit` receives an empty turn.
template <class B, bool Record, class Visit>
class TurnWalker {
 public:
  using Writer = typename BasicTurn<B>::Writer;

  TurnWalker(Bitboard own, Bitboard enemy, Visit& visit) noexcept : own_(own), enemy_(enemy), visit_(visit) {}

  void run() noexcept {
    const CaptureStarts<B> starts(own_, enemy_);
    if (starts.any)
      walk_captures(starts);
    else
      walk_paika();
  }

  void walk_captures(const CaptureStarts<B>& starts) noexcept {
    for (int d = 0; d < direction_count; ++d) {
      for (Point from : points(starts.approach[d])) {
        const Point first = B::neighbour[B::neighbour[from][d]][d];
        begin_chain(from);
        capture_step(from, d, Capture::approach, capture_run<B>(first, d, enemy_), enemy_, bit(from));
      }
      for (Point from : points(starts.withdrawal[d])) {
        const Point first = B::neighbour[from][d ^ 1];
        begin_chain(from);
        capture_step(from, d, Capture::withdrawal, capture_run<B>(first, d ^ 1, enemy_), enemy_, bit(from));
      }
    }
  }

  void walk_paika() noexcept {
    const Bitboard empty = B::all & ~(own_ | enemy_);
    for_each_direction([&](auto dir) {
      constexpr int D = decltype(dir)::value;
      for (Point from : points(own_ & B::template back<D>(empty))) {
        const Point to = from + B::index_step[D];
        if constexpr (Record) {
          Writer::start(turn_, from);
          Writer::push(turn_, D, Capture::none, 0);
        }
        visit_(turn_, own_ ^ bit(from) ^ bit(to), enemy_);
      }
    });
  }

 private:
  void begin_chain(Point from) noexcept {
    rest_ = own_ & ~bit(from);
    if constexpr (Record) Writer::start(turn_, from);
  }

  // Plays the capturing step at -> neighbour(at, d), reports the turn ending there, then
  // tries every continuation.
  void capture_step(Point at, int d, Capture kind, Bitboard run, Bitboard enemy, Bitboard visited) noexcept {
    const Point to = B::neighbour[at][d];
    const Bitboard enemy_after = enemy & ~run;
    if constexpr (Record) Writer::push(turn_, d, kind, run);
    visit_(turn_, rest_ | bit(to), enemy_after);
    continue_chain(to, d, enemy_after, visited | bit(to));
    if constexpr (Record) Writer::pop(turn_, run);
  }

  void continue_chain(Point at, int last, Bitboard enemy, Bitboard visited) noexcept {
    const ChainSteps<B> next(at, last, enemy, rest_ | visited);
    for (Point to : points(next.approach)) {
      const int d = B::step_directions[to - at + B::width + 1];
      capture_step(at, d, Capture::approach, capture_run<B>(2 * to - at, d, enemy), enemy, visited);
    }
    for (Point to : points(next.withdrawal)) {
      const int d = B::step_directions[to - at + B::width + 1];
      capture_step(at, d, Capture::withdrawal, capture_run<B>(2 * at - to, d ^ 1, enemy), enemy, visited);
    }
  }

  Bitboard own_, enemy_, rest_ = 0;
  Visit& visit_;
  BasicTurn<B> turn_{};
};

// The walkers are not constexpr: see perft.hpp.
template <class B, bool Record, class Visit>
void walk_turns(Bitboard own, Bitboard enemy, Visit&& visit) noexcept {
  TurnWalker<B, Record, std::remove_reference_t<Visit>> walker(own, enemy, visit);
  walker.run();
}

// Number of turns that continue a chain whose stone stands on `at` with `next` as its
// possible steps: each step is one turn, plus the turns that continue it. This is where
// perft spends most of its time, so it differs from TurnWalker in two ways that only
// counting allows. A step's continuations are found before its captures are removed: they
// never depend on them (a captured stone lies on the step's own line, ahead of it or behind
// its start, where the chain may not go next). So a step that ends the chain, the common
// case, costs no capture line and no call.
template <class B>
std::uint64_t count_continuations(Point at, const ChainSteps<B>& next, Bitboard enemy, Bitboard blocked) noexcept {
  std::uint64_t n = 0;
  for (Point to : points(next.approach)) {
    const int d = B::step_directions[to - at + B::width + 1];
    const ChainSteps<B> after(to, d, enemy, blocked | bit(to));
    n += 1;
    if (after.any())
      n += count_continuations<B>(to, after, enemy & ~capture_run<B>(2 * to - at, d, enemy), blocked | bit(to));
  }
  for (Point to : points(next.withdrawal)) {
    const int d = B::step_directions[to - at + B::width + 1];
    const ChainSteps<B> after(to, d, enemy, blocked | bit(to));
    n += 1;
    if (after.any())
      n += count_continuations<B>(to, after, enemy & ~capture_run<B>(2 * at - to, d ^ 1, enemy), blocked | bit(to));
  }
  return n;
}

// Number of legal turns, without writing any: paika moves by popcount, captures by walking
// the chains.
template <class B>
std::uint64_t count_turns(Bitboard own, Bitboard enemy) noexcept {
  const CaptureStarts<B> starts(own, enemy);
  if (!starts.any) return static_cast<std::uint64_t>(count_paika<B>(own, enemy));
  std::uint64_t n = 0;
  for (int d = 0; d < direction_count; ++d) {
    for (Point from : points(starts.approach[d] | starts.withdrawal[d])) {
      const Point to = B::neighbour[from][d];
      const ChainSteps<B> after(to, d, enemy, own | bit(to));
      if (starts.approach[d] & bit(from)) {
        n += 1;
        if (after.any())
          n += count_continuations<B>(to, after, enemy & ~capture_run<B>(B::neighbour[to][d], d, enemy), own | bit(to));
      }
      if (starts.withdrawal[d] & bit(from)) {
        n += 1;
        if (after.any())
          n += count_continuations<B>(to, after, enemy & ~capture_run<B>(B::neighbour[from][d ^ 1], d ^ 1, enemy),
                                      own | bit(to));
      }
    }
  }
  return n;
}

}  // namespace detail

/// True when the side to move has a capturing step, so that capture is compulsory.
template <class B>
constexpr bool has_capture(const BasicPosition<B>& position) noexcept {
  return detail::capturing_stones<B>(position.own(), position.enemy()) != 0;
}

/// True when the side to move has at least one legal turn (it has a stone that can step).
template <class B>
constexpr bool has_legal_turn(const BasicPosition<B>& position) noexcept {
  return detail::count_paika<B>(position.own(), position.enemy()) > 0 || has_capture(position);
}

/// Number of complete legal turns of the side to move, computed without listing them.
template <class B>
std::uint64_t count_turns(const BasicPosition<B>& position) noexcept {
  return detail::count_turns<B>(position.own(), position.enemy());
}

/// Calls `visit(const BasicTurn<B>&)` for every complete legal turn of the side to move, in
/// the same order as `legal_turns`. Allocates nothing.
template <class B, class Visit>
void for_each_turn(const BasicPosition<B>& position, Visit&& visit) {
  auto adapter = [&visit](const BasicTurn<B>& turn, Bitboard, Bitboard) { visit(turn); };
  detail::walk_turns<B, true>(position.own(), position.enemy(), adapter);
}

/// Appends every complete legal turn of the side to move to `out` (RULES.md section 3):
/// paika moves when no capture exists, otherwise every capture chain and every prefix of it,
/// each approach/withdrawal choice a separate turn. Returns `out.complete()`.
template <class B, std::size_t Capacity>
bool generate_turns(const BasicPosition<B>& position, FixedList<BasicTurn<B>, Capacity>& out) noexcept {
  auto push = [&out](const BasicTurn<B>& turn, Bitboard, Bitboard) noexcept { out.push_back(turn); };
  detail::walk_turns<B, true>(position.own(), position.enemy(), push);
  return out.complete();
}

/// Every complete legal turn of the side to move, in a fixed-capacity list. Check
/// `complete()` when the position may be a constructed extreme one (docs/limits.md); use
/// `for_each_turn` or `count_turns` to reach every turn of any position.
template <class B>
BasicTurnList<B> legal_turns(const BasicPosition<B>& position) noexcept {
  BasicTurnList<B> list;
  generate_turns(position, list);
  return list;
}

}  // namespace fanorona

#endif  // FANORONA_MOVEGEN_HPP
