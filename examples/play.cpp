// fanorona-play: Fanorona in the terminal, against the computer or another person.
//
// A tour of the library's public API as a game program uses it:
//   - fanorona::Game keeps the game: it plays turns, undoes them, and says when and why the
//     game is over (GameResult);
//   - fanorona::parse_turn reads a whole turn as a player types it (`d2-e3A-d4W`); when it
//     refuses one, its Error names the rule and the place in the text;
//   - fanorona::TurnBuilder plays a turn one step at a time: fanorona::parse_step reads each
//     typed step, the builder checks the chain rules and lists the legal next steps, which
//     fanorona::to_string prints;
//   - fanorona::Searcher (<fanorona/search.hpp>) chooses the computer's turns and the hints;
//   - fanorona::GameRecord (<fanorona/record.hpp>) saves and loads games (`save`, `load`,
//     --record keeps a file up to date), and fanorona::to_svg (<fanorona/svg.hpp>) draws the
//     position for `svg FILE`.
//
//   fanorona-play [--white human|computer] [--black human|computer] [--level N]
//                 [--white-level N] [--black-level N] [--seed S] [--fen FEN]
//                 [--max-turns N] [--record FILE] [--clock MIN[+SEC]] [--tablebase N]
//                 [--tablebase-dir DIR] [--ascii] [--color]
//
// Defaults: White human, Black computer, level 3, seed 1. `help` lists the commands. When
// standard input is not a terminal, lines are read one by one (and echoed), so a script can
// drive a game; with two computers a whole game is played and printed. Exit status: 0 at a
// normal end (quit, end of input, game over), 2 for bad arguments. See docs/play.md.
//
// The file reads top to bottom: the command line, the terminal, drawing the board, then the
// game itself (class Terminal): its main loop, the computer's turns, typed turns and steps,
// and the commands.
#include <fanorona/record.hpp>
#include <fanorona/record_reader.hpp>
#include <fanorona/search.hpp>
#include <fanorona/search/tablebase.hpp>
#include <fanorona/svg.hpp>

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace {

using fanorona::Color;
using fanorona::Point;
using fanorona::Tsivy;

// ---- The command line ---------------------------------------------------------------------

struct Options {
  bool computer[2] = {false, true};  // indexed by Color: White, Black
  int level[2] = {3, 3};
  std::uint64_t seed = 1;
  std::optional<std::string> fen;
  std::optional<std::string> record;  // a file that always holds the game so far
  int max_turns = 0;
  std::int64_t clock_ms = 0;      // --clock: each computer's game clock (0: the level's time)
  std::int64_t increment_ms = 0;  // and its increment per turn
  int tablebase_stones = 0;       // --tablebase: endgame tables up to this many stones
  std::string tablebase_dir;      // --tablebase-dir: read them from there instead of making them
  bool ascii = false;
  bool force_color = false;
};

const char* usage_text =
    "usage: fanorona-play [--white human|computer] [--black human|computer] [--level N]\n"
    "                     [--white-level N] [--black-level N] [--seed S] [--fen FEN]\n"
    "                     [--max-turns N] [--record FILE] [--clock MIN[+SEC]] [--tablebase N]\n"
    "                     [--tablebase-dir DIR] [--ascii] [--color]\n";

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr, "fanorona-play: %s\n%s", message.c_str(), usage_text);
  std::exit(2);
}

long long parse_number(std::string_view option, const char* text, long long low, long long high) {
  char* end = nullptr;
  const long long value = std::strtoll(text, &end, 10);
  if (end == text || *end != '\0' || value < low || value > high)
    usage_error(std::string(option) + " takes a whole number from " + std::to_string(low) + " to " + std::to_string(high) +
                ", not '" + text + "'");
  return value;
}

int parse_level(std::string_view option, const char* text) {
  return static_cast<int>(parse_number(option, text, fanorona::min_level, fanorona::max_level));
}

// "5" or "5+2": minutes on the clock, plus seconds added after every turn; fractions allowed.
void parse_clock(std::string_view option, const char* text, Options& o) {
  char* end = nullptr;
  const double minutes = std::strtod(text, &end);
  double seconds = 0;
  bool ok = end != text && minutes > 0 && minutes <= 600;
  if (ok && *end == '+') {
    const char* inc = end + 1;
    seconds = std::strtod(inc, &end);
    ok = end != inc && seconds >= 0 && seconds <= 600;
  }
  if (!ok || *end != '\0')
    usage_error(std::string(option) + " takes minutes and an optional increment in seconds, such as 5 or 3+2, not '" + text +
                "'");
  o.clock_ms = static_cast<std::int64_t>(minutes * 60000.0);
  o.increment_ms = static_cast<std::int64_t>(seconds * 1000.0);
}

bool parse_who(std::string_view option, std::string_view who) {
  if (who == "human") return false;
  if (who == "computer") return true;
  usage_error(std::string(option) + " takes 'human' or 'computer', not '" + std::string(who) + "'");
}

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const auto value = [&]() -> const char* {
      if (i + 1 >= argc) usage_error(std::string(arg) + " needs a value");
      if (*argv[i + 1] == '\0') usage_error(std::string(arg) + " needs a value, not an empty one");
      return argv[++i];
    };
    if (arg == "--white") {
      o.computer[0] = parse_who(arg, value());
    } else if (arg == "--black") {
      o.computer[1] = parse_who(arg, value());
    } else if (arg == "--level") {
      o.level[0] = o.level[1] = parse_level(arg, value());
    } else if (arg == "--white-level") {
      o.level[0] = parse_level(arg, value());
    } else if (arg == "--black-level") {
      o.level[1] = parse_level(arg, value());
    } else if (arg == "--seed") {
      o.seed = static_cast<std::uint64_t>(parse_number(arg, value(), 0, 9223372036854775807LL));
    } else if (arg == "--fen") {
      o.fen = value();
    } else if (arg == "--record") {
      o.record = value();
    } else if (arg == "--max-turns") {
      o.max_turns = static_cast<int>(parse_number(arg, value(), 1, 1000000));
    } else if (arg == "--tablebase") {
      o.tablebase_stones = static_cast<int>(parse_number(arg, value(), 2, 8));
    } else if (arg == "--tablebase-dir") {
      o.tablebase_dir = value();
    } else if (arg == "--clock") {
      parse_clock(arg, value(), o);
    } else if (arg == "--ascii") {
      o.ascii = true;
    } else if (arg == "--color" || arg == "--colour") {  // --colour: the British spelling, read too
      o.force_color = true;
    } else if (arg == "--help" || arg == "-h") {
      std::printf("%s", usage_text);
      std::exit(0);
    } else {
      usage_error("unknown argument '" + std::string(arg) + "'");
    }
  }
  if (!o.tablebase_dir.empty() && o.tablebase_stones == 0) usage_error("--tablebase-dir needs --tablebase N");
  return o;
}

// ---- The terminal ---------------------------------------------------------------------------

// Whether a file descriptor (0: standard input, 1: standard output) is a terminal. Prompts
// and color are for people; a script or a test reading the output wants neither.
#ifdef _WIN32
bool is_terminal(int descriptor) { return _isatty(descriptor) != 0; }
// The Windows console shows ANSI colors only after a SetConsoleMode call, which this small
// program does not make: there color is only used when asked for with --color.
constexpr bool color_on_terminals = false;
#else
bool is_terminal(int descriptor) { return isatty(descriptor) != 0; }
constexpr bool color_on_terminals = true;
#endif

// One line of standard input, however long; false at the end of the input.
bool read_line(std::string& line) {
  line.clear();
  char buffer[512];
  bool got = false;
  while (std::fgets(buffer, sizeof buffer, stdin)) {
    got = true;
    line += buffer;
    if (line.back() == '\n') break;
  }
  return got;
}

std::string trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r' || s[b] == '\n')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r' || s[e - 1] == '\n')) --e;
  return std::string(s.substr(b, e - b));
}

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

std::string plural(std::size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// ---- Drawing the board --------------------------------------------------------------------
//
// The board with its lines: `-` and `|` everywhere, `\` and `/` from the strong points. The
// stone that moved last is in brackets, its starting point is `o`, the points of the stones
// it captured `x`.

// `text` in an ANSI color (`code` such as "1;97"), or as it is when color is off.
std::string paint(bool color, const std::string& text, const char* code) {
  if (!color) return text;
  return std::string("\x1b[") + code + "m" + text + "\x1b[0m";
}

// One point of a rank, three characters wide: ` W `, or `[W]` for the stone that moved.
std::string point_cell(const fanorona::Position& position, Point p, const fanorona::Turn& last, bool color) {
  const auto stone = position.at(p);
  std::string cell;
  if (stone)
    cell = *stone == Color::white ? paint(color, "W", "1;97") : paint(color, "B", "1;91");
  else if (last.captured() & fanorona::point_set(p))
    cell = paint(color, "x", "31");
  else if (!last.empty() && p == last.from())
    cell = paint(color, "o", "36");
  else
    cell = paint(color, ".", "2");
  if (!last.empty() && p == last.to()) return paint(color, "[", "36") + cell + paint(color, "]", "36");
  return " " + cell + " ";
}

// A rank of points (`rank` counts from 0), with its number and the lines along it.
std::string rank_row(const fanorona::Position& position, int rank, const fanorona::Turn& last, bool color) {
  std::string row = " " + std::to_string(rank + 1) + "  ";
  for (int file = 0; file < Tsivy::width; ++file) {
    row += point_cell(position, Tsivy::point_at(file, rank), last, color);
    if (file + 1 < Tsivy::width) row += paint(color, "-", "2");
  }
  return row + "\n";
}

// The lines between rank `rank` and the rank below it: `|` between points of a file, and a
// diagonal in each square, leaving the square's strong corner.
std::string lines_below(int rank, bool color) {
  std::string row = "     ";
  for (int file = 0; file < Tsivy::width; ++file) {
    row += paint(color, "|", "2");
    if (file + 1 == Tsivy::width) break;
    const bool rising = Tsivy::is_strong(Tsivy::point_at(file, rank - 1));  // joins (file+1, rank)
    row += " " + paint(color, rising ? "/" : "\\", "2") + " ";
  }
  return row + "\n";
}

std::string file_letters() {
  std::string row = "     ";
  for (int file = 0; file < Tsivy::width; ++file) {
    row += static_cast<char>('a' + file);
    if (file + 1 < Tsivy::width) row += "   ";
  }
  return row + "\n";
}

void draw_board(const fanorona::Position& position, const fanorona::Turn& last, bool color) {
  std::string out;
  for (int rank = Tsivy::height - 1; rank >= 0; --rank) {
    out += rank_row(position, rank, last, color);
    if (rank > 0) out += lines_below(rank, color);
  }
  out += file_letters();
  std::fputs(out.c_str(), stdout);
}

// ---- The game -------------------------------------------------------------------------------

const char* help_text =
    "Type a turn in notation: the starting point, then each step's destination joined by '-',\n"
    "with A (approach) or W (withdrawal) after a capturing step: e2-e3 (paika), d3-e3A,\n"
    "d2-e3A-d4W. Or play one step at a time: after a capture that the stone could continue,\n"
    "the game lists the next steps; type one (e3-d4W, or just d4W) or 'stop' to end the turn.\n"
    "End a turn at once by adding ' stop' (d2-e3A stop).\n"
    "Commands:\n"
    "  moves       the legal turns (or, during a turn, the legal next steps)\n"
    "  hint        the computer's suggestion, with its score and expected line\n"
    "  undo        take back the step(s) of the turn in progress, or the last turn\n"
    "              (against the computer: back to your previous turn)\n"
    "  stop        end the turn in progress (also: finish)\n"
    "  fen         the position in FEN\n"
    "  load <FEN>  start a game from a position\n"
    "  load <FILE> continue the game recorded in a file (see 'save')\n"
    "  save <FILE> write the game as a game record\n"
    "  svg <FILE>  draw the position, with the last turn, as an SVG image\n"
    "  new         start a new game\n"
    "  help        this text\n"
    "  quit        leave (also: exit)\n";

class Terminal {
 public:
  explicit Terminal(const Options& o)
      : options_(o),
        color_(!o.ascii && (o.force_color || (color_on_terminals && is_terminal(1)))),
        interactive_(is_terminal(0)) {
    seed_engines();
  }

  // Returns the exit status.
  int run() {
    if (options_.fen) {
      const fanorona::Result<fanorona::Game> loaded = fanorona::Game::from_fen(*options_.fen);
      if (!loaded) {
        std::fprintf(stderr, "fanorona-play: bad FEN at offset %zu: %s\n", loaded.error().offset, loaded.error().message.c_str());
        return 2;
      }
      game_ = *loaded;
    }
    clock_left_[0] = clock_left_[1] = options_.clock_ms;
    if (options_.tablebase_stones > 0) {
      // Made in memory at the start (5 stones take seconds, 6 a few minutes), or read from the
      // files `fanorona-tablebase generate` wrote (7 stones take 45 minutes to make once).
      const bool read = !options_.tablebase_dir.empty();
      std::printf("%s the endgame tables of up to %d stones...\n", read ? "Reading" : "Making", options_.tablebase_stones);
      std::fflush(stdout);
      const fanorona::Status made =
          read ? tables_.load(options_.tablebase_dir, options_.tablebase_stones)
               : fanorona::generate_tablebase(tables_, fanorona::TablebaseOptions{options_.tablebase_stones, "", nullptr});
      if (!made) {
        std::fprintf(stderr, "fanorona-play: %s\n", made.error().message.c_str());
        return 2;
      }
      engine_[0].set_tablebase(&tables_);
      engine_[1].set_tablebase(&tables_);
    }
    keep_record();
    std::printf("Fanorona. White: %s. Black: %s. Type 'help' for the commands.\n", describe(Color::white).c_str(),
                describe(Color::black).c_str());
    draw();
    for (;;) {
      if (finished()) {
        if (!any_human()) break;
      } else if (computer_to_move()) {
        computer_turn();
        continue;
      }
      prompt();
      std::string line;
      if (!read_line(line)) {
        if (interactive_) std::printf("\n");
        break;
      }
      line = trim(line);
      if (line.empty()) continue;
      if (!interactive_) std::printf("> %s\n", line.c_str());
      if (!handle(line)) break;
      std::fflush(stdout);
    }
    std::fflush(stdout);
    return 0;
  }

 private:
  // ---- State of the game -------------------------------------------------------------------

  void seed_engines() {
    engine_[0].set_level(options_.level[0], options_.seed);
    engine_[1].set_level(options_.level[1], options_.seed ^ 0xB1ACCULL);
  }
  std::string describe(Color c) const {
    const int i = static_cast<int>(c);
    if (!options_.computer[i]) return "human";
    const int level = options_.level[i];
    return "computer (level " + std::to_string(level) + ", " + std::string(fanorona::level_name(level)) + ")";
  }
  Color side() const { return game_.position().side_to_move(); }
  std::string side_name() const { return std::string(fanorona::color_name(side())); }
  bool any_human() const { return !options_.computer[0] || !options_.computer[1]; }
  bool turn_in_progress() const { return builder_ && builder_->turn().size() > 0; }
  bool capped() const { return options_.max_turns > 0 && static_cast<int>(game_.turns().size()) >= options_.max_turns; }
  bool computer_to_move() const { return options_.computer[static_cast<int>(side())] && !builder_; }

  // True when no turn may be played: the game is over or the turn limit reached. Says so once.
  bool finished() {
    if (!game_.is_over() && !capped()) return false;
    if (!announced_) {
      if (game_.is_over())
        std::printf("Result: %s (after %s)\n", game_.result().to_string().c_str(), plural(game_.turns().size(), "turn").c_str());
      else
        std::printf("Stopped: the turn limit of %d turns was reached; no result.\n", options_.max_turns);
      announced_ = true;
    }
    return true;
  }

  void prompt() const {
    if (!interactive_) return;
    if (turn_in_progress())
      std::printf("%s continues with the stone on %s (a step or 'stop')> ", side_name().c_str(),
                  fanorona::point_name(builder_->stone()).c_str());
    else
      std::printf("%s to move> ", side_name().c_str());
    std::fflush(stdout);
  }

  // The board after the last turn, and whose turn it is.
  void draw() const {
    const fanorona::Turn last = game_.turns().empty() ? fanorona::Turn{} : game_.turns().back();
    draw_board(game_.position(), last, color_);
    if (!last.empty()) std::printf("Last turn: %s; [ ] moved stone, o its start, x captured\n", last.to_string().c_str());
    if (!game_.is_over())
      std::printf("%s to move (turn %zu). FEN %s\n", side_name().c_str(), game_.turns().size() + 1, game_.position().to_fen().c_str());
  }

  // The board during a turn played step by step: the steps so far as if the turn ended now.
  void draw_turn_in_progress() const {
    draw_board(builder_->position(), builder_->turn(), color_);
    std::printf("Steps so far: %s (turn not finished); [ ] moved stone, o its start, x captured\n",
                builder_->turn().to_string().c_str());
  }

  // ---- The computer's turns ------------------------------------------------------------

  void computer_turn() {
    const Color mover = side();
    const int i = static_cast<int>(mover);
    fanorona::SearchResult r;
    if (options_.clock_ms > 0) {
      // The whole call comes off the computer's clock; humans are not timed.
      const auto begin = std::chrono::steady_clock::now();
      r = engine_[i].choose(game_, fanorona::GameClock{clock_left_[i], options_.increment_ms, 0});
      clock_left_[i] -= std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - begin).count();
      if (clock_left_[i] < 0) std::printf("%s (computer) has run out of time.\n", std::string(fanorona::color_name(mover)).c_str());
      clock_left_[i] = std::max<std::int64_t>(clock_left_[i], 0) + options_.increment_ms;
    } else {
      r = engine_[i].choose(game_);
    }
    if (r.best.empty()) return;
    const std::size_t number = game_.turns().size() + 1;
    if (const fanorona::Status s = game_.play(r.best); !s) {
      std::printf("internal error: the computer chose an illegal turn: %s\n", s.error().message.c_str());
      std::exit(1);
    }
    std::printf("%zu. %s (computer) plays %s   [%s, depth %d, %llu nodes", number, std::string(fanorona::color_name(mover)).c_str(),
                r.best.to_string().c_str(), r.score_string().c_str(), r.depth, static_cast<unsigned long long>(r.nodes));
    if (options_.clock_ms > 0)
      std::printf(", %lld ms, clock %lld.%llds", static_cast<long long>(r.milliseconds), static_cast<long long>(clock_left_[i] / 1000),
                  static_cast<long long>(clock_left_[i] % 1000 / 100));
    std::printf("]\n");
    keep_record();
    if (any_human() || game_.is_over() || capped()) draw();
  }

  void hint() {
    if (game_.is_over()) {
      std::printf("The game is over.\n");
      return;
    }
    if (!hint_engine_) hint_engine_ = std::make_unique<fanorona::Searcher>(8);
    const fanorona::SearchResult r = hint_engine_->search(game_, fanorona::SearchLimits::nodes(300000));
    std::printf("Hint: %s   [%s for %s, depth %d; expected line: %s]\n", r.best.to_string().c_str(), r.score_string().c_str(),
                side_name().c_str(), r.depth, r.pv_string().c_str());
    if (turn_in_progress()) std::printf("(the hint is for the whole turn, from the position before your steps)\n");
  }

  // ---- Typed turns and steps -----------------------------------------------------------

  // Input the library refused: its message, and a caret under the place it is about (the
  // Error's offset, counted from `base` in `text`) when there is one.
  static void refuse(const std::string& text, const fanorona::Error& error, std::size_t base = 0) {
    std::printf("Illegal: %s\n", error.message.c_str());
    if (error.offset == fanorona::Error::npos || base + error.offset > text.size()) return;
    std::printf("  %s\n  %s^\n", text.c_str(), std::string(base + error.offset, ' ').c_str());
  }

  // A turn, or the next steps of one, with an optional ` stop` to end it there.
  void play_text(std::string text) {
    bool stop_now = false;
    const std::size_t space = text.find_last_of(" \t");
    if (space != std::string::npos) {
      const std::string last_word = lower(text.substr(space + 1));
      if (last_word == "stop" || last_word == "finish") {
        stop_now = true;
        text = trim(std::string_view(text).substr(0, space));
      }
    }
    if (!(turn_in_progress() ? continue_turn(text) : start_turn(text))) return;
    if (stop_now || builder_->must_stop()) {
      commit();
      return;
    }
    draw_turn_in_progress();
    print_next_steps();
  }

  // A whole turn, or its first steps (the game then asks for more): parse_turn reads the
  // text and checks every step against the position.
  bool start_turn(const std::string& text) {
    const fanorona::Result<fanorona::Turn> turn = fanorona::parse_turn(game_.position(), text);
    if (!turn) {
      refuse(text, turn.error());
      return false;
    }
    builder_.emplace(game_.position());
    return builder_->play(*turn).has_value();  // true: parse_turn has checked each step
  }

  // The next steps of the turn in progress: `d4W`, `e3-d4W` (the stone's own point first), or
  // several, `d4W-c4A`. parse_step reads each destination, starting from where the stone
  // stands, and the builder checks it against the chain rules; either refusal plays nothing.
  bool continue_turn(const std::string& text) {
    fanorona::TurnBuilder trial = *builder_;
    const std::string own_point = fanorona::point_name(trial.stone()) + "-";
    std::size_t at = lower(text).compare(0, own_point.size(), own_point) == 0 ? own_point.size() : 0;
    for (;;) {
      const std::size_t dash = std::min(text.find('-', at), text.size());
      const std::string_view written = std::string_view(text).substr(at, dash - at);
      const fanorona::Result<fanorona::ParsedStep> step = fanorona::parse_step(written, trial.stone());
      if (!step) {
        refuse(text, step.error(), at);
        return false;
      }
      if (const fanorona::Status s = trial.play_step(step->from, step->to, step->capture); !s) {
        refuse(text, fanorona::nested_error(s.error(), "", 0), at);
        return false;
      }
      if (dash == text.size()) break;
      at = dash + 1;
    }
    builder_ = trial;
    return true;
  }

  void print_next_steps() const {
    std::printf("The stone on %s may continue:", fanorona::point_name(builder_->stone()).c_str());
    for (const fanorona::Step& s : builder_->legal_steps()) std::printf(" %s", fanorona::to_string(s).c_str());
    std::printf(", or 'stop' to end the turn.\n");
  }

  // Plays the turn built so far in the game.
  void commit() {
    const fanorona::Turn turn = builder_->turn();
    const std::size_t number = game_.turns().size() + 1;
    const Color mover = side();
    builder_.reset();
    if (const fanorona::Status s = game_.play(turn); !s) {
      std::printf("Illegal: %s\n", s.error().message.c_str());
      return;
    }
    std::printf("%zu. %s plays %s\n", number, std::string(fanorona::color_name(mover)).c_str(), turn.to_string().c_str());
    keep_record();
    draw();
  }

  // ---- Commands --------------------------------------------------------------------------

  // Returns false to quit.
  bool handle(const std::string& line) {
    const std::string word = lower(line.substr(0, line.find(' ')));
    if (word == "quit" || word == "exit") return false;
    if (word == "help" || word == "?")
      std::printf("%s", help_text);
    else if (word == "moves")
      list_moves();
    else if (word == "hint")
      hint();
    else if (word == "undo")
      undo();
    else if (word == "fen")
      std::printf("%s\n", (builder_ ? builder_->start() : game_.position()).to_fen().c_str());
    else if (word == "load")
      load(trim(std::string_view(line).substr(word.size())));
    else if (word == "save")
      save(trim(std::string_view(line).substr(word.size())));
    else if (word == "svg")
      write_svg(trim(std::string_view(line).substr(word.size())));
    else if (word == "new")
      new_game();
    else if (word == "stop" || word == "finish")
      stop();
    else if (finished())
      std::printf("The game is over (%s): 'undo', 'new', 'load <FEN>' or 'quit'.\n",
                  game_.is_over() ? game_.result().to_string().c_str() : "turn limit reached");
    else if (computer_to_move())
      std::printf("It is the computer's turn.\n");
    else
      play_text(line);
    return true;
  }

  void list_moves() const {
    if (game_.is_over()) {
      std::printf("No legal turns: %s.\n", game_.result().to_string().c_str());
      return;
    }
    if (turn_in_progress()) {
      print_next_steps();
      return;
    }
    const fanorona::TurnList turns = game_.legal_turns();
    std::printf("%zu legal turn%s:", turns.size(), turns.size() == 1 ? "" : "s");
    for (std::size_t i = 0; i < turns.size(); ++i) std::printf("%s %s", i % 8 == 0 ? "\n " : "", turns[i].to_string().c_str());
    std::printf("\n");
  }

  void undo() {
    if (turn_in_progress()) {
      builder_.reset();
      std::printf("The steps of this turn were taken back.\n");
      draw();
      return;
    }
    if (game_.turns().empty()) {
      std::printf("Nothing to undo: this is the start of the game.\n");
      return;
    }
    std::size_t undone = 0;
    do {  // against the computer, back to the human's turn
      game_.undo();
      ++undone;
    } while (!game_.turns().empty() && options_.computer[static_cast<int>(side())] && any_human());
    announced_ = false;
    std::printf("Took back %s.\n", plural(undone, "turn").c_str());
    draw();
  }

  // ---- Files: game records and diagrams ------------------------------------------------

  // The game as a record, with who plays each side.
  fanorona::GameRecord record() const {
    fanorona::GameRecord r = fanorona::record_of(game_);
    (void)r.set_tag("Event", "fanorona-play");
    (void)r.set_tag("White", describe(Color::white));
    (void)r.set_tag("Black", describe(Color::black));
    return r;
  }

  static bool write_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    out.close();
    return static_cast<bool>(out);
  }

  void save(const std::string& path) {
    if (path.empty()) {
      std::printf("Save where? 'save <FILE>'.\n");
      return;
    }
    if (!write_file(path, fanorona::to_string(record())))
      std::printf("Cannot write %s.\n", path.c_str());
    else
      std::printf("Saved the game (%s) to %s.\n", plural(game_.turns().size(), "turn").c_str(), path.c_str());
  }

  // Keeps the --record file up to date after every turn, so that it survives any exit.
  void keep_record() const {
    if (options_.record && !write_file(*options_.record, fanorona::to_string(record())))
      std::fprintf(stderr, "fanorona-play: cannot write %s\n", options_.record->c_str());
  }

  void write_svg(const std::string& path) const {
    if (path.empty()) {
      std::printf("Draw where? 'svg <FILE>'.\n");
      return;
    }
    if (!write_file(path, fanorona::to_svg(game_)))
      std::printf("Cannot write %s.\n", path.c_str());
    else
      std::printf("Drew the position to %s.\n", path.c_str());
  }

  // `load` takes a file holding a game record, or a FEN.
  void load(const std::string& argument) {
    std::ifstream file(argument, std::ios::binary);
    if (file) {
      const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
      const fanorona::Result<fanorona::GameRecord> loaded = fanorona::parse_record(text);
      if (!loaded) {
        std::printf("Cannot load %s (at offset %zu): %s\n", argument.c_str(), loaded.error().offset,
                    loaded.error().message.c_str());
        return;
      }
      start(loaded->game(), "Game loaded.");
      return;
    }
    load_fen(argument);
  }

  void load_fen(const std::string& fen) {
    const fanorona::Result<fanorona::Game> loaded = fanorona::Game::from_fen(fen);
    if (!loaded) {
      std::printf("Cannot load that position (at offset %zu): %s\n", loaded.error().offset, loaded.error().message.c_str());
      return;
    }
    start(*loaded, "Position loaded.");
  }

  // A new game replays the same computer choices as the first one with the same seed.
  void new_game() {
    seed_engines();
    start(fanorona::Game(), "New game.");
  }

  void start(const fanorona::Game& game, const char* message) {
    game_ = game;
    builder_.reset();
    announced_ = false;
    clock_left_[0] = clock_left_[1] = options_.clock_ms;
    std::printf("%s\n", message);
    keep_record();
    draw();
  }

  void stop() {
    if (turn_in_progress())
      commit();
    else
      std::printf("No turn is in progress: 'stop' ends a turn played step by step.\n");
  }

  Options options_;
  bool color_;
  bool interactive_;
  bool announced_ = false;  // the end of the game has been printed
  fanorona::Game game_;
  std::optional<fanorona::TurnBuilder> builder_;  // the turn being played step by step
  fanorona::Searcher engine_[2] = {fanorona::Searcher{16}, fanorona::Searcher{16}};  // by Color
  std::int64_t clock_left_[2] = {0, 0};  // --clock: each computer's time left, by Color
  fanorona::Tablebase tables_;            // --tablebase: probed by both computers
  std::unique_ptr<fanorona::Searcher> hint_engine_;
};

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse_options(argc, argv);
  Terminal terminal(options);
  return terminal.run();
}
