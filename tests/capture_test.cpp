// The capture rule is stated once (detail/capture.hpp) in several forms, one per kind of
// caller: whole-board masks, one point and one direction, chain continuations, the captured
// line. Each form is checked here against a plain point-by-point reading of the rule, on
// positions from random play and random positions on all three boards, and the walker's
// counting mode against its recording mode.
#include "catch.hpp"
#include "support.hpp"

#include <cstdint>
#include <random>
#include <vector>

namespace {

using fanorona::Bitboard;
using fanorona::Point;
using fanorona::no_point;
namespace detail = fanorona::detail;

template <class B>
bool holds(Bitboard set, Point p) {
  return p != no_point && (set & fanorona::point_set(p)) != 0;
}

// The rule read point by point: the step from `from` in direction d goes to an empty
// neighbor; approach when the next point on the line holds an enemy, withdrawal when the
// point behind does.
template <class B>
bool captures_by_approach(Point from, int d, Bitboard empty, Bitboard enemy) {
  const Point to = B::neighbor_along_line(from, d);
  return to != no_point && holds<B>(empty, to) && holds<B>(enemy, B::neighbor_along_line(to, d));
}
template <class B>
bool captures_by_withdrawal(Point from, int d, Bitboard empty, Bitboard enemy) {
  const Point to = B::neighbor_along_line(from, d);
  return to != no_point && holds<B>(empty, to) && holds<B>(enemy, B::neighbor_along_line(from, d ^ 1));
}

template <class B, int D>
void first_step_masks_agree(Bitboard own, Bitboard enemy) {
  const Bitboard empty = B::all & ~(own | enemy);
  const Bitboard approach = detail::approach_points<B, D>(empty, enemy);
  const Bitboard withdrawal = detail::withdrawal_points<B, D>(empty, enemy);
  for (Point p : fanorona::points(B::all)) {
    REQUIRE(holds<B>(approach, p) == captures_by_approach<B>(p, D, empty, enemy));
    REQUIRE(holds<B>(withdrawal, p) == captures_by_withdrawal<B>(p, D, empty, enemy));
    if (holds<B>(empty, B::neighbor_along_line(p, D))) {
      REQUIRE((detail::approach_victim<B>(p.index(), D, enemy) != detail::no_index) == captures_by_approach<B>(p, D, empty, enemy));
      REQUIRE((detail::withdrawal_victim<B>(p.index(), D, enemy) != detail::no_index) == captures_by_withdrawal<B>(p, D, empty, enemy));
    }
  }
}

template <class B>
void every_form_agrees(Bitboard own, Bitboard enemy) {
  const Bitboard empty = B::all & ~(own | enemy);
  detail::for_each_direction([&](auto dir) { first_step_masks_agree<B, decltype(dir)::value>(own, enemy); });

  // The stones a first step takes first, and the stones able to capture.
  Bitboard victims = 0, capturers = 0;
  for (Point p : fanorona::points(own))
    for (int d = 0; d < fanorona::direction_count; ++d) {
      if (captures_by_approach<B>(p, d, empty, enemy)) {
        victims |= detail::bit(B::neighbor_along_line(B::neighbor_along_line(p, d), d));
        capturers |= detail::bit(p);
      }
      if (captures_by_withdrawal<B>(p, d, empty, enemy)) {
        victims |= detail::bit(B::neighbor_along_line(p, d ^ 1));
        capturers |= detail::bit(p);
      }
    }
  REQUIRE(detail::first_captured_stones<B>(own, enemy) == victims);
  REQUIRE(detail::capturing_stones<B>(own, enemy) == capturers);
  REQUIRE(detail::CaptureStarts<B>(own, enemy).any == capturers);

  // The captured line: enemy stones from the first one on, up to the first gap or edge.
  for (Point first : fanorona::points(enemy))
    for (int d = 0; d < fanorona::direction_count; ++d) {
      Bitboard run = 0;
      for (Point q = first; q != no_point && holds<B>(enemy, q); q = B::neighbor_along_line(q, d)) run |= detail::bit(q);
      REQUIRE(detail::capture_run<B>(first.index(), d, enemy) == run);
    }

  // Chain continuations of each own stone, as if it had just arrived from each direction:
  // capturing steps to a free point, not straight on. The stone's other stones block.
  for (Point at : fanorona::points(own))
    for (int last = 0; last < fanorona::direction_count; ++last) {
      const Bitboard blocked = own & ~detail::bit(at);
      const Bitboard free = B::all & ~(blocked | enemy);
      Bitboard approach = 0, withdrawal = 0;
      for (int d = 0; d < fanorona::direction_count; ++d) {
        const Point to = B::neighbor_along_line(at, d);
        if (d == last || to == no_point || !holds<B>(free, to)) continue;
        if (holds<B>(enemy, B::neighbor_along_line(to, d))) approach |= detail::bit(to);
        if (holds<B>(enemy, B::neighbor_along_line(at, d ^ 1))) withdrawal |= detail::bit(to);
      }
      const detail::ChainSteps<B> next(at.index(), last, enemy, blocked);
      REQUIRE(next.approach == approach);
      REQUIRE(next.withdrawal == withdrawal);
    }
}

template <class B>
void check_board(std::uint32_t seed, std::size_t count) {
  std::mt19937 rng(seed);
  const auto played = test::random_game_positions<B>(count, seed);
  for (std::size_t i = 0; i < played.size(); ++i) {
    const auto position = (i % 2 == 0) ? played[i] : test::random_position<B>(rng);
    every_form_agrees<B>(position.own(), position.enemy());
    every_form_agrees<B>(position.enemy(), position.own());
  }
}

// Counting mode against recording mode, and the stones each turn leaves.
template <class B>
void walker_modes_agree(std::uint32_t seed, std::size_t count) {
  std::mt19937 rng(seed);
  const auto played = test::random_game_positions<B>(count, seed);
  for (std::size_t i = 0; i < played.size(); ++i) {
    const auto position = (i % 2 == 0) ? played[i] : test::random_position<B>(rng);
    std::vector<std::pair<Bitboard, Bitboard>> recorded, stones;
    detail::walk_turns<B, detail::WalkMode::record>(position.own(), position.enemy(),
                                                    [&](const fanorona::BasicTurn<B>& turn, Bitboard own, Bitboard enemy) {
                                                      const auto after = position.after(turn);
                                                      REQUIRE(after.enemy() == own);
                                                      REQUIRE(after.own() == enemy);
                                                      recorded.emplace_back(own, enemy);
                                                    });
    detail::walk_turns<B, detail::WalkMode::stones>(
        position.own(), position.enemy(),
        [&](const fanorona::BasicTurn<B>&, Bitboard own, Bitboard enemy) { stones.emplace_back(own, enemy); });
    REQUIRE(recorded == stones);
    REQUIRE(detail::count_turns<B>(position.own(), position.enemy()) == recorded.size());
  }
}

}  // namespace

TEST_CASE("every form of the capture rule agrees with a point-by-point reading", "[capture]") {
  check_board<fanorona::Tsivy>(7, 1500);
  check_board<fanorona::Dimy>(8, 1500);
  check_board<fanorona::Telo>(9, 1500);
}

TEST_CASE("the chain walker counts what it records, and each turn leaves the stones it reports", "[capture]") {
  walker_modes_agree<fanorona::Tsivy>(17, 1500);
  walker_modes_agree<fanorona::Dimy>(18, 1500);
  walker_modes_agree<fanorona::Telo>(19, 1500);
}
