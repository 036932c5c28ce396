// fanorona-match: plays two players (levels, configurations, or a random mover) against each
// other over N games, alternating colours and varying the openings, and prints the score.
//
//   fanorona-match --a PLAYER --b PLAYER [--games N] [--seed S] [--max-turns N]
//                  [--opening-min N] [--opening-max N] [--record FILE] [--verbose]
//   fanorona-match --bench MS     search the start position for MS milliseconds and print
//                                 the depth reached and the nodes per second
//
// PLAYER is a level `1`..`6`, `random`, or a level with changes, separated by commas:
//   `4,depth=5`, `6,nodes=50000`, `3,ms=100`, `4,noise=0,temp=0`,
//   `4,mob=2,strong=4,exposed=12,threat=30,chase=10,endgame=14` (evaluation weights,
//   docs/search.md).
//
// Games go in pairs: both games of a pair start with the same random opening of
// opening-min..opening-max turns (drawn from the seed; default 2..4), A playing White in the
// first and Black in the second. A game still going after --max-turns turns (default 300,
// opening included) is adjudicated a draw. Output: one summary line
//   A vs B: N games, A wins W, draws D, losses L, score P%  (adjudicated draws: K)
// Bad arguments print a message on stderr and exit with status 2.
//
// Only the public API is used: fanorona::Searcher for the levels, fanorona::random_turn for
// the random mover and the openings, fanorona::Game to play and judge the games.
#include <fanorona/record.hpp>
#include <fanorona/search.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>

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
  fanorona::LevelSettings settings;
  fanorona::EvalWeights weights;
};

struct Options {
  Player a, b;
  int games = 100;
  std::uint64_t seed = 1;
  int max_turns = 300;
  int opening_min = 2, opening_max = 4;
  bool verbose = false;
  long long bench_ms = 0;
  std::string record;  // a file for every game played, as game records
};

const char* usage_text =
    "usage: fanorona-match --a PLAYER --b PLAYER [--games N] [--seed S] [--max-turns N]\n"
    "                      [--opening-min N] [--opening-max N] [--record FILE] [--verbose]\n"
    "       fanorona-match --bench MS\n"
    "PLAYER: a level 1..6, 'random', or a level with changes such as '4,depth=5', '6,nodes=50000',\n"
    "        '3,ms=100', '4,noise=0,temp=0', '4,mob=2,strong=4,exposed=12,threat=30,chase=10,endgame=14'\n";

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

Player parse_player(std::string_view text) {
  Player p;
  p.name = std::string(text);
  std::size_t comma = text.find(',');
  const std::string_view head = text.substr(0, comma);
  if (head == "random") {
    if (comma != std::string_view::npos) usage_error("'random' takes no changes");
    p.random = true;
    return p;
  }
  p.settings = fanorona::level_settings(static_cast<int>(parse_number("a level", head, 1, 6)));
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
    } else if (arg == "--bench") {
      o.bench_ms = parse_number(arg, value(), 1, 3600000);
    } else if (arg == "--record") {
      o.record = value();
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
  if (!have_a || !have_b) usage_error("both --a and --b are needed");
  if (o.opening_max < o.opening_min) usage_error("--opening-max is below --opening-min");
  return o;
}

// One side of a game: a searcher playing a level, or the random mover.
class Side {
 public:
  explicit Side(const Player& player) : player_(player) {
    if (!player.random) searcher_ = std::make_unique<fanorona::Searcher>(4);
  }
  void new_game(std::uint64_t seed) {
    random_state_ = seed;
    if (searcher_) {
      searcher_->set_level(player_.settings.level, seed);
      searcher_->set_settings(player_.settings);
      searcher_->set_weights(player_.weights);
    }
  }
  fanorona::Turn pick(const fanorona::Game& game) {
    if (!searcher_) return fanorona::random_turn(game.position(), random_state_);
    return searcher_->choose(game).best;
  }

 private:
  Player player_;
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

int main(int argc, char** argv) {
  const Options o = parse_options(argc, argv);
  if (o.bench_ms > 0) {
    fanorona::Searcher searcher;
    const auto r = searcher.search(fanorona::Game(), fanorona::SearchLimits{0, 0, o.bench_ms});
    const double seconds = static_cast<double>(std::max<std::int64_t>(r.milliseconds, 1)) / 1000.0;
    std::printf("start position, %lld ms: depth %d (seldepth %d), %llu nodes, %.0f nodes/s, best %s %s, pv %s\n", o.bench_ms,
                r.depth, r.seldepth, static_cast<unsigned long long>(r.nodes), static_cast<double>(r.nodes) / seconds,
                r.best.to_string().c_str(), r.score_string().c_str(), r.pv_string().c_str());
    return 0;
  }
  Side a(o.a), b(o.b);
  std::ofstream records;
  if (!o.record.empty()) {
    records.open(o.record, std::ios::binary);
    if (!records) usage_error("cannot write " + o.record);
  }
  int wins = 0, draws = 0, losses = 0, adjudicated = 0;
  long long total_turns = 0;
  for (int g = 0; g < o.games; ++g) {
    const int pair = g / 2;
    const bool a_white = g % 2 == 0;
    std::uint64_t opening_rng = o.seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(pair) * 0xD1B54A32D192ED03ULL;
    const int span = o.opening_max - o.opening_min + 1;
    const int opening = o.opening_min + static_cast<int>(splitmix64(opening_rng) % static_cast<std::uint64_t>(span));
    fanorona::Game game;
    for (int t = 0; t < opening && !game.is_over(); ++t) {
      const auto turn = fanorona::random_turn(game.position(), opening_rng);
      if (!game.play(turn)) return 1;
    }
    const std::uint64_t game_seed = o.seed ^ (static_cast<std::uint64_t>(g) * 0x2545F4914F6CDD1DULL);
    a.new_game(game_seed);
    b.new_game(game_seed ^ 0x5555);
    while (!game.is_over() && static_cast<int>(game.turns().size()) < o.max_turns) {
      const bool white_to_move = game.position().side_to_move() == fanorona::Color::white;
      Side& mover = (white_to_move == a_white) ? a : b;
      const fanorona::Turn turn = mover.pick(game);
      if (const fanorona::Status s = game.play(turn); !s) {
        std::fprintf(stderr, "fanorona-match: a player chose an illegal turn: %s\n", s.error().message.c_str());
        return 1;
      }
    }
    total_turns += static_cast<long long>(game.turns().size());
    const fanorona::GameResult r = game.result();
    const char* outcome = "draw (turn cap)";
    if (!r.is_over()) {
      ++draws;
      ++adjudicated;
    } else if (r.outcome == fanorona::Outcome::draw) {
      ++draws;
      outcome = "draw";
    } else if ((r.outcome == fanorona::Outcome::white_wins) == a_white) {
      ++wins;
      outcome = "A wins";
    } else {
      ++losses;
      outcome = "B wins";
    }
    if (records.is_open()) write_game(records, game, o, g, a_white);
    if (o.verbose)
      std::printf("game %d: A %s, %zu turns, %s (%s)\n", g + 1, a_white ? "White" : "Black", game.turns().size(), outcome,
                  r.is_over() ? r.to_string().c_str() : "adjudicated");
    std::fflush(stdout);
  }
  const double score = 100.0 * (wins + 0.5 * draws) / o.games;
  std::printf("%s vs %s: %d games, A wins %d, draws %d, losses %d, score %.1f%%  (adjudicated draws: %d, average %.0f turns)\n",
              o.a.name.c_str(), o.b.name.c_str(), o.games, wins, draws, losses, score, adjudicated,
              static_cast<double>(total_turns) / o.games);
  return 0;
}
