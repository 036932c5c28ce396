// fanorona-tablebase: endgame tables by retrograde analysis (docs/tablebases.md).
//
//   fanorona-tablebase generate --board 9x5 --stones 5 --dir DIR    every table of up to 5 stones
//   fanorona-tablebase verify   --board 9x5 --stones 5 --dir DIR [--samples N] [--sample-depth D]
//   fanorona-tablebase probe    --dir DIR --fen FEN                  value, distance, best turn
//   fanorona-tablebase solve    --board 3x3 [--dir DIR] [--stones N] the start position's value
//
// `generate` writes one file per material and skips the files already there that read back
// with a good checksum, so an interrupted run resumes. A table line goes to standard output
// when a table is done; progress goes to standard error. A bad argument prints a message on
// stderr and exits with status 2; a failed step exits with status 1.
#include <fanorona/any_board.hpp>
#include <fanorona/fanorona.hpp>
#include <fanorona/tablebase.hpp>

#include "cli.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_set>
#include <vector>
#if defined(_WIN32)
#include <io.h>
#else
#include <unistd.h>
#endif

namespace {

bool stderr_is_terminal() {
#if defined(_WIN32)
  return _isatty(2) != 0;
#else
  return isatty(2) != 0;
#endif
}

constexpr const char* usage_text =
    "usage: fanorona-tablebase generate --board 9x5|5x5|3x3 --stones N --dir DIR\n"
    "       fanorona-tablebase verify --board 9x5|5x5|3x3 --stones N --dir DIR [--samples N] [--sample-depth D]\n"
    "       fanorona-tablebase probe --dir DIR --fen FEN\n"
    "       fanorona-tablebase solve --board 9x5|5x5|3x3 [--stones N] [--dir DIR]\n";

struct Options {
  std::string command;
  std::string board = "9x5";
  int stones = 0;  // 0: the command's default
  std::string dir;
  std::string fen;
  std::uint64_t samples = 200;
  int sample_depth = 5;
};

Options parse_options(int argc, char** argv) {
  Options o;
  if (argc < 2) tools::usage_error("which command: generate, verify, probe or solve?");
  o.command = argv[1];
  if (o.command == "--help" || o.command == "-h") tools::print_usage();
  if (o.command != "generate" && o.command != "verify" && o.command != "probe" && o.command != "solve")
    tools::usage_error("unknown command '" + o.command + "'");
  for (tools::Arguments args(argc, argv, 2); args.more();) {
    const std::string_view arg = args.next();
    if (arg == "--board")
      o.board = args.value(arg);
    else if (arg == "--stones")
      o.stones = static_cast<int>(args.number(arg, 2, 44));
    else if (arg == "--dir")
      o.dir = args.value(arg);
    else if (arg == "--fen")
      o.fen = args.value(arg);
    else if (arg == "--samples")
      o.samples = static_cast<std::uint64_t>(args.number(arg, 0, 100000000));
    else if (arg == "--sample-depth")
      o.sample_depth = static_cast<int>(args.number(arg, 0, 15));
    else
      tools::usage_error("unknown argument '" + std::string(arg) + "'");
  }
  if ((o.command == "generate" || o.command == "verify") && (o.dir.empty() || o.stones == 0))
    tools::usage_error(o.command + " needs --stones and --dir");
  if (o.command == "probe" && (o.dir.empty() || o.fen.empty())) tools::usage_error("probe needs --dir and --fen");
  return o;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Progress on standard error: one line rewritten in place on a terminal, otherwise a line
// every ten seconds (for logs of long runs).
class ProgressDisplay {
 public:
  ProgressDisplay() : terminal_(stderr_is_terminal()) {}

  void operator()(const fanorona::TablebaseProgress& p) {
    using Stage = fanorona::TablebaseProgress::Stage;
    if (p.stage == Stage::written || p.stage == Stage::loaded) {
      if (terminal_) std::fprintf(stderr, "\r\033[K");
      return;
    }
    const auto now = std::chrono::steady_clock::now();
    if (!terminal_ && now - last_ < std::chrono::seconds(10)) return;
    last_ = now;
    const char* stage = p.stage == Stage::seeding ? "seeding" : p.stage == Stage::solving ? "solving" : "verifying";
    const double percent = p.total ? 100.0 * static_cast<double>(p.done) / static_cast<double>(p.total) : 0.0;
    if (p.stage == Stage::solving)
      std::fprintf(stderr, "%s%s %s: distance %d, %llu of %llu slots decided, %.0f s%s", terminal_ ? "\r\033[K" : "",
                   p.material.to_string().c_str(), stage, p.layer, static_cast<unsigned long long>(p.done),
                   static_cast<unsigned long long>(p.total), p.seconds, terminal_ ? "" : "\n");
    else
      std::fprintf(stderr, "%s%s %s: %.1f%%, %.0f s%s", terminal_ ? "\r\033[K" : "", p.material.to_string().c_str(), stage,
                   percent, p.seconds, terminal_ ? "" : "\n");
    std::fflush(stderr);
  }

 private:
  bool terminal_;
  std::chrono::steady_clock::time_point last_{};
};

template <class B>
void print_table(const fanorona::BasicTablebase<B>& tables, fanorona::Material m) {
  const fanorona::TablebaseTableInfo i = tables.info(m);
  std::printf("%dx%d %-5s %12llu slots %12llu positions: %12llu wins %10llu draws %12llu losses, longest %3d, %s %.2f s\n",
              B::width, B::height, m.to_string().c_str(), static_cast<unsigned long long>(i.entries),
              static_cast<unsigned long long>(i.positions()), static_cast<unsigned long long>(i.wins),
              static_cast<unsigned long long>(i.draws), static_cast<unsigned long long>(i.losses), i.longest,
              i.from_file ? "loaded in" : "generated in", i.seconds);
  std::fflush(stdout);
}

// Generates (or loads) every table up to `stones`, printing a line per table.
template <class B>
void build(fanorona::BasicTablebase<B>& tables, int stones, const std::string& dir) {
  const auto start = std::chrono::steady_clock::now();
  ProgressDisplay display;
  fanorona::TablebaseOptions options{stones, dir, nullptr};
  options.progress = [&](const fanorona::TablebaseProgress& p) {
    display(p);
    if (p.stage == fanorona::TablebaseProgress::Stage::written || p.stage == fanorona::TablebaseProgress::Stage::loaded) {
      print_table(tables, p.material);
      if (p.material.swapped() != p.material) print_table(tables, p.material.swapped());
    }
  };
  if (const fanorona::Status status = fanorona::generate_tablebase(tables, options); !status)
    tools::fail(status.error().message);
  std::printf("%dx%d up to %d stones: %llu bytes of tables, %.1f s\n", B::width, B::height, stones,
              static_cast<unsigned long long>(tables.bytes()), seconds_since(start));
}

template <class B>
int generate(const Options& o) {
  std::error_code error;
  std::filesystem::create_directories(o.dir, error);
  if (error) tools::fail("cannot create the folder " + o.dir + ": " + error.message());
  fanorona::BasicTablebase<B> tables;
  build(tables, o.stones, o.dir);
  return 0;
}

template <class B>
int verify(const Options& o) {
  fanorona::BasicTablebase<B> tables;
  if (const fanorona::Status s = tables.load(o.dir, o.stones); !s) tools::fail(s.error().message);
  const auto start = std::chrono::steady_clock::now();
  ProgressDisplay display;
  fanorona::TablebaseVerifyOptions options{o.samples, o.sample_depth, 1, nullptr};
  options.progress = [&](const fanorona::TablebaseProgress& p) { display(p); };
  for (int total = 2; total <= o.stones; ++total)
    for (int own = 1; own < total; ++own) {
      const fanorona::Material m{own, total - own};
      if (!tables.has(m)) continue;
      const auto table_start = std::chrono::steady_clock::now();
      const auto report = fanorona::verify_tablebase(tables, m, options);
      display({m, fanorona::TablebaseProgress::Stage::written, 0, 0, 0, 0});
      if (!report) tools::fail(report.error().message);
      std::printf("%dx%d %-5s verified: %llu positions against their turns, %llu re-searched, %.2f s\n", B::width,
                  B::height, m.to_string().c_str(), static_cast<unsigned long long>(report->positions),
                  static_cast<unsigned long long>(report->searched), seconds_since(table_start));
      std::fflush(stdout);
    }
  std::printf("all tables up to %d stones verified in %.1f s\n", o.stones, seconds_since(start));
  return 0;
}

// The value and best turn of a position, then the line of best turns to the end.
template <class B>
int show(const fanorona::BasicTablebase<B>& tables, fanorona::BasicPosition<B> position) {
  const auto best = tables.best_turn(position);
  if (!best) tools::fail(position.to_fen() + " is not covered by the tables in memory");
  std::printf("%s: %s for %s", position.to_fen().c_str(), best->value.to_string().c_str(),
              std::string(fanorona::color_name(position.side_to_move())).c_str());
  if (!best->turn.empty()) std::printf(", best turn %s", best->turn.to_string().c_str());
  std::printf("\n");
  if (best->value.outcome == fanorona::TablebaseOutcome::draw) return 0;
  std::printf("line:");
  for (int ply = 0; ply < best->value.distance; ++ply) {
    const auto next = tables.best_turn(position);
    if (!next || next->turn.empty()) break;
    std::printf(" %s", next->turn.to_string().c_str());
    position.play(next->turn);
  }
  std::printf("\nend: %s (%s)\n", position.to_fen().c_str(), fanorona::result_of(position).to_string().c_str());
  return 0;
}

template <class B>
int probe(const Options& o, const fanorona::BasicPosition<B>& position) {
  fanorona::BasicTablebase<B> tables;
  const int stones = position.count(fanorona::Color::white) + position.count(fanorona::Color::black);
  if (const fanorona::Status s = tables.load(o.dir, stones); !s) tools::fail(s.error().message);
  return show(tables, position);
}

// Every position reachable from `start` by legal turns, with how many the tables call won,
// drawn and lost for the side to move.
template <class B>
void count_reachable(const fanorona::BasicTablebase<B>& tables, const fanorona::BasicPosition<B>& start) {
  std::unordered_set<fanorona::BasicPosition<B>> seen{start};
  std::vector<fanorona::BasicPosition<B>> frontier{start};
  std::uint64_t outcome[3] = {0, 0, 0};
  while (!frontier.empty()) {
    const fanorona::BasicPosition<B> p = frontier.back();
    frontier.pop_back();
    if (const auto v = tables.probe(p)) ++outcome[static_cast<int>(v->outcome)];
    fanorona::for_each_turn(p, [&](const fanorona::BasicTurn<B>& turn) {
      const fanorona::BasicPosition<B> next = p.after(turn);
      if (seen.insert(next).second) frontier.push_back(next);
    });
  }
  std::printf("positions reachable from the start (stones and side to move, the start included): %llu\n",
              static_cast<unsigned long long>(seen.size()));
  std::printf("  for the side to move: %llu won, %llu drawn, %llu lost\n", static_cast<unsigned long long>(outcome[2]),
              static_cast<unsigned long long>(outcome[1]), static_cast<unsigned long long>(outcome[0]));
}

template <class B>
int solve(const Options& o) {
  const auto start = fanorona::BasicPosition<B>::initial();
  const int all = 2 * B::stones_per_side;
  const int stones = o.stones ? o.stones : all;
  fanorona::BasicTablebase<B> tables;
  build(tables, stones, o.dir);
  if (!tables.covers(all)) {
    std::printf("the start has %d stones: tables of up to %d stones do not cover it\n", all, stones);
    return 0;
  }
  count_reachable(tables, start);
  return show(tables, start);
}

}  // namespace

int main(int argc, char** argv) {
  const tools::Program program{"fanorona-tablebase", usage_text};
  const Options o = parse_options(argc, argv);
  int exit_status = 0;
  if (o.command == "probe") {
    const fanorona::Status status = fanorona::with_position(o.fen, [&](const auto& position) { exit_status = probe(o, position); });
    if (!status) tools::usage_error("bad --fen: " + status.error().message);
    return exit_status;
  }
  const auto size = fanorona::parse_board_size(o.board);
  if (!size) tools::usage_error(size.error().message);
  const fanorona::Status status = fanorona::with_board(*size, [&](auto board) {
    using B = decltype(board);
    if (o.command == "generate")
      exit_status = generate<B>(o);
    else if (o.command == "verify")
      exit_status = verify<B>(o);
    else
      exit_status = solve<B>(o);
  });
  if (!status) tools::usage_error(status.error().message);
  return exit_status;
}
