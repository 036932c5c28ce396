// fanorona for Python: game records, and the computer opponent (bind_records binds both).
// SPDX-License-Identifier: MIT
#include "common.hpp"

#include <fanorona/record.hpp>
#include <fanorona/record_reader.hpp>
#include <fanorona/search.hpp>

#include <atomic>
#include <climits>
#include <exception>
#include <memory>
#include <stdexcept>

namespace fanorona_python {
namespace {

template <class B>
fa::BasicGameRecord<B> record_from_text(const std::string& text) {
  auto r = fa::parse_record<B>(text);
  if (!r) raise(errors().record, r.error());
  return std::move(*r);
}

template <class B>
void bind_record(py::module_& m, const std::string& suffix) {
  using Record = fa::BasicGameRecord<B>;
  using Game = fa::BasicGame<B>;
  py::class_<Record>(m, ("GameRecord" + suffix).c_str(), "A game record: tags, the game, comments and the result.")
      .def(py::init([](const py::object& game) {
             return game.is_none() ? Record() : Record(cast_or_type_error<Game>(game, "a Game of this board"));
           }),
           py::arg("game") = py::none(), "A record of a game (a copy of it), its result from the rules.")
      .def_static("parse", &record_from_text<B>, py::arg("text"), "Reads a text holding exactly one game of this board.")
      .def_property_readonly("game", [](const Record& r) { return r.game(); }, "A copy of the game: start position, turns, the rules' result.")
      .def_property_readonly("start_position", [](const Record& r) { return r.start_position(); }, "The position the game started from.")
      .def_property_readonly("turns", [](const Record& r) { return r.turns(); }, "The turns, in order (copies).")
      .def_property_readonly("result", &Record::result, "The recorded result (ONGOING is `*`).")
      .def_property_readonly("termination", &Record::termination, "How the game ended (the Termination tag).")
      .def("set_result", [](Record& r, fa::Outcome o, fa::Termination t) {
        if (fa::Status s = r.set_result(o, t); !s) raise(errors().record, s.error());
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
        if (fa::Status s = r.set_tag(name, value); !s) raise(errors().record, s.error());
      }, py::arg("name"), py::arg("value"), "Sets a tag; raises RecordError for a refused name or value.")
      .def_property_readonly("comments", [](const Record& r) {
        std::vector<std::pair<std::size_t, std::string>> out;
        for (const fa::Comment& c : r.comments()) out.emplace_back(c.after, c.text);
        return out;
      }, "The comments as (turns before it, text).")
      .def("add_comment", [](Record& r, const py::object& after, const std::string& text) {
        const auto n = static_cast<std::size_t>(checked_int(after, "comment position", 0, LLONG_MAX));  // the record says past the end
        if (fa::Status s = r.add_comment(n, text); !s) raise(errors().record, s.error());
      }, py::arg("after"), py::arg("text"), "Adds a comment after the first `after` turns; raises RecordError.")
      .def("copy", [](const Record& r) { return r; }, "A copy.")
      .def("__copy__", [](const Record& r) { return r; })
      .def("__deepcopy__", [](const Record& r, const py::object&) { return r; })
      .def("__str__", [](const Record& r) { return fa::to_string(r); })
      .def("__repr__", [](const Record& r) {
        return "GameRecord(" + std::to_string(r.turns().size()) + " turns, " + py::str(py::cast(r.result())).cast<std::string>() + ")";
      })
      .def("__eq__", [](const Record& a, const py::object& b) { return py::isinstance<Record>(b) && a == b.cast<const Record&>(); })
      .def(py::pickle([](const Record& r) { return fa::to_string(r); }, &record_from_text<B>));
}

// The searcher with the settings it was made with, so that a copy (or an unpickled one) is
// the same player: its tables start empty. `busy` is true while a search runs without the
// GIL; it is read and written only under the GIL, and while it is set every call but
// `stop` is refused, so no other thread touches the searcher's state mid-search.
// `stop_asked` closes a gap: the library forgets a stop asked before its search has begun,
// and `busy` is set a moment before that; the binding's iteration hook stops the search
// after its first completed iteration at the latest.
template <class B>
struct PySearcher {
  int level;
  std::uint64_t seed;
  std::size_t megabytes;
  std::unique_ptr<fa::BasicSearcher<B>> searcher;
  bool busy = false;
  std::atomic<bool> stop_asked{false};

  PySearcher(int level_, std::uint64_t seed_, std::size_t megabytes_)
      : level(level_), seed(seed_), megabytes(megabytes_), searcher(std::make_unique<fa::BasicSearcher<B>>(megabytes_)) {
    searcher->set_level(level, seed);
  }
  PySearcher(const PySearcher& o) : PySearcher(o.level, o.seed, o.megabytes) {}

  void refuse_if_busy() const {
    if (busy) throw std::runtime_error("the searcher is searching (call stop() to end its search, or use another Searcher)");
  }
};

int checked_level(const py::handle& level) { return static_cast<int>(checked_int(level, "level", fa::min_level, fa::max_level)); }

template <class B>
fa::SearchLimits limits_of(const py::object& depth, const py::object& nodes, const py::object& ms) {
  fa::SearchLimits l;
  l.max_depth = static_cast<int>(checked_int(depth, "search depth", 0, 1000));
  l.max_nodes = static_cast<std::uint64_t>(checked_int(nodes, "node limit", 0, LLONG_MAX));
  l.max_time_ms = checked_int(ms, "time limit in milliseconds", 0, LLONG_MAX);
  return l;
}

template <class B>
void bind_search_result(py::module_& m, const std::string& suffix) {
  using SearchResult = fa::BasicSearchResult<B>;
  py::class_<SearchResult>(m, ("SearchResult" + suffix).c_str(), "What a search found.")
      .def_property_readonly("best", [](const SearchResult& r) -> py::object {
        return r.best.empty() ? py::object(py::none()) : py::cast(r.best);
      }, "The turn chosen, or None when there is none.")
      .def_property_readonly("score", [](const SearchResult& r) { return r.score; }, "Score for the side to move, hundredths of a stone.")
      .def_property_readonly("depth", [](const SearchResult& r) { return r.depth; }, "Deepest completed iteration, in plies.")
      .def_property_readonly("seldepth", [](const SearchResult& r) { return r.seldepth; }, "Deepest ply reached, quiescence included.")
      .def_property_readonly("nodes", [](const SearchResult& r) { return r.nodes; }, "Positions visited.")
      .def_property_readonly("milliseconds", [](const SearchResult& r) { return r.milliseconds; }, "Wall-clock time used.")
      .def_property_readonly("pv", [](const SearchResult& r) { return r.pv; }, "The principal variation, starting with best (copies).")
      .def("is_mistake", [](const SearchResult& r) { return r.deliberate_mistake; },
           "True when a weak level chose a turn it did not score highest.")
      .def("is_decisive", &SearchResult::is_decisive, "True when the score is a forced win or loss, seen to the end of the game.")
      .def_property_readonly("plies_to_end", &SearchResult::plies_to_end, "Plies to the end of the game when is_decisive(), else 0.")
      .def("score_string", &SearchResult::score_string, "The score for people: '+1.25', 'win in 5', 'loss in 3'.")
      .def("pv_string", &SearchResult::pv_string, "The principal variation in notation.")
      .def("__copy__", [](const SearchResult& r) { return r; })
      .def("__deepcopy__", [](const SearchResult& r, const py::object&) { return r; })
      .def("__repr__", [](const SearchResult& r) {
        return "SearchResult(best='" + r.best.to_string() + "', score=" + r.score_string() + ", depth=" + std::to_string(r.depth) + ")";
      })
      .def(py::pickle([](const SearchResult& r) {
             return py::make_tuple(r.best.empty() ? py::object(py::none()) : py::cast(r.best), r.score, r.depth, r.seldepth, r.nodes,
                                   r.milliseconds, r.pv, r.deliberate_mistake);
           },
           [](const py::tuple& t) {
             SearchResult r;
             if (!t[0].is_none()) r.best = t[0].cast<fa::BasicTurn<B>>();
             r.score = t[1].cast<int>();
             r.depth = t[2].cast<int>();
             r.seldepth = t[3].cast<int>();
             r.nodes = t[4].cast<std::uint64_t>();
             r.milliseconds = t[5].cast<std::int64_t>();
             r.pv = t[6].cast<std::vector<fa::BasicTurn<B>>>();
             r.deliberate_mistake = t[7].cast<bool>();
             return r;
           }));
}

// Runs `f(searcher, game or position)` on a copy, without the GIL. `on_iteration` (None or a
// callable) is called under the GIL with a SearchResult after each completed iteration;
// when it raises, the search stops and the exception is raised once the search has returned.
template <class B, class F>
fa::BasicSearchResult<B> run_search(PySearcher<B>& s, const py::object& where, const py::object& on_iteration, F f) {
  s.refuse_if_busy();
  if (!on_iteration.is_none() && !PyCallable_Check(on_iteration.ptr()))
    throw py::type_error("on_iteration is a callable taking a SearchResult, or None, not " + type_name(on_iteration));
  std::exception_ptr raised;
  const bool report = !on_iteration.is_none();
  s.searcher->on_iteration([&s, &on_iteration, &raised, report](const fa::BasicSearchResult<B>& info) {
    if (s.stop_asked.load(std::memory_order_relaxed)) s.searcher->stop();
    if (!report || raised) return;
    py::gil_scoped_acquire gil;
    try {
      on_iteration(info);
    } catch (...) {
      raised = std::current_exception();
      s.searcher->stop();
    }
  });
  // Set under the GIL before it is released, cleared under it once the search is over.
  struct Busy {
    PySearcher<B>& s;
    explicit Busy(PySearcher<B>& searcher) : s(searcher) {
      s.stop_asked.store(false, std::memory_order_relaxed);
      s.busy = true;
    }
    ~Busy() {
      s.busy = false;
      s.searcher->on_iteration({});
    }
  } busy(s);
  fa::BasicSearchResult<B> result;
  if (py::isinstance<fa::BasicGame<B>>(where)) {
    const auto g = where.cast<fa::BasicGame<B>>();
    py::gil_scoped_release release;
    result = f(*s.searcher, g);
  } else {
    const auto p = cast_or_type_error<fa::BasicPosition<B>>(where, "a Position or a Game of this board");
    py::gil_scoped_release release;
    result = f(*s.searcher, p);
  }
  if (raised) std::rethrow_exception(raised);
  return result;
}

template <class B>
void bind_searcher(py::module_& m, const std::string& suffix) {
  using S = PySearcher<B>;
  py::class_<S>(m, ("Searcher" + suffix).c_str(), "The computer opponent: iterative deepening alpha-beta, levels 1 to 7 (7 thinks on a time budget).")
      .def(py::init([](const py::object& level, const py::object& seed, const py::object& mb) {
             return std::make_unique<S>(checked_level(level), checked_seed(seed),
                                        static_cast<std::size_t>(checked_int(mb, "table size in megabytes", 1, 65536)));
           }),
           py::arg("level") = fa::max_fixed_level, py::arg("seed") = 0, py::arg("table_megabytes") = 16)
      .def("set_level", [](S& s, const py::object& level, const py::object& seed) {
        s.refuse_if_busy();
        s.level = checked_level(level);
        s.seed = checked_seed(seed);
        s.searcher->set_level(s.level, s.seed);
      }, py::arg("level"), py::arg("seed") = 0, "Plays like level 1..7 with random choices from `seed`; clears the tables.")
      .def_property_readonly("level", [](const S& s) { return s.level; }, "The level, 1 to 7.")
      .def_property_readonly("seed", [](const S& s) { return s.seed; }, "The seed of the level's random choices.")
      .def("clear", [](S& s) {
        s.refuse_if_busy();
        s.searcher->clear();
      }, "Clears the transposition table and ordering tables.")
      .def("evaluate", [](S& s, const fa::BasicPosition<B>& p) {
        s.refuse_if_busy();
        return s.searcher->evaluate(p);
      }, py::arg("position"), "The static evaluation for the side to move.")
      .def("search", [](S& s, const py::object& where, const py::object& depth, const py::object& nodes, const py::object& ms,
                        const py::object& on_iteration) {
        const fa::SearchLimits l = limits_of<B>(depth, nodes, ms);
        return run_search<B>(s, where, on_iteration, [&l](auto& searcher, const auto& at) { return searcher.search(at, l); });
      }, py::arg("position"), py::arg("depth") = 0, py::arg("nodes") = 0, py::arg("milliseconds") = 0, py::kw_only(),
         py::arg("on_iteration") = py::none(),
         "Searches a Position or a Game (which knows repetitions) within the limits (the first reached ends it); all zero:\n"
         "depth 6. on_iteration(result) is called with a SearchResult after each completed depth. Releases the GIL.")
      .def("choose", [](S& s, const py::object& where, const py::object& on_iteration) {
        return run_search<B>(s, where, on_iteration, [](auto& searcher, const auto& at) { return searcher.choose(at); });
      }, py::arg("position"), py::kw_only(), py::arg("on_iteration") = py::none(),
         "Chooses a turn as the level plays (its limits, noise and temperature); on_iteration as in search().\n"
         "Releases the GIL.")
      .def("stop", [](S& s) {
        if (!s.busy) return;
        s.stop_asked.store(true, std::memory_order_relaxed);
        s.searcher->stop();
      }, "Ends the running search (from another thread, or from on_iteration) within about a thousand nodes, or once its\n"
         "first depth is complete when it had only just begun: it returns the best turn of its last completed depth.\n"
         "Does nothing when no search runs.")
      .def("is_searching", [](const S& s) { return s.busy; }, "True while a search or choose call runs.")
      .def("__copy__", [](const S& s) { return S(s); })
      .def("__deepcopy__", [](const S& s, const py::object&) { return S(s); })
      .def("__repr__", [](const S& s) { return "Searcher(level=" + std::to_string(s.level) + ", seed=" + std::to_string(s.seed) + ")"; })
      .def(py::pickle([](const S& s) { return py::make_tuple(s.level, s.seed, s.megabytes); },
                      [](const py::tuple& t) {
                        return std::make_unique<S>(checked_level(t[0]), checked_seed(t[1]), t[2].cast<std::size_t>());
                      }));
}

template <class B>
void bind_board(py::module_& m) {
  const std::string suffix = "_" + board_name<B>();
  bind_record<B>(m, suffix);
  bind_search_result<B>(m, suffix);
  bind_searcher<B>(m, suffix);
}

}  // namespace

void bind_records(py::module_& m) {
  m.def("level_name", [](const py::object& level) { return std::string(fa::level_name(checked_level(level))); }, py::arg("level"),
        "The name of a level, 1 to 7: 'Beginner' to 'Master'.");
  m.def("level_description", [](const py::object& level) { return std::string(fa::level_description(checked_level(level))); },
        py::arg("level"), "One line on how a level, 1 to 7, plays.");
  m.attr("min_level") = fa::min_level;
  m.attr("max_level") = fa::max_level;
  bind_board<fa::Tsivy>(m);
  bind_board<fa::Dimy>(m);
  bind_board<fa::Telo>(m);
}

}  // namespace fanorona_python
