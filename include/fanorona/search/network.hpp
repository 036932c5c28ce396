// fanorona: the evaluation network, a small neural network that corrects the hand-written
// evaluation.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_NETWORK_HPP
#define FANORONA_SEARCH_NETWORK_HPP

/// @file
/// @brief `BasicEvalNetwork`: a small neural network whose output is added to the evaluation
/// (`EvalTerm::network`), its text format (`parse_network`, `to_text`) and the network built
/// into the library for the 9x5 board (`default_network`). Part of `<fanorona/search.hpp>`;
/// docs/search.md says how it was trained.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "../board.hpp"
#include "../detail/bits.hpp"
#include "../detail/capture.hpp"
#include "../detail/cpu.hpp"
#include "../error.hpp"
#include "../error_code.hpp"
#include "../position.hpp"
#include "../result.hpp"

namespace fanorona {

/// @addtogroup search
/// @{

/// A network of one hidden layer that scores a position for its side to move, in hundredths
/// of a stone: the evaluation adds its output to the hand-written terms (`EvalTerm::network`).
///
/// Its inputs are four sets of points, one input per point of the board: the side to move's
/// stones, the enemy's stones, the side to move's stones that the enemy could capture with
/// one step (the first stone of each capturable line), and the enemy stones that the side to
/// move could capture so. Each of the `hidden` units adds the weights of the inputs that are
/// present to its bias and is clipped to [0, 1]; the output is the units weighed by
/// `output_weights`, plus `output_bias`, in stones. Everything is stored in fixed point, as
/// the search computes it: weights and activations in units of 1/`scale`, so a unit's sum
/// and the output are exact integers.
///
/// The weights are learned, not written: `fanorona-train` plays games, records searched scores
/// and fits a network to them (docs/search.md).
template <class B>
struct BasicEvalNetwork {
  /// Inputs: four per point.
  static constexpr int inputs = 4 * B::size;
  /// Hidden units.
  static constexpr int hidden = 32;
  /// Fixed-point scale of weights and activations: 128 is 1.
  static constexpr int scale = 128;

  /// `input_weights[i][j]`: what input `i` adds to hidden unit `j`, in units of 1/`scale`.
  /// Inputs are numbered by set (own stones, enemy stones, own stones exposed, enemy stones
  /// exposed), then by point.
  std::array<std::array<std::int16_t, hidden>, inputs> input_weights{};
  /// Each hidden unit's bias, in units of 1/`scale`.
  std::array<std::int16_t, hidden> hidden_biases{};
  /// Each hidden unit's weight in the output, in units of 1/`scale` of a stone.
  std::array<std::int16_t, hidden> output_weights{};
  /// The output's bias, in units of 1/(`scale` * `scale`) of a stone.
  std::int32_t output_bias = 0;

  /// True when no hidden unit's sum can leave the 16-bit range, whatever the position: a
  /// point holds one stone at most and is exposed for one side at most, so the worst case
  /// takes, for each point, the larger of its two stone weights and of its two exposed ones.
  /// `parse_network` refuses networks without this property, and the search relies on it.
  constexpr bool sums_fit_16_bits() const noexcept {
    const auto magnitude = [](std::int16_t x) { return x < 0 ? -static_cast<long long>(x) : static_cast<long long>(x); };
    for (std::size_t j = 0; j < hidden; ++j) {
      long long worst = magnitude(hidden_biases[j]);
      for (int p = 0; p < B::size; ++p)
        for (int set = 0; set < 4; set += 2) {
          const auto& a = input_weights[static_cast<std::size_t>(set * B::size + p)];
          const auto& b = input_weights[static_cast<std::size_t>((set + 1) * B::size + p)];
          worst += std::max(magnitude(a[j]), magnitude(b[j]));
        }
      if (worst > 32767) return false;
    }
    return true;
  }
};

/// The evaluation network of the default 9x5 board.
using EvalNetwork = BasicEvalNetwork<Tsivy>;

namespace detail {

// The hidden layer's sums before clipping, for the side to move `own` against `enemy`, whose
// exposed stones are `own_exposed` and `enemy_exposed` (`first_captured_stones`). The loops
// over the 32 units are plain code that the compiler turns into vector additions (and in the
// search they are compiled for the instruction set chosen at run time).
template <class B>
FANORONA_DETAIL_ALWAYS_INLINE inline void add_network_inputs(const BasicEvalNetwork<B>& net, Bitboard own, Bitboard enemy,
                                                             Bitboard own_exposed, Bitboard enemy_exposed,
                                                             std::int16_t* sums) noexcept {
  constexpr int n = BasicEvalNetwork<B>::hidden;
  for (int j = 0; j < n; ++j) sums[j] = net.hidden_biases[static_cast<std::size_t>(j)];
  const auto add = [&](Bitboard set, int first_input) FANORONA_DETAIL_ALWAYS_INLINE {
    for (; set; set &= set - 1) {
      const auto& w = net.input_weights[static_cast<std::size_t>(first_input + lowest_point(set))];
      for (int j = 0; j < n; ++j) sums[j] = static_cast<std::int16_t>(sums[j] + w[static_cast<std::size_t>(j)]);
    }
  };
  add(own, 0);
  add(enemy, B::size);
  add(own_exposed, 2 * B::size);
  add(enemy_exposed, 3 * B::size);
}

// The network's score of the position `own` against `enemy` (side to move first), with the
// exposed stones of each (`first_captured_stones`), in hundredths of a stone, rounded toward
// minus infinity.
template <class B>
FANORONA_DETAIL_ALWAYS_INLINE inline int network_score(const BasicEvalNetwork<B>& net, Bitboard own, Bitboard enemy,
                                                       Bitboard own_exposed, Bitboard enemy_exposed) noexcept {
  constexpr int n = BasicEvalNetwork<B>::hidden;
  constexpr std::int16_t one = BasicEvalNetwork<B>::scale;
  alignas(64) std::int16_t sums[n];
  add_network_inputs(net, own, enemy, own_exposed, enemy_exposed, sums);
  std::int32_t out = net.output_bias;
  for (int j = 0; j < n; ++j) {
    const std::int16_t unit = std::min(std::max(sums[j], std::int16_t{0}), one);
    out += static_cast<std::int32_t>(unit) * net.output_weights[static_cast<std::size_t>(j)];
  }
  // out is in 1/(scale * scale) of a stone; the evaluation counts hundredths.
  return static_cast<int>((static_cast<std::int64_t>(out) * 100) >> 14);
}
static_assert(BasicEvalNetwork<Tsivy>::scale * BasicEvalNetwork<Tsivy>::scale == 1 << 14,
              "network_score divides by the squared scale with a shift");

}  // namespace detail

/// The network's score of `position` for its side to move, in hundredths of a stone: what
/// `EvalTerm::network` adds to the evaluation.
template <class B>
int network_score(const BasicEvalNetwork<B>& network, const BasicPosition<B>& position) noexcept {
  const Bitboard own = position.own(), enemy = position.enemy();
  return detail::network_score(network, own, enemy, detail::first_captured_stones<B>(enemy, own),
                               detail::first_captured_stones<B>(own, enemy));
}

/// Calls `visit(input)` with the number of every input of the network that is on in
/// `position`, in the order `network_score` adds them: the side to move's stones (inputs 0
/// to `B::size - 1`), the enemy's, the side to move's stones the enemy could capture first,
/// then the enemy's the side to move could capture first (each block `B::size` long). For a
/// program that trains a network (`fanorona-train`): it sees exactly the library's inputs.
template <class B, class Visit>
void for_each_network_input(const BasicPosition<B>& position, Visit&& visit) {
  const Bitboard own = position.own(), enemy = position.enemy();
  const Bitboard blocks[4] = {own, enemy, detail::first_captured_stones<B>(enemy, own),
                              detail::first_captured_stones<B>(own, enemy)};
  for (int block = 0; block < 4; ++block)
    for (const Point p : points(blocks[block])) visit(block * B::size + p.index());
}

/// Writes `network` in the text format `parse_network` reads: a first line
/// `fanorona-network 1 WxH 32`, then the input weights (one line per input, its 32 weights),
/// the hidden biases, the output weights (one line each) and the output bias, as integers.
template <class B>
std::string to_text(const BasicEvalNetwork<B>& network) {
  std::string s = "fanorona-network 1 " + std::to_string(B::width) + "x" + std::to_string(B::height) + " " +
                  std::to_string(BasicEvalNetwork<B>::hidden) + "\n";
  const auto line = [&s](const std::array<std::int16_t, BasicEvalNetwork<B>::hidden>& row) {
    for (std::size_t j = 0; j < row.size(); ++j) {
      if (j) s += ' ';
      s += std::to_string(row[j]);
    }
    s += '\n';
  };
  for (const auto& row : network.input_weights) line(row);
  line(network.hidden_biases);
  line(network.output_weights);
  s += std::to_string(network.output_bias) + "\n";
  return s;
}

namespace detail {

// Reads the words and numbers of a network's text, each refusal with its offset.
class NetworkTextReader {
 public:
  explicit NetworkTextReader(std::string_view text) noexcept : text_(text) {}

  // The next word must be `wanted`; `code` is the refusal.
  Status expect(std::string_view wanted, ErrorCode code) {
    skip_space();
    const std::size_t start = at_;
    const std::string_view got = word();
    if (got != wanted) return make_error(code, {{"expected", std::string(wanted)}, {"text", quoted(got)}}, start);
    return {};
  }

  // The next word as a whole number from `low` to `high`.
  Status number(long long low, long long high, long long& value) {
    skip_space();
    const std::size_t start = at_;
    const std::string_view w = word();
    if (w.empty()) return make_error(ErrorCode::network_ends_early, {}, start);
    const auto out_of_range = [&] {
      return make_error(ErrorCode::network_out_of_range,
                        {{"text", quoted(w)}, {"low", std::to_string(low)}, {"high", std::to_string(high)}}, start);
    };
    const bool negative = w[0] == '-';
    long long v = 0;
    if (w.size() == (negative ? 1u : 0u)) return make_error(ErrorCode::network_not_a_number, {{"text", quoted(w)}}, start);
    for (std::size_t i = negative ? 1 : 0; i < w.size(); ++i) {
      if (w[i] < '0' || w[i] > '9') return make_error(ErrorCode::network_not_a_number, {{"text", quoted(w)}}, start);
      v = v * 10 + (w[i] - '0');
      if (v > 99999999999LL) return out_of_range();  // before it could overflow
    }
    value = negative ? -v : v;
    if (value < low || value > high) return out_of_range();
    return {};
  }

  // A row of 16-bit weights.
  template <std::size_t N>
  Status row(std::array<std::int16_t, N>& r) {
    long long v = 0;
    for (auto& x : r) {
      if (auto s = number(-32768, 32767, v); !s) return s;
      x = static_cast<std::int16_t>(v);
    }
    return {};
  }

  // Nothing but space is left.
  Status end() {
    skip_space();
    if (at_ != text_.size()) return make_error(ErrorCode::network_trailing_text, {}, at_);
    return {};
  }

 private:
  static bool space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  // User text as messages quote it: unprintable bytes as \xNN.
  static std::string quoted(std::string_view text) {
    std::string out;
    for (char c : text) out += quote_char(c);
    return out;
  }
  void skip_space() noexcept {
    while (at_ < text_.size() && space(text_[at_])) ++at_;
  }
  std::string_view word() noexcept {
    skip_space();
    const std::size_t start = at_;
    while (at_ < text_.size() && !space(text_[at_])) ++at_;
    return text_.substr(start, at_ - start);
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace detail

/// Reads a network in the format of `to_text` for board `B`. Refuses, with the offset of the
/// problem, a text for another board or format version, a missing or malformed number, a
/// weight outside the 16-bit range, text after the last number, and a network whose hidden
/// sums could overflow (`sums_fit_16_bits`).
template <class B>
Result<BasicEvalNetwork<B>> parse_network(std::string_view text) {
  detail::NetworkTextReader in(text);
  if (auto s = in.expect("fanorona-network", ErrorCode::network_bad_header); !s) return s.error();
  if (auto s = in.expect("1", ErrorCode::network_bad_version); !s) return s.error();
  const std::string board = std::to_string(B::width) + "x" + std::to_string(B::height);
  if (auto s = in.expect(board, ErrorCode::network_wrong_board); !s) return s.error();
  if (auto s = in.expect(std::to_string(BasicEvalNetwork<B>::hidden), ErrorCode::network_wrong_size); !s) return s.error();
  BasicEvalNetwork<B> net;
  for (auto& r : net.input_weights)
    if (auto s = in.row(r); !s) return s.error();
  if (auto s = in.row(net.hidden_biases); !s) return s.error();
  if (auto s = in.row(net.output_weights); !s) return s.error();
  long long bias = 0;
  if (auto s = in.number(-2147483647LL, 2147483647LL, bias); !s) return s.error();
  net.output_bias = static_cast<std::int32_t>(bias);
  if (auto s = in.end(); !s) return s.error();
  if (!net.sums_fit_16_bits()) return make_error(ErrorCode::network_may_overflow);
  return net;
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_SEARCH_NETWORK_HPP
