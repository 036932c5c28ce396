// fanorona-levels: measures the computer opponent's levels as a player meets them: how the
// beginner's "take the biggest capture" player fares against each level, and how long each
// level takes over its first reply of a game (docs/search.md).
//
//   fanorona-levels greedy [--level N] [--games G] [--seed S] [--max-turns T]
//   fanorona-levels first-reply [--level N] [--seed S]
//
// `greedy` plays G games (default 100, in pairs with colors swapped) between the greedy player
// and level N (default 1); the greedy player takes a capture that takes the most stones and
// otherwise moves at random (ties drawn from the seed). A game still on after T turns
// (default 200) counts as a draw. It prints the greedy player's wins, draws and losses.
//
// `first-reply` times level N (default: every level) choosing its first turn of a game: as
// White from the start, and as Black after each of White's first turns, with a fresh searcher
// each time, as a new game has; it prints the median and the slowest.
#include <fanorona/game.hpp>
#include <fanorona/search.hpp>

#include "cli.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {

const char* usage_text =
    "usage: fanorona-levels greedy [--level N] [--games G] [--seed S] [--max-turns T]\n"
    "       fanorona-levels first-reply [--level N] [--seed S]\n";

struct Options {
  int level = 0;  // 0: the command's default
  long long games = 100, seed = 1, max_turns = 200;
};

Options parse_options(tools::Arguments& args) {
  Options o;
  while (args.more()) {
    const std::string_view arg = args.next();
    if (arg == "--level") {
      o.level = static_cast<int>(args.number(arg, fanorona::min_level, fanorona::max_level));
    } else if (arg == "--games") {
      o.games = args.number(arg, 1, 100000);
    } else if (arg == "--seed") {
      o.seed = args.number(arg, 0, 1LL << 62);
    } else if (arg == "--max-turns") {
      o.max_turns = args.number(arg, 1, 100000);
    } else {
      tools::usage_error("unknown argument '" + std::string(arg) + "'");
    }
  }
  return o;
}

int stones_taken(const fanorona::Turn& turn) {
  int n = 0;
  for (fanorona::Bitboard b = turn.captured(); b != 0; b &= b - 1) ++n;
  return n;
}

// A turn that takes the most stones, drawn among the equals; a random paika move when no
// capture is possible (captures are compulsory, so then there is none).
fanorona::Turn greedy_turn(const fanorona::Game& game, std::uint64_t& state) {
  const auto turns = game.legal_turns();
  int most = -1;
  std::vector<fanorona::Turn> best;
  for (const auto& t : turns) {
    const int n = stones_taken(t);
    if (n > most) best.clear();
    if (n >= most) {
      most = n;
      best.push_back(t);
    }
  }
  return best[static_cast<std::size_t>(fanorona::splitmix64(state) % best.size())];
}

// One game; +1 when the greedy player wins, -1 when the level does, 0 for a draw.
int play_game(int level, bool greedy_is_white, std::uint64_t seed, long long max_turns) {
  fanorona::Searcher searcher(4);
  searcher.set_level(level, seed);
  std::uint64_t state = seed;
  fanorona::Game game;
  const fanorona::Color greedy = greedy_is_white ? fanorona::Color::white : fanorona::Color::black;
  while (!game.is_over() && static_cast<long long>(game.turns().size()) < max_turns) {
    const bool greedy_to_move = game.position().side_to_move() == greedy;
    const fanorona::Turn turn = greedy_to_move ? greedy_turn(game, state) : searcher.choose(game).best;
    if (!game.play(turn)) tools::fail("an illegal turn " + turn.to_string());
  }
  const fanorona::Outcome outcome = game.result().outcome;
  if (outcome != fanorona::Outcome::white_wins && outcome != fanorona::Outcome::black_wins) return 0;
  return (outcome == fanorona::Outcome::white_wins) == greedy_is_white ? 1 : -1;
}

int greedy(const Options& o) {
  const int level = o.level ? o.level : fanorona::min_level;
  int wins = 0, draws = 0, losses = 0;
  for (long long g = 0; g < o.games; ++g) {
    const int r = play_game(level, g % 2 == 0, static_cast<std::uint64_t>(o.seed + g / 2), o.max_turns);
    (r > 0 ? wins : r < 0 ? losses : draws) += 1;
  }
  std::printf("greedy vs level %d (%s): %lld games, greedy wins %d, draws %d, losses %d, score %.1f%%\n", level,
              std::string(fanorona::level_name(level)).c_str(), o.games, wins, draws, losses,
              100.0 * (wins + 0.5 * draws) / static_cast<double>(o.games));
  return 0;
}

double choose_ms(int level, std::uint64_t seed, const fanorona::Game& game) {
  fanorona::Searcher searcher;  // a new game's: the default table, nothing learned yet
  searcher.set_level(level, seed);
  const auto start = std::chrono::steady_clock::now();
  const fanorona::SearchResult r = searcher.choose(game);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (r.best.empty()) tools::fail("no turn chosen");
  return ms;
}

int first_reply(const Options& o) {
  std::vector<fanorona::Game> games{fanorona::Game{}};
  for (const auto& t : fanorona::Game{}.legal_turns()) {
    fanorona::Game g;
    if (g.play(t)) games.push_back(g);
  }
  const int low = o.level ? o.level : fanorona::min_level, high = o.level ? o.level : fanorona::max_level;
  for (int level = low; level <= high; ++level) {
    std::vector<double> ms;
    for (const auto& g : games) ms.push_back(choose_ms(level, static_cast<std::uint64_t>(o.seed), g));
    std::sort(ms.begin(), ms.end());
    std::printf("level %d (%s): first reply over %zu openings, median %.0f ms, slowest %.0f ms\n", level,
                std::string(fanorona::level_name(level)).c_str(), ms.size(), ms[ms.size() / 2], ms.back());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const tools::Program program{"fanorona-levels", usage_text};
  tools::Arguments args(argc, argv);
  if (!args.more()) tools::usage_error("a command is needed");
  const std::string_view command = args.next();
  if (command != "greedy" && command != "first-reply") tools::usage_error("unknown command '" + std::string(command) + "'");
  const Options o = parse_options(args);
  return command == "greedy" ? greedy(o) : first_reply(o);
}
