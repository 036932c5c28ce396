// fanorona-perft: counts turn sequences from a position, with timing, or divides by first turn.
//
//   fanorona-perft [--fen FEN] [--depth N] [--divide] [--board 9x5|5x5|3x3] [--threads N]
//                  [--instruction-set portable|bmi2|avx2|avx512|list]
//
// Output (a contract other tools read):
//   perft <d> <count> <seconds> s <nodes/s> nodes/s      one line per depth 1..N
//   <turn> <count> ... then total <count>                  with --divide
// --instruction-set forces one of the generator's paths (docs/perft.md, "Instruction sets");
// `list` prints the paths this machine runs, the one used by default first.
// A bad argument (an empty value included) or FEN prints a message on stderr and exits with
// status 2.
#include <fanorona/fanorona.hpp>
#include <fanorona/parallel_perft.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

namespace {

struct Options {
  std::optional<std::string> fen;  // the initial position when not given
  int depth = 6;
  bool divide = false;
  std::string board = "9x5";
  unsigned threads = 1;
};

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr,
               "fanorona-perft: %s\n"
               "usage: fanorona-perft [--fen FEN] [--depth N] [--divide] [--board 9x5|5x5|3x3] [--threads N]\n"
               "                      [--instruction-set portable|bmi2|avx2|avx512|list]\n",
               message.c_str());
  std::exit(2);
}

int parse_number(std::string_view option, const char* text, int low, int high) {
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || value < low || value > high)
    usage_error(std::string(option) + " takes a whole number from " + std::to_string(low) + " to " + std::to_string(high) +
                ", not '" + text + "'");
  return static_cast<int>(value);
}

void use_instruction_set(std::string_view name) {
  if (name == "list") {
    std::printf("%s\n", fanorona::to_string(fanorona::best_instruction_set()));
    for (auto set : {fanorona::InstructionSet::avx512, fanorona::InstructionSet::avx2, fanorona::InstructionSet::bmi2,
                     fanorona::InstructionSet::portable})
      if (set != fanorona::best_instruction_set() && fanorona::is_available(set)) std::printf("%s\n", fanorona::to_string(set));
    std::exit(0);
  }
  const auto set = fanorona::parse_instruction_set(name);
  if (!set) usage_error("--instruction-set: " + set.error().message);
  const fanorona::Status used = fanorona::use_instruction_set(*set);
  if (!used) usage_error("--instruction-set: " + used.error().message);
}

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const auto value = [&]() -> const char* {
      if (i + 1 >= argc) usage_error(std::string(arg) + " needs a value");
      // An empty value is a mistake like any other: `--fen ""` must not mean the start position.
      if (*argv[i + 1] == '\0') usage_error(std::string(arg) + " needs a value, not an empty one");
      return argv[++i];
    };
    if (arg == "--fen")
      o.fen = value();
    else if (arg == "--depth")
      o.depth = parse_number(arg, value(), 0, 30);
    else if (arg == "--divide")
      o.divide = true;
    else if (arg == "--board")
      o.board = value();
    else if (arg == "--threads")
      o.threads = static_cast<unsigned>(parse_number(arg, value(), 1, 256));
    else if (arg == "--instruction-set")
      use_instruction_set(value());
    else if (arg == "--help" || arg == "-h") {
      std::printf("usage: fanorona-perft [--fen FEN] [--depth N] [--divide] [--board 9x5|5x5|3x3] [--threads N]\n"
               "                      [--instruction-set portable|bmi2|avx2|avx512|list]\n");
      std::exit(0);
    } else
      usage_error("unknown argument '" + std::string(arg) + "'");
  }
  if (o.divide && o.depth < 1) usage_error("--divide needs --depth 1 or more");
  return o;
}

template <class B>
int run(const Options& o) {
  auto position = fanorona::BasicPosition<B>::initial();
  if (o.fen) {
    auto parsed = fanorona::BasicPosition<B>::from_fen(*o.fen);
    if (!parsed) {
      std::fprintf(stderr, "fanorona-perft: bad FEN at offset %zu: %s\n", parsed.error().offset, parsed.error().message.c_str());
      return 2;
    }
    position = *parsed;
  }
  if (o.divide) {
    std::uint64_t total = 0;
    for (const auto& entry : fanorona::divide(position, o.depth)) {
      std::printf("%s %llu\n", entry.turn.to_string().c_str(), static_cast<unsigned long long>(entry.count));
      total += entry.count;
    }
    std::printf("total %llu\n", static_cast<unsigned long long>(total));
    return 0;
  }
  for (int d = 1; d <= o.depth; ++d) {
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t count = fanorona::parallel_perft(position, d, o.threads);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("perft %d %llu %.3f s %.0f nodes/s\n", d, static_cast<unsigned long long>(count), seconds,
                seconds > 0 ? static_cast<double>(count) / seconds : 0.0);
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse_options(argc, argv);
  if (options.board == "9x5") return run<fanorona::Tsivy>(options);
  if (options.board == "5x5") return run<fanorona::Dimy>(options);
  if (options.board == "3x3") return run<fanorona::Telo>(options);
  usage_error("--board must be 9x5, 5x5 or 3x3, not '" + options.board + "'");
}
