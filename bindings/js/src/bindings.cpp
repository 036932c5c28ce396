// fanorona for JavaScript: the library behind a small C interface that the package's ES
// module (lib/index.js) wraps in JavaScript's style. Every rule, message, notation and result
// is the library's; this file only moves its answers across the WebAssembly boundary.
//
// The protocol: strings come in as (pointer, byte length) into buffers from `fj_input`; each
// call leaves its answer in one reply, a list of 32-bit integers and a text, which the module
// reads before the next call. Functions return 0 on success; on failure they return 1 and
// the reply's text is the error as JSON ({"code", "message", "offset", "values"}).
//
// Integer encodings (all read by lib/index.js):
//   turn   size, from, then per step: to, capture (0 none, 1 approach, 2 withdrawal),
//          number of stones it captures, those points
//   step   from, to, capture, number of stones it captures (now), those points
//   list   count, then the items
#include <fanorona/any_board.hpp>
#include <fanorona/fanorona.hpp>
#include <fanorona/record.hpp>
#include <fanorona/search.hpp>
#include <fanorona/svg.hpp>

#include <emscripten/emscripten.h>
#include <malloc.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace fa = fanorona;

namespace {

// ---- the reply ------------------------------------------------------------------------------

struct Reply {
  std::vector<std::int32_t> ints;
  std::string text;
};
Reply reply;

void begin_reply() {
  reply.ints.clear();
  reply.text.clear();
}

void put(std::int32_t value) { reply.ints.push_back(value); }
void put_bool(bool value) { reply.ints.push_back(value ? 1 : 0); }
// A 64-bit count as two 32-bit halves, low first.
void put_u64(std::uint64_t value) {
  put(static_cast<std::int32_t>(static_cast<std::uint32_t>(value & 0xFFFFFFFFU)));
  put(static_cast<std::int32_t>(static_cast<std::uint32_t>(value >> 32)));
}
void put_points(fa::Bitboard set) {
  put(fa::detail::popcount(set));
  for (const fa::Point p : fa::points(set)) put(p);
}

// JSON string of `text`; control characters as \u00XX.
void append_json(std::string& out, std::string_view text) {
  out += '"';
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20) {
      const char digits[] = "0123456789abcdef";
      out += "\\u00";
      out += digits[byte >> 4];
      out += digits[byte & 15];
    } else {
      out += c;
    }
  }
  out += '"';
}

// Fails the call with `error`; `code` names its kind for programs.
int fail(std::string_view code, const fa::Error& error) {
  begin_reply();
  reply.text = "{\"code\":";
  append_json(reply.text, code);
  reply.text += ",\"message\":";
  append_json(reply.text, error.message);
  reply.text += ",\"offset\":";
  reply.text += error.offset == fa::Error::npos ? std::string("null") : std::to_string(error.offset);
  reply.text += ",\"values\":{}}";
  return 1;
}
int fail(std::string_view code, std::string message) { return fail(code, fa::make_error(std::move(message))); }

// ---- boards -----------------------------------------------------------------------------------

// Boards by number, as the module counts them: 0 is 9x5, 1 is 5x5, 2 is 3x3.
template <class B>
constexpr int board_number() {
  if constexpr (std::is_same_v<B, fa::Tsivy>) return 0;
  if constexpr (std::is_same_v<B, fa::Dimy>) return 1;
  return 2;
}

template <class F>
void with_board_number(int board, F&& f) {
  if (board == 1)
    f(fa::Dimy{});
  else if (board == 2)
    f(fa::Telo{});
  else
    f(fa::Tsivy{});
}

std::string_view view(const char* text, std::int32_t size) {
  return text == nullptr || size <= 0 ? std::string_view{} : std::string_view(text, static_cast<std::size_t>(size));
}

fa::Capture capture_of(std::int32_t kind) {
  return kind == 1 ? fa::Capture::approach : kind == 2 ? fa::Capture::withdrawal : fa::Capture::none;
}

template <class B>
void put_turn(const fa::BasicTurn<B>& turn) {
  put(turn.size());
  put(turn.empty() ? -1 : turn.from());
  for (int i = 0; i < turn.size(); ++i) {
    const fa::Step s = turn.step(i);
    put(s.to);
    put(static_cast<std::int32_t>(s.capture));
    put_points(turn.captured_by_step(i));
  }
}

template <class B>
void put_steps(const fa::BasicTurnBuilder<B>& builder, const fa::BasicStepList<B>& steps) {
  put(static_cast<std::int32_t>(steps.size()));
  for (const fa::Step& s : steps) {
    put(s.from);
    put(s.to);
    put(static_cast<std::int32_t>(s.capture));
    put_points(builder.captured_by(s));
  }
}

template <class B>
void put_turn_list(const fa::BasicPosition<B>& position) {
  const std::size_t at = reply.ints.size();
  put(0);
  std::int32_t count = 0;
  fa::for_each_turn(position, [&](const fa::BasicTurn<B>& turn) {
    put_turn(turn);
    ++count;
  });
  reply.ints[at] = count;
}

template <class B>
void put_result(const fa::GameResult& result) {
  put(static_cast<std::int32_t>(result.outcome));
  put(static_cast<std::int32_t>(result.reason));
}

// A position: board, side to move, must capture, outcome and reason without history, White's
// points, Black's points; text: the FEN, a line break, the result's sentence.
template <class B>
void put_position(const fa::BasicPosition<B>& position) {
  put(board_number<B>());
  put(static_cast<std::int32_t>(position.side_to_move()));
  put_bool(fa::has_capture(position));
  const fa::GameResult result = fa::result_of(position);
  put_result<B>(result);
  put_points(position.stones(fa::Color::white));
  put_points(position.stones(fa::Color::black));
  reply.text = position.to_fen() + "\n" + result.to_string();
}

// Reads `fen` on its board and calls `f(position)`; fails with the FEN's error.
template <class F>
int on_position(const char* fen, std::int32_t size, F&& f) {
  int status = 0;
  const fa::Status read = fa::with_position(view(fen, size), [&](const auto& position) {
    begin_reply();
    status = f(position);
  });
  if (!read) return fail("invalid_fen", read.error());
  return status;
}

// SVG options from integers: coordinates, unit, then lists of highlighted points, captured
// points and forbidden steps (from, to pairs).
template <class B>
fa::BasicSvgOptions<B> svg_options(const std::int32_t* o, std::string_view title) {
  fa::BasicSvgOptions<B> options;
  options.coordinates = o[0] != 0;
  options.unit = o[1];
  std::size_t i = 2;
  for (std::int32_t n = o[i++]; n > 0; --n) options.highlighted |= fa::Bitboard{1} << o[i++];
  for (std::int32_t n = o[i++]; n > 0; --n) options.captured |= fa::Bitboard{1} << o[i++];
  for (std::int32_t n = o[i++]; n > 0; --n, i += 2)
    options.forbidden_steps.push_back(fa::Step{static_cast<fa::Point>(o[i]), static_cast<fa::Point>(o[i + 1]), fa::Capture::none});
  options.title = std::string(title);
  return options;
}

// ---- games ------------------------------------------------------------------------------------

class Engine;

// A game in progress, whatever its board: the game, the turn being built step by step, and
// the turns taken back (for redo).
class AnyGame {
 public:
  virtual ~AnyGame() = default;
  virtual int board() const = 0;
  virtual int reset(std::string_view fen) = 0;
  virtual void state() const = 0;
  virtual void history() const = 0;
  virtual int position_before(std::int32_t index) const = 0;
  virtual void legal_turns() const = 0;
  virtual int play(std::string_view text) = 0;
  virtual int play_steps(const std::int32_t* steps, std::int32_t count) = 0;
  virtual bool undo() = 0;
  virtual int redo() = 0;
  virtual void legal_steps(std::int32_t from) const = 0;
  virtual int check_stone(std::int32_t point) const = 0;
  virtual int step(std::int32_t from, std::int32_t to, std::int32_t kind) = 0;
  virtual bool undo_step() = 0;
  virtual int finish() = 0;
  virtual void cancel_turn() = 0;
  virtual void current_turn() const = 0;
  virtual int svg(const std::int32_t* options, std::string_view title) const = 0;
  virtual int record(const std::int32_t* request, std::string_view strings) const = 0;
  virtual int think(Engine& engine, const std::int32_t* request) const = 0;
};

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
// mistake, from the tables, table hits (two halves), mate, plies to mate, the best turn
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
  put_bool(r.is_mate());
  put(r.mate_in_plies());
  put_turn(r.best);
  put(static_cast<std::int32_t>(r.pv.size()));
  for (const auto& t : r.pv) put_turn(t);
  reply.text = r.score_string();
}

template <class B>
class GameOf final : public AnyGame {
 public:
  explicit GameOf(const fa::BasicPosition<B>& start) : game_(start), builder_(start) {}

  int board() const override { return board_number<B>(); }

  int reset(std::string_view fen) override {
    auto start = fen.empty() ? fa::Result<fa::BasicPosition<B>>(fa::BasicPosition<B>::initial()) : fa::BasicPosition<B>::from_fen(fen);
    if (!start) return fail("invalid_fen", start.error());
    game_.reset(*start);
    builder_ = game_.begin_turn();
    redo_.clear();
    begin_reply();
    return 0;
  }

  // Outcome, reason, repetitions, turns played, turns to redo, steps of the turn in
  // progress, then the position; text: the FEN, the result's sentence, the start FEN.
  void state() const override {
    const fa::GameResult result = game_.result();
    put_result<B>(result);
    put(game_.repetitions());
    put(static_cast<std::int32_t>(game_.turns().size()));
    put(static_cast<std::int32_t>(redo_.size()));
    put(builder_.steps());
    put(board_number<B>());
    put(static_cast<std::int32_t>(game_.position().side_to_move()));
    put_bool(!result.is_over() && fa::has_capture(game_.position()));
    put_points(game_.position().stones(fa::Color::white));
    put_points(game_.position().stones(fa::Color::black));
    reply.text = game_.position().to_fen() + "\n" + result.to_string() + "\n" + game_.start_position().to_fen();
  }

  void history() const override {
    put(static_cast<std::int32_t>(game_.turns().size()));
    for (const auto& turn : game_.turns()) put_turn(turn);
  }

  int position_before(std::int32_t index) const override {
    if (index < 0 || static_cast<std::size_t>(index) > game_.turns().size())
      return fail("out_of_range", "the game has " + std::to_string(game_.turns().size()) + " turns: no position before turn " +
                                      std::to_string(index));
    put_position(game_.position_before(static_cast<std::size_t>(index)));
    return 0;
  }

  void legal_turns() const override {
    if (game_.is_over()) {
      put(0);
      return;
    }
    put_turn_list(game_.position());
  }

  int play(std::string_view text) override {
    if (game_.is_over()) return fail("game_over", "the game is over (" + game_.result().to_string() + ")");
    const auto turn = fa::parse_turn(game_.position(), text);
    if (!turn) return fail("illegal_turn", turn.error());
    commit(*turn);
    return 0;
  }

  // A turn given as its steps: from, then (to, capture) pairs.
  int play_steps(const std::int32_t* steps, std::int32_t count) override {
    if (game_.is_over()) return fail("game_over", "the game is over (" + game_.result().to_string() + ")");
    if (count < 1) return fail("illegal_turn", "the turn has no steps");
    fa::BasicTurnBuilder<B> check(game_.position());
    fa::Point at = static_cast<fa::Point>(steps[0]);
    for (std::int32_t i = 0; i < count; ++i) {
      const fa::Point to = static_cast<fa::Point>(steps[1 + 2 * i]);
      const std::int32_t kind = steps[2 + 2 * i];
      const std::optional<fa::Capture> capture = kind < 0 ? std::nullopt : std::optional<fa::Capture>(capture_of(kind));
      if (const fa::Status s = check.play_step(at, to, capture); !s) return fail("illegal_turn", s.error());
      at = to;
    }
    commit(check.turn());
    return 0;
  }

  bool undo() override {
    builder_.reset();
    if (game_.turns().empty()) return false;
    redo_.push_back(game_.turns().back());
    (void)game_.undo();
    builder_ = game_.begin_turn();
    return true;
  }

  int redo() override {
    if (redo_.empty()) return fail("nothing_to_redo", "there is no turn to redo");
    const fa::BasicTurn<B> turn = redo_.back();
    redo_.pop_back();
    std::vector<fa::BasicTurn<B>> rest = std::move(redo_);
    if (const fa::Status s = game_.play(turn); !s) return fail("illegal_turn", s.error());
    redo_ = std::move(rest);
    builder_ = game_.begin_turn();
    begin_reply();
    put_turn(game_.turns().back());
    return 0;
  }

  void legal_steps(std::int32_t from) const override {
    if (game_.is_over()) {
      put(0);
      return;
    }
    if (from < 0)
      put_steps(builder_, builder_.legal_steps());
    else
      put_steps(builder_, builder_.legal_steps_from(static_cast<fa::Point>(from)));
  }

  int check_stone(std::int32_t point) const override {
    if (game_.is_over()) return fail("game_over", "the game is over (" + game_.result().to_string() + ")");
    const fa::Status s = builder_.check_stone(static_cast<fa::Point>(point));
    if (!s) return fail("illegal_step", s.error());
    return 0;
  }

  // Plays one step (kind: 0 paika, 1 approach, 2 withdrawal, -1 whichever is possible). When
  // the chain cannot go on, the turn is finished at once. Reply: 1 and the turn played when
  // the turn ended, else 0.
  int step(std::int32_t from, std::int32_t to, std::int32_t kind) override {
    if (game_.is_over()) return fail("game_over", "the game is over (" + game_.result().to_string() + ")");
    const std::optional<fa::Capture> capture = kind < 0 ? std::nullopt : std::optional<fa::Capture>(capture_of(kind));
    const fa::Status s = builder_.play_step(static_cast<fa::Point>(from), static_cast<fa::Point>(to), capture);
    if (!s) return fail("illegal_step", s.error());
    if (builder_.must_stop()) return finish();
    begin_reply();
    put(0);
    return 0;
  }

  bool undo_step() override { return builder_.undo_step(); }

  int finish() override {
    if (!builder_.can_stop()) return fail("no_step", "no step has been played yet: there is no turn to finish");
    const fa::BasicTurn<B> turn = builder_.turn();
    if (const fa::Status s = game_.play(turn); !s) return fail("illegal_turn", s.error());
    after_commit(turn);
    begin_reply();
    put(1);
    put_turn(game_.turns().back());
    return 0;
  }

  void cancel_turn() override { builder_.reset(); }

  // The stone that moves (-1 before the first step), can stop, must stop, the steps so far
  // as a turn, then the position as the turn would leave it.
  void current_turn() const override {
    put(builder_.stone());
    put_bool(builder_.can_stop());
    put_bool(builder_.must_stop());
    put_turn(builder_.turn());
    put_position(builder_.position());
  }

  int svg(const std::int32_t* options, std::string_view title) const override {
    const fa::BasicSvgOptions<B> o = svg_options<B>(options, title);
    begin_reply();
    reply.text = fa::to_svg(game_, o);
    return 0;
  }

  // request: outcome (-1: the game's own), termination, number of tags, number of comments,
  // then per comment the number of turns before it. strings: tag names and values, then the
  // comments' texts, each ending with a NUL byte.
  int record(const std::int32_t* request, std::string_view strings) const override {
    fa::BasicGameRecord<B> record(game_);
    std::size_t at = 0;
    const auto next = [&]() {
      const std::size_t end = strings.find('\0', at);
      const std::string_view piece = strings.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
      at = end == std::string_view::npos ? strings.size() : end + 1;
      return piece;
    };
    const std::int32_t tags = request[2], comments = request[3];
    for (std::int32_t i = 0; i < tags; ++i) {
      const std::string_view name = next();
      const std::string_view value = next();
      if (const fa::Status s = record.set_tag(name, value); !s) return fail("invalid_record", s.error());
    }
    for (std::int32_t i = 0; i < comments; ++i) {
      const std::string_view text = next();
      if (request[4 + i] < 0) return fail("invalid_record", "a comment's place is a number of turns, from 0");
      if (const fa::Status s = record.add_comment(static_cast<std::size_t>(request[4 + i]), text); !s)
        return fail("invalid_record", s.error());
    }
    if (request[0] >= 0) {
      if (const fa::Status s = record.set_result(static_cast<fa::Outcome>(request[0]), static_cast<fa::Termination>(request[1])); !s)
        return fail("invalid_record", s.error());
    }
    begin_reply();
    reply.text = fa::to_string(record);
    return 0;
  }

  // request: 0 to choose as the level plays (then the clock: remaining ms, or -1 for none,
  // increment, turns to go), 1 to search (depth, nodes, milliseconds).
  int think(Engine& engine, const std::int32_t* request) const override {
    if (game_.is_over()) return fail("game_over", "the game is over (" + game_.result().to_string() + ")");
    fa::BasicSearcher<B>& searcher = engine.searcher<B>();
    fa::BasicSearchResult<B> result;
    if (request[0] == 0) {
      if (request[1] >= 0) {
        fa::GameClock clock;
        clock.remaining_ms = request[1];
        clock.increment_ms = request[2];
        clock.moves_to_go = request[3];
        result = searcher.choose(game_, clock);
      } else {
        result = searcher.choose(game_);
      }
    } else {
      fa::SearchLimits limits;
      limits.depth = request[1];
      limits.nodes = static_cast<std::uint64_t>(static_cast<std::uint32_t>(request[2]));
      limits.milliseconds = request[3];
      result = searcher.search(game_, limits);
    }
    begin_reply();
    put_search_result(result);
    return 0;
  }

 private:
  void commit(const fa::BasicTurn<B>& turn) {
    const fa::Status s = game_.play(turn);
    (void)s;  // the turn was checked for this position
    after_commit(turn);
    begin_reply();
    put_turn(game_.turns().back());
  }

  // A new turn forgets the turns taken back, unless it is the next of them.
  void after_commit(const fa::BasicTurn<B>& turn) {
    if (!redo_.empty() && redo_.back() == turn)
      redo_.pop_back();
    else
      redo_.clear();
    builder_ = game_.begin_turn();
  }

  fa::BasicGame<B> game_;
  fa::BasicTurnBuilder<B> builder_;
  std::vector<fa::BasicTurn<B>> redo_;
};

// A game from `fen` (any board), or from the initial position of `board` when `fen` is empty.
fa::Result<std::unique_ptr<AnyGame>> new_game(std::string_view fen, std::int32_t board) {
  std::unique_ptr<AnyGame> game;
  if (fen.empty()) {
    with_board_number(board, [&](auto b) {
      using B = decltype(b);
      game = std::make_unique<GameOf<B>>(fa::BasicPosition<B>::initial());
    });
    return game;
  }
  const fa::Status read = fa::with_position(fen, [&](const auto& position) {
    using B = typename std::decay_t<decltype(position)>::board_type;
    game = std::make_unique<GameOf<B>>(position);
  });
  if (!read) return read.error();
  return game;
}

// ---- records ----------------------------------------------------------------------------------

template <class B>
void append_record_json(std::string& out, const fa::BasicGameRecord<B>& record) {
  out += "{\"board\":";
  append_json(out, fa::size_of<B>().to_string());
  out += ",\"startFen\":";
  append_json(out, record.start_position().to_fen());
  out += ",\"tags\":{";
  bool first = true;
  for (const fa::Tag& tag : record.tags()) {
    if (!first) out += ',';
    first = false;
    append_json(out, tag.name);
    out += ':';
    append_json(out, tag.value);
  }
  out += "},\"turns\":[";
  first = true;
  for (const auto& turn : record.turns()) {
    if (!first) out += ',';
    first = false;
    append_json(out, turn.to_string());
  }
  out += "],\"comments\":[";
  first = true;
  for (const fa::Comment& c : record.comments()) {
    if (!first) out += ',';
    first = false;
    out += "{\"after\":" + std::to_string(c.after) + ",\"text\":";
    append_json(out, c.text);
    out += '}';
  }
  out += "],\"result\":";
  append_json(out, fa::result_token(record.result()));
  out += ",\"termination\":" + std::to_string(static_cast<int>(record.termination()));
  const fa::GameResult by_rules = record.game().result();
  out += ",\"over\":";
  out += by_rules.is_over() ? "true" : "false";
  out += '}';
}

void append_record_error_json(std::string& out, const fa::RecordError& e) {
  out += "{\"error\":{\"code\":\"invalid_record\",\"message\":";
  append_json(out, e.message);
  out += ",\"line\":" + std::to_string(e.line) + ",\"column\":" + std::to_string(e.column) +
         ",\"offset\":" + std::to_string(e.offset) + ",\"game\":" + std::to_string(e.game) + ",\"values\":{}}}";
}

std::vector<char> inputs[4];

}  // namespace

extern "C" {

// ---- the protocol -------------------------------------------------------------------------------

// A buffer of at least `size` bytes for input `slot` (0..3), valid until the next call for
// the same slot with a larger size.
EMSCRIPTEN_KEEPALIVE char* fj_input(std::int32_t slot, std::int32_t size) {
  std::vector<char>& buffer = inputs[slot & 3];
  if (buffer.size() < static_cast<std::size_t>(size) + 1) buffer.resize(static_cast<std::size_t>(size) + 64);
  return buffer.data();
}
EMSCRIPTEN_KEEPALIVE const std::int32_t* fj_reply_ints() { return reply.ints.data(); }
EMSCRIPTEN_KEEPALIVE std::int32_t fj_reply_int_count() { return static_cast<std::int32_t>(reply.ints.size()); }
EMSCRIPTEN_KEEPALIVE const char* fj_reply_text() { return reply.text.data(); }
EMSCRIPTEN_KEEPALIVE std::int32_t fj_reply_text_size() { return static_cast<std::int32_t>(reply.text.size()); }

// Bytes of the heap in use (allocated and not freed), for leak tests.
EMSCRIPTEN_KEEPALIVE double fj_heap_in_use() { return static_cast<double>(mallinfo().uordblks); }

EMSCRIPTEN_KEEPALIVE void fj_version() {
  begin_reply();
  reply.text = fa::version_string;
}

// ---- boards, positions, notation ------------------------------------------------------------------

// The board's width, height, then its lines as point pairs; text: the size ("9x5").
EMSCRIPTEN_KEEPALIVE void fj_board(std::int32_t board) {
  begin_reply();
  with_board_number(board, [](auto b) {
    using B = decltype(b);
    put(B::width);
    put(B::height);
    const std::size_t at = reply.ints.size();
    put(0);
    std::int32_t lines = 0;
    for (fa::Point p = 0; p < B::size; ++p)
      for (int d = 0; d < fa::direction_count; ++d) {
        const fa::Point q = B::neighbour[p][d];
        if (q == fa::no_point || q < p) continue;
        put(p);
        put(q);
        ++lines;
      }
    reply.ints[at] = lines;
    reply.text = fa::size_of<B>().to_string();
  });
}

EMSCRIPTEN_KEEPALIVE std::int32_t fj_board_of_fen(const char* fen, std::int32_t size) {
  const auto board = fa::board_size_of_fen(view(fen, size));
  if (!board) return fail("invalid_fen", board.error());
  std::int32_t number = -1;
  const fa::Status known = fa::with_board(*board, [&](auto b) { number = board_number<decltype(b)>(); });
  if (!known) return fail("invalid_fen", known.error());
  begin_reply();
  put(number);
  return 0;
}

EMSCRIPTEN_KEEPALIVE void fj_initial_fen(std::int32_t board) {
  begin_reply();
  with_board_number(board, [](auto b) { reply.text = fa::BasicPosition<decltype(b)>::initial().to_fen(); });
}

EMSCRIPTEN_KEEPALIVE std::int32_t fj_position(const char* fen, std::int32_t size) {
  return on_position(fen, size, [](const auto& position) {
    put_position(position);
    return 0;
  });
}

EMSCRIPTEN_KEEPALIVE std::int32_t fj_position_turns(const char* fen, std::int32_t size) {
  return on_position(fen, size, [](const auto& position) {
    put_turn_list(position);
    return 0;
  });
}

EMSCRIPTEN_KEEPALIVE std::int32_t fj_count_turns(const char* fen, std::int32_t size) {
  return on_position(fen, size, [](const auto& position) {
    put_u64(fa::count_turns(position));
    return 0;
  });
}

// Reads a turn against the position; reply: the position after it, then the turn.
EMSCRIPTEN_KEEPALIVE std::int32_t fj_parse_turn(const char* fen, std::int32_t size, const char* text, std::int32_t text_size) {
  return on_position(fen, size, [&](const auto& position) {
    const auto turn = fa::parse_turn(position, view(text, text_size));
    if (!turn) return fail("illegal_turn", turn.error());
    put_position(position.after(*turn));
    put_turn(*turn);
    return 0;
  });
}

// Reads one step of a board: from, to, capture (-1 when unmarked).
EMSCRIPTEN_KEEPALIVE std::int32_t fj_parse_step(std::int32_t board, const char* text, std::int32_t size, std::int32_t stone) {
  int status = 0;
  with_board_number(board, [&](auto b) {
    using B = decltype(b);
    const auto step = fa::parse_step<B>(view(text, size), static_cast<fa::Point>(stone));
    if (!step) {
      status = fail("invalid_notation", step.error());
      return;
    }
    begin_reply();
    put(step->from);
    put(step->to);
    put(step->capture ? static_cast<std::int32_t>(*step->capture) : -1);
  });
  return status;
}

// The image of a position under a symmetry (0 identity, 1 mirror files, 2 mirror ranks,
// 3 half turn); with a turn text, then also the turn's image in it.
EMSCRIPTEN_KEEPALIVE std::int32_t fj_transform(const char* fen, std::int32_t size, std::int32_t symmetry, const char* turn_text,
                                               std::int32_t turn_size) {
  return on_position(fen, size, [&](const auto& position) {
    using B = typename std::decay_t<decltype(position)>::board_type;
    const auto s = static_cast<fa::Symmetry>(symmetry & 3);
    const auto image = fa::transform(s, position);
    std::optional<fa::BasicTurn<B>> turn;
    if (turn_size > 0) {
      const auto parsed = fa::parse_turn(position, view(turn_text, turn_size));
      if (!parsed) return fail("illegal_turn", parsed.error());
      turn = fa::transform(s, *parsed, image);
    }
    put_position(image);
    if (turn) put_turn(*turn);
    return 0;
  });
}

EMSCRIPTEN_KEEPALIVE std::int32_t fj_transform_point(std::int32_t board, std::int32_t symmetry, std::int32_t point) {
  std::int32_t image = -1;
  with_board_number(board, [&](auto b) { image = fa::transform<decltype(b)>(static_cast<fa::Symmetry>(symmetry & 3), static_cast<fa::Point>(point)); });
  return image;
}

EMSCRIPTEN_KEEPALIVE std::int32_t fj_perft(const char* fen, std::int32_t size, std::int32_t depth) {
  return on_position(fen, size, [&](const auto& position) {
    put_u64(fa::perft(position, depth));
    return 0;
  });
}

// Reply: a list of (turn, count as two halves).
EMSCRIPTEN_KEEPALIVE std::int32_t fj_divide(const char* fen, std::int32_t size, std::int32_t depth) {
  return on_position(fen, size, [&](const auto& position) {
    const auto entries = fa::divide(position, depth);
    put(static_cast<std::int32_t>(entries.size()));
    for (const auto& e : entries) {
      put_turn(e.turn);
      put_u64(e.count);
    }
    return 0;
  });
}

// A position drawn as SVG. options: see GameOf::svg_options; a turn text to draw on it.
EMSCRIPTEN_KEEPALIVE std::int32_t fj_svg(const char* fen, std::int32_t size, const std::int32_t* options, const char* turn_text,
                                         std::int32_t turn_size, const char* title, std::int32_t title_size) {
  return on_position(fen, size, [&](const auto& position) {
    using B = typename std::decay_t<decltype(position)>::board_type;
    fa::BasicSvgOptions<B> o = svg_options<B>(options, view(title, title_size));
    if (turn_size > 0) {
      const auto turn = fa::parse_turn(position, view(turn_text, turn_size));
      if (!turn) return fail("illegal_turn", turn.error());
      o.turn = *turn;
    }
    reply.text = fa::to_svg(position, o);
    return 0;
  });
}

// ---- games ----------------------------------------------------------------------------------------

// A new game from a FEN (any board), or from the initial position of `board` when the FEN is
// empty. Returns the game's handle, or 0 with the error in the reply.
EMSCRIPTEN_KEEPALIVE AnyGame* fj_game_new(const char* fen, std::int32_t size, std::int32_t board) {
  auto game = new_game(view(fen, size), board);
  if (!game) {
    fail("invalid_fen", game.error());
    return nullptr;
  }
  begin_reply();
  return game->release();
}
EMSCRIPTEN_KEEPALIVE void fj_game_free(AnyGame* game) { delete game; }
EMSCRIPTEN_KEEPALIVE std::int32_t fj_game_board(const AnyGame* game) { return game->board(); }
EMSCRIPTEN_KEEPALIVE std::int32_t fj_game_reset(AnyGame* game, const char* fen, std::int32_t size) { return game->reset(view(fen, size)); }
EMSCRIPTEN_KEEPALIVE void fj_game_state(const AnyGame* game) {
  begin_reply();
  game->state();
}
EMSCRIPTEN_KEEPALIVE void fj_game_history(const AnyGame* game) {
  begin_reply();
  game->history();
}
EMSCRIPTEN_KEEPALIVE std::int32_t fj_game_position_before(const AnyGame* game, std::int32_t index) {
  begin_reply();
  return game->position_before(index);
}
EMSCRIPTEN_KEEPALIVE void fj_game_turns(const AnyGame* game) {
  begin_reply();
  game->legal_turns();
}
EMSCRIPTEN_KEEPALIVE std::int32_t fj_game_play(AnyGame* game, const char* text, std::int32_t size) { return game->play(view(text, size)); }
EMSCRIPTEN_KEEPALIVE std::int32_t fj_game_play_steps(AnyGame* game, const std::int32_t* steps, std::int32_t count) {
  return game->play_steps(steps, count);
}
EMSCRIPTEN_KEEPALIVE std::int32_t fj_game_undo(AnyGame* game) { return game->undo() ? 1 : 0; }
EMSCRIPTEN_KEEPALIVE std::int32_t fj_game_redo(AnyGame* game) { return game->redo(); }
EMSCRIPTEN_KEEPALIVE void fj_game_steps(const AnyGame* game, std::int32_t from) {
  begin_reply();
  game->legal_steps(from);
}
EMSCRIPTEN_KEEPALIVE std::int32_t fj_game_check_stone(const AnyGame* game, std::int32_t point) {
  begin_reply();
  return game->check_stone(point);
}
EMSCRIPTEN_KEEPALIVE std::int32_t fj_game_step(AnyGame* game, std::int32_t from, std::int32_t to, std::int32_t kind) {
  return game->step(from, to, kind);
}
EMSCRIPTEN_KEEPALIVE std::int32_t fj_game_undo_step(AnyGame* game) { return game->undo_step() ? 1 : 0; }
EMSCRIPTEN_KEEPALIVE std::int32_t fj_game_finish(AnyGame* game) { return game->finish(); }
EMSCRIPTEN_KEEPALIVE void fj_game_cancel_turn(AnyGame* game) { game->cancel_turn(); }
EMSCRIPTEN_KEEPALIVE void fj_game_current_turn(const AnyGame* game) {
  begin_reply();
  game->current_turn();
}
EMSCRIPTEN_KEEPALIVE std::int32_t fj_game_svg(const AnyGame* game, const std::int32_t* options, const char* title, std::int32_t size) {
  return game->svg(options, view(title, size));
}
EMSCRIPTEN_KEEPALIVE std::int32_t fj_game_record(const AnyGame* game, const std::int32_t* request, const char* strings, std::int32_t size) {
  return game->record(request, view(strings, size));
}

// ---- records -----------------------------------------------------------------------------------------

// Reads every game of a record text. Reply text: a JSON array with, per game, the record or
// {"error": ...}.
EMSCRIPTEN_KEEPALIVE void fj_read_records(const char* text, std::int32_t size) {
  std::istringstream in{std::string(view(text, size))};
  fa::RecordReader reader(in);
  std::string out = "[";
  bool first = true;
  while (reader.next()) {
    if (!first) out += ',';
    first = false;
    if (!reader.ok())
      append_record_error_json(out, reader.error());
    else
      std::visit([&out](const auto& record) { append_record_json(out, record); }, reader.record());
  }
  out += ']';
  begin_reply();
  reply.text = std::move(out);
}

// ---- the computer opponent ------------------------------------------------------------------------

EMSCRIPTEN_KEEPALIVE Engine* fj_engine_new(std::int32_t megabytes) {
  return new Engine(static_cast<std::size_t>(megabytes < 1 ? 1 : megabytes));
}
EMSCRIPTEN_KEEPALIVE void fj_engine_free(Engine* engine) { delete engine; }
EMSCRIPTEN_KEEPALIVE void fj_engine_set_level(Engine* engine, std::int32_t level, double seed) {
  engine->set_level(level, static_cast<std::uint64_t>(seed));
}
EMSCRIPTEN_KEEPALIVE void fj_engine_clear(Engine* engine) { engine->clear_all(); }
EMSCRIPTEN_KEEPALIVE std::int32_t fj_engine_think(Engine* engine, const AnyGame* game, const std::int32_t* request) {
  return game->think(*engine, request);
}
EMSCRIPTEN_KEEPALIVE std::int32_t fj_engine_evaluate(Engine* engine, const char* fen, std::int32_t size) {
  return on_position(fen, size, [engine](const auto& position) {
    using B = typename std::decay_t<decltype(position)>::board_type;
    put(engine->searcher<B>().evaluate(position));
    return 0;
  });
}

}  // extern "C"
