// fanorona: the engine as a Python module (pybind11).
// SPDX-License-Identifier: MIT
//
// Every class is bound once per board, with the board in its name (Position_9x5, ...); the
// Python package gives the 9x5 classes their plain names. Errors of the library become
// Python exceptions (subclasses of ValueError) carrying the library's message; nothing here
// restates a rule: legality, notation and results all come from the C++ library.
//
// One rule decides property or method: a property names something the object has (a noun:
// position, turns, side_to_move); a method does something or asks a question (a verb or
// is_/can_/must_: play(), legal_turns(), is_over(), result()).
#include "common.hpp"

#include <fanorona/error.hpp>
#include <fanorona/record.hpp>
#include <fanorona/record_reader.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <set>
#include <sstream>

namespace fanorona_python {

Errors& errors() {
  static Errors e;
  return e;
}

py::object exception_of(py::handle type, const fa::Error& e) {
  py::object exc = type(e.message);
  const auto number_or_none = [](std::size_t n, std::size_t none) { return n == none ? py::object(py::none()) : py::object(py::int_(n)); };
  py::dict arguments;
  for (const fa::ErrorArg& a : e.args) arguments[py::str(std::string(a.name))] = py::str(a.value);
  exc.attr("code") = py::str(std::string(fa::to_string(e.code)));
  exc.attr("arguments") = arguments;
  exc.attr("offset") = number_or_none(e.offset, fa::Error::npos);
  exc.attr("line") = number_or_none(e.line, 0);
  exc.attr("column") = number_or_none(e.column, 0);
  return exc;
}

void raise(py::handle type, const fa::Error& e) {
  const py::object exc = exception_of(type, e);
  PyErr_SetObject(type.ptr(), exc.ptr());
  throw py::error_already_set();
}

std::string type_name(const py::handle& value) {
  const py::handle type = py::type::handle_of(value);
  const std::string module = py::str(type.attr("__module__"));
  const std::string name = py::str(type.attr("__qualname__"));
  return module == "builtins" ? name : module + "." + name;
}

bool is_numpy_bool(const py::handle& value) {
  static const py::handle type = py::object(py::module_::import("numpy").attr("bool_")).release();
  return py::isinstance(value, type);
}

long long checked_int(const py::handle& value, const char* what, long long low, long long high) {
  if (PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr()) || is_numpy_bool(value))
    throw py::type_error(std::string("a ") + what + " is an int, not " + type_name(value));
  const py::int_ number = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  if (overflow != 0 || v < low || v > high) {
    std::string argument(what);  // its identifier: "turn limit" is turn_limit
    std::replace(argument.begin(), argument.end(), ' ', '_');
    raise(errors().base, fa::make_error(fa::ErrorCode::argument_out_of_range, {{"argument", argument},
                                                                                {"low", std::to_string(low)},
                                                                                {"high", std::to_string(high)},
                                                                                {"text", py::str(py::object(number))}}));
  }
  return v;
}

std::uint64_t checked_seed(const py::handle& value) {
  if (PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr()) || is_numpy_bool(value))
    throw py::type_error("a seed is an int (0 to 2**64 - 1) or None, not " + type_name(value));
  const py::int_ number = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
  const unsigned long long v = PyLong_AsUnsignedLongLong(number.ptr());
  if (PyErr_Occurred()) {
    PyErr_Clear();
    raise(errors().base, fa::make_error(fa::ErrorCode::argument_out_of_range, {{"argument", "seed"},
                                                                                {"low", "0"},
                                                                                {"high", std::to_string(UINT64_MAX)},
                                                                                {"text", py::str(py::object(number))}}));
  }
  return v;
}

namespace {

void bind_enums(py::module_& m) {
  py::enum_<fa::Color>(m, "Color", "A side.").value("WHITE", fa::Color::white).value("BLACK", fa::Color::black);
  py::enum_<fa::Capture>(m, "Capture", "How a step captures.")
      .value("NONE", fa::Capture::none)
      .value("APPROACH", fa::Capture::approach)
      .value("WITHDRAWAL", fa::Capture::withdrawal);
  py::enum_<fa::Direction>(m, "Direction", "The eight directions of the board's lines.")
      .value("EAST", fa::Direction::east).value("WEST", fa::Direction::west)
      .value("NORTH", fa::Direction::north).value("SOUTH", fa::Direction::south)
      .value("NORTH_EAST", fa::Direction::north_east).value("SOUTH_WEST", fa::Direction::south_west)
      .value("NORTH_WEST", fa::Direction::north_west).value("SOUTH_EAST", fa::Direction::south_east);
  py::enum_<fa::Outcome>(m, "Outcome", "Who won, if anyone.")
      .value("ONGOING", fa::Outcome::ongoing).value("WHITE_WINS", fa::Outcome::white_wins)
      .value("BLACK_WINS", fa::Outcome::black_wins).value("DRAW", fa::Outcome::draw);
  py::enum_<fa::EndReason>(m, "EndReason", "Why the game ended.")
      .value("NONE", fa::EndReason::none).value("NO_STONES", fa::EndReason::no_stones)
      .value("NO_LEGAL_TURN", fa::EndReason::no_legal_turn).value("THREEFOLD_REPETITION", fa::EndReason::threefold_repetition);
  py::enum_<fa::Symmetry>(m, "Symmetry", "The symmetries of the board.")
      .value("IDENTITY", fa::Symmetry::identity).value("MIRROR_FILES", fa::Symmetry::mirror_files)
      .value("MIRROR_RANKS", fa::Symmetry::mirror_ranks).value("HALF_TURN", fa::Symmetry::half_turn);
  py::enum_<fa::Termination>(m, "Termination", "How a recorded game ended.")
      .value("UNSPECIFIED", fa::Termination::unspecified).value("NO_STONES", fa::Termination::no_stones)
      .value("NO_LEGAL_TURN", fa::Termination::no_legal_turn).value("THREEFOLD_REPETITION", fa::Termination::threefold_repetition)
      .value("AGREEMENT", fa::Termination::agreement).value("RESIGNATION", fa::Termination::resignation)
      .value("TIME_FORFEIT", fa::Termination::time_forfeit).value("ADJUDICATION", fa::Termination::adjudication)
      .value("ABANDONED", fa::Termination::abandoned).value("UNFINISHED", fa::Termination::unfinished);
}

// The results a game can have: ongoing with no reason, a draw by repetition, a win for either
// side with a reason that ends games with a winner.
fa::GameResult checked_result(fa::Outcome o, fa::EndReason r) {
  const bool win = o == fa::Outcome::white_wins || o == fa::Outcome::black_wins;
  const bool fits = (o == fa::Outcome::ongoing && r == fa::EndReason::none) ||
                    (o == fa::Outcome::draw && r == fa::EndReason::threefold_repetition) ||
                    (win && (r == fa::EndReason::no_stones || r == fa::EndReason::no_legal_turn));
  if (!fits) {
    // The identifiers are the Python enumerations' names in lowercase: white_wins, no_stones.
    const auto name = [](const auto& value) {
      std::string id = py::str(py::cast(value).attr("name"));
      std::transform(id.begin(), id.end(), id.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      return id;
    };
    raise(errors().base, fa::make_error(fa::ErrorCode::impossible_result, {{"outcome", name(o)}, {"reason", name(r)}}));
  }
  return {o, r};
}

void bind_result(py::module_& m) {
  py::class_<fa::GameResult>(m, "GameResult", "Who won and why.")
      .def(py::init(&checked_result), py::arg("outcome") = fa::Outcome::ongoing, py::arg("reason") = fa::EndReason::none,
           "A result; the reason must fit the outcome (FanoronaError otherwise).")
      .def_property_readonly("outcome", [](const fa::GameResult& r) { return r.outcome; }, "Who won, or ONGOING, or DRAW.")
      .def_property_readonly("reason", [](const fa::GameResult& r) { return r.reason; }, "Why the game ended.")
      .def_property_readonly("winner", [](const fa::GameResult& r) -> py::object {
        if (r.outcome == fa::Outcome::white_wins) return py::cast(fa::Color::white);
        if (r.outcome == fa::Outcome::black_wins) return py::cast(fa::Color::black);
        return py::none();
      }, "The side that won, or None (ongoing or drawn).")
      .def("is_over", &fa::GameResult::is_over, "True once the game has ended.")
      .def("__str__", &fa::GameResult::to_string)
      .def("__repr__", [](const fa::GameResult& r) { return "GameResult('" + r.to_string() + "')"; })
      .def("__eq__", [](const fa::GameResult& a, const py::object& b) {
        return py::isinstance<fa::GameResult>(b) && a == b.cast<fa::GameResult>();
      })
      .def("__hash__", [](const fa::GameResult& r) { return static_cast<int>(r.outcome) * 8 + static_cast<int>(r.reason); })
      .def("__copy__", [](const fa::GameResult& r) { return r; })
      .def("__deepcopy__", [](const fa::GameResult& r, const py::object&) { return r; })
      .def(py::pickle([](const fa::GameResult& r) { return py::make_tuple(r.outcome, r.reason); },
                      [](const py::tuple& t) { return checked_result(t[0].cast<fa::Outcome>(), t[1].cast<fa::EndReason>()); }));
}

}  // namespace

}  // namespace fanorona_python

PYBIND11_MODULE(_fanorona, m) {
  using namespace fanorona_python;
  m.doc() = "The rules of Fanorona (C++ engine); use the `fanorona` package.";
  // The exception classes, each under its parent; the handles stay valid for the module's life.
  const auto exception = [&m](const char* name, py::handle parent) -> py::handle {
    return py::exception<fa::Error>(m, name, parent.ptr()).release();
  };
  Errors& e = errors();
  e.base = exception("FanoronaError", PyExc_ValueError);
  e.fen = exception("FenError", e.base);
  e.notation = exception("NotationError", e.base);
  e.illegal_turn = exception("IllegalTurnError", e.notation);
  e.game_over = exception("GameOverError", e.illegal_turn);
  e.record = exception("RecordError", e.base);
  e.illegal_action = exception("IllegalActionError", e.base);

  bind_enums(m);
  bind_result(m);
  bind_rules(m);
  bind_records(m);
  bind_env(m);
  bind_batch(m);

  m.def("board_of_fen", [](const std::string& fen) {
    auto size = fa::board_size_of_fen(fen);
    if (!size) raise(errors().fen, size.error());
    if (fa::Status known = fa::with_board(*size, [](auto) {}); !known) raise(errors().fen, known.error());
    return size->to_string();
  }, py::arg("fen"), "The board a FEN is written for: '9x5', '5x5' or '3x3' (its shape only).");
  m.def("read_records_text", [](const std::string& text) {
    std::istringstream in(text);
    fa::RecordReader reader(in);
    py::list out;
    while (const auto game = reader.next()) {
      if (!*game) {
        fa::Error refused = game->error();
        refused.message = fa::to_string(refused);  // "line L, column C: " before the message
        raise(errors().record, refused);
      }
      std::visit([&](const auto& r) { out.append(py::cast(r)); }, game->value());
    }
    return out;
  }, py::arg("text"), "Every game of a record text, of any board; raises RecordError at the first refused game.");
  m.def("_error", [](py::handle type, const std::string& code, const py::dict& arguments) {
    const auto known = fa::error_code_from_string(code);
    if (!known) throw py::value_error("no error code " + code);
    // An argument's name must outlive the error (ErrorArg holds a view): keep each name once.
    static std::set<std::string> names;
    fa::Error error = fa::make_error(*known);
    for (const auto& [name, value] : arguments)
      error.args.push_back({*names.insert(py::str(name).cast<std::string>()).first, py::str(value).cast<std::string>()});
    error.message = fa::format_message(error.code, error.args);
    return exception_of(type, error);
  }, py::arg("type"), py::arg("code"), py::arg("arguments"),
        "An exception of `type` with an error code of the library and its arguments, for errors the package raises from Python.");
  m.attr("version") = fa::version_string;
}
