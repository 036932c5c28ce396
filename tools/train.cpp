// fanorona-train: trains the evaluation network (docs/search.md, "The evaluation network").
//
//   fanorona-train selfplay --out FILE [--games N] [--nodes N] [--seed S] [--network FILE|none]
//   fanorona-train fit --out FILE [--header FILE] [--epochs N] [--lambda X] [--seed S] SAMPLES...
//
// `selfplay` plays level 7 against itself, each turn a search of --nodes nodes (20,000 by
// default) with the network of --network (the library's own by default; `none` searches with
// the hand-written terms alone), from random openings of 2 to 8 turns, with one turn in 33
// chosen at random so that the games spread. Every searched position is a sample, one line
// each: the position (FEN), the search's score for its side to move, and the game's result
// for it (1, 0 or -1). Positions with one legal turn and scores of won or lost games are left
// out.
//
// `fit` learns a network from samples: the one whose score, added to level 7's hand-written
// terms, best predicts `lambda` times the searched score plus (1 - lambda) times the result
// (both as an expected result, through a logistic curve whose scale is fitted first). The
// last 5% of the samples are held out and their loss reported after each epoch. Every sample
// is seen under a random symmetry of the board each epoch. It writes the network in the text
// format of `fanorona::parse_network` (--out) and, with --header, as the C++ header that
// builds it into the library (include/fanorona/search/detail/network_weights.hpp).
//
// Both are deterministic: the same arguments and build give the same file.
#include <fanorona/search.hpp>
#include <fanorona/symmetry.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli.hpp"

namespace {

using Net = fanorona::EvalNetwork;
constexpr int hidden = Net::hidden;
constexpr int inputs = Net::inputs;
constexpr int points = fanorona::Tsivy::size;

constexpr const char* usage_text =
    "usage: fanorona-train selfplay --out FILE [--games N] [--nodes N] [--seed S] [--network FILE|none]\n"
    "       fanorona-train fit --out FILE [--header FILE] [--epochs N] [--lambda X] [--seed S] SAMPLES...\n";

// A uniform number in [0, 1) from the generator.
double uniform(std::uint64_t& state) { return static_cast<double>(fanorona::splitmix64(state) >> 11) / 9007199254740992.0; }

// Reads a network file, or stops with its error.
Net read_network(const std::string& name) {
  auto net = fanorona::parse_network<fanorona::Tsivy>(tools::read_file(name));
  if (!net) tools::fail(name + ": " + net.error().message + " (at offset " + std::to_string(net.error().offset) + ")");
  return *net;
}

// ---- selfplay -----------------------------------------------------------------------------

struct SelfplayOptions {
  std::string out_name, network_name;
  int games = 1000;
  std::uint64_t nodes = 20000, seed = 1;
};

SelfplayOptions parse_selfplay(int argc, char** argv) {
  SelfplayOptions o;
  for (tools::Arguments args(argc, argv, 2); args.more();) {
    const std::string_view arg = args.next();
    if (arg == "--out") o.out_name = args.value(arg);
    else if (arg == "--games") o.games = static_cast<int>(args.number(arg, 1, 100000000));
    else if (arg == "--nodes") o.nodes = static_cast<std::uint64_t>(args.number(arg, 1, 1000000000));
    else if (arg == "--seed") o.seed = static_cast<std::uint64_t>(args.number(arg, 0, 1000000000000LL));
    else if (arg == "--network") o.network_name = args.value(arg);
    else tools::usage_error("unknown option '" + std::string(arg) + "'");
  }
  if (o.out_name.empty()) tools::usage_error("selfplay needs --out FILE");
  return o;
}

// One game of self-play from a random opening of 2 to 8 turns, one turn in 33 random; its
// samples written to `out`. Returns how many.
std::size_t play_one(fanorona::Searcher& engine, std::uint64_t nodes, std::uint64_t& rng, std::ostream& out) {
  struct Pending {
    std::string fen;
    int score;
    fanorona::Color side;
  };
  std::vector<Pending> pending;
  engine.clear();
  fanorona::Game game;
  const int opening = 2 + static_cast<int>(fanorona::splitmix64(rng) % 7);
  for (int t = 0; t < opening && !game.is_over(); ++t)
    if (!game.play(fanorona::random_turn(game.position(), rng))) break;
  for (int turn = opening; !game.is_over() && turn < 300; ++turn) {
    const fanorona::Position& position = game.position();
    const fanorona::SearchResult r = engine.search(game, fanorona::SearchLimits{0, nodes, 0});
    if (!r.is_decisive() && game.legal_turns().size() > 1) pending.push_back({position.to_fen(), r.score, position.side_to_move()});
    const fanorona::Turn chosen = fanorona::splitmix64(rng) % 100 < 3 ? fanorona::random_turn(position, rng) : r.best;
    if (!game.play(chosen)) break;
  }
  const fanorona::Outcome outcome = game.result().outcome;
  for (const Pending& p : pending) {
    int result = 0;
    if (outcome == fanorona::Outcome::white_wins) result = p.side == fanorona::Color::white ? 1 : -1;
    if (outcome == fanorona::Outcome::black_wins) result = p.side == fanorona::Color::black ? 1 : -1;
    out << p.fen << ' ' << p.score << ' ' << result << '\n';
  }
  return pending.size();
}

int selfplay(int argc, char** argv) {
  const SelfplayOptions o = parse_selfplay(argc, argv);
  static Net network;  // 12 KiB: not on the stack
  fanorona::Searcher engine;
  engine.set_level(fanorona::max_level, o.seed);
  if (o.network_name == "none") {
    engine.set_network(nullptr);
  } else if (!o.network_name.empty()) {
    network = read_network(o.network_name);
    engine.set_network(&network);
  }
  std::ofstream out(o.out_name, std::ios::binary);
  if (!out) tools::usage_error("cannot write " + o.out_name);
  std::uint64_t rng = o.seed * 0x9E3779B97F4A7C15ULL + 1;
  std::size_t samples = 0;
  for (int g = 0; g < o.games; ++g) {
    samples += play_one(engine, o.nodes, rng, out);
    if ((g + 1) % 100 == 0 || g + 1 == o.games)
      std::fprintf(stderr, "\r%d of %d games, %zu samples", g + 1, o.games, samples);
  }
  std::fprintf(stderr, "\n");
  return out ? 0 : 1;
}

// ---- fit ----------------------------------------------------------------------------------

struct Sample {
  fanorona::Position position;
  float hand = 0;    // level 7's hand-written terms
  float score = 0;   // the searched score
  float result = 0;  // 0, 1/2 or 1 for the side to move
};

// The network in floating point while it learns; `Net` is its fixed-point form.
struct FloatNet {
  std::vector<float> w1 = std::vector<float>(static_cast<std::size_t>(inputs * hidden));  // [input * hidden + unit]
  std::vector<float> b1 = std::vector<float>(hidden);
  std::vector<float> w2 = std::vector<float>(hidden);
  float b2 = 0;
};

// The limits that keep the fixed-point form exact: every input weight within +-2 (so that a
// hidden sum stays within 16 bits, see BasicEvalNetwork::sums_fit_16_bits), biases within
// +-8, output weights within +-250 stones.
constexpr float max_input_weight = 2.0f, max_bias = 8.0f, max_output_weight = 250.0f;

// The active inputs of a position, as the library computes them.
int active_inputs(const fanorona::Position& position, int* list) {
  int n = 0;
  fanorona::for_each_network_input(position, [&](int input) { list[n++] = input; });
  return n;
}

// The evaluation with `weights` and no network: what the network's score is added to.
int hand_score(const fanorona::Position& position, const fanorona::EvalWeights& weights) {
  const auto terms = fanorona::evaluation_terms(position, weights.endgame_stones, static_cast<const Net*>(nullptr));
  int score = 0;
  for (int i = 0; i < fanorona::eval_term_count; ++i)
    score += weights[static_cast<fanorona::EvalTerm>(i)] * terms[static_cast<std::size_t>(i)];
  return score;
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// One sample line: the position (FEN, two fields), the searched score, the result.
Sample parse_sample(const std::string& line, const std::string& where, const fanorona::EvalWeights& hand) {
  std::istringstream fields(line);
  std::string board, side;
  int score = 0, result = 0;
  if (!(fields >> board >> side >> score >> result) || result < -1 || result > 1)
    tools::fail(where + ": expected 'FEN SCORE RESULT'");
  const auto position = fanorona::Position::from_fen(board + " " + side);
  if (!position) tools::fail(where + ": " + position.error().message);
  return {*position, static_cast<float>(hand_score(*position, hand)), static_cast<float>(score),
          static_cast<float>(result + 1) / 2.0f};
}

std::vector<Sample> read_samples(const std::vector<std::string>& names) {
  std::vector<Sample> samples;
  fanorona::EvalWeights hand = fanorona::level_weights(fanorona::max_level);
  hand.network = 0;
  for (const std::string& name : names) {
    std::istringstream in(tools::read_file(name));
    std::size_t number = 0;
    for (std::string line; std::getline(in, line);)
      samples.push_back(parse_sample(line, name + ":" + std::to_string(++number), hand));
  }
  return samples;
}

// The logistic scale that makes sigmoid(score / scale) the likeliest predictor of the results.
double fit_scale(const std::vector<Sample>& samples) {
  double best = 100, best_loss = 1e300;
  for (double k = 50; k <= 2000; k *= 1.05) {
    double loss = 0;
    for (const Sample& s : samples) {
      const double p = std::clamp(sigmoid(s.score / k), 1e-9, 1 - 1e-9);
      loss -= s.result * std::log(p) + (1 - s.result) * std::log(1 - p);
    }
    if (loss < best_loss) best_loss = loss, best = k;
  }
  return best;
}

// Forward pass: the hidden sums and activations, and the output in hundredths of a stone.
float forward(const FloatNet& net, const int* active, int n, float* sums, float* units) {
  for (int j = 0; j < hidden; ++j) sums[j] = net.b1[static_cast<std::size_t>(j)];
  for (int k = 0; k < n; ++k) {
    const float* w = &net.w1[static_cast<std::size_t>(active[k] * hidden)];
    for (int j = 0; j < hidden; ++j) sums[j] += w[j];
  }
  float out = net.b2;
  for (int j = 0; j < hidden; ++j) {
    units[j] = std::clamp(sums[j], 0.0f, 1.0f);
    out += net.w2[static_cast<std::size_t>(j)] * units[j];
  }
  return out * 100.0f;
}

Net quantize(const FloatNet& f) {
  Net net;
  const auto fixed = [](float x, float scale) { return static_cast<long>(std::lround(static_cast<double>(x) * scale)); };
  for (int i = 0; i < inputs; ++i)
    for (int j = 0; j < hidden; ++j)
      net.input_weights[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] =
          static_cast<std::int16_t>(fixed(f.w1[static_cast<std::size_t>(i * hidden + j)], Net::scale));
  for (std::size_t j = 0; j < hidden; ++j) {
    net.hidden_biases[j] = static_cast<std::int16_t>(fixed(f.b1[j], Net::scale));
    net.output_weights[j] = static_cast<std::int16_t>(std::clamp(fixed(f.w2[j], Net::scale), -32767L, 32767L));
  }
  net.output_bias = static_cast<std::int32_t>(fixed(f.b2, Net::scale * Net::scale));
  return net;
}

std::string header_text(const Net& net, const std::string& provenance) {
  std::string s =
      "// fanorona: the trained weights of the 9x5 evaluation network. Generated by\n"
      "//   " + provenance + "\n"
      "// from self-play samples (docs/search.md, \"The evaluation network\"); do not edit.\n"
      "// SPDX-License-Identifier: MIT\n"
      "#ifndef FANORONA_SEARCH_DETAIL_NETWORK_WEIGHTS_HPP\n"
      "#define FANORONA_SEARCH_DETAIL_NETWORK_WEIGHTS_HPP\n\n"
      "// The weights of the evaluation network built into the library for the 9x5 board\n"
      "// (`fanorona::default_network`); generated by `fanorona-train fit --header`.\n\n"
      "#include \"../network.hpp\"\n\n"
      "namespace fanorona {\n"
      "namespace detail {\n\n"
      "// clang-format off\n"
      "inline constexpr BasicEvalNetwork<Tsivy> tsivy_network{\n    {{\n";
  const auto row = [&s](const std::array<std::int16_t, hidden>& r) {
    s += "{";
    for (std::size_t j = 0; j < r.size(); ++j) {
      if (j) s += ",";
      s += std::to_string(r[j]);
    }
    s += "}";
  };
  for (std::size_t i = 0; i < net.input_weights.size(); ++i) {
    s += "        ";
    row(net.input_weights[i]);
    s += i + 1 < net.input_weights.size() ? ",\n" : "\n";
  }
  s += "    }},\n    ";
  row(net.hidden_biases);
  s += ",\n    ";
  row(net.output_weights);
  s += ",\n    " + std::to_string(net.output_bias) + "};\n// clang-format on\n\n";
  s += "static_assert(tsivy_network.sums_fit_16_bits(), \"the built-in network's hidden sums must fit 16 bits\");\n\n";
  s += "}  // namespace detail\n}  // namespace fanorona\n\n#endif  // FANORONA_SEARCH_DETAIL_NETWORK_WEIGHTS_HPP\n";
  return s;
}

struct FitOptions {
  std::string out_name, header_name;
  std::vector<std::string> names;
  int epochs = 20;
  double lambda = 0.7;
  std::uint64_t seed = 1;
  std::string provenance = "fanorona-train fit";  // the command, for the header's comment
};

FitOptions parse_fit(int argc, char** argv) {
  FitOptions o;
  for (tools::Arguments args(argc, argv, 2); args.more();) {
    const std::string_view arg = args.next();
    if (arg.empty() || arg[0] != '-') {
      o.names.emplace_back(arg);
      o.provenance += " " + std::string(arg);
      continue;
    }
    if (arg != "--out" && arg != "--header" && arg != "--epochs" && arg != "--lambda" && arg != "--seed")
      tools::usage_error("unknown option '" + std::string(arg) + "'");
    const std::string_view value = args.value(arg);
    o.provenance += " " + std::string(arg) + " " + std::string(value);
    if (arg == "--out") o.out_name = value;
    else if (arg == "--header") o.header_name = value;
    else if (arg == "--epochs") o.epochs = static_cast<int>(tools::parse_number(arg, value, 1, 1000));
    else if (arg == "--lambda") o.lambda = static_cast<double>(tools::parse_number(arg, value, 0, 100)) / 100.0;
    else o.seed = static_cast<std::uint64_t>(tools::parse_number(arg, value, 0, 1000000000000LL));
  }
  if (o.out_name.empty() || o.names.empty()) tools::usage_error("fit needs --out FILE and sample files");
  return o;
}

// Adam, mini-batches of 256, every sample under a random symmetry each epoch.
class Trainer {
 public:
  static constexpr int batch = 256;

  Trainer(const std::vector<Sample>& samples, std::size_t fitted, double scale, double lambda, std::uint64_t seed)
      : samples_(samples), fitted_(fitted), k_(scale), lambda_(lambda), rng_(seed), touched_(inputs), order_(fitted) {
    for (float& w : net_.w1) w = static_cast<float>(uniform(rng_) * 0.2 - 0.1);
    for (float& w : net_.w2) w = static_cast<float>(uniform(rng_) * 0.2 - 0.1);
    for (std::size_t i = 0; i < fitted; ++i) order_[i] = i;
  }

  const FloatNet& net() const { return net_; }

  // The mean squared error of the predicted result on samples [first, last), with or
  // without the network.
  double loss(std::size_t first, std::size_t last, bool with_network) {
    double sum = 0;
    for (std::size_t i = first; i < last; ++i) {
      const Sample& s = samples_[i];
      double prediction = s.hand;
      if (with_network) prediction += forward(net_, active_, active_inputs(s.position, active_), sums_, units_);
      const double d = sigmoid(prediction / k_) - target(s);
      sum += d * d;
    }
    return sum / static_cast<double>(std::max<std::size_t>(last - first, 1));
  }

  void epoch() {
    for (std::size_t i = fitted_; i > 1; --i) std::swap(order_[i - 1], order_[fanorona::splitmix64(rng_) % i]);
    for (std::size_t first = 0; first + batch <= fitted_; first += batch) {
      std::fill(touched_.begin(), touched_.end(), 0);
      std::fill(grad_.b1.begin(), grad_.b1.end(), 0.0f);
      std::fill(grad_.w2.begin(), grad_.w2.end(), 0.0f);
      grad_.b2 = 0;
      for (int b = 0; b < batch; ++b) add_gradient(samples_[order_[first + static_cast<std::size_t>(b)]]);
      step();
    }
  }

 private:
  double target(const Sample& s) const { return lambda_ * sigmoid(s.score / k_) + (1 - lambda_) * s.result; }

  void add_gradient(const Sample& s) {
    const auto symmetry = fanorona::all_symmetries[fanorona::splitmix64(rng_) % 4];
    const int n = active_inputs(fanorona::transform(symmetry, s.position), active_);
    const double q = sigmoid((s.hand + forward(net_, active_, n, sums_, units_)) / k_);
    // d loss / d output (the output before the factor 100, in stones).
    const float g = static_cast<float>(2 * (q - target(s)) * q * (1 - q) / k_ * 100.0) / batch;
    grad_.b2 += g;
    for (int a = 0; a < n; ++a) {
      const auto input = static_cast<std::size_t>(active_[a]);
      if (touched_[input]) continue;
      touched_[input] = 1;
      std::fill(grad_.w1.begin() + static_cast<long>(input * hidden), grad_.w1.begin() + static_cast<long>((input + 1) * hidden), 0.0f);
    }
    for (int j = 0; j < hidden; ++j) {
      const auto u = static_cast<std::size_t>(j);
      grad_.w2[u] += g * units_[j];
      if (sums_[j] <= 0.0f || sums_[j] >= 1.0f) continue;  // clipped: no gradient
      const float gh = g * net_.w2[u];
      grad_.b1[u] += gh;
      for (int a = 0; a < n; ++a) grad_.w1[static_cast<std::size_t>(active_[a] * hidden + j)] += gh;
    }
  }

  void step() {
    constexpr float rate = 1e-3f, beta1 = 0.9f, beta2 = 0.999f;
    ++steps_;
    const float c1 = 1 - std::pow(beta1, static_cast<float>(steps_)), c2 = 1 - std::pow(beta2, static_cast<float>(steps_));
    const auto adam = [&](float& w, float g, float& mw, float& vw, float limit) {
      mw = beta1 * mw + (1 - beta1) * g;
      vw = beta2 * vw + (1 - beta2) * g * g;
      w = std::clamp(w - rate * (mw / c1) / (std::sqrt(vw / c2) + 1e-8f), -limit, limit);
    };
    for (std::size_t i = 0; i < static_cast<std::size_t>(inputs); ++i)
      if (touched_[i])
        for (std::size_t j = 0; j < hidden; ++j) {
          const std::size_t at = i * hidden + j;
          adam(net_.w1[at], grad_.w1[at], m_.w1[at], v_.w1[at], max_input_weight);
        }
    for (std::size_t j = 0; j < hidden; ++j) {
      adam(net_.b1[j], grad_.b1[j], m_.b1[j], v_.b1[j], max_bias);
      adam(net_.w2[j], grad_.w2[j], m_.w2[j], v_.w2[j], max_output_weight);
    }
    adam(net_.b2, grad_.b2, m_.b2, v_.b2, 1000.0f);
  }

  const std::vector<Sample>& samples_;
  std::size_t fitted_;
  double k_, lambda_;
  std::uint64_t rng_;
  FloatNet net_, grad_, m_, v_;
  std::vector<char> touched_;
  std::vector<std::size_t> order_;
  long steps_ = 0;
  int active_[2 * 4 * points];
  float sums_[hidden], units_[hidden];
};

void write_text(const std::string& name, const std::string& text) {
  std::ofstream out(name, std::ios::binary);
  out << text;
  if (!out) tools::usage_error("cannot write " + name);
}

int fit(int argc, char** argv) {
  const FitOptions o = parse_fit(argc, argv);
  const std::vector<Sample> samples = read_samples(o.names);
  if (samples.size() < 100) tools::usage_error("too few samples to fit (" + std::to_string(samples.size()) + ")");
  const std::size_t held_out = samples.size() / 20, fitted = samples.size() - held_out;
  const double k = fit_scale(samples);
  std::fprintf(stderr, "%zu samples (%zu held out); logistic scale %.1f\n", samples.size(), held_out, k);
  Trainer trainer(samples, fitted, k, o.lambda, o.seed);
  std::fprintf(stderr, "held-out loss of the hand-written terms alone: %.6f\n", trainer.loss(fitted, samples.size(), false));
  for (int epoch = 1; epoch <= o.epochs; ++epoch) {
    trainer.epoch();
    std::fprintf(stderr, "epoch %d: held-out loss %.6f\n", epoch, trainer.loss(fitted, samples.size(), true));
  }
  const Net fixed = quantize(trainer.net());
  if (!fixed.sums_fit_16_bits()) tools::fail("the fitted network's sums could overflow 16 bits");
  write_text(o.out_name, fanorona::to_text(fixed));
  if (!o.header_name.empty()) write_text(o.header_name, header_text(fixed, o.provenance));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const tools::Program program{"fanorona-train", usage_text};
  const std::string_view command = argc > 1 ? argv[1] : "";
  if (command == "selfplay") return selfplay(argc, argv);
  if (command == "fit") return fit(argc, argv);
  if (command == "--help" || command == "-h") tools::print_usage();
  tools::usage_error(command.empty() ? "a command is needed" : "unknown command '" + std::string(command) + "'");
}
