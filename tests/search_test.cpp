// The computer opponent (include/fanorona/search.hpp and search/): tactics, repetition, limits,
// determinism, legality, and the transposition table's soundness.
#include "catch.hpp"

#include <fanorona/search.hpp>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

using fanorona::Game;
using fanorona::Position;
using fanorona::SearchLimits;
using fanorona::Searcher;

namespace {

bool is_legal(const Position& position, const fanorona::Turn& turn) {
  for (const auto& t : fanorona::legal_turns(position))
    if (t == turn) return true;
  return false;
}

// A game that has gone round a four-turn cycle of paika moves one and three-quarter times:
// Black to move, and h5-i5 would make the start position occur for the third time.
Game cycling_game(const char* fen) {
  Game game = Game::from_fen(fen).value();
  for (const char* turn : {"a1-b1", "i5-h5", "b1-a1", "h5-i5", "a1-b1", "i5-h5", "b1-a1"}) REQUIRE(game.play(turn).has_value());
  REQUIRE(!game.is_over());
  return game;
}

// Positions reached by a fixed pseudo-random playout, for tests over many positions.
std::vector<Position> sample_positions(int count) {
  std::vector<Position> out;
  std::uint64_t state = 12345;
  Position p = Position::initial();
  while (static_cast<int>(out.size()) < count) {
    if (fanorona::result_of(p).is_over()) p = Position::initial();
    out.push_back(p);
    p.play(fanorona::random_turn(p, state));
  }
  return out;
}

}  // namespace

TEST_CASE("search finds the chain that captures every enemy stone", "[search]") {
  Searcher searcher(1);
  const auto position = Position::from_fen("9/5B3/5B3/3W5/W8 W").value();
  const auto r = searcher.search(position, SearchLimits{3, 0, 0});
  CHECK(r.best.to_string() == "d2-e3A-d3W");
  CHECK(r.is_decisive());
  CHECK(r.plies_to_end() == 1);
  CHECK(r.score == fanorona::win_score - 1);
  CHECK(r.score_string() == "win in 1");
  REQUIRE(!r.pv.empty());
  CHECK(r.pv.front() == r.best);
}

TEST_CASE("search prefers the faster win and sees a forced loss", "[search]") {
  Searcher searcher(1);
  // Black to move has one stone that must be captured: every line loses.
  const auto lost = Position::from_fen("9/9/4B4/3W5/W8 B").value();
  const auto r = searcher.search(lost, SearchLimits{4, 0, 0});
  CHECK(is_legal(lost, r.best));
  CHECK(r.score <= 0);
  // No legal turn: nothing to play.
  const auto over = searcher.search(Position::from_fen("9/9/9/9/W8 B").value(), SearchLimits{3, 0, 0});
  CHECK(over.best.empty());
}

TEST_CASE("search avoids a threefold repetition when it is winning", "[search][repetition]") {
  Searcher searcher(1);
  const Game game = cycling_game("BBB5B/9/9/9/W8 W");  // Black: four stones against one
  const auto r = searcher.search(game, SearchLimits{4, 0, 0});
  CHECK(r.best.to_string() != "h5-i5");
  CHECK(r.score > fanorona::draw_score);
}

TEST_CASE("search takes a threefold repetition when it is losing", "[search][repetition]") {
  Searcher searcher(1);
  Game game = cycling_game("8B/9/9/9/W1W1W1W2 W");  // Black: one stone against four
  const auto r = searcher.search(game, SearchLimits{4, 0, 0});
  CHECK(r.best.to_string() == "h5-i5");
  CHECK(r.score == fanorona::draw_score);
  REQUIRE(game.play(r.best).has_value());
  CHECK(game.result().reason == fanorona::EndReason::threefold_repetition);
}

TEST_CASE("a level plays the same game for the same seed", "[search][levels]") {
  for (int level : {1, 2, 4}) {
    Searcher a(1), b(1);
    a.set_level(level, 42);
    b.set_level(level, 42);
    Game game_a, game_b;
    for (int i = 0; i < 12 && !game_a.is_over(); ++i) {
      const auto ta = a.choose(game_a).best;
      const auto tb = b.choose(game_b).best;
      REQUIRE(ta == tb);
      REQUIRE(game_a.play(ta).has_value());
      REQUIRE(game_b.play(tb).has_value());
    }
  }
}

TEST_CASE("search respects depth and node limits", "[search][limits]") {
  Searcher searcher(1);
  const auto start = Position::initial();
  for (int depth = 1; depth <= 4; ++depth) {
    const auto r = searcher.search(start, SearchLimits{depth, 0, 0});
    CHECK(r.depth == depth);
    CHECK(is_legal(start, r.best));
  }
  for (std::uint64_t nodes : {100u, 2000u, 20000u}) {
    searcher.clear();
    const auto r = searcher.search(start, SearchLimits{0, nodes, 0});
    CHECK(r.nodes <= nodes);
    CHECK(r.depth >= 1);
    CHECK(is_legal(start, r.best));
  }
  const auto timed = searcher.search(start, SearchLimits{0, 0, 50});
  CHECK(is_legal(start, timed.best));
  CHECK(timed.milliseconds < 2000);
}

TEST_CASE("every level returns a legal turn", "[search][levels]") {
  const auto positions = sample_positions(30);
  for (int level = fanorona::min_level; level <= fanorona::max_level; ++level) {
    Searcher searcher(1);
    searcher.set_level(level, 7);
    if (level >= 5) searcher.set_settings([&] {
        auto s = fanorona::level_settings(level);
        s.limits.max_nodes = 3000;  // keep the test quick under sanitizers
        return s;
      }());
    for (std::size_t i = 0; i < positions.size(); i += 3) {
      const auto r = searcher.choose(positions[i]);
      if (fanorona::result_of(positions[i]).is_over())
        CHECK(r.best.empty());
      else
        CHECK(is_legal(positions[i], r.best));
    }
  }
}

TEST_CASE("weak levels never give away a win in one", "[search][levels]") {
  const auto position = Position::from_fen("9/5B3/5B3/3W5/W8 W").value();
  for (std::uint64_t seed = 0; seed < 8; ++seed) {
    Searcher searcher(1);
    searcher.set_level(1, seed);
    CHECK(searcher.choose(position).best.to_string() == "d2-e3A-d3W");
  }
}

TEST_CASE("the transposition table does not change fixed-depth scores", "[search][tt]") {
  const auto positions = sample_positions(24);
  for (std::size_t i = 0; i < positions.size(); i += 2) {
    Searcher with(1), without(1);
    without.use_transposition_table(false);
    const auto a = with.search(positions[i], SearchLimits{3, 0, 0});
    const auto b = without.search(positions[i], SearchLimits{3, 0, 0});
    INFO("position " << positions[i].to_fen());
    CHECK(a.score == b.score);
  }
}

TEST_CASE("evaluation is symmetric and counts material", "[search][eval]") {
  Searcher searcher(1);
  // The start position is its own half-turn image with colors swapped, so it looks the same
  // to either side to move.
  const auto black_to_move = Position::from_fen("BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW B").value();
  CHECK(searcher.evaluate(Position::initial()) == searcher.evaluate(black_to_move));
  CHECK(searcher.evaluate(Position::from_fen("9/9/9/9/WW5B1 W").value()) > 50);
}

TEST_CASE("the evaluation is the weighted sum of its terms", "[search][eval]") {
  using fanorona::EvalTerm;
  // Named terms of a small endgame: White a1 b1 against Black h1, all three on the border.
  const auto small = Position::from_fen("9/9/9/9/WW5B1 W").value();
  const auto terms = fanorona::evaluation_terms(small);
  CHECK(terms[static_cast<std::size_t>(EvalTerm::material)] == 1);
  CHECK(terms[static_cast<std::size_t>(EvalTerm::hunt_edge)] == 1);
  CHECK(fanorona::evaluation_terms(small, 2)[static_cast<std::size_t>(EvalTerm::hunt_edge)] == 0);  // not an endgame of 2
  // Trading down counts, for the side ahead, every stone off the board (41 of 44 here), so
  // level 7's score steps by 30 times its weight (three stones) where the endgame begins; a
  // version counted from the endgame's edge (no step) converted fewer leads and did not
  // play better from the start.
  CHECK(terms[static_cast<std::size_t>(EvalTerm::simplify)] == 41);
  CHECK(fanorona::evaluation_terms(small, 2)[static_cast<std::size_t>(EvalTerm::simplify)] == 0);  // not an endgame
  const auto black_behind = Position::from_fen("9/9/9/9/WW5B1 B").value();  // Black to move, one stone behind
  CHECK(fanorona::evaluation_terms(black_behind)[static_cast<std::size_t>(EvalTerm::simplify)] == -41);
  for (int i = 0; i < fanorona::eval_term_count; ++i) {
    const auto term = static_cast<EvalTerm>(i);
    CHECK(fanorona::parse_eval_term(fanorona::to_string(term)) == term);
  }
  CHECK(!fanorona::parse_eval_term("mob"));
  // Random weights (none zero) on positions of random games, middle game and endgame. The
  // searcher evaluates on the instruction set chosen at run time and evaluation_terms on the
  // portable one, so this also checks that the two agree.
  std::uint64_t rng = 2024;
  Searcher searcher(1);
  int checked = 0;
  for (int g = 0; g < 40; ++g) {
    Game game;
    while (!game.is_over() && game.turns().size() < 150) {
      fanorona::EvalWeights w{};
      for (int i = 0; i < fanorona::eval_term_count; ++i) {
        const int value = static_cast<int>(fanorona::detail::splitmix64(rng) % 101) - 50;
        w[static_cast<EvalTerm>(i)] = value == 0 ? 7 : value;
      }
      w.endgame_stones = 10 + static_cast<int>(fanorona::detail::splitmix64(rng) % 20);
      searcher.set_weights(w);
      const auto values = fanorona::evaluation_terms(game.position(), w.endgame_stones);
      long long sum = 0;
      for (int i = 0; i < fanorona::eval_term_count; ++i) sum += static_cast<long long>(w[static_cast<EvalTerm>(i)]) * values[static_cast<std::size_t>(i)];
      INFO(game.position().to_fen());
      CHECK(searcher.evaluate(game.position()) == sum);
      ++checked;
      REQUIRE(game.play(fanorona::random_turn(game.position(), rng)));
    }
  }
  CHECK(checked > 1000);
}

TEST_CASE("exposed counts the first stone of each capturable line", "[search][eval]") {
  Searcher searcher(1);
  // White a1 takes c1 and d1 by approach; Black c1 takes a1 by approach.
  const auto position = Position::from_fen("9/9/9/9/W1BB5 W").value();
  fanorona::EvalWeights weights{};
  weights.material = weights.mobility = weights.strong = 0;
  weights.exposed = 10;
  searcher.set_weights(weights);
  CHECK(searcher.evaluate(position) == -10);
  const auto black = Position::from_fen("9/9/9/9/W1BB5 B").value();  // Black's c1 could be taken, d1 behind it
  CHECK(searcher.evaluate(black) == -10);
}

TEST_CASE("the transposition table keeps deep entries and node-relative win scores", "[search][tt]") {
  using fanorona::detail::Bound;
  fanorona::detail::TranspositionTable table(1);
  table.new_search();
  const std::uint64_t key = 0x123456789ABCDEF0ULL;
  CHECK(table.probe(key, 1, -100, 100, 1, true).move == -1);

  table.store(key, 5, 2, 40, 7, Bound::exact);
  auto probe = table.probe(key, 5, -100, 100, 2, true);
  CHECK(probe.move == 7);
  CHECK(probe.cutoff);
  CHECK(probe.score == 40);
  CHECK(!table.probe(key, 6, -100, 100, 2, true).cutoff);  // not deep enough
  CHECK(!table.probe(key, 5, -100, 100, 2, false).cutoff);  // not allowed to cut

  table.store(key, 3, 2, -10, 1, Bound::upper);  // shallower, same search: kept out
  CHECK(table.probe(key, 1, -100, 100, 2, true).move == 7);
  table.new_search();
  table.store(key, 3, 2, -10, 1, Bound::upper);  // a later search replaces it
  probe = table.probe(key, 1, -100, 100, 2, true);
  CHECK(probe.move == 1);
  CHECK(!probe.cutoff);  // an upper bound above alpha settles nothing
  CHECK(table.probe(key, 1, -5, 100, 2, true).cutoff);

  // A win 5 plies below a node at ply 3 (win_score - 8) is stored as a win 5 plies below the
  // node, so the same position met at ply 1 scores win_score - 6.
  table.store(key, 9, 3, fanorona::win_score - 8, -1, Bound::exact);
  probe = table.probe(key, 9, -fanorona::win_score, fanorona::win_score, 1, true);
  CHECK(probe.move == -1);
  CHECK(probe.score == fanorona::win_score - 6);

  table.enable(false);
  CHECK(table.probe(key, 1, -100, 100, 1, true).move == -1);
  table.enable(true);
  table.clear();
  CHECK(table.probe(key, 1, -100, 100, 1, true).move == -1);
}

TEST_CASE("a quiescence result never evicts a searched node of the same search", "[search][tt]") {
  using fanorona::detail::Bound;
  fanorona::detail::TranspositionTable table(1);  // 65,536 entries: keys equal in 16 bits collide
  const std::uint64_t a = 0x1000000000000000ULL, b = 0x2000000000000000ULL;
  table.new_search();
  table.store(a, 3, 0, 10, 1, Bound::exact);
  table.store(b, 0, 0, 20, 2, Bound::exact);
  CHECK(table.probe(a, 3, -100, 100, 0, true).move == 1);
  CHECK(table.probe(b, 0, -100, 100, 0, true).move == -1);
  table.new_search();
  table.store(b, 0, 0, 20, 2, Bound::exact);  // a is from an earlier search now
  CHECK(table.probe(b, 0, -100, 100, 0, true).move == 2);
}

TEST_CASE("the clock's budget never spends more than is left", "[search][clock]") {
  using fanorona::GameClock;
  for (std::int64_t remaining : {1, 10, 100, 1000, 60000, 600000})
    for (std::int64_t increment : {0, 100, 2000})
      for (int to_go : {0, 1, 2, 10, 40}) {
        const fanorona::TimeBudget b = fanorona::allocate_time(GameClock{remaining, increment, to_go});
        INFO(remaining << " ms left, +" << increment << ", " << to_go << " to go");
        CHECK(b.soft_ms >= 1);
        CHECK(b.soft_ms <= b.hard_ms);
        CHECK(b.hard_ms <= std::max<std::int64_t>(remaining - 5, 1));
        if (to_go != 1 && remaining >= 100) CHECK(b.hard_ms <= remaining / 3);
      }
  // Sudden death spreads the time over many turns; an increment is spent; the last turn
  // before a time control may use nearly everything.
  CHECK(fanorona::allocate_time(GameClock{60000, 0, 0}).soft_ms == (60000 - 55) / 30);
  CHECK(fanorona::allocate_time(GameClock{60000, 1000, 0}).soft_ms > fanorona::allocate_time(GameClock{60000, 0, 0}).soft_ms);
  CHECK(fanorona::allocate_time(GameClock{10000, 0, 1}).hard_ms >= 9000);
}

TEST_CASE("level 7 on a clock plays legal turns within the budget", "[search][clock][levels]") {
  Searcher searcher(1);
  searcher.set_level(fanorona::max_level, 3);
  CHECK(searcher.settings().limits.max_time_ms > 0);
  Game game;
  const fanorona::GameClock clock{600, 0, 0};  // 20 ms a turn
  for (int i = 0; i < 4 && !game.is_over(); ++i) {
    const auto r = searcher.choose(game, clock);
    CHECK(is_legal(game.position(), r.best));
    CHECK(r.milliseconds <= fanorona::allocate_time(clock).hard_ms + 50);
    REQUIRE(game.play(r.best).has_value());
  }
  // A forced turn costs nothing: no search at all.
  const auto forced = Position::from_fen("9/9/4B4/3W5/W8 B").value();
  if (fanorona::legal_turns(forced).size() == 1) CHECK(searcher.choose(Game::from_fen(forced.to_fen()).value(), clock).nodes == 0);
}

TEST_CASE("contempt makes the side ahead avoid a repetition the side behind seeks", "[search][repetition]") {
  // Material 4 v 1 for Black, with Black to move in a cycle: the plain search already avoids
  // the repetition because it wins; with contempt the score of a repetition is negative for
  // the side ahead and positive for the side behind.
  Searcher searcher(1);
  auto settings = fanorona::level_settings(6);
  settings.contempt = 50;
  searcher.set_settings(settings);
  const Game ahead = cycling_game("BBB5B/9/9/9/W8 W");
  CHECK(searcher.search(ahead, SearchLimits{4, 0, 0}).best.to_string() != "h5-i5");
  const Game behind = cycling_game("8B/9/9/9/W1W1W1W2 W");
  const auto r = searcher.search(behind, SearchLimits{4, 0, 0});
  CHECK(r.best.to_string() == "h5-i5");
  CHECK(r.score == 3 * 50);  // Black is three stones behind: the repetition is worth 3 x 50 to it
}

TEST_CASE("search limits read as what they limit", "[search][limits]") {
  static_assert(SearchLimits::time(250).max_time_ms == 250);
  static_assert(SearchLimits::depth(6).max_depth == 6 && SearchLimits::depth(6).max_nodes == 0);
  static_assert(SearchLimits::nodes(5000).max_nodes == 5000);
  constexpr SearchLimits both = SearchLimits::nodes(5000).with_time(100).with_depth(3);
  static_assert(both.max_nodes == 5000 && both.max_time_ms == 100 && both.max_depth == 3);
  Searcher searcher(1);
  const auto r = searcher.search(Position::initial(), SearchLimits::depth(2).with_nodes(1000000));
  CHECK(r.depth == 2);
}

TEST_CASE("an interrupted first iteration plays and scores the best root turn it finished", "[search][limits]") {
  // Depth 1 from the start costs hundreds of thousands of nodes (every reply's capture chains
  // are played out), so these limits stop the first iteration. Its score is the finished
  // turn's, not the 0 an aborted search returns.
  for (std::uint64_t nodes : {2000u, 20000u}) {
    Searcher searcher(1);
    const auto r = searcher.search(Position::initial(), SearchLimits::nodes(nodes));
    INFO(nodes << " nodes: " << r.best.to_string() << " " << r.score);
    CHECK(r.depth == 1);
    CHECK(r.nodes == nodes);
    CHECK(is_legal(Position::initial(), r.best));
    CHECK(r.score != fanorona::draw_score);
    REQUIRE(!r.pv.empty());
    CHECK(r.pv.front() == r.best);
  }
}

TEST_CASE("stop ends a running search from another thread with a legal turn", "[search][stop]") {
  Searcher searcher(1);
  const Position start = Position::initial();
  std::atomic<bool> started{false};
  searcher.on_iteration([&](const fanorona::SearchResult&) { started = true; });
  std::thread stopper([&] {
    while (!started) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    searcher.stop();
  });
  // Without the stop this search would run for hours.
  const auto r = searcher.search(start, SearchLimits::depth(60));
  stopper.join();
  CHECK(is_legal(start, r.best));
  CHECK(r.depth >= 1);
  CHECK(r.depth < 60);
  // A stop asked for between searches does not cut the next one short.
  searcher.on_iteration({});
  searcher.stop();
  CHECK(searcher.search(start, SearchLimits::depth(3)).depth == 3);
}

TEST_CASE("on_iteration reports every completed iteration, the last as the result", "[search][iteration]") {
  Searcher searcher(1);
  std::vector<fanorona::SearchResult> seen;
  searcher.on_iteration([&](const fanorona::SearchResult& info) { seen.push_back(info); });
  for (const auto& position : sample_positions(20)) {
    if (fanorona::legal_turns(position).size() < 2) continue;
    seen.clear();
    const auto r = searcher.search(position, SearchLimits::depth(4));
    INFO(position.to_fen());
    REQUIRE(!seen.empty());
    for (std::size_t i = 0; i < seen.size(); ++i) {
      CHECK(seen[i].depth == static_cast<int>(i) + 1);
      CHECK(!seen[i].pv.empty());
      CHECK(seen[i].pv.front() == seen[i].best);
      if (i > 0) CHECK(seen[i].nodes >= seen[i - 1].nodes);
    }
    CHECK(seen.back().depth == r.depth);
    CHECK(seen.back().best == r.best);
    CHECK(seen.back().score == r.score);
    CHECK(seen.back().pv == r.pv);
  }
}

TEST_CASE("every level has a name and a line", "[search][levels]") {
  for (int level = fanorona::min_level; level <= fanorona::max_level; ++level) {
    CHECK(!fanorona::level_name(level).empty());
    CHECK(!fanorona::level_description(level).empty());
    for (int other = fanorona::min_level; other < level; ++other)
      CHECK(fanorona::level_name(other) != fanorona::level_name(level));
  }
  CHECK(fanorona::level_name(0) == "Beginner");
  CHECK(fanorona::level_name(99) == "Master");
}

TEST_CASE("the beginner plays some turns at random, never a lost win in one", "[search][levels]") {
  const auto positions = sample_positions(40);
  Searcher searcher(1);
  searcher.set_level(1, 5);
  int random = 0, searched = 0;
  for (const auto& position : positions) {
    if (fanorona::legal_turns(position).size() < 2) continue;
    const auto r = searcher.choose(position);
    CHECK(is_legal(position, r.best));
    (r.depth == 0 ? random : searched) += 1;
  }
  // About 60% of the turns with a choice are random (depth 0: not searched).
  CHECK(random >= 5);
  CHECK(searched >= 5);
  // Level 3 never plays at random.
  searcher.set_level(3, 5);
  for (const auto& position : positions)
    if (fanorona::legal_turns(position).size() >= 2) CHECK(searcher.choose(position).depth >= 1);
}

TEST_CASE("the lead positions are what their file says", "[search][data]") {
  std::ifstream in(FANORONA_TEST_DATA_DIR "/lead-positions.txt");
  REQUIRE(in);
  int count = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto position = Position::from_fen(line);
    INFO(line);
    REQUIRE(position);
    const int own = fanorona::detail::popcount(position->own()), enemy = fanorona::detail::popcount(position->enemy());
    CHECK(own + enemy >= 6);
    CHECK(own + enemy <= 14);
    CHECK(std::abs(own - enemy) >= 1);
    CHECK(std::abs(own - enemy) <= 3);
    CHECK(!fanorona::has_capture(*position));
    ++count;
  }
  CHECK(count >= 100);
}
