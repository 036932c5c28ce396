// fanorona: errors without exceptions.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_RESULT_HPP
#define FANORONA_RESULT_HPP

/// @file
/// @brief `Result<T>` and `Status`: a value or an `Error`, without exceptions, read like
/// `std::expected` (`has_value`, `value`, `value_or`, `error`).

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "error.hpp"

namespace fanorona {

/// @addtogroup errors
/// @{

namespace detail {
// A character of user input as messages show it: itself when printable ASCII, else \xNN, so
// that a message is always valid text whatever bytes it quotes.
inline std::string quote_char(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x20 && byte < 0x7F) return std::string(1, c);
  const char digits[] = "0123456789ABCDEF";
  return {'\\', 'x', digits[byte >> 4], digits[byte & 15]};
}

// Text of user input as messages show it: each character as quote_char shows it.
inline std::string quoted(std::string_view text) {
  std::string out;
  for (char c : text) out += quote_char(c);
  return out;
}

[[noreturn]] inline void misuse(const char* what) noexcept {
  std::fprintf(stderr, "fanorona: %s\n", what);
  std::abort();
}

// What error() of a success returns: no code that means anything, an empty message.
inline const Error& no_error() noexcept {
  static const Error none{};
  return none;
}
}  // namespace detail

/// Either a value or an `Error`, like C++23's `std::expected<T, Error>`. The library returns
/// these instead of throwing, so it works with `-fno-exceptions`. Test the result (or call
/// `has_value()`) before reading `value()`; reading the value of a failed result stops the
/// program with a message.
/// @code
/// const auto position = fanorona::Position::from_fen("9/9/9/9/4W4 W");
/// if (!position) std::cerr << position.error().message << '\n';
/// const fanorona::Position p = position.value_or(fanorona::Position::initial());
/// std::cout << p << '\n';
/// @endcode
template <class T>
class [[nodiscard]] Result {
 public:
  /// The type of the value.
  using value_type = T;
  /// The type of the error.
  using error_type = Error;

  /// A success holding `value`.
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}  // NOLINT(google-explicit-constructor)
  /// A failure holding `error`.
  Result(Error error) : state_(std::in_place_index<1>, std::move(error)) {}  // NOLINT(google-explicit-constructor)

  /// True when the result holds a value.
  bool has_value() const noexcept { return state_.index() == 0; }
  /// Same as `has_value()`.
  explicit operator bool() const noexcept { return has_value(); }

  /// The value. Precondition: `has_value()`.
  const T& value() const& noexcept { return *checked(); }
  /// The value. Precondition: `has_value()`.
  T& value() & noexcept { return *checked(); }
  /// The value, moved out. Precondition: `has_value()`.
  T&& value() && noexcept { return std::move(*checked()); }
  /// The value, or `fallback` when the result is an error.
  T value_or(T fallback) const& { return has_value() ? *std::get_if<0>(&state_) : std::move(fallback); }
  /// The value moved out, or `fallback` when the result is an error.
  T value_or(T fallback) && { return has_value() ? std::move(*std::get_if<0>(&state_)) : std::move(fallback); }
  /// Shorthand for `value()`.
  const T& operator*() const& noexcept { return value(); }
  /// Shorthand for `value()`.
  T& operator*() & noexcept { return value(); }
  /// Shorthand for `value()`, moved out.
  T&& operator*() && noexcept { return std::move(*this).value(); }
  /// Member access on the value. Precondition: `has_value()`.
  const T* operator->() const noexcept { return checked(); }
  /// Member access on the value. Precondition: `has_value()`.
  T* operator->() noexcept { return checked(); }

  /// The error. On success, an error with an empty message and no arguments.
  const Error& error() const& noexcept {
    const Error* e = std::get_if<1>(&state_);
    return e ? *e : detail::no_error();
  }

 private:
  const T* checked() const noexcept {
    const T* v = std::get_if<0>(&state_);
    if (!v) detail::misuse("value() of a failed Result");
    return v;
  }
  T* checked() noexcept {
    T* v = std::get_if<0>(&state_);
    if (!v) detail::misuse("value() of a failed Result");
    return v;
  }

  std::variant<T, Error> state_;
};

/// Success or an `Error`, for operations that produce no value (playing a turn, a step):
/// `Result` without a value, like `std::expected<void, Error>`.
class [[nodiscard]] Status {
 public:
  /// Success.
  Status() = default;
  /// A failure holding `error`.
  Status(Error error) : error_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  /// True on success.
  bool has_value() const noexcept { return !error_.has_value(); }
  /// Same as `has_value()`.
  explicit operator bool() const noexcept { return has_value(); }
  /// The error. On success, an error with an empty message and no arguments.
  const Error& error() const noexcept { return error_ ? *error_ : detail::no_error(); }

 private:
  std::optional<Error> error_;
};

/// @}

}  // namespace fanorona

#endif  // FANORONA_RESULT_HPP
