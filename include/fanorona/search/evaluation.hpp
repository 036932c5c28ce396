// fanorona: the computer opponent's static evaluation.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_EVALUATION_HPP
#define FANORONA_SEARCH_EVALUATION_HPP

/// @file
/// @brief `EvalWeights`: the terms of the computer opponent's evaluation and their weights
/// (docs/search.md explains how they were tuned). Part of `<fanorona/search.hpp>`.

#include <cstdint>

#include "../board.hpp"
#include "../detail/bits.hpp"
#include "../detail/capture.hpp"
#include "../detail/chain_walker.hpp"
#include "../position.hpp"

namespace fanorona {

/// @addtogroup search
/// @{

/// The weights of the evaluation, in hundredths of a stone, from the side to move's point of
/// view. The defaults were tuned by matches (docs/search.md lists them).
struct EvalWeights {
  /// One stone more than the opponent.
  int material = 100;
  /// One paika move more than the opponent (mobility).
  int mobility = 5;
  /// One more stone than the opponent on a strong point (where diagonals meet).
  int strong = 3;
  /// One of the side to move's stones that the opponent could capture (exposed; negative).
  int exposed = 40;
  /// One enemy stone that the side to move can capture now (tuned to 0: the quiescence
  /// search already plays those captures out).
  int threat = 0;
  /// In the endgame (`endgame_stones` stones or fewer on the board), for the side with more
  /// stones: one enemy stone within two steps of its stones (hunting down the last stones
  /// instead of shuffling).
  int chase = 0;
  /// The number of stones on the board at or below which `chase` and the `hunt_` terms apply.
  int endgame_stones = 14;
  /// Endgame, for the side that is ahead: one paika move fewer for the weaker side (on top of
  /// `mobility`): a hunted side with no moves has lost, one with few is near the end.
  int hunt_mobility = 0;
  /// Endgame, for the side that is ahead: one weaker-side stone more on the edge of the board,
  /// where a stone has fewer lines to flee along and can be approached from the inside only.
  int hunt_edge = 0;
  /// Endgame, for the side that is ahead: one own stone fewer that the weaker side could
  /// capture (on top of `exposed`): a counter-capture is how a lead is given back.
  int hunt_safety = 0;
};

/// The evaluation weights of level `level`: the defaults for levels 1-6, and for level 7 the
/// endgame terms that convert a lead (docs/search.md has the matches that chose them).
constexpr EvalWeights level_weights(int level) noexcept {
  EvalWeights w{};
  if (level >= 7) {
    w.hunt_mobility = 8;
    w.hunt_edge = 6;
    w.hunt_safety = 20;
  }
  return w;
}

namespace detail {

// The points within two steps along lines of `stones`: where the chasing side looks for prey.
template <class B>
Bitboard within_two_steps(Bitboard stones) noexcept {
  Bitboard one = stones;
  for (Point p : points(stones)) one |= B::adjacent[p];
  Bitboard two = one;
  for (Point p : points(one & ~stones)) two |= B::adjacent[p];
  return two;
}

// The points on the border of the board.
template <class B>
constexpr Bitboard edge_points() noexcept {
  Bitboard edge = 0;
  for (Point p = 0; p < B::size; ++p)
    if (B::file_of(p) == 0 || B::file_of(p) == B::width - 1 || B::rank_of(p) == 0 || B::rank_of(p) == B::height - 1)
      edge |= Bitboard{1} << p;
  return edge;
}

// The endgame terms for the side ahead, `strong`, against `weak`: positive is good for it.
template <class B>
int hunt_terms(Bitboard strong, Bitboard weak, const EvalWeights& weights) noexcept {
  int score = 0;
  if (weights.hunt_mobility != 0) score -= weights.hunt_mobility * count_paika<B>(weak, strong);
  if (weights.hunt_edge != 0) score += weights.hunt_edge * popcount(weak & edge_points<B>());
  if (weights.hunt_safety != 0) score -= weights.hunt_safety * popcount(first_captured_stones<B>(weak, strong));
  return score;
}

// The static score of `position` for its side to move. "Exposed" and "threat" count only the
// first stone of each capturable line: a cheap stand-in for what the capture would take.
template <class B>
int evaluate(const BasicPosition<B>& position, const EvalWeights& weights) noexcept {
  const Bitboard own = position.own(), enemy = position.enemy();
  const int material = popcount(own) - popcount(enemy);
  int score = weights.material * material;
  score += weights.mobility * (count_paika<B>(own, enemy) - count_paika<B>(enemy, own));
  score += weights.strong * (popcount(own & B::strong_points) - popcount(enemy & B::strong_points));
  score += weights.threat * popcount(first_captured_stones<B>(own, enemy));
  score -= weights.exposed * popcount(first_captured_stones<B>(enemy, own));
  if (material != 0 && popcount(own | enemy) <= weights.endgame_stones) {
    if (weights.chase != 0) {
      if (material > 0) score += weights.chase * popcount(enemy & within_two_steps<B>(own));
      if (material < 0) score -= weights.chase * popcount(own & within_two_steps<B>(enemy));
    }
    score += material > 0 ? hunt_terms<B>(own, enemy, weights) : -hunt_terms<B>(enemy, own, weights);
  }
  return score;
}

// A finaliser that spreads every bit of a key over the whole word, so that neighbouring
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
