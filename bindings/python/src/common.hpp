// fanorona for Python: what every part of the binding shares (errors, argument checks).
// SPDX-License-Identifier: MIT
//
// Every object handed to Python owns its data: getters return copies (a position, a turn, a
// game), never references into the object they came from, so nothing Python keeps can change
// or dangle when the game it came from plays on, undoes or is deleted.
#ifndef FANORONA_PYTHON_COMMON_HPP
#define FANORONA_PYTHON_COMMON_HPP

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <fanorona/fanorona.hpp>

#include <cstdint>
#include <string>
#include <vector>

// A point is a Python int (its index, -1 for no point), in both directions; the functions
// that take points from Python check them (`to_point`).
namespace pybind11::detail {
template <>
struct type_caster<fanorona::Point> {
  PYBIND11_TYPE_CASTER(fanorona::Point, const_name("int"));
  bool load(handle src, bool convert) {
    type_caster<int> index;
    if (!index.load(src, convert)) return false;
    value = fanorona::Point(static_cast<int>(index));
    return true;
  }
  static handle cast(fanorona::Point p, return_value_policy, handle) { return PyLong_FromLong(p.index()); }
};
}  // namespace pybind11::detail

namespace fanorona_python {

namespace py = pybind11;
namespace fa = fanorona;

/// The exception classes, created when the module is imported (module.cpp).
struct Errors {
  py::handle base, fen, notation, illegal_turn, game_over, record, illegal_action;
};
Errors& errors();

/// Raises `type` with a library error: its message, `.code` (the ErrorCode's name),
/// `.arguments` (a dict of the values its message is made of), `.offset` (None when the error
/// is not about a text), `.line` and `.column` (None unless in a multi-line text).
[[noreturn]] void raise(py::handle type, const fa::Error& e);
/// The exception `raise` raises, not raised: an instance of `type` with those attributes.
py::object exception_of(py::handle type, const fa::Error& e);

/// True for numpy's bool, refused where an int is expected (it would pass as 0 or 1).
bool is_numpy_bool(const py::handle& value);

/// The name of a type for messages: "float", "str", "numpy.float64".
std::string type_name(const py::handle& value);

/// An int (or numpy integer) in [low, high], for arguments that count or choose; a bool,
/// a float or a string is a TypeError, an int out of range a FanoronaError naming `what`.
long long checked_int(const py::handle& value, const char* what, long long low, long long high);

/// A seed: an int from 0 to 2**64 - 1 (numpy integers too); TypeError or FanoronaError otherwise.
std::uint64_t checked_seed(const py::handle& value);

/// "9x5", "5x5" or "3x3".
template <class B>
std::string board_name() {
  return std::to_string(B::width) + "x" + std::to_string(B::height);
}

/// User text as the library's error values show it: unprintable bytes as `\xNN`.
inline std::string printable(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F) {
      out += c;
    } else {
      const char digits[] = "0123456789ABCDEF";
      out += {'\\', 'x', digits[byte >> 4], digits[byte & 15]};
    }
  }
  return out;
}

/// A point given as an index or a name ("e3"); refused with a message when off the board.
template <class B>
fa::Point to_point(const py::handle& value) {
  if (py::isinstance<py::str>(value)) {
    const std::string name = value.cast<std::string>();
    const fa::Point p = fa::parse_point<B>(name);
    if (p == fa::no_point)
      raise(errors().notation, fa::make_error(fa::ErrorCode::notation_off_board, {{"text", printable(name)}, {"board", board_name<B>()}}));
    return p;
  }
  return fa::Point(static_cast<int>(checked_int(value, "point", 0, B::size - 1)));
}

/// The points of a set, in increasing order.
inline std::vector<fa::Point> point_list(fa::Bitboard set) {
  std::vector<fa::Point> out;
  for (fa::Point p : fa::points(set)) out.push_back(p);
  return out;
}

/// A set of points from a bit mask or an iterable of points.
template <class B>
fa::Bitboard to_set(const py::handle& value) {
  if (py::isinstance<py::int_>(value) && !py::isinstance<py::bool_>(value)) {
    const auto mask = value.cast<unsigned long long>();
    if (mask & ~B::all) raise(errors().base, fa::make_error(fa::ErrorCode::mask_out_of_range, {{"board", board_name<B>()}}));
    return mask;
  }
  fa::Bitboard set = 0;
  for (const py::handle item : value) set |= fa::point_set(to_point<B>(item));
  return set;
}

/// `value` as a `T`, or a TypeError naming what was expected.
template <class T>
T cast_or_type_error(const py::handle& value, const char* expected) {
  if (!py::isinstance<T>(value)) throw py::type_error(std::string("expected ") + expected + ", not " + type_name(value));
  return value.cast<T>();
}

/// A position from a FEN, or FenError.
template <class B>
fa::BasicPosition<B> position_from_fen(const std::string& fen) {
  auto p = fa::BasicPosition<B>::from_fen(fen);
  if (!p) raise(errors().fen, p.error());
  return *p;
}

/// A Position of board B or a FEN of it (None: the initial position).
template <class B>
fa::BasicPosition<B> position_argument(const py::handle& value) {
  if (value.is_none()) return fa::BasicPosition<B>::initial();
  if (py::isinstance<py::str>(value)) return position_from_fen<B>(value.cast<std::string>());
  return cast_or_type_error<fa::BasicPosition<B>>(value, "a Position of this board or a FEN");
}

/// A game replayed from its start and turn texts (how games are pickled).
template <class B>
fa::BasicGame<B> game_from_texts(const std::string& start, const std::vector<std::string>& turns) {
  fa::BasicGame<B> game(position_from_fen<B>(start));
  for (const std::string& t : turns)
    if (auto played = game.play(t); !played) raise(errors().illegal_turn, played.error());
  return game;
}

/// The texts of a game's turns.
template <class B>
std::vector<std::string> turn_texts(const fa::BasicGame<B>& game) {
  std::vector<std::string> out;
  for (const auto& t : game.turns()) out.push_back(t.to_string());
  return out;
}

/// A step of one board, the Python class of each board wrapping that board's step.
template <class B>
struct PyStep {
  fa::BasicStep<B> step;
};

// Each part binds every board's classes.
void bind_rules(py::module_& m);
void bind_records(py::module_& m);  // and the searcher
void bind_env(py::module_& m);
void bind_batch(py::module_& m);

}  // namespace fanorona_python

#endif  // FANORONA_PYTHON_COMMON_HPP
