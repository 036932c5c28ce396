// worst-case-search: looks for the positions with the most legal turns and the longest capture
// chains, to size fanorona::max_turns<B> (docs/limits.md).
//
//   fanorona-worst-case-search [--board 9x5|5x5|3x3] [--objective turns|chain]
//                              [--restarts N] [--iterations N] [--seed N] [--exhaustive]
//                              [--games N]
//
// The search is simulated annealing over positions with White to move (swapping the colors
// and the side to move gives the same turns, so this loses nothing): a step changes one point
// (empty, white or black, within the 22-stones-a-side limit), moves a stone, or swaps two
// points; worse positions are accepted with a probability that falls as the temperature
// does. Each restart begins from a random position or, in turn, from one of the hand-made
// adversarial positions below, and from the best position found so far. --exhaustive visits
// every position instead (only practical on 3x3: 3^9 colorings).
//
// --games N plays N games of uniformly random turns from the initial position instead and
// reports the most turns and the longest chain met in play, for comparison.
//
// Turns are counted with fanorona::count_turns, which does not fill a list, so positions with
// more turns than the list's capacity are measured correctly.
//
// Output: one line per improvement, then
//   best turns <board> <count> <FEN>
//   best chain <board> <steps> <turn> <FEN>
#include <fanorona/fanorona.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {

using fanorona::Bitboard;

struct Options {
  std::string board = "9x5";
  std::string objective = "turns";
  int restarts = 20;
  long iterations = 200000;
  std::uint32_t seed = 1;
  bool exhaustive = false;
  long games = 0;
};

// A position under search: 0 empty, 1 white, 2 black per point; White to move.
template <class B>
struct Cells {
  std::array<std::uint8_t, B::size> v{};
  int count[3] = {B::size, 0, 0};

  void set(int p, std::uint8_t value) {
    --count[v[static_cast<std::size_t>(p)]];
    v[static_cast<std::size_t>(p)] = value;
    ++count[value];
  }
  fanorona::BasicPosition<B> position() const {
    Bitboard w = 0, b = 0;
    for (int p = 0; p < B::size; ++p) {
      if (v[static_cast<std::size_t>(p)] == 1) w |= Bitboard{1} << p;
      if (v[static_cast<std::size_t>(p)] == 2) b |= Bitboard{1} << p;
    }
    return fanorona::BasicPosition<B>::from_stones(w, b, fanorona::Color::white).value();
  }
  static Cells from(const fanorona::BasicPosition<B>& position) {
    Cells c;
    for (int p = 0; p < B::size; ++p) {
      const auto color = position.at(fanorona::Point(p));
      if (color) c.set(p, *color == fanorona::Color::white ? 1 : 2);
    }
    return c;
  }
};

// The longest turn of a position, in steps, and one turn that long.
template <class B>
std::pair<int, fanorona::BasicTurn<B>> longest_chain(const fanorona::BasicPosition<B>& position) {
  std::pair<int, fanorona::BasicTurn<B>> best{0, {}};
  fanorona::for_each_turn(position, [&best](const fanorona::BasicTurn<B>& turn) {
    if (turn.size() > best.first) best = {turn.size(), turn};
  });
  return best;
}

// The score the search maximizes. Turns: the count. Chain: the longest chain's steps first,
// then (to give the search a slope) the stones it captures and the number of turns.
template <class B>
double score(const Options& o, const fanorona::BasicPosition<B>& position) {
  const double turns = static_cast<double>(fanorona::count_turns(position));
  if (o.objective == "turns") return turns;
  if (!fanorona::has_capture(position)) return 0;
  const auto chain = longest_chain(position);
  return chain.first * 1e6 + fanorona::detail::popcount(chain.second.captured()) * 1e3 + std::min(turns, 999.0);
}

// Hand-made adversarial starting points (White to move), as FEN ranks for each board.
template <class B>
std::vector<std::string> adversarial() {
  if (B::width == 9)
    return {
        // A lone white stone in the center, the black army on the other strong points.
        "B1B1B1B1B/1B1B1B1B1/B1B1W1B1B/1B1B1B1B1/B1B1B1B1B W",
        // A lone white stone, black on the weak points around it.
        "1B1B1B1B1/B1B1B1B1B/1B1BWB1B1/B1B1B1B1B/1B1B1B1B1 W",
        // Rows of white and black with empty rows between: every white stone captures both ways.
        "BBBBBBBBB/9/WWWWWWWWW/9/BBBBBBBBB W",
        "BBBBBBBBB/9/WWWWWWWWW/9/WWWWWWWWW W",
        "B1B1B1B1B/9/W1W1W1W1W/9/B1B1B1B1B W",
        // The initial position.
        "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W",
    };
  if (B::width == 5)
    return {"B1B1B/1B1B1/B1W1B/1B1B1/B1B1B W", "1B1B1/B1B1B/1BWB1/B1B1B/1B1B1 W", "BBBBB/5/WWWWW/5/BBBBB W",
            "BBBBB/BBBBB/BW1BW/WWWWW/WWWWW W"};
  return {"B1B/1W1/B1B W", "1B1/BWB/1B1 W", "BBB/3/WWW W", "BBB/B1W/WWW W"};
}

template <class B>
Cells<B> random_cells(std::mt19937_64& rng) {
  Cells<B> c;
  std::uniform_int_distribution<int> value(0, 2);
  for (int p = 0; p < B::size; ++p) {
    const auto v = static_cast<std::uint8_t>(value(rng));
    if (v && c.count[v] >= B::stones_per_side) continue;
    c.set(p, v);
  }
  return c;
}

// One random change; false when it would break the stones-per-side limit (nothing changed).
template <class B>
bool mutate(Cells<B>& c, std::mt19937_64& rng) {
  std::uniform_int_distribution<int> point(0, B::size - 1);
  const int kind = static_cast<int>(rng() % 3);
  const int p = point(rng), q = point(rng);
  const auto at = [&c](int x) { return c.v[static_cast<std::size_t>(x)]; };
  if (kind == 0) {
    const auto v = static_cast<std::uint8_t>(rng() % 3);
    if (v == at(p) || (v && c.count[v] >= B::stones_per_side)) return false;
    c.set(p, v);
    return true;
  }
  if (at(p) == at(q)) return false;
  if (kind == 1 && at(q) != 0) return false;  // move the stone on p to the empty point q
  const auto vp = at(p), vq = at(q);
  c.set(p, vq);
  c.set(q, vp);
  return true;
}

template <class B>
void report(const char* what, const Options& o, double s, const Cells<B>& c) {
  const auto position = c.position();
  const auto chain = longest_chain(position);
  std::printf("%s %dx%d turns %llu chain %d score %.0f %s\n", what, B::width, B::height,
              static_cast<unsigned long long>(fanorona::count_turns(position)), chain.first, s,
              position.to_fen().c_str());
  (void)o;
  std::fflush(stdout);
}

template <class B>
void final_report(const Cells<B>& best_turns, const Cells<B>& best_chain) {
  const auto pt = best_turns.position();
  const auto pc = best_chain.position();
  const auto chain = longest_chain(pc);
  std::printf("best turns %dx%d %llu %s\n", B::width, B::height,
              static_cast<unsigned long long>(fanorona::count_turns(pt)), pt.to_fen().c_str());
  std::printf("best chain %dx%d %d %s %s\n", B::width, B::height, chain.first, chain.second.to_string().c_str(),
              pc.to_fen().c_str());
}

template <class B>
void exhaustive() {
  Cells<B> best_turns, best_chain;
  std::uint64_t most = 0;
  int longest = -1;
  std::uint64_t total = 1;
  for (int i = 0; i < B::size; ++i) total *= 3;
  for (std::uint64_t code = 0; code < total; ++code) {
    Cells<B> c;
    std::uint64_t x = code;
    for (int p = 0; p < B::size; ++p, x /= 3) c.set(p, static_cast<std::uint8_t>(x % 3));
    if (c.count[1] > B::stones_per_side || c.count[2] > B::stones_per_side) continue;
    const auto position = c.position();
    const std::uint64_t n = fanorona::count_turns(position);
    if (n > most) most = n, best_turns = c;
    const int len = longest_chain(position).first;
    if (len > longest) longest = len, best_chain = c;
  }
  final_report(best_turns, best_chain);
}

template <class B>
void anneal(const Options& o) {
  std::mt19937_64 rng(o.seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const auto seeds = adversarial<B>();
  Cells<B> best;
  double best_score = -1;
  Cells<B> best_turns, best_chain;
  std::uint64_t most = 0;
  int longest = -1;
  const auto consider = [&](const Cells<B>& c) {
    const auto position = c.position();
    const std::uint64_t n = fanorona::count_turns(position);
    if (n > most) most = n, best_turns = c;
    if (o.objective == "chain") {
      const int len = longest_chain(position).first;
      if (len > longest) longest = len, best_chain = c;
    }
  };
  for (int r = 0; r < o.restarts; ++r) {
    Cells<B> cur;
    if (r < static_cast<int>(seeds.size()))
      cur = Cells<B>::from(fanorona::BasicPosition<B>::from_fen(seeds[static_cast<std::size_t>(r)]).value());
    else if (r % 3 == 2 && best_score >= 0)
      cur = best;
    else
      cur = random_cells<B>(rng);
    double cur_score = score(o, cur.position());
    for (long i = 0; i < o.iterations; ++i) {
      // Temperature in log-score units, from 0.5 down to 0.001.
      const double t = 0.5 * std::pow(0.002, static_cast<double>(i) / static_cast<double>(o.iterations));
      Cells<B> next = cur;
      const int changes = 1 + static_cast<int>(rng() % 2);
      bool changed = false;
      for (int k = 0; k < changes; ++k) changed = mutate(next, rng) || changed;
      if (!changed) continue;
      const double s = score(o, next.position());
      const double delta = std::log1p(s) - std::log1p(cur_score);
      if (delta >= 0 || unit(rng) < std::exp(delta / t)) {
        cur = next;
        cur_score = s;
        if (s > best_score) {
          best = cur;
          best_score = s;
          consider(cur);
          report("improved", o, s, cur);
        }
      }
    }
    consider(cur);
  }
  if (o.objective == "turns") best_chain = best_turns;
  final_report(best_turns, o.objective == "chain" ? best : best_chain);
}

// Random play: the most turns and the longest turn met in positions reached from the start.
template <class B>
void random_games(const Options& o) {
  std::mt19937_64 rng(o.seed);
  std::uint64_t most = 0, positions = 0;
  int longest = 0;
  std::string most_fen, longest_turn;
  for (long g = 0; g < o.games; ++g) {
    auto p = fanorona::BasicPosition<B>::initial();
    for (int ply = 0; ply < 400; ++ply) {
      std::vector<fanorona::BasicTurn<B>> turns;
      fanorona::for_each_turn(p, [&turns](const fanorona::BasicTurn<B>& t) { turns.push_back(t); });
      ++positions;
      if (turns.empty()) break;
      if (turns.size() > most) most = turns.size(), most_fen = p.to_fen();
      for (const auto& t : turns)
        if (t.size() > longest) longest = t.size(), longest_turn = t.to_string() + " " + p.to_fen();
      p.play(turns[static_cast<std::size_t>(rng() % turns.size())]);
    }
  }
  std::printf("random play %dx%d: %ld games, %llu positions, most turns %llu %s, longest chain %d %s\n", B::width,
              B::height, o.games, static_cast<unsigned long long>(positions), static_cast<unsigned long long>(most),
              most_fen.c_str(), longest, longest_turn.c_str());
}

template <class B>
void run(const Options& o) {
  if (o.games > 0)
    random_games<B>(o);
  else if (o.exhaustive)
    exhaustive<B>();
  else
    anneal<B>(o);
}

[[noreturn]] void usage(const char* message) {
  std::fprintf(stderr,
               "worst-case-search: %s\nusage: fanorona-worst-case-search [--board 9x5|5x5|3x3] [--objective turns|chain] "
               "[--restarts N] [--iterations N] [--seed N] [--exhaustive] [--games N]\n",
               message);
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    const auto next = [&]() -> const char* {
      if (i + 1 >= argc) usage("missing value");
      return argv[++i];
    };
    if (a == "--board") o.board = next();
    else if (a == "--objective") o.objective = next();
    else if (a == "--restarts") o.restarts = std::atoi(next());
    else if (a == "--iterations") o.iterations = std::atol(next());
    else if (a == "--seed") o.seed = static_cast<std::uint32_t>(std::atol(next()));
    else if (a == "--exhaustive") o.exhaustive = true;
    else if (a == "--games") o.games = std::atol(next());
    else usage("unknown argument");
  }
  if (o.objective != "turns" && o.objective != "chain") usage("--objective is turns or chain");
  if (o.board == "9x5") run<fanorona::Tsivy>(o);
  else if (o.board == "5x5") run<fanorona::Dimy>(o);
  else if (o.board == "3x3") run<fanorona::Telo>(o);
  else usage("--board is 9x5, 5x5 or 3x3");
  return 0;
}
