// fanorona: the environment's internals: observation planes, action tables, random numbers.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_ENV_PLANES_HPP
#define FANORONA_DETAIL_ENV_PLANES_HPP

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "../board.hpp"
#include "../game.hpp"
#include "../symmetry.hpp"
#include "../turn.hpp"
#include "bits.hpp"

namespace fanorona {
namespace detail {

// The eight floats (0.0 or 1.0) of every byte, so that a plane is written eight points at a
// time: several times faster than a loop over the points, and observations are written at
// every step of every game.
struct ByteFloats {
  float items[256][8];
};
inline constexpr ByteFloats byte_floats = [] {
  ByteFloats t{};
  for (int b = 0; b < 256; ++b)
    for (int i = 0; i < 8; ++i) t.items[b][i] = static_cast<float>((b >> i) & 1);
  return t;
}();

// Consecutive planes of an observation, plane k 1.0 on the points of sets[k] and 0.0
// elsewhere, eight points at a time. The last eight floats of each plane may spill up to 7
// floats past it: the next plane overwrites them, and the caller writes at least 7 floats
// after the last one (the observation's constant planes follow).
template <class B, std::size_t N>
inline void write_planes(float* out, const Bitboard (&sets)[N]) noexcept {
  constexpr int chunks = (B::size + 7) / 8;
  static_assert(B::size >= 7, "a spill of 7 floats stays within the next plane");
  for (std::size_t k = 0; k < N; ++k, out += B::size)
    for (int c = 0; c < chunks; ++c) std::memcpy(out + 8 * c, byte_floats.items[(sets[k] >> (8 * c)) & 0xFFU], sizeof(float) * 8);
}

// One plane holding `value` everywhere.
template <class B>
inline void fill_plane(float* out, float value) noexcept {
  for (int p = 0; p < B::size; ++p) out[p] = value;
}

// The actions of one board: (from * 8 + direction) * 3 + capture kind, then "stop".
template <class B>
struct ActionCodes {
  static constexpr int per_point = direction_count * 3;
  static constexpr int stop = B::size * per_point;
  static constexpr int size = stop + 1;

  static constexpr int encode(Point from, int direction, Capture capture) noexcept {
    return (from.index() * direction_count + direction) * 3 + static_cast<int>(capture);
  }

  // The image of every action under each symmetry (stop is its own image; an action along
  // no line maps to an action along no line, so masks stay masks).
  static constexpr Table<Table<std::int16_t, size>, 4> image = [] {
    Table<Table<std::int16_t, size>, 4> t{};
    for (int s = 0; s < 4; ++s) {
      for (int a = 0; a < stop; ++a) {
        const Point from(a / per_point);
        const int d = (a / 3) % direction_count;
        const Point to_from = SymmetryTables<B>::point[s][from];
        const int to_d = SymmetryTables<B>::direction[s][d];
        t[s][a] = static_cast<std::int16_t>((to_from.index() * direction_count + to_d) * 3 + a % 3);
      }
      t[s][stop] = static_cast<std::int16_t>(stop);
    }
    return t;
  }();
};

// A small, fast generator (xorshift64*), seeded through splitmix64 so that nearby seeds give
// unrelated streams.
class EnvRandom {
 public:
  explicit constexpr EnvRandom(std::uint64_t seed = 0) noexcept { reseed(seed); }
  constexpr void reseed(std::uint64_t seed) noexcept {
    std::uint64_t s = seed;
    state_ = splitmix(s) | 1U;
  }
  constexpr std::uint64_t next() noexcept {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 0x2545F4914F6CDD1DULL;
  }
  // Uniform in [0, n) for n < 2^32: the high half of the word, scaled (no division).
  constexpr std::uint32_t below(std::uint32_t n) noexcept {
    return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32);
  }
  constexpr std::uint64_t state() const noexcept { return state_; }
  constexpr void set_state(std::uint64_t s) noexcept { state_ = s == 0 ? 1 : s; }

 private:
  static constexpr std::uint64_t splitmix(std::uint64_t& s) noexcept {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  std::uint64_t state_ = 1;
};

// An end of the game as the error vocabulary names it ("white_wins_no_stones", ...).
inline std::string result_word(const GameResult& r) {
  if (r.outcome == Outcome::draw) return "draw_threefold_repetition";
  const std::string winner = r.outcome == Outcome::white_wins ? "white_wins_" : "black_wins_";
  return winner + (r.reason == EndReason::no_stones ? "no_stones" : "no_legal_turn");
}

// A direction as the error vocabulary names it ("north_east").
inline std::string direction_word(int d) {
  constexpr const char* words[] = {"east", "west", "north", "south", "north_east", "south_west", "north_west", "south_east"};
  return words[d];
}

// The seed of game `index` of a batch seeded with `seed`: distinct games get unrelated
// streams, and a batch of one plays like a single environment with the same seed.
constexpr std::uint64_t batch_seed(std::uint64_t seed, std::uint64_t index) noexcept {
  return seed + index * 0xD1B54A32D192ED03ULL;
}

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_DETAIL_ENV_PLANES_HPP
