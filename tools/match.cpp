// fanorona-match: plays two players (levels, configurations, or a random mover) against each
// other over N games, alternating colors and varying the openings, and prints the score.
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
//   0.5 s a turn, docs/search.md), `4,noise=0,temp=0,random=0`,
//   `4,mob=2,strong=4,exposed=12,endgame=14` (evaluation weights), `hmob=`, `hedge=`,
//   `hsafe=` (endgame hunting weights), any weight by its term's name (`simplify=10`:
//   fanorona::EvalTerm), `contempt=`, `extend=`, `partial=0|1` (the level's settings,
//   fanorona::LevelSettings), `hash=MB` (the table's size, 4 by default), `open=TURNS:MS`
//   (the game's first TURNS turns think MS a turn).
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
// storm often give one color a won game, and a pair from such an opening is won by that
// color whoever plays it, which says nothing about the players. A game still going after
// --max-turns turns (default 300, opening included) is adjudicated a draw. Output: one summary line
//   A vs B: N games, A wins W, draws D, losses L, score P%  (adjudicated draws: K)
// then lines on when the leads were taken and, with --tablebase, on the tables' value for A of
// each game's first covered position against how the game ended.
// Bad arguments print a message on stderr and exit with status 2.
//
// Only the public API is used: fanorona::Searcher for the levels, fanorona::random_turn for
// the random mover and the openings, fanorona::Game to play and judge the games, and
// fanorona::parse_turn for an engine's answers. The players are read in match/player.hpp,
// played in match/side.hpp and counted in match/tally.hpp.
#include <fanorona/record.hpp>
#include <fanorona/record_reader.hpp>
#include <fanorona/search.hpp>
#include <fanorona/tablebase.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "cli.hpp"
#include "match/player.hpp"
#include "match/side.hpp"
#include "match/tally.hpp"

namespace {

using match::GameEnd;
using match::Player;
using match::Side;

struct Options {
  Player a, b;
  int games = 100;
  std::uint64_t seed = 1;
  int max_turns = 300;
  int opening_min = 2, opening_max = 4;
  int balanced = -1;  // --balanced N: openings scored within N of a draw; -1: any opening
  bool verbose = false;
  long long bench_ms = 0;
  int depth_test = 0;                          // search positions from --from to this depth
  std::string from;                            // the game records of --depth-test
  std::vector<int> turns{6, 14, 22, 30, 45};  // --depth-test's positions: after these turns
  std::string record;                          // a file for every game played, as game records
  std::string positions;                       // conversion mode: the lead positions to play
  std::string leads_out;                       // a file for the lead positions met in the games
  int tablebase_stones = 0;                    // --tablebase N: endgame tables up to N stones, made in memory
  std::string tablebase_dir;                   // --tablebase-dir DIR: read them from DIR instead
};

constexpr const char* usage_text =
    "usage: fanorona-match --a PLAYER --b PLAYER [--games N] [--seed S] [--max-turns N]\n"
    "                      [--opening-min N] [--opening-max N] [--balanced N] [--record FILE] [--verbose]\n"
    "                      [--positions FILE] [--leads-out FILE] [--tablebase N [--tablebase-dir DIR]]\n"
    "       fanorona-match --bench MS\n"
    "       fanorona-match --a PLAYER --depth-test N --from FILE [--turns 6,14,22,30,45]\n"
    "PLAYER: a level 1..7, 'random', 'engine:COMMAND' (docs/engine.md),\n"
    "        or a level with changes such as '4,depth=5', '6,nodes=50000',\n"
    "        '3,ms=100', '7,clock=60000+500', '4,noise=0,temp=0,random=0',\n"
    "        '4,mob=2,strong=4,exposed=12,endgame=14', 'hmob=', 'hedge=', 'hsafe=',\n"
    "        a weight by its term's name ('simplify=10'), 'contempt=', 'extend=', 'partial=0|1',\n"
    "        'hash=MB', 'open=TURNS:MS' (the game's first TURNS turns think MS), 'tb=1' (probe the --tablebase tables),\n"
    "        'network=0' (no evaluation network), 'netfile=FILE' (a network of fanorona-train fit)\n";

// Reads one option of the match (and its value) into `o`; false for an unknown one.
bool parse_option(std::string_view arg, tools::Arguments& args, Options& o) {
  if (arg == "--a") o.a = match::parse_player(args.value(arg));
  else if (arg == "--b") o.b = match::parse_player(args.value(arg));
  else if (arg == "--games") o.games = static_cast<int>(args.number(arg, 1, 1000000));
  else if (arg == "--seed") o.seed = static_cast<std::uint64_t>(args.number(arg, 0, 9223372036854775807LL));
  else if (arg == "--max-turns") o.max_turns = static_cast<int>(args.number(arg, 1, 100000));
  else if (arg == "--opening-min") o.opening_min = static_cast<int>(args.number(arg, 0, 20));
  else if (arg == "--opening-max") o.opening_max = static_cast<int>(args.number(arg, 0, 20));
  else if (arg == "--balanced") o.balanced = static_cast<int>(args.number(arg, 0, 100000));
  else if (arg == "--bench") o.bench_ms = args.number(arg, 1, 3600000);
  else if (arg == "--depth-test") o.depth_test = static_cast<int>(args.number(arg, 1, 40));
  else if (arg == "--from") o.from = args.value(arg);
  else if (arg == "--record") o.record = args.value(arg);
  else if (arg == "--positions") o.positions = args.value(arg);
  else if (arg == "--leads-out") o.leads_out = args.value(arg);
  else if (arg == "--tablebase") o.tablebase_stones = static_cast<int>(args.number(arg, 2, 10));
  else if (arg == "--tablebase-dir") o.tablebase_dir = args.value(arg);
  else if (arg == "--verbose") o.verbose = true;
  else if (arg == "--turns") {
    o.turns.clear();
    for (const std::string_view turn : tools::split_list(args.value(arg)))
      o.turns.push_back(static_cast<int>(tools::parse_number(arg, turn, 1, 10000)));
  } else return false;
  return true;
}

Options parse_options(int argc, char** argv) {
  Options o;
  bool have_a = false, have_b = false;
  for (tools::Arguments args(argc, argv); args.more();) {
    const std::string_view arg = args.next();
    if (arg == "--help" || arg == "-h") tools::print_usage();
    if (!parse_option(arg, args, o)) tools::usage_error("unknown argument '" + std::string(arg) + "'");
    have_a |= arg == "--a";
    have_b |= arg == "--b";
  }
  if (o.bench_ms > 0) return o;
  if (o.depth_test > 0) {
    if (!have_a || o.from.empty()) tools::usage_error("--depth-test needs --a and --from");
    return o;
  }
  if (!have_a || !have_b) tools::usage_error("both --a and --b are needed");
  if (o.opening_max < o.opening_min) tools::usage_error("--opening-max is below --opening-min");
  if ((o.a.tables || o.b.tables) && o.tablebase_stones == 0) tools::usage_error("tb=1 needs --tablebase N");
  return o;
}

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

// The opening of pair `pair`: opening-min..opening-max random turns drawn from the seed; with
// --balanced, drawn again from the same stream until `judge` (level 6, 200,000 nodes, no
// tables) scores it within the bound, its score then left in `judged`. Exits with a message
// when 10,000 draws find none.
fanorona::Game draw_opening(const Options& o, int pair, fanorona::Searcher& judge, int& judged) {
  std::uint64_t opening_rng = o.seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(pair) * 0xD1B54A32D192ED03ULL;
  const int span = o.opening_max - o.opening_min + 1;
  for (int attempt = 0; attempt < 10000; ++attempt) {
    const int opening = o.opening_min + static_cast<int>(fanorona::splitmix64(opening_rng) % static_cast<std::uint64_t>(span));
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
  tools::usage_error("--balanced " + std::to_string(o.balanced) + ": no opening of 10,000 drawn for pair " +
                     std::to_string(pair) + " scores within it");
}

// Conversion mode: every position twice, A taking the side that is ahead in the first game
// and B in the second; prints how often each converts its lead and the score of A.
int play_positions(const Options& o, Side& a, Side& b) {
  std::istringstream in(tools::read_file(o.positions));
  std::vector<std::string> fens;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    fens.push_back(line);
  }
  match::Tally a_ahead, b_ahead;  // the results of the side that is ahead, by who plays it
  int flags = 0, adjudicated = 0, g = 0;
  for (const std::string& fen : fens) {
    const auto start = fanorona::Game::from_fen(fen);
    if (!start) tools::usage_error(o.positions + ": " + start.error().message + " in '" + fen + "'");
    const fanorona::Position& p = start->position();
    const int own = match::own_stones(p), enemy = match::enemy_stones(p);
    if (own == enemy) tools::usage_error(o.positions + ": nobody is ahead in '" + fen + "'");
    const fanorona::Color ahead = own > enemy ? p.side_to_move() : fanorona::opponent(p.side_to_move());
    for (int a_is_ahead = 1; a_is_ahead >= 0; --a_is_ahead, ++g) {
      fanorona::Game game = *start;
      const bool a_white = (ahead == fanorona::Color::white) == (a_is_ahead == 1);
      const std::uint64_t game_seed = o.seed ^ (static_cast<std::uint64_t>(g) * 0x2545F4914F6CDD1DULL);
      a.new_game(game_seed);
      b.new_game(game_seed ^ 0x5555);
      const GameEnd end = play_game(game, a, b, a_white, o.max_turns, match::LeadWriter(nullptr), flags);
      match::Tally& t = a_is_ahead ? a_ahead : b_ahead;
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
  std::istringstream in(tools::read_file(o.from));
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
      [&](const fanorona::Error& e) { tools::usage_error(o.from + ": " + fanorona::to_string(e)); });
  if (positions.empty()) tools::usage_error(o.from + ": no position to search (9x5 games of at least 7 turns are needed)");
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

// --bench: how deep and how fast a search of the start position goes in the time given.
int bench(const Options& o) {
  fanorona::Searcher searcher;
  const auto r = searcher.search(fanorona::Game(), fanorona::SearchLimits{0, 0, o.bench_ms});
  const double seconds = static_cast<double>(std::max<std::int64_t>(r.milliseconds, 1)) / 1000.0;
  std::printf("start position, %lld ms: depth %d (seldepth %d), %llu nodes, %.0f nodes/s, best %s %s, pv %s\n", o.bench_ms,
              r.depth, r.seldepth, static_cast<unsigned long long>(r.nodes), static_cast<double>(r.nodes) / seconds,
              r.best.to_string().c_str(), r.score_string().c_str(), r.pv_string().c_str());
  return 0;
}

// The endgame tables of --tablebase: made in memory, or read from --tablebase-dir.
void prepare_tables(const Options& o, fanorona::Tablebase& tables) {
  if (o.tablebase_stones == 0) return;
  const fanorona::Status made = o.tablebase_dir.empty()
                                    ? fanorona::generate_tablebase(tables, fanorona::TablebaseOptions{o.tablebase_stones, "", nullptr})
                                    : tables.load(o.tablebase_dir, o.tablebase_stones);
  if (!made) tools::fail(made.error().message);
}

// A file the match writes, opened; not open when `name` is empty.
std::ofstream open_output(const std::string& name) {
  std::ofstream out;
  if (name.empty()) return out;
  out.open(name, std::ios::binary);
  if (!out) tools::usage_error("cannot write " + name);
  return out;
}

// --verbose: one line per game.
void print_game(int g, const fanorona::Game& game, GameEnd end, bool a_white) {
  const char* outcome = end == GameEnd::adjudicated ? "draw (turn cap)"
                        : end == GameEnd::draw      ? "draw"
                        : end == GameEnd::a_wins    ? "A wins"
                                                    : "B wins";
  const fanorona::GameResult r = game.result();
  const fanorona::Color a = a_white ? fanorona::Color::white : fanorona::Color::black;
  std::printf("game %d: A %s, %zu turns, %s (%s), stones A %d B %d\n", g + 1, a_white ? "White" : "Black",
              game.turns().size(), outcome,
              r.is_over() ? r.to_string().c_str() : end == GameEnd::adjudicated ? "adjudicated" : "lost on time",
              game.position().count(a), game.position().count(fanorona::opponent(a)));
}

// The match: games in pairs from one opening each, A White in the first of a pair.
int play_match(const Options& o, Side& a, Side& b, const fanorona::Tablebase& tables) {
  std::ofstream records = open_output(o.record), leads = open_output(o.leads_out);
  match::MatchTally tally;
  int flags = 0;
  fanorona::Game pair_opening;
  fanorona::Searcher judge(16);  // --balanced's judge of the openings
  judge.set_level(6, 1);
  for (int g = 0; g < o.games; ++g) {
    const bool a_white = g % 2 == 0;
    if (g % 2 == 0) {
      int judged = 0;
      pair_opening = draw_opening(o, g / 2, judge, judged);
      if (o.verbose && o.balanced >= 0)
        std::printf("pair %d: an opening of %zu turns, judged %d\n", g / 2 + 1, pair_opening.turns().size(), judged);
    }
    fanorona::Game game = pair_opening;
    const std::uint64_t game_seed = o.seed ^ (static_cast<std::uint64_t>(g) * 0x2545F4914F6CDD1DULL);
    a.new_game(game_seed);
    b.new_game(game_seed ^ 0x5555);
    const GameEnd end =
        play_game(game, a, b, a_white, o.max_turns, match::LeadWriter(leads.is_open() ? &leads : nullptr), flags);
    tally.add(g, game, end, a_white, o.tablebase_stones > 0 ? &tables : nullptr);
    if (records.is_open()) write_game(records, game, o, g, a_white);
    if (o.verbose) print_game(g, game, end, a_white);
    std::fflush(stdout);
  }
  tally.print(o.a.name, o.b.name, o.balanced, o.tablebase_stones);
  if (flags > 0) std::printf("lost on time: %d\n", flags);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const tools::Program program{"fanorona-match", usage_text};
  const Options o = parse_options(argc, argv);
  if (o.depth_test > 0) return depth_test(o);
  if (o.bench_ms > 0) return bench(o);
  fanorona::Tablebase tables;
  prepare_tables(o, tables);
  Side a(o.a, &tables), b(o.b, &tables);
  if (!o.positions.empty()) return play_positions(o, a, b);
  return play_match(o, a, b, tables);
}
