// fanorona for JavaScript: the library behind a small C interface that the package's ES
// module (index.js) wraps in JavaScript's style. Every rule, message, notation and result
// is the library's; this file only moves its answers across the WebAssembly boundary.
//
// The protocol: strings come in as (pointer, byte length) into buffers from `fj_input`; each
// call leaves its answer in one reply, a list of 32-bit integers and a text, which the module
// reads before the next call. Functions return 0 on success; on failure they return 1 and
// the reply's text is the error as JSON ({"code", "message", "offset", "values"}).
//
// Integer encodings (all read by index.js):
//   turn   size, from, then per step: to, capture (0 none, 1 approach, 2 withdrawal),
//          number of stones it captures, those points
//   step   from, to, capture, number of stones it captures (now), those points
//   list   count, then the items
#include "protocol.hpp"

#include <fanorona/record.hpp>
#include <fanorona/record_reader.hpp>
#include <fanorona/search/levels.hpp>

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

namespace fanorona_js {

// ---- games ------------------------------------------------------------------------------------

// The refusal of a turn or step after the end of the game (one copy for every board).
int fail_game_over(const fa::GameResult& result) {
  // The result as the library's vocabulary names it: "white_wins_no_stones", "draw_threefold_repetition"...
  const std::string_view outcome = result.outcome == fa::Outcome::white_wins ? "white_wins"
                                   : result.outcome == fa::Outcome::black_wins ? "black_wins"
                                                                               : "draw";
  const std::string_view reason = result.reason == fa::EndReason::no_stones       ? "no_stones"
                                  : result.reason == fa::EndReason::no_legal_turn ? "no_legal_turn"
                                                                                  : "threefold_repetition";
  return fail(fa::make_error(fa::ErrorCode::game_over, {{"result", std::string(outcome) + "_" + std::string(reason)}}));
}

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
  virtual int play_listed(std::int32_t index) = 0;
  virtual void summary() const = 0;
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

template <class B>
class GameOf final : public AnyGame {
 public:
  explicit GameOf(const fa::BasicPosition<B>& start) : game_(start), builder_(start) {}

  int board() const override { return board_number<B>(); }

  int reset(std::string_view fen) override {
    auto start = fen.empty() ? fa::Result<fa::BasicPosition<B>>(fa::BasicPosition<B>::initial()) : fa::BasicPosition<B>::from_fen(fen);
    if (!start) return fail(start.error());
    game_.reset(*start);
    builder_ = game_.begin_turn();
    redo_.clear();
    listed_.clear();
    begin_reply();
    return 0;
  }

  // The summary, then the stones of each side; text: the FEN, the result's sentence, the
  // start FEN.
  void state() const override {
    summary();
    put_points(game_.position().stones(fa::Color::white));
    put_points(game_.position().stones(fa::Color::black));
    reply.text = game_.position().to_fen() + "\n" + reply.text + "\n" + game_.start_position().to_fen();
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
    put_turn_list(game_.position(), &listed_);
  }

  // Plays turn `index` of the last legal_turns list (the module calls this only while the
  // game has not changed since).
  int play_listed(std::int32_t index) override {
    if (index < 0 || static_cast<std::size_t>(index) >= listed_.size()) return fail("stale_turn_list", "the turn list is out of date");
    const fa::BasicTurn<B> turn = listed_[static_cast<std::size_t>(index)];
    commit(turn);
    return 0;
  }

  // Outcome, reason, repetitions, turns played, turns to redo, steps of the turn in progress,
  // board, side to move, must capture: the state without the stones. Text: the result's
  // sentence.
  void summary() const override {
    const fa::GameResult result = game_.result();
    put_result<B>(result);
    put(game_.repetitions());
    put(static_cast<std::int32_t>(game_.turns().size()));
    put(static_cast<std::int32_t>(redo_.size()));
    put(static_cast<std::int32_t>(builder_.turn().size()));
    put(board_number<B>());
    put(static_cast<std::int32_t>(game_.position().side_to_move()));
    put_bool(!result.is_over() && fa::has_capture(game_.position()));
    reply.text = result.to_string();
  }

  int play(std::string_view text) override {
    if (game_.is_over()) return fail_game_over(game_.result());
    const auto turn = fa::parse_turn(game_.position(), text);
    if (!turn) return fail(turn.error());
    commit(*turn);
    return 0;
  }

  // A turn given as its steps: from, then (to, capture) pairs.
  int play_steps(const std::int32_t* steps, std::int32_t count) override {
    if (game_.is_over()) return fail_game_over(game_.result());
    if (count < 1) return fail(fa::make_error(fa::ErrorCode::turn_without_steps));
    fa::BasicTurnBuilder<B> check(game_.position());
    fa::Point at = static_cast<fa::Point>(steps[0]);
    for (std::int32_t i = 0; i < count; ++i) {
      const fa::Point to = static_cast<fa::Point>(steps[1 + 2 * i]);
      const std::int32_t kind = steps[2 + 2 * i];
      const std::optional<fa::Capture> capture = kind < 0 ? std::nullopt : std::optional<fa::Capture>(capture_of(kind));
      if (const fa::Status s = check.play_step(at, to, capture); !s) return fail(s.error());
      at = to;
    }
    commit(check.turn());
    return 0;
  }

  bool undo() override {
    builder_.reset();
    if (game_.turns().empty()) return false;
    listed_.clear();
    redo_.push_back(game_.turns().back());
    (void)game_.undo();
    builder_ = game_.begin_turn();
    return true;
  }

  int redo() override {
    if (redo_.empty()) return fail("nothing_to_redo", "there is no turn to redo");
    const fa::BasicTurn<B> turn = redo_.back();
    redo_.pop_back();
    listed_.clear();
    std::vector<fa::BasicTurn<B>> rest = std::move(redo_);
    if (const fa::Status s = game_.play(turn); !s) return fail(s.error());
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
    if (game_.is_over()) return fail_game_over(game_.result());
    const fa::Status s = builder_.check_stone(static_cast<fa::Point>(point));
    if (!s) return fail(s.error());
    return 0;
  }

  // Plays one step (kind: 0 paika, 1 approach, 2 withdrawal, -1 whichever is possible). When
  // the chain cannot go on, the turn is finished at once. Reply: 1 and the turn played when
  // the turn ended, else 0.
  int step(std::int32_t from, std::int32_t to, std::int32_t kind) override {
    if (game_.is_over()) return fail_game_over(game_.result());
    const std::optional<fa::Capture> capture = kind < 0 ? std::nullopt : std::optional<fa::Capture>(capture_of(kind));
    const fa::Status s = builder_.play_step(static_cast<fa::Point>(from), static_cast<fa::Point>(to), capture);
    if (!s) return fail(s.error());
    if (builder_.must_stop()) return finish();
    begin_reply();
    put(0);
    return 0;
  }

  bool undo_step() override { return builder_.undo_step(); }

  int finish() override {
    if (!builder_.can_stop()) return fail("no_step", "no step has been played yet: there is no turn to finish");
    const fa::BasicTurn<B> turn = builder_.turn();
    if (const fa::Status s = game_.play(turn); !s) return fail(s.error());
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
    put(builder_.stone().index());
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
      if (const fa::Status s = record.set_tag(name, value); !s) return fail(s.error());
    }
    for (std::int32_t i = 0; i < comments; ++i) {
      const std::string_view text = next();
      if (request[4 + i] < 0) return fail("invalid_argument", "a comment's place is a number of turns, from 0");
      if (const fa::Status s = record.add_comment(static_cast<std::size_t>(request[4 + i]), text); !s)
        return fail(s.error());
    }
    if (request[0] >= 0) {
      if (const fa::Status s = record.set_result(static_cast<fa::Outcome>(request[0]), static_cast<fa::Termination>(request[1])); !s)
        return fail(s.error());
    }
    begin_reply();
    reply.text = fa::to_string(record);
    return 0;
  }

  // request: 0 to choose as the level plays (then the clock: remaining ms, or -1 for none,
  // increment, turns to go), 1 to search (depth, nodes, milliseconds); then 1 to report each
  // completed iteration to index.js (its result in the reply), 0 not to.
  int think(Engine& engine, const std::int32_t* request) const override {
    if (game_.is_over()) return fail_game_over(game_.result());
    return fanorona_js::think(engine, game_, request);
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
    listed_.clear();
    if (!redo_.empty() && redo_.back() == turn)
      redo_.pop_back();
    else
      redo_.clear();
    builder_ = game_.begin_turn();
  }

  fa::BasicGame<B> game_;
  fa::BasicTurnBuilder<B> builder_;
  std::vector<fa::BasicTurn<B>> redo_;
  mutable std::vector<fa::BasicTurn<B>> listed_;  // the last legal_turns list, until the game changes
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
  out += ",\"tags\":";
  append_json_object(out, record.tags());
  out += ",\"turns\":[";
  bool first = true;
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

std::vector<char> inputs[4];

}  // namespace fanorona_js

using namespace fanorona_js;

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
EMSCRIPTEN_KEEPALIVE const char* fj_reply_text() { return reply.text.data(); }
EMSCRIPTEN_KEEPALIVE std::int32_t fj_reply_text_size() { return static_cast<std::int32_t>(reply.text.size()); }

// Bytes of the heap in use (allocated and not freed), for leak tests.
EMSCRIPTEN_KEEPALIVE double fj_heap_in_use() { return static_cast<double>(mallinfo().uordblks); }

// Every error code of the library with its English template: a JSON array of [code, template].
EMSCRIPTEN_KEEPALIVE void fj_error_catalog() {
  begin_reply();
  std::string& out = reply.text;
  out = "[";
  for (const fa::ErrorCode code : fa::all_error_codes) {
    if (out.size() > 1) out += ',';
    out += '[';
    append_json(out, fa::to_string(code));
    out += ',';
    append_json(out, fa::message_template(code));
    out += ']';
  }
  out += ']';
}

// The English message of the code named `code` with values given as name, value, ... each
// ending with a NUL byte. Fails for an unknown code.
EMSCRIPTEN_KEEPALIVE std::int32_t fj_format_message(const char* code, std::int32_t code_size, const char* values, std::int32_t size) {
  const auto known = fa::error_code_from_string(view(code, code_size));
  if (!known) return fail("unknown_error_code", "unknown error code '" + std::string(view(code, code_size)) + "'");
  std::vector<std::string> strings;
  const std::string_view all = view(values, size);
  for (std::size_t at = 0; at < all.size();) {
    const std::size_t end = all.find('\0', at);
    strings.emplace_back(all.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
    at = end == std::string_view::npos ? all.size() : end + 1;
  }
  // ErrorArg names are views: they point into `strings`, which outlives the call below.
  std::vector<fa::ErrorArg> args;
  for (std::size_t i = 0; i + 1 < strings.size(); i += 2) args.push_back(fa::ErrorArg{strings[i], strings[i + 1]});
  const std::string message = fa::format_message(*known, args);
  begin_reply();
  reply.text = message;
  return 0;
}

// The engine's levels, weakest first: [[name, description], ...] in JSON.
EMSCRIPTEN_KEEPALIVE void fj_levels() {
  begin_reply();
  std::string& out = reply.text;
  out = "[";
  for (int level = fa::min_level; level <= fa::max_level; ++level) {
    if (level > fa::min_level) out += ',';
    out += '[';
    append_json(out, fa::level_name(level));
    out += ',';
    append_json(out, fa::level_description(level));
    out += ']';
  }
  out += ']';
}

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
    for (const fa::Point p : fa::points(B::all))
      for (int d = 0; d < fa::direction_count; ++d) {
        const fa::Point q = B::neighbor[p][d];
        if (q == fa::no_point || q < p) continue;
        put(p.index());
        put(q.index());
        ++lines;
      }
    reply.ints[at] = lines;
    reply.text = fa::size_of<B>().to_string();
  });
}

EMSCRIPTEN_KEEPALIVE std::int32_t fj_board_of_fen(const char* fen, std::int32_t size) {
  const auto board = fa::board_size_of_fen(view(fen, size));
  if (!board) return fail(board.error());
  std::int32_t number = -1;
  const fa::Status known = fa::with_board(*board, [&](auto b) { number = board_number<decltype(b)>(); });
  if (!known) return fail(known.error());
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
    put_u64(fanorona_js::count_turns(position));
    return 0;
  });
}

EMSCRIPTEN_KEEPALIVE std::int32_t fj_perft(const char* fen, std::int32_t size, std::int32_t depth) {
  return on_position(fen, size, [&](const auto& position) {
    put_u64(fanorona_js::perft(position, depth));
    return 0;
  });
}

// Reply: a list of (turn, count as two halves).
EMSCRIPTEN_KEEPALIVE std::int32_t fj_divide(const char* fen, std::int32_t size, std::int32_t depth) {
  return on_position(fen, size, [&](const auto& position) {
    using B = typename std::decay_t<decltype(position)>::board_type;
    const std::size_t at = reply.ints.size();
    put(0);
    std::int32_t count = 0;
    fa::for_each_turn(position, [&](const fa::BasicTurn<B>& turn) {
      put_turn(turn);
      put_u64(fanorona_js::perft(position.after(turn), depth - 1));
      ++count;
    });
    reply.ints[at] = count;
    return 0;
  });
}

EMSCRIPTEN_KEEPALIVE std::int32_t fj_engine_evaluate(Engine* engine, const char* fen, std::int32_t size) {
  return on_position(fen, size, [engine](const auto& position) {
    put(fanorona_js::evaluate(*engine, position));
    return 0;
  });
}

// Reads a turn against the position; reply: the position after it, then the turn.
EMSCRIPTEN_KEEPALIVE std::int32_t fj_parse_turn(const char* fen, std::int32_t size, const char* text, std::int32_t text_size) {
  return on_position(fen, size, [&](const auto& position) {
    const auto turn = fa::parse_turn(position, view(text, text_size));
    if (!turn) return fail(turn.error());
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
      status = fail(step.error());
      return;
    }
    begin_reply();
    put(step->from.index());
    put(step->to.index());
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
      if (!parsed) return fail(parsed.error());
      turn = fa::transform(s, *parsed, image);
    }
    put_position(image);
    if (turn) put_turn(*turn);
    return 0;
  });
}

EMSCRIPTEN_KEEPALIVE std::int32_t fj_transform_point(std::int32_t board, std::int32_t symmetry, std::int32_t point) {
  std::int32_t image = -1;
  with_board_number(board, [&](auto b) { image = fa::transform<decltype(b)>(static_cast<fa::Symmetry>(symmetry & 3), static_cast<fa::Point>(point)).index(); });
  return image;
}

// A position drawn as SVG. options: see GameOf::svg_options; a turn text to draw on it.
EMSCRIPTEN_KEEPALIVE std::int32_t fj_svg(const char* fen, std::int32_t size, const std::int32_t* options, const char* turn_text,
                                         std::int32_t turn_size, const char* title, std::int32_t title_size) {
  return on_position(fen, size, [&](const auto& position) {
    using B = typename std::decay_t<decltype(position)>::board_type;
    fa::BasicSvgOptions<B> o = svg_options<B>(options, view(title, title_size));
    if (turn_size > 0) {
      const auto turn = fa::parse_turn(position, view(turn_text, turn_size));
      if (!turn) return fail(turn.error());
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
    fail(game.error());
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
EMSCRIPTEN_KEEPALIVE void fj_game_summary(const AnyGame* game) {
  begin_reply();
  game->summary();
}
EMSCRIPTEN_KEEPALIVE std::int32_t fj_game_play_listed(AnyGame* game, std::int32_t index) { return game->play_listed(index); }
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
  while (const auto game = reader.next()) {
    if (!first) out += ',';
    first = false;
    if (*game) {
      std::visit([&out](const auto& record) { append_record_json(out, record); }, game->value());
      continue;
    }
    out += "{\"error\":";
    append_error_json(out, game->error());
    out += ",\"game\":" + std::to_string(reader.game_number()) + '}';
  }
  out += ']';
  begin_reply();
  reply.text = std::move(out);
}

// ---- the computer opponent ------------------------------------------------------------------------

EMSCRIPTEN_KEEPALIVE std::int32_t fj_engine_think(Engine* engine, const AnyGame* game, const std::int32_t* request) {
  return game->think(*engine, request);
}
}  // extern "C"
