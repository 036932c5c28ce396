// fanorona: the legal turns of a position.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_MOVEGEN_HPP
#define FANORONA_MOVEGEN_HPP

/// @file
/// @brief Legal turns of a position: enumerate, list, count, and the quick queries.

#include <cstdint>
#include <type_traits>
#include <utility>

#include "board.hpp"
#include "detail/capture.hpp"
#include "detail/chain_walker.hpp"
#include "detail/dispatch.hpp"
#include "position.hpp"
#include "turn.hpp"

namespace fanorona {

/// @addtogroup generation
/// @{

/// True when the side to move has a capturing step, so that capture is compulsory.
template <class B>
constexpr bool has_capture(const BasicPosition<B>& position) noexcept {
  return detail::capturing_stones<B>(position.own(), position.enemy()) != 0;
}

/// True when the side to move has at least one legal turn (it has a stone that can step).
template <class B>
constexpr bool has_legal_turn(const BasicPosition<B>& position) noexcept {
  // A stone that can step to an empty point can make a paika move or, if some stone captures,
  // a capture: either way the side has a turn.
  return detail::paika_targets<B>(position.own(), position.enemy()) != 0;
}

/// Number of complete legal turns of the side to move, computed without listing them.
template <class B>
std::uint64_t count_turns(const BasicPosition<B>& position) noexcept {
  return detail::dispatch(
      [&](auto isa) FANORONA_DETAIL_ALWAYS_INLINE { return detail::count_turns<B, decltype(isa)::value>(position.own(), position.enemy()); });
}

/// Calls `visit(const BasicTurn<B>&)` for every complete legal turn of the side to move, in
/// the same order as `legal_turns`. Allocates nothing. A visitor that returns `bool` stops the
/// walk by returning false:
///
/// @code
/// const auto position = fanorona::Position::from_fen("9/9/4B4/3BWB3/9 W").value();
/// fanorona::Turn found;
/// fanorona::for_each_turn(position, [&](const fanorona::Turn& turn) {
///   if (turn.size() < 3) return true;  // keep looking
///   found = turn;
///   return false;                      // a chain of three steps: done
/// });
/// @endcode
template <class B, class Visit>
void for_each_turn(const BasicPosition<B>& position, Visit&& visit) {
  if constexpr (std::is_same_v<decltype(visit(std::declval<const BasicTurn<B>&>())), bool>) {
    auto adapter = [&visit](const BasicTurn<B>& turn, Bitboard, Bitboard) -> bool { return visit(turn); };
    detail::walk_turns<B, detail::WalkMode::record>(position.own(), position.enemy(), adapter, position.hash());
  } else {
    auto adapter = [&visit](const BasicTurn<B>& turn, Bitboard, Bitboard) { visit(turn); };
    detail::walk_turns<B, detail::WalkMode::record>(position.own(), position.enemy(), adapter, position.hash());
  }
}

/// Appends every complete legal turn of the side to move to `out` (docs/rules.md, "A turn"):
/// paika moves when no capture exists, otherwise every capture chain and every prefix of it,
/// each approach/withdrawal choice a separate turn. Returns `out.complete()`.
template <class B, std::size_t Capacity>
bool generate_turns(const BasicPosition<B>& position, FixedList<BasicTurn<B>, Capacity>& out) noexcept {
  auto push = [&out](const BasicTurn<B>& turn, Bitboard, Bitboard) FANORONA_DETAIL_ALWAYS_INLINE { out.push_back(turn); };
  detail::dispatch([&](auto isa) FANORONA_DETAIL_ALWAYS_INLINE {
    detail::walk_turns<B, detail::WalkMode::record, decltype(isa)::value>(position.own(), position.enemy(), push,
                                                                          position.hash());
  });
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

/// @}

}  // namespace fanorona

#endif  // FANORONA_MOVEGEN_HPP
