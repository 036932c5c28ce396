// fanorona-match: plays two players (levels, configurations, or a random mover) against each
// other over N games, alternating colours and varying the openings, and prints the score.
//
//   fanorona-match --a PLAYER --b PLAYER [--games N] [--seed S] [--max-turns N]
//                  [--opening-min N] [--opening-max N] [--balanced N] [--record FILE] [--verbose]
//   fanorona-match --a PLAYER --b PLAYER --positions FILE [--max-turns N] [--verbose]
//                                 conversion: every position of FILE (one FEN a line) played
//                                 twice, A and then B taking the side that is ahead
//   fanorona-match --bench MS     search the start position for MS milliseconds and print
//                                 the depth reached and the nodes per second
//   fanorona-match --a PLAYER --depth-test N --from FILE [--turns LIST]
//                                 search positions of FILE's games (after turns 6, 14, 22, 30
//                                 and 45, or those of LIST, of every 7th game, at most 100) to
//                                 depth N with A's settings and print the nodes and the time
//   --leads-out FILE              with a match: write positions with a lead of 1-3 stones and
//                                 6-14 stones on the board, no capture pending (up to two a game)
//
// PLAYER is a level `1`..`7`, `random`, `engine:COMMAND` (a program that speaks
// fanorona-engine's protocol, started by the shell: another build of the library, see
// docs/engine.md), or a level with changes, separated by commas:
//   `4,depth=5`, `6,nodes=50000`, `3,ms=100`, `7,clock=60000+500` (a game clock of 60 s plus
//   0.5 s a turn, docs/search.md), `4,noise=0,temp=0`,
//   `4,mob=2,strong=4,exposed=12,threat=30,chase=10,endgame=14` (evaluation weights),
//   `hmob=`, `hedge=`, `hsafe=` (endgame hunting weights), any weight by its term's name
//   (`edge=4`, `endgame_mobility=3`: fanorona::EvalTerm), `contempt=`, `dcontempt=`, `tbdraw=`, `tbroot=`, `traps=`,
//   `netroot=`, `extend=`, `partial=0|1`, `null=0|1`, `standpat=0|1`, `lmr=0|1`, `lmrcap=0|1`, `single=0|1`,
//   `futility=N`, `aspiration=N`, `qtable=0|1`, `qplies=N`, `qturns=N`, `twoway=0|1`,
//   `threats=0|1`, `opentime=N` (search settings, docs/search.md), `hash=MB` (the table's
//   size, 4 by default), `open=TURNS:MS` (the game's first TURNS turns think MS a turn).
//   `network=0`: level 7 without its evaluation network; `netfile=FILE`: the network read
//   from FILE (written by `fanorona-train fit`) in place of the library's own.
//   `tb=1`: the player probes the endgame tables that `--tablebase N` makes in memory (every
//   table of up to N stones; `--tablebase-dir DIR` reads them from files instead).
//
// Games go in pairs: both games of a pair start with the same random opening of
// opening-min..opening-max turns (drawn from the seed; default 2..4), A playing White in the
// first and Black in the second. With --balanced N an opening is drawn again (from the same
// stream) until a search of 200,000 nodes at level 6 without tables, the same on every
// machine, scores it within N hundredths of a stone of a draw: random turns in the capture
// storm often give one colour a won game, and a pair from such an opening is won by that
// colour whoever plays it, which says nothing about the players. A game still going after
// --max-turns turns (default 300, opening included) is adjudicated a draw. Output: one summary line
//   A vs B: N games, A wins W, draws D, losses L, score P%  (adjudicated draws: K)
// then lines on when the leads were taken and, with --tablebase, on the tables' value for A of
// each game's first covered position against how the game ended.
// Bad arguments print a message on stderr and exit with status 2.
//
// Only the public API is used: fanorona::Searcher for the levels, fanorona::random_turn for
// the random mover and the openings, fanorona::Game to play and judge the games, and
// fanorona::parse_turn for an engine's answers.
#include <fanorona/record.hpp>
#include <fanorona/record_reader.hpp>
#include <fanorona/search.hpp>
#include <fanorona/search/tablebase.hpp>

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
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>
#define FANORONA_MATCH_HAS_ENGINES 1
#endif

namespace {

// SplitMix64, the generator behind fanorona::random_turn: small, fast and the same on every
// platform, so a seed gives the same openings everywhere (std::uniform_int_distribution
// does not promise that).
std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

struct Player {
  std::string name;
  bool random = false;
  std::string engine_command;  // `engine:COMMAND`: a program driven through its standard streams
  fanorona::LevelSettings settings;
  fanorona::EvalWeights weights;
  std::int64_t clock_ms = 0;      // a game clock instead of a time per turn (0: none)
  std::int64_t increment_ms = 0;  // added after every turn of a clocked player
  bool tables = false;            // probes the endgame tables of --tablebase
  std::size_t table_megabytes = 4;  // the transposition table's size
  int opening_turns = 0;            // the game's first turns, which think opening_ms instead
  std::int64_t opening_ms = 0;
  // `netfile=FILE`: the evaluation network read from FILE instead of the library's own.
  std::shared_ptr<const fanorona::EvalNetwork> network;
};

struct Options {
  Player a, b;
  int games = 100;
  std::uint64_t seed = 1;
  int max_turns = 300;
  int opening_min = 2, opening_max = 4;
  int balanced = -1;       // --balanced N: openings scored within N of a draw; -1: any opening
  bool verbose = false;
  long long bench_ms = 0;
  int depth_test = 0;      // search positions from --from to this depth
  std::string from;        // the game records of --depth-test
  std::vector<int> turns{6, 14, 22, 30, 45};  // --depth-test's positions: after these turns
  std::string record;  // a file for every game played, as game records
  std::string positions;  // conversion mode: the lead positions to play
  std::string leads_out;  // a file for the lead positions met in the games
  int tablebase_stones = 0;  // --tablebase N: endgame tables up to N stones, made in memory
  std::string tablebase_dir;  // --tablebase-dir DIR: read them from DIR instead
};

const char* usage_text =
    "usage: fanorona-match --a PLAYER --b PLAYER [--games N] [--seed S] [--max-turns N]\n"
    "                      [--opening-min N] [--opening-max N] [--balanced N] [--record FILE] [--verbose]\n"
    "                      [--positions FILE] [--leads-out FILE] [--tablebase N [--tablebase-dir DIR]]\n"
    "       fanorona-match --bench MS\n"
    "       fanorona-match --a PLAYER --depth-test N --from FILE [--turns 6,14,22,30,45]\n"
    "PLAYER: a level 1..7, 'random', 'engine:COMMAND' (docs/engine.md),\n"
    "        or a level with changes such as '4,depth=5', '6,nodes=50000',\n"
    "        '3,ms=100', '7,clock=60000+500', '4,noise=0,temp=0',\n"
    "        '4,mob=2,strong=4,exposed=12,threat=30,chase=10,endgame=14', 'hmob=', 'hedge=', 'hsafe=',\n"
    "        a weight by its term's name ('edge=4'), 'contempt=', 'dcontempt=', 'tbdraw=' (a table draw's worth\n"
    "        per stone ahead), 'tbroot=N' (the tables in the search from N stones),\n"
    "        'netroot=N' (the network in the search from N stones), 'extend=',\n"
    "        'traps=0|1' (table draws played for the opponent's errors), 'partial=0|1', 'null=0|1',\n"
    "        'standpat=0|1', 'lmr=0|1', 'lmrcap=0|1', 'single=0|1', 'futility=N', 'aspiration=N',\n"
    "        'qtable=0|1', 'qplies=N', 'qturns=N', 'twoway=0|1', 'threats=0|1',\n"
    "        'hash=MB', 'open=TURNS:MS' (the game's first TURNS turns think MS),\n"
    "        'opentime=N' (a clock's target times N in the opening), 'tb=1' (probe the --tablebase tables),\n"
    "        'network=0' (no evaluation network), 'netfile=FILE' (a network of fanorona-train fit)\n";

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr, "fanorona-match: %s\n%s", message.c_str(), usage_text);
  std::exit(2);
}

long long parse_number(std::string_view what, std::string_view text, long long low, long long high) {
  const std::string s(text);
  char* end = nullptr;
  const long long value = std::strtoll(s.c_str(), &end, 10);
  if (s.empty() || *end != '\0' || value < low || value > high)
    usage_error(std::string(what) + " takes a whole number from " + std::to_string(low) + " to " + std::to_string(high) +
                ", not '" + s + "'");
  return value;
}

// A network file for `netfile=`, or a usage error saying what is wrong with it.
std::shared_ptr<const fanorona::EvalNetwork> read_network_file(const std::string& name) {
  std::ifstream in(name, std::ios::binary);
  if (!in) usage_error("cannot read the network file " + name);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto network = fanorona::parse_network<fanorona::Tsivy>(text);
  if (!network) usage_error(name + ": " + network.error().message + " (at offset " + std::to_string(network.error().offset) + ")");
  return std::make_shared<const fanorona::EvalNetwork>(*network);
}

Player parse_player(std::string_view text) {
  Player p;
  p.name = std::string(text);
  std::size_t comma = text.find(',');
  const std::string_view head = text.substr(0, comma);
  if (text.substr(0, 7) == "engine:") {
    p.engine_command = std::string(text.substr(7));
    if (p.engine_command.empty()) usage_error("'engine:' needs a command, as in 'engine:fanorona-engine --level 6'");
    return p;
  }
  if (head == "random") {
    if (comma != std::string_view::npos) usage_error("'random' takes no changes");
    p.random = true;
    return p;
  }
  p.settings = fanorona::level_settings(static_cast<int>(parse_number("a level", head, fanorona::min_level, fanorona::max_level)));
  p.weights = fanorona::level_weights(p.settings.level);
  while (comma != std::string_view::npos) {
    text = text.substr(comma + 1);
    comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) usage_error("expected name=value in '" + std::string(item) + "'");
    const std::string_view key = item.substr(0, eq), value = item.substr(eq + 1);
    auto number = [&](long long low, long long high) { return parse_number(key, value, low, high); };
    if (key == "depth") {
      p.settings.limits.depth = static_cast<int>(number(0, 60));
    } else if (key == "nodes") {
      p.settings.limits.nodes = static_cast<std::uint64_t>(number(0, 1000000000000LL));
    } else if (key == "ms") {
      p.settings.limits.milliseconds = number(0, 3600000);
    } else if (key == "noise") {
      p.settings.eval_noise = static_cast<int>(number(0, 10000));
    } else if (key == "temp") {
      p.settings.temperature = static_cast<int>(number(0, 10000));
    } else if (key == "mob") {
      p.weights.mobility = static_cast<int>(number(-1000, 1000));
    } else if (key == "strong") {
      p.weights.strong = static_cast<int>(number(-1000, 1000));
    } else if (key == "exposed") {
      p.weights.exposed = static_cast<int>(number(-1000, 1000));
    } else if (key == "threat") {
      p.weights.threat = static_cast<int>(number(-1000, 1000));
    } else if (key == "chase") {
      p.weights.chase = static_cast<int>(number(-1000, 1000));
    } else if (key == "endgame") {
      p.weights.endgame_stones = static_cast<int>(number(0, 44));
    } else if (key == "hmob") {
      p.weights.hunt_mobility = static_cast<int>(number(-1000, 1000));
    } else if (key == "hedge") {
      p.weights.hunt_edge = static_cast<int>(number(-1000, 1000));
    } else if (key == "hsafe") {
      p.weights.hunt_safety = static_cast<int>(number(-1000, 1000));
    } else if (const auto term = fanorona::parse_eval_term(key)) {
      p.weights[*term] = static_cast<int>(number(-1000, 1000));
    } else if (key == "contempt") {
      p.settings.contempt = static_cast<int>(number(-1000, 1000));
    } else if (key == "tbroot") {
      p.settings.table_root_stones = static_cast<int>(number(0, 1000));
    } else if (key == "netroot") {
      p.settings.network_root_stones = static_cast<int>(number(0, 1000));
    } else if (key == "dcontempt") {
      p.settings.draw_contempt = static_cast<int>(number(-1000, 1000));
    } else if (key == "traps") {
      p.settings.table_traps = number(0, 1) != 0;
    } else if (key == "tbdraw") {
      p.settings.table_draw_lead = static_cast<int>(number(-1000, 1000));
    } else if (key == "extend") {
      p.settings.extend_few_replies = static_cast<int>(number(0, 100));
    } else if (key == "netfile") {
      p.network = read_network_file(std::string(value));
    } else if (key == "tb") {
      p.tables = number(0, 1) != 0;
    } else if (key == "null") {
      p.settings.null_move = number(0, 1) != 0;
    } else if (key == "standpat") {
      p.settings.stand_pat = number(0, 1) != 0;
    } else if (key == "lmr") {
      p.settings.reductions = static_cast<int>(number(0, 1));
    } else if (key == "lmrcap") {
      p.settings.reduce_captures = number(0, 1) != 0;
    } else if (key == "single") {
      p.settings.extend_single_reply = number(0, 1) != 0;
    } else if (key == "futility") {
      p.settings.futility = static_cast<int>(number(0, 10000));
    } else if (key == "aspiration") {
      p.settings.aspiration = static_cast<int>(number(0, 10000));
    } else if (key == "qtable") {
      p.settings.quiescence_table = number(0, 1) != 0;
    } else if (key == "qplies") {
      p.settings.quiescence_plies = static_cast<int>(number(0, 8));
    } else if (key == "qturns") {
      p.settings.quiescence_turns = static_cast<int>(number(1, 1000));
    } else if (key == "twoway") {
      p.settings.two_way_table = number(0, 1) != 0;
    } else if (key == "hash") {
      p.table_megabytes = static_cast<std::size_t>(number(1, 4096));
    } else if (key == "open") {
      const std::size_t colon = value.find(':');
      if (colon == std::string_view::npos) usage_error("open= needs TURNS:MS, as in open=20:100");
      p.opening_turns = static_cast<int>(parse_number("open turns", value.substr(0, colon), 0, 10000));
      p.opening_ms = parse_number("open milliseconds", value.substr(colon + 1), 1, 3600000);
    } else if (key == "opentime") {
      p.settings.opening_time_factor = static_cast<int>(number(1, 100));
    } else if (key == "threats") {
      p.settings.threat_replies = number(0, 1) != 0;
    } else if (key == "partial") {
      p.settings.keep_partial_iteration = number(0, 1) != 0;
    } else if (key == "clock") {
      const std::size_t plus = value.find('+');
      p.clock_ms = parse_number("clock", value.substr(0, plus), 1, 36000000);
      p.increment_ms = plus == std::string_view::npos ? 0 : parse_number("clock increment", value.substr(plus + 1), 0, 3600000);
    } else {
      usage_error("unknown player setting '" + std::string(key) + "'");
    }
  }
  return p;
}

Options parse_options(int argc, char** argv) {
  Options o;
  bool have_a = false, have_b = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const auto value = [&]() -> std::string_view {
      if (i + 1 >= argc) usage_error(std::string(arg) + " needs a value");
      if (*argv[i + 1] == '\0') usage_error(std::string(arg) + " needs a value, not an empty one");
      return argv[++i];
    };
    if (arg == "--a") {
      o.a = parse_player(value());
      have_a = true;
    } else if (arg == "--b") {
      o.b = parse_player(value());
      have_b = true;
    } else if (arg == "--games") {
      o.games = static_cast<int>(parse_number(arg, value(), 1, 1000000));
    } else if (arg == "--seed") {
      o.seed = static_cast<std::uint64_t>(parse_number(arg, value(), 0, 9223372036854775807LL));
    } else if (arg == "--max-turns") {
      o.max_turns = static_cast<int>(parse_number(arg, value(), 1, 100000));
    } else if (arg == "--opening-min") {
      o.opening_min = static_cast<int>(parse_number(arg, value(), 0, 20));
    } else if (arg == "--opening-max") {
      o.opening_max = static_cast<int>(parse_number(arg, value(), 0, 20));
    } else if (arg == "--balanced") {
      o.balanced = static_cast<int>(parse_number(arg, value(), 0, 100000));
    } else if (arg == "--bench") {
      o.bench_ms = parse_number(arg, value(), 1, 3600000);
    } else if (arg == "--depth-test") {
      o.depth_test = static_cast<int>(parse_number(arg, value(), 1, 40));
    } else if (arg == "--turns") {
      o.turns.clear();
      std::string_view list = value();
      while (!list.empty()) {
        const std::size_t comma = list.find(',');
        o.turns.push_back(static_cast<int>(parse_number(arg, list.substr(0, comma), 1, 10000)));
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
      }
    } else if (arg == "--from") {
      o.from = value();
    } else if (arg == "--record") {
      o.record = value();
    } else if (arg == "--positions") {
      o.positions = value();
    } else if (arg == "--leads-out") {
      o.leads_out = value();
    } else if (arg == "--tablebase") {
      o.tablebase_stones = static_cast<int>(parse_number(arg, value(), 2, 10));
    } else if (arg == "--tablebase-dir") {
      o.tablebase_dir = value();
    } else if (arg == "--verbose") {
      o.verbose = true;
    } else if (arg == "--help" || arg == "-h") {
      std::printf("%s", usage_text);
      std::exit(0);
    } else {
      usage_error("unknown argument '" + std::string(arg) + "'");
    }
  }
  if (o.bench_ms > 0) return o;
  if (o.depth_test > 0) {
    if (!have_a || o.from.empty()) usage_error("--depth-test needs --a and --from");
    return o;
  }
  if (!have_a || !have_b) usage_error("both --a and --b are needed");
  if (o.opening_max < o.opening_min) usage_error("--opening-max is below --opening-min");
  return o;
}

// White's stones minus Black's in every position of `game`: [t] after t turns from the start.
std::vector<int> white_leads(const fanorona::Game& game) {
  std::vector<int> leads;
  leads.reserve(game.turns().size() + 1);
  fanorona::Position position = game.start_position();
  const auto white_lead = [](const fanorona::Position& p) {
    return p.count(fanorona::Color::white) - p.count(fanorona::Color::black);
  };
  leads.push_back(white_lead(position));
  for (const auto& t : game.turns()) {
    position = position.after(t);
    leads.push_back(white_lead(position));
  }
  return leads;
}

// The number of turns from the start after which White (`white`) or Black had more stones
// to the end of the game: when the side that ended ahead took its lead for good.
int lead_taken_for_good(const std::vector<int>& white_leads, bool white) {
  int last_not_ahead = 0;
  for (std::size_t t = 1; t < white_leads.size(); ++t)
    if ((white ? white_leads[t] : -white_leads[t]) <= 0) last_not_ahead = static_cast<int>(t);
  return last_not_ahead;
}

// White's (`white`) or Black's stones minus the other's after `turn` turns, or at the end of
// a shorter game.
int stone_lead_after(const std::vector<int>& white_leads, bool white, int turn) {
  const int lead = white_leads[std::min(white_leads.size() - 1, static_cast<std::size_t>(turn))];
  return white ? lead : -lead;
}

// The tables' value for White (`white`) or Black of the first position of `game` that they
// cover, or nothing when the game never reached one (it was drawn or cut at the turn cap with
// more stones on the board). A game won by taking the last stones always reaches one: the
// tables cover a side without stones.
std::optional<fanorona::TablebaseOutcome> outcome_entering_tables(const fanorona::Game& game,
                                                                  const fanorona::Tablebase& tables, bool white) {
  fanorona::Position position = game.start_position();
  for (std::size_t t = 0;; ++t) {
    if (const auto value = tables.probe(position)) {
      const bool own_view = (position.side_to_move() == fanorona::Color::white) == white;
      if (own_view || value->outcome == fanorona::TablebaseOutcome::draw) return value->outcome;
      return value->outcome == fanorona::TablebaseOutcome::win ? fanorona::TablebaseOutcome::loss
                                                                : fanorona::TablebaseOutcome::win;
    }
    if (t == game.turns().size()) return std::nullopt;
    position = position.after(game.turns()[t]);
  }
}

[[noreturn]] void engine_failed(const std::string& command, const std::string& what) {
  std::fprintf(stderr, "fanorona-match: engine '%s' %s\n", command.c_str(), what.c_str());
  std::exit(1);
}

// A program that speaks fanorona-engine's protocol, started by the shell with its standard
// input and output connected to us: one line of command, answered by lines.
class EngineProcess {
 public:
#ifdef FANORONA_MATCH_HAS_ENGINES
  explicit EngineProcess(std::string command) : command_(std::move(command)) {
    std::signal(SIGPIPE, SIG_IGN);  // an engine that died is reported when its answer is read
    int to_engine[2], from_engine[2];
    if (pipe(to_engine) != 0 || pipe(from_engine) != 0) engine_failed(command_, "could not be started (no pipe)");
    pid_ = fork();
    if (pid_ < 0) engine_failed(command_, "could not be started (no fork)");
    if (pid_ == 0) {
      dup2(to_engine[0], 0);
      dup2(from_engine[1], 1);
      close(to_engine[0]);
      close(to_engine[1]);
      close(from_engine[0]);
      close(from_engine[1]);
      execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_engine[0]);
    close(from_engine[1]);
    to_ = fdopen(to_engine[1], "w");
    from_ = fdopen(from_engine[0], "r");
    if (!to_ || !from_) engine_failed(command_, "could not be started (no stream)");
  }
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;
  ~EngineProcess() {
    std::fputs("quit\n", to_);
    std::fclose(to_);
    std::fclose(from_);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  void send(const std::string& line) {
    if (std::fputs(line.c_str(), to_) < 0 || std::fputc('\n', to_) < 0 || std::fflush(to_) != 0) gone();
  }
  // The next line the engine writes, without its line break.
  std::string receive() {
    std::string line;
    for (int c = std::fgetc(from_); c != '\n'; c = std::fgetc(from_)) {
      if (c == EOF) gone();
      line += static_cast<char>(c);
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
  }

 private:
  // The engine stopped reading or writing: whether a write or a read finds out first depends
  // on timing, so both report the same thing, how the process ended.
  [[noreturn]] void gone() {
    int status = 0;
    if (waitpid(pid_, &status, 0) == pid_ && WIFEXITED(status))
      engine_failed(command_, "exited with status " + std::to_string(WEXITSTATUS(status)));
    if (WIFSIGNALED(status)) engine_failed(command_, "was killed by signal " + std::to_string(WTERMSIG(status)));
    engine_failed(command_, "stopped");
  }

  std::string command_;
  pid_t pid_ = -1;
  std::FILE* to_ = nullptr;
  std::FILE* from_ = nullptr;
#else
  explicit EngineProcess(const std::string& command) {
    engine_failed(command, "cannot be run: engine players need a POSIX system");
  }
  void send(const std::string&) {}
  std::string receive() { return {}; }
#endif
};

// One side of a game: a searcher playing a level, an engine program, or the random mover.
class Side {
 public:
  Side(const Player& player, const fanorona::Tablebase* tables) : player_(player) {
    if (!player.engine_command.empty()) {
      engine_ = std::make_unique<EngineProcess>(player.engine_command);
      return;
    }
    if (player.random) return;
    searcher_ = std::make_unique<fanorona::Searcher>(player.table_megabytes);
    if (player.tables) searcher_->set_tablebase(tables);
    if (player.network) searcher_->set_network(player.network.get());
  }
  void new_game(std::uint64_t seed) {
    random_state_ = seed;
    remaining_ms_ = player_.clock_ms;
    flagged_ = false;
    if (engine_) engine_->send("newgame " + std::to_string(seed));
    if (searcher_) {
      searcher_->set_level(player_.settings.level, seed);
      searcher_->set_settings(player_.settings);
      searcher_->set_weights(player_.weights);
    }
  }
  fanorona::Turn pick(const fanorona::Game& game) {
    if (engine_) return ask_engine(game);
    if (!searcher_) return fanorona::random_turn(game.position(), random_state_);
    if (static_cast<int>(game.turns().size()) < player_.opening_turns) {
      // The game's first turns (opening included) think for another time: what is the
      // opening worth?
      fanorona::LevelSettings settings = player_.settings;
      settings.limits.milliseconds = player_.opening_ms;
      searcher_->set_settings(settings);
      const fanorona::Turn turn = searcher_->choose(game).best;
      searcher_->set_settings(player_.settings);
      return turn;
    }
    if (player_.clock_ms == 0) return searcher_->choose(game).best;
    // A clocked player: the time the whole call takes comes off its clock.
    const auto start = std::chrono::steady_clock::now();
    const fanorona::Turn turn = searcher_->choose(game, fanorona::GameClock{remaining_ms_, player_.increment_ms, 0}).best;
    remaining_ms_ -= std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    if (remaining_ms_ < 0) flagged_ = true;
    remaining_ms_ += player_.increment_ms;
    return turn;
  }
  // A clocked player whose clock fell below zero in this game: it loses on time.
  bool flagged() const { return flagged_; }

 private:
  // The engine is told the whole game (so it knows the repetitions) and answers with a turn.
  fanorona::Turn ask_engine(const fanorona::Game& game) {
    std::string command = "position " + game.start_position().to_fen();
    if (!game.turns().empty()) command += " turns";
    for (const auto& t : game.turns()) command += " " + t.to_string();
    engine_->send(command);
    engine_->send("go");
    for (;;) {
      const std::string line = engine_->receive();
      if (line.rfind("error", 0) == 0) engine_failed(player_.engine_command, "answered: " + line);
      if (line.rfind("turn ", 0) != 0) continue;  // `info` and anything else an engine says
      auto turn = fanorona::parse_turn(game.position(), std::string_view(line).substr(5));
      if (!turn) engine_failed(player_.engine_command, "chose an illegal turn, " + line.substr(5) + ": " + turn.error().message);
      return *turn;
    }
  }

  Player player_;
  std::unique_ptr<EngineProcess> engine_;
  std::int64_t remaining_ms_ = 0;
  bool flagged_ = false;
  std::unique_ptr<fanorona::Searcher> searcher_;
  std::uint64_t random_state_ = 0;
};

}  // namespace

// Appends game `g` to the --record file. A game stopped at the turn cap is a draw by
// adjudication, as the match counts it.
void write_game(std::ofstream& out, const fanorona::Game& game, const Options& o, int g, bool a_white) {
  fanorona::GameRecord record = fanorona::record_of(game);
  (void)record.set_tag("Event", "fanorona-match " + o.a.name + " vs " + o.b.name);
  (void)record.set_tag("Round", std::to_string(g + 1));
  (void)record.set_tag("White", a_white ? o.a.name : o.b.name);
  (void)record.set_tag("Black", a_white ? o.b.name : o.a.name);
  if (!game.is_over()) (void)record.set_result(fanorona::Outcome::draw, fanorona::Termination::adjudication);
  fanorona::write_record(out, record);
}

// How a game ended, seen by A.
enum class GameEnd { a_wins, b_wins, draw, adjudicated };

// A lead position for --leads-out: 6-14 stones, one side 1-3 stones ahead, and no capture
// pending for the side to move (a capture would change the material at once).
bool is_lead_position(const fanorona::Position& p) {
  const int own = fanorona::detail::popcount(p.own()), enemy = fanorona::detail::popcount(p.enemy());
  const int lead = own > enemy ? own - enemy : enemy - own;
  return own + enemy >= 6 && own + enemy <= 14 && lead >= 1 && lead <= 3 && !fanorona::has_capture(p);
}

// Plays `game` to its end or to `max_turns` turns (counted from the game's first position),
// A playing White when `a_white`. A clocked player whose clock falls below zero loses on time.
// `leads` (when open) receives up to two lead positions of the game: the first one, and the
// first later one with fewer stones.
GameEnd play_game(fanorona::Game& game, Side& a, Side& b, bool a_white, int max_turns, std::ofstream* leads, int& flags) {
  int lead_stones = 99, leads_written = 0;
  while (!game.is_over() && static_cast<int>(game.turns().size()) < max_turns) {
    const fanorona::Position& p = game.position();
    if (leads && leads_written < 2 && is_lead_position(p)) {
      const int stones = fanorona::detail::popcount(p.own() | p.enemy());
      if (stones < lead_stones - 1) {
        *leads << p.to_fen() << '\n';
        lead_stones = stones;
        ++leads_written;
      }
    }
    const bool white_to_move = p.side_to_move() == fanorona::Color::white;
    const bool a_moves = white_to_move == a_white;
    Side& mover = a_moves ? a : b;
    const fanorona::Turn turn = mover.pick(game);
    if (mover.flagged()) {
      ++flags;
      return a_moves ? GameEnd::b_wins : GameEnd::a_wins;
    }
    if (const fanorona::Status s = game.play(turn); !s) {
      std::fprintf(stderr, "fanorona-match: a player chose an illegal turn: %s\n", s.error().message.c_str());
      std::exit(1);
    }
  }
  const fanorona::GameResult r = game.result();
  if (!r.is_over()) return GameEnd::adjudicated;
  if (r.outcome == fanorona::Outcome::draw) return GameEnd::draw;
  return (r.outcome == fanorona::Outcome::white_wins) == a_white ? GameEnd::a_wins : GameEnd::b_wins;
}

// The opening of pair `pair`: opening-min..opening-max random turns drawn from the seed; with
// --balanced, drawn again from the same stream until `judge` (level 6, 200,000 nodes, no
// tables) scores it within the bound, its score then left in `judged`. Exits with a message
// when 10,000 draws find none.
fanorona::Game draw_opening(const Options& o, int pair, fanorona::Searcher& judge, int& judged) {
  std::uint64_t opening_rng = o.seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(pair) * 0xD1B54A32D192ED03ULL;
  const int span = o.opening_max - o.opening_min + 1;
  for (int attempt = 0; attempt < 10000; ++attempt) {
    const int opening = o.opening_min + static_cast<int>(splitmix64(opening_rng) % static_cast<std::uint64_t>(span));
    fanorona::Game game;
    for (int t = 0; t < opening && !game.is_over(); ++t) {
      if (!game.play(fanorona::random_turn(game.position(), opening_rng))) std::abort();  // a random turn is legal
    }
    if (o.balanced < 0) return game;
    if (game.is_over()) continue;
    judge.clear();
    judged = judge.search(game, fanorona::SearchLimits{0, 200000, 0}).score;
    if (std::abs(judged) <= o.balanced) return game;
  }
  usage_error("--balanced " + std::to_string(o.balanced) + ": no opening of 10,000 drawn for pair " + std::to_string(pair) +
              " scores within it");
}

// Wins, draws and losses of one player.
struct Tally {
  int wins = 0, draws = 0, losses = 0;
  int games() const { return wins + draws + losses; }
  double percent_won() const { return games() ? 100.0 * wins / games() : 0.0; }
};

// Conversion mode: every position twice, A taking the side that is ahead in the first game
// and B in the second; prints how often each converts its lead and the score of A.
int play_positions(const Options& o, Side& a, Side& b) {
  std::ifstream in(o.positions);
  if (!in) usage_error("cannot read " + o.positions);
  std::vector<std::string> fens;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    fens.push_back(line);
  }
  Tally a_ahead, b_ahead;  // the results of the side that is ahead, by who plays it
  int flags = 0, adjudicated = 0, g = 0;
  for (const std::string& fen : fens) {
    const auto start = fanorona::Game::from_fen(fen);
    if (!start) usage_error(o.positions + ": " + start.error().message + " in '" + fen + "'");
    const fanorona::Position& p = start->position();
    const int own = fanorona::detail::popcount(p.own()), enemy = fanorona::detail::popcount(p.enemy());
    if (own == enemy) usage_error(o.positions + ": nobody is ahead in '" + fen + "'");
    const fanorona::Color ahead = own > enemy ? p.side_to_move() : fanorona::opponent(p.side_to_move());
    for (int a_is_ahead = 1; a_is_ahead >= 0; --a_is_ahead, ++g) {
      fanorona::Game game = *start;
      const bool a_white = (ahead == fanorona::Color::white) == (a_is_ahead == 1);
      const std::uint64_t game_seed = o.seed ^ (static_cast<std::uint64_t>(g) * 0x2545F4914F6CDD1DULL);
      a.new_game(game_seed);
      b.new_game(game_seed ^ 0x5555);
      const GameEnd end = play_game(game, a, b, a_white, o.max_turns, nullptr, flags);
      Tally& t = a_is_ahead ? a_ahead : b_ahead;
      const bool ahead_wins = a_is_ahead ? end == GameEnd::a_wins : end == GameEnd::b_wins;
      const bool ahead_loses = a_is_ahead ? end == GameEnd::b_wins : end == GameEnd::a_wins;
      ahead_wins ? ++t.wins : ahead_loses ? ++t.losses : ++t.draws;
      adjudicated += end == GameEnd::adjudicated;
      if (o.verbose)
        std::printf("position %d (%s): %s ahead, %zu turns, ahead side %s\n", g / 2 + 1, fen.c_str(), a_is_ahead ? "A" : "B",
                    game.turns().size(), ahead_wins ? "wins" : ahead_loses ? "loses" : "draws");
      std::fflush(stdout);
    }
  }
  const int games = a_ahead.games() + b_ahead.games();
  const double a_points = a_ahead.wins + 0.5 * a_ahead.draws + b_ahead.losses + 0.5 * b_ahead.draws;
  std::printf("%s vs %s: %zu positions, %d games\n", o.a.name.c_str(), o.b.name.c_str(), fens.size(), games);
  std::printf("  A ahead: wins %d, draws %d, losses %d: converts %.1f%%\n", a_ahead.wins, a_ahead.draws, a_ahead.losses,
              a_ahead.percent_won());
  std::printf("  B ahead: wins %d, draws %d, losses %d: converts %.1f%%\n", b_ahead.wins, b_ahead.draws, b_ahead.losses,
              b_ahead.percent_won());
  std::printf("  score of A %.1f%%  (adjudicated draws: %d, lost on time: %d)\n", 100.0 * a_points / games, adjudicated, flags);
  return 0;
}

// --depth-test: the nodes and time player A's settings take to search sampled positions to a
// fixed depth, each with a cleared table (how a search change saves nodes, apart from how it
// plays).
int depth_test(const Options& o) {
  std::ifstream in(o.from, std::ios::binary);
  if (!in) usage_error("cannot read " + o.from);
  std::vector<fanorona::Game> positions;
  int game_number = 0;
  fanorona::for_each_record(
      in,
      [&](const auto& record) {
        if constexpr (std::is_same_v<std::decay_t<decltype(record)>, fanorona::GameRecord>) {
          if (++game_number % 7 != 0) return;
          for (const int at : o.turns) {
            if (static_cast<int>(record.turns().size()) <= at || positions.size() >= 100) break;
            fanorona::Game game(record.start_position());
            for (int t = 0; t < at; ++t)
              if (!game.play(record.turns()[static_cast<std::size_t>(t)])) return;
            if (game.legal_turns().size() > 1) positions.push_back(game);
          }
        }
      },
      [&](const fanorona::Error& e) { usage_error(o.from + ": " + fanorona::to_string(e)); });
  if (positions.empty()) usage_error(o.from + ": no position to search (9x5 games of at least 7 turns are needed)");
  fanorona::Searcher searcher;
  std::uint64_t nodes = 0;
  long long score_sum = 0;
  const auto start = std::chrono::steady_clock::now();
  for (const auto& game : positions) {
    searcher.set_level(o.a.settings.level, 1);
    searcher.set_settings(o.a.settings);
    searcher.set_weights(o.a.weights);
    if (o.a.network) searcher.set_network(o.a.network.get());
    const auto r = searcher.search(game, fanorona::SearchLimits{o.depth_test, 0, 0});
    nodes += r.nodes;
    score_sum += r.score;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s: %zu positions to depth %d, %llu nodes, %.2f s, %.0f nodes/s (scores add up to %lld)\n", o.a.name.c_str(),
              positions.size(), o.depth_test, static_cast<unsigned long long>(nodes), seconds,
              static_cast<double>(nodes) / std::max(seconds, 1e-9), score_sum);
  return 0;
}

int main(int argc, char** argv) {
  const Options o = parse_options(argc, argv);
  if (o.depth_test > 0) return depth_test(o);
  if (o.bench_ms > 0) {
    fanorona::Searcher searcher;
    const auto r = searcher.search(fanorona::Game(), fanorona::SearchLimits{0, 0, o.bench_ms});
    const double seconds = static_cast<double>(std::max<std::int64_t>(r.milliseconds, 1)) / 1000.0;
    std::printf("start position, %lld ms: depth %d (seldepth %d), %llu nodes, %.0f nodes/s, best %s %s, pv %s\n", o.bench_ms,
                r.depth, r.seldepth, static_cast<unsigned long long>(r.nodes), static_cast<double>(r.nodes) / seconds,
                r.best.to_string().c_str(), r.score_string().c_str(), r.pv_string().c_str());
    return 0;
  }
  fanorona::Tablebase tables;
  if (o.tablebase_stones > 0) {
    const fanorona::Status made = o.tablebase_dir.empty()
                                      ? fanorona::generate_tablebase(tables, fanorona::TablebaseOptions{o.tablebase_stones, "", nullptr})
                                      : tables.load(o.tablebase_dir, o.tablebase_stones);
    if (!made) {
      std::fprintf(stderr, "fanorona-match: %s\n", made.error().message.c_str());
      return 2;
    }
  }
  if ((o.a.tables || o.b.tables) && o.tablebase_stones == 0) usage_error("tb=1 needs --tablebase N");
  Side a(o.a, &tables), b(o.b, &tables);
  if (!o.positions.empty()) return play_positions(o, a, b);
  std::ofstream records, leads;
  if (!o.record.empty()) {
    records.open(o.record, std::ios::binary);
    if (!records) usage_error("cannot write " + o.record);
  }
  if (!o.leads_out.empty()) {
    leads.open(o.leads_out, std::ios::binary);
    if (!leads) usage_error("cannot write " + o.leads_out);
  }
  int wins = 0, draws = 0, losses = 0, adjudicated = 0, flags = 0;
  int adjudicated_a_ahead = 0, adjudicated_b_ahead = 0;  // who had more stones at the cap
  // Games that ended with one side ahead (a win, or more stones at the cap): when that side
  // took its lead for good, in turns from the start, opening included.
  int ended_ahead = 0, lead_by_10 = 0, lead_by_20 = 0, lead_by_40 = 0, a_early = 0, b_early = 0;
  // A's stone lead after turns 10, 20 and 40, summed over the two games of each pair (one
  // opening, colours swapped, so what the opening gave one colour cancels out): how many pairs
  // A came out of with fewer stones, as many, more.
  constexpr int lead_marks[3] = {10, 20, 40};
  int pair_lead[3] = {0, 0, 0};
  int pairs_behind[3] = {0, 0, 0}, pairs_level[3] = {0, 0, 0}, pairs_ahead[3] = {0, 0, 0};
  long long total_turns = 0;
  // Pairs whose two games the same colour won: the opening decided them, not the players.
  int pairs_same_colour = 0;
  // With tables: the games by the tables' value for A of their first covered position (won,
  // drawn, lost, never covered) and by how they ended (A won, drawn, B won): whether the
  // games were decided before the tables, and how often a covered value was given away.
  int table_entries[4][3] = {};
  GameEnd first_of_pair = GameEnd::draw;
  fanorona::Game pair_opening;
  fanorona::Searcher judge(16);  // --balanced's judge of the openings
  judge.set_level(6, 1);
  for (int g = 0; g < o.games; ++g) {
    const int pair = g / 2;
    const bool a_white = g % 2 == 0;
    if (g % 2 == 0) {
      int judged = 0;
      pair_opening = draw_opening(o, pair, judge, judged);
      if (o.verbose && o.balanced >= 0)
        std::printf("pair %d: an opening of %zu turns, judged %d\n", pair + 1, pair_opening.turns().size(), judged);
    }
    fanorona::Game game = pair_opening;
    const std::uint64_t game_seed = o.seed ^ (static_cast<std::uint64_t>(g) * 0x2545F4914F6CDD1DULL);
    a.new_game(game_seed);
    b.new_game(game_seed ^ 0x5555);
    const GameEnd end = play_game(game, a, b, a_white, o.max_turns, leads.is_open() ? &leads : nullptr, flags);
    total_turns += static_cast<long long>(game.turns().size());
    if (g % 2 == 0) {
      first_of_pair = end;
    } else if ((first_of_pair == GameEnd::a_wins && end == GameEnd::b_wins) ||
               (first_of_pair == GameEnd::b_wins && end == GameEnd::a_wins)) {
      ++pairs_same_colour;
    }
    const std::vector<int> lead_by_turn = white_leads(game);
    const fanorona::GameResult r = game.result();
    const fanorona::Position& last = game.position();
    const int white_stones = last.count(fanorona::Color::white), black_stones = last.count(fanorona::Color::black);
    const int a_stones = a_white ? white_stones : black_stones, b_stones = a_white ? black_stones : white_stones;
    const char* outcome = "draw (turn cap)";
    if (end == GameEnd::adjudicated) {
      ++draws;
      ++adjudicated;
      adjudicated_a_ahead += a_stones > b_stones;
      adjudicated_b_ahead += b_stones > a_stones;
    } else if (end == GameEnd::draw) {
      ++draws;
      outcome = "draw";
    } else if (end == GameEnd::a_wins) {
      ++wins;
      outcome = "A wins";
    } else {
      ++losses;
      outcome = "B wins";
    }
    if (a_stones != b_stones || end == GameEnd::a_wins || end == GameEnd::b_wins) {
      const bool a_ahead = end == GameEnd::a_wins || (end != GameEnd::b_wins && a_stones > b_stones);
      const int turn = lead_taken_for_good(lead_by_turn, a_ahead == a_white);
      ++ended_ahead;
      lead_by_10 += turn <= 10;
      lead_by_20 += turn <= 20;
      lead_by_40 += turn <= 40;
      if (turn <= 20) ++(a_ahead ? a_early : b_early);
    }
    if (o.tablebase_stones > 0) {
      const auto entry = outcome_entering_tables(game, tables, a_white);
      const int row = !entry                                      ? 3
                      : *entry == fanorona::TablebaseOutcome::win  ? 0
                      : *entry == fanorona::TablebaseOutcome::draw ? 1
                                                                   : 2;
      ++table_entries[row][end == GameEnd::a_wins ? 0 : end == GameEnd::b_wins ? 2 : 1];
    }
    for (int m = 0; m < 3; ++m) {
      pair_lead[m] += stone_lead_after(lead_by_turn, a_white, lead_marks[m]);
      if (g % 2 == 0) continue;  // the pair's first game
      if (pair_lead[m] < 0) ++pairs_behind[m];
      else if (pair_lead[m] > 0) ++pairs_ahead[m];
      else ++pairs_level[m];
      pair_lead[m] = 0;
    }
    if (records.is_open()) write_game(records, game, o, g, a_white);
    if (o.verbose)
      std::printf("game %d: A %s, %zu turns, %s (%s), stones A %d B %d\n", g + 1, a_white ? "White" : "Black",
                  game.turns().size(), outcome,
                  r.is_over() ? r.to_string().c_str() : end == GameEnd::adjudicated ? "adjudicated" : "lost on time", a_stones,
                  b_stones);
    std::fflush(stdout);
  }
  const double score = 100.0 * (wins + 0.5 * draws) / o.games;
  std::printf("%s vs %s: %d games, A wins %d, draws %d, losses %d, score %.1f%%  (adjudicated draws: %d, average %.0f turns)\n",
              o.a.name.c_str(), o.b.name.c_str(), o.games, wins, draws, losses, score, adjudicated,
              static_cast<double>(total_turns) / o.games);
  if (adjudicated > 0)
    std::printf("at the turn cap A had more stones in %d of the adjudicated games, B in %d\n", adjudicated_a_ahead,
                adjudicated_b_ahead);
  if (ended_ahead > 0)
    std::printf("of the %d games that ended with a side ahead, it took the lead for good by turn 10 in %d, 20 in %d, "
                "40 in %d (in the first 20 turns: A in %d, B in %d)\n",
                ended_ahead, lead_by_10, lead_by_20, lead_by_40, a_early, b_early);
  if (o.games >= 2)
    std::printf("A's stones minus B's summed over each pair of games (one opening, both colours): after turn 10 "
                "fewer/as many/more in %d/%d/%d pairs, after 20 in %d/%d/%d, after 40 in %d/%d/%d\n",
                pairs_behind[0], pairs_level[0], pairs_ahead[0], pairs_behind[1], pairs_level[1], pairs_ahead[1],
                pairs_behind[2], pairs_level[2], pairs_ahead[2]);
  if (o.games >= 2)
    std::printf("pairs whose two games the same colour won (the opening decided them): %d of %d%s\n", pairs_same_colour,
                o.games / 2, o.balanced >= 0 ? (" (openings within " + std::to_string(o.balanced) + " of a draw)").c_str() : "");
  if (o.tablebase_stones > 0) {
    const auto row = [&](int r) {
      const int* n = table_entries[r];
      return std::to_string(n[0] + n[1] + n[2]) + " (A won " + std::to_string(n[0]) + ", drew " + std::to_string(n[1]) +
             ", lost " + std::to_string(n[2]) + ")";
    };
    std::printf("the first position the tables cover (%d stones or fewer, or a side without any) was won for A in %s, "
                "drawn in %s, lost in %s; never reached in %s\n",
                o.tablebase_stones, row(0).c_str(), row(1).c_str(), row(2).c_str(), row(3).c_str());
  }
  if (flags > 0) std::printf("lost on time: %d\n", flags);
  return 0;
}
