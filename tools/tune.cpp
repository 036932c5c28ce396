// fanorona-tune: fits the evaluation's weights to the results of recorded games, by logistic
// regression (docs/search.md, "Weights fitted to game results").
//
//   fanorona-tune [--terms T1,T2,...] [--skip N] [--endgame-stones N] [--ridge X] FILE...
//
// Reads 9x5 game records (for example from `fanorona-match --record`), and takes every quiet
// position (the side to move has no capture: its score is not about to change by a capture),
// after the first N turns of each game (default 6: the random openings of the matches), with
// the game's result seen by its side to move: 1 for a win, 1/2 for a draw, 0 for a loss. It
// then finds the weights w that make sigmoid(w . terms(position)) the likeliest predictor of
// those results (maximum likelihood, Newton's method; `--ridge` adds a small L2 penalty, 1e-3
// by default, so that a term that never varies cannot make the system singular), and prints
// them scaled so that one stone is worth 100, as the library's weights are.
//
// A game read twice (two engines without randomness play both games of a pair alike) counts
// once. Every tenth game is held out: the program reports the mean log loss on the fitted games and
// on the held-out ones, for the fitted weights and for the weights of levels 6 and 7 (each
// with its best scale), so a fit that only learned the noise of its games shows. The terms are
// fanorona::EvalTerm's names; `material` is always fitted. The last line is the weights as a
// `fanorona-match` player.
#include <fanorona/record.hpp>
#include <fanorona/record_reader.hpp>
#include <fanorona/search.hpp>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_set>
#include <variant>
#include <vector>

#include "cli.hpp"

namespace {

constexpr int term_count = fanorona::eval_term_count;
using Terms = std::array<double, term_count>;

struct Sample {
  Terms x{};
  double result = 0.5;  // for the side to move
};

struct Data {
  std::vector<Sample> fit, held_out;
  std::unordered_set<std::uint64_t> seen;  // the games read, by their turns
  int games = 0, refused = 0, duplicates = 0;
};

constexpr const char* usage_text =
    "usage: fanorona-tune [--terms T1,T2,...] [--skip N] [--endgame-stones N] [--ridge X] [--calm] FILE...\n";

double result_for(fanorona::Outcome outcome, fanorona::Color side) {
  if (outcome == fanorona::Outcome::draw) return 0.5;
  const bool white_won = outcome == fanorona::Outcome::white_wins;
  return white_won == (side == fanorona::Color::white) ? 1.0 : 0.0;
}

void read_games(const std::string& name, int skip, int endgame_stones, bool calm, Data& data) {
  std::istringstream in(tools::read_file(name));
  fanorona::RecordReader reader(in);
  while (const auto game = reader.next()) {
    if (!*game) {
      ++data.refused;
      std::fprintf(stderr, "%s:%zu:%zu: %s\n", name.c_str(), game->error().line, game->error().column,
                   game->error().message.c_str());
      continue;
    }
    const auto* record = std::get_if<fanorona::GameRecord>(&game->value());
    if (record == nullptr || record->result() == fanorona::Outcome::ongoing) continue;  // 9x5 games with a result
    std::vector<Sample> samples;
    std::uint64_t fingerprint = 0;  // of the positions the game went through
    fanorona::Position position = record->start_position();
    for (std::size_t t = 0; t < record->turns().size(); ++t) {
      fingerprint = (fingerprint ^ position.hash()) * 0x100000001B3ULL;
      const bool candidate = static_cast<int>(t) >= skip && !fanorona::has_capture(position);
      const auto terms = candidate ? fanorona::evaluation_terms(position, endgame_stones) : decltype(fanorona::evaluation_terms(position)){};
      const bool calm_enough = !calm || terms[static_cast<std::size_t>(fanorona::EvalTerm::exposed)] == 0;
      if (candidate && calm_enough) {
        Sample s;
        for (int i = 0; i < term_count; ++i) s.x[static_cast<std::size_t>(i)] = terms[static_cast<std::size_t>(i)];
        s.result = result_for(record->result(), position.side_to_move());
        samples.push_back(s);
      }
      position = position.after(record->turns()[t]);
    }
    // Two engines without randomness play both games of a pair alike: count a game once.
    if (!data.seen.insert(fingerprint).second) {
      ++data.duplicates;
      continue;
    }
    std::vector<Sample>& into = data.games++ % 10 == 9 ? data.held_out : data.fit;
    into.insert(into.end(), samples.begin(), samples.end());
  }
}

double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

// Mean log loss of predicting each result by sigmoid(scale * w . x).
double log_loss(const std::vector<Sample>& samples, const Terms& w, double scale) {
  double loss = 0;
  for (const Sample& s : samples) {
    double z = 0;
    for (int i = 0; i < term_count; ++i) z += w[static_cast<std::size_t>(i)] * s.x[static_cast<std::size_t>(i)];
    const double p = std::min(std::max(sigmoid(scale * z), 1e-12), 1 - 1e-12);
    loss -= s.result * std::log(p) + (1 - s.result) * std::log(1 - p);
  }
  return samples.empty() ? 0 : loss / static_cast<double>(samples.size());
}

// The best scale for fixed weights `w`: a golden-section search on the logarithm of the
// scale (the loss is convex in the scale, so one minimum).
double best_scale(const std::vector<Sample>& samples, const Terms& w) {
  double lo = std::log(1e-6), hi = std::log(1.0);
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  for (int iteration = 0; iteration < 60; ++iteration) {
    const double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
    if (log_loss(samples, w, std::exp(a)) < log_loss(samples, w, std::exp(b)))
      hi = b;
    else
      lo = a;
  }
  return std::exp((lo + hi) / 2);
}

// Solves a * x = b in place by Gaussian elimination with partial pivoting (a is small and
// positive definite here, thanks to the ridge).
std::vector<double> solve(std::vector<std::vector<double>> a, std::vector<double> b) {
  const std::size_t n = b.size();
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::fabs(a[r][c]) > std::fabs(a[pivot][c])) pivot = r;
    std::swap(a[c], a[pivot]);
    std::swap(b[c], b[pivot]);
    for (std::size_t r = c + 1; r < n; ++r) {
      const double f = a[r][c] / a[c][c];
      for (std::size_t k = c; k < n; ++k) a[r][k] -= f * a[c][k];
      b[r] -= f * b[c];
    }
  }
  std::vector<double> x(n);
  for (std::size_t c = n; c-- > 0;) {
    double v = b[c];
    for (std::size_t k = c + 1; k < n; ++k) v -= a[c][k] * x[k];
    x[c] = v / a[c][c];
  }
  return x;
}

// Maximum-likelihood weights of the terms in `free` (the others stay 0), by Newton's method
// on the mean log loss plus `ridge` times the squared weights.
Terms fit(const std::vector<Sample>& samples, const std::vector<int>& free, double ridge) {
  Terms w{};
  const std::size_t n = free.size();
  const double count = static_cast<double>(samples.size());
  for (int iteration = 0; iteration < 30; ++iteration) {
    std::vector<double> g(n, 0.0);
    std::vector<std::vector<double>> h(n, std::vector<double>(n, 0.0));
    for (const Sample& s : samples) {
      double z = 0;
      for (int i : free) z += w[static_cast<std::size_t>(i)] * s.x[static_cast<std::size_t>(i)];
      const double p = sigmoid(z), e = p - s.result, v = p * (1 - p);
      for (std::size_t a = 0; a < n; ++a) {
        const double xa = s.x[static_cast<std::size_t>(free[a])];
        g[a] += e * xa;
        for (std::size_t b = 0; b <= a; ++b) h[a][b] += v * xa * s.x[static_cast<std::size_t>(free[b])];
      }
    }
    for (std::size_t a = 0; a < n; ++a) {
      g[a] = g[a] / count + ridge * w[static_cast<std::size_t>(free[a])];
      for (std::size_t b = 0; b <= a; ++b) h[b][a] = h[a][b] = h[a][b] / count + (a == b ? ridge : 0.0);
    }
    const std::vector<double> step = solve(h, g);
    double largest = 0;
    for (std::size_t a = 0; a < n; ++a) {
      w[static_cast<std::size_t>(free[a])] -= step[a];
      largest = std::max(largest, std::fabs(step[a]));
    }
    if (largest < 1e-10) break;
  }
  return w;
}

Terms weights_of(const fanorona::EvalWeights& weights) {
  Terms w{};
  for (int i = 0; i < term_count; ++i) w[static_cast<std::size_t>(i)] = weights[static_cast<fanorona::EvalTerm>(i)];
  return w;
}

struct TuneOptions {
  std::vector<int> free{static_cast<int>(fanorona::EvalTerm::material)};  // the terms fitted
  std::vector<std::string> files;
  int skip = 6, endgame_stones = 14;
  double ridge = 1e-3;
  bool calm = false;
};

TuneOptions parse_options(int argc, char** argv) {
  TuneOptions o;
  for (tools::Arguments args(argc, argv); args.more();) {
    const std::string_view arg = args.next();
    if (arg == "--terms") {
      for (const std::string_view name : tools::split_list(args.value(arg))) {
        const auto term = fanorona::parse_eval_term(name);
        if (!term) tools::usage_error("unknown term '" + std::string(name) + "'");
        if (*term != fanorona::EvalTerm::material) o.free.push_back(static_cast<int>(*term));
      }
    } else if (arg == "--skip") {
      o.skip = static_cast<int>(args.number(arg, 0, 10000));
    } else if (arg == "--endgame-stones") {
      o.endgame_stones = static_cast<int>(args.number(arg, 0, 44));
    } else if (arg == "--calm") {
      o.calm = true;
    } else if (arg == "--ridge") {
      o.ridge = tools::parse_decimal(arg, args.value(arg), 0, 1e6);
    } else if (arg == "--help" || arg == "-h") {
      tools::print_usage();
    } else if (!arg.empty() && arg[0] == '-') {
      tools::usage_error("unknown option " + std::string(arg));
    } else {
      o.files.emplace_back(arg);
    }
  }
  if (o.files.empty()) tools::usage_error("no game records given");
  if (o.free.size() == 1) tools::usage_error("--terms names no term besides material");
  return o;
}

// Prints the fitted weights, one stone worth 100; returns them as a fanorona-match player.
std::string print_weights(const Terms& fitted, const std::vector<int>& free) {
  const double stone = fitted[static_cast<std::size_t>(fanorona::EvalTerm::material)];
  std::printf("\n%-18s %8s\n", "term", "weight");
  std::string player = "7";
  for (int i : free) {
    const long weight = std::lround(100.0 * fitted[static_cast<std::size_t>(i)] / stone);
    const std::string name(fanorona::to_string(static_cast<fanorona::EvalTerm>(i)));
    std::printf("%-18s %8ld\n", name.c_str(), weight);
    if (i != static_cast<int>(fanorona::EvalTerm::material)) player += "," + name + "=" + std::to_string(weight);
  }
  return player;
}

// The mean log loss of the fitted weights against those of levels 6 and 7, on the fitted
// games and on the held-out ones.
void print_losses(const Data& data, const Terms& fitted, int endgame_stones) {
  std::printf("\n%-26s %12s %12s\n", "mean log loss", "fitted games", "held out");
  for (int level : {6, 7}) {
    fanorona::EvalWeights w = fanorona::level_weights(level);
    w.endgame_stones = endgame_stones;
    const Terms t = weights_of(w);
    const double k = best_scale(data.fit, t);
    const std::string label = "level " + std::to_string(level) + " weights";
    std::printf("%-26s %12.5f %12.5f\n", label.c_str(), log_loss(data.fit, t, k), log_loss(data.held_out, t, k));
  }
  std::printf("%-26s %12.5f %12.5f\n", "fitted weights", log_loss(data.fit, fitted, 1.0), log_loss(data.held_out, fitted, 1.0));
}

}  // namespace

int main(int argc, char** argv) {
  const tools::Program program{"fanorona-tune", usage_text};
  const TuneOptions o = parse_options(argc, argv);
  Data data;
  for (const std::string& f : o.files) read_games(f, o.skip, o.endgame_stones, o.calm, data);
  if (data.fit.size() < 100) tools::usage_error("too few quiet positions to fit (" + std::to_string(data.fit.size()) + ")");
  std::printf("%d games (%d refused, %d repeated games skipped), %zu quiet positions fitted, %zu held out (every tenth game)\n",
              data.games, data.refused, data.duplicates, data.fit.size(), data.held_out.size());
  const Terms fitted = fit(data.fit, o.free, o.ridge);
  const double stone = fitted[static_cast<std::size_t>(fanorona::EvalTerm::material)];
  if (!(stone > 0)) tools::usage_error("the fit gives a stone no positive value: the games say nothing about material");
  const std::string player = print_weights(fitted, o.free);
  print_losses(data, fitted, o.endgame_stones);
  std::printf("\none stone moves the predicted score from 50%% to %.1f%%\n", 100.0 * sigmoid(stone));
  std::printf("as a fanorona-match player: %s\n", player.c_str());
  return 0;
}
