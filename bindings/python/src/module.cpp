// fanorona: the engine as a Python module (pybind11).
// SPDX-License-Identifier: MIT
//
// Every class is bound once per board, with the board in its name (Position_9x5, ...); the
// Python package gives the 9x5 classes their plain names. Errors of the library become
// Python exceptions (subclasses of ValueError) carrying the library's message; nothing here
// restates a rule: legality, notation and results all come from the C++ library.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <fanorona/fanorona.hpp>
#include <fanorona/record.hpp>
#include <fanorona/record_reader.hpp>
#include <fanorona/search.hpp>
#include <fanorona/svg.hpp>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace py = pybind11;
namespace fa = fanorona;

// A point is a Python int (its index, -1 for no point), in both directions.
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

namespace {

// The exception types, created when the module is imported.
py::handle error_type, fen_error_type, notation_error_type, illegal_error_type, game_over_error_type, record_error_type,
    action_error_type;

[[noreturn]] void raise(py::handle type, const std::string& message, std::size_t offset = fa::Error::npos) {
  py::object exc = type(message);
  exc.attr("offset") = offset == fa::Error::npos ? py::object(py::none()) : py::object(py::int_(offset));
  PyErr_SetObject(type.ptr(), exc.ptr());
  throw py::error_already_set();
}
[[noreturn]] void raise(py::handle type, const fa::Error& e) { raise(type, e.message, e.offset); }

template <class B>
std::string board_name() {
  return std::to_string(B::width) + "x" + std::to_string(B::height);
}

// A point given as an index or a name ("e3"); refused with a message when off the board.
template <class B>
fa::Point to_point(const py::handle& value) {
  if (py::isinstance<py::str>(value)) {
    const std::string name = value.cast<std::string>();
    const fa::Point p = fa::parse_point<B>(name);
    if (p == fa::no_point) raise(notation_error_type, "'" + name + "' is not a point of the " + board_name<B>() + " board");
    return p;
  }
  if (!py::isinstance<py::int_>(value)) throw py::type_error("a point is an int (0.." + std::to_string(B::size - 1) + ") or a name such as 'e3'");
  const long long p = value.cast<long long>();
  if (p < 0 || p >= B::size)
    raise(error_type, "point " + std::to_string(p) + " is off the " + board_name<B>() + " board (0.." + std::to_string(B::size - 1) + ")");
  return static_cast<fa::Point>(p);
}

template <class B>
std::vector<fa::Point> point_list(fa::Bitboard set) {
  std::vector<fa::Point> out;
  for (fa::Point p : fa::points(set)) out.push_back(p);
  return out;
}

template <class B>
fa::Bitboard to_set(const py::handle& value) {
  if (py::isinstance<py::int_>(value)) {
    const auto mask = value.cast<unsigned long long>();
    if (mask & ~B::all) raise(error_type, "the mask has bits beyond the " + board_name<B>() + " board");
    return mask;
  }
  fa::Bitboard set = 0;
  for (const py::handle item : value) set |= fa::point_set(to_point<B>(item));
  return set;
}

// `value` as a `T`, or a TypeError naming what was expected.
template <class T>
T cast_or_type_error(const py::handle& value, const char* expected) {
  if (!py::isinstance<T>(value)) throw py::type_error(std::string("expected ") + expected + ", not " + std::string(py::str(py::type::of(value).attr("__name__"))));
  return value.cast<T>();
}

// A step of one board: the library's Step is shared by all boards, so each board has its own
// Python class wrapping it (its notation needs the board).
template <class B>
struct PyStep {
  fa::Step step;
};

// ---- The reinforcement-learning core: one game played one step at a time ----
//
// Action index: (from * 8 + direction) * 3 + capture (0 none, 1 approach, 2 withdrawal);
// the last index, size * 24, is "stop" (end a capture chain that could go on).
template <class B>
struct StepEnv {
  static constexpr int actions = B::size * 24 + 1;
  static constexpr int stop = B::size * 24;
  static constexpr int planes = 7;

  fa::BasicGame<B> game;
  fa::BasicTurnBuilder<B> builder{fa::BasicPosition<B>::initial()};
  fa::BasicPosition<B> start = fa::BasicPosition<B>::initial();
  int max_turns = 0;
  bool truncated = false;
  std::uint64_t rng = 1;

  explicit StepEnv(int max_turns_ = 200) : max_turns(max_turns_) { game.reserve(static_cast<std::size_t>(max_turns_ > 0 ? max_turns_ : 64)); }

  void reset() {
    game.reset(start);
    builder = game.begin_turn();
    truncated = false;
  }
  bool done() const noexcept { return game.is_over() || truncated; }
  int turns() const noexcept { return static_cast<int>(game.turns().size()); }

  static int encode(const fa::Step& s) noexcept {
    return (s.from.index() * 8 + B::direction_between(s.from, s.to)) * 3 + static_cast<int>(s.capture);
  }
  bool stop_legal() const noexcept { return builder.can_stop() && !builder.must_stop(); }

  void mask(std::uint8_t* out) const noexcept {
    std::fill(out, out + actions, std::uint8_t{0});
    if (done()) return;
    for (const fa::Step& s : builder.legal_steps()) out[encode(s)] = 1;
    if (stop_legal()) out[stop] = 1;
  }

  // Legal actions, in increasing order.
  void legal(std::vector<int>& out) const {
    out.clear();
    if (done()) return;
    for (const fa::Step& s : builder.legal_steps()) out.push_back(encode(s));
    std::sort(out.begin(), out.end());
    if (stop_legal()) out.push_back(stop);
  }

  // Checks an action without playing it: empty when legal, else why not.
  std::string check(long long action) const {
    if (game.is_over()) return "the game is over (" + game.result().to_string() + "): call reset()";
    if (truncated) return "the episode was truncated after " + std::to_string(turns()) + " turns: call reset()";
    if (action < 0 || action >= actions)
      return "action " + std::to_string(action) + " is outside the action space (0.." + std::to_string(actions - 1) + ")";
    if (action == stop) {
      if (stop_legal()) return {};
      if (!builder.can_stop()) return "stop is not legal before the first step of a turn";
      return "stop is not legal now";
    }
    const int a = static_cast<int>(action);
    const fa::Point from(a / 24);
    const int d = (a / 3) % 8;
    const auto kind = static_cast<fa::Capture>(a % 3);
    const fa::Point to = B::neighbor[from][d];
    if (to == fa::no_point)
      return "action " + std::to_string(action) + " steps " + std::string(fa::direction_name(static_cast<fa::Direction>(d))) +
             " from " + B::point_name(from) + ", along no line of the board";
    fa::BasicTurnBuilder<B> trial = builder;
    if (fa::Status s = trial.play(fa::Step{from, to, kind}); !s) return "action " + std::to_string(action) + ": " + s.error().message;
    return {};
  }

  // Plays a legal action (checked by `check`); returns the reward of the side that moved.
  float apply(long long action) {
    const fa::Color mover = builder.start().side_to_move();
    if (action == stop) {
      commit();
    } else {
      const int a = static_cast<int>(action);
      const fa::Point from(a / 24);
      const int d = (a / 3) % 8;
      const fa::Step step{from, B::neighbor[from][d], static_cast<fa::Capture>(a % 3)};
      (void)builder.play(step);
      if (builder.must_stop()) commit();
    }
    if (game.is_over()) {
      const fa::Outcome o = game.result().outcome;
      if (o == fa::Outcome::draw) return 0.0F;
      const bool white_won = o == fa::Outcome::white_wins;
      return white_won == (mover == fa::Color::white) ? 1.0F : -1.0F;
    }
    return 0.0F;
  }

  void commit() {
    (void)game.play(builder.turn());
    builder = game.begin_turn();
    if (!game.is_over() && max_turns > 0 && turns() >= max_turns) truncated = true;
  }

  fa::Color to_move() const noexcept { return builder.start().side_to_move(); }

  // Planes [7][height][width], row r is rank r + 1, from `perspective`'s side.
  void observe(float* out, fa::Color perspective) const noexcept {
    constexpr int n = B::size;
    std::fill(out, out + planes * n, 0.0F);
    const fa::BasicPosition<B> now = builder.position();
    const fa::Bitboard own = now.stones(perspective), enemy = now.stones(fa::opponent(perspective));
    const fa::BasicTurn<B>& turn = builder.turn();
    fa::Bitboard visited = 0, mover = 0, forbidden = 0;
    if (!turn.empty()) {
      visited |= fa::point_set(turn.from());
      for (int i = 0; i < turn.size(); ++i) visited |= fa::point_set(turn.step(i).to);
      mover = fa::point_set(turn.to());
      const fa::Point ahead = B::neighbor[turn.to()][static_cast<int>(turn.direction(turn.size() - 1))];
      if (ahead != fa::no_point && !turn.is_paika()) forbidden = fa::point_set(ahead);
    }
    const fa::Bitboard sets[6] = {own, enemy, B::strong_points, mover, visited, forbidden};
    for (int k = 0; k < 6; ++k)
      for (fa::Point p : fa::points(sets[k])) out[k * n + p.index()] = 1.0F;
    if (to_move() == fa::Color::white) std::fill(out + 6 * n, out + 7 * n, 1.0F);
  }

  // xorshift64*
  std::uint64_t next_random() noexcept {
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545F4914F6CDD1DULL;
  }
};

template <class B>
py::array_t<float> observation_array(const StepEnv<B>& env, fa::Color perspective) {
  py::array_t<float> out({StepEnv<B>::planes, B::height, B::width});
  env.observe(out.mutable_data(), perspective);
  return out;
}

// Many games stepped at once; finished games start again at once (auto-reset).
template <class B>
struct BatchEnv {
  std::vector<StepEnv<B>> envs;
  std::vector<int> scratch;
  // The games that ended at the last step, and their last observations (from the side that
  // would have moved next), taken before they started again.
  std::vector<std::size_t> finished;
  std::vector<float> final_observations;

  BatchEnv(std::size_t n, int max_turns, std::uint64_t seed) : envs(n, StepEnv<B>(max_turns)) {
    for (std::size_t i = 0; i < n; ++i) envs[i].rng = (seed + 1) * 0x9E3779B97F4A7C15ULL + i * 0xD1B54A32D192ED03ULL + 1;
  }
};

template <class B>
void bind_board(py::module_& m) {
  using Position = fa::BasicPosition<B>;
  using Turn = fa::BasicTurn<B>;
  using Game = fa::BasicGame<B>;
  using Builder = fa::BasicTurnBuilder<B>;
  using Searcher = fa::BasicSearcher<B>;
  using SearchResult = fa::BasicSearchResult<B>;
  using Record = fa::BasicGameRecord<B>;
  using S = PyStep<B>;
  const std::string suffix = "_" + board_name<B>();
  const std::string board = board_name<B>();

  auto parse_turn_or_raise = [](const Position& p, const std::string& text) {
    auto t = fa::parse_turn(p, text);
    if (!t) raise(illegal_error_type, t.error());
    return *t;
  };

  py::class_<S>(m, ("Step" + suffix).c_str(), ("One step of one stone on the " + board + " board: from, to and its capture kind.").c_str())
      .def(py::init([](const py::object& from, const py::object& to, fa::Capture capture) {
             return S{fa::Step{to_point<B>(from), to_point<B>(to), capture}};
           }),
           py::arg("from_point"), py::arg("to_point"), py::arg("capture") = fa::Capture::none,
           "A step from one point to another (indices or names such as 'e3').")
      .def_property_readonly("from_point", [](const S& s) { return s.step.from; }, "Where the stone stands before the step.")
      .def_property_readonly("to_point", [](const S& s) { return s.step.to; }, "The point it moves to.")
      .def_property_readonly("capture", [](const S& s) { return s.step.capture; }, "What the step captures.")
      .def("__str__", [](const S& s) { return fa::to_string<B>(s.step); })
      .def("__repr__", [](const S& s) { return "Step('" + fa::to_string<B>(s.step) + "')"; })
      .def("__eq__", [](const S& a, const S& b) { return a.step == b.step; })
      .def("__hash__", [](const S& s) { return (s.step.from.index() * 64 + s.step.to.index()) * 4 + static_cast<int>(s.step.capture); });

  py::class_<Turn>(m, ("Turn" + suffix).c_str(), ("A complete, legal turn on the " + board + " board.").c_str())
      .def_property_readonly("from_point", &Turn::from, "The starting point of the moving stone.")
      .def_property_readonly("to_point", &Turn::to, "Where the moving stone ends.")
      .def_property_readonly("steps", [](const Turn& t) {
        std::vector<S> out;
        for (int i = 0; i < t.size(); ++i) out.push_back(S{t.step(i)});
        return out;
      }, "The steps, in order.")
      .def_property_readonly("captured", [](const Turn& t) { return point_list<B>(t.captured()); }, "The points of the stones it captures.")
      .def_property_readonly("captured_mask", &Turn::captured, "The captured stones as a bit set (bit p is point p).")
      .def("captured_by_step", [](const Turn& t, int i) {
        if (i < 0 || i >= t.size()) raise(error_type, "the turn has " + std::to_string(t.size()) + " steps; there is no step " + std::to_string(i));
        return point_list<B>(t.captured_by_step(i));
      }, py::arg("index"), "The points captured by step `index`.")
      .def_property_readonly("is_capture", &Turn::is_capture, "True when the turn captures.")
      .def_property_readonly("is_paika", &Turn::is_paika, "True for a paika move (one step, no capture).")
      .def_property_readonly("origin", &Turn::origin_hash, "The hash of the position the turn was made for.")
      .def("__len__", &Turn::size)
      .def("__str__", &Turn::to_string)
      .def("__repr__", [](const Turn& t) { return "Turn('" + t.to_string() + "')"; })
      .def("__eq__", [](const Turn& a, const Turn& b) { return a == b; })
      .def("__hash__", [](const Turn& t) { return std::hash<std::string>{}(t.to_string()) ^ t.origin_hash(); });

  auto svg_of = [](const Position& p, const py::object& highlighted, const Turn* turn, const py::object& captured,
                   const std::vector<S>& forbidden, bool coordinates, int unit, const std::string& title) {
    fa::BasicSvgOptions<B> o;
    if (!highlighted.is_none()) o.highlighted = to_set<B>(highlighted);
    if (!captured.is_none()) o.captured = to_set<B>(captured);
    if (turn) o.turn = *turn;
    for (const S& s : forbidden) o.forbidden_steps.push_back(s.step);
    o.coordinates = coordinates;
    o.unit = unit;
    o.title = title;
    return fa::to_svg(p, o);
  };

  py::class_<Position>(m, ("Position" + suffix).c_str(),
                       ("A position on the " + board + " board: the stones and the side to move.").c_str())
      .def(py::init([](const py::object& fen) {
             if (fen.is_none()) return Position::initial();
             auto p = Position::from_fen(fen.cast<std::string>());
             if (!p) raise(fen_error_type, p.error());
             return *p;
           }),
           py::arg("fen") = py::none(), "The initial position, or the position of a FEN.")
      .def_static("initial", &Position::initial, "The starting position, White to move.")
      .def_static("from_fen", [](const std::string& fen) {
        auto p = Position::from_fen(fen);
        if (!p) raise(fen_error_type, p.error());
        return *p;
      }, py::arg("fen"), "Reads a FEN; raises FenError with the library's message.")
      .def_static("from_stones", [](const py::object& white, const py::object& black, fa::Color side) {
        auto p = Position::from_stones(to_set<B>(white), to_set<B>(black), side);
        if (!p) raise(fen_error_type, p.error());
        return *p;
      }, py::arg("white"), py::arg("black"), py::arg("side_to_move") = fa::Color::white,
         "A position from the points of each side's stones (lists or bit masks).")
      .def_property_readonly_static("board", [board](const py::object&) { return board; }, "The board: '9x5', '5x5' or '3x3'.")
      .def_property_readonly_static("width", [](const py::object&) { return B::width; }, "Number of files.")
      .def_property_readonly_static("height", [](const py::object&) { return B::height; }, "Number of ranks.")
      .def("to_fen", &Position::to_fen, "The FEN of the position.")
      .def_property_readonly("side_to_move", &Position::side_to_move, "Whose turn it is.")
      .def_property_readonly("hash", &Position::hash, "The Zobrist hash.")
      .def("stones", [](const Position& p, fa::Color c) { return point_list<B>(p.stones(c)); }, py::arg("color"), "The points of a side's stones.")
      .def("stones_mask", &Position::stones, py::arg("color"), "A side's stones as a bit set.")
      .def("count", &Position::count, py::arg("color"), "How many stones a side has.")
      .def("at", [](const Position& p, const py::object& point) { return p.at(to_point<B>(point)); }, py::arg("point"),
           "The colour of the stone on a point, or None.")
      .def("legal_turns", [](const Position& p) {
        const auto list = fa::legal_turns(p);
        return std::vector<Turn>(list.begin(), list.end());
      }, "Every legal turn, in generation order.")
      .def("count_turns", [](const Position& p) { return fa::count_turns(p); }, "The number of legal turns.")
      .def("has_capture", [](const Position& p) { return fa::has_capture(p); }, "True when the side to move must capture.")
      .def("parse_turn", parse_turn_or_raise, py::arg("text"), "Reads a turn in notation; raises IllegalTurnError with the reason.")
      .def("after", [parse_turn_or_raise](const Position& p, const py::object& turn) {
        if (py::isinstance<py::str>(turn)) return p.after(parse_turn_or_raise(p, turn.cast<std::string>()));
        const Turn t = cast_or_type_error<Turn>(turn, "a Turn of this board or its text");
        Builder check(p);
        if (fa::Status s = check.play(t); !s) raise(illegal_error_type, s.error());
        return p.after(check.turn());
      }, py::arg("turn"), "The position after a turn (a Turn or its text), checked against this position.")
      .def("result", [](const Position& p) { return fa::result_of(p); }, "The result without history: a loss when the side to move cannot move.")
      .def("transform", [](const Position& p, fa::Symmetry s) { return fa::transform(s, p); }, py::arg("symmetry"),
           "The position under a symmetry of the board.")
      .def("to_svg", [svg_of](const Position& p, const py::object& highlighted, const Turn* turn, const py::object& captured,
                              const std::vector<S>& forbidden, bool coordinates, int unit, const std::string& title) {
        return svg_of(p, highlighted, turn, captured, forbidden, coordinates, unit, title);
      }, py::arg("highlighted") = py::none(), py::arg("turn") = nullptr, py::arg("captured") = py::none(),
         py::arg("forbidden_steps") = std::vector<S>{}, py::arg("coordinates") = true, py::arg("unit") = 48, py::arg("title") = "",
         "The position drawn as SVG.")
      .def("_repr_svg_", [](const Position& p) { return fa::to_svg(p); }, "The SVG diagram, for Jupyter.")
      .def("copy", [](const Position& p) { return p; }, "A copy.")
      .def("__copy__", [](const Position& p) { return p; })
      .def("__deepcopy__", [](const Position& p, const py::object&) { return p; })
      .def("__eq__", [](const Position& a, const Position& b) { return a == b; })
      .def("__hash__", [](const Position& p) { return static_cast<std::int64_t>(p.hash() >> 1); })
      .def("__str__", &Position::to_fen)
      .def("__repr__", [](const Position& p) { return "Position('" + p.to_fen() + "')"; })
      .def(py::pickle([](const Position& p) { return p.to_fen(); },
                      [](const std::string& fen) {
                        auto p = Position::from_fen(fen);
                        if (!p) raise(fen_error_type, p.error());
                        return *p;
                      }));

  py::class_<Builder>(m, ("TurnBuilder" + suffix).c_str(), "A turn built one step at a time, each step checked.")
      .def(py::init<const Position&>(), py::arg("position"))
      .def_property_readonly("start", &Builder::start, "The position the turn started from.")
      .def_property_readonly("turn", &Builder::turn, "The steps so far, as a turn.")
      .def_property_readonly("position", &Builder::position, "The position as if the turn stopped now.")
      .def_property_readonly("stone", [](const Builder& b) -> py::object {
        return b.stone() == fa::no_point ? py::object(py::none()) : py::object(py::int_(b.stone().index()));
      }, "Where the moving stone stands, or None before the first step.")
      .def_property_readonly("steps", [](const Builder& b) { return b.turn().size(); }, "Number of steps played.")
      .def_property_readonly("can_stop", &Builder::can_stop, "True when the turn may end here.")
      .def_property_readonly("must_stop", &Builder::must_stop, "True when no further step is possible.")
      .def("legal_steps", [](const Builder& b) {
        std::vector<S> out;
        for (const fa::Step& s : b.legal_steps()) out.push_back(S{s});
        return out;
      }, "Every step that may be played next.")
      .def("captured_by", [](const Builder& b, const S& s) { return point_list<B>(b.captured_by(s.step)); }, py::arg("step"),
           "The stones a step would capture now (empty for a paika or refused step).")
      .def("play", [](Builder& b, const py::object& step, const py::object& to) {
        fa::Status st;
        if (!to.is_none()) {
          st = b.play(to_point<B>(step), to_point<B>(to));
        } else if (py::isinstance<py::str>(step)) {
          auto parsed = fa::parse_step<B>(step.cast<std::string>(), b.stone());
          if (!parsed) raise(notation_error_type, parsed.error());
          st = b.play_step(parsed->from, parsed->to, parsed->capture);
        } else {
          st = b.play(cast_or_type_error<S>(step, "a Step of this board, its text, or two points").step);
        }
        if (!st) raise(illegal_error_type, st.error());
      }, py::arg("step"), py::arg("to_point") = py::none(),
         "Plays a step: a Step, its text ('d3-e3A', or 'e3A' to continue), or two points. Raises IllegalTurnError.")
      .def("undo_step", &Builder::undo_step, "Takes back the last step; False before the first.")
      .def("reset", &Builder::reset, "Abandons the steps played.");

  py::class_<Game>(m, ("Game" + suffix).c_str(), "A game: history, undo, threefold repetition and the result.")
      .def(py::init([](const py::object& start) {
             if (start.is_none()) return Game();
             if (py::isinstance<py::str>(start)) {
               auto g = Game::from_fen(start.cast<std::string>());
               if (!g) raise(fen_error_type, g.error());
               return std::move(*g);
             }
             return Game(cast_or_type_error<Position>(start, "a Position of this board or a FEN"));
           }),
           py::arg("start") = py::none(), "A game from the initial position, a Position or a FEN.")
      .def_property_readonly("position", &Game::position, "The position now.")
      .def_property_readonly("start_position", &Game::start_position, "The position the game started from.")
      .def_property_readonly("turns", &Game::turns, "The turns played.")
      .def("position_before", [](const Game& g, std::size_t i) {
        if (i > g.turns().size()) raise(error_type, "the game has " + std::to_string(g.turns().size()) + " turns");
        return g.position_before(i);
      }, py::arg("index"), "The position before turn `index`.")
      .def_property_readonly("repetitions", &Game::repetitions, "How often the current position has occurred.")
      .def("result", &Game::result, "Who won and why, or ongoing.")
      .def_property_readonly("is_over", &Game::is_over, "True once the game has ended.")
      .def("legal_turns", [](const Game& g) {
        const auto list = g.legal_turns();
        return std::vector<Turn>(list.begin(), list.end());
      }, "The legal turns now; none when the game is over.")
      .def("begin_turn", &Game::begin_turn, "A TurnBuilder for the next turn.")
      .def("play", [](Game& g, const py::object& turn) {
        if (py::isinstance<py::str>(turn)) {
          auto played = g.play(turn.cast<std::string>());
          if (!played) raise(g.is_over() ? game_over_error_type : illegal_error_type, played.error());
          return *played;
        }
        const Turn t = cast_or_type_error<Turn>(turn, "a Turn of this board or its text");
        if (fa::Status s = g.play(t); !s) raise(g.is_over() ? game_over_error_type : illegal_error_type, s.error());
        return g.turns().back();
      }, py::arg("turn"), "Plays a Turn or its text and returns the turn played. Raises IllegalTurnError or GameOverError.")
      .def("undo", &Game::undo, "Takes back the last turn; False at the start.")
      .def("reset", [](Game& g, const py::object& start) { g.reset(start.is_none() ? Position::initial() : cast_or_type_error<Position>(start, "a Position of this board")); },
           py::arg("start") = py::none(), "Starts again from a position (the initial one by default).")
      .def("to_svg", [](const Game& g, bool coordinates, int unit) {
        fa::BasicSvgOptions<B> o;
        o.coordinates = coordinates;
        o.unit = unit;
        return fa::to_svg(g, o);
      }, py::arg("coordinates") = true, py::arg("unit") = 48, "The current position with the last turn marked, as SVG.")
      .def("_repr_svg_", [](const Game& g) { return fa::to_svg(g); }, "The SVG diagram, for Jupyter.")
      .def("__len__", [](const Game& g) { return g.turns().size(); });

  m.def(("perft" + suffix).c_str(), [](const Position& p, int depth) {
    if (depth < 0) raise(error_type, "perft needs a depth of 0 or more, not " + std::to_string(depth));
    py::gil_scoped_release release;
    return fa::perft(p, depth);
  }, py::arg("position"), py::arg("depth"), "perft: the number of turn sequences of `depth` turns (releases the GIL).");
  m.def(("divide" + suffix).c_str(), [](const Position& p, int depth) {
    if (depth < 1) raise(error_type, "divide needs a depth of 1 or more, not " + std::to_string(depth));
    std::vector<fa::BasicDivideEntry<B>> entries;
    {
      py::gil_scoped_release release;
      entries = fa::divide(p, depth);
    }
    std::vector<std::pair<Turn, std::uint64_t>> out;
    for (const auto& e : entries) out.emplace_back(e.turn, e.count);
    return out;
  }, py::arg("position"), py::arg("depth"), "perft split by the first turn: [(turn, count)] (releases the GIL).");
  m.def(("transform_turn" + suffix).c_str(), [](const Turn& t, fa::Symmetry s, const Position& image) {
    const Turn out = fa::transform(s, t, image);
    // The image turn must be legal in the image position: checked by the builder.
    Builder check(image);
    if (fa::Status st = check.play(out); !st) raise(illegal_error_type, "the turn's image is not legal in that position: " + st.error().message);
    return out;
  }, py::arg("turn"), py::arg("symmetry"), py::arg("image_position"), "The image of a turn under a symmetry, for the image position.");
  m.def(("transform_point" + suffix).c_str(), [](const py::object& p, fa::Symmetry s) { return fa::transform<B>(s, to_point<B>(p)); },
        py::arg("point"), py::arg("symmetry"), "The image of a point under a symmetry.");
  m.def(("point_name" + suffix).c_str(), [](const py::object& p) { return B::point_name(to_point<B>(p)); }, py::arg("point"), "The name of a point, e.g. 'e3'.");
  m.def(("parse_point" + suffix).c_str(), [](const py::object& name) { return to_point<B>(name); }, py::arg("name"), "The index of a point from its name; raises NotationError.");
  m.def(("parse_step" + suffix).c_str(), [](const std::string& text, const py::object& stone) {
    const fa::Point at = stone.is_none() ? fa::no_point : to_point<B>(stone);
    auto s = fa::parse_step<B>(text, at);
    if (!s) raise(notation_error_type, s.error());
    return py::make_tuple(s->from, s->to, s->capture ? py::cast(*s->capture) : py::object(py::none()));
  }, py::arg("text"), py::arg("stone") = py::none(), "Reads a step: (from, to, capture or None when unmarked); raises NotationError.");

  py::class_<SearchResult>(m, ("SearchResult" + suffix).c_str(), "What a search found.")
      .def_property_readonly("best", [](const SearchResult& r) -> py::object {
        return r.best.empty() ? py::object(py::none()) : py::cast(r.best);
      }, "The turn chosen, or None when there is none.")
      .def_readonly("score", &SearchResult::score, "Score for the side to move, hundredths of a stone.")
      .def_readonly("depth", &SearchResult::depth, "Deepest completed iteration, in plies.")
      .def_readonly("seldepth", &SearchResult::seldepth, "Deepest ply reached, quiescence included.")
      .def_readonly("nodes", &SearchResult::nodes, "Positions visited.")
      .def_readonly("milliseconds", &SearchResult::milliseconds, "Wall-clock time used.")
      .def_readonly("pv", &SearchResult::pv, "The principal variation, starting with best.")
      .def_readonly("deliberate_mistake", &SearchResult::deliberate_mistake, "True when a weak level chose a turn it did not score highest.")
      .def_property_readonly("is_mate", &SearchResult::is_decisive, "True when the score is a forced win or loss.")
      .def_property_readonly("mate_in_plies", &SearchResult::plies_to_end, "Plies to the end when is_mate, else 0.")
      .def("score_string", &SearchResult::score_string, "The score for people: '+1.25', 'win in 5', 'loss in 3'.")
      .def("pv_string", &SearchResult::pv_string, "The principal variation in notation.")
      .def("__repr__", [](const SearchResult& r) {
        return "SearchResult(best='" + r.best.to_string() + "', score=" + r.score_string() + ", depth=" + std::to_string(r.depth) + ")";
      });

  auto limits_of = [](int depth, std::uint64_t nodes, std::int64_t ms) {
    if (depth < 0 || depth > fa::max_search_depth)
      raise(error_type, "the search depth is 0 (no limit) to " + std::to_string(fa::max_search_depth) + ", not " + std::to_string(depth));
    if (ms < 0) raise(error_type, "the time limit cannot be negative");
    fa::SearchLimits l;
    l.max_depth = depth;
    l.max_nodes = nodes;
    l.max_time_ms = ms;
    return l;
  };
  py::class_<Searcher>(m, ("Searcher" + suffix).c_str(), "The computer opponent: iterative deepening alpha-beta, levels 1 to 7 (7 thinks on a time budget).")
      .def(py::init([](int level, std::uint64_t seed, std::size_t mb) {
             if (level < fa::min_level || level > fa::max_level) raise(error_type, "the levels are 1 to " + std::to_string(fa::max_level) + ", not " + std::to_string(level));
             auto s = std::make_unique<Searcher>(mb);
             s->set_level(level, seed);
             return s;
           }),
           py::arg("level") = fa::max_fixed_level, py::arg("seed") = 0, py::arg("table_megabytes") = 16)
      .def("set_level", [](Searcher& s, int level, std::uint64_t seed) {
        if (level < fa::min_level || level > fa::max_level) raise(error_type, "the levels are 1 to " + std::to_string(fa::max_level) + ", not " + std::to_string(level));
        s.set_level(level, seed);
      }, py::arg("level"), py::arg("seed") = 0, "Plays like level 1..7 with random choices from `seed`; clears the tables.")
      .def_property_readonly("level", [](const Searcher& s) { return s.settings().level; }, "The level, 1 to 7.")
      .def("clear", &Searcher::clear, "Clears the transposition table and ordering tables.")
      .def("evaluate", &Searcher::evaluate, py::arg("position"), "The static evaluation for the side to move.")
      .def("search", [limits_of](Searcher& s, const py::object& where, int depth, std::uint64_t nodes, std::int64_t ms) {
        const fa::SearchLimits l = limits_of(depth, nodes, ms);
        if (py::isinstance<Game>(where)) {
          const Game g = where.cast<Game>();  // a copy: the search runs without the GIL
          py::gil_scoped_release release;
          return s.search(g, l);
        }
        const Position p = cast_or_type_error<Position>(where, "a Position or a Game of this board");
        py::gil_scoped_release release;
        return s.search(p, l);
      }, py::arg("position"), py::arg("depth") = 0, py::arg("nodes") = 0, py::arg("milliseconds") = 0,
         "Searches a Position or a Game (which knows repetitions) within the limits; all zero: depth 6.")
      .def("choose", [](Searcher& s, const py::object& where) {
        if (py::isinstance<Game>(where)) {
          const Game g = where.cast<Game>();  // a copy: the search runs without the GIL
          py::gil_scoped_release release;
          return s.choose(g);
        }
        const Position p = cast_or_type_error<Position>(where, "a Position or a Game of this board");
        py::gil_scoped_release release;
        return s.choose(p);
      }, py::arg("position"), "Chooses a turn as the level plays (its limits, noise and temperature).");

  py::class_<Record>(m, ("GameRecord" + suffix).c_str(), "A game record: tags, the game, comments and the result.")
      .def(py::init([](const py::object& game) { return game.is_none() ? Record() : Record(game.cast<Game>()); }),
           py::arg("game") = py::none())
      .def_static("parse", [](const std::string& text) {
        auto r = fa::parse_record<B>(text);
        if (!r) raise(record_error_type, r.error());
        return std::move(*r);
      }, py::arg("text"), "Reads a text holding exactly one game of this board.")
      .def_property_readonly("game", &Record::game, "The game: start position, turns, final position, the rules' result.")
      .def_property_readonly("start_position", &Record::start_position, "The position the game started from.")
      .def_property_readonly("turns", &Record::turns, "The turns, in order.")
      .def_property_readonly("result", &Record::result, "The recorded result (ONGOING is `*`).")
      .def_property_readonly("termination", &Record::termination, "How the game ended (the Termination tag).")
      .def("set_result", [](Record& r, fa::Outcome o, fa::Termination t) {
        if (fa::Status s = r.set_result(o, t); !s) raise(record_error_type, s.error());
      }, py::arg("result"), py::arg("termination") = fa::Termination::unspecified,
         "Sets the result and how the game ended, when they fit the game; raises RecordError.")
      .def_property_readonly("tags", [](const Record& r) {
        std::vector<std::pair<std::string, std::string>> out;
        for (const fa::Tag& t : r.tags()) out.emplace_back(t.name, t.value);
        return out;
      }, "Every tag as (name, value), in the order the writer prints them.")
      .def("tag", [](const Record& r, const std::string& name) -> py::object {
        auto v = r.tag(name);
        return v ? py::object(py::str(std::string(*v))) : py::object(py::none());
      }, py::arg("name"), "The value of a tag, or None.")
      .def("set_tag", [](Record& r, const std::string& name, const std::string& value) {
        if (fa::Status s = r.set_tag(name, value); !s) raise(record_error_type, s.error());
      }, py::arg("name"), py::arg("value"), "Sets a tag; raises RecordError for a refused name or value.")
      .def_property_readonly("comments", [](const Record& r) {
        std::vector<std::pair<std::size_t, std::string>> out;
        for (const fa::Comment& c : r.comments()) out.emplace_back(c.after, c.text);
        return out;
      }, "The comments as (turns before it, text).")
      .def("add_comment", [](Record& r, std::size_t after, const std::string& text) {
        if (fa::Status s = r.add_comment(after, text); !s) raise(record_error_type, s.error());
      }, py::arg("after"), py::arg("text"), "Adds a comment after the first `after` turns; raises RecordError.")
      .def("__str__", [](const Record& r) { return fa::to_string(r); })
      .def("__eq__", [](const Record& a, const Record& b) { return a == b; });

  // ---- environments ----
  using E = StepEnv<B>;
  py::class_<E>(m, ("StepEnv" + suffix).c_str(), "The environment's core: one game played one step (one action) at a time.")
      .def(py::init([](int max_turns, const py::object& start) {
             if (max_turns < 0) raise(error_type, "max_turns is 0 (no limit) or more, not " + std::to_string(max_turns));
             E e(max_turns);
             if (!start.is_none()) e.start = py::isinstance<py::str>(start) ? [&] {
               auto p = Position::from_fen(start.cast<std::string>());
               if (!p) raise(fen_error_type, p.error());
               return *p;
             }() : cast_or_type_error<Position>(start, "a Position of this board or a FEN");
             e.reset();
             return e;
           }),
           py::arg("max_turns") = 200, py::arg("start") = py::none())
      .def_property_readonly_static("action_size", [](const py::object&) { return E::actions; }, "Size of the action space.")
      .def_property_readonly_static("stop_action", [](const py::object&) { return E::stop; }, "The action that ends a chain that could go on.")
      .def_property_readonly_static("planes", [](const py::object&) { return E::planes; }, "Number of observation planes.")
      .def("reset", &E::reset, "Starts the game again from its start position.")
      .def("seed", [](E& e, std::uint64_t s) { e.rng = s * 0x9E3779B97F4A7C15ULL + 1; }, py::arg("seed"), "Seeds random_action.")
      .def_property_readonly("game", [](const E& e) { return e.game; }, "A copy of the game (complete turns).")
      .def_property_readonly("builder", [](const E& e) { return e.builder; }, "A copy of the turn in progress.")
      .def_property_readonly("to_move", &E::to_move, "The side whose action comes next.")
      .def_property_readonly("terminated", [](const E& e) { return e.game.is_over(); }, "True once the game has ended by the rules.")
      .def_property_readonly("truncated", [](const E& e) { return e.truncated; }, "True once max_turns turns were played.")
      .def_property_readonly("turns", &E::turns, "Complete turns played.")
      .def("action_mask", [](const E& e) {
        py::array_t<std::uint8_t> out(E::actions);
        e.mask(out.mutable_data());
        return out.attr("astype")("bool");
      }, "Boolean mask of the legal actions (all False after the end).")
      .def("legal_actions", [](const E& e) {
        std::vector<int> out;
        e.legal(out);
        return out;
      }, "The legal actions, in increasing order.")
      .def("observe", [](const E& e, const py::object& perspective) {
        return observation_array(e, perspective.is_none() ? e.to_move() : perspective.cast<fa::Color>());
      }, py::arg("perspective") = py::none(), "Observation planes [7, height, width] from a side (default: the side to move).")
      .def("check", [](const E& e, long long a) -> py::object {
        std::string why = e.check(a);
        return why.empty() ? py::object(py::none()) : py::object(py::str(why));
      }, py::arg("action"), "None when the action is legal, else why not.")
      .def("step", [](E& e, long long a) {
        if (std::string why = e.check(a); !why.empty()) raise(e.done() ? game_over_error_type : action_error_type, why);
        return e.apply(a);
      }, py::arg("action"), "Plays an action; returns the reward of the side that moved.")
      .def("random_action", [](E& e) {
        std::vector<int> legal;
        e.legal(legal);
        if (legal.empty()) raise(game_over_error_type, "no action is legal: the episode has ended");
        return legal[e.next_random() % legal.size()];
      }, "A uniformly random legal action.")
      .def("action_to_step", [](const E&, long long a) -> py::object {
        if (a < 0 || a >= E::actions) raise(action_error_type, "action " + std::to_string(a) + " is outside the action space");
        if (a == E::stop) return py::none();
        const int i = static_cast<int>(a);
        const fa::Point to = B::neighbor[i / 24][(i / 3) % 8];
        if (to == fa::no_point) raise(action_error_type, "action " + std::to_string(a) + " steps along no line of the board");
        return py::cast(S{fa::Step{fa::Point(i / 24), to, static_cast<fa::Capture>(i % 3)}});
      }, py::arg("action"), "The step an action stands for (None for stop).")
      .def_static("step_to_action", [](const S& s) {
        if (B::direction_between(s.step.from, s.step.to) < 0) raise(action_error_type, "the step does not follow a line of the board");
        return E::encode(s.step);
      }, py::arg("step"), "The action index of a step.");

  using BE = BatchEnv<B>;
  py::class_<BE>(m, ("BatchEnv" + suffix).c_str(), "Many games stepped at once in C++; finished games reset at once.")
      .def(py::init([](std::size_t n, int max_turns, std::uint64_t seed) {
             if (n == 0) raise(error_type, "a batch holds at least one game");
             if (max_turns < 0) raise(error_type, "max_turns is 0 (no limit) or more, not " + std::to_string(max_turns));
             auto b = std::make_unique<BE>(n, max_turns, seed);
             for (auto& e : b->envs) e.reset();
             return b;
           }),
           py::arg("num_envs"), py::arg("max_turns") = 200, py::arg("seed") = 0)
      .def_property_readonly("num_envs", [](const BE& b) { return b.envs.size(); }, "How many games the batch holds.")
      .def_property_readonly_static("action_size", [](const py::object&) { return E::actions; }, "Size of the action space.")
      .def("reset", [](BE& b) { for (auto& e : b.envs) e.reset(); }, "Starts every game again.")
      .def("observations", [](const BE& b) {
        const auto n = static_cast<py::ssize_t>(b.envs.size());
        py::array_t<float> out({n, static_cast<py::ssize_t>(E::planes), static_cast<py::ssize_t>(B::height), static_cast<py::ssize_t>(B::width)});
        float* data = out.mutable_data();
        {
          py::gil_scoped_release release;
          for (std::size_t i = 0; i < b.envs.size(); ++i) b.envs[i].observe(data + i * E::planes * B::size, b.envs[i].to_move());
        }
        return out;
      }, "Observations [n, planes, height, width], each from its side to move.")
      .def("action_masks", [](const BE& b) {
        const auto n = static_cast<py::ssize_t>(b.envs.size());
        py::array_t<bool> out({n, static_cast<py::ssize_t>(E::actions)});
        auto* data = reinterpret_cast<std::uint8_t*>(out.mutable_data());
        {
          py::gil_scoped_release release;
          for (std::size_t i = 0; i < b.envs.size(); ++i) b.envs[i].mask(data + i * E::actions);
        }
        return out;
      }, "Legal-action masks [n, action_size].")
      .def("to_move", [](const BE& b) {
        py::array_t<std::int8_t> out(static_cast<py::ssize_t>(b.envs.size()));
        for (std::size_t i = 0; i < b.envs.size(); ++i) out.mutable_data()[i] = static_cast<std::int8_t>(b.envs[i].to_move());
        return out;
      }, "The side to move in each game: 0 White, 1 Black.")
      .def("random_actions", [](BE& b) {
        py::array_t<std::int64_t> out(static_cast<py::ssize_t>(b.envs.size()));
        std::int64_t* data = out.mutable_data();
        {
          py::gil_scoped_release release;
          for (std::size_t i = 0; i < b.envs.size(); ++i) {
            b.envs[i].legal(b.scratch);
            data[i] = b.scratch[b.envs[i].next_random() % b.scratch.size()];
          }
        }
        return out;
      }, "A uniformly random legal action for each game.")
      .def("step", [](BE& b, const py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>& actions) {
        if (actions.ndim() != 1 || static_cast<std::size_t>(actions.shape(0)) != b.envs.size())
          raise(action_error_type, "expected " + std::to_string(b.envs.size()) + " actions in a one-dimensional array");
        const auto n = static_cast<py::ssize_t>(b.envs.size());
        py::array_t<float> rewards(n);
        py::array_t<bool> terminated(n), truncated(n);
        const std::int64_t* a = actions.data();
        float* r = rewards.mutable_data();
        bool* te = terminated.mutable_data();
        bool* tr = truncated.mutable_data();
        std::string refused;
        std::size_t bad = 0;
        {
          py::gil_scoped_release release;
          for (std::size_t i = 0; i < b.envs.size() && refused.empty(); ++i)
            if (std::string why = b.envs[i].check(a[i]); !why.empty()) {
              refused = std::move(why);
              bad = i;
            }
          if (refused.empty()) {
            b.finished.clear();
            for (std::size_t i = 0; i < b.envs.size(); ++i) {
              StepEnv<B>& e = b.envs[i];
              r[i] = e.apply(a[i]);
              te[i] = e.game.is_over();
              tr[i] = e.truncated;
              if (te[i] || tr[i]) {
                b.finished.push_back(i);
                b.final_observations.resize(b.finished.size() * E::planes * B::size);
                e.observe(b.final_observations.data() + (b.finished.size() - 1) * E::planes * B::size, e.to_move());
                e.reset();
              }
            }
          }
        }
        if (!refused.empty()) raise(action_error_type, "game " + std::to_string(bad) + ": " + refused);
        return py::make_tuple(rewards, terminated, truncated);
      }, py::arg("actions"),
         "Plays one action in every game; returns (rewards of the movers, terminated, truncated). Nothing is played when any action is refused.")
      .def("final_observations", [](const BE& b) {
        const auto k = static_cast<py::ssize_t>(b.finished.size());
        py::array_t<std::int64_t> index(k);
        py::array_t<float> obs({k, static_cast<py::ssize_t>(E::planes), static_cast<py::ssize_t>(B::height), static_cast<py::ssize_t>(B::width)});
        for (std::size_t j = 0; j < b.finished.size(); ++j) index.mutable_data()[j] = static_cast<std::int64_t>(b.finished[j]);
        std::copy(b.final_observations.begin(), b.final_observations.begin() + k * E::planes * B::size, obs.mutable_data());
        return py::make_tuple(index, obs);
      }, "The games that ended at the last step and their last observations, before they started again: (indices, observations).")
      .def("game", [](const BE& b, std::size_t i) {
        if (i >= b.envs.size()) raise(error_type, "the batch has " + std::to_string(b.envs.size()) + " games");
        return b.envs[i].game;
      }, py::arg("index"), "A copy of game `index` as it stands.");
}

}  // namespace

PYBIND11_MODULE(_fanorona, m) {
  m.doc() = "The rules of Fanorona (C++ engine); use the `fanorona` package.";
  // The exception classes, each under its parent; the handles stay valid for the module's life.
  const auto exception = [&m](const char* name, py::handle parent) -> py::handle {
    return py::exception<fa::Error>(m, name, parent.ptr()).release();
  };
  error_type = exception("FanoronaError", PyExc_ValueError);
  fen_error_type = exception("FenError", error_type);
  notation_error_type = exception("NotationError", error_type);
  illegal_error_type = exception("IllegalTurnError", notation_error_type);
  game_over_error_type = exception("GameOverError", illegal_error_type);
  record_error_type = exception("RecordError", error_type);
  action_error_type = exception("IllegalActionError", error_type);

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

  py::class_<fa::GameResult>(m, "GameResult", "Who won and why.")
      .def_readonly("outcome", &fa::GameResult::outcome)
      .def_readonly("reason", &fa::GameResult::reason)
      .def_property_readonly("is_over", &fa::GameResult::is_over)
      .def("__str__", &fa::GameResult::to_string)
      .def("__repr__", [](const fa::GameResult& r) { return "GameResult('" + r.to_string() + "')"; })
      .def("__eq__", [](const fa::GameResult& a, const fa::GameResult& b) { return a == b; });

  bind_board<fa::Tsivy>(m);
  bind_board<fa::Dimy>(m);
  bind_board<fa::Telo>(m);

  m.def("board_of_fen", [](const std::string& fen) {
    auto size = fa::board_size_of_fen(fen);
    if (!size) raise(fen_error_type, size.error());
    if (fa::Status known = fa::with_board(*size, [](auto) {}); !known) raise(fen_error_type, known.error());
    return size->to_string();
  }, py::arg("fen"), "The board a FEN is written for: '9x5', '5x5' or '3x3' (its shape only).");
  m.def("read_records", [](const std::string& text) {
    std::istringstream in(text);
    fa::RecordReader reader(in);
    py::list out;
    while (const auto game = reader.next()) {
      if (!*game) raise(record_error_type, fa::to_string(game->error()), game->error().offset);
      std::visit([&](const auto& r) { out.append(py::cast(r)); }, game->value());
    }
    return out;
  }, py::arg("text"), "Every game of a record text, of any board; raises RecordError at the first refused game.");
  m.attr("version") = fa::version_string;
}
