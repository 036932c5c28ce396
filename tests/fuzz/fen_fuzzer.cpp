// libFuzzer target: the FEN reader of every board. Any text must give a position or an error
// with a message and an offset inside the text; a position must print back to a FEN that
// reads as the same position and prints the same again.
#include "fuzz_support.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

template <class B>
void check_fen(std::string_view text) {
  const auto position = fanorona::BasicPosition<B>::from_fen(text);
  if (!position) {
    FUZZ_CHECK(!position.error().message.empty());
    FUZZ_CHECK(position.error().offset == fanorona::Error::npos || position.error().offset <= text.size());
    return;
  }
  FUZZ_CHECK(position->hash() == position->compute_hash());
  FUZZ_CHECK(position->count(fanorona::Color::white) <= B::stones_per_side);
  FUZZ_CHECK(position->count(fanorona::Color::black) <= B::stones_per_side);
  FUZZ_CHECK((position->stones(fanorona::Color::white) & position->stones(fanorona::Color::black)) == 0);
  FUZZ_CHECK(((position->stones(fanorona::Color::white) | position->stones(fanorona::Color::black)) & ~B::all) == 0);
  const std::string fen = position->to_fen();
  const auto again = fanorona::BasicPosition<B>::from_fen(fen);
  FUZZ_CHECK(again.has_value());
  FUZZ_CHECK(*again == *position);
  FUZZ_CHECK(again->hash() == position->hash());
  FUZZ_CHECK(again->to_fen() == fen);
  // The printed form is the shortest: accepted text differs only by extra spaces and tabs and
  // by runs of empty points split into several digits.
  FUZZ_CHECK(fen.size() <= text.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_fen<fanorona::Tsivy>(text);
  check_fen<fanorona::Dimy>(text);
  check_fen<fanorona::Telo>(text);
  return 0;
}
