// Random playouts on the 9x5 board, the inner loop of Monte Carlo search and self-play:
// through BasicGame (repetition, result, validation of foreign turns) and through bare
// positions (a turn cap instead of repetition). Prints games and turns per second for each
// loop (median of the runs), the ratio, and what the games looked like.
//
//   fanorona-playout [--games N] [--runs R] [--seed S] [--max-turns T]
#include <fanorona/fanorona.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// xorshift64*: fast, and the same sequence on every platform.
struct Random {
  std::uint64_t state;
  std::uint64_t next() noexcept {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545F4914F6CDD1DULL;
  }
  std::size_t below(std::size_t n) noexcept { return static_cast<std::size_t>(next() % n); }
};

struct Tally {
  std::uint64_t games = 0, turns = 0;
  std::uint64_t white = 0, black = 0, draws = 0, capped = 0;
  std::uint64_t no_stones = 0, no_legal_turn = 0;
  std::vector<std::uint32_t> lengths;
};

// Through BasicGame: one game object, reset between games.
Tally game_loop(int games, std::uint64_t seed, int max_turns) {
  Tally t;
  Random rng{seed};
  fanorona::Game game;
  for (int g = 0; g < games; ++g) {
    game.reset();
    int n = 0;
    for (; n < max_turns && !game.is_over(); ++n) {
      const fanorona::TurnList turns = game.legal_turns();
      if (!game.play(turns[rng.below(turns.size())])) std::abort();
    }
    const fanorona::GameResult r = game.result();
    t.white += r.outcome == fanorona::Outcome::white_wins;
    t.black += r.outcome == fanorona::Outcome::black_wins;
    t.draws += r.outcome == fanorona::Outcome::draw;
    t.capped += !r.is_over();
    t.no_stones += r.reason == fanorona::EndReason::no_stones;
    t.no_legal_turn += r.reason == fanorona::EndReason::no_legal_turn;
    t.turns += static_cast<std::uint64_t>(n);
    t.lengths.push_back(static_cast<std::uint32_t>(n));
    ++t.games;
  }
  return t;
}

// Through bare positions: no history, so no repetition; a game ends when the side to move has
// no turn, or at the cap.
Tally position_loop(int games, std::uint64_t seed, int max_turns) {
  Tally t;
  Random rng{seed};
  for (int g = 0; g < games; ++g) {
    fanorona::Position p = fanorona::Position::initial();
    int n = 0;
    for (; n < max_turns; ++n) {
      const fanorona::TurnList turns = fanorona::legal_turns(p);
      if (turns.empty()) break;
      p.play(turns[rng.below(turns.size())]);
    }
    t.turns += static_cast<std::uint64_t>(n);
    t.lengths.push_back(static_cast<std::uint32_t>(n));
    ++t.games;
  }
  return t;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void describe(const char* name, const Tally& t) {
  std::vector<std::uint32_t> l = t.lengths;
  std::sort(l.begin(), l.end());
  const double mean = static_cast<double>(t.turns) / static_cast<double>(t.games);
  std::printf("%s: %llu games, turns per game min %u, median %u, mean %.1f, p90 %u, max %u\n", name,
              static_cast<unsigned long long>(t.games), l.front(), l[l.size() / 2], mean, l[l.size() * 9 / 10], l.back());
}

}  // namespace

int main(int argc, char** argv) {
  int games = 20000, runs = 3, max_turns = 1000;
  std::uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const char* v = argv[i + 1];
    if (!std::strcmp(argv[i], "--games")) games = std::atoi(v);
    else if (!std::strcmp(argv[i], "--runs")) runs = std::atoi(v);
    else if (!std::strcmp(argv[i], "--seed")) seed = std::strtoull(v, nullptr, 10);
    else if (!std::strcmp(argv[i], "--max-turns")) max_turns = std::atoi(v);
    else {
      std::fprintf(stderr, "usage: fanorona-playout [--games N] [--runs R] [--seed S] [--max-turns T]\n");
      return 2;
    }
  }
  if (games < 1 || runs < 1 || max_turns < 1 || seed == 0) {
    std::fprintf(stderr, "fanorona-playout: --games, --runs, --max-turns and --seed must be positive\n");
    return 2;
  }
  std::vector<double> game_rate, game_turn_rate, bare_rate, bare_turn_rate;
  Tally game_tally, bare_tally;
  for (int r = 0; r < runs; ++r) {
    // Interleaved, so that both loops see the same machine.
    auto t0 = std::chrono::steady_clock::now();
    game_tally = game_loop(games, seed, max_turns);
    auto t1 = std::chrono::steady_clock::now();
    bare_tally = position_loop(games, seed, max_turns);
    auto t2 = std::chrono::steady_clock::now();
    const double game_s = std::chrono::duration<double>(t1 - t0).count();
    const double bare_s = std::chrono::duration<double>(t2 - t1).count();
    game_rate.push_back(games / game_s);
    game_turn_rate.push_back(static_cast<double>(game_tally.turns) / game_s);
    bare_rate.push_back(games / bare_s);
    bare_turn_rate.push_back(static_cast<double>(bare_tally.turns) / bare_s);
  }
  std::printf("Game loop:     %.0f games/s, %.0f turns/s (median of %d runs)\n", median(game_rate), median(game_turn_rate), runs);
  std::printf("Position loop: %.0f games/s, %.0f turns/s\n", median(bare_rate), median(bare_turn_rate));
  std::printf("Game / Position, turns per second: %.3f\n", median(game_turn_rate) / median(bare_turn_rate));
  describe("Game loop", game_tally);
  describe("Position loop", bare_tally);
  const double n = static_cast<double>(game_tally.games) / 100.0;
  std::printf("Game outcomes: White %.1f%%, Black %.1f%%, draws by repetition %.1f%%, capped %.1f%%; "
              "wins by no stones %.1f%%, by no legal turn %.1f%%\n",
              static_cast<double>(game_tally.white) / n, static_cast<double>(game_tally.black) / n,
              static_cast<double>(game_tally.draws) / n, static_cast<double>(game_tally.capped) / n,
              static_cast<double>(game_tally.no_stones) / n, static_cast<double>(game_tally.no_legal_turn) / n);
  return 0;
}
