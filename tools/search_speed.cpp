// fanorona-search-speed: how fast the computer opponent searches, in positions visited per
// second, over a fixed set of positions searched to a fixed depth (docs/lab/).
//
//   fanorona-search-speed [--depth D] [--positions N] [--level L]
//
// (depth 8, 24 positions and level 7 by default)
// The positions are reached from the start by random turns (seeds 1..N, 4 to 24 turns in),
// each searched to depth D with level L's evaluation by a fresh searcher. The nodes, the
// chosen turns and their scores depend only on the headers, so two builds that search alike
// print the same checksum; their speeds can then be compared run against run. The program
// uses only what the searcher has offered since its first version, so it compiles against
// an earlier version of the headers too.
#include <fanorona/game.hpp>
#include <fanorona/search.hpp>

#include "cli.hpp"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {

const char* usage_text = "usage: fanorona-search-speed [--depth D] [--positions N] [--level L]\n";

// The position after `turns` random turns from the start, drawn from `seed`.
fanorona::Position random_position(std::uint64_t seed, int turns) {
  fanorona::Position position = fanorona::Position::initial();
  std::uint64_t state = seed;
  for (int i = 0; i < turns; ++i) {
    const fanorona::Turn turn = fanorona::random_turn(position, state);
    if (turn.size() == 0) break;
    position = position.after(turn);
  }
  return position;
}

}  // namespace

int main(int argc, char** argv) {
  const tools::Program program{"fanorona-search-speed", usage_text};
  tools::Arguments args(argc, argv);
  int depth = 8, count = 24, level = fanorona::max_level;
  while (args.more()) {
    const std::string_view arg = args.next();
    if (arg == "--depth") {
      depth = static_cast<int>(args.number(arg, 1, 30));
    } else if (arg == "--positions") {
      count = static_cast<int>(args.number(arg, 1, 10000));
    } else if (arg == "--level") {
      level = static_cast<int>(args.number(arg, fanorona::min_level, fanorona::max_level));
    } else {
      tools::usage_error("unknown argument '" + std::string(arg) + "'");
    }
  }
  std::uint64_t nodes = 0, checksum = 0;
  double seconds = 0;
  for (int n = 1; n <= count; ++n) {
    const fanorona::Position position = random_position(static_cast<std::uint64_t>(n), 4 + (n % 6) * 4);
    fanorona::Searcher searcher;
    searcher.set_level(level, 0);
    const fanorona::SearchLimits limits{depth, 0, 0};  // positional: the field names changed
    const auto start = std::chrono::steady_clock::now();
    const fanorona::SearchResult r = searcher.search(position, limits);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    nodes += r.nodes;
    for (char c : r.best.to_string() + " " + std::to_string(r.score) + " " + std::to_string(r.nodes))
      checksum = (checksum ^ static_cast<unsigned char>(c)) * 0x100000001B3ULL;
  }
  std::printf("depth %d, %d positions: %llu nodes in %.3f s, %.0f nodes/s, checksum %016llx\n", depth, count,
              static_cast<unsigned long long>(nodes), seconds, static_cast<double>(nodes) / seconds,
              static_cast<unsigned long long>(checksum));
  return 0;
}
