// fanorona-endgame: the exact value of an ending, and its best line, from the endgame tables.
//
//   fanorona-endgame [--fen FEN] [--dir DIR]
//
// The position is any board's FEN (default: the start of the 3x3 board, "BBB/B1W/WWW W").
// Without --dir the tables of the position's stones are made in memory, which takes seconds
// for every 3x3 position or up to 5 stones on 9x5; with --dir they are read from the files
// `fanorona-tablebase generate` wrote there. The program prints the value for the side to
// move (win or loss in so many turns, or draw), then plays the tables' best turn for each
// side to the end. Exit status: 0, or 1 when the tables cannot be made or read, 2 for a bad
// argument.
#include <fanorona/any_board.hpp>
#include <fanorona/fanorona.hpp>
#include <fanorona/tablebase.hpp>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

namespace {

// More stones than this on a board larger than 3x3 take too long to make here: such tables
// are made once, to files, by fanorona-tablebase.
constexpr int most_stones_in_memory = 5;

// Makes or reads every table the position needs; false (after a message) when it cannot.
template <class B>
bool prepare(fanorona::BasicTablebase<B>& tables, int stones, const std::string& dir) {
  if (!dir.empty()) {
    const fanorona::Status read = tables.load(dir, stones);
    if (!read) std::fprintf(stderr, "fanorona-endgame: %s\n", read.error().message.c_str());
    return read.has_value();
  }
  if (B::size > 9 && stones > most_stones_in_memory) {
    std::fprintf(stderr, "fanorona-endgame: %d stones: make the tables once with fanorona-tablebase generate, then use"
                         " --dir\n", stones);
    return false;
  }
  const fanorona::Status made = fanorona::generate_tablebase(tables, fanorona::TablebaseOptions{stones, "", nullptr});
  if (!made) std::fprintf(stderr, "fanorona-endgame: %s\n", made.error().message.c_str());
  return made.has_value();
}

// The value of `position`, then the best turn of each side until the game ends.
template <class B>
int show_line(const fanorona::BasicTablebase<B>& tables, fanorona::BasicPosition<B> position) {
  const std::optional<fanorona::TablebaseValue> value = tables.probe(position);
  if (!value) {
    std::fprintf(stderr, "fanorona-endgame: the tables do not cover %s\n", position.to_fen().c_str());
    return 1;
  }
  std::printf("%s: %s for %s\n", position.to_fen().c_str(), value->to_string().c_str(),
              std::string(fanorona::color_name(position.side_to_move())).c_str());
  // A drawn game never ends: show its first turns only.
  const int turns = value->outcome == fanorona::TablebaseOutcome::draw ? 6 : value->distance;
  for (int n = 1; n <= turns; ++n) {
    const std::optional<fanorona::BasicTablebaseTurn<B>> best = tables.best_turn(position);
    if (!best || best->turn.empty()) break;
    std::printf("%3d. %s %-12s (%s)\n", n, std::string(fanorona::color_name(position.side_to_move())).c_str(),
                best->turn.to_string().c_str(), best->value.to_string().c_str());
    position.play(best->turn);
  }
  const fanorona::GameResult result = fanorona::result_of(position);
  std::printf("%s: %s\n", position.to_fen().c_str(), result.is_over() ? result.to_string().c_str() : "still drawn");
  return 0;
}

template <class B>
int run(const fanorona::BasicPosition<B>& position, const std::string& dir) {
  fanorona::BasicTablebase<B> tables;
  const int stones = position.count(fanorona::Color::white) + position.count(fanorona::Color::black);
  if (!prepare(tables, stones, dir)) return 1;
  return show_line(tables, position);
}

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr, "fanorona-endgame: %s\nusage: fanorona-endgame [--fen FEN] [--dir DIR]\n", message.c_str());
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  std::string fen = "BBB/B1W/WWW W", dir;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg != "--fen" && arg != "--dir") usage_error("unknown argument '" + std::string(arg) + "'");
    if (i + 1 >= argc || argv[i + 1][0] == '\0') usage_error(std::string(arg) + " needs a value");
    (arg == "--fen" ? fen : dir) = argv[++i];
  }
  int status = 0;
  const fanorona::Status read = fanorona::with_position(fen, [&](const auto& position) { status = run(position, dir); });
  if (!read) usage_error("bad --fen: " + read.error().message);
  return status;
}
