// fanorona for Python: many games stepped at once (fanorona/batch_env.hpp).
// SPDX-License-Identifier: MIT
//
// The batch owns its arrays (observations, masks, rewards, flags, ...), allocated once and
// handed to Python read-only: a step writes into them in C++ without the GIL and allocates
// nothing. They keep their memory while Python holds them, even after the batch is gone.
#include "env_common.hpp"

#include <fanorona/batch_env.hpp>

namespace fanorona_python {
namespace {

template <class B>
struct PyBatch {
  fa::BasicBatchEnv<B> core;
  int max_turns;
  py::array_t<float> observations, final_observations, rewards;
  py::array_t<std::int8_t> masks, to_move, final_outcomes;
  py::array_t<bool> terminated, truncated;
  py::array_t<std::int64_t> random;

  PyBatch(std::size_t n, int max_turns_, std::uint64_t seed, const fa::BasicPosition<B>& start)
      : core(n, max_turns_, seed, start), max_turns(max_turns_) {
    const auto rows = static_cast<py::ssize_t>(n);
    observations = new_observation<B>(rows);
    final_observations = new_observation<B>(rows);
    rewards = py::array_t<float>(rows);
    masks = py::array_t<std::int8_t>({rows, py::ssize_t{Space<B>::size}});
    to_move = py::array_t<std::int8_t>(rows);
    final_outcomes = py::array_t<std::int8_t>(rows);
    terminated = py::array_t<bool>(rows);
    truncated = py::array_t<bool>(rows);
    random = py::array_t<std::int64_t>(rows);
    std::fill_n(final_observations.mutable_data(), final_observations.size(), 0.0F);
    clear_step();
    refresh();
    for (py::array a : {py::array(observations), py::array(final_observations), py::array(rewards), py::array(masks), py::array(to_move),
                        py::array(final_outcomes), py::array(terminated), py::array(truncated), py::array(random)})
      a.attr("flags").attr("writeable") = false;
  }

  // Raw pointers: the arrays are read-only to Python, not to the batch.
  template <class T>
  static T* data(const py::array_t<T>& a) {
    return const_cast<T*>(a.data());
  }
  fa::BatchStepOutput output(bool observe) {
    fa::BatchStepOutput out{data(rewards), reinterpret_cast<std::uint8_t*>(data(terminated)),
                            reinterpret_cast<std::uint8_t*>(data(truncated)), data(final_observations)};
    if (observe) {
      out.observations = data(observations);
      out.action_masks = reinterpret_cast<std::uint8_t*>(data(masks));
      out.to_move = reinterpret_cast<std::uint8_t*>(data(to_move));
    }
    return out;
  }
  void clear_step() {
    std::fill_n(data(rewards), rewards.size(), 0.0F);
    std::fill_n(data(terminated), terminated.size(), false);
    std::fill_n(data(truncated), truncated.size(), false);
    std::fill_n(data(final_outcomes), final_outcomes.size(), std::int8_t{0});
  }
  // The observations, masks and sides to act of every game, as they stand.
  void refresh() {
    core.observe(data(observations));
    core.action_masks(reinterpret_cast<std::uint8_t*>(data(masks)));
    core.to_move(reinterpret_cast<std::uint8_t*>(data(to_move)));
  }
  // Plays the actions (checked first) and writes what the caller reads; refused: nothing.
  fa::Status step(const std::int64_t* actions, bool observe) {
    fa::Status s = core.step(actions, output(observe));
    if (!s) return s;
    const bool* done = data(terminated);
    const bool* cut = data(truncated);
    std::int8_t* outcome = data(final_outcomes);
    for (std::size_t i = 0; i < core.size(); ++i)
      outcome[i] = done[i] || cut[i] ? static_cast<std::int8_t>(core.finished_game(i).result().outcome) : std::int8_t{0};
    return s;
  }
};

// The actions of a step: integers (any integer dtype), one per game; floats, bools and
// strings are a TypeError, a wrong shape an IllegalActionError.
py::array_t<std::int64_t> actions_argument(const py::handle& actions, std::size_t n, int limit) {
  const py::array a = py::module_::import("numpy").attr("asarray")(actions);
  const char kind = a.dtype().kind();
  if (kind != 'i' && kind != 'u')
    throw py::type_error("actions are integers, not an array of " + std::string(py::str(a.dtype())));
  if (a.ndim() != 1 || static_cast<std::size_t>(a.shape(0)) != n)
    raise(errors().illegal_action, shape_error("actions", a, "(" + std::to_string(n) + ",)"));
  if (kind == 'u' && a.itemsize() == 8) {  // above 2**63 - 1 would wrap: keep it out of range instead
    const py::array big = a.attr("__gt__")(py::int_(LLONG_MAX));
    if (py::bool_(big.attr("any")())) {  // the first such game, refused as the batch refuses an action out of range
      const auto game = py::int_(py::module_::import("numpy").attr("argmax")(big)).cast<std::size_t>();
      const std::string index = std::to_string(game);
      fa::Error e = fa::make_error(fa::ErrorCode::action_out_of_range, {{"action", py::str(a[py::int_(game)])}, {"limit", std::to_string(limit)}});
      e = fa::nested_error(e, "game " + index + ": ", fa::Error::npos);
      e.args.push_back({"game", index});
      raise(errors().illegal_action, e);
    }
  }
  return py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(a);
}

inline fa::Error saved_batch_error() { return fa::make_error(fa::ErrorCode::bad_saved_state, {{"object", "FanoronaBatchEnv"}}); }

template <class B>
py::tuple batch_state(const PyBatch<B>& b) {
  py::list envs, finished;
  for (std::size_t i = 0; i < b.core.size(); ++i) {
    envs.append(env_state<B>(b.core.env(i)));
    const auto& g = b.core.finished_game(i);
    finished.append(py::make_tuple(g.start_position().to_fen(), turn_texts(g), b.core.finished_truncated(i), b.core.episodes(i)));
  }
  return py::make_tuple(b.core.size(), b.max_turns, b.core.env(0).start().to_fen(), envs, finished, b.rewards.attr("copy")(),
                        b.terminated.attr("copy")(), b.truncated.attr("copy")(), b.final_observations.attr("copy")(),
                        b.final_outcomes.attr("copy")());
}

template <class B>
std::unique_ptr<PyBatch<B>> batch_from_state(const py::tuple& t) {
  const auto n = t[0].cast<std::size_t>();
  auto b = std::make_unique<PyBatch<B>>(n, t[1].cast<int>(), 0, position_from_fen<B>(t[2].cast<std::string>()));
  const auto envs = t[3].cast<py::list>();
  const auto finished = t[4].cast<py::list>();
  if (envs.size() != n || finished.size() != n) raise(errors().base, saved_batch_error());
  for (std::size_t i = 0; i < n; ++i) {
    b->core.env(i) = env_from_state<B>(envs[i].cast<py::tuple>());
    const auto f = finished[i].cast<py::tuple>();
    b->core.set_finished(i, game_from_texts<B>(f[0].cast<std::string>(), f[1].cast<std::vector<std::string>>()), f[2].cast<bool>(),
                         f[3].cast<std::uint64_t>());
  }
  const auto copy_into = [](const auto& target, const py::handle& saved) {
    using T = typename std::decay_t<decltype(target)>::value_type;
    const auto src = py::array_t<T, py::array::c_style | py::array::forcecast>::ensure(saved);
    if (!src || src.size() != target.size()) raise(errors().base, saved_batch_error());
    std::copy_n(src.data(), src.size(), PyBatch<B>::data(target));
  };
  copy_into(b->rewards, t[5]);
  copy_into(b->terminated, t[6]);
  copy_into(b->truncated, t[7]);
  copy_into(b->final_observations, t[8]);
  copy_into(b->final_outcomes, t[9]);
  b->refresh();
  return b;
}

template <class B>
void bind_batch_arrays(py::class_<PyBatch<B>>& c) {
  using P = PyBatch<B>;
  c.def_property_readonly("observations", [](const P& b) { return b.observations; },
                          "Each game's observation for its side to act [num_envs, planes, height, width] (read-only, rewritten by each step).")
      .def_property_readonly("action_masks", [](const P& b) { return b.masks; }, "Legal-action masks, int8 0/1 [num_envs, action_size] (read-only).")
      .def_property_readonly("to_move", [](const P& b) { return b.to_move; }, "The side to act in each game: 0 White, 1 Black (read-only).")
      .def_property_readonly("rewards", [](const P& b) { return b.rewards; }, "The last step's rewards of the sides that acted (read-only).")
      .def_property_readonly("terminated", [](const P& b) { return b.terminated; }, "Which games ended by the rules at the last step (read-only).")
      .def_property_readonly("truncated", [](const P& b) { return b.truncated; }, "Which games reached the turn limit at the last step (read-only).")
      .def_property_readonly("final_observations", [](const P& b) { return b.final_observations; },
                             "For the games that ended at the last step, their last observation before they started again (read-only).")
      .def_property_readonly("final_outcomes", [](const P& b) { return b.final_outcomes; },
                             "For the games that ended at the last step, their Outcome's value (0 otherwise, and when truncated).");
}

template <class B>
void bind_batch_env(py::module_& m, const std::string& suffix) {
  using P = PyBatch<B>;
  py::class_<P> c(m, ("BatchEnv" + suffix).c_str(), "Many games stepped at once in C++; finished games start again at once and are kept.");
  c.def(py::init([](const py::object& n, const py::object& max_turns, const py::object& seed, const py::object& start) {
         return std::make_unique<P>(static_cast<std::size_t>(checked_int(n, "number of games", 1, 1 << 24)),
                                    static_cast<int>(checked_int(max_turns, "turn limit", 0, INT_MAX)), checked_seed(seed),
                                    position_argument<B>(start));
       }),
       py::arg("num_envs"), py::arg("max_turns") = 200, py::arg("seed") = 0, py::arg("start") = py::none())
      .def_property_readonly("num_envs", [](const P& b) { return b.core.size(); }, "How many games the batch holds.")
      .def_property_readonly_static("action_size", [](const py::object&) { return Space<B>::size; }, "Size of the action space.")
      .def("reset", [](P& b, const py::object& seed) {
        if (seed.is_none()) b.core.reset(); else b.core.reset(checked_seed(seed));
        b.clear_step();
        b.refresh();
      }, py::arg("seed") = py::none(), "Starts every game again (with the random streams started from `seed` when given).")
      .def("random_actions", [](P& b) {
        b.core.random_actions(P::data(b.random));
        return b.random;
      }, "A uniformly random legal action for each game, from its own stream (a read-only array rewritten by each call).")
      .def("step", [](P& b, const py::object& actions, bool observe) {
        const auto a = actions_argument(actions, b.core.size(), Space<B>::size - 1);
        fa::Status s;
        {
          py::gil_scoped_release release;
          s = b.step(a.data(), observe);
        }
        if (!s) raise(errors().illegal_action, s.error());
      }, py::arg("actions"), py::arg("observe") = true,
         "Plays one action in every game (all checked first: nothing is played when one is refused), then fills the arrays.")
      .def("game", [](const P& b, const py::object& i) {
        return b.core.env(static_cast<std::size_t>(checked_int(i, "game index", 0, static_cast<long long>(b.core.size()) - 1))).game();
      }, py::arg("index"), "A copy of game `index` as it stands (complete turns).")
      .def("finished_game", [](const P& b, const py::object& i) {
        return b.core.finished_game(static_cast<std::size_t>(checked_int(i, "game index", 0, static_cast<long long>(b.core.size()) - 1)));
      }, py::arg("index"), "A copy of the game that game `index` finished last (no turns before its first end).")
      .def("finished_truncated", [](const P& b, const py::object& i) {
        return b.core.finished_truncated(static_cast<std::size_t>(checked_int(i, "game index", 0, static_cast<long long>(b.core.size()) - 1)));
      }, py::arg("index"), "True when the game that game `index` finished last was truncated.")
      .def("episodes", [](const P& b) {
        std::vector<std::uint64_t> out;
        for (std::size_t i = 0; i < b.core.size(); ++i) out.push_back(b.core.episodes(i));
        return out;
      }, "How many games each game of the batch has finished.")
      .def("__copy__", [](const P& b) { return batch_from_state<B>(batch_state<B>(b)); })
      .def("__deepcopy__", [](const P& b, const py::object&) { return batch_from_state<B>(batch_state<B>(b)); })
      .def(py::pickle(&batch_state<B>, &batch_from_state<B>));
  bind_batch_arrays<B>(c);
}

}  // namespace

void bind_batch(py::module_& m) {
  bind_batch_env<fa::Tsivy>(m, "_9x5");
  bind_batch_env<fa::Dimy>(m, "_5x5");
  bind_batch_env<fa::Telo>(m, "_3x3");
}

}  // namespace fanorona_python
