// fanorona for Python: the environment's core, one game (fanorona/env.hpp).
// SPDX-License-Identifier: MIT
//
// The Python package's FanoronaEnv (PettingZoo's AEC interface) wraps it; batch.cpp binds
// the batch.
#include "env_common.hpp"

#include <cstring>

namespace fanorona_python {
namespace {

// Why an action number stands for no step (out of range, or along no line from its point):
// the environment's own refusal, which the action alone decides at the start of a game.
template <class B>
fa::Error action_refusal(long long a) {
  return Env<B>().check(a).error();
}

// A point as error values show it: its name, or its index when it is not on the board.
template <class B>
std::string point_name_or_index(fa::Point p) {
  return B::contains(p) ? B::point_name(p) : std::to_string(p.index());
}

// The symmetry helpers work on one array or a batch of them (any leading dimensions).
template <class B>
py::array_t<float> transform_observations(const py::array_t<float, py::array::c_style | py::array::forcecast>& in, fa::Symmetry s) {
  const auto n = in.ndim();
  if (n < 3 || in.shape(n - 3) != fa::plane_count || in.shape(n - 2) != B::height || in.shape(n - 1) != B::width)
    raise(errors().base, shape_error("observation", in, "(..., " + std::to_string(fa::plane_count) + ", " + std::to_string(B::height) + ", " +
                                                            std::to_string(B::width) + ")"));
  py::array_t<float> out(std::vector<py::ssize_t>(in.shape(), in.shape() + n));
  const py::ssize_t rows = in.size() / fa::observation_size<B>;
  for (py::ssize_t r = 0; r < rows; ++r)
    fa::transform_observation<B>(s, in.data() + r * fa::observation_size<B>, out.mutable_data() + r * fa::observation_size<B>);
  return out;
}

template <class B>
py::array transform_masks(const py::array& mask, fa::Symmetry s) {
  const auto n = mask.ndim();
  if (n < 1 || mask.shape(n - 1) != Space<B>::size)
    raise(errors().base, shape_error("mask", mask, "(..., " + std::to_string(Space<B>::size) + ")"));
  // Any dtype: the mask is moved as whole elements.
  py::array in = py::array::ensure(mask, py::array::c_style);
  py::array out(in.dtype(), std::vector<py::ssize_t>(in.shape(), in.shape() + n));
  const auto item = in.itemsize();
  const py::ssize_t rows = in.size() / Space<B>::size;
  const auto* from = static_cast<const char*>(in.data());
  auto* to = static_cast<char*>(out.mutable_data());
  for (py::ssize_t r = 0; r < rows; ++r)
    for (int a = 0; a < Space<B>::size; ++a)
      std::memcpy(to + (r * Space<B>::size + Space<B>::transform(s, a)) * item, from + (r * Space<B>::size + a) * item,
                  static_cast<std::size_t>(item));
  return out;
}

template <class B>
void bind_action_helpers(py::class_<Env<B>>& c) {
  using S = PyStep<B>;
  c.def_property_readonly_static("action_size", [](const py::object&) { return Space<B>::size; }, "Size of the action space.")
      .def_property_readonly_static("stop_action", [](const py::object&) { return Space<B>::stop; }, "The action that ends a chain that could go on.")
      .def_property_readonly_static("planes", [](const py::object&) { return fa::plane_count; }, "Number of observation planes.")
      .def_property_readonly_static("observation_shape", [](const py::object&) {
        return py::make_tuple(fa::plane_count, B::height, B::width);
      }, "The shape of an observation: (planes, height, width).")
      .def_static("action_to_step", [](const py::object& action) -> py::object {
        const long long a = action_argument(action);
        if (a < 0 || a >= Space<B>::size) raise(errors().illegal_action, action_refusal<B>(a));
        if (a == Space<B>::stop) return py::none();
        const auto step = Space<B>::decode(a);
        if (!step) raise(errors().illegal_action, action_refusal<B>(a));
        return py::cast(S{*step});
      }, py::arg("action"), "The step an action stands for (None for stop).")
      .def_static("step_to_action", [](const S& s) {
        const int a = Space<B>::encode(s.step);
        if (a < 0)
          raise(errors().illegal_action,
                fa::make_error(fa::ErrorCode::not_neighbors, {{"from", point_name_or_index<B>(s.step.from)}, {"to", point_name_or_index<B>(s.step.to)}}));
        return a;
      }, py::arg("step"), "The action index of a step.")
      .def_static("transform_action", [](const py::object& action, fa::Symmetry s) {
        const long long a = action_argument(action);
        if (a < 0 || a >= Space<B>::size) raise(errors().illegal_action, action_refusal<B>(a));
        return Space<B>::transform(s, static_cast<int>(a));
      }, py::arg("action"), py::arg("symmetry"), "The image of an action under a symmetry of the board.")
      .def_static("transform_observation", &transform_observations<B>, py::arg("observation"), py::arg("symmetry"),
                  "The image of observations (..., planes, height, width) under a symmetry: a new array.")
      .def_static("transform_action_mask", &transform_masks<B>, py::arg("mask"), py::arg("symmetry"),
                  "The image of action masks (..., action_size) under a symmetry: a new array.");
}

template <class B>
void bind_step_env(py::module_& m, const std::string& suffix) {
  using E = Env<B>;
  py::class_<E> c(m, ("StepEnv" + suffix).c_str(), "The environment's core: one game played one action (one step) at a time.");
  c.def(py::init([](const py::object& max_turns, const py::object& start, const py::object& seed) {
         return E(static_cast<int>(checked_int(max_turns, "turn limit", 0, INT_MAX)), position_argument<B>(start),
                  seed.is_none() ? 0 : checked_seed(seed));
       }),
       py::arg("max_turns") = 200, py::arg("start") = py::none(), py::arg("seed") = py::none(),
       "A game from `start` (a Position or FEN; None: the initial position), truncated after max_turns turns (0: none).")
      .def("reset", [](E& e, const py::object& start) {
        if (start.is_none()) e.reset(); else e.reset(position_argument<B>(start));
      }, py::arg("start") = py::none(), "Starts the game again (from a new start position when given).")
      .def("seed", [](E& e, const py::object& seed) { e.seed(checked_seed(seed)); }, py::arg("seed"), "Starts random_action's stream from a seed.")
      .def("legal_actions", [](const E& e) { return std::vector<int>(e.legal_actions().begin(), e.legal_actions().end()); },
           "The legal actions, in increasing order.")
      .def("is_legal", [](const E& e, const py::object& a) { return e.is_legal(action_argument(a)); }, py::arg("action"),
           "True when the action is legal now.")
      .def("check", [](const E& e, const py::object& a) -> py::object {
        const auto s = e.check(action_argument(a));
        return s ? py::object(py::none()) : py::object(py::str(s.error().message));
      }, py::arg("action"), "None when the action is legal, else why not.")
      .def("step", [](E& e, const py::object& a) {
        const auto played = e.step(action_argument(a));
        if (!played) raise_refusal(e, played.error());
        return step_tuple(*played);
      }, py::arg("action"), "Plays an action: (reward of the side that acted, terminated, truncated). Refused: nothing is played.")
      .def("play_turn", [](E& e, const py::object& turn) {
        const auto t = py::isinstance<py::str>(turn) ? fa::parse_turn(e.game().position(), turn.cast<std::string>())
                                                     : fa::Result<fa::BasicTurn<B>>(cast_or_type_error<fa::BasicTurn<B>>(turn, "a Turn or its text"));
        if (!t) raise(errors().illegal_turn, t.error());
        const auto played = e.play_turn(*t);
        if (!played) raise_refusal(e, played.error());
        return step_tuple(*played);
      }, py::arg("turn"), "Plays a whole turn (a Turn or its text) at the start of a turn: its steps, then stop when needed.")
      .def("random_action", [](E& e) {
        if (e.is_done()) raise_refusal(e, e.check(Space<B>::stop).error());  // game_over or episode_truncated
        return e.random_action();
      }, "A uniformly random legal action from the environment's stream.")
      .def("action_mask", [](const E& e, const py::object& out) -> py::object {
        if (!out.is_none()) {
          e.action_mask(reinterpret_cast<std::uint8_t*>(out_array<std::int8_t>(out, Space<B>::size, "int8")));
          return out;
        }
        py::array_t<std::int8_t> mask(Space<B>::size);
        e.action_mask(reinterpret_cast<std::uint8_t*>(mask.mutable_data()));
        return std::move(mask);
      }, py::arg("out") = py::none(), "The legal actions as int8 0/1 [action_size] (into `out` when given).")
      .def("observe", [](const E& e, const py::object& perspective, const py::object& out) -> py::object {
        const fa::Color side = perspective.is_none() ? e.to_move() : cast_or_type_error<fa::Color>(perspective, "a Color");
        if (!out.is_none()) {
          e.observe(out_array<float>(out, fa::observation_size<B>, "float32"), side);
          return out;
        }
        auto obs = new_observation<B>(-1);
        e.observe(obs.mutable_data(), side);
        return std::move(obs);
      }, py::arg("perspective") = py::none(), py::arg("out") = py::none(),
         "Observation planes [planes, height, width] from a side (default: the side to act), into `out` when given.")
      .def_property_readonly("game", [](const E& e) { return e.game(); }, "A copy of the game (complete turns).")
      .def_property_readonly("turn_builder", [](const E& e) { return e.turn_builder(); }, "A copy of the turn in progress.")
      .def_property_readonly("start", [](const E& e) { return e.start(); }, "The position each reset starts from.")
      .def_property_readonly("to_move", &E::to_move, "The side whose action comes next.")
      .def_property_readonly("turns", &E::turns, "Complete turns played.")
      .def_property_readonly("max_turns", &E::max_turns, "The turn limit (0: none).")
      .def("is_terminated", &E::is_terminated, "True once the game has ended by the rules.")
      .def("is_truncated", &E::is_truncated, "True once the turn limit was reached.")
      .def("is_done", &E::is_done, "True once the episode has ended either way.")
      .def("__copy__", [](const E& e) { return e; })
      .def("__deepcopy__", [](const E& e, const py::object&) { return e; })
      .def(py::pickle(&env_state<B>, &env_from_state<B>));
  bind_action_helpers<B>(c);
}

}  // namespace

void bind_env(py::module_& m) {
  bind_step_env<fa::Tsivy>(m, "_9x5");
  bind_step_env<fa::Dimy>(m, "_5x5");
  bind_step_env<fa::Telo>(m, "_3x3");
}

}  // namespace fanorona_python
