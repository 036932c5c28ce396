// Helpers shared by the libFuzzer targets: a byte reader, positions decoded from bytes, and a
// check that stops the fuzzer with a message (abort() is a finding for libFuzzer).
#ifndef FANORONA_FUZZ_SUPPORT_HPP
#define FANORONA_FUZZ_SUPPORT_HPP

#include <fanorona/fanorona.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string_view>

#define FUZZ_CHECK(condition)                                                                 \
  do {                                                                                        \
    if (!(condition)) {                                                                       \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition);      \
      std::abort();                                                                           \
    }                                                                                         \
  } while (false)

namespace fuzz {

// Reads the fuzzer's bytes front to back; past the end every read gives 0.
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) noexcept : data_(data), size_(size) {}
  bool empty() const noexcept { return pos_ >= size_; }
  std::size_t left() const noexcept { return empty() ? 0 : size_ - pos_; }
  std::uint8_t byte() noexcept { return empty() ? std::uint8_t{0} : data_[pos_++]; }
  // Up to `n` bytes as text (fewer at the end).
  std::string_view text(std::size_t n) noexcept {
    if (n > left()) n = left();
    const std::string_view s(reinterpret_cast<const char*>(data_ + pos_), n);
    pos_ += n;
    return s;
  }
  // Everything that is left, as text.
  std::string_view rest() noexcept { return text(left()); }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

// A position of board B from the bytes: two bits a point (0 and 3 empty, 1 white, 2 black),
// then the side to move. Stones beyond a side's limit are dropped, so that almost every input
// gives a legal position and the fuzzer spends its time in the generator, not in from_stones.
template <class B>
fanorona::BasicPosition<B> position_from(Bytes& in) {
  fanorona::Bitboard white = 0, black = 0;
  int whites = 0, blacks = 0;
  std::uint8_t bits = 0;
  for (int p = 0; p < B::size; ++p) {
    if (p % 4 == 0) bits = in.byte();
    const int v = (bits >> (2 * (p % 4))) & 3;
    if (v == 1 && whites < B::stones_per_side) white |= fanorona::Bitboard{1} << p, ++whites;
    if (v == 2 && blacks < B::stones_per_side) black |= fanorona::Bitboard{1} << p, ++blacks;
  }
  const auto side = (in.byte() & 1) ? fanorona::Color::black : fanorona::Color::white;
  auto position = fanorona::BasicPosition<B>::from_stones(white, black, side);
  FUZZ_CHECK(position.has_value());
  return *position;
}

// Calls f.template operator()<B>() style dispatch: f(B{}) for the board picked by `selector`.
template <class F>
void with_board(std::uint8_t selector, F&& f) {
  switch (selector % 3) {
    case 0: f(fanorona::Tsivy{}); break;
    case 1: f(fanorona::Dimy{}); break;
    default: f(fanorona::Telo{}); break;
  }
}

// True when `turn` is one of the legal turns of `position`. Walks them with for_each_turn,
// which has no capacity: some positions have more turns than a BasicTurnList holds
// (docs/limits.md).
template <class B>
bool is_legal(const fanorona::BasicPosition<B>& position, const fanorona::BasicTurn<B>& turn) {
  bool found = false;
  fanorona::for_each_turn(position, [&](const fanorona::BasicTurn<B>& t) { found = found || t == turn; });
  return found;
}

// A turn list holds the first min(count, capacity) turns, and says whether it holds them all.
template <class B, std::size_t Capacity>
void check_list(const fanorona::FixedList<fanorona::BasicTurn<B>, Capacity>& list, std::uint64_t count) {
  FUZZ_CHECK(list.complete() == (count <= Capacity));
  FUZZ_CHECK(list.size() == (count <= Capacity ? count : Capacity));
}

}  // namespace fuzz

#endif  // FANORONA_FUZZ_SUPPORT_HPP
