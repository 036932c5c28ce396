// fanorona for Python: what the single and batched environments' bindings share.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_PYTHON_ENV_COMMON_HPP
#define FANORONA_PYTHON_ENV_COMMON_HPP

#include "common.hpp"

#include <fanorona/env.hpp>

#include <climits>

namespace fanorona_python {

template <class B>
using Env = fa::BasicEnv<B>;
template <class B>
using Space = fa::BasicActionSpace<B>;

// An action: an int or numpy integer (a bool, a float or a string is a TypeError); a value
// out of range is left to the environment, which says so.
inline long long action_argument(const py::handle& value) {
  if (PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr()) || is_numpy_bool(value))
    throw py::type_error("an action is an int, not " + type_name(value));
  const py::int_ number = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  return overflow > 0 ? LLONG_MAX : overflow < 0 ? LLONG_MIN : v;
}

template <class B>
py::array_t<float> new_observation(py::ssize_t rows) {
  if (rows < 0) return py::array_t<float>({py::ssize_t{fa::plane_count}, py::ssize_t{B::height}, py::ssize_t{B::width}});
  return py::array_t<float>({rows, py::ssize_t{fa::plane_count}, py::ssize_t{B::height}, py::ssize_t{B::width}});
}

// An array of another shape than `expected`: array_shape with both shapes, as Python writes
// them ("(3, 4)").
inline fa::Error shape_error(const char* argument, const py::array& a, const std::string& expected) {
  return fa::make_error(fa::ErrorCode::array_shape, {{"argument", argument}, {"expected", expected}, {"text", py::str(py::tuple(a.attr("shape")))}});
}

// A caller's array to write into: the right dtype and size, C-contiguous and writeable.
template <class T>
T* out_array(const py::object& out, py::ssize_t size, const char* what) {
  if (!py::isinstance<py::array_t<T>>(out) || !(py::array(out).flags() & py::array::c_style))
    throw py::type_error(std::string("out must be a C-contiguous numpy array of ") + what);
  auto a = out.cast<py::array_t<T>>();
  if (a.size() != size) raise(errors().base, shape_error("out", a, "(" + std::to_string(size) + ",)"));
  if (!a.writeable()) raise(errors().base, fa::make_error(fa::ErrorCode::array_read_only, {{"argument", "out"}}));
  return a.mutable_data();
}

// What a step did, for Python: (reward, terminated, truncated).
inline py::tuple step_tuple(const fa::EnvStep& s) {
  return py::make_tuple(s.reward, s.terminated, s.truncated);
}

template <class B>
void raise_refusal(const Env<B>& e, const fa::Error& error) {
  raise(e.is_done() ? errors().game_over : errors().illegal_action, error);
}

// What a game of the environment is made of, for pickling: enough to replay it exactly.
template <class B>
py::tuple env_state(const Env<B>& e) {
  std::vector<int> partial;
  const auto& turn = e.turn_builder().turn();
  for (int i = 0; i < turn.size(); ++i) partial.push_back(Space<B>::encode(turn.step(i)));
  return py::make_tuple(e.max_turns(), e.start().to_fen(), turn_texts(e.game()), partial, e.random_state());
}

template <class B>
Env<B> env_from_state(const py::tuple& t) {
  Env<B> e(static_cast<int>(checked_int(t[0], "turn limit", 0, INT_MAX)), position_from_fen<B>(t[1].cast<std::string>()));
  for (const std::string& text : t[2].cast<std::vector<std::string>>()) {
    auto turn = fa::parse_turn(e.game().position(), text);
    if (!turn) raise(errors().illegal_turn, turn.error());
    if (auto played = e.play_turn(*turn); !played) raise(errors().illegal_turn, played.error());
  }
  for (int a : t[3].cast<std::vector<int>>())
    if (auto played = e.step(a); !played) raise(errors().illegal_action, played.error());
  e.set_random_state(t[4].cast<std::uint64_t>());
  return e;
}

}  // namespace fanorona_python

#endif  // FANORONA_PYTHON_ENV_COMMON_HPP
