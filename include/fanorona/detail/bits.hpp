// fanorona: bit tricks and small compile-time helpers shared by the engine's internals.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_BITS_HPP
#define FANORONA_DETAIL_BITS_HPP

#include <cstdint>
#include <type_traits>
#include <utility>

#include "../point.hpp"
#include "cpu.hpp"

namespace fanorona {

namespace detail {

// Hardware: the popcnt instruction, for code compiled for it (the compiler flags, or a
// kernel compiled for BMI2 and up, dispatch.hpp); elsewhere GCC would call a library routine,
// and the inline form is faster.
template <bool Hardware>
constexpr int popcount_with(Bitboard b) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  if constexpr (Hardware) return __builtin_popcountll(b);
#endif
  b = b - ((b >> 1) & 0x5555555555555555ULL);
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((b * 0x0101010101010101ULL) >> 56);
}

#if defined(__POPCNT__)
inline constexpr bool has_popcnt_instruction = true;
#else
inline constexpr bool has_popcnt_instruction = false;
#endif

constexpr int popcount(Bitboard b) noexcept { return popcount_with<has_popcnt_instruction>(b); }

constexpr int lowest_point(Bitboard b) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctzll(b);
#else
  int n = 0;
  while (!(b & 1U)) b >>= 1, ++n;
  return n;
#endif
}

constexpr int highest_point(Bitboard b) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  return 63 - __builtin_clzll(b);
#else
  int n = -1;
  while (b) b >>= 1, ++n;
  return n;
#endif
}

// The engine's internals count points as plain indexes; a Point gives its own. -1 is no
// point, as no_point's index.
inline constexpr int no_index = -1;
constexpr Bitboard bit(int p) noexcept { return Bitboard{1} << p; }
constexpr Bitboard bit(Point p) noexcept { return Bitboard{1} << p.index(); }

// The members of a set of points in increasing order, each as a `T` made from its index:
// `points` (board.hpp) gives Points, `indexes` plain ints for the engine's internals.
template <class T>
class SetMembers {
 public:
  constexpr explicit SetMembers(Bitboard set) noexcept : set_(set) {}
  class iterator {
   public:
    constexpr explicit iterator(Bitboard rest) noexcept : rest_(rest) {}
    constexpr T operator*() const noexcept { return T(lowest_point(rest_)); }
    constexpr iterator& operator++() noexcept {
      rest_ &= rest_ - 1;
      return *this;
    }
    constexpr bool operator!=(const iterator& other) const noexcept { return rest_ != other.rest_; }

   private:
    Bitboard rest_;
  };
  constexpr iterator begin() const noexcept { return iterator(set_); }
  constexpr iterator end() const noexcept { return iterator(0); }

 private:
  Bitboard set_;
};
using indexes = SetMembers<int>;

// A fixed-size table indexed by int (point indexes and directions), so that indexing never
// mixes signed and unsigned, or by a Point.
template <class T, int N>
struct Table {
  T items[N];
  constexpr T& operator[](int i) noexcept { return items[i]; }
  constexpr const T& operator[](int i) const noexcept { return items[i]; }
  constexpr T& operator[](Point p) noexcept { return items[p.index()]; }
  constexpr const T& operator[](Point p) const noexcept { return items[p.index()]; }
};

// Calls f(std::integral_constant<int, d>{}) for each direction, so that every shift in the
// generator is a compile-time constant.
template <class F, int... D>
FANORONA_DETAIL_ALWAYS_INLINE constexpr void for_each_direction_impl(F&& f, std::integer_sequence<int, D...>) {
  (f(std::integral_constant<int, D>{}), ...);
}
template <class F>
FANORONA_DETAIL_ALWAYS_INLINE constexpr void for_each_direction(F&& f) {
  for_each_direction_impl(f, std::make_integer_sequence<int, direction_count>{});
}

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_DETAIL_BITS_HPP
