// The error codes themselves: every code has a stable name that reads back, an English
// template, and a message that is its template filled with the error's arguments.
#include "catch.hpp"

#include <fanorona/error.hpp>
#include <fanorona/result.hpp>

#include <set>
#include <string>
#include <string_view>

using fanorona::ErrorCode;

TEST_CASE("every error code has a lower_snake name that reads back, and a template") {
  std::set<std::string_view> names;
  for (ErrorCode code : fanorona::all_error_codes) {
    const std::string_view name = fanorona::to_string(code);
    INFO(name);
    REQUIRE(!name.empty());
    for (char c : name) CHECK(((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'));
    CHECK(names.insert(name).second);
    REQUIRE(fanorona::error_code_from_string(name) == code);
    CHECK(!fanorona::message_template(code).empty());
  }
  CHECK(names.size() == fanorona::all_error_codes.size());
  CHECK_FALSE(fanorona::error_code_from_string("No_stone").has_value());
  CHECK_FALSE(fanorona::error_code_from_string("").has_value());
}

TEST_CASE("a message is its template filled with the arguments, vocabulary in English words") {
  const fanorona::Error e =
      fanorona::make_error(ErrorCode::not_your_stone, {{"point", "e2"}, {"color", "black"}, {"mover", "white"}}, 4);
  CHECK(e.code == ErrorCode::not_your_stone);
  CHECK(e.message == "the stone on e2 is Black's, and it is White's turn");
  CHECK(e.arg("point") == "e2");
  CHECK(e.arg("color") == "black");
  CHECK(e.arg("nothing").empty());
  CHECK(e.offset == 4);
  CHECK(e.line == 0);
  CHECK(e.column == 0);
  CHECK(fanorona::format_message(e.code, e.args) == e.message);

  CHECK(fanorona::make_error(ErrorCode::same_direction, {{"step", "e3-f3"}, {"direction", "north_east"}}).message ==
        "e3-f3 continues north-east: a chain may not step twice in a row in the same direction");
  CHECK(fanorona::make_error(ErrorCode::game_over, {{"result", "black_wins_no_legal_turn"}}).message ==
        "the game is over (Black wins: White cannot move)");
  CHECK(fanorona::make_error(ErrorCode::record_termination_contradicts_rules,
                             {{"result", "draw_threefold_repetition"}, {"ended_by", "threefold_repetition"}, {"termination", "time_forfeit"}})
            .message ==
        "the game ended by the rules (draw: the same position occurred three times), so its Termination is 'threefold "
        "repetition', not 'time forfeit'");
  CHECK(fanorona::make_error(ErrorCode::table_verify_mismatch,
                             {{"table", "3v2.fnt"}, {"fen", "3/3/3 W"}, {"value", "win:3"}, {"computed", "draw"}})
            .message == "3v2.fnt: 3/3/3 W is a win in 3 in the table, but its turns make it a draw");
  // Values outside the vocabulary are shown as they are.
  CHECK(fanorona::make_error(ErrorCode::no_stone, {{"point", "white"}}).message == "there is no stone on white");
}

TEST_CASE("templates: plurals, missing arguments and literal braces") {
  const auto short_rank = [](const char* count) {
    return fanorona::make_error(ErrorCode::fen_rank_too_short, {{"rank", "3"}, {"count", count}, {"limit", "9"}}).message;
  };
  CHECK(short_rank("1") == "rank 3 describes 1 point; every rank must describe exactly 9");
  CHECK(short_rank("0") == "rank 3 describes 0 points; every rank must describe exactly 9");
  CHECK(short_rank("8") == "rank 3 describes 8 points; every rank must describe exactly 9");
  // A placeholder without its argument stays as written, so that the omission shows.
  CHECK(fanorona::make_error(ErrorCode::no_stone).message == "there is no stone on {point}");
  CHECK(fanorona::make_error(ErrorCode::record_comment_not_closed).message ==
        "unterminated comment: no '}' before the end of the input");
}

TEST_CASE("Result and Status read like std::expected") {
  const fanorona::Result<int> good = 3;
  CHECK(good.has_value());
  CHECK(static_cast<bool>(good));
  CHECK(good.value() == 3);
  CHECK(*good == 3);
  CHECK(good.value_or(7) == 3);
  CHECK(good.error().message.empty());

  const fanorona::Result<int> bad = fanorona::make_error(ErrorCode::no_stone, {{"point", "c3"}}, 2);
  CHECK_FALSE(bad.has_value());
  CHECK_FALSE(static_cast<bool>(bad));
  CHECK(bad.value_or(7) == 7);
  CHECK(bad.error().code == ErrorCode::no_stone);
  CHECK(bad.error().offset == 2);

  fanorona::Result<std::string> moved = std::string("text");
  const std::string out = std::move(moved).value();
  CHECK(out == "text");
  CHECK(fanorona::Result<std::string>(std::string("x"))->size() == 1);

  const fanorona::Status ok;
  CHECK(ok.has_value());
  CHECK(ok.error().message.empty());
  const fanorona::Status refused = fanorona::make_error(ErrorCode::turn_without_steps);
  CHECK_FALSE(refused.has_value());
  CHECK(refused.error().code == ErrorCode::turn_without_steps);
  CHECK(refused.error().message == "the turn has no steps");
}
