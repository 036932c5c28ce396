// fanorona-search-speed: how fast the computer opponent searches, in positions visited per
// second, over a fixed set of positions searched to a fixed depth (docs/lab/).
//
//   fanorona-search-speed [--depth D] [--positions N] [--level L]
//
// The positions are reached from the start by random turns (seeds 1..N, 4 to 24 turns in),
// each searched to depth D with level L's evaluation by a fresh searcher. The nodes, the
// chosen turns and their scores depend only on the headers, so two builds that search alike
// print the same checksum; their speeds can then be compared run against run. The program
// uses only what the searcher has offered since its first version, so it compiles against
// an earlier version of the headers too.
#include <fanorona/game.hpp>
#include <fanorona/search.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr, "fanorona-search-speed: %s\nusage: fanorona-search-speed [--depth D] [--positions N] [--level L]\n",
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
  int depth = 5, count = 24, level = fanorona::max_level;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (i + 1 >= argc) usage_error(std::string(arg) + " needs a value");
    const char* value = argv[++i];
    if (arg == "--depth") {
      depth = static_cast<int>(parse_number(arg, value, 1, 30));
    } else if (arg == "--positions") {
      count = static_cast<int>(parse_number(arg, value, 1, 10000));
    } else if (arg == "--level") {
      level = static_cast<int>(parse_number(arg, value, fanorona::min_level, fanorona::max_level));
    } else {
      usage_error("unknown argument '" + std::string(arg) + "'");
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
