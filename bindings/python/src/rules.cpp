// fanorona for Python: steps, turns, positions, the turn builder, games, perft, symmetries.
// SPDX-License-Identifier: MIT
#include "common.hpp"

#include <fanorona/svg.hpp>

#include <functional>

namespace fanorona_python {
namespace {

// The position as text, rank 5 on top, the board's lines between the points:
//   5 B-B-B-B-B-B-B-B-B
//     |\|/|\|/|\|/|\|/|
//   ...
//     a b c d e f g h i
//   White to move
template <class B>
std::string diagram(const fa::BasicPosition<B>& p) {
  std::string out;
  for (int r = B::height - 1; r >= 0; --r) {
    out += std::to_string(r + 1) + ' ';
    for (int f = 0; f < B::width; ++f) {
      const auto stone = p.at(B::point_at(f, r));
      out += !stone ? '.' : *stone == fa::Color::white ? 'W' : 'B';
      if (f + 1 < B::width) out += '-';
    }
    out += '\n';
    if (r == 0) break;
    out += "  ";
    for (int f = 0; f < B::width; ++f) {
      out += '|';
      // The square's diagonal leaves its strong corner: lower left (rising) or lower right.
      if (f + 1 < B::width) out += B::is_strong(B::point_at(f, r - 1)) ? '/' : '\\';
    }
    out += '\n';
  }
  out += "  ";
  for (int f = 0; f < B::width; ++f) out += std::string(1, static_cast<char>('a' + f)) + (f + 1 < B::width ? " " : "");
  out += p.side_to_move() == fa::Color::white ? "\nWhite to move" : "\nBlack to move";
  return out;
}

// A turn rebuilt from its text and the stones it captures, without the position it was made
// for: on a board holding only its stone and those stones, its steps capture exactly them
// again. (How turns are pickled; a rebuilt turn is checked step by step when played.)
template <class B>
fa::BasicTurn<B> turn_from_state(const std::string& text, fa::Bitboard captured) {
  const fa::Point from = text.size() >= 2 ? fa::parse_point<B>(text.substr(0, 2)) : fa::no_point;
  if (from == fa::no_point || (captured & ~B::all) || (captured & fa::point_set(from)))
    raise(errors().notation, fa::make_error(fa::ErrorCode::bad_saved_state, {{"object", "Turn"}}));
  auto board = fa::BasicPosition<B>::from_stones(fa::point_set(from), captured, fa::Color::white);
  if (!board) raise(errors().notation, board.error());
  auto turn = fa::parse_turn(*board, text);
  if (!turn || turn->captured() != captured) raise(errors().notation, fa::make_error(fa::ErrorCode::bad_saved_state, {{"object", "Turn"}}));
  return *turn;
}

template <class B>
void bind_step(py::module_& m, const std::string& suffix) {
  using S = PyStep<B>;
  py::class_<S>(m, ("Step" + suffix).c_str(), ("One step of one stone on the " + board_name<B>() + " board: from, to and its capture kind.").c_str())
      .def(py::init([](const py::object& from, const py::object& to, fa::Capture capture) {
             return S{fa::BasicStep<B>{to_point<B>(from), to_point<B>(to), capture}};
           }),
           py::arg("from_point"), py::arg("to_point"), py::arg("capture") = fa::Capture::none,
           "A step from one point to another (indices or names such as 'e3').")
      .def_property_readonly("from_point", [](const S& s) { return s.step.from; }, "Where the stone stands before the step.")
      .def_property_readonly("to_point", [](const S& s) { return s.step.to; }, "The point it moves to.")
      .def_property_readonly("capture", [](const S& s) { return s.step.capture; }, "What the step captures.")
      .def("__str__", [](const S& s) { return fa::to_string(s.step); })
      .def("__repr__", [](const S& s) { return "Step('" + fa::to_string(s.step) + "')"; })
      .def("__eq__", [](const S& a, const py::object& b) { return py::isinstance<S>(b) && a.step == b.cast<S>().step; })
      .def("__hash__", [](const S& s) { return (s.step.from.index() * 64 + s.step.to.index()) * 4 + static_cast<int>(s.step.capture); })
      .def("__copy__", [](const S& s) { return s; })
      .def("__deepcopy__", [](const S& s, const py::object&) { return s; })
      .def(py::pickle([](const S& s) { return py::make_tuple(s.step.from, s.step.to, s.step.capture); },
                      [](const py::tuple& t) {
                        return S{fa::BasicStep<B>{to_point<B>(t[0]), to_point<B>(t[1]), t[2].cast<fa::Capture>()}};
                      }));
}

template <class B>
void bind_turn(py::module_& m, const std::string& suffix) {
  using Turn = fa::BasicTurn<B>;
  using S = PyStep<B>;
  py::class_<Turn>(m, ("Turn" + suffix).c_str(), ("A complete, legal turn on the " + board_name<B>() + " board.").c_str())
      .def_property_readonly("from_point", &Turn::from, "The starting point of the moving stone.")
      .def_property_readonly("to_point", &Turn::to, "Where the moving stone ends.")
      .def_property_readonly("steps", [](const Turn& t) {
        std::vector<S> out;
        for (int i = 0; i < t.size(); ++i) out.push_back(S{t.step(i)});
        return out;
      }, "The steps, in order.")
      .def_property_readonly("captured", [](const Turn& t) { return point_list(t.captured()); }, "The points of the stones it captures.")
      .def_property_readonly("captured_mask", &Turn::captured, "The captured stones as a bit set (bit p is point p).")
      .def("captured_by_step", [](const Turn& t, const py::object& index) {
        return point_list(t.captured_by_step(static_cast<int>(checked_int(index, "step index", 0, t.size() - 1))));
      }, py::arg("index"), "The points captured by step `index`.")
      .def("is_capture", &Turn::is_capture, "True when the turn captures.")
      .def("is_paika", &Turn::is_paika, "True for a paika move (one step, no capture).")
      .def_property_readonly("origin_hash", &Turn::origin_hash, "The hash of the position the turn was made for (0 for a rebuilt turn).")
      .def("__len__", &Turn::size)
      .def("__str__", &Turn::to_string)
      .def("__repr__", [](const Turn& t) { return "Turn('" + t.to_string() + "')"; })
      .def("__eq__", [](const Turn& a, const py::object& b) { return py::isinstance<Turn>(b) && a == b.cast<Turn>(); })
      .def("__hash__", [](const Turn& t) { return std::hash<std::string>{}(t.to_string()); })
      .def("__copy__", [](const Turn& t) { return t; })
      .def("__deepcopy__", [](const Turn& t, const py::object&) { return t; })
      .def(py::pickle([](const Turn& t) { return py::make_tuple(t.to_string(), t.captured()); },
                      [](const py::tuple& t) { return turn_from_state<B>(t[0].cast<std::string>(), t[1].cast<fa::Bitboard>()); }));
}

template <class B>
fa::BasicTurn<B> parse_turn_or_raise(const fa::BasicPosition<B>& p, const std::string& text) {
  auto t = fa::parse_turn(p, text);
  if (!t) raise(errors().illegal_turn, t.error());
  return *t;
}

// A turn given as a Turn or its text, checked against `p`: the turn as played there.
template <class B>
fa::BasicTurn<B> turn_argument(const fa::BasicPosition<B>& p, const py::handle& turn) {
  if (py::isinstance<py::str>(turn)) return parse_turn_or_raise(p, turn.cast<std::string>());
  const auto t = cast_or_type_error<fa::BasicTurn<B>>(turn, "a Turn of this board or its text");
  fa::BasicTurnBuilder<B> check(p);
  if (fa::Status s = check.play(t); !s) raise(errors().illegal_turn, s.error());
  return check.turn();
}

template <class B>
void bind_position(py::module_& m, const std::string& suffix) {
  using Position = fa::BasicPosition<B>;
  using Turn = fa::BasicTurn<B>;
  using S = PyStep<B>;
  const std::string board = board_name<B>();
  py::class_<Position>(m, ("Position" + suffix).c_str(), ("A position on the " + board + " board: the stones and the side to move.").c_str())
      .def(py::init([](const py::object& fen) { return position_argument<B>(fen); }), py::arg("fen") = py::none(),
           "The initial position, or the position of a FEN.")
      .def_static("initial", &Position::initial, "The starting position, White to move.")
      .def_static("from_fen", &position_from_fen<B>, py::arg("fen"), "Reads a FEN; raises FenError with the library's message.")
      .def_static("from_stones", [](const py::object& white, const py::object& black, fa::Color side) {
        auto p = Position::from_stones(to_set<B>(white), to_set<B>(black), side);
        if (!p) raise(errors().fen, p.error());
        return *p;
      }, py::arg("white"), py::arg("black"), py::arg("side_to_move") = fa::Color::white,
         "A position from the points of each side's stones (lists or bit masks).")
      .def_property_readonly_static("board", [board](const py::object&) { return board; }, "The board: '9x5', '5x5' or '3x3'.")
      .def_property_readonly_static("width", [](const py::object&) { return B::width; }, "Number of files.")
      .def_property_readonly_static("height", [](const py::object&) { return B::height; }, "Number of ranks.")
      .def("to_fen", &Position::to_fen, "The FEN of the position.")
      .def_property_readonly("side_to_move", &Position::side_to_move, "Whose turn it is.")
      .def_property_readonly("hash", &Position::hash, "The Zobrist hash.")
      .def("stones", [](const Position& p, fa::Color c) { return point_list(p.stones(c)); }, py::arg("color"), "The points of a side's stones.")
      .def("stones_mask", &Position::stones, py::arg("color"), "A side's stones as a bit set.")
      .def("count", &Position::count, py::arg("color"), "How many stones a side has.")
      .def("at", [](const Position& p, const py::object& point) { return p.at(to_point<B>(point)); }, py::arg("point"),
           "The color of the stone on a point, or None.")
      .def("legal_turns", [](const Position& p) {
        const auto list = fa::legal_turns(p);
        return std::vector<Turn>(list.begin(), list.end());
      }, "Every legal turn, in generation order.")
      .def("is_legal", [](const Position& p, const py::object& turn) {
        if (py::isinstance<py::str>(turn)) return fa::parse_turn(p, turn.cast<std::string>()).has_value();
        fa::BasicTurnBuilder<B> check(p);
        return check.play(cast_or_type_error<Turn>(turn, "a Turn of this board or its text")).has_value();
      }, py::arg("turn"), "True when a turn (a Turn or its text) is legal here.")
      .def("count_turns", [](const Position& p) { return fa::count_turns(p); }, "The number of legal turns.")
      .def("has_capture", [](const Position& p) { return fa::has_capture(p); }, "True when the side to move must capture.")
      .def("parse_turn", &parse_turn_or_raise<B>, py::arg("text"), "Reads a turn in notation; raises IllegalTurnError with the reason.")
      .def("after", [](const Position& p, const py::object& turn) { return p.after(turn_argument<B>(p, turn)); }, py::arg("turn"),
           "The position after a turn (a Turn or its text), checked against this position.")
      .def("result", [](const Position& p) { return fa::result_of(p); }, "The result without history: a loss when the side to move cannot move.")
      .def("transform", [](const Position& p, fa::Symmetry s) { return fa::transform(s, p); }, py::arg("symmetry"),
           "The position under a symmetry of the board.")
      .def("to_svg", [](const Position& p, const py::object& highlighted, const Turn* turn, const py::object& captured,
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
      }, py::arg("highlighted") = py::none(), py::arg("turn") = nullptr, py::arg("captured") = py::none(),
         py::arg("forbidden_steps") = std::vector<S>{}, py::arg("coordinates") = true, py::arg("unit") = 48, py::arg("title") = "",
         "The position drawn as SVG.")
      .def("_repr_svg_", [](const Position& p) { return fa::to_svg(p); }, "The SVG diagram, for Jupyter.")
      .def("copy", [](const Position& p) { return p; }, "A copy.")
      .def("__copy__", [](const Position& p) { return p; })
      .def("__deepcopy__", [](const Position& p, const py::object&) { return p; })
      .def("__eq__", [](const Position& a, const py::object& b) { return py::isinstance<Position>(b) && a == b.cast<Position>(); })
      .def("__hash__", [](const Position& p) { return static_cast<std::int64_t>(p.hash() >> 1); })
      .def("__str__", &diagram<B>)
      .def("__repr__", [](const Position& p) { return "Position('" + p.to_fen() + "')"; })
      .def(py::pickle([](const Position& p) { return p.to_fen(); }, [](const std::string& fen) { return position_from_fen<B>(fen); }));
}

template <class B>
void bind_builder(py::module_& m, const std::string& suffix) {
  using Builder = fa::BasicTurnBuilder<B>;
  using S = PyStep<B>;
  const auto steps_of = [](const Builder& b) {
    std::vector<S> out;
    for (int i = 0; i < b.turn().size(); ++i) out.push_back(S{b.turn().step(i)});
    return out;
  };
  const auto play = [](Builder& b, const py::object& step, const py::object& to) {
    fa::Status st;
    if (!to.is_none()) {
      st = b.play(to_point<B>(step), to_point<B>(to));
    } else if (py::isinstance<py::str>(step)) {
      auto parsed = fa::parse_step<B>(step.cast<std::string>(), b.stone());
      if (!parsed) raise(errors().notation, parsed.error());
      st = b.play_step(parsed->from, parsed->to, parsed->capture);
    } else {
      st = b.play(cast_or_type_error<S>(step, "a Step of this board, its text, or two points").step);
    }
    if (!st) raise(errors().illegal_turn, st.error());
  };
  py::class_<Builder>(m, ("TurnBuilder" + suffix).c_str(), "A turn built one step at a time, each step checked.")
      .def(py::init([](const py::object& p) { return Builder(position_argument<B>(p)); }), py::arg("position") = py::none(),
           "A turn of the side to move in a position (a Position or a FEN; None: the initial one).")
      .def_property_readonly("start", [](const Builder& b) { return b.start(); }, "The position the turn started from.")
      .def_property_readonly("turn", [](const Builder& b) { return b.turn(); }, "The steps so far, as a turn (a copy).")
      .def_property_readonly("position", &Builder::position, "The position as if the turn stopped now.")
      .def_property_readonly("stone", [](const Builder& b) -> py::object {
        return b.stone() == fa::no_point ? py::object(py::none()) : py::object(py::int_(b.stone().index()));
      }, "Where the moving stone stands, or None before the first step.")
      .def_property_readonly("steps", steps_of, "The steps played so far.")
      .def("__len__", [](const Builder& b) { return b.turn().size(); })
      .def("can_stop", &Builder::can_stop, "True when the turn may end here.")
      .def("must_stop", &Builder::must_stop, "True when no further step is possible.")
      .def("legal_steps", [](const Builder& b) {
        std::vector<S> out;
        for (const fa::BasicStep<B>& s : b.legal_steps()) out.push_back(S{s});
        return out;
      }, "Every step that may be played next.")
      .def("captured_by", [](const Builder& b, const S& s) { return point_list(b.captured_by(s.step)); }, py::arg("step"),
           "The stones a step would capture now (empty for a paika or refused step).")
      .def("play", play, py::arg("step"), py::arg("to_point") = py::none(),
           "Plays a step: a Step, its text ('d3-e3A', or 'e3A' to continue), or two points. Raises IllegalTurnError.")
      .def("pop", [](Builder& b) {
        if (b.turn().empty()) throw py::index_error("pop from a turn with no steps");
        const S last{b.turn().step(b.turn().size() - 1)};
        (void)b.undo_step();
        return last;
      }, "Takes back the last step and returns it; IndexError before the first.")
      .def("reset", &Builder::reset, "Abandons the steps played.")
      .def("copy", [](const Builder& b) { return b; }, "A copy.")
      .def("__copy__", [](const Builder& b) { return b; })
      .def("__deepcopy__", [](const Builder& b, const py::object&) { return b; })
      .def("__eq__", [](const Builder& a, const py::object& o) {
        return py::isinstance<Builder>(o) && a.start() == o.cast<Builder>().start() && a.turn() == o.cast<Builder>().turn();
      })
      .def("__repr__", [](const Builder& b) {
        return "TurnBuilder('" + b.start().to_fen() + "', turn='" + (b.turn().empty() ? std::string() : b.turn().to_string()) + "')";
      })
      .def(py::pickle([steps_of](const Builder& b) { return py::make_tuple(b.start().to_fen(), steps_of(b)); },
                      [](const py::tuple& t) {
                        Builder b(position_from_fen<B>(t[0].cast<std::string>()));
                        for (const S& s : t[1].cast<std::vector<S>>())
                          if (fa::Status st = b.play(s.step); !st) raise(errors().illegal_turn, st.error());
                        return b;
                      }));
}

template <class B>
void bind_game(py::module_& m, const std::string& suffix) {
  using Game = fa::BasicGame<B>;
  using Turn = fa::BasicTurn<B>;
  const auto play = [](Game& g, const py::object& turn) {
    const py::handle error = g.is_over() ? errors().game_over : errors().illegal_turn;
    if (py::isinstance<py::str>(turn)) {
      auto played = g.play(turn.cast<std::string>());
      if (!played) raise(error, played.error());
      return *played;
    }
    if (fa::Status s = g.play(cast_or_type_error<Turn>(turn, "a Turn of this board or its text")); !s) raise(error, s.error());
    return g.turns().back();
  };
  const auto last = [](const Game& g) {
    if (g.turns().empty()) throw py::index_error("the game has no turns");
    return g.turns().back();
  };
  py::class_<Game>(m, ("Game" + suffix).c_str(), "A game: history, undo, threefold repetition and the result.")
      .def(py::init([](const py::object& start) { return Game(position_argument<B>(start)); }), py::arg("start") = py::none(),
           "A game from the initial position, a Position or a FEN.")
      .def_property_readonly("position", [](const Game& g) { return g.position(); }, "The position now (a copy).")
      .def_property_readonly("start_position", [](const Game& g) { return g.start_position(); }, "The position the game started from.")
      .def_property_readonly("side_to_move", [](const Game& g) { return g.position().side_to_move(); }, "Whose turn it is.")
      .def_property_readonly("turns", [](const Game& g) { return g.turns(); }, "The turns played (a list of copies).")
      .def("position_before", [](const Game& g, const py::object& i) {
        return g.position_before(static_cast<std::size_t>(checked_int(i, "turn index", 0, static_cast<long long>(g.turns().size()))));
      }, py::arg("index"), "The position before turn `index` (`len(game)`: the position now).")
      .def_property_readonly("repetitions", &Game::repetitions, "How often the current position has occurred.")
      .def("result", &Game::result, "Who won and why, or ongoing.")
      .def("outcome", [](const Game& g) -> py::object { return g.is_over() ? py::cast(g.result()) : py::none(); },
           "The result once the game is over, else None.")
      .def("is_over", &Game::is_over, "True once the game has ended.")
      .def("legal_turns", [](const Game& g) {
        const auto list = g.legal_turns();
        return std::vector<Turn>(list.begin(), list.end());
      }, "The legal turns now; none when the game is over.")
      .def("is_legal", [](const Game& g, const py::object& turn) {
        if (g.is_over()) return false;
        if (py::isinstance<py::str>(turn)) return fa::parse_turn(g.position(), turn.cast<std::string>()).has_value();
        fa::BasicTurnBuilder<B> check(g.position());
        return check.play(cast_or_type_error<Turn>(turn, "a Turn of this board or its text")).has_value();
      }, py::arg("turn"), "True when a turn (a Turn or its text) may be played now.")
      .def("begin_turn", &Game::begin_turn, "A TurnBuilder for the next turn.")
      .def("play", play, py::arg("turn"), "Plays a Turn or its text and returns the turn played. Raises IllegalTurnError or GameOverError.")
      .def("push", play, py::arg("turn"), "The same as play (the python-chess name).")
      .def("pop", [last](Game& g) {
        const Turn t = last(g);
        (void)g.undo();
        return t;
      }, "Takes back the last turn and returns it; IndexError at the start.")
      .def("peek", last, "The last turn played; IndexError at the start.")
      .def("reset", [](Game& g, const py::object& start) { g.reset(position_argument<B>(start)); }, py::arg("start") = py::none(),
           "Starts again from a position (the initial one by default).")
      .def("to_svg", [](const Game& g, bool coordinates, int unit) {
        fa::BasicSvgOptions<B> o;
        o.coordinates = coordinates;
        o.unit = unit;
        return fa::to_svg(g, o);
      }, py::arg("coordinates") = true, py::arg("unit") = 48, "The current position with the last turn marked, as SVG.")
      .def("_repr_svg_", [](const Game& g) { return fa::to_svg(g); }, "The SVG diagram, for Jupyter.")
      .def("copy", [](const Game& g) { return g; }, "A copy (its own history).")
      .def("__copy__", [](const Game& g) { return g; })
      .def("__deepcopy__", [](const Game& g, const py::object&) { return g; })
      .def("__eq__", [](const Game& a, const py::object& o) {
        if (!py::isinstance<Game>(o)) return false;
        const Game& b = o.cast<const Game&>();
        return a.start_position() == b.start_position() && a.turns() == b.turns();
      })
      .def("__len__", [](const Game& g) { return g.turns().size(); })
      .def("__str__", [](const Game& g) { return diagram(g.position()); })
      .def("__repr__", [](const Game& g) {
        return "Game('" + g.start_position().to_fen() + "', turns=" + std::to_string(g.turns().size()) + ")";
      })
      .def(py::pickle([](const Game& g) { return py::make_tuple(g.start_position().to_fen(), turn_texts(g)); },
                      [](const py::tuple& t) {
                        return game_from_texts<B>(t[0].cast<std::string>(), t[1].cast<std::vector<std::string>>());
                      }));
}

template <class B>
void bind_functions(py::module_& m, const std::string& suffix) {
  using Position = fa::BasicPosition<B>;
  using Turn = fa::BasicTurn<B>;
  m.def(("perft" + suffix).c_str(), [](const Position& p, const py::object& depth) {
    const int d = static_cast<int>(checked_int(depth, "perft depth", 0, 64));
    py::gil_scoped_release release;
    return fa::perft(p, d);
  }, py::arg("position"), py::arg("depth"), "perft: the number of turn sequences of `depth` turns (releases the GIL).");
  m.def(("divide" + suffix).c_str(), [](const Position& p, const py::object& depth) {
    const int d = static_cast<int>(checked_int(depth, "divide depth", 1, 64));
    std::vector<fa::BasicDivideEntry<B>> entries;
    {
      py::gil_scoped_release release;
      entries = fa::divide(p, d);
    }
    std::vector<std::pair<Turn, std::uint64_t>> out;
    for (const auto& e : entries) out.emplace_back(e.turn, e.count);
    return out;
  }, py::arg("position"), py::arg("depth"), "perft split by the first turn: [(turn, count)] (releases the GIL).");
  m.def(("transform_turn" + suffix).c_str(), [](const Turn& t, fa::Symmetry s, const Position& image) {
    const Turn out = fa::transform(s, t, image);
    fa::BasicTurnBuilder<B> check(image);  // the image turn must be legal in the image position
    if (fa::Status st = check.play(out); !st) raise(errors().illegal_turn, fa::nested_error(st.error(), "the turn's image is not legal in that position: ", fa::Error::npos));
    return out;
  }, py::arg("turn"), py::arg("symmetry"), py::arg("image_position"), "The image of a turn under a symmetry, for the image position.");
  m.def(("transform_point" + suffix).c_str(), [](const py::object& p, fa::Symmetry s) { return fa::transform<B>(s, to_point<B>(p)); },
        py::arg("point"), py::arg("symmetry"), "The image of a point under a symmetry.");
  m.def(("point_name" + suffix).c_str(), [](const py::object& p) { return B::point_name(to_point<B>(p)); }, py::arg("point"), "The name of a point, e.g. 'e3'.");
  m.def(("parse_point" + suffix).c_str(), [](const py::object& name) { return to_point<B>(name); }, py::arg("name"), "The index of a point from its name; raises NotationError.");
  m.def(("parse_step" + suffix).c_str(), [](const std::string& text, const py::object& stone) {
    const fa::Point at = stone.is_none() ? fa::no_point : to_point<B>(stone);
    auto s = fa::parse_step<B>(text, at);
    if (!s) raise(errors().notation, s.error());
    return py::make_tuple(s->from, s->to, s->capture ? py::cast(*s->capture) : py::object(py::none()));
  }, py::arg("text"), py::arg("stone") = py::none(), "Reads a step: (from, to, capture or None when unmarked); raises NotationError.");
}

template <class B>
void bind_board(py::module_& m) {
  const std::string suffix = "_" + board_name<B>();
  bind_step<B>(m, suffix);
  bind_turn<B>(m, suffix);
  bind_position<B>(m, suffix);
  bind_builder<B>(m, suffix);
  bind_game<B>(m, suffix);
  bind_functions<B>(m, suffix);
}

}  // namespace

void bind_rules(py::module_& m) {
  bind_board<fa::Tsivy>(m);
  bind_board<fa::Dimy>(m);
  bind_board<fa::Telo>(m);
}

}  // namespace fanorona_python
