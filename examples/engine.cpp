// fanorona-engine: the computer opponent as a program that another program drives through
// its standard input and output, one line each way; a graphical program in any language, or
// fanorona-match (player `engine:COMMAND`) to play two builds of the library against each
// other (docs/engine.md).
//
//   fanorona-engine [--level N] [--ms MS] [--nodes N] [--depth N] [--hash MB]
//
// Commands, one a line:
//   newgame [SEED]               a new game: forget what the search learned; SEED draws a weak
//                                level's choices (0 by default)
//   position startpos|FEN [turns T1 T2 ...]
//                                the game: where it started and every turn played since, in
//                                the library's notation (the turns are checked: repetitions
//                                count, as in a game)
//   go                           choose a turn for the game's position; the answer is two
//                                lines, `info depth D score S nodes N ms M`, then `turn T`
//   quit                         (or the end of the input) exits
// A command that cannot be carried out is answered by one line, `error MESSAGE`, and the
// engine waits for the next. The options override the level's limits: `--ms` is a time per
// turn, `--nodes 0` lifts a node limit.
//
// Built from an earlier version of the library (`git archive` of a tag), it is that version's
// opponent: that is how a match measures one version against another (docs/engine.md).
#include <fanorona/game.hpp>
#include <fanorona/search.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

namespace {

struct Options {
  int level = fanorona::max_level;
  std::optional<long long> milliseconds, nodes, depth;
  long long table_megabytes = 16;
};

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr,
               "fanorona-engine: %s\n"
               "usage: fanorona-engine [--level N] [--ms MS] [--nodes N] [--depth N] [--hash MB]\n",
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

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const auto value = [&]() -> const char* {
      if (i + 1 >= argc) usage_error(std::string(arg) + " needs a value");
      return argv[++i];
    };
    if (arg == "--level") {
      o.level = static_cast<int>(parse_number(arg, value(), 1, fanorona::max_level));
    } else if (arg == "--ms") {
      o.milliseconds = parse_number(arg, value(), 0, 3600000);
    } else if (arg == "--nodes") {
      o.nodes = parse_number(arg, value(), 0, 1000000000000LL);
    } else if (arg == "--depth") {
      o.depth = parse_number(arg, value(), 0, 60);
    } else if (arg == "--hash") {
      o.table_megabytes = parse_number(arg, value(), 1, 4096);
    } else {
      usage_error("unknown argument '" + std::string(arg) + "'");
    }
  }
  return o;
}

// The first word of `line`, removed from it.
std::string_view take_word(std::string_view& line) {
  const std::size_t start = line.find_first_not_of(' ');
  if (start == std::string_view::npos) {
    line = {};
    return {};
  }
  line.remove_prefix(start);
  const std::size_t end = line.find(' ');
  const std::string_view word = line.substr(0, end);
  line = end == std::string_view::npos ? std::string_view{} : line.substr(end + 1);
  return word;
}

class Engine {
 public:
  explicit Engine(const Options& options)
      : options_(options), searcher_(static_cast<std::size_t>(options.table_megabytes)) {
    new_game(0);
  }

  void new_game(std::uint64_t seed) {
    searcher_.set_level(options_.level, seed);
    fanorona::LevelSettings settings = searcher_.settings();
    if (options_.milliseconds) settings.limits.max_time_ms = *options_.milliseconds;
    if (options_.nodes) settings.limits.max_nodes = static_cast<std::uint64_t>(*options_.nodes);
    if (options_.depth) settings.limits.max_depth = static_cast<int>(*options_.depth);
    searcher_.set_settings(settings);
  }

  // `position startpos|FEN [turns ...]`: the game, or the reason it was refused.
  std::string set_position(std::string_view rest) {
    have_game_ = false;  // a refused position leaves none, so that `go` cannot answer for an old one
    const std::size_t marker = rest.find(" turns");
    std::string_view start = rest.substr(0, marker);
    std::string_view turns = marker == std::string_view::npos ? std::string_view{} : rest.substr(marker + 6);
    while (!start.empty() && start.back() == ' ') start.remove_suffix(1);
    while (!start.empty() && start.front() == ' ') start.remove_prefix(1);
    if (start.empty()) return "position needs 'startpos' or a FEN";
    fanorona::Game game;
    if (start != "startpos") {
      auto parsed = fanorona::Game::from_fen(start);
      if (!parsed) return "bad FEN: " + parsed.error().message;
      game = std::move(parsed).value();
    }
    int number = 0;
    for (std::string_view word = take_word(turns); !word.empty(); word = take_word(turns)) {
      ++number;
      if (auto played = game.play(word); !played)
        return "turn " + std::to_string(number) + " (" + std::string(word) + "): " + played.error().message;
    }
    game_ = std::move(game);
    have_game_ = true;
    return {};
  }

  // `go`: the two answer lines, or an error line.
  std::string go() {
    if (!have_game_) return "error no position: the last position command was refused\n";
    if (game_.is_over()) return "error the game is over (" + game_.result().to_string() + ")\n";
    const fanorona::SearchResult r = searcher_.choose(game_);
    return "info depth " + std::to_string(r.depth) + " score " + std::to_string(r.score) + " nodes " +
           std::to_string(r.nodes) + " ms " + std::to_string(r.milliseconds) + "\nturn " + r.best.to_string() + "\n";
  }

 private:
  Options options_;
  fanorona::Searcher searcher_;
  fanorona::Game game_;
  bool have_game_ = true;  // the start position until a position command says otherwise
};

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse_options(argc, argv);
  Engine engine(options);
  for (std::string text; std::getline(std::cin, text);) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    std::string_view line = text;
    const std::string_view command = take_word(line);
    std::string answer;
    if (command.empty()) {
      continue;
    } else if (command == "quit") {
      break;
    } else if (command == "newgame") {
      const std::string seed(take_word(line));
      char* end = nullptr;
      const unsigned long long value = seed.empty() ? 0 : std::strtoull(seed.c_str(), &end, 10);
      if (!seed.empty() && (*end != '\0' || seed.front() == '-'))
        answer = "error newgame takes a seed, a whole number, not '" + seed + "'\n";
      else
        engine.new_game(value);
    } else if (command == "position") {
      if (const std::string error = engine.set_position(line); !error.empty()) answer = "error " + error + "\n";
    } else if (command == "go") {
      answer = engine.go();
    } else {
      answer = "error unknown command '" + std::string(command) + "'\n";
    }
    std::cout << answer << std::flush;
  }
  return 0;
}
