// fanorona: the computer opponent's static evaluation.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_EVALUATION_HPP
#define FANORONA_SEARCH_EVALUATION_HPP

/// @file
/// @brief `EvalTerm`, `EvalWeights` and `evaluation_terms`: the terms of the computer
/// opponent's evaluation and their weights (docs/search.md explains how they were tuned).
/// Part of `<fanorona/search.hpp>`.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

#include "../board.hpp"
#include "../detail/bits.hpp"
#include "../detail/capture.hpp"
#include "../detail/chain_walker.hpp"
#include "../detail/dispatch.hpp"
#include "../position.hpp"
#include "detail/network_weights.hpp"
#include "network.hpp"

namespace fanorona {

/// @addtogroup search
/// @{

/// The terms of the evaluation: each is a whole number computed from the position for the
/// side to move (`evaluation_terms`), and the evaluation is the sum of each term times its
/// weight in `EvalWeights`. A term is signed so that a positive weight rewards the side to
/// move: `exposed` is minus the number of its exposed stones, for instance.
enum class EvalTerm : int {
  material,       ///< Stones minus enemy stones.
  mobility,       ///< Paika moves minus the enemy's paika moves.
  strong,         ///< Stones on strong points minus enemy stones on strong points.
  exposed,        ///< Minus the stones the enemy could capture with one step.
  hunt_mobility,  ///< Endgame, for the side ahead: minus the weaker side's paika moves.
  hunt_edge,      ///< Endgame, for the side ahead: weaker-side stones on the border.
  hunt_safety,    ///< Endgame, for the side ahead: minus its stones the weaker side could capture.
  simplify,       ///< Endgame, for the side ahead: the stones that have left the board.
  network,        ///< The evaluation network's score, in hundredths of a stone (`BasicEvalNetwork`).
};

/// The number of evaluation terms.
inline constexpr int eval_term_count = 9;

/// The name of a term, as `fanorona-match` and `fanorona-tune` write it ("mobility", ...).
constexpr std::string_view to_string(EvalTerm term) noexcept {
  constexpr std::string_view names[eval_term_count] = {
      "material", "mobility", "strong", "exposed", "hunt_mobility", "hunt_edge", "hunt_safety", "simplify", "network"};
  return names[static_cast<int>(term)];
}

/// The term named `name` (as `to_string` writes it), or nothing.
constexpr std::optional<EvalTerm> parse_eval_term(std::string_view name) noexcept {
  for (int i = 0; i < eval_term_count; ++i)
    if (to_string(static_cast<EvalTerm>(i)) == name) return static_cast<EvalTerm>(i);
  return std::nullopt;
}

/// The weights of the evaluation, in hundredths of a stone, from the side to move's point of
/// view: one per `EvalTerm`. The defaults were tuned by matches (docs/search.md lists them;
/// `level_weights` gives each level's).
struct EvalWeights {
  /// One stone more than the opponent.
  int material = 100;
  /// One paika move more than the opponent (mobility).
  int mobility = 5;
  /// One more stone than the opponent on a strong point (where diagonals meet).
  int strong = 3;
  /// One of the side to move's stones that the opponent could capture (exposed; negative).
  int exposed = 40;
  /// In the endgame (`endgame_stones` stones or fewer on the board), for the side that is
  /// ahead: one paika move fewer for the weaker side (on top of
  /// `mobility`): a hunted side with no moves has lost, one with few is near the end.
  int hunt_mobility = 0;
  /// Endgame, for the side that is ahead: one weaker-side stone more on the edge of the board,
  /// where a stone has fewer lines to flee along and can be approached from the inside only.
  int hunt_edge = 0;
  /// Endgame, for the side that is ahead: one own stone fewer that the weaker side could
  /// capture (on top of `exposed`): a counter-capture is how a lead is given back.
  int hunt_safety = 0;
  /// Endgame, for the side that is ahead: one stone more off the board. Trading stones one
  /// for one keeps the lead but leaves the weaker side fewer stones to defend with (3 against
  /// 2 is won far more often than 4 against 3), so the side ahead should welcome trades.
  int simplify = 0;
  /// The evaluation network's score counted this many times (0: the network is not
  /// computed). Its score is already in hundredths of a stone, so 1 adds it as it was
  /// trained: on top of level 7's hand-written terms, which it corrects.
  int network = 0;
  /// The number of stones on the board at or below which the endgame terms apply. Not a
  /// weight: it decides which terms count.
  int endgame_stones = 14;

  // Declared first: the operators below deduce its type. Aggregate initialization is kept
  // (only data members count, and they are all public).
 private:
  // The field of `term`, in `w` const or not (the two operator[]).
  template <class W>
  static constexpr auto field(W& w, EvalTerm term) noexcept {
    switch (term) {
      case EvalTerm::material: return &w.material;
      case EvalTerm::mobility: return &w.mobility;
      case EvalTerm::strong: return &w.strong;
      case EvalTerm::exposed: return &w.exposed;
      case EvalTerm::hunt_mobility: return &w.hunt_mobility;
      case EvalTerm::hunt_edge: return &w.hunt_edge;
      case EvalTerm::hunt_safety: return &w.hunt_safety;
      case EvalTerm::simplify: return &w.simplify;
      case EvalTerm::network: break;
    }
    return &w.network;
  }

 public:
  /// The weight of `term`.
  constexpr int& operator[](EvalTerm term) noexcept { return *field(*this, term); }
  /// The weight of `term`.
  constexpr int operator[](EvalTerm term) const noexcept { return *field(*this, term); }
};

/// The network built into the library for board `B`: the 9x5 board has one (trained on
/// self-play games), the other boards none (nullptr).
template <class B>
constexpr const BasicEvalNetwork<B>* default_network() noexcept {
  if constexpr (std::is_same_v<B, Tsivy>) {
    return &detail::tsivy_network;
  } else {
    return nullptr;
  }
}

/// The evaluation weights of level `level`: the defaults for levels 1-6, and for level 7 the
/// endgame terms that convert a lead and the evaluation network (docs/search.md has the
/// matches that accepted them).
constexpr EvalWeights level_weights(int level) noexcept {
  EvalWeights w{};
  if (level >= 7) {
    w.hunt_mobility = 8;
    w.hunt_edge = 6;
    w.hunt_safety = 20;
    w.simplify = 10;
    w.network = 1;
  }
  return w;
}

/// The value of every term for `position`'s side to move, the endgame terms counting at
/// `endgame_stones` stones or fewer and the network term computed with `network` (0 when it
/// is null): the evaluation with weights `w` is the sum over the terms of
/// `w[term] * terms[term]`. For fitting weights to game results (`fanorona-tune`).
template <class B>
std::array<int, eval_term_count> evaluation_terms(const BasicPosition<B>& position, int endgame_stones = 14,
                                                  const BasicEvalNetwork<B>* network = default_network<B>()) noexcept;

namespace detail {

// The points on the border of the board.
template <class B>
constexpr Bitboard edge_points() noexcept {
  Bitboard edge = 0;
  for (Point p(0); p.index() < B::size; p = Point(p.index() + 1))
    if (B::file_of(p) == 0 || B::file_of(p) == B::width - 1 || B::rank_of(p) == 0 || B::rank_of(p) == B::height - 1)
      edge |= point_set(p);
  return edge;
}

// Calls `add(term, value)` for every term whose weight in `w` is not zero: the one statement
// of the evaluation, shared by `evaluate` (which sums) and `evaluation_terms` (which records).
// "Exposed" counts only the first stone of each capturable line: a cheap stand-in
// for what the capture would take. S is the instruction set it is compiled for (dispatch.hpp):
// most of its work is population counts, which the popcnt instruction does in one step.
template <class B, InstructionSet S = compiled_instruction_set, class Add>
FANORONA_DETAIL_ALWAYS_INLINE inline void add_terms(const BasicPosition<B>& position, const EvalWeights& w,
                                                    const BasicEvalNetwork<B>* network, Add&& add) noexcept {
  constexpr bool hardware = has_popcnt_instruction || effective_instruction_set<S> >= InstructionSet::bmi2;
  const auto count = [](Bitboard b) FANORONA_DETAIL_ALWAYS_INLINE { return popcount_with<hardware>(b); };
  const Bitboard own = position.own(), enemy = position.enemy();
  // What several terms share is computed once, when first needed: each side's paika moves and
  // exposed stones (the network's inputs include both sides' exposed stones).
  int paika[2] = {-1, -1};  // [0]: the side to move's, [1]: the enemy's
  const auto paika_of = [&](int side) FANORONA_DETAIL_ALWAYS_INLINE {
    if (paika[side] < 0) paika[side] = side == 0 ? count_paika<B, S>(own, enemy) : count_paika<B, S>(enemy, own);
    return paika[side];
  };
  Bitboard exposed_stones[2] = {0, 0};  // [0]: own stones the enemy could take, [1]: the reverse
  bool have_exposed[2] = {false, false};
  const auto exposed_of = [&](int side) FANORONA_DETAIL_ALWAYS_INLINE {
    if (!have_exposed[side]) {
      exposed_stones[side] = side == 0 ? first_captured_stones<B>(enemy, own) : first_captured_stones<B>(own, enemy);
      have_exposed[side] = true;
    }
    return exposed_stones[side];
  };
  const int material = count(own) - count(enemy);
  add(EvalTerm::material, material);
  if (w.network != 0 && network != nullptr)
    add(EvalTerm::network, network_score(*network, own, enemy, exposed_of(0), exposed_of(1)));
  if (w.mobility != 0) add(EvalTerm::mobility, paika_of(0) - paika_of(1));
  if (w.strong != 0) add(EvalTerm::strong, count(own & B::strong_points) - count(enemy & B::strong_points));
  if (w.exposed != 0) add(EvalTerm::exposed, -count(exposed_of(0)));
  if (material == 0 || count(own | enemy) > w.endgame_stones) return;
  // The hunt, seen from the side that is ahead and signed for the side to move.
  const int sign = material > 0 ? 1 : -1;
  const int weak_side = material > 0 ? 1 : 0;  // the weaker side, as paika_of and exposed_of count
  const Bitboard weak = material > 0 ? enemy : own;
  if (w.hunt_mobility != 0) add(EvalTerm::hunt_mobility, -sign * paika_of(weak_side));
  if (w.hunt_edge != 0) add(EvalTerm::hunt_edge, sign * count(weak & edge_points<B>()));
  if (w.hunt_safety != 0) add(EvalTerm::hunt_safety, -sign * count(exposed_of(1 - weak_side)));
  if (w.simplify != 0) add(EvalTerm::simplify, sign * (2 * B::stones_per_side - count(own | enemy)));
}

// The static score of `position` for its side to move, on the instruction set chosen at run
// time: the search calls it at every leaf, and in a build for no particular CPU the
// population counts would otherwise be library calls (the search is about 1.4 times as fast
// with the popcnt instruction, docs/search.md).
template <class B>
int evaluate(const BasicPosition<B>& position, const EvalWeights& weights, const BasicEvalNetwork<B>* network) noexcept {
  return dispatch([&](auto isa) FANORONA_DETAIL_ALWAYS_INLINE {
    int score = 0;
    add_terms<B, decltype(isa)::value>(position, weights, network,
                                        [&](EvalTerm term, int value) FANORONA_DETAIL_ALWAYS_INLINE { score += weights[term] * value; });
    return score;
  });
}

}  // namespace detail

template <class B>
std::array<int, eval_term_count> evaluation_terms(const BasicPosition<B>& position, int endgame_stones,
                                                  const BasicEvalNetwork<B>* network) noexcept {
  EvalWeights every{};
  for (int i = 0; i < eval_term_count; ++i) every[static_cast<EvalTerm>(i)] = 1;
  every.endgame_stones = endgame_stones;
  std::array<int, eval_term_count> terms{};
  detail::add_terms(position, every, network, [&](EvalTerm term, int value) { terms[static_cast<std::size_t>(term)] = value; });
  return terms;
}

namespace detail {

// A finalizer that spreads every bit of a key over the whole word, so that neighboring
// positions and seeds get unrelated noise.
constexpr std::uint64_t mix(std::uint64_t x) noexcept {
  x ^= x >> 33;
  x *= 0xFF51AFD7ED558CCDULL;
  x ^= x >> 33;
  x *= 0xC4CEB9FE1A85EC53ULL;
  return x ^ (x >> 33);
}

// A weak level's noise, uniform in [-noise, noise] (noise > 0): drawn from the position's hash
// and the seed rather than a generator, so that a position looks the same every time the
// search meets it.
constexpr int evaluation_noise(std::uint64_t hash, std::uint64_t seed, int noise) noexcept {
  const std::uint64_t r = mix(hash ^ seed ^ 0xA5A5A5A55A5A5A5AULL);
  return static_cast<int>(r % static_cast<std::uint64_t>(2 * noise + 1)) - noise;
}

}  // namespace detail
/// @}

}  // namespace fanorona

#endif  // FANORONA_SEARCH_EVALUATION_HPP
