// fanorona for JavaScript: what the two halves of the module share (see bindings.cpp for
// the protocol). hot.cpp holds the turn generator, perft and the search, compiled for speed;
// bindings.cpp holds the rest, compiled for size.
#ifndef FANORONA_JS_PROTOCOL_HPP
#define FANORONA_JS_PROTOCOL_HPP

#include <fanorona/any_board.hpp>
#include <fanorona/error.hpp>
#include <fanorona/fanorona.hpp>
#include <fanorona/svg.hpp>

#include <bitset>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace fanorona_js {

namespace fa = fanorona;

// ---- the reply ------------------------------------------------------------------------------

struct Reply {
  std::vector<std::int32_t> ints;
  std::string text;
};
inline Reply reply;

inline void begin_reply() {
  reply.ints.clear();
  reply.text.clear();
}

inline void put(std::int32_t value) { reply.ints.push_back(value); }
inline void put_bool(bool value) { reply.ints.push_back(value ? 1 : 0); }
// A 64-bit count as two 32-bit halves, low first.
inline void put_u64(std::uint64_t value) {
  put(static_cast<std::int32_t>(static_cast<std::uint32_t>(value & 0xFFFFFFFFU)));
  put(static_cast<std::int32_t>(static_cast<std::uint32_t>(value >> 32)));
}
inline void put_points(fa::Bitboard set) {
  put(static_cast<std::int32_t>(std::bitset<64>(set).count()));
  for (const fa::Point p : fa::points(set)) put(p.index());
}

// JSON string of `text`; control characters as \u00XX.
inline void append_json(std::string& out, std::string_view text) {
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

// A JSON object of name-value pairs (tags, an error's values): each item has `name` and `value`.
template <class Items>
void append_json_object(std::string& out, const Items& items) {
  out += '{';
  bool first = true;
  for (const auto& item : items) {
    if (!first) out += ',';
    first = false;
    append_json(out, item.name);
    out += ':';
    append_json(out, item.value);
  }
  out += '}';
}

// The library's `error` as a JSON object: its code, message, place and values.
inline void append_error_json(std::string& out, const fa::Error& error) {
  out += "{\"code\":";
  append_json(out, fa::to_string(error.code));
  out += ",\"message\":";
  append_json(out, error.message);
  out += ",\"offset\":";
  out += error.offset == fa::Error::npos ? std::string("null") : std::to_string(error.offset);
  if (error.line > 0) out += ",\"line\":" + std::to_string(error.line) + ",\"column\":" + std::to_string(error.column);
  out += ",\"values\":";
  append_json_object(out, error.args);
  out += '}';
}

// Fails the call with the library's `error`.
inline int fail(const fa::Error& error) {
  begin_reply();
  reply.text.clear();
  append_error_json(reply.text, error);
  return 1;
}

// Fails the call with a refusal of this module's own (a freed object, nothing to redo...):
// `code` is not one of the library's.
inline int fail(std::string_view code, std::string_view message) {
  begin_reply();
  reply.text = "{\"code\":";
  append_json(reply.text, code);
  reply.text += ",\"message\":";
  append_json(reply.text, message);
  reply.text += ",\"offset\":null,\"values\":{}}";
  return 1;
}

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

inline std::string_view view(const char* text, std::int32_t size) {
  return text == nullptr || size <= 0 ? std::string_view{} : std::string_view(text, static_cast<std::size_t>(size));
}

inline fa::Capture capture_of(std::int32_t kind) {
  return kind == 1 ? fa::Capture::approach : kind == 2 ? fa::Capture::withdrawal : fa::Capture::none;
}

template <class B>
void put_turn(const fa::BasicTurn<B>& turn) {
  put(turn.size());
  put(turn.empty() ? -1 : turn.from().index());
  for (int i = 0; i < turn.size(); ++i) {
    const fa::Step s = turn.step(i);
    put(s.to.index());
    put(static_cast<std::int32_t>(s.capture));
    put_points(turn.captured_by_step(i));
  }
}

template <class B>
void put_steps(const fa::BasicTurnBuilder<B>& builder, const fa::BasicStepList<B>& steps) {
  put(static_cast<std::int32_t>(steps.size()));
  for (const fa::Step& s : steps) {
    put(s.from.index());
    put(s.to.index());
    put(static_cast<std::int32_t>(s.capture));
    put_points(builder.captured_by(s));
  }
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
  if (!read) return fail(read.error());
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

// ---- what hot.cpp defines, for each board -----------------------------------------------------

class Engine;

// Every legal turn of `position`, as a list of turns; also kept in `keep` when given.
template <class B>
void put_turn_list(const fa::BasicPosition<B>& position, std::vector<fa::BasicTurn<B>>* keep = nullptr);

// The number of legal turns, perft, and the engine's static evaluation.
template <class B>
std::uint64_t count_turns(const fa::BasicPosition<B>& position);
template <class B>
std::uint64_t perft(const fa::BasicPosition<B>& position, int depth);
template <class B>
int evaluate(Engine& engine, const fa::BasicPosition<B>& position);

// Searches `game` (request: see GameOf::think in bindings.cpp) and puts the result.
template <class B>
int think(Engine& engine, const fa::BasicGame<B>& game, const std::int32_t* request);

}  // namespace fanorona_js

#endif  // FANORONA_JS_PROTOCOL_HPP
