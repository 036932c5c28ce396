// fanorona: filling an error's English template with its arguments.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_DETAIL_ERROR_FORMAT_HPP
#define FANORONA_DETAIL_ERROR_FORMAT_HPP

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace fanorona::detail {

// A vocabulary identifier and its English words.
struct EnglishWord {
  std::string_view id;
  std::string_view english;
};

inline constexpr EnglishWord color_words[] = {{"white", "White"}, {"black", "Black"}};

inline constexpr EnglishWord direction_words[] = {
    {"east", "east"},             {"west", "west"},             {"north", "north"},           {"south", "south"},
    {"north_east", "north-east"}, {"south_west", "south-west"}, {"north_west", "north-west"}, {"south_east", "south-east"}};

inline constexpr EnglishWord result_words[] = {
    {"white_wins_no_stones", "White wins: Black has no stones left"},
    {"black_wins_no_stones", "Black wins: White has no stones left"},
    {"white_wins_no_legal_turn", "White wins: Black cannot move"},
    {"black_wins_no_legal_turn", "Black wins: White cannot move"},
    {"draw_threefold_repetition", "draw: the same position occurred three times"}};

inline constexpr EnglishWord termination_words[] = {
    {"no_stones", "no stones"}, {"no_legal_turn", "no legal turn"}, {"threefold_repetition", "threefold repetition"},
    {"agreement", "agreement"}, {"resignation", "resignation"},     {"time_forfeit", "time forfeit"},
    {"adjudication", "adjudication"}, {"abandoned", "abandoned"},  {"unfinished", "unfinished"}};

template <std::size_t N>
constexpr std::optional<std::string_view> find_word(const EnglishWord (&words)[N], std::string_view id) noexcept {
  for (const EnglishWord& w : words)
    if (w.id == id) return w.english;
  return std::nullopt;
}

// A table value, "draw", "win:N" or "loss:N", as "draw", "win in N", "loss in N".
inline std::string english_table_value(std::string_view value) {
  const std::size_t colon = value.find(':');
  if (colon == std::string_view::npos) return std::string(value);
  return std::string(value.substr(0, colon)) + " in " + std::string(value.substr(colon + 1));
}

// An argument's name (`turn_limit`) as English words ("turn limit").
inline std::string english_argument(std::string_view id) {
  std::string words(id);
  for (char& c : words)
    if (c == '_') c = ' ';
  return words;
}

// The English words of argument `name`'s value: the arguments that hold vocabulary
// identifiers are translated, every other value is itself (and so is an unknown identifier).
inline std::string english_word(std::string_view name, std::string_view value) {
  std::optional<std::string_view> word;
  if (name == "color" || name == "mover") word = find_word(color_words, value);
  else if (name == "direction") word = find_word(direction_words, value);
  else if (name == "result") word = find_word(result_words, value);
  else if (name == "termination" || name == "ended_by") word = find_word(termination_words, value);
  else if (name == "value" || name == "computed") return english_table_value(value);
  else if (name == "argument") return english_argument(value);
  return std::string(word ? *word : value);
}

// `message` with each `{name}` replaced by `lookup(name)`, and each `{name|one|other}` by
// `one` when `lookup(name)` is "1", else `other`. A placeholder `lookup` has no value for
// (nothing), and an unclosed '{', stay as written.
template <class Lookup>
std::string fill_template(std::string_view message, Lookup&& lookup) {
  std::string out;
  out.reserve(message.size() + 16);
  std::size_t i = 0;
  while (i < message.size()) {
    const std::size_t open = message.find('{', i);
    const std::size_t close = open == std::string_view::npos ? open : message.find('}', open);
    if (close == std::string_view::npos) break;
    out.append(message, i, open - i);
    const std::string_view inside = message.substr(open + 1, close - open - 1);
    const std::size_t bar = inside.find('|');
    const std::optional<std::string> value = lookup(inside.substr(0, bar));
    if (!value) {
      out.append(message, open, close + 1 - open);
    } else if (bar == std::string_view::npos) {
      out += *value;
    } else {
      const std::string_view forms = inside.substr(bar + 1);
      const std::size_t second = forms.find('|');
      out += *value == "1" ? forms.substr(0, second) : (second == std::string_view::npos ? forms : forms.substr(second + 1));
    }
    i = close + 1;
  }
  out.append(message, i, std::string_view::npos);
  return out;
}

}  // namespace fanorona::detail

#endif  // FANORONA_DETAIL_ERROR_FORMAT_HPP
