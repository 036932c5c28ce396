// The compile-time tables against the board as the rule book defines it (docs/rules.md, Board):
// lines to the orthogonal neighbors everywhere, to the diagonal ones from strong points only.
#include "catch.hpp"
#include "support.hpp"

#include <cstddef>
#include <type_traits>
#include <utility>

using fanorona::Tsivy;

static_assert(Tsivy::size == 45 && Tsivy::all == (fanorona::Bitboard{1} << 45) - 1);
static_assert(Tsivy::parse_point("a1").index() == 0 && Tsivy::parse_point("i1").index() == 8 && Tsivy::parse_point("a2").index() == 9 &&
              Tsivy::parse_point("i5").index() == 44 && Tsivy::parse_point("E3").index() == 22);
static_assert(Tsivy::parse_point("j1") == fanorona::no_point && Tsivy::parse_point("a6") == fanorona::no_point &&
              Tsivy::parse_point("a0") == fanorona::no_point && Tsivy::parse_point("a") == fanorona::no_point);
static_assert(Tsivy::is_strong(fanorona::Point(0)) && Tsivy::is_strong(fanorona::Point(22)) && Tsivy::is_strong(fanorona::Point(44)) && !Tsivy::is_strong(fanorona::Point(1)));
static_assert(fanorona::opposite(fanorona::Direction::north_east) == fanorona::Direction::south_west);

// A point is never taken for a set of points, nor a number for a point: such code does not
// compile (the transform of a number, a point used as a set, a set or a number as a point).
template <class T, class = void>
struct transforms_as_point : std::false_type {};
template <class T>
struct transforms_as_point<T, std::void_t<decltype(fanorona::transform(fanorona::Symmetry::mirror_files, std::declval<T>()))>>
    : std::true_type {};
static_assert(transforms_as_point<fanorona::Point>::value);
static_assert(!transforms_as_point<std::size_t>::value && !transforms_as_point<int>::value);
static_assert(!std::is_convertible_v<fanorona::Point, fanorona::Bitboard> && !std::is_convertible_v<fanorona::Point, int>);
static_assert(!std::is_convertible_v<fanorona::Bitboard, fanorona::Point> && !std::is_convertible_v<int, fanorona::Point>);
static_assert(std::is_trivially_copyable_v<fanorona::Point> && sizeof(fanorona::Point) == 1);
static_assert(fanorona::Point(22).index() == 22 && fanorona::no_point.index() == -1 && fanorona::Point() == fanorona::no_point);
static_assert(fanorona::transform(fanorona::Symmetry::mirror_files, Tsivy::parse_point("a1")) == Tsivy::parse_point("i1"));
static_assert(fanorona::transform_set(fanorona::Symmetry::mirror_files, fanorona::point_set(Tsivy::parse_point("e2"))) ==
              fanorona::point_set(Tsivy::parse_point("e2")));

TEST_CASE("strong points are joined to 8 neighbors, weak points to 4, within the board", "[board]") {
  for (fanorona::Point p : fanorona::points(Tsivy::all)) {
    const int f = Tsivy::file_of(p), r = Tsivy::rank_of(p);
    int expected = 0;
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr) {
        if ((df == 0 && dr == 0) || f + df < 0 || f + df > 8 || r + dr < 0 || r + dr > 4) continue;
        if (df != 0 && dr != 0 && (f + r) % 2 != 0) continue;
        ++expected;
        CHECK((Tsivy::adjacent[p] >> ((r + dr) * 9 + f + df) & 1U) == 1U);
      }
    CHECK(fanorona::detail::popcount(Tsivy::adjacent[p]) == expected);
  }
  CHECK(fanorona::detail::popcount(Tsivy::strong_points) == 23);
}

TEST_CASE("a diagonal step from a strong point lands on a strong point", "[board]") {
  for (fanorona::Point p : fanorona::points(Tsivy::strong_points))
    for (int d = 4; d < 8; ++d)
      if (Tsivy::neighbor[p][d] != fanorona::no_point) CHECK(Tsivy::is_strong(Tsivy::neighbor[p][d]));
}

TEST_CASE("shift moves every point one step along its line and never wraps", "[board]") {
  fanorona::detail::for_each_direction([](auto dir) {
    constexpr int D = decltype(dir)::value;
    for (fanorona::Point p : fanorona::points(Tsivy::all)) {
      const fanorona::Bitboard moved = Tsivy::shift<D>(fanorona::detail::bit(p));
      const fanorona::Point q = Tsivy::neighbor[p][D];
      CHECK(moved == (q == fanorona::no_point ? 0 : fanorona::detail::bit(q)));
      if (q != fanorona::no_point) CHECK(Tsivy::back<D>(fanorona::detail::bit(q)) == fanorona::detail::bit(p));
    }
  });
}

TEST_CASE("lines run to the edge", "[board]") {
  CHECK(Tsivy::line_from[Tsivy::parse_point("a1")][static_cast<int>(fanorona::Direction::north_east)] ==
        (fanorona::detail::bit(0) | fanorona::detail::bit(10) | fanorona::detail::bit(20) | fanorona::detail::bit(30) |
         fanorona::detail::bit(40)));
  CHECK(fanorona::detail::popcount(Tsivy::line_from[Tsivy::parse_point("a3")][0]) == 9);
}

TEST_CASE("initial positions on the 9x5, 5x5, 3x3 and 7x3 boards", "[board]") {
  CHECK(fanorona::Position::initial().to_fen() == "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W");
  CHECK(fanorona::BasicPosition<fanorona::Dimy>::initial().to_fen() == "BBBBB/BBBBB/BW1BW/WWWWW/WWWWW W");
  CHECK(fanorona::BasicPosition<fanorona::Telo>::initial().to_fen() == "BBB/B1W/WWW W");
  // The 7-file middle rank follows the half-turn symmetry (docs/rules.md).
  CHECK(fanorona::BasicPosition<fanorona::Board<7, 3>>::initial().to_fen() == "BBBBBBB/BWB1WBW/WWWWWWW W");
  const auto start = fanorona::Position::initial();
  CHECK(start.count(fanorona::Color::white) == 22);
  CHECK(start.count(fanorona::Color::black) == 22);
  CHECK(start.side_to_move() == fanorona::Color::white);
  CHECK(!start.at(fanorona::Point(22)).has_value());
}
