// Helpers shared by the tests: deterministic random positions and conversions.
#ifndef FANORONA_TESTS_SUPPORT_HPP
#define FANORONA_TESTS_SUPPORT_HPP

#include <fanorona/fanorona.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace test {

// Sorted canonical notation of every legal turn, as the naive reference gives them.
template <class B>
std::vector<std::string> sorted_turns(const fanorona::BasicPosition<B>& position) {
  std::vector<std::string> out;
  for (const auto& turn : fanorona::legal_turns(position)) out.push_back(turn.to_string());
  std::sort(out.begin(), out.end());
  return out;
}

// Positions reached by random play from the initial position: games restart when they end
// or after `max_plies`, so that openings, middle games and endings are all represented.
template <class B>
std::vector<fanorona::BasicPosition<B>> random_game_positions(std::size_t count, std::uint32_t seed, int max_plies = 120) {
  std::mt19937 rng(seed);
  std::vector<fanorona::BasicPosition<B>> out;
  auto p = fanorona::BasicPosition<B>::initial();
  int ply = 0;
  while (out.size() < count) {
    out.push_back(p);
    const auto turns = fanorona::legal_turns(p);
    if (turns.empty() || ++ply > max_plies) {
      p = fanorona::BasicPosition<B>::initial();
      ply = 0;
      continue;
    }
    p.play(turns[std::uniform_int_distribution<std::size_t>(0, turns.size() - 1)(rng)]);
  }
  return out;
}

// Random legal positions: each side gets 0..stones_per_side stones on random points.
template <class B>
fanorona::BasicPosition<B> random_position(std::mt19937& rng) {
  std::vector<int> cells(B::size);
  for (int i = 0; i < B::size; ++i) cells[static_cast<std::size_t>(i)] = i;
  std::shuffle(cells.begin(), cells.end(), rng);
  std::uniform_int_distribution<int> stones(0, B::stones_per_side);
  const int white = stones(rng), black = stones(rng);
  fanorona::Bitboard w = 0, b = 0;
  for (int i = 0; i < white; ++i) w |= fanorona::Bitboard{1} << cells[static_cast<std::size_t>(i)];
  for (int i = white; i < white + black; ++i) b |= fanorona::Bitboard{1} << cells[static_cast<std::size_t>(i)];
  const auto side = (rng() & 1U) ? fanorona::Color::black : fanorona::Color::white;
  return fanorona::BasicPosition<B>::from_stones(w, b, side).value();
}

}  // namespace test

#endif
