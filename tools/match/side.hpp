// fanorona-match's sides: a searcher, an engine program or the random mover, and one game
// played between two of them.
#ifndef FANORONA_TOOLS_MATCH_SIDE_HPP
#define FANORONA_TOOLS_MATCH_SIDE_HPP

#include <fanorona/search.hpp>
#include <fanorona/tablebase/tables.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>

#include "../cli.hpp"
#include "engine_process.hpp"
#include "player.hpp"

namespace match {

// One side of a game: a searcher playing a level, an engine program, or the random mover.
class Side {
 public:
  Side(const Player& player, const fanorona::Tablebase* tables) : player_(player) {
    if (!player.engine_command.empty()) {
      engine_ = std::make_unique<EngineProcess>(player.engine_command);
      return;
    }
    if (player.random) return;
    searcher_ = std::make_unique<fanorona::Searcher>(player.table_megabytes);
    if (player.tables) searcher_->set_tablebase(tables);
    if (player.network) searcher_->set_network(player.network.get());
  }
  void new_game(std::uint64_t seed) {
    random_state_ = seed;
    remaining_ms_ = player_.clock_ms;
    flagged_ = false;
    if (engine_) engine_->send("newgame " + std::to_string(seed));
    if (searcher_) {
      searcher_->set_level(player_.settings.level, seed);
      searcher_->set_settings(player_.settings);
      searcher_->set_weights(player_.weights);
    }
  }
  fanorona::Turn pick(const fanorona::Game& game) {
    if (engine_) return ask_engine(game);
    if (!searcher_) return fanorona::random_turn(game.position(), random_state_);
    if (static_cast<int>(game.turns().size()) < player_.opening_turns) {
      // The game's first turns (opening included) think for another time: what is the
      // opening worth?
      fanorona::LevelSettings settings = player_.settings;
      settings.limits.max_time_ms = player_.opening_ms;
      searcher_->set_settings(settings);
      const fanorona::Turn turn = searcher_->choose(game).best;
      searcher_->set_settings(player_.settings);
      return turn;
    }
    if (player_.clock_ms == 0) return searcher_->choose(game).best;
    // A clocked player: the time the whole call takes comes off its clock.
    const auto start = std::chrono::steady_clock::now();
    const fanorona::Turn turn = searcher_->choose(game, fanorona::GameClock{remaining_ms_, player_.increment_ms, 0}).best;
    remaining_ms_ -= std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    if (remaining_ms_ < 0) flagged_ = true;
    remaining_ms_ += player_.increment_ms;
    return turn;
  }
  // A clocked player whose clock fell below zero in this game: it loses on time.
  bool flagged() const { return flagged_; }

 private:
  // The engine is told the whole game (so it knows the repetitions) and answers with a turn.
  fanorona::Turn ask_engine(const fanorona::Game& game) {
    std::string command = "position " + game.start_position().to_fen();
    if (!game.turns().empty()) command += " turns";
    for (const auto& t : game.turns()) command += " " + t.to_string();
    engine_->send(command);
    engine_->send("go");
    for (;;) {
      const std::string line = engine_->receive();
      if (line.rfind("error", 0) == 0) engine_failed(player_.engine_command, "answered: " + line);
      if (line.rfind("turn ", 0) != 0) continue;  // `info` and anything else an engine says
      auto turn = fanorona::parse_turn(game.position(), std::string_view(line).substr(5));
      if (!turn) engine_failed(player_.engine_command, "chose an illegal turn, " + line.substr(5) + ": " + turn.error().message);
      return *turn;
    }
  }

  Player player_;
  std::unique_ptr<EngineProcess> engine_;
  std::int64_t remaining_ms_ = 0;
  bool flagged_ = false;
  std::unique_ptr<fanorona::Searcher> searcher_;
  std::uint64_t random_state_ = 0;
};

// How a game ended, seen by A.
enum class GameEnd { a_wins, b_wins, draw, adjudicated };

// The stones of each side: the side to move's, the other's.
inline int own_stones(const fanorona::Position& p) { return p.count(p.side_to_move()); }
inline int enemy_stones(const fanorona::Position& p) { return p.count(fanorona::opponent(p.side_to_move())); }

// --leads-out: up to two lead positions of a game (6-14 stones, one side 1-3 stones ahead,
// no capture pending, as a capture would change the material at once): the first one, and
// the first later one with at least two stones fewer.
class LeadWriter {
 public:
  explicit LeadWriter(std::ofstream* out) noexcept : out_(out) {}

  void offer(const fanorona::Position& p) {
    if (!out_ || written_ == 2) return;
    const int own = own_stones(p), enemy = enemy_stones(p), stones = own + enemy;
    const int lead = own > enemy ? own - enemy : enemy - own;
    if (stones < 6 || stones > 14 || lead < 1 || lead > 3 || stones >= stones_ - 1 || fanorona::has_capture(p)) return;
    *out_ << p.to_fen() << '\n';
    stones_ = stones;
    ++written_;
  }

 private:
  std::ofstream* out_;
  int stones_ = 99, written_ = 0;
};

// Plays `game` to its end or to `max_turns` turns (counted from the game's first position),
// A playing White when `a_white`. A clocked player whose clock falls below zero loses on time
// (and `flags` counts it).
inline GameEnd play_game(fanorona::Game& game, Side& a, Side& b, bool a_white, int max_turns, LeadWriter leads,
                         int& flags) {
  while (!game.is_over() && static_cast<int>(game.turns().size()) < max_turns) {
    leads.offer(game.position());
    const bool a_moves = (game.position().side_to_move() == fanorona::Color::white) == a_white;
    Side& mover = a_moves ? a : b;
    const fanorona::Turn turn = mover.pick(game);
    if (mover.flagged()) {
      ++flags;
      return a_moves ? GameEnd::b_wins : GameEnd::a_wins;
    }
    if (const fanorona::Status s = game.play(turn); !s) tools::fail("a player chose an illegal turn: " + s.error().message);
  }
  const fanorona::GameResult r = game.result();
  if (!r.is_over()) return GameEnd::adjudicated;
  if (r.outcome == fanorona::Outcome::draw) return GameEnd::draw;
  return (r.outcome == fanorona::Outcome::white_wins) == a_white ? GameEnd::a_wins : GameEnd::b_wins;
}

}  // namespace match

#endif  // FANORONA_TOOLS_MATCH_SIDE_HPP
