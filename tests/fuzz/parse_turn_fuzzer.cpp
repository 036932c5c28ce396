// libFuzzer target: parse_turn on positions decoded from the fuzzer's bytes.
//
// Input: one byte picks the board (9x5, 5x5, 3x3), the next bytes give the stones and the side
// to move (see fuzz::position_from), the rest is the turn text. A parsed turn must be one of
// the position's legal turns and print as text that parses back to it; a refusal must have a
// message and an offset inside the text.
#include "fuzz_support.hpp"

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

template <class B>
void check_parse(fuzz::Bytes& in) {
  const auto position = fuzz::position_from<B>(in);
  const std::string_view text = in.rest();
  const auto turn = fanorona::parse_turn(position, text);
  if (!turn) {
    FUZZ_CHECK(!turn.error().message.empty());
    FUZZ_CHECK(turn.error().offset <= text.size());
    return;
  }
  FUZZ_CHECK(!turn->empty());
  FUZZ_CHECK(fuzz::is_legal(position, *turn));
  const std::string canonical = turn->to_string();
  const auto again = fanorona::parse_turn(position, canonical);
  FUZZ_CHECK(again.has_value());
  FUZZ_CHECK(*again == *turn);
  // Lowercase is accepted too.
  std::string lower = canonical;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto lowered = fanorona::parse_turn(position, lower);
  FUZZ_CHECK(lowered.has_value());
  FUZZ_CHECK(*lowered == *turn);
  // The game agrees, unless the position is already lost for the side to move (then no turn
  // exists, so parsing could not have succeeded).
  fanorona::BasicGame<B> game(position);
  FUZZ_CHECK(!game.is_over());
  const auto played = game.play(text);
  FUZZ_CHECK(played.has_value());
  FUZZ_CHECK(game.position() == position.after(*turn));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  fuzz::with_board(in.byte(), [&in](auto board) { check_parse<decltype(board)>(in); });
  return 0;
}
