// The searcher with endgame tables attached (BasicSearcher::set_tablebase): scores inside the
// tree agree with the tables, and a searcher with tables converts every won position against
// the tables' longest defense within the tables' distance. Tables are generated here, small
// enough for a second under sanitizers: 9x5 up to 3 stones and 5x5 up to 4.
#include "catch.hpp"

#include <fanorona/search.hpp>
#include <fanorona/tablebase.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

using fanorona::TablebaseOutcome;

namespace {

template <class B>
const fanorona::BasicTablebase<B>& tables_up_to(int stones) {
  // One set per board and count for the whole test program: generating is the slow part.
  static fanorona::BasicTablebase<B> cache[6];
  fanorona::BasicTablebase<B>& tables = cache[stones];
  if (!tables.covers(stones)) REQUIRE(fanorona::generate_tablebase(tables, fanorona::TablebaseOptions{stones, "", nullptr}).has_value());
  return tables;
}

std::uint64_t next(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Random positions with `own` and `enemy` stones, White to move, that are not over.
template <class B>
std::vector<fanorona::BasicPosition<B>> random_positions(int own, int enemy, int count, std::uint64_t seed) {
  std::vector<fanorona::BasicPosition<B>> out;
  while (static_cast<int>(out.size()) < count) {
    fanorona::Bitboard white = 0, black = 0;
    while (fanorona::detail::popcount(white) < own) white |= fanorona::Bitboard{1} << (next(seed) % B::size);
    while (fanorona::detail::popcount(black) < enemy) {
      const fanorona::Bitboard p = fanorona::Bitboard{1} << (next(seed) % B::size);
      if ((p & white) == 0) black |= p;
    }
    const auto position = fanorona::BasicPosition<B>::from_stones(white, black, fanorona::Color::white).value();
    if (!fanorona::result_of(position).is_over()) out.push_back(position);
  }
  return out;
}

// The score the searcher gives a table value at the root.
int root_score(const fanorona::TablebaseValue& v) {
  if (v.outcome == TablebaseOutcome::win) return fanorona::win_score - v.distance;
  if (v.outcome == TablebaseOutcome::loss) return -(fanorona::win_score - v.distance);
  return fanorona::draw_score;
}

// Positions of `stones` stones whose side to move must capture: every turn leads into the
// smaller tables, so a depth-1 search with only those tables knows the exact value, which the
// bigger tables hold.
template <class B>
void check_scores_inside_the_tree(int stones) {
  const auto& small = tables_up_to<B>(stones - 1);
  const auto& big = tables_up_to<B>(stones);
  fanorona::BasicSearcher<B> searcher(1);
  searcher.set_tablebase(&small);
  REQUIRE(searcher.tablebase_stones() == stones - 1);
  int checked = 0, wins = 0, losses = 0, draws = 0;
  std::uint64_t hits = 0;
  for (int own = 1; own < stones; ++own)
    for (const auto& position : random_positions<B>(own, stones - own, 400, 77u + static_cast<unsigned>(own))) {
      if (!fanorona::has_capture(position)) continue;
      const auto value = big.probe(position);
      REQUIRE(value);
      const auto r = searcher.search(position, fanorona::SearchLimits{1, 0, 0});
      INFO(position.to_fen() << " tables: " << value->to_string() << ", search: " << r.score_string());
      CHECK(!r.from_tablebase);
      hits += r.tablebase_hits;
      CHECK(r.score == root_score(*value));
      ++checked;
      wins += value->outcome == TablebaseOutcome::win;
      losses += value->outcome == TablebaseOutcome::loss;
      draws += value->outcome == TablebaseOutcome::draw;
    }
  CHECK(checked >= 100);
  CHECK(hits >= static_cast<std::uint64_t>(checked) / 2);
  CHECK(wins > 0);
  CHECK(losses > 0);
  CHECK(draws > 0);
}

// Won positions of `stones` stones: the searcher with the tables plays the winner, the tables'
// longest defense the loser; the game must end in the winner's favor within the distance,
// and the first score must be the tables' value.
template <class B>
void check_conversion(int stones, int per_material) {
  const auto& tables = tables_up_to<B>(stones);
  fanorona::BasicSearcher<B> searcher(1);
  searcher.set_tablebase(&tables);
  int games = 0, longest = 0;
  for (int own = 1; own < stones; ++own)
    for (const auto& start : random_positions<B>(own, stones - own, per_material * 4, 1234u + static_cast<unsigned>(own))) {
      const auto value = tables.probe(start);
      REQUIRE(value);
      if (value->outcome != TablebaseOutcome::win || games >= per_material * own) continue;
      ++games;
      longest = std::max(longest, value->distance);
      auto game = fanorona::BasicGame<B>::from_fen(start.to_fen()).value();
      const fanorona::Color winner = game.position().side_to_move();
      int turns = 0;
      while (!game.is_over() && turns <= value->distance) {
        fanorona::BasicTurn<B> turn;
        if (game.position().side_to_move() == winner) {
          const auto r = searcher.search(game, fanorona::SearchLimits{2, 0, 0});
          if (turns == 0) {
            INFO(start.to_fen());
            CHECK(r.from_tablebase);
            CHECK(r.score == root_score(*value));
          }
          turn = r.best;
        } else {
          const auto defense = tables.best_turn(game.position());
          REQUIRE(defense);
          turn = defense->turn;
        }
        REQUIRE(game.play(turn).has_value());
        ++turns;
      }
      INFO(start.to_fen() << ": " << value->to_string() << ", " << turns << " turns played");
      REQUIRE(game.is_over());
      CHECK(turns <= value->distance);
      CHECK(game.result().outcome == (winner == fanorona::Color::white ? fanorona::Outcome::white_wins : fanorona::Outcome::black_wins));
    }
  CHECK(games == per_material * (stones - 1));  // every material has its share of won positions
  CHECK(longest >= 9);
}

}  // namespace

TEST_CASE("search scores agree with the endgame tables inside the tree", "[search][tablebase]") {
  check_scores_inside_the_tree<fanorona::Tsivy>(3);
  check_scores_inside_the_tree<fanorona::Dimy>(4);
}

TEST_CASE("search with the endgame tables converts every won position", "[search][tablebase]") {
  // 60 + 60 won positions, each played out against the tables' longest defense.
  check_conversion<fanorona::Tsivy>(3, 30);
  check_conversion<fanorona::Dimy>(4, 20);
}

// A paika turn of `position` from `from` to `to`, or an empty turn.
fanorona::Turn paika(const fanorona::Position& position, fanorona::Point from, fanorona::Point to) {
  for (const auto& t : fanorona::legal_turns(position))
    if (!t.is_capture() && t.from() == from && t.to() == to) return t;
  return {};
}

// A game that has gone C, D, E, P, C, D, E, P by paika moves back and forth, C being
// `p.after(t)`: t would now make C occur a third time, a draw the tables (which ignore
// history) cannot see. Empty when C offers no such back and forth (a capture at C, which is
// compulsory, rules it out).
std::optional<fanorona::Game> cycle_through(const fanorona::Position& p, const fanorona::Turn& t) {
  const fanorona::Position c = p.after(t);
  for (const auto& m : fanorona::legal_turns(c)) {
    if (m.is_capture()) continue;
    const fanorona::Position d = c.after(m);
    const fanorona::Turn back = paika(d, t.to(), t.from());
    if (back.empty()) continue;
    const fanorona::Position e = d.after(back);
    const fanorona::Turn m_back = paika(e, m.to(), m.from());
    if (m_back.empty()) continue;
    fanorona::Game game = fanorona::Game::from_fen(c.to_fen()).value();
    bool ok = true;
    for (const auto& turn : {m, back, m_back, t, m, back, m_back}) ok = ok && game.play(turn).has_value() && !game.is_over();
    if (ok && game.position().hash() == p.hash()) return game;
  }
  return std::nullopt;
}

// Searches the end of `game`, made by `cycle_through` for `t`, and plays the searcher's turn:
// it must come from the tables and not be `t`, the turn that would repeat.
fanorona::SearchResult play_out_of_cycle(fanorona::Searcher& searcher, fanorona::Game& game, const fanorona::Turn& t) {
  const auto r = searcher.search(game, fanorona::SearchLimits{1, 0, 0});
  CHECK(r.from_tablebase);
  CHECK(r.best != t);
  REQUIRE(game.play(r.best).has_value());
  return r;
}

TEST_CASE("a covered root never walks into a threefold repetition", "[search][tablebase][repetition]") {
  // A won 2v1 position P whose tables' turn t leads to C, in a game that has gone
  // C, D, E, P, C, D, E, P by paika moves back and forth: t would make C occur a third time,
  // a draw the tables (which ignore history) cannot see. The searcher must win another way.
  const auto& tables = tables_up_to<fanorona::Tsivy>(3);
  fanorona::Searcher searcher(1);
  searcher.set_tablebase(&tables);
  int tried = 0;
  for (const auto& p : random_positions<fanorona::Tsivy>(2, 1, 400, 99)) {
    if (fanorona::has_capture(p) || tried >= 5) continue;
    const auto value = tables.probe(p);
    const auto table_turn = tables.best_turn(p);
    if (value->outcome != TablebaseOutcome::win || table_turn->turn.is_capture()) continue;
    const fanorona::Turn t = table_turn->turn;
    bool other_win = false;
    for (const auto& u : fanorona::legal_turns(p))
      if (u != t && tables.probe(p.after(u))->outcome == TablebaseOutcome::loss) other_win = true;
    if (!other_win) continue;
    auto game = cycle_through(p, t);
    if (!game) continue;
    ++tried;
    INFO(p.to_fen() << ", tables' turn " << t.to_string());
    CHECK(play_out_of_cycle(searcher, *game, t).score >= fanorona::win_bound);
    CHECK(game->result().reason != fanorona::EndReason::threefold_repetition);
  }
  CHECK(tried >= 3);
  // Detached: the search is the one without tables.
  searcher.set_tablebase(nullptr);
  CHECK(searcher.tablebase_stones() == 0);
  const auto plain = searcher.search(fanorona::Position::from_fen("8B/9/9/9/W1W6 W").value(), fanorona::SearchLimits{2, 0, 0});
  CHECK(!plain.from_tablebase);
  CHECK(plain.tablebase_hits == 0);
}
