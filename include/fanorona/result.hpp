// fanorona: errors without exceptions.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_RESULT_HPP
#define FANORONA_RESULT_HPP

/// @file
/// @brief `Result<T>` and `Status`: a value or an error message, without exceptions.

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>

namespace fanorona {

/// @addtogroup errors
/// @{

/// What went wrong, in words a player understands, and where.
struct Error {
  /// Offset in the text that was being read where the problem is; `npos` when the error is
  /// not about a place in a text.
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  /// The explanation, e.g. "capture is compulsory: e2-e3 captures nothing".
  std::string message;
  /// Character offset into the input the error refers to, or `npos`.
  std::size_t offset = npos;
};

namespace detail {
// A character of user input as messages show it: itself when printable ASCII, else \xNN, so
// that a message is always valid text whatever bytes it quotes.
inline std::string quote_char(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x20 && byte < 0x7F) return std::string(1, c);
  const char digits[] = "0123456789ABCDEF";
  return {'\\', 'x', digits[byte >> 4], digits[byte & 15]};
}

[[noreturn]] inline void misuse(const char* what) noexcept {
  std::fprintf(stderr, "fanorona: %s\n", what);
  std::abort();
}
}  // namespace detail

/// Either a value or an `Error`. The library returns these instead of throwing, so it works
/// with `-fno-exceptions`. Check `ok()` (or test the result in a condition) before reading
/// `value()`; reading the value of a failed result stops the program with a message.
template <class T>
class [[nodiscard]] Result {
 public:
  /// A success holding `value`.
  Result(T value) : value_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  /// A failure holding `error`.
  Result(Error error) : error_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  /// True when the result holds a value.
  bool ok() const noexcept { return value_.has_value(); }
  /// Same as `ok()`.
  explicit operator bool() const noexcept { return ok(); }

  /// The value. Precondition: `ok()`.
  const T& value() const& noexcept {
    if (!ok()) detail::misuse("value() of a failed Result");
    return *value_;
  }
  /// The value. Precondition: `ok()`.
  T& value() & noexcept {
    if (!ok()) detail::misuse("value() of a failed Result");
    return *value_;
  }
  /// The value, moved out. Precondition: `ok()`.
  T&& value() && noexcept {
    if (!ok()) detail::misuse("value() of a failed Result");
    return std::move(*value_);
  }
  /// The value, or `fallback` when the result is an error.
  T value_or(T fallback) const& { return ok() ? *value_ : std::move(fallback); }
  /// Shorthand for `value()`.
  const T& operator*() const& noexcept { return value(); }
  /// Shorthand for `value()`.
  T& operator*() & noexcept { return value(); }
  /// Member access on the value. Precondition: `ok()`.
  const T* operator->() const noexcept { return &value(); }
  /// Member access on the value. Precondition: `ok()`.
  T* operator->() noexcept { return &value(); }

  /// The error. Empty message when `ok()`.
  const Error& error() const noexcept { return error_; }

 private:
  std::optional<T> value_;
  Error error_;
};

/// Success or an `Error`, for operations that produce no value (playing a turn, a step).
class [[nodiscard]] Status {
 public:
  /// Success.
  Status() = default;
  /// A failure holding `error`.
  Status(Error error) : error_(std::move(error)), failed_(true) {}  // NOLINT(google-explicit-constructor)

  /// True on success.
  bool ok() const noexcept { return !failed_; }
  /// Same as `ok()`.
  explicit operator bool() const noexcept { return ok(); }
  /// The error. Empty message on success.
  const Error& error() const noexcept { return error_; }

 private:
  Error error_;
  bool failed_ = false;
};

/// Makes an `Error` from a message and an optional offset.
inline Error make_error(std::string message, std::size_t offset = Error::npos) {
  return Error{std::move(message), offset};
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_RESULT_HPP
