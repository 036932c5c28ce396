// fanorona: what went wrong, as a code and the values of its message.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_ERROR_HPP
#define FANORONA_ERROR_HPP

/// @file
/// @brief `Error`: a code a program can branch on, the values its message is made of, and the
/// English message; `ErrorCode`, its names and English templates (docs/input.md, "Error codes").

#include <array>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "detail/error_catalog.hpp"
#include "detail/error_format.hpp"
#include "error_code.hpp"

namespace fanorona {

/// @addtogroup errors
/// @{

/// Every error code, in the order of the enumeration, for bindings that export them.
inline constexpr std::array<ErrorCode, detail::error_code_count> all_error_codes = [] {
  std::array<ErrorCode, detail::error_code_count> codes{};
  for (std::size_t i = 0; i < codes.size(); ++i) codes[i] = detail::error_catalog[i].code;
  return codes;
}();

/// The stable lower_snake name of a code, e.g. "capture_compulsory".
constexpr std::string_view to_string(ErrorCode code) noexcept {
  return detail::error_catalog[static_cast<std::size_t>(code)].name;
}

/// The code named `name` (as `to_string` writes it), or nothing.
constexpr std::optional<ErrorCode> error_code_from_string(std::string_view name) noexcept {
  for (const detail::ErrorCatalogEntry& entry : detail::error_catalog)
    if (entry.name == name) return entry.code;
  return std::nullopt;
}

/// The English template of a code: its message with `{name}` where the value of argument
/// `name` goes, e.g. "there is no stone on {point}"; `{name|one|other}` stands for `one`
/// when the value is "1", else for `other` (English plurals). Every other character, `}`
/// included, is itself.
constexpr std::string_view message_template(ErrorCode code) noexcept {
  return detail::error_catalog[static_cast<std::size_t>(code)].message;
}

/// One value of a message: which part it fills (`name`, one of the names listed in
/// docs/input.md: `point`, `from`, `to`, `step`, `capture`, `kind`, `color`, `mover`,
/// `direction`, `count`, `limit`, `rank`, `text`, `board`, `expected`, `token`, `result`,
/// `termination`, `ended_by`, `tag`, ...) and its value. Every value is language-neutral:
/// a point name ("e3"), notation ("d3-e3A"), a number, a board ("9x5"), a result token
/// ("1-0"), user text as it was written (unprintable bytes as `\xNN`), or an identifier of a
/// fixed vocabulary (`white`, `north_east`, `approach`, `no_stones`, `white_wins_no_stones`).
struct ErrorArg {
  /// The placeholder it fills; a string literal (the view must stay valid).
  std::string_view name;
  /// The value.
  std::string value;

  /// Equal when name and value are.
  friend bool operator==(const ErrorArg& a, const ErrorArg& b) noexcept { return a.name == b.name && a.value == b.value; }
  /// Not equal.
  friend bool operator!=(const ErrorArg& a, const ErrorArg& b) noexcept { return !(a == b); }
};

/// The English words of a value: vocabulary identifiers as a sentence shows them ("white" as
/// "White", "north_east" as "north-east", "no_stones" as "no stones"); any other value as it
/// is. Which arguments hold identifiers depends on `name` (docs/input.md lists them).
inline std::string english_value(std::string_view name, std::string_view value) {
  return detail::english_word(name, value);
}

/// The English message of `code` with `args`: `message_template(code)` with each placeholder
/// filled by `english_value` of its argument. A placeholder without an argument stays as
/// written.
inline std::string format_message(ErrorCode code, const std::vector<ErrorArg>& args) {
  return detail::fill_template(message_template(code), [&args](std::string_view name) -> std::optional<std::string> {
    for (const ErrorArg& arg : args)
      if (arg.name == name) return english_value(arg.name, arg.value);
    return std::nullopt;
  });
}

/// What went wrong, and where: a code to branch on, the values of the message, the English
/// message, and the place in the text that was being read.
///
/// @code
/// const auto turn = fanorona::parse_turn(fanorona::Position::initial(), "e2-e3");
/// if (!turn && turn.error().code == fanorona::ErrorCode::capture_compulsory)
///   std::cout << "you must capture, e.g. " << turn.error().arg("capture") << '\n';  // d3-e3A
/// @endcode
struct Error {
  /// No place in a text: the value of `offset` when the error is not about one.
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  /// The kind of refusal.
  ErrorCode code{};
  /// The values the message is made of, each named after its placeholder.
  std::vector<ErrorArg> args;
  /// The message in English: `format_message(code, args)`, after a context such as
  /// "FEN tag: " when the error was found inside another text.
  std::string message;
  /// The byte offset in the text that was read where the problem is, or `npos`.
  std::size_t offset = npos;
  /// The line of a multi-line text (a record), from 1; 0 otherwise.
  std::size_t line = 0;
  /// The column on `line`, from 1, counted in bytes; 0 when `line` is 0.
  std::size_t column = 0;

  /// The value of argument `name`, or an empty view when the error has none.
  std::string_view arg(std::string_view name) const noexcept {
    for (const ErrorArg& a : args)
      if (a.name == name) return a.value;
    return {};
  }
};

/// An `Error` of `code` with `args`, its English message, and `offset` into the text read.
inline Error make_error(ErrorCode code, std::initializer_list<ErrorArg> args = {}, std::size_t offset = Error::npos) {
  Error error{code, std::vector<ErrorArg>(args), {}, offset, 0, 0};
  error.message = format_message(code, error.args);
  return error;
}

/// The same error found inside another text: code and args kept, `context` before the
/// English message (e.g. "FEN tag: "), and the place given.
inline Error nested_error(Error inner, std::string_view context, std::size_t offset, std::size_t line = 0,
                          std::size_t column = 0) {
  inner.message.insert(0, context);
  inner.offset = offset;
  inner.line = line;
  inner.column = column;
  return inner;
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_ERROR_HPP
