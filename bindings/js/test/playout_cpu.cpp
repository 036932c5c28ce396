// The native side of bench.sh's random games: the Game loop of tests/bench/playout.cpp (the
// same code, included), alone and timed in CPU seconds, as bench.mjs times the package's.
//   playout_cpu [GAMES]
#define main playout_main
#include "../../../tests/bench/playout.cpp"
#undef main

#include <cstdio>
#include <cstdlib>
#include <ctime>

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 20000;
  const std::clock_t start = std::clock();
  const Tally t = game_loop(games, 1, 1000);
  const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  std::printf("native playout: %d games, per CPU second %.0f games, %.0f turns; %.1f turns a game\n", games,
              static_cast<double>(t.games) / seconds, static_cast<double>(t.turns) / seconds,
              static_cast<double>(t.turns) / static_cast<double>(t.games));
}
