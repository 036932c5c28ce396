// fanorona: complete-turn generation (RULES.md section 3).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_MOVEGEN_HPP
#define FANORONA_MOVEGEN_HPP

/// @file
/// @brief Legal turns of a position: enumerate, list, count, and the quick queries.

#include <cstdint>

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
  if (!stop) return line;
  if (B::index_step[d] > 0) return line & ((stop & (0 - stop)) - 1);
  return line & ~((bit(highest_point(stop)) << 1) - 1);
}

// For each direction, the stones of the side to move that can start a capture by approach or
// by withdrawal stepping that way. Computed for all stones at once with shifts.
template <class B>
struct CaptureStarts {
  std::array<Bitboard, direction_count> approach{};
  std::array<Bitboard, direction_count> withdrawal{};
  Bitboard any = 0;

  constexpr CaptureStarts(Bitboard own, Bitboard enemy) noexcept {
    const Bitboard empty = B::all & ~(own | enemy);
    for_each_direction([&](auto dir) {
      constexpr int D = decltype(dir)::value;
      const Bitboard movable = own & B::template back<D>(empty);
      approach[D] = movable & B::template back<D>(empty & B::template back<D>(enemy));
      withdrawal[D] = movable & B::template shift<D>(enemy);
      any |= approach[D] | withdrawal[D];
    });
  }
};

template <class B>
constexpr bool has_capture(Bitboard own, Bitboard enemy) noexcept {
  const Bitboard empty = B::all & ~(own | enemy);
  Bitboard any = 0;
  for_each_direction([&](auto dir) {
    constexpr int D = decltype(dir)::value;
    const Bitboard movable = own & B::template back<D>(empty);
    any |= movable & (B::template back<D>(empty & B::template back<D>(enemy)) | B::template shift<D>(enemy));
  });
  return any != 0;
}

template <class B>
constexpr int count_paika(Bitboard own, Bitboard enemy) noexcept {
  const Bitboard empty = B::all & ~(own | enemy);
  int n = 0;
  for_each_direction([&](auto dir) { n += popcount(B::template shift<decltype(dir)::value>(own) & empty); });
  return n;
}

// Walks every complete legal turn of the side owning `own`, calling
// visit(turn, own_after, enemy_after) once per turn. A chain is walked depth first: every
// capturing step is itself the end of a legal turn (RULES.md: stopping is optional), then the
// walk tries to extend it. With Record false the turn is not written (counting, perft), and
// `visit` receives an empty turn.
template <class B, bool Record, class Visit>
class TurnWalker {
 public:
  using Writer = typename BasicTurn<B>::Writer;

  constexpr TurnWalker(Bitboard own, Bitboard enemy, Visit& visit) noexcept : own_(own), enemy_(enemy), visit_(visit) {}

  constexpr void run() noexcept {
    const CaptureStarts<B> starts(own_, enemy_);
    if (starts.any)
      walk_captures(starts);
    else
      walk_paika();
  }

  constexpr void walk_captures(const CaptureStarts<B>& starts) noexcept {
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

  constexpr void walk_paika() noexcept {
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
  constexpr void begin_chain(Point from) noexcept {
    rest_ = own_ & ~bit(from);
    if constexpr (Record) Writer::start(turn_, from);
  }

  // Plays the capturing step at -> neighbour(at, d), reports the turn ending there, then
  // tries every continuation.
  constexpr void capture_step(Point at, int d, Capture kind, Bitboard run, Bitboard enemy, Bitboard visited) noexcept {
    const Point to = B::neighbour[at][d];
    const Bitboard enemy_after = enemy & ~run;
    if constexpr (Record) Writer::push(turn_, d, kind, run);
    visit_(turn_, rest_ | bit(to), enemy_after);
    continue_chain(to, d, enemy_after, visited | bit(to));
    if constexpr (Record) Writer::pop(turn_, run);
  }

  constexpr void continue_chain(Point at, int last, Bitboard enemy, Bitboard visited) noexcept {
    // Chain steps go to empty points not yet visited, never straight on (RULES.md section 3).
    Bitboard targets = B::adjacent[at] & ~(rest_ | enemy | visited);
    const Point straight_on = B::neighbour[at][last];
    if (straight_on != no_point) targets &= ~bit(straight_on);
    // Work from the enemy stones instead of the eight directions: a capture by approach needs
    // an enemy stone two steps away (the step goes to the midpoint), one by withdrawal an
    // adjacent enemy stone (the step goes to its mirror image). Usually there are few, and
    // after most captures none is left, which ends the chain at once.
    for (Point far : points(B::two_steps[at] & enemy)) {
      const Point to = (at + far) / 2;
      if (!(targets & bit(to))) continue;
      const int d = B::direction_of_step(to - at);
      capture_step(at, d, Capture::approach, capture_run<B>(far, d, enemy), enemy, visited);
    }
    for (Point near : points(B::adjacent[at] & enemy)) {
      const Point to = 2 * at - near;
      if (to < 0 || to >= B::size || !(targets & bit(to))) continue;
      const int d = B::direction_of_step(to - at);
      capture_step(at, d, Capture::withdrawal, capture_run<B>(near, d ^ 1, enemy), enemy, visited);
    }
  }

  Bitboard own_, enemy_, rest_ = 0;
  Visit& visit_;
  BasicTurn<B> turn_{};
};

template <class B, bool Record, class Visit>
constexpr void walk_turns(Bitboard own, Bitboard enemy, Visit&& visit) noexcept {
  TurnWalker<B, Record, std::remove_reference_t<Visit>> walker(own, enemy, visit);
  walker.run();
}

// Number of legal turns, without writing any: paika moves by popcount, captures by walking
// the chains.
template <class B>
constexpr std::uint64_t count_turns(Bitboard own, Bitboard enemy) noexcept {
  const CaptureStarts<B> starts(own, enemy);
  if (!starts.any) return static_cast<std::uint64_t>(count_paika<B>(own, enemy));
  std::uint64_t n = 0;
  auto count = [&n](const BasicTurn<B>&, Bitboard, Bitboard) noexcept { ++n; };
  TurnWalker<B, false, decltype(count)> walker(own, enemy, count);
  walker.walk_captures(starts);
  return n;
}

}  // namespace detail

/// True when the side to move has a capturing step, so that capture is compulsory.
template <class B>
constexpr bool has_capture(const BasicPosition<B>& position) noexcept {
  return detail::has_capture<B>(position.own(), position.enemy());
}

/// True when the side to move has at least one legal turn (it has a stone that can step).
template <class B>
constexpr bool has_legal_turn(const BasicPosition<B>& position) noexcept {
  return detail::count_paika<B>(position.own(), position.enemy()) > 0 || has_capture(position);
}

/// Number of complete legal turns of the side to move, computed without listing them.
template <class B>
constexpr std::uint64_t count_turns(const BasicPosition<B>& position) noexcept {
  return detail::count_turns<B>(position.own(), position.enemy());
}

/// Calls `visit(const BasicTurn<B>&)` for every complete legal turn of the side to move, in
/// the same order as `legal_turns`. Allocates nothing.
template <class B, class Visit>
constexpr void for_each_turn(const BasicPosition<B>& position, Visit&& visit) {
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

/// Every complete legal turn of the side to move, in a fixed-capacity list.
template <class B>
BasicTurnList<B> legal_turns(const BasicPosition<B>& position) noexcept {
  BasicTurnList<B> list;
  generate_turns(position, list);
  return list;
}

}  // namespace fanorona

#endif  // FANORONA_MOVEGEN_HPP
