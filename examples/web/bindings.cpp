// The library for JavaScript: the game a page plays and the computer opponent, through
// embind. Every rule (legal steps, previews, messages, notation, FEN, results) is the
// library's; this file only turns its answers into JSON for the page (docs/web.md).
#include <fanorona/any_board.hpp>
#include <fanorona/error.hpp>
#include <fanorona/fanorona.hpp>
#include <fanorona/record.hpp>
#include <fanorona/record_reader.hpp>
#include <fanorona/search.hpp>

#include <emscripten/bind.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

// A small JSON writer: strings escaped, values appended in order.
std::string quoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// A refusal as the page reads it: {"code", "values", "message"}. The page translates the code
// (its lower_snake name) with its values; the message (the library's English) is shown only
// for a code it has no words for. An empty string means success.
std::string error_json(const fanorona::Error& e) {
  std::string values = "{";
  for (const fanorona::ErrorArg& arg : e.args) {
    if (values.size() > 1) values += ',';
    values += quoted(arg.name) + ":" + quoted(arg.value);
  }
  return "{\"code\":" + quoted(fanorona::to_string(e.code)) + ",\"values\":" + values + "},\"message\":" + quoted(e.message) + "}";
}

// The codes the page translates for a finished game's result.
const char* outcome_code(fanorona::Outcome o) {
  switch (o) {
    case fanorona::Outcome::white_wins: return "white_wins";
    case fanorona::Outcome::black_wins: return "black_wins";
    case fanorona::Outcome::draw: return "draw";
    case fanorona::Outcome::ongoing: break;
  }
  return "ongoing";
}
const char* reason_code(fanorona::EndReason r) {
  switch (r) {
    case fanorona::EndReason::no_stones: return "no_stones";
    case fanorona::EndReason::no_legal_turn: return "no_legal_turn";
    case fanorona::EndReason::threefold_repetition: return "threefold_repetition";
    case fanorona::EndReason::none: break;
  }
  return "none";
}

template <class B>
std::string points_json(fanorona::Bitboard set) {
  std::string out = "[";
  for (const fanorona::Point p : fanorona::points(set)) {
    if (out.size() > 1) out += ',';
    out += std::to_string(p.index());
  }
  return out + "]";
}

// The page's code for a capture kind, the mark the notation uses (empty for a paika move).
std::string capture_letter(fanorona::Capture c) {
  return c == fanorona::Capture::approach ? "A" : c == fanorona::Capture::withdrawal ? "W" : "";
}

// One step as the page uses it: points, capture kind, its name, and what it would take.
template <class B>
std::string step_json(const fanorona::BasicTurnBuilder<B>& builder, const fanorona::Step& s) {
  return "{\"from\":" + std::to_string(s.from.index()) + ",\"to\":" + std::to_string(s.to.index()) + ",\"capture\":" +
         quoted(capture_letter(s.capture)) + ",\"name\":" + quoted(fanorona::to_string<B>(s)) +
         ",\"captures\":" + points_json<B>(builder.captured_by(s)) + "}";
}

template <class B>
std::string turn_json(const fanorona::BasicTurn<B>& turn) {
  std::string path = "[";
  if (!turn.empty()) {
    path += std::to_string(turn.from().index());
    for (int i = 0; i < turn.size(); ++i) path += "," + std::to_string(turn.step(i).to.index());
  }
  return "{\"text\":" + quoted(turn.empty() ? "" : turn.to_string()) + ",\"path\":" + path + "],\"captured\":" +
         points_json<B>(turn.captured()) + "}";
}

// The board-independent face of a game in progress, as the page sees it.
class Session {
 public:
  virtual ~Session() = default;
  virtual std::string board() const = 0;
  virtual std::string state() const = 0;
  virtual std::string check_stone(int point) const = 0;
  virtual std::string steps_from(int point) const = 0;
  virtual std::string step(int from, int to, std::string_view kind) = 0;
  virtual bool undo_step() = 0;
  virtual std::string finish() = 0;
  virtual std::string play(std::string_view text) = 0;
  virtual bool undo_turn() = 0;
  virtual std::string record() const = 0;
  virtual std::string record_file(const std::string& white, const std::string& black, const std::string& date) const = 0;
};

template <class B>
class BoardSession final : public Session {
 public:
  explicit BoardSession(const fanorona::BasicPosition<B>& start) : game_(start), builder_(start) {}

  // The board's geometry for drawing: size, point names and the lines between points.
  std::string board() const override {
    std::string names = "[", lines = "[";
    for (const fanorona::Point p : fanorona::points(B::all)) {
      if (p.index() > 0) names += ',';
      names += quoted(B::point_name(p));
      for (int d = 0; d < fanorona::direction_count; ++d) {
        const fanorona::Point q = B::neighbor[p][d];
        if (q == fanorona::no_point || q < p) continue;
        if (lines.size() > 1) lines += ',';
        lines += "[" + std::to_string(p.index()) + "," + std::to_string(q.index()) + "]";
      }
    }
    return "{\"width\":" + std::to_string(B::width) + ",\"height\":" + std::to_string(B::height) + ",\"size\":" +
           quoted(fanorona::size_of<B>().to_string()) + ",\"names\":" + names + "],\"lines\":" + lines + "]}";
  }

  std::string state() const override {
    const auto& now = builder_.position();
    const fanorona::GameResult result = game_.result();
    std::string moves = "[";
    for (std::size_t i = 0; i < game_.turns().size(); ++i) {
      if (i > 0) moves += ',';
      moves += quoted(game_.turns()[i].to_string());
    }
    std::string legal = "[";
    fanorona::Bitboard movable = 0;
    if (!result.is_over())
      for (const fanorona::Step& s : builder_.legal_steps()) {
        if (legal.size() > 1) legal += ',';
        legal += step_json(builder_, s);
        movable |= fanorona::point_set(s.from);
      }
    const fanorona::Color mover = game_.position().side_to_move();
    return std::string("{\"fen\":") + quoted(game_.position().to_fen()) + ",\"startFen\":" + quoted(game_.start_position().to_fen()) +
           ",\"side\":" + quoted(fanorona::color_name(mover)) + ",\"white\":" + points_json<B>(now.stones(fanorona::Color::white)) +
           ",\"black\":" + points_json<B>(now.stones(fanorona::Color::black)) + ",\"over\":" + (result.is_over() ? "true" : "false") +
           ",\"result\":" + quoted(result.to_string()) + ",\"outcome\":\"" + outcome_code(result.outcome) +
           "\",\"reason\":\"" + reason_code(result.reason) + "\"" + ",\"moves\":" + moves + "],\"last\":" +
           turn_json(game_.turns().empty() ? fanorona::BasicTurn<B>{} : game_.turns().back()) + ",\"current\":" +
           turn_json(builder_.turn()) + ",\"stone\":" + std::to_string(builder_.stone().index()) +
           ",\"canStop\":" + (builder_.can_stop() ? "true" : "false") + ",\"mustStop\":" + (builder_.must_stop() ? "true" : "false") +
           ",\"mustCapture\":" + (fanorona::has_capture(game_.position()) ? "true" : "false") + ",\"movable\":" +
           points_json<B>(movable) + ",\"legal\":" + legal + "]}";
  }

  std::string check_stone(int point) const override {
    if (game_.is_over()) return over_json();
    const fanorona::Status s = builder_.check_stone(static_cast<fanorona::Point>(point));
    return s ? std::string() : error_json(s.error());
  }

  std::string steps_from(int point) const override {
    std::string out = "[";
    for (const fanorona::Step& s : builder_.legal_steps_from(static_cast<fanorona::Point>(point))) {
      if (out.size() > 1) out += ',';
      out += step_json(builder_, s);
    }
    return out + "]";
  }

  // One step; the kind is "A", "W", "" (paika) or "?" (whichever is possible).
  std::string step(int from, int to, std::string_view kind) override {
    if (game_.is_over()) return over_json();
    std::optional<fanorona::Capture> capture;
    if (kind == "A") capture = fanorona::Capture::approach;
    if (kind == "W") capture = fanorona::Capture::withdrawal;
    if (kind.empty()) capture = fanorona::Capture::none;
    const fanorona::Status s =
        builder_.play_step(static_cast<fanorona::Point>(from), static_cast<fanorona::Point>(to), capture);
    if (!s) return error_json(s.error());
    return builder_.must_stop() ? finish() : std::string();
  }

  bool undo_step() override { return builder_.undo_step(); }

  std::string finish() override {
    if (!builder_.can_stop())
      return "{\"code\":\"no_step_yet\",\"values\":{},\"message\":\"no step has been played yet: pick a stone and a point\"}";
    const fanorona::Status s = game_.play(builder_.turn());
    if (!s) return error_json(s.error());
    builder_ = game_.begin_turn();
    return {};
  }

  std::string play(std::string_view text) override {
    builder_.reset();
    const auto played = game_.play(text);
    if (!played) return error_json(played.error());
    builder_ = game_.begin_turn();
    return {};
  }

  bool undo_turn() override {
    if (builder_.turn().size() > 0) {
      builder_.reset();
      return true;
    }
    if (!game_.undo()) return false;
    builder_ = game_.begin_turn();
    return true;
  }

  // The game as a record file (docs/records.md), with the players' names and the date.
  std::string record_file(const std::string& white, const std::string& black, const std::string& date) const override {
    fanorona::BasicGameRecord<B> file(game_);
    (void)file.set_tag("Site", "fanorona page");
    (void)file.set_tag("White", white);
    (void)file.set_tag("Black", black);
    (void)file.set_tag("Date", date);
    return fanorona::to_string(file);
  }

  // Replays `turns` from the start; stops at the first refused one with its error.
  template <class Turns>
  std::string replay(const Turns& turns) {
    for (const auto& turn : turns)
      if (const fanorona::Status s = game_.play(turn); !s) return error_json(s.error());
    builder_ = game_.begin_turn();
    return {};
  }

  std::string record() const override {
    std::string out;
    for (std::size_t i = 0; i < game_.turns().size(); ++i) {
      if (i % 2 == 0) out += (i > 0 ? " " : "") + std::to_string(i / 2 + 1) + ".";
      out += " " + game_.turns()[i].to_string();
    }
    return out;
  }

 private:
  // The refusal of any move once the game has ended, with its result as values.
  std::string over_json() const {
    const fanorona::GameResult r = game_.result();
    return std::string("{\"code\":\"game_over\",\"values\":{\"outcome\":\"") + outcome_code(r.outcome) +
           "\",\"reason\":\"" + reason_code(r.reason) + "\"},\"message\":" + quoted("the game is over (" + r.to_string() + ")") + "}";
  }

  fanorona::BasicGame<B> game_;
  fanorona::BasicTurnBuilder<B> builder_;
};

// The page's game: a session on the board of the FEN it was started from.
class WebGame {
 public:
  WebGame() { start(fanorona::Position::initial().to_fen()); }

  // Starts a game from `fen` (any board); on error returns the library's message and keeps
  // the game as it was.
  std::string start(const std::string& fen) {
    std::unique_ptr<Session> next;
    const fanorona::Status s = fanorona::with_position(fen, [&](const auto& position) {
      using Board = typename std::decay_t<decltype(position)>::board_type;
      next = std::make_unique<BoardSession<Board>>(position);
    });
    if (!s) return error_json(s.error());
    session_ = std::move(next);
    return {};
  }

  // The initial position of a board ("9x5", "5x5", "3x3"), as a FEN; empty if no such board.
  // Starts the game of a record file (the first game of `text`, of any board): its start
  // position and its turns. On error returns the reader's message and keeps the game.
  std::string load_record(const std::string& text) {
    std::istringstream in(text);
    fanorona::RecordReader reader(in);
    const auto game = reader.next();
    if (!game)
      return "{\"code\":\"record_empty\",\"values\":{},\"message\":\"no game: the text holds only blanks and comments\"}";
    if (!*game) {
      const fanorona::Error& e = game->error();
      return "{\"code\":\"\",\"values\":{\"line\":" + std::to_string(e.line) + ",\"column\":" + std::to_string(e.column) +
             "},\"message\":" + quoted(fanorona::to_string(e)) + "}";
    }
    std::unique_ptr<Session> next;
    std::string why;
    std::visit(
        [&](const auto& file) {
          using Board = typename std::decay_t<decltype(file)>::board_type;
          auto session = std::make_unique<BoardSession<Board>>(file.start_position());
          why = session->replay(file.turns());
          next = std::move(session);
        },
        game->value());
    if (!why.empty()) return why;
    session_ = std::move(next);
    return {};
  }

  static std::string initial_fen(const std::string& size) {
    std::string fen;
    const auto parsed = fanorona::parse_board_size(size);
    if (!parsed) return fen;
    (void)fanorona::with_board(*parsed, [&](auto board) {
      fen = fanorona::BasicPosition<decltype(board)>::initial().to_fen();
    });
    return fen;
  }

  std::string board() const { return session_->board(); }
  std::string state() const { return session_->state(); }
  std::string check_stone(int point) const { return session_->check_stone(point); }
  std::string steps_from(int point) const { return session_->steps_from(point); }
  std::string step(int from, int to, const std::string& kind) { return session_->step(from, to, kind); }
  bool undo_step() { return session_->undo_step(); }
  std::string finish() { return session_->finish(); }
  std::string play(const std::string& text) { return session_->play(text); }
  bool undo_turn() { return session_->undo_turn(); }
  std::string record() const { return session_->record(); }
  std::string record_file(const std::string& white, const std::string& black, const std::string& date) const {
    return session_->record_file(white, black, date);
  }

 private:
  std::unique_ptr<Session> session_;
};

// The computer opponent, for the Web Worker: replays the game (so that it sees repetitions)
// and chooses a turn at a level. One searcher per board, kept between calls.
class WebEngine {
 public:
  // `moves` is the game's turns in notation separated by spaces. Returns JSON: the turn
  // chosen, its score, the depth, nodes and milliseconds; or {"error": message}.
  std::string choose(const std::string& start_fen, const std::string& moves, int level, double seed) {
    std::string out;
    const fanorona::Status s = fanorona::with_position(start_fen, [&](const auto& position) {
      using Board = typename std::decay_t<decltype(position)>::board_type;
      out = choose_on(searcher<Board>(), fanorona::BasicGame<Board>(position), moves, level, seed);
    });
    return s ? out : "{\"error\":" + quoted(s.error().message) + "}";
  }

  // perft from `fen` to `depth`, for measuring the speed of the WebAssembly build; -1 on a bad FEN.
  static double perft(const std::string& fen, int depth) {
    double nodes = -1;
    (void)fanorona::with_position(fen, [&](const auto& position) {
      nodes = static_cast<double>(fanorona::perft(position, depth));
    });
    return nodes;
  }

 private:
  template <class B>
  static std::string choose_on(fanorona::BasicSearcher<B>& engine, fanorona::BasicGame<B> game, const std::string& moves,
                               int level, double seed) {
    std::string_view rest = moves;
    while (!rest.empty()) {
      const std::size_t space = rest.find(' ');
      const std::string_view text = rest.substr(0, space);
      if (!text.empty())
        if (const auto played = game.play(text); !played) return "{\"error\":" + quoted(played.error().message) + "}";
      rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
    }
    if (game.is_over()) return "{\"error\":" + quoted("the game is over (" + game.result().to_string() + ")") + "}";
    engine.set_level(level, static_cast<std::uint64_t>(seed));
    const auto r = engine.choose(game);
    std::string steps = "[";
    for (int i = 0; i < r.best.size(); ++i) {
      const fanorona::Step& s = r.best.step(i);
      if (i > 0) steps += ',';
      steps += "{\"from\":" + std::to_string(s.from.index()) + ",\"to\":" + std::to_string(s.to.index()) + ",\"capture\":" +
               quoted(capture_letter(s.capture)) + "}";
    }
    return "{\"turn\":" + quoted(r.best.to_string()) + ",\"steps\":" + steps + "]" + ",\"score\":" + quoted(r.score_string()) + ",\"depth\":" +
           std::to_string(r.depth) + ",\"nodes\":" + std::to_string(r.nodes) + ",\"ms\":" + std::to_string(r.milliseconds) + "}";
  }

  template <class B>
  fanorona::BasicSearcher<B>& searcher() {
    if constexpr (std::is_same_v<B, fanorona::Tsivy>) {
      if (!tsivy_) tsivy_ = std::make_unique<fanorona::BasicSearcher<B>>(16);
      return *tsivy_;
    } else if constexpr (std::is_same_v<B, fanorona::Dimy>) {
      if (!dimy_) dimy_ = std::make_unique<fanorona::BasicSearcher<B>>(8);
      return *dimy_;
    } else {
      if (!telo_) telo_ = std::make_unique<fanorona::BasicSearcher<B>>(1);
      return *telo_;
    }
  }

  std::unique_ptr<fanorona::BasicSearcher<fanorona::Tsivy>> tsivy_;
  std::unique_ptr<fanorona::BasicSearcher<fanorona::Dimy>> dimy_;
  std::unique_ptr<fanorona::BasicSearcher<fanorona::Telo>> telo_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(fanorona) {
  emscripten::class_<WebGame>("Game")
      .constructor<>()
      .class_function("initialFen", &WebGame::initial_fen)
      .function("start", &WebGame::start)
      .function("board", &WebGame::board)
      .function("state", &WebGame::state)
      .function("checkStone", &WebGame::check_stone)
      .function("stepsFrom", &WebGame::steps_from)
      .function("step", &WebGame::step)
      .function("undoStep", &WebGame::undo_step)
      .function("finish", &WebGame::finish)
      .function("play", &WebGame::play)
      .function("undoTurn", &WebGame::undo_turn)
      .function("record", &WebGame::record)
      .function("recordFile", &WebGame::record_file)
      .function("loadRecord", &WebGame::load_record);
  emscripten::class_<WebEngine>("Engine")
      .constructor<>()
      .function("choose", &WebEngine::choose)
      .class_function("perft", &WebEngine::perft);
  // Every error code with its English template, so that a front end can check its own words.
  emscripten::function("errorCatalog", emscripten::optional_override([] {
    std::string out = "[";
    for (const fanorona::ErrorCode code : fanorona::all_error_codes) {
      if (out.size() > 1) out += ',';
      out += "{\"code\":" + quoted(fanorona::to_string(code)) + ",\"template\":" + quoted(fanorona::message_template(code)) + "}";
    }
    return out + "]";
  }));
  emscripten::function("version", emscripten::optional_override([] { return std::string(fanorona::version_string); }));
}
