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

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr,
               "fanorona-levels: %s\n"
               "usage: fanorona-levels greedy [--level N] [--games G] [--seed S] [--max-turns T]\n"
               "       fanorona-levels first-reply [--level N] [--seed S]\n",
               message.c_str());
  std::exit(2);
}

long long parse_number(std::string_view what, const char* text, long long low, long long high) {
  char* end = nullptr;
  const long long value = std::strtoll(text, &end, 10);
  if (*text == '\0' || *end != '\0' || value < low || value > high)
    usage_error(std::string(what) + " takes a whole number from " + std::to_string(low) + " to " +
                std::to_string(high) + ", not '" + text + "'");
  return value;
}

struct Options {
  int level = 0;  // 0: the command's default
  long long games = 100, seed = 1, max_turns = 200;
};

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (i + 1 >= argc) usage_error(std::string(arg) + " needs a value");
    const char* value = argv[++i];
    if (arg == "--level") {
      o.level = static_cast<int>(parse_number(arg, value, fanorona::min_level, fanorona::max_level));
    } else if (arg == "--games") {
      o.games = parse_number(arg, value, 1, 100000);
    } else if (arg == "--seed") {
      o.seed = parse_number(arg, value, 0, 1LL << 62);
    } else if (arg == "--max-turns") {
      o.max_turns = parse_number(arg, value, 1, 100000);
    } else {
      usage_error("unknown argument '" + std::string(arg) + "'");
    }
  }
  return o;
}

// A small generator for the greedy player's ties (splitmix64).
std::uint64_t next_random(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
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
  return best[static_cast<std::size_t>(next_random(state) % best.size())];
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
    if (!game.play(turn)) {
      std::fprintf(stderr, "fanorona-levels: an illegal turn %s\n", turn.to_string().c_str());
      std::exit(1);
    }
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
  fanorona::Searcher searcher;  // a new game's: the default table, nothing learnt yet
  searcher.set_level(level, seed);
  const auto start = std::chrono::steady_clock::now();
  const fanorona::SearchResult r = searcher.choose(game);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (r.best.empty()) usage_error("no turn chosen");
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
  if (argc < 2) usage_error("a command is needed");
  const std::string_view command = argv[1];
  const Options o = parse_options(argc, argv);
  if (command == "greedy") return greedy(o);
  if (command == "first-reply") return first_reply(o);
  usage_error("unknown command '" + std::string(command) + "'");
}
