// Every error code the rules, the notation, the games, the records, the instruction sets and
// the environment's core can give, each from an input that gives it: the code and the arguments must be these, and
// the message must be the code's template filled with them.
#include "catch.hpp"

#include <fanorona/any_board.hpp>
#include <fanorona/env.hpp>
#include <fanorona/fanorona.hpp>
#include <fanorona/record.hpp>
#include <fanorona/record_reader.hpp>

#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace {

using fanorona::Capture;
using fanorona::Error;
using fanorona::ErrorCode;
using fanorona::parse_point;
using Args = std::vector<std::pair<std::string, std::string>>;

constexpr const char* lone_capture = "9/9/9/9/WW1B5 W";  // b1-c1A takes d1, Black's only stone
constexpr const char* lone_stones = "9/9/9/9/W7B W";     // no capture anywhere

struct Case {
  std::function<Error()> make;
  ErrorCode code;
  Args args;
  const char* context;  // before the template's text in the message
};

fanorona::Position position(const char* fen) { return fanorona::Position::from_fen(fen).value(); }

template <class R>
Error error_of(const R& result) {
  REQUIRE_FALSE(result.has_value());
  return result.error();
}

Error turn_error(const char* fen, const char* text) { return error_of(fanorona::parse_turn(position(fen), text)); }
Error fen_error(const char* fen) { return error_of(fanorona::Position::from_fen(fen)); }
Error record_error(const char* text) { return error_of(fanorona::parse_record(text)); }
Error step_error(const char* text) { return error_of(fanorona::parse_step(text)); }

Error builder_error(const char* fen, const std::function<fanorona::Status(fanorona::TurnBuilder&)>& act) {
  fanorona::TurnBuilder builder(position(fen));
  return error_of(act(builder));
}

// The environment after `turns` paika moves back and forth on a board of two stones, with a
// limit of `turns` turns: a truncated episode.
Error truncated_env_error(int turns) {
  fanorona::Env env(turns, position(lone_stones));
  const char* path[][2] = {{"a1", "b1"}, {"i1", "h1"}, {"b1", "a1"}, {"h1", "i1"}};
  for (int t = 0; t < turns; ++t) {
    const fanorona::Step step{parse_point(path[t % 4][0]), parse_point(path[t % 4][1]), Capture::none};
    REQUIRE(env.step(fanorona::ActionSpace::encode(step)).has_value());
  }
  return error_of(env.check(0));
}

// A whole turn offered to the environment while a chain is half played: f1-f2A may go on.
Error turn_in_progress_error() {
  fanorona::Env env(200, position("B1B2WB1B/1B2B1B2/BBBBBBB1B/B2B2B1B/WBB1WW1BW W"));
  const fanorona::Step first{parse_point("f1"), parse_point("f2"), Capture::approach};
  const auto stepped = env.step(fanorona::ActionSpace::encode(first));
  REQUIRE(stepped.has_value());
  REQUIRE_FALSE(stepped->turn_ended);
  return error_of(env.play_turn(fanorona::Turn{}));
}

Error tag_error(const char* name, const char* value) { return error_of(fanorona::GameRecord().set_tag(name, value)); }

const std::string start = fanorona::Position::initial().to_fen();

std::vector<Case> cases() {
  const char* s = start.c_str();
  return {
      // Turns and steps
      {[=] { return turn_error(s, "e3-e4"); }, ErrorCode::no_stone, {{"point", "e3"}}, ""},
      {[=] { return turn_error(s, "e4-e3"); }, ErrorCode::not_your_stone, {{"point", "e4"}, {"color", "black"}, {"mover", "white"}}, ""},
      {[] { return builder_error(lone_stones, [](auto& b) { return b.check_stone(fanorona::Point(fanorona::Tsivy::size)); }); }, ErrorCode::point_off_board, {}, ""},
      {[] { return builder_error(lone_stones, [](auto& b) { return b.play(fanorona::Step{fanorona::Point(99), fanorona::Point(1), Capture::none}); }); }, ErrorCode::step_starts_off_board, {}, ""},
      {[] { return builder_error(lone_stones, [](auto& b) { return b.play(fanorona::Step{fanorona::Point(0), fanorona::Point(46), Capture::none}); }); }, ErrorCode::step_ends_off_board, {}, ""},
      {[] { return turn_error(lone_stones, "a1-b1-c1"); }, ErrorCode::paika_ends_turn, {}, ""},
      {[=] { return builder_error(s, [](auto& b) { (void)b.play_step(parse_point("d3"), parse_point("e3"), Capture::approach); return b.check_stone(parse_point("f2")); }); },
       ErrorCode::not_moving_stone, {{"point", "e3"}}, ""},
      {[] { return builder_error(lone_capture, [](auto& b) { (void)b.play(parse_point("b1"), parse_point("c1")); return b.check_stone(parse_point("c1")); }); },
       ErrorCode::chain_over, {{"point", "c1"}}, ""},
      {[] { return builder_error(lone_capture, [](auto& b) { return b.check_stone(parse_point("a1")); }); },
       ErrorCode::stone_must_capture, {{"point", "a1"}, {"capture", "b1-c1A"}}, ""},
      {[] { return builder_error("9/9/9/WWW6/WWW5B W", [](auto& b) { return b.check_stone(parse_point("a1")); }); },
       ErrorCode::stone_blocked, {{"point", "a1"}}, ""},
      {[=] { return turn_error(s, "d3-e4"); }, ErrorCode::weak_point, {{"point", "d3"}}, ""},
      {[=] { return turn_error(s, "d2-e4"); }, ErrorCode::not_neighbors, {{"from", "d2"}, {"to", "e4"}}, ""},
      {[=] { return turn_error(s, "a1-a2"); }, ErrorCode::point_occupied, {{"point", "a2"}}, ""},
      {[=] { return turn_error(s, "d3-e3A-d3A"); }, ErrorCode::revisited_point, {{"point", "d3"}}, ""},
      {[=] { return turn_error(s, "d3-e3A-f3"); }, ErrorCode::same_direction, {{"step", "e3-f3"}, {"direction", "east"}}, ""},
      {[] { return turn_error(lone_capture, "b1-c1A-c2"); }, ErrorCode::chain_needs_capture, {{"step", "c1-c2"}}, ""},
      {[] { return turn_error(lone_capture, "b1-b2"); }, ErrorCode::capture_compulsory, {{"step", "b1-b2"}, {"capture", "b1-c1A"}}, ""},
      {[] { return builder_error(lone_capture, [](auto& b) { return b.play(fanorona::Step{parse_point("b1"), parse_point("c1"), Capture::none}); }); },
       ErrorCode::unmarked_capture, {{"step", "b1-c1"}, {"kind", "approach"}, {"capture", "b1-c1A"}}, ""},
      {[] { return turn_error(lone_stones, "a1-b1W"); }, ErrorCode::captures_nothing, {{"step", "a1-b1"}, {"kind", "withdrawal"}}, ""},
      {[=] { return turn_error(s, "d3-e3"); }, ErrorCode::ambiguous_capture, {{"step", "d3-e3"}}, ""},
      {[] { return turn_error("9/9/9/9/BW7 W", "b1-c1A"); }, ErrorCode::no_approach_capture, {{"step", "b1-c1"}, {"color", "black"}, {"to", "c1"}}, ""},
      {[=] { return turn_error(s, "e2-e3W"); }, ErrorCode::no_withdrawal_capture, {{"step", "e2-e3"}, {"color", "black"}, {"from", "e2"}}, ""},
      {[] { fanorona::Game g; return error_of(g.play(fanorona::Turn{})); }, ErrorCode::turn_without_steps, {}, ""},
      {[] { auto g = fanorona::Game::from_fen("9/9/9/BB7/WB7 W").value(); return error_of(g.play("a1-b1")); },
       ErrorCode::game_over, {{"result", "black_wins_no_legal_turn"}}, ""},
      // Positions and FEN
      {[] { return error_of(fanorona::Position::from_stones(fanorona::Bitboard{1} << 50, 0, fanorona::Color::white)); },
       ErrorCode::position_stone_off_board, {}, ""},
      {[] { return error_of(fanorona::Position::from_stones(1, 1, fanorona::Color::white)); }, ErrorCode::position_point_taken_twice, {}, ""},
      {[] { return fen_error("BBBBBBBBB/BBBBBBBBB/BBBBB4/9/9 W"); }, ErrorCode::position_too_many_stones,
       {{"color", "black"}, {"count", "23"}, {"limit", "22"}}, ""},
      {[] { return fen_error("  "); }, ErrorCode::fen_empty, {}, ""},
      {[] { return error_of(fanorona::board_size_of_fen("")); }, ErrorCode::fen_empty, {}, ""},
      {[] { return fen_error("9/9/9/9 W"); }, ErrorCode::fen_missing_slash, {{"rank", "2"}, {"count", "5"}}, ""},
      {[] { return fen_error("9/9/9/9/9/9 W"); }, ErrorCode::fen_too_many_ranks, {{"count", "5"}}, ""},
      {[] { return fen_error("9/9/9/9/9"); }, ErrorCode::fen_missing_space, {}, ""},
      {[] { return fen_error("9/9/9/9/9 "); }, ErrorCode::fen_missing_side, {}, ""},
      {[] { return fen_error("9/9/9/9/9 b"); }, ErrorCode::fen_bad_side, {{"text", "b"}}, ""},
      {[] { return fen_error("9/9/9/9/9 W 0"); }, ErrorCode::fen_trailing_text, {}, ""},
      {[] { return fen_error("9/9/9/9/W.......B W"); }, ErrorCode::fen_bad_character, {{"text", "."}, {"rank", "1"}}, ""},
      {[] { return fen_error("9/9/9/9/55 W"); }, ErrorCode::fen_rank_too_long, {{"rank", "1"}, {"count", "9"}}, ""},
      {[] { return fen_error("9/9/9/9/8 W"); }, ErrorCode::fen_rank_too_short, {{"rank", "1"}, {"count", "8"}, {"limit", "9"}}, ""},
      // Boards
      {[] { return error_of(fanorona::parse_board_size("7x7")); }, ErrorCode::unknown_board, {{"text", "7x7"}}, ""},
      {[] { return error_of(fanorona::with_board(fanorona::BoardSize{7, 7}, [](auto) {})); }, ErrorCode::no_such_board, {{"board", "7x7"}}, ""},
      // Notation
      {[=] { return turn_error(s, "33-e3"); }, ErrorCode::notation_expected_point, {{"text", "33-"}}, ""},
      {[=] { return turn_error(s, "e2-e10"); }, ErrorCode::notation_off_board, {{"text", "e10"}, {"board", "9x5"}}, ""},
      {[=] { return turn_error(s, "e2xe3"); }, ErrorCode::notation_unexpected_after_point, {{"text", "x"}, {"point", "e2"}}, ""},
      {[=] { return turn_error(s, "e2A-e3"); }, ErrorCode::notation_mark_on_start, {{"point", "e2"}}, ""},
      {[] { return step_error(" "); }, ErrorCode::notation_empty_step, {}, ""},
      {[] { return step_error("e2"); }, ErrorCode::notation_step_lone_point, {{"point", "e2"}}, ""},
      {[] { return step_error("e2-"); }, ErrorCode::notation_step_ends_with_dash, {}, ""},
      {[] { return step_error("d3-e3A-f3"); }, ErrorCode::notation_text_after_step, {{"text", "-"}, {"step", "d3-e3A"}}, ""},
      {[=] { return turn_error(s, ""); }, ErrorCode::notation_empty_turn, {}, ""},
      {[=] { return turn_error(s, "e2-"); }, ErrorCode::notation_turn_ends_with_dash, {}, ""},
      {[=] { return turn_error(s, "d3-e3AW"); }, ErrorCode::notation_expected_dash, {{"text", "W"}}, ""},
      {[=] { return turn_error(s, "e2"); }, ErrorCode::notation_turn_lone_point, {{"point", "e2"}}, ""},
      // Records
      {[] { return record_error("[Termination \"resignation\"]\n[FEN \"9/9/9/9/WW1B5 W\"]\n\n1. b1-c1A 1-0\n"); },
       ErrorCode::record_termination_contradicts_rules,
       {{"result", "white_wins_no_stones"}, {"ended_by", "no_stones"}, {"termination", "resignation"}}, ""},
      {[] { return record_error("[FEN \"9/9/9/9/WW1B5 W\"]\n\n1. b1-c1A *\n"); }, ErrorCode::record_result_contradicts_rules,
       {{"result", "white_wins_no_stones"}, {"expected", "1-0"}, {"token", "*"}}, ""},
      {[] { return record_error("[Termination \"no stones\"]\n\n1. d3-e3A 1-0\n"); }, ErrorCode::record_stones_left, {{"mover", "black"}}, ""},
      {[] { return record_error("[Termination \"no legal turn\"] 0-1"); }, ErrorCode::record_legal_turn_left, {{"mover", "white"}}, ""},
      {[] { return record_error("[Termination \"threefold repetition\"] 1/2-1/2"); }, ErrorCode::record_no_repetition, {}, ""},
      {[] { return record_error("[Termination \"unfinished\"] 1-0"); }, ErrorCode::record_unfinished_with_result, {{"token", "1-0"}}, ""},
      {[] { return record_error("[Termination \"agreement\"] 0-1"); }, ErrorCode::record_agreement_not_draw, {{"token", "0-1"}}, ""},
      {[] { return record_error("[Termination \"resignation\"] *"); }, ErrorCode::record_resignation_not_decisive, {{"token", "*"}}, ""},
      {[] { return record_error("[Termination \"time forfeit\"] 1/2-1/2"); }, ErrorCode::record_time_forfeit_not_decisive, {{"token", "1/2-1/2"}}, ""},
      {[] { return record_error("[Termination \"adjudication\"] *"); }, ErrorCode::record_adjudication_without_result, {}, ""},
      {[] { return tag_error("1st", "x"); }, ErrorCode::record_bad_tag_name, {{"text", "1st"}}, ""},
      {[] { return tag_error("Board", "5x5"); }, ErrorCode::record_board_tag_set, {}, ""},
      {[] { return tag_error("FEN", "9/9/9/9/9 W"); }, ErrorCode::record_fen_tag_set, {}, ""},
      {[] { return tag_error("Termination", "agreement"); }, ErrorCode::record_result_tag_set, {{"tag", "Termination"}}, ""},
      {[] { return tag_error("Event", "a\nb"); }, ErrorCode::record_tag_line_break, {}, ""},
      {[] { return tag_error("Date", "2024.13.01"); }, ErrorCode::record_bad_date, {{"text", "2024.13.01"}}, ""},
      {[] { return record_error("[Date \"May 2024\"] *"); }, ErrorCode::record_bad_date, {{"text", "May 2024"}}, ""},
      {[] { return error_of(fanorona::GameRecord().add_comment(1, "late")); }, ErrorCode::record_comment_place, {{"count", "0"}}, ""},
      {[] { return record_error("[Event \"x\"] {never closed"); }, ErrorCode::record_comment_not_closed, {}, ""},
      {[] { return record_error("[Event \"x\"] {open\n\n[Event \"y\"] *\n"); }, ErrorCode::record_comment_runs_into_tags, {}, ""},
      {[] { return record_error("[ \"x\"] *"); }, ErrorCode::record_expected_tag_name, {}, ""},
      {[] { return record_error("[Event x] *"); }, ErrorCode::record_expected_tag_value, {{"tag", "Event"}}, ""},
      {[] { return record_error("[Event \"x] *"); }, ErrorCode::record_tag_value_not_closed, {{"tag", "Event"}}, ""},
      {[] { return record_error("[Event \"x\" *"); }, ErrorCode::record_tag_not_closed, {{"tag", "Event"}}, ""},
      {[] { return record_error("[Event \"x\"]\n\n1. d3-e3A\n"); }, ErrorCode::record_no_result, {}, ""},
      {[] { return record_error("[Event \"x\"]\n\n1. d3-e3A\n[Event \"y\"] *\n"); }, ErrorCode::record_no_result_before_tags, {}, ""},
      {[] { return record_error("[Event \"x\"][Event \"y\"] *"); }, ErrorCode::record_duplicate_tag, {{"tag", "Event"}}, ""},
      {[] { return record_error("[Board \"7x7\"] *"); }, ErrorCode::record_unknown_board, {{"text", "7x7"}}, ""},
      {[] { return record_error("[Result \"2-0\"] *"); }, ErrorCode::record_bad_result_tag, {{"text", "2-0"}}, ""},
      {[] { return record_error("[Termination \"mate\"] *"); }, ErrorCode::record_unknown_termination, {{"text", "mate"}}, ""},
      {[] { return record_error("1. *"); }, ErrorCode::record_number_without_turn, {{"text", "1."}}, ""},
      {[] { return record_error("%%% *"); }, ErrorCode::record_bad_token, {{"text", "%%%"}}, ""},
      {[] { return record_error("2. d3-e3A *"); }, ErrorCode::record_wrong_turn_number, {{"text", "2."}, {"expected", "1."}}, ""},
      {[] { return record_error("[Result \"1-0\"]\n\n1. d3-e3A 0-1\n"); }, ErrorCode::record_result_disagrees, {{"token", "0-1"}, {"expected", "1-0"}}, ""},
      {[] { return record_error(" {only a comment} "); }, ErrorCode::record_no_game, {}, ""},
      {[] { return record_error("[Board \"5x5\"] *"); }, ErrorCode::record_wrong_board, {{"board", "5x5"}, {"expected", "9x5"}}, ""},
      {[] { return record_error("* *"); }, ErrorCode::record_several_games, {}, ""},
      // Errors inside a record keep their own code and arguments.
      {[] { return record_error("[FEN \"9/9/9/9 W\"] *"); }, ErrorCode::fen_missing_slash, {{"rank", "2"}, {"count", "5"}}, "FEN tag: "},
      {[] { return record_error("[FEN \"9/9/9/9/WW1B5 W\"]\n\n1. b1-b2 *"); }, ErrorCode::capture_compulsory,
       {{"step", "b1-b2"}, {"capture", "b1-c1A"}}, ""},
      // The environment's actions
      {[] { return error_of(fanorona::Env().check(1081)); }, ErrorCode::action_out_of_range, {{"action", "1081"}, {"limit", "1080"}}, ""},
      {[] { return error_of(fanorona::Env().check(36)); }, ErrorCode::action_off_lines,
       {{"action", "36"}, {"direction", "north_east"}, {"point", "b1"}}, ""},
      {[] { return error_of(fanorona::Env().check(fanorona::ActionSpace::stop)); }, ErrorCode::stop_before_step, {{"action", "1080"}}, ""},
      {[] { return turn_in_progress_error(); }, ErrorCode::turn_in_progress, {}, ""},
      {[] { return truncated_env_error(4); }, ErrorCode::episode_truncated, {{"count", "4"}}, ""},
      // Instruction sets
      {[] { return error_of(fanorona::parse_instruction_set("sse4")); }, ErrorCode::unknown_instruction_set, {{"text", "sse4"}}, ""},
  };
}

// Codes no input in these headers gives: those of the endgame tables, the evaluation network
// and their files (their own tests), those that depend on the CPU and the build
// (instruction_set_test.cpp), and the codes of the values given to the Python module, which
// no typed C++ call can give (bindings/python/tests/test_errors.py checks each one's code and
// arguments).
bool given_elsewhere(ErrorCode code) {
  const std::string_view name = fanorona::to_string(code);
  static constexpr ErrorCode python_only[] = {
      ErrorCode::argument_out_of_range, ErrorCode::mask_out_of_range,  ErrorCode::array_shape,
      ErrorCode::array_read_only,       ErrorCode::bad_saved_state,    ErrorCode::impossible_result,
      ErrorCode::unknown_observation_shape, ErrorCode::unknown_render_mode, ErrorCode::unknown_agent,
      ErrorCode::agent_done,            ErrorCode::agent_not_done};
  for (ErrorCode python : python_only)
    if (code == python) return true;
  return name.substr(0, 3) == "io_" || name.substr(0, 6) == "table_" || name.substr(0, 8) == "network_" ||
         code == ErrorCode::instruction_set_below_build || code == ErrorCode::instruction_set_unsupported;
}

}  // namespace

TEST_CASE("each error code comes from its input with its arguments, and its message is its template filled", "[errors]") {
  std::set<ErrorCode> given;
  for (const Case& c : cases()) {
    INFO(fanorona::to_string(c.code));
    const Error e = c.make();
    INFO(e.message);
    CHECK(fanorona::to_string(e.code) == fanorona::to_string(c.code));
    Args args;
    for (const fanorona::ErrorArg& a : e.args) args.emplace_back(std::string(a.name), a.value);
    CHECK(args == c.args);
    CHECK(e.message == c.context + fanorona::format_message(e.code, e.args));
    CHECK(e.message.find('{') == std::string::npos);  // every placeholder filled
    given.insert(e.code);
  }
  for (ErrorCode code : fanorona::all_error_codes) {
    INFO(fanorona::to_string(code));
    CHECK((given.count(code) == 1 || given_elsewhere(code)));
  }
}
