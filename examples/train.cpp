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
// builds it into the library (include/fanorona/search/network_weights.hpp).
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

namespace {

using fanorona::Bitboard;
using Net = fanorona::EvalNetwork;
constexpr int hidden = Net::hidden;
constexpr int inputs = Net::inputs;
constexpr int points = fanorona::Tsivy::size;

[[noreturn]] void usage_error(const std::string& message) {
  std::fprintf(stderr,
               "fanorona-train: %s\n"
               "usage: fanorona-train selfplay --out FILE [--games N] [--nodes N] [--seed S] [--network FILE|none]\n"
               "       fanorona-train fit --out FILE [--header FILE] [--epochs N] [--lambda X] [--seed S] SAMPLES...\n",
               message.c_str());
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

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// A uniform number in [0, 1) from the generator.
double uniform(std::uint64_t& state) { return static_cast<double>(splitmix64(state) >> 11) / 9007199254740992.0; }

// Reads a network file, or stops with its error.
Net read_network(const std::string& name) {
  std::ifstream in(name, std::ios::binary);
  if (!in) usage_error("cannot read " + name);
  std::stringstream text;
  text << in.rdbuf();
  auto net = fanorona::parse_network<fanorona::Tsivy>(text.str());
  if (!net) {
    std::fprintf(stderr, "fanorona-train: %s: %s (at offset %zu)\n", name.c_str(), net.error().message.c_str(), net.error().offset);
    std::exit(1);
  }
  return *net;
}

// ---- selfplay -----------------------------------------------------------------------------

int selfplay(int argc, char** argv) {
  std::string out_name, network_name;
  int games = 1000;
  std::uint64_t nodes = 20000, seed = 1;
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const auto value = [&]() -> std::string_view {
      if (i + 1 >= argc) usage_error(std::string(arg) + " needs a value");
      return argv[++i];
    };
    if (arg == "--out") out_name = value();
    else if (arg == "--games") games = static_cast<int>(parse_number(arg, value(), 1, 100000000));
    else if (arg == "--nodes") nodes = static_cast<std::uint64_t>(parse_number(arg, value(), 1, 1000000000));
    else if (arg == "--seed") seed = static_cast<std::uint64_t>(parse_number(arg, value(), 0, 1000000000000LL));
    else if (arg == "--network") network_name = value();
    else usage_error("unknown option '" + std::string(arg) + "'");
  }
  if (out_name.empty()) usage_error("selfplay needs --out FILE");
  static Net network;  // 12 KiB: not on the stack
  fanorona::Searcher engine;
  engine.set_level(fanorona::max_level, seed);
  if (network_name == "none") {
    engine.set_network(nullptr);
  } else if (!network_name.empty()) {
    network = read_network(network_name);
    engine.set_network(&network);
  }
  std::ofstream out(out_name, std::ios::binary);
  if (!out) usage_error("cannot write " + out_name);
  std::uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + 1;
  std::size_t samples = 0;
  struct Pending {
    std::string fen;
    int score;
    fanorona::Color side;
  };
  std::vector<Pending> pending;
  for (int g = 0; g < games; ++g) {
    engine.clear();
    fanorona::Game game;
    const int opening = 2 + static_cast<int>(splitmix64(rng) % 7);
    for (int t = 0; t < opening && !game.is_over(); ++t)
      if (!game.play(fanorona::random_turn(game.position(), rng))) break;
    pending.clear();
    for (int turn = opening; !game.is_over() && turn < 300; ++turn) {
      const fanorona::Position& position = game.position();
      const fanorona::SearchResult r = engine.search(game, fanorona::SearchLimits{0, nodes, 0});
      if (!r.is_mate() && game.legal_turns().size() > 1)
        pending.push_back({position.to_fen(), r.score, position.side_to_move()});
      const fanorona::Turn chosen = splitmix64(rng) % 100 < 3 ? fanorona::random_turn(position, rng) : r.best;
      if (!game.play(chosen)) break;
    }
    const fanorona::Outcome outcome = game.result().outcome;
    for (const Pending& p : pending) {
      int result = 0;
      if (outcome == fanorona::Outcome::white_wins) result = p.side == fanorona::Color::white ? 1 : -1;
      if (outcome == fanorona::Outcome::black_wins) result = p.side == fanorona::Color::black ? 1 : -1;
      out << p.fen << ' ' << p.score << ' ' << result << '\n';
    }
    samples += pending.size();
    if ((g + 1) % 100 == 0 || g + 1 == games)
      std::fprintf(stderr, "\r%d of %d games, %zu samples", g + 1, games, samples);
  }
  std::fprintf(stderr, "\n");
  return out ? 0 : 1;
}

// ---- fit ----------------------------------------------------------------------------------

struct Sample {
  Bitboard own = 0, enemy = 0;
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

// The active inputs of a position (side to move first), as the library computes them.
int active_inputs(Bitboard own, Bitboard enemy, int* list) {
  int n = 0;
  const auto add = [&](Bitboard set, int first) {
    for (; set; set &= set - 1) list[n++] = first + fanorona::detail::lowest_point(set);
  };
  add(own, 0);
  add(enemy, points);
  add(fanorona::detail::first_captured_stones<fanorona::Tsivy>(enemy, own), 2 * points);
  add(fanorona::detail::first_captured_stones<fanorona::Tsivy>(own, enemy), 3 * points);
  return n;
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

std::vector<Sample> read_samples(const std::vector<std::string>& names) {
  std::vector<Sample> samples;
  fanorona::EvalWeights hand = fanorona::level_weights(fanorona::max_level);
  hand.network = 0;
  for (const std::string& name : names) {
    std::ifstream in(name, std::ios::binary);
    if (!in) usage_error("cannot read " + name);
    std::string line;
    std::size_t number = 0;
    while (std::getline(in, line)) {
      ++number;
      // FEN (two fields), score, result.
      std::istringstream fields(line);
      std::string board, side;
      int score = 0, result = 0;
      if (!(fields >> board >> side >> score >> result) || result < -1 || result > 1) {
        std::fprintf(stderr, "fanorona-train: %s:%zu: expected 'FEN SCORE RESULT'\n", name.c_str(), number);
        std::exit(1);
      }
      const auto position = fanorona::Position::from_fen(board + " " + side);
      if (!position) {
        std::fprintf(stderr, "fanorona-train: %s:%zu: %s\n", name.c_str(), number, position.error().message.c_str());
        std::exit(1);
      }
      Sample s;
      s.own = position->own();
      s.enemy = position->enemy();
      s.hand = static_cast<float>(fanorona::detail::evaluate(*position, hand, static_cast<const Net*>(nullptr)));
      s.score = static_cast<float>(score);
      s.result = static_cast<float>(result + 1) / 2.0f;
      samples.push_back(s);
    }
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

Net quantise(const FloatNet& f) {
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
      "#ifndef FANORONA_SEARCH_NETWORK_WEIGHTS_HPP\n"
      "#define FANORONA_SEARCH_NETWORK_WEIGHTS_HPP\n\n"
      "/// @file\n"
      "/// @brief The weights of the evaluation network built into the library for the 9x5 board\n"
      "/// (`fanorona::default_network`); generated by `fanorona-train fit --header`.\n\n"
      "#include \"network.hpp\"\n\n"
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
  s += "}  // namespace detail\n}  // namespace fanorona\n\n#endif  // FANORONA_SEARCH_NETWORK_WEIGHTS_HPP\n";
  return s;
}

int fit(int argc, char** argv) {
  std::string out_name, header_name;
  std::vector<std::string> names;
  int epochs = 20;
  double lambda = 0.7;
  std::uint64_t seed = 1;
  std::string provenance = "fanorona-train fit";
  for (int i = 2; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const auto value = [&]() -> std::string_view {
      if (i + 1 >= argc) usage_error(std::string(arg) + " needs a value");
      return argv[++i];
    };
    if (arg == "--out") out_name = value();
    else if (arg == "--header") header_name = value();
    else if (arg == "--epochs") epochs = static_cast<int>(parse_number(arg, value(), 1, 1000));
    else if (arg == "--lambda") lambda = static_cast<double>(parse_number(arg, value(), 0, 100)) / 100.0;
    else if (arg == "--seed") seed = static_cast<std::uint64_t>(parse_number(arg, value(), 0, 1000000000000LL));
    else if (!arg.empty() && arg[0] == '-') usage_error("unknown option '" + std::string(arg) + "'");
    else names.emplace_back(arg);
    if (arg.substr(0, 2) == "--") provenance += " " + std::string(arg) + " " + argv[i];
    else provenance += " " + std::string(arg);
  }
  if (out_name.empty() || names.empty()) usage_error("fit needs --out FILE and sample files");
  std::vector<Sample> samples = read_samples(names);
  if (samples.size() < 100) usage_error("too few samples to fit (" + std::to_string(samples.size()) + ")");
  const std::size_t held_out = samples.size() / 20, fitted = samples.size() - held_out;
  const double k = fit_scale(samples);
  std::fprintf(stderr, "%zu samples (%zu held out); logistic scale %.1f\n", samples.size(), held_out, k);

  FloatNet net;
  std::uint64_t rng = seed;
  for (float& w : net.w1) w = static_cast<float>(uniform(rng) * 0.2 - 0.1);
  for (float& w : net.w2) w = static_cast<float>(uniform(rng) * 0.2 - 0.1);
  const auto target = [&](const Sample& s) { return lambda * sigmoid(s.score / k) + (1 - lambda) * s.result; };
  int active[2 * 4 * points];
  float sums[hidden], units[hidden];
  const auto loss_on = [&](std::size_t first, std::size_t last, bool with_network) {
    double loss = 0;
    for (std::size_t i = first; i < last; ++i) {
      const Sample& s = samples[i];
      double prediction = s.hand;
      if (with_network) prediction += forward(net, active, active_inputs(s.own, s.enemy, active), sums, units);
      const double d = sigmoid(prediction / k) - target(s);
      loss += d * d;
    }
    return loss / static_cast<double>(std::max<std::size_t>(last - first, 1));
  };
  std::fprintf(stderr, "held-out loss of the hand-written terms alone: %.6f\n", loss_on(fitted, samples.size(), false));

  // Adam, mini-batches of 256.
  constexpr int batch = 256;
  constexpr float rate = 1e-3f, beta1 = 0.9f, beta2 = 0.999f;
  FloatNet grad, m, v;
  std::vector<char> touched(inputs);
  std::vector<std::size_t> order(fitted);
  for (std::size_t i = 0; i < fitted; ++i) order[i] = i;
  long step = 0;
  for (int epoch = 1; epoch <= epochs; ++epoch) {
    for (std::size_t i = fitted; i > 1; --i) std::swap(order[i - 1], order[splitmix64(rng) % i]);
    for (std::size_t first = 0; first + batch <= fitted; first += batch) {
      std::fill(touched.begin(), touched.end(), 0);
      std::fill(grad.b1.begin(), grad.b1.end(), 0.0f);
      std::fill(grad.w2.begin(), grad.w2.end(), 0.0f);
      grad.b2 = 0;
      for (int b = 0; b < batch; ++b) {
        const Sample& s = samples[order[first + static_cast<std::size_t>(b)]];
        const auto symmetry = fanorona::all_symmetries[splitmix64(rng) % 4];
        const Bitboard own = fanorona::transform_set<fanorona::Tsivy>(symmetry, s.own);
        const Bitboard enemy = fanorona::transform_set<fanorona::Tsivy>(symmetry, s.enemy);
        const int n = active_inputs(own, enemy, active);
        const double q = sigmoid((s.hand + forward(net, active, n, sums, units)) / k);
        // d loss / d output (the output before the factor 100, in stones).
        const float g = static_cast<float>(2 * (q - target(s)) * q * (1 - q) / k * 100.0) / batch;
        grad.b2 += g;
        for (int a = 0; a < n; ++a) {
          const auto row = static_cast<std::size_t>(active[a] * hidden);
          if (!touched[static_cast<std::size_t>(active[a])]) {
            touched[static_cast<std::size_t>(active[a])] = 1;
            std::fill(grad.w1.begin() + static_cast<long>(row), grad.w1.begin() + static_cast<long>(row + hidden), 0.0f);
          }
        }
        for (int j = 0; j < hidden; ++j) {
          const auto u = static_cast<std::size_t>(j);
          grad.w2[u] += g * units[j];
          if (sums[j] <= 0.0f || sums[j] >= 1.0f) continue;  // clipped: no gradient
          const float gh = g * net.w2[u];
          grad.b1[u] += gh;
          for (int a = 0; a < n; ++a) grad.w1[static_cast<std::size_t>(active[a] * hidden + j)] += gh;
        }
      }
      ++step;
      const float c1 = 1 - std::pow(beta1, static_cast<float>(step)), c2 = 1 - std::pow(beta2, static_cast<float>(step));
      const auto adam = [&](float& w, float g, float& mw, float& vw, float limit) {
        mw = beta1 * mw + (1 - beta1) * g;
        vw = beta2 * vw + (1 - beta2) * g * g;
        w = std::clamp(w - rate * (mw / c1) / (std::sqrt(vw / c2) + 1e-8f), -limit, limit);
      };
      for (std::size_t i = 0; i < static_cast<std::size_t>(inputs); ++i)
        if (touched[i])
          for (std::size_t j = 0; j < hidden; ++j) {
            const std::size_t at = i * hidden + j;
            adam(net.w1[at], grad.w1[at], m.w1[at], v.w1[at], max_input_weight);
          }
      for (std::size_t j = 0; j < hidden; ++j) {
        adam(net.b1[j], grad.b1[j], m.b1[j], v.b1[j], max_bias);
        adam(net.w2[j], grad.w2[j], m.w2[j], v.w2[j], max_output_weight);
      }
      adam(net.b2, grad.b2, m.b2, v.b2, 1000.0f);
    }
    std::fprintf(stderr, "epoch %d: held-out loss %.6f\n", epoch, loss_on(fitted, samples.size(), true));
  }
  const Net fixed = quantise(net);
  if (!fixed.sums_fit_16_bits()) {
    std::fprintf(stderr, "fanorona-train: the fitted network's sums could overflow 16 bits\n");
    return 1;
  }
  std::ofstream out(out_name, std::ios::binary);
  out << fanorona::to_text(fixed);
  if (!out) usage_error("cannot write " + out_name);
  if (!header_name.empty()) {
    std::ofstream header(header_name, std::ios::binary);
    header << header_text(fixed, provenance);
    if (!header) usage_error("cannot write " + header_name);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string_view command = argc > 1 ? argv[1] : "";
  if (command == "selfplay") return selfplay(argc, argv);
  if (command == "fit") return fit(argc, argv);
  usage_error(command.empty() ? "a command is needed" : "unknown command '" + std::string(command) + "'");
}
