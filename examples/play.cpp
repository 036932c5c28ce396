// fanorona-play: Fanorona in the terminal, against the computer or another person.
//
//   fanorona-play [--white human|computer] [--black human|computer] [--level N]
//                 [--white-level N] [--black-level N] [--seed S] [--fen FEN]
//                 [--max-turns N] [--ascii] [--color]
//
// Defaults: White human, Black computer, level 3, seed 1. Turns are typed in the notation of
// RULES.md (`d2-e3A-d4W`, paika `e2-e3`), whole or one step at a time; `help` lists the
// commands. When standard input is not a terminal, lines are read one by one (and echoed), so
// a script can drive a game; with two computers a whole game is played and printed.
// Exit status: 0 at a normal end (quit, end of input, game over), 2 for bad arguments.
// See docs/play.md.
#include <fanorona/search.hpp>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace {

using fanorona::Color;
using fanorona::Point;
using fanorona::Tsivy;

struct Options {
  bool computer[2] = {false, true};
  int level[2] = {3, 3};
  std::uint64_t seed = 1;
  std::string fen;
  int max_turns = 0;
  bool ascii = false;
  bool force_color = false;
};

const char* usage_text =
    "usage: fanorona-play [--white human|computer] [--black human|computer] [--level N]\n"
    "                     [--white-level N] [--black-level N] [--seed S] [--fen FEN]\n"
    "                     [--max-turns N] [--ascii] [--color]\n";

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
      return argv[++i];
    };
    if (arg == "--white") {
      o.computer[0] = parse_who(arg, value());
    } else if (arg == "--black") {
      o.computer[1] = parse_who(arg, value());
    } else if (arg == "--level") {
      o.level[0] = o.level[1] = static_cast<int>(parse_number(arg, value(), fanorona::min_level, fanorona::max_level));
    } else if (arg == "--white-level") {
      o.level[0] = static_cast<int>(parse_number(arg, value(), fanorona::min_level, fanorona::max_level));
    } else if (arg == "--black-level") {
      o.level[1] = static_cast<int>(parse_number(arg, value(), fanorona::min_level, fanorona::max_level));
    } else if (arg == "--seed") {
      o.seed = static_cast<std::uint64_t>(parse_number(arg, value(), 0, 9223372036854775807LL));
    } else if (arg == "--fen") {
      o.fen = value();
    } else if (arg == "--max-turns") {
      o.max_turns = static_cast<int>(parse_number(arg, value(), 1, 1000000));
    } else if (arg == "--ascii") {
      o.ascii = true;
    } else if (arg == "--color" || arg == "--colour") {
      o.force_color = true;
    } else if (arg == "--help" || arg == "-h") {
      std::printf("%s", usage_text);
      std::exit(0);
    } else {
      usage_error("unknown argument '" + std::string(arg) + "'");
    }
  }
  return o;
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
    "  new         start a new game\n"
    "  help        this text\n"
    "  quit        leave (also: exit)\n";

class Terminal {
 public:
  explicit Terminal(const Options& o)
      : options_(o), colour_(!o.ascii && (o.force_color || isatty(1))), interactive_(isatty(0)) {
    engine_.set_level(o.level[0], o.seed);
    engine_black_.set_level(o.level[1], o.seed ^ 0xB1ACCULL);
  }

  int run() {
    if (!options_.fen.empty()) {
      auto loaded = fanorona::Game::from_fen(options_.fen);
      if (!loaded) {
        std::fprintf(stderr, "fanorona-play: bad FEN at offset %zu: %s\n", loaded.error().offset, loaded.error().message.c_str());
        return 2;
      }
      game_ = *loaded;
    }
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
      if (interactive_) {
        if (builder_ && builder_->steps() > 0)
          std::printf("%s continues with the stone on %s (a step or 'stop')> ", side_name().c_str(),
                      Tsivy::point_name(builder_->stone()).c_str());
        else
          std::printf("%s to move> ", side_name().c_str());
        std::fflush(stdout);
      }
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
  static bool read_line(std::string& line) {
    line.clear();
    char buffer[512];
    bool got = false;
    while (std::fgets(buffer, sizeof buffer, stdin)) {
      got = true;
      line += buffer;
      if (!line.empty() && line.back() == '\n') break;
    }
    return got;
  }

  std::string describe(Color c) const {
    const int i = static_cast<int>(c);
    return options_.computer[i] ? "computer (level " + std::to_string(options_.level[i]) + ")" : "human";
  }
  std::string side_name() const { return std::string(fanorona::color_name(game_.position().side_to_move())); }
  bool any_human() const { return !options_.computer[0] || !options_.computer[1]; }
  bool capped() const { return options_.max_turns > 0 && static_cast<int>(game_.turns().size()) >= options_.max_turns; }
  bool finished() {
    if (game_.is_over()) {
      if (!announced_) {
        std::printf("Result: %s (after %zu turn%s)\n", game_.result().to_string().c_str(), game_.turns().size(), game_.turns().size() == 1 ? "" : "s");
        announced_ = true;
      }
      return true;
    }
    if (capped()) {
      if (!announced_) {
        std::printf("Stopped: the turn limit of %d turns was reached; no result.\n", options_.max_turns);
        announced_ = true;
      }
      return true;
    }
    return false;
  }
  bool computer_to_move() const {
    return options_.computer[static_cast<int>(game_.position().side_to_move())] && !builder_;
  }

  void computer_turn() {
    const Color side = game_.position().side_to_move();
    fanorona::Searcher& engine = side == Color::white ? engine_ : engine_black_;
    const fanorona::SearchResult r = engine.choose(game_);
    if (r.best.empty()) return;
    const std::size_t number = game_.turns().size() + 1;
    const fanorona::Status s = game_.play(r.best);
    if (!s) {
      std::printf("internal error: the computer chose an illegal turn: %s\n", s.error().message.c_str());
      std::exit(1);
    }
    std::printf("%zu. %s (computer) plays %s   [%s, depth %d, %llu nodes]\n", number, std::string(fanorona::color_name(side)).c_str(),
                r.best.to_string().c_str(), r.score_string().c_str(), r.depth, static_cast<unsigned long long>(r.nodes));
    if (any_human() || game_.is_over() || capped()) draw();
  }

  // Returns false to quit.
  bool handle(const std::string& line) {
    const std::string word = lower(line.substr(0, line.find(' ')));
    if (word == "quit" || word == "exit") return false;
    if (word == "help" || word == "?") {
      std::printf("%s", help_text);
    } else if (word == "moves") {
      list_moves();
    } else if (word == "hint") {
      hint();
    } else if (word == "undo") {
      undo();
    } else if (word == "fen") {
      std::printf("%s\n", (builder_ ? builder_->start() : game_.position()).to_fen().c_str());
    } else if (word == "load") {
      const std::string fen = trim(line.size() > 4 ? std::string_view(line).substr(4) : std::string_view());
      auto loaded = fanorona::Game::from_fen(fen);
      if (!loaded) {
        std::printf("Cannot load that position (at offset %zu): %s\n", loaded.error().offset, loaded.error().message.c_str());
      } else {
        game_ = *loaded;
        reset_turn();
        std::printf("Position loaded.\n");
        draw();
      }
    } else if (word == "new") {
      game_ = fanorona::Game();
      reset_turn();
      engine_.set_level(options_.level[0], options_.seed);
      engine_black_.set_level(options_.level[1], options_.seed ^ 0xB1ACCULL);
      std::printf("New game.\n");
      draw();
    } else if (word == "stop" || word == "finish") {
      if (!builder_ || builder_->steps() == 0)
        std::printf("No turn is in progress: 'stop' ends a turn played step by step.\n");
      else
        commit();
    } else if (finished()) {
      std::printf("The game is over (%s): 'undo', 'new', 'load <FEN>' or 'quit'.\n",
                  game_.is_over() ? game_.result().to_string().c_str() : "turn limit reached");
    } else if (computer_to_move()) {
      std::printf("It is the computer's turn.\n");
    } else {
      play_text(line);
    }
    return true;
  }

  void reset_turn() {
    builder_.reset();
    announced_ = false;
  }

  void list_moves() {
    if (game_.is_over()) {
      std::printf("No legal turns: %s.\n", game_.result().to_string().c_str());
      return;
    }
    if (builder_ && builder_->steps() > 0) {
      print_next_steps();
      return;
    }
    const fanorona::TurnList turns = game_.legal_turns();
    std::printf("%zu legal turn%s:", turns.size(), turns.size() == 1 ? "" : "s");
    int column = 0;
    for (const auto& t : turns) {
      if (column % 8 == 0) std::printf("\n ");
      std::printf(" %s", t.to_string().c_str());
      ++column;
    }
    std::printf("\n");
  }

  void print_next_steps() {
    const fanorona::StepList steps = builder_->legal_steps();
    std::printf("The stone on %s may continue:", Tsivy::point_name(builder_->stone()).c_str());
    for (const auto& s : steps)
      std::printf(" %s-%s%s", Tsivy::point_name(s.from).c_str(), Tsivy::point_name(s.to).c_str(),
                  s.capture == fanorona::Capture::approach ? "A" : "W");
    std::printf(", or 'stop' to end the turn.\n");
  }

  void hint() {
    if (game_.is_over()) {
      std::printf("The game is over.\n");
      return;
    }
    if (!hint_engine_) hint_engine_ = std::make_unique<fanorona::Searcher>(8);
    const fanorona::SearchResult r = hint_engine_->search(game_, fanorona::SearchLimits{0, 300000, 0});
    std::printf("Hint: %s   [%s for %s, depth %d; expected line: %s]\n", r.best.to_string().c_str(), r.score_string().c_str(),
                side_name().c_str(), r.depth, r.pv_string().c_str());
    if (builder_ && builder_->steps() > 0) std::printf("(the hint is for the whole turn, from the position before your steps)\n");
  }

  void undo() {
    if (builder_ && builder_->steps() > 0) {
      builder_.reset();
      std::printf("The steps of this turn were taken back.\n");
      draw();
      return;
    }
    if (game_.turns().empty()) {
      std::printf("Nothing to undo: this is the start of the game.\n");
      return;
    }
    int undone = 0;
    do {
      game_.undo();
      ++undone;
    } while (!game_.turns().empty() && options_.computer[static_cast<int>(game_.position().side_to_move())] && any_human());
    announced_ = false;
    std::printf("Took back %d turn%s.\n", undone, undone == 1 ? "" : "s");
    draw();
  }

  // A turn in notation, whole or as the first steps; or, during a turn, the next step(s).
  void play_text(const std::string& input) {
    std::string text = input;
    bool stop_now = false;
    const std::size_t space = text.find_last_of(" \t");
    if (space != std::string::npos) {
      const std::string tail = lower(trim(std::string_view(text).substr(space + 1)));
      if (tail == "stop" || tail == "finish") {
        stop_now = true;
        text = trim(std::string_view(text).substr(0, space));
      }
    }
    if (builder_ && builder_->steps() > 0) {
      if (!continue_steps(text)) return;
    } else {
      auto turn = fanorona::parse_turn(game_.position(), text);
      if (!turn) {
        std::printf("Illegal: %s\n", turn.error().message.c_str());
        if (turn.error().offset != fanorona::Error::npos && turn.error().offset <= text.size())
          std::printf("  %s\n  %s^\n", text.c_str(), std::string(turn.error().offset, ' ').c_str());
        return;
      }
      builder_.emplace(game_.position());
      const fanorona::Status s = builder_->play(*turn);
      if (!s) {  // cannot happen: parse_turn checked it
        std::printf("Illegal: %s\n", s.error().message.c_str());
        builder_.reset();
        return;
      }
    }
    if (stop_now || builder_->must_stop()) {
      commit();
      return;
    }
    draw_board(builder_->position(), builder_->turn(), true);
    print_next_steps();
  }

  // Steps typed during a turn: `e3-d4W`, `d4W`, `d4`, or several: `e3-d4W-c4A`.
  bool continue_steps(const std::string& text) {
    std::string_view rest = text;
    Point from = builder_->stone();
    bool first = true;
    while (!rest.empty()) {
      const std::size_t dash = rest.find('-');
      const std::string token = trim(rest.substr(0, dash));
      rest = dash == std::string_view::npos ? std::string_view() : rest.substr(dash + 1);
      if (token.size() < 2 || token.size() > 3) {
        std::printf("Illegal: expected a step such as %s-d4W or d4W, or 'stop', not '%s'\n",
                    Tsivy::point_name(builder_->stone()).c_str(), token.c_str());
        return false;
      }
      const Point p = Tsivy::parse_point(token.substr(0, 2));
      if (p == fanorona::no_point) {
        std::printf("Illegal: '%s' is not a point of the board\n", token.substr(0, 2).c_str());
        return false;
      }
      std::optional<fanorona::Capture> kind;
      if (token.size() == 3) {
        const char k = token[2];
        if (k == 'A' || k == 'a')
          kind = fanorona::Capture::approach;
        else if (k == 'W' || k == 'w')
          kind = fanorona::Capture::withdrawal;
        else {
          std::printf("Illegal: a capture is marked A (approach) or W (withdrawal), not '%c'\n", k);
          return false;
        }
      }
      if (first && !rest.empty() && !kind && p == from) {  // `e3-d4W`: the stone's own point first
        first = false;
        continue;
      }
      first = false;
      const fanorona::Status s = builder_->play_step(from, p, kind);
      if (!s) {
        std::printf("Illegal: %s\n", s.error().message.c_str());
        return false;
      }
      from = p;
      if (builder_->must_stop() && !rest.empty()) {
        std::printf("Illegal: the stone on %s cannot continue\n", Tsivy::point_name(p).c_str());
        return false;
      }
    }
    return true;
  }

  void commit() {
    const fanorona::Turn turn = builder_->turn();
    const std::size_t number = game_.turns().size() + 1;
    const Color side = game_.position().side_to_move();
    builder_.reset();
    const fanorona::Status s = game_.play(turn);
    if (!s) {
      std::printf("Illegal: %s\n", s.error().message.c_str());
      return;
    }
    std::printf("%zu. %s plays %s\n", number, std::string(fanorona::color_name(side)).c_str(), turn.to_string().c_str());
    draw();
  }

  void draw() {
    if (game_.turns().empty())
      draw_board(game_.position(), fanorona::Turn{}, false);
    else
      draw_board(game_.position(), game_.turns().back(), false);
  }

  std::string paint(const std::string& text, const char* code) const {
    if (!colour_) return text;
    return std::string("\x1b[") + code + "m" + text + "\x1b[0m";
  }

  // The board with its lines: `-` and `|` everywhere, `\` and `/` from the strong points.
  // The stone that moved last is in brackets, its starting point is `o`, captured points `x`.
  void draw_board(const fanorona::Position& pos, const fanorona::Turn& last, bool in_progress) const {
    const Point moved = last.empty() ? fanorona::no_point : last.to();
    const Point started = last.empty() ? fanorona::no_point : last.from();
    const fanorona::Bitboard captured = last.captured();
    std::string out;
    for (int r = Tsivy::height - 1; r >= 0; --r) {
      out += ' ';
      out += static_cast<char>('1' + r);
      out += "  ";
      for (int f = 0; f < Tsivy::width; ++f) {
        const Point p = Tsivy::point_at(f, r);
        const auto who = pos.at(p);
        std::string cell;
        if (who) {
          const bool white = *who == Color::white;
          cell = paint(white ? "W" : "B", white ? "1;97" : "1;91");
        } else if (captured & (fanorona::Bitboard{1} << p)) {
          cell = paint("x", "31");
        } else if (p == started) {
          cell = paint("o", "36");
        } else {
          cell = paint(".", "2");
        }
        if (p == moved)
          out += paint("[", "36") + cell + paint("]", "36");
        else
          out += " " + cell + " ";
        if (f + 1 < Tsivy::width) out += paint("-", "2");
      }
      out += '\n';
      if (r == 0) break;
      out += "     ";
      for (int f = 0; f < Tsivy::width; ++f) {
        out += paint("|", "2");
        if (f + 1 < Tsivy::width) {
          // Between ranks r-1 and r, files f and f+1: the diagonal leaves the strong corner.
          const bool rising = (f + r - 1) % 2 == 0;  // (f, r-1) strong: joins (f+1, r)
          out += ' ';
          out += paint(rising ? "/" : "\\", "2");
          out += ' ';
        }
      }
      out += '\n';
    }
    out += "     ";
    for (int f = 0; f < Tsivy::width; ++f) {
      out += static_cast<char>('a' + f);
      if (f + 1 < Tsivy::width) out += "   ";
    }
    out += '\n';
    std::fputs(out.c_str(), stdout);
    if (!last.empty())
      std::printf("%s %s%s; [ ] moved stone, o its start, x captured\n", in_progress ? "Steps so far:" : "Last turn:",
                  last.to_string().c_str(), in_progress ? " (turn not finished)" : "");
    if (!in_progress && !game_.is_over())
      std::printf("%s to move (turn %zu). FEN %s\n", side_name().c_str(), game_.turns().size() + 1,
                  game_.position().to_fen().c_str());
  }

  Options options_;
  bool colour_;
  bool interactive_;
  bool announced_ = false;
  fanorona::Game game_;
  std::optional<fanorona::TurnBuilder> builder_;
  fanorona::Searcher engine_{16};
  fanorona::Searcher engine_black_{16};
  std::unique_ptr<fanorona::Searcher> hint_engine_;
};

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse_options(argc, argv);
  Terminal terminal(options);
  return terminal.run();
}
