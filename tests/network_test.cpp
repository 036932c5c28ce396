// The evaluation network (include/fanorona/search/network.hpp): its inputs and arithmetic
// against a plain restatement, its text format with every refusal, and its place in the
// evaluation and the searcher.
#include "catch.hpp"

#include <fanorona/search.hpp>

#include <cstdint>
#include <string>
#include <vector>

using fanorona::Bitboard;
using fanorona::EvalNetwork;
using fanorona::Position;
using fanorona::Tsivy;

namespace {

// A network with weights drawn from `seed`, within `limit` (in fixed-point units).
EvalNetwork random_network(std::uint64_t seed, int limit) {
  EvalNetwork net;
  const auto draw = [&] {
    return static_cast<std::int16_t>(static_cast<int>(fanorona::detail::splitmix64(seed) % static_cast<std::uint64_t>(2 * limit + 1)) -
                                     limit);
  };
  for (auto& row : net.input_weights)
    for (auto& w : row) w = draw();
  for (auto& b : net.hidden_biases) b = draw();
  for (auto& w : net.output_weights) w = static_cast<std::int16_t>(draw() * 8);
  net.output_bias = draw() * 1000;
  return net;
}

// The stones of `victim` that a single capturing step of `attacker` would take first, from
// the rules: a stone moves to an empty neighbor along a line and takes the victim stone just
// beyond (approach) or just behind (withdrawal) along the same line.
Bitboard first_stones_taken(Bitboard attacker, Bitboard victim) {
  const Bitboard occupied = attacker | victim;
  Bitboard taken = 0;
  for (int from = 0; from < Tsivy::size; ++from) {
    if (!(attacker >> from & 1)) continue;
    for (int d = 0; d < 8; ++d) {
      const int to = Tsivy::neighbor_along_line(fanorona::Point(from), d).index();
      if (to < 0 || (occupied >> to & 1)) continue;
      const int ahead = Tsivy::neighbor_along_line(fanorona::Point(to), d).index();
      if (ahead >= 0 && (victim >> ahead & 1)) taken |= Bitboard{1} << ahead;
      const int behind = Tsivy::neighbor_along_line(fanorona::Point(from), d ^ 1).index();
      if (behind >= 0 && (victim >> behind & 1)) taken |= Bitboard{1} << behind;
    }
  }
  return taken;
}

// The network's score written out from its definition: wide integers, inputs listed point by
// point, the clipping and the final scaling as the documentation states them.
int reference_score(const EvalNetwork& net, Bitboard own, Bitboard enemy) {
  const Bitboard sets[4] = {own, enemy, first_stones_taken(enemy, own), first_stones_taken(own, enemy)};
  long long out = net.output_bias;
  for (std::size_t j = 0; j < EvalNetwork::hidden; ++j) {
    long long sum = net.hidden_biases[j];
    for (int set = 0; set < 4; ++set)
      for (int p = 0; p < Tsivy::size; ++p)
        if (sets[set] >> p & 1) sum += net.input_weights[static_cast<std::size_t>(set * Tsivy::size + p)][j];
    const long long unit = sum < 0 ? 0 : sum > EvalNetwork::scale ? EvalNetwork::scale : sum;
    out += unit * net.output_weights[j];
  }
  // Hundredths of a stone from 1/(128 * 128) of a stone, rounded down.
  const long long scaled = out * 100;
  return static_cast<int>(scaled >= 0 ? scaled / 16384 : -((-scaled + 16383) / 16384));
}

std::vector<Position> random_positions(int games, std::uint64_t seed) {
  std::vector<Position> positions;
  for (int g = 0; g < games; ++g) {
    Position p = Position::initial();
    for (int t = 0; t < 120 && !fanorona::result_of(p).is_over(); ++t) {
      positions.push_back(p);
      p = p.after(fanorona::random_turn(p, seed));
    }
  }
  return positions;
}

}  // namespace

TEST_CASE("the network's score is its definition, computed exactly", "[search][network]") {
  const EvalNetwork net = random_network(7, 300);
  REQUIRE(net.sums_fit_16_bits());
  int checked = 0;
  for (const Position& p : random_positions(30, 99)) {
    INFO(p.to_fen());
    REQUIRE(fanorona::detail::first_captured_stones<Tsivy>(p.enemy(), p.own()) == first_stones_taken(p.enemy(), p.own()));
    CHECK(fanorona::network_score(net, p) == reference_score(net, p.own(), p.enemy()));
    ++checked;
  }
  CHECK(checked > 1000);
  // The built-in network too, which the level-7 evaluation adds.
  const EvalNetwork& own = *fanorona::default_network<Tsivy>();
  for (const Position& p : random_positions(5, 3)) CHECK(fanorona::network_score(own, p) == reference_score(own, p.own(), p.enemy()));
}

TEST_CASE("a network survives its text format", "[search][network]") {
  const EvalNetwork net = random_network(11, 300);
  const std::string text = fanorona::to_text(net);
  CHECK(text.rfind("fanorona-network 1 9x5 32\n", 0) == 0);
  const auto back = fanorona::parse_network<Tsivy>(text);
  REQUIRE(back.has_value());
  CHECK(back->input_weights == net.input_weights);
  CHECK(back->hidden_biases == net.hidden_biases);
  CHECK(back->output_weights == net.output_weights);
  CHECK(back->output_bias == net.output_bias);
  CHECK(fanorona::to_text(*back) == text);
  // Line breaks and spacing are free.
  std::string spaced = text;
  for (char& c : spaced)
    if (c == ' ') c = '\t';
  CHECK(fanorona::parse_network<Tsivy>(spaced + "\r\n").has_value());
}

TEST_CASE("a bad network text is refused with what and where", "[search][network][errors]") {
  const std::string good = fanorona::to_text(random_network(5, 100));
  const auto refused = [](const std::string& text) {
    const auto r = fanorona::parse_network<Tsivy>(text);
    REQUIRE(!r.has_value());
    return r.error();
  };
  using fanorona::ErrorCode;
  CHECK(refused("").message == "expected the header 'fanorona-network', found ''");
  CHECK(refused("").code == ErrorCode::network_bad_header);
  CHECK(refused("fanorona-net 1 9x5 32").message == "expected the header 'fanorona-network', found 'fanorona-net'");
  const auto version = refused("fanorona-network 2 9x5 32\n");
  CHECK(version.message == "expected format version '1', found '2'");
  CHECK(version.offset == 17);
  CHECK(version.code == ErrorCode::network_bad_version);
  CHECK(version.arg("expected") == "1");
  CHECK(version.arg("text") == "2");
  CHECK(refused("fanorona-network 1 5x5 32\n").message == "expected the board '9x5', found '5x5'");
  CHECK(refused("fanorona-network 1 5x5 32\n").code == ErrorCode::network_wrong_board);
  CHECK(refused("fanorona-network 1 9x5 64\n").message == "expected hidden units '32', found '64'");
  CHECK(refused("fanorona-network 1 9x5 64\n").code == ErrorCode::network_wrong_size);
  CHECK(refused("fanorona-network 1 9x5 32\n").message == "the network ends early: a number is missing");
  CHECK(refused("fanorona-network 1 9x5 32\n").code == ErrorCode::network_ends_early);
  CHECK(refused("fanorona-net\x01").arg("text") == "fanorona-net\\x01");  // unprintable bytes quoted
  CHECK(refused(good.substr(0, good.size() / 2)).message == "the network ends early: a number is missing");

  std::string bad = good;
  const std::size_t first = bad.find('\n') + 1;  // the first input weight
  bad.replace(first, bad.find(' ', first) - first, "12x");
  const auto not_number = refused(bad);
  CHECK(not_number.message == "'12x' is not a whole number");
  CHECK(not_number.offset == first);
  CHECK(not_number.code == ErrorCode::network_not_a_number);
  CHECK(not_number.arg("text") == "12x");
  bad = good;
  bad.replace(first, bad.find(' ', first) - first, "40000");
  const auto range = refused(bad);
  CHECK(range.message == "40000 is out of range (-32768 to 32767)");
  CHECK(range.code == ErrorCode::network_out_of_range);
  CHECK(range.arg("text") == "40000");
  CHECK(range.arg("low") == "-32768");
  CHECK(range.arg("high") == "32767");
  bad = good;
  bad.replace(first, bad.find(' ', first) - first, "-");
  CHECK(refused(bad).message == "'-' is not a whole number");
  bad = good;
  bad.replace(first, bad.find(' ', first) - first, "99999999999999999999");
  CHECK(refused(bad).message == "99999999999999999999 is out of range (-32768 to 32767)");
  const auto trailing = refused(good + "7\n");
  CHECK(trailing.message == "unexpected text after the network");
  CHECK(trailing.offset == good.size());
  CHECK(trailing.code == ErrorCode::network_trailing_text);

  // Weights that fit 16 bits one by one but whose sums could overflow.
  const EvalNetwork huge = random_network(5, 3000);
  CHECK(!huge.sums_fit_16_bits());
  CHECK(refused(fanorona::to_text(huge)).message == "the input weights are so large that a hidden unit's sum could overflow");
  CHECK(refused(fanorona::to_text(huge)).code == ErrorCode::network_may_overflow);
}

TEST_CASE("the network is one term of the evaluation", "[search][network][eval]") {
  CHECK(fanorona::default_network<fanorona::Dimy>() == nullptr);
  CHECK(fanorona::default_network<Tsivy>() != nullptr);
  CHECK(fanorona::level_weights(7).network == 1);
  CHECK(fanorona::level_weights(6).network == 0);
  const EvalNetwork net = random_network(21, 200);
  fanorona::Searcher with, without;
  with.set_level(fanorona::max_level, 1);
  without.set_level(fanorona::max_level, 1);
  with.set_network(&net);
  CHECK(with.network() == &net);
  without.set_network(nullptr);
  for (const Position& p : random_positions(5, 8)) {
    INFO(p.to_fen());
    const auto terms = fanorona::evaluation_terms(p, 14, &net);
    CHECK(terms[static_cast<std::size_t>(fanorona::EvalTerm::network)] == fanorona::network_score(net, p));
    CHECK(fanorona::evaluation_terms(p, 14, static_cast<const EvalNetwork*>(nullptr))[static_cast<std::size_t>(fanorona::EvalTerm::network)] == 0);
    CHECK(with.evaluate(p) == without.evaluate(p) + fanorona::network_score(net, p));
  }
  // A weight of 0 leaves the network out, as nullptr does.
  fanorona::EvalWeights off = fanorona::level_weights(7);
  off.network = 0;
  with.set_weights(off);
  for (const Position& p : random_positions(2, 4)) CHECK(with.evaluate(p) == without.evaluate(p));
}
