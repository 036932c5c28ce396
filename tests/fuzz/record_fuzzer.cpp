// libFuzzer target: the game-record reader. The bytes are read as a file of records, game by
// game, and every answer is checked, not only survived:
// - an error has a message, belongs to the game being read, and its line and column name the
//   same place of the input as its byte offset;
// - a game's result fits its game (the rules' result when they ended it);
// - a game prints (to_string) to a text that reads back as an equal record of the same board
//   and prints the same again, so every accepted game round-trips through the writer.
#include "fuzz_support.hpp"

#include <fanorona/record.hpp>

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>

namespace {

void check_error(const fanorona::RecordError& error, std::string_view input, std::size_t game) {
  FUZZ_CHECK(!error.message.empty());
  FUZZ_CHECK(error.game == game);
  FUZZ_CHECK(error.offset <= input.size());
  FUZZ_CHECK(error.line >= 1 && error.column >= 1);
  std::size_t line = 1, line_start = 0;
  for (std::size_t i = 0; i < error.offset; ++i)
    if (input[i] == '\n') ++line, line_start = i + 1;
  FUZZ_CHECK(line == error.line);
  // Columns count from the first character after a byte order mark.
  const std::size_t mark = line == 1 && input.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  FUZZ_CHECK(error.offset >= line_start + mark);
  FUZZ_CHECK(error.offset - line_start - mark + 1 == error.column);
}

template <class B>
void check_record(const fanorona::BasicGameRecord<B>& record) {
  const fanorona::GameResult by_rules = record.game().result();
  if (by_rules.is_over()) FUZZ_CHECK(record.result() == by_rules.outcome);
  FUZZ_CHECK(record.game().turns().size() == record.turns().size());
  for (const fanorona::Comment& comment : record.comments()) {
    FUZZ_CHECK(comment.after <= record.turns().size());
    FUZZ_CHECK(!comment.text.empty());
  }
  const std::string text = to_string(record);
  const auto again = fanorona::parse_record<B>(text);
  if (!again.has_value()) std::fprintf(stderr, "%s\nrefused: %s\n", text.c_str(), again.error().message.c_str());
  FUZZ_CHECK(again.has_value());
  FUZZ_CHECK(*again == record);
  FUZZ_CHECK(to_string(*again) == text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::istringstream in(input);
  fanorona::RecordReader reader(in);
  std::size_t games = 0;
  while (reader.next()) {
    ++games;
    FUZZ_CHECK(games <= size);  // every game, good or bad, takes at least one byte
    if (!reader.ok()) {
      check_error(reader.error(), input, games);
      continue;
    }
    FUZZ_CHECK(reader.error().message.empty());
    std::visit([](const auto& record) { check_record(record); }, reader.record());
  }
  return 0;
}
