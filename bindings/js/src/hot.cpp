// fanorona for JavaScript: the turn generator's list, perft and the computer opponent. This
// file is compiled for speed (-O2) and linked first, so that every copy of the generator and
// the search in the module is this file's; the rest of the module is compiled for size.
#include "protocol.hpp"

#include <fanorona/search.hpp>

#include <emscripten/emscripten.h>

#include <cstdint>
#include <memory>

namespace fanorona_js {

template <class B>
void put_turn_list(const fa::BasicPosition<B>& position, std::vector<fa::BasicTurn<B>>* keep) {
  const std::size_t at = reply.ints.size();
  put(0);
  std::int32_t count = 0;
  if (keep) keep->clear();
  fa::for_each_turn(position, [&](const fa::BasicTurn<B>& turn) {
    put_turn(turn);
    if (keep) keep->push_back(turn);
    ++count;
  });
  reply.ints[at] = count;
}

// The computer opponent: one searcher per board, made when first needed, all at one level.
class Engine {
 public:
  explicit Engine(std::size_t megabytes) : megabytes_(megabytes == 0 ? 16 : megabytes) {}

  void set_level(int level, std::uint64_t seed) {
    level_ = level;
    seed_ = seed;
    if (tsivy_) tsivy_->set_level(level, seed);
    if (dimy_) dimy_->set_level(level, seed);
    if (telo_) telo_->set_level(level, seed);
  }

  template <class B>
  fa::BasicSearcher<B>& searcher() {
    auto& slot = slot_of<B>();
    if (!slot) {
      // The smaller boards have far fewer positions: their tables need less room.
      const std::size_t mb = board_number<B>() == 0 ? megabytes_ : board_number<B>() == 1 ? (megabytes_ + 1) / 2 : 1;
      slot = std::make_unique<fa::BasicSearcher<B>>(mb);
      slot->set_level(level_, seed_);
    }
    return *slot;
  }

  template <class B>
  void clear() {
    if (auto& slot = slot_of<B>()) slot->clear();
  }
  // Asks the running search, whichever board it is on, to stop.
  void stop_all() {
    if (tsivy_) tsivy_->stop();
    if (dimy_) dimy_->stop();
    if (telo_) telo_->stop();
  }
  void clear_all() {
    clear<fa::Tsivy>();
    clear<fa::Dimy>();
    clear<fa::Telo>();
  }

 private:
  template <class B>
  std::unique_ptr<fa::BasicSearcher<B>>& slot_of() {
    if constexpr (std::is_same_v<B, fa::Tsivy>)
      return tsivy_;
    else if constexpr (std::is_same_v<B, fa::Dimy>)
      return dimy_;
    else
      return telo_;
  }

  std::size_t megabytes_;
  int level_ = fa::max_fixed_level;
  std::uint64_t seed_ = 0;
  std::unique_ptr<fa::BasicSearcher<fa::Tsivy>> tsivy_;
  std::unique_ptr<fa::BasicSearcher<fa::Dimy>> dimy_;
  std::unique_ptr<fa::BasicSearcher<fa::Telo>> telo_;
};

// A search result: score, depth, seldepth, nodes (two halves), milliseconds, deliberate
// mistake, from the tables, table hits (two halves), decisive, plies to the end, the best turn
// (size 0 when none), the principal variation (a list of turns); text: the score for people.
template <class B>
void put_search_result(const fa::BasicSearchResult<B>& r) {
  put(r.score);
  put(r.depth);
  put(r.seldepth);
  put_u64(r.nodes);
  put(static_cast<std::int32_t>(r.milliseconds));
  put_bool(r.deliberate_mistake);
  put_bool(r.from_tablebase);
  put_u64(r.tablebase_hits);
  put_bool(r.is_decisive());
  put(r.plies_to_end());
  put_turn(r.best);
  put(static_cast<std::int32_t>(r.pv.size()));
  for (const auto& t : r.pv) put_turn(t);
  reply.text = r.score_string();
}

// Tells index.js that an iteration has completed: its result is in the reply, which the
// JavaScript reads before it calls the program's onIteration (it may call into the module).
EM_JS(void, fj_iteration_done, (), { Module["fanoronaIterationDone"](); });

template <class B>
int think(Engine& engine, const fa::BasicGame<B>& game, const std::int32_t* request) {
  fa::BasicSearcher<B>& searcher = engine.searcher<B>();
  // A copy: the program's onIteration may free or change the game while the search runs.
  const fa::BasicGame<B> searched = game;
  if (request[4] != 0) {
    searcher.on_iteration([](const fa::BasicSearchResult<B>& info) {
      begin_reply();
      put_search_result(info);
      fj_iteration_done();
    });
  }
  fa::BasicSearchResult<B> result;
  if (request[0] == 0) {
    if (request[1] >= 0) {
      fa::GameClock clock;
      clock.remaining_ms = request[1];
      clock.increment_ms = request[2];
      clock.moves_to_go = request[3];
      result = searcher.choose(searched, clock);
    } else {
      result = searcher.choose(searched);
    }
  } else {
    fa::SearchLimits limits;
    limits.max_depth = request[1];
    limits.max_nodes = static_cast<std::uint64_t>(static_cast<std::uint32_t>(request[2]));
    limits.max_time_ms = request[3];
    result = searcher.search(searched, limits);
  }
  searcher.on_iteration({});
  begin_reply();
  put_search_result(result);
  return 0;
}

template <class B>
std::uint64_t count_turns(const fa::BasicPosition<B>& position) {
  return fa::count_turns(position);
}

template <class B>
std::uint64_t perft(const fa::BasicPosition<B>& position, int depth) {
  return fa::perft(position, depth);
}

template <class B>
int evaluate(Engine& engine, const fa::BasicPosition<B>& position) {
  return engine.searcher<B>().evaluate(position);
}

#define FANORONA_JS_INSTANTIATE(B)                                                     \
  template void put_turn_list(const fa::BasicPosition<B>&, std::vector<fa::BasicTurn<B>>*);  \
  template std::uint64_t count_turns(const fa::BasicPosition<B>&);                     \
  template std::uint64_t perft(const fa::BasicPosition<B>&, int);                      \
  template int think(Engine&, const fa::BasicGame<B>&, const std::int32_t*);           \
  template int evaluate(Engine&, const fa::BasicPosition<B>&);
FANORONA_JS_INSTANTIATE(fa::Tsivy)
FANORONA_JS_INSTANTIATE(fa::Dimy)
FANORONA_JS_INSTANTIATE(fa::Telo)
#undef FANORONA_JS_INSTANTIATE


}  // namespace fanorona_js

using namespace fanorona_js;

extern "C" {

EMSCRIPTEN_KEEPALIVE Engine* fj_engine_new(std::int32_t megabytes) {
  return new Engine(static_cast<std::size_t>(megabytes < 1 ? 1 : megabytes));
}
EMSCRIPTEN_KEEPALIVE void fj_engine_free(Engine* engine) { delete engine; }
EMSCRIPTEN_KEEPALIVE void fj_engine_set_level(Engine* engine, std::int32_t level, double seed) {
  engine->set_level(level, static_cast<std::uint64_t>(seed));
}
EMSCRIPTEN_KEEPALIVE void fj_engine_clear(Engine* engine) { engine->clear_all(); }
EMSCRIPTEN_KEEPALIVE void fj_engine_stop(Engine* engine) { engine->stop_all(); }
}  // extern "C"
