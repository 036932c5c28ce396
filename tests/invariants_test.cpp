// Invariants over many random games: incremental hash, FEN and notation round trips, undo,
// stone counts, and step-by-step play against complete-turn generation.
#include "catch.hpp"
#include "support.hpp"

#include <random>
#include <set>
#include <string>

namespace {

// Every turn reachable by step-by-step play: depth first over the builder's legal steps,
// recording the turn whenever stopping is allowed.
template <class B>
void collect_by_steps(const fanorona::BasicTurnBuilder<B>& builder, std::multiset<std::string>& out) {
  if (builder.can_stop()) out.insert(builder.turn().to_string());
  for (const fanorona::Step& step : builder.legal_steps()) {
    fanorona::BasicTurnBuilder<B> next = builder;
    REQUIRE(next.play(step));
    collect_by_steps(next, out);
  }
}

template <class B>
void check_invariants(std::uint32_t seed) {
  std::mt19937 rng(seed);
  int positions = 0;
  for (int game_index = 0; game_index < 60; ++game_index) {
    fanorona::BasicGame<B> game;
    while (!game.is_over() && game.turns().size() < 150) {
      const auto& p = game.position();
      INFO(p.to_fen());
      // Hash kept incrementally equals hash recomputed.
      REQUIRE(p.hash() == p.compute_hash());
      // FEN round trip.
      const auto reread = fanorona::BasicPosition<B>::from_fen(p.to_fen());
      REQUIRE(reread.has_value());
      REQUIRE(*reread == p);
      REQUIRE(reread->hash() == p.hash());

      const auto turns = game.legal_turns();
      REQUIRE(turns.complete());
      REQUIRE(turns.size() == fanorona::count_turns(p));
      std::multiset<std::string> generated;
      for (const auto& turn : turns) {
        // Notation round trip, also in lowercase.
        const std::string text = turn.to_string();
        const auto parsed = fanorona::parse_turn(p, text);
        REQUIRE(parsed.has_value());
        REQUIRE(*parsed == turn);
        std::string lower = text;
        for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        REQUIRE(fanorona::parse_turn(p, lower).has_value());
        REQUIRE(*fanorona::parse_turn(p, lower) == turn);
        // Stones only disappear by capture, and only the enemy's.
        const auto after = p.after(turn);
        const fanorona::Color me = p.side_to_move(), them = fanorona::opponent(me);
        REQUIRE(after.count(me) == p.count(me));
        REQUIRE(after.count(them) == p.count(them) - fanorona::detail::popcount(turn.captured()));
        REQUIRE((turn.captured() & ~p.stones(them)) == 0);
        fanorona::Bitboard by_steps = 0;
        for (int i = 0; i < turn.size(); ++i) by_steps |= turn.captured_by_step(i);
        REQUIRE(by_steps == turn.captured());
        REQUIRE(turn.is_capture() == fanorona::has_capture(p));
        generated.insert(text);
      }
      // Step-by-step play reaches exactly the complete-turn list.
      std::multiset<std::string> stepped;
      collect_by_steps(fanorona::BasicTurnBuilder<B>(p), stepped);
      REQUIRE(stepped == generated);

      // Play a random turn, sometimes undo it and check everything came back.
      const auto& turn = turns[std::uniform_int_distribution<std::size_t>(0, turns.size() - 1)(rng)];
      const auto before = p;
      const int repetitions = game.repetitions();
      REQUIRE(game.play(turn));
      if (rng() % 4 == 0) {
        REQUIRE(game.undo());
        REQUIRE(game.position() == before);
        REQUIRE(game.position().hash() == before.hash());
        REQUIRE(game.repetitions() == repetitions);
        REQUIRE(game.play(turn));
      }
      ++positions;
    }
    // Undo all the way back restores the start.
    while (game.undo()) {
    }
    REQUIRE(game.position() == fanorona::BasicPosition<B>::initial());
    REQUIRE(game.turns().empty());
    REQUIRE(game.repetitions() == 1);
  }
  CHECK(positions >= 60);
}

}  // namespace

TEST_CASE("invariants hold over random games on 9x5", "[invariants][paths]") { check_invariants<fanorona::Tsivy>(1); }
TEST_CASE("invariants hold over random games on 5x5", "[invariants][paths]") { check_invariants<fanorona::Dimy>(2); }
TEST_CASE("invariants hold over random games on 3x3", "[invariants][paths]") { check_invariants<fanorona::Telo>(3); }
