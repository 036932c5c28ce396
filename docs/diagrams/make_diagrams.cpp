// Draws the diagrams of the rules page from the list in diagrams.txt, with the library itself:
// each turn is read by parse_turn against its position, so a diagram cannot show a turn the
// engine refuses, and the claims written next to it (what it captures, which turns are
// refused, who has won) are checked before anything is written.
//
//   make_diagrams LIST OUTDIR                 writes OUTDIR/<name>.svg for every line of LIST
//   make_diagrams LIST OUTDIR --compare DIR   also fails unless DIR holds exactly those files
//                                             with the same bytes (the committed copies)
//
// A line of LIST is `name | board | FEN | turn | marks`, where board is 9x5, 5x5 or 3x3, the
// turn may be empty, and marks is a space-separated list of
//   highlight=e3,d3   ring these points (`highlight=strong`: every strong point)
//   captured=a1       mark these points as captured, besides the turn's captures
//   forbidden=d3-e4   draw these steps as forbidden (dashed, crossed-out arrows)
//   after             draw the position after the turn, as a game shows its last turn
//   captures=c3,d3    check: the turn captures exactly these stones (`none`: a paika move)
//   refused=e2-e3W-e4A check: this turn is refused in the FEN (`+` joins several)
//   result=white_wins check: the result of the position drawn (ongoing, white_wins,
//                     black_wins)
// `#` starts a comment line.
#include <fanorona/fanorona.hpp>
#include <fanorona/svg.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

std::string trim(std::string_view text) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return std::string(text);
}

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = text.find(separator, start);
    out.push_back(trim(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start)));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

// One line of the list, split into its fields, and where it came from for messages.
struct Entry {
  std::string where;
  std::string name, board, fen, turn, marks;
};

// The failures of a run, printed as they are found; the exit code says whether there were any.
struct Report {
  int failures = 0;
  void fail(const std::string& where, const std::string& message) {
    std::fprintf(stderr, "%s: %s\n", where.c_str(), message.c_str());
    ++failures;
  }
};

// A list of point names as a set; false (and a message) on a name that is no point of B.
template <class B>
bool parse_points(const std::string& list, fanorona::Bitboard& out, const Entry& e, Report& report) {
  if (list == "none") return true;
  if (list == "strong") {
    out |= B::strong_points;
    return true;
  }
  for (const std::string& name : split(list, ',')) {
    const fanorona::Point p = B::parse_point(name);
    if (p == fanorona::no_point) {
      report.fail(e.where, "'" + name + "' is not a point of the " + e.board + " board");
      return false;
    }
    out |= fanorona::point_set(p);
  }
  return true;
}

template <class B>
std::string names(fanorona::Bitboard set) {
  std::string out;
  for (const fanorona::Point p : fanorona::points(set)) out += (out.empty() ? "" : ",") + B::point_name(p);
  return out.empty() ? "none" : out;
}

// One diagram read from its entry: the position of its FEN, the position drawn (the same, or
// the one after the turn) and the options to draw it with, filled in as the marks are read.
template <class B>
struct Diagram {
  const Entry& e;
  Report& report;
  fanorona::BasicPosition<B> position;
  fanorona::BasicPosition<B> shown;
  fanorona::BasicSvgOptions<B> options;

  // The title, and the turn if there is one; false after reporting a turn the engine refuses
  // or writes otherwise.
  bool read_turn() {
    options.title = e.fen + (e.turn.empty() ? "" : ", " + e.turn);
    if (e.turn.empty()) return true;
    const auto turn = fanorona::parse_turn(position, e.turn);
    if (!turn) {
      report.fail(e.where, "the turn " + e.turn + " is refused: " + turn.error().message);
      return false;
    }
    if (turn->to_string() != e.turn) {
      report.fail(e.where, "write the turn as the library does: " + turn->to_string());
      return false;
    }
    options.turn = *turn;
    return true;
  }

  void read_marks() {
    std::istringstream marks(e.marks);
    for (std::string mark; marks >> mark;) read_mark(mark);
  }

  void read_mark(const std::string& mark) {
    const std::size_t equals = mark.find('=');
    const std::string key = mark.substr(0, equals), value = equals == std::string::npos ? "" : mark.substr(equals + 1);
    if (key == "highlight") {
      parse_points<B>(value, options.highlighted, e, report);
    } else if (key == "captured") {
      parse_points<B>(value, options.captured, e, report);
    } else if (key == "forbidden") {
      read_forbidden_steps(value);
    } else if (key == "after") {
      if (options.turn.empty()) report.fail(e.where, "'after' needs a turn");
      shown = position.after(options.turn);
    } else if (key == "captures") {
      check_captures(value);
    } else if (key == "refused") {
      check_refused(value);
    } else if (key == "result") {
      // Checked once every mark is read, against the position drawn.
    } else {
      report.fail(e.where, "unknown mark '" + mark + "'");
    }
  }

  void read_forbidden_steps(const std::string& value) {
    for (const std::string& step : split(value, ',')) {
      const std::vector<std::string> ends = split(step, '-');
      const fanorona::Point from = ends.size() == 2 ? B::parse_point(ends[0]) : fanorona::no_point;
      const fanorona::Point to = ends.size() == 2 ? B::parse_point(ends[1]) : fanorona::no_point;
      if (from == fanorona::no_point || to == fanorona::no_point)
        report.fail(e.where, "forbidden step " + step + " is not two points joined by '-'");
      else
        options.forbidden_steps.push_back({from, to, fanorona::Capture::none});
    }
  }

  void check_captures(const std::string& value) {
    fanorona::Bitboard expected = 0;
    if (parse_points<B>(value, expected, e, report) && expected != options.turn.captured())
      report.fail(e.where, "the turn captures " + names<B>(options.turn.captured()) + ", not " + names<B>(expected));
  }

  void check_refused(const std::string& value) {
    for (const std::string& text : split(value, '+'))
      if (fanorona::parse_turn(position, text))
        report.fail(e.where, "the turn " + text + " is legal here, but the list says it is refused");
  }

  // The `result=` marks, once `after` has set the position drawn.
  void check_results() {
    std::istringstream marks(e.marks);
    for (std::string mark; marks >> mark;) {
      if (mark.rfind("result=", 0) != 0) continue;
      const fanorona::GameResult r = fanorona::result_of(shown);
      const std::string actual = r.outcome == fanorona::Outcome::white_wins   ? "white_wins"
                                 : r.outcome == fanorona::Outcome::black_wins ? "black_wins"
                                                                              : "ongoing";
      if (mark.substr(7) != actual) report.fail(e.where, "the result is " + actual + " (" + r.to_string() + ")");
    }
  }
};

// The SVG of one entry, or an empty string after reporting why it cannot be drawn.
template <class B>
std::string draw(const Entry& e, Report& report) {
  const auto position = fanorona::BasicPosition<B>::from_fen(e.fen);
  if (!position) {
    report.fail(e.where, "bad FEN: " + position.error().message);
    return {};
  }
  Diagram<B> diagram{e, report, *position, *position, {}};
  if (!diagram.read_turn()) return {};
  const int failures_before = report.failures;
  diagram.read_marks();
  diagram.check_results();
  if (report.failures != failures_before) return {};
  return fanorona::to_svg(diagram.shown, diagram.options);
}

std::string draw(const Entry& e, Report& report) {
  if (e.board == "9x5") return draw<fanorona::Tsivy>(e, report);
  if (e.board == "5x5") return draw<fanorona::Dimy>(e, report);
  if (e.board == "3x3") return draw<fanorona::Telo>(e, report);
  report.fail(e.where, "board must be 9x5, 5x5 or 3x3, not '" + e.board + "'");
  return {};
}

bool read_file(const std::filesystem::path& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

// The command line: `LIST OUTDIR`, or `LIST OUTDIR --compare DIR`.
struct Arguments {
  std::filesystem::path list_path, out_dir, committed;
  bool compare = false;
};

// False after printing the usage when the command line is neither form.
bool parse_arguments(int argc, char** argv, Arguments& args) {
  if (argc != 3 && !(argc == 5 && std::string_view(argv[3]) == "--compare")) {
    std::fprintf(stderr, "usage: make_diagrams LIST OUTDIR [--compare DIR]\n");
    return false;
  }
  args.list_path = argv[1];
  args.out_dir = argv[2];
  args.compare = argc == 5;
  if (args.compare) args.committed = argv[4];
  return true;
}

// Reads the list and makes the output folder; false after printing why either failed.
bool prepare(const Arguments& args, std::string& list) {
  if (!read_file(args.list_path, list)) {
    std::fprintf(stderr, "cannot read %s\n", args.list_path.string().c_str());
    return false;
  }
  std::error_code error;
  std::filesystem::create_directories(args.out_dir, error);
  if (error) {
    std::fprintf(stderr, "cannot create %s: %s\n", args.out_dir.string().c_str(), error.message().c_str());
    return false;
  }
  return true;
}

// Draws one entry into OUTDIR/<name>.svg, unless it was reported as undrawable.
void write_diagram(const Entry& e, const std::filesystem::path& out_dir, Report& report) {
  const std::string svg = draw(e, report);
  if (svg.empty()) return;
  std::ofstream out(out_dir / (e.name + ".svg"), std::ios::binary);
  out << svg;
  if (!out) report.fail(e.where, "cannot write " + (out_dir / (e.name + ".svg")).string());
}

// Draws every line of the list; returns the names of the diagrams it holds, each once, drawn
// or not.
std::set<std::string> write_diagrams(const std::string& list, const Arguments& args, Report& report) {
  std::set<std::string> written;
  std::istringstream lines(list);
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    const std::string text = trim(line);
    if (text.empty() || text[0] == '#') continue;
    const std::vector<std::string> fields = split(text, '|');
    const std::string where = args.list_path.filename().string() + ":" + std::to_string(number);
    if (fields.size() != 5) {
      report.fail(where, "expected 5 fields separated by '|': name | board | FEN | turn | marks");
      continue;
    }
    const Entry e{where, fields[0], fields[1], fields[2], fields[3], fields[4]};
    if (!written.insert(e.name).second) {
      report.fail(where, "a second diagram named " + e.name);
      continue;
    }
    write_diagram(e, args.out_dir, report);
  }
  return written;
}

// The committed copies must be exactly what the list draws now, and nothing more.
void compare_with_committed(const Arguments& args, const std::set<std::string>& written, Report& report) {
  for (const std::string& name : written) {
    std::string made, kept;
    const std::filesystem::path file = args.committed / (name + ".svg");
    if (!read_file(args.out_dir / (name + ".svg"), made)) continue;  // already reported
    if (!read_file(file, kept))
      report.fail(file.string(), "missing: copy it from " + (args.out_dir / (name + ".svg")).string());
    else if (kept != made)
      report.fail(file.string(), "differs from what the list draws now: regenerate it (cmake --build <build> --target update_diagrams)");
  }
  std::error_code error;
  for (const auto& item : std::filesystem::directory_iterator(args.committed, error))
    if (item.path().extension() == ".svg" && !written.count(item.path().stem().string()))
      report.fail(item.path().string(), "no line of the list draws this file: remove it");
  if (error) report.fail(args.committed.string(), "cannot list: " + error.message());
}

}  // namespace

int main(int argc, char** argv) {
  Arguments args;
  std::string list;
  if (!parse_arguments(argc, argv, args) || !prepare(args, list)) return 2;
  Report report;
  const std::set<std::string> written = write_diagrams(list, args, report);
  if (args.compare) compare_with_committed(args, written, report);
  if (report.failures) {
    std::fprintf(stderr, "%d problem%s\n", report.failures, report.failures == 1 ? "" : "s");
    return 1;
  }
  std::printf("%zu diagrams written to %s\n", written.size(), args.out_dir.string().c_str());
  return 0;
}
