// A catalog of bad input: every malformed FEN and illegal or ambiguous turn gets a clear
// message and an offset into the text (docs/input.md lists what is accepted and links here).
#include "catch.hpp"
#include "support.hpp"

#include <cstddef>
#include <string>

namespace {

constexpr std::size_t npos = fanorona::Error::npos;
constexpr const char* start = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W";

struct FenCase {
  const char* fen;
  const char* error;  // empty: accepted
  std::size_t offset;
};

struct TurnCase {
  const char* fen;
  const char* turn;
  const char* result;  // the canonical turn when accepted, else the message
  std::size_t offset;
};

const FenCase fen_cases[] = {
    {"", "empty position: expected the ranks and the side to move", 0},
    {"   ", "empty position: expected the ranks and the side to move", 3},
    {"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW W", "expected '/' after rank 2: a position has 5 ranks", 39},
    {"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW/9 W", "too many ranks: a position has 5", 49},
    {"BBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W", "rank 5 describes 8 points; every rank must describe exactly 9", 0},
    {"BBBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W", "rank 5 describes more than 9 points", 0},
    {"BBBBBBBBB/BBBBBBBBB/BWBW1BWBX/WWWWWWWWW/WWWWWWWWW W", "unexpected character 'X' in rank 3: use W, B, or a digit for empty points", 28},
    {"BBBBBBBBB/BBBBBBBBB/BWBW0BWBW/WWWWWWWWW/WWWWWWWWW W", "unexpected character '0' in rank 3: use W, B, or a digit for empty points", 24},
    {"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW", "expected a space and the side to move (W or B) after the last rank", 49},
    {"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW X", "side to move must be W or B, not 'X'", 50},
    {"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w", "side to move must be W or B, not 'w'", 50},
    {"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W 12", "unexpected text after the side to move", 52},
    {"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW WB", "unexpected text after the side to move", 51},
    {"WWWWWWWWW/WWWWWWWWW/WWWWWWWWW/9/9 W", "White has 27 stones; a side has at most 22", 0},
    {"bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w", "unexpected character 'b' in rank 5: use W, B, or a digit for empty points", 0},
    {"BBBBBBBBB//BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W", "rank 4 describes 0 points; every rank must describe exactly 9", 10},
    {"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW/ W", "too many ranks: a position has 5", 49},
    {"9/9/9/9/9 W", "", npos},
    {"54/9/9/9/9 B", "", npos},
    {"BBBBBBBBB BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W", "expected '/' after rank 5: a position has 5 ranks", 9},
    {"BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW  W ", "", npos},
    {" BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W", "", npos},
    // Stone counts: 22 a side is the most (the initial count); more is refused, not read.
    {"BBBBBBBBB/BBBBBBBBB/BBBB5/9/9 W", "", npos},
    {"BBBBBBBBB/BBBBBBBBB/BBBBB4/9/9 W", "Black has 23 stones; a side has at most 22", 0},
    {"BBBBBBBBB/BBBBBBBBB/BBBBBBBBB/WWWWWWWWW/WWWWWWWWW W", "Black has 27 stones; a side has at most 22", 0},
    // Bad characters.
    {"9/9/9/9/W.......B W", "unexpected character '.' in rank 1: use W, B, or a digit for empty points", 9},
    {"9|9|9|9|9 W", "unexpected character '|' in rank 5: use W, B, or a digit for empty points", 1},
    {"9/9/9/9/-1 W", "unexpected character '-' in rank 1: use W, B, or a digit for empty points", 8},
    {"9/9/9/9/+9 W", "unexpected character '+' in rank 1: use W, B, or a digit for empty points", 8},
    // Rank lengths made of digits.
    {"9/9/9/9/55 W", "rank 1 describes more than 9 points", 8},
    {"9/9/9/9/W8B W", "rank 1 describes more than 9 points", 8},
    {"/9/9/9/9/9 W", "rank 5 describes 0 points; every rank must describe exactly 9", 0},
    {"9/9/9/9/9W", "rank 1 describes more than 9 points", 8},
    // The side to move, and trailing junk (a move counter, a newline).
    {"9/9/9/9/9", "expected a space and the side to move (W or B) after the last rank", 9},
    {"9/9/9/9/9 ", "missing side to move: expected W or B", 10},
    {"9/9/9/9/9 b", "side to move must be W or B, not 'b'", 10},
    {"9/9/9/9/9 - W", "side to move must be W or B, not '-'", 10},
    {"9/9/9/9/9 White", "unexpected text after the side to move", 11},
    {"9/9/9/9/9 W 0 1", "unexpected text after the side to move", 12},
    {"9/9/9/9/9 W\n", "", npos},  // a line ending after the FEN is accepted
    {"9/9/9/9/9 W\r\n", "", npos},
    {"9/9/9/9/9 W\n5", "unexpected text after the side to move", 12},
    {"9/9/9/9/9 W\x01", "unexpected text after the side to move", 11},
    {"9/9/9/9/9 \xC3\xA9", "side to move must be W or B, not '\\xC3'", 10},
    {"9/9/9/9/9\tW\t", "", npos},
};

// The other boards: their rank width and height, and their stone limit.
struct BoardFenCase {
  int board;  // 5: 5x5, 3: 3x3
  const char* fen;
  const char* error;  // empty: accepted
  std::size_t offset;
};

const BoardFenCase board_fen_cases[] = {
    {5, "BBBBB/BBBBB/BW1BW/WWWWW/WWWWW W", "", npos},
    {5, start, "rank 5 describes more than 5 points", 0},
    {5, "5/5/5/5/5/5 W", "too many ranks: a position has 5", 9},
    {5, "5/5/5/5 W", "expected '/' after rank 2: a position has 5 ranks", 7},
    {5, "BBBBB/BBBBB/BBB2/5/5 W", "Black has 13 stones; a side has at most 12", 0},
    {5, "BBBBB/BBBBB/BB3/5/5 W", "", npos},
    {3, "BBB/B1W/WWW W", "", npos},
    {3, "BBB/B1W/WW W", "rank 1 describes 2 points; every rank must describe exactly 3", 8},
    {3, "4/3/3 W", "rank 3 describes more than 3 points", 0},
    {3, "BBB/BBW/WWW W", "Black has 5 stones; a side has at most 4", 0},
    {3, "9/9/9/9/9 W", "rank 3 describes more than 3 points", 0},
};

const TurnCase turn_cases[] = {
    {start, "", "empty turn: write a turn such as e2-e3 or d3-e3A", 0},
    {start, "e2", "e2 alone is not a turn: write the starting point, then each step's destination, joined by '-'", 2},
    {start, "e2-", "the turn ends with '-': a point must follow it", 3},
    {start, "-e3", "expected a point such as e3 at '-e3'", 0},
    {start, "j2-e3", "j2 is not a point of the 9x5 board", 0},
    {start, "e6-e3", "e6 is not a point of the 9x5 board", 0},
    {start, "e2-e3X", "unexpected 'X' after e3: a capture is marked A (approach) or W (withdrawal), and steps are joined by '-'", 5},
    {start, "e2e3", "unexpected 'e' after e2: a capture is marked A (approach) or W (withdrawal), and steps are joined by '-'", 2},
    {start, "e2 - e3", "unexpected ' ' after e2: a capture is marked A (approach) or W (withdrawal), and steps are joined by '-'", 2},
    {start, "e2A-e3", "the starting point e2 takes no A or W", 2},
    {start, "e3-e4", "there is no stone on e3", 0},
    {start, "e4-e3", "the stone on e4 is Black's, and it is White's turn", 0},
    {start, "a1-a2", "a2 is occupied", 3},
    {start, "d3-e3", "d3-e3 captures by approach or by withdrawal: write d3-e3A or d3-e3W", 3},
    {start, "e2-e3W", "e2-e3 captures nothing by withdrawal: no Black stone stands behind e2", 3},
    {start, "d3-d4", "d4 is occupied", 3},
    {start, "d2-e4", "d2 and e4 are not neighbors on a line", 3},
    {start, "d3-e4", "d3 is a weak point: no diagonal line leaves it", 3},
    {start, "d2-e3", "d2-e3A", npos},
    {start, "e2-e3A-e4", "e3-e4 continues north: a chain may not step twice in a row in the same direction", 7},
    {start, "e2-e3A-d3A", "d3 is occupied", 7},
    {start, "d3-e3A-d3A", "the stone has already been on d3 this turn and may not return", 7},
    {"9/9/9/9/W7B W", "a1-b1A", "a1-b1 captures nothing by approach", 3},
    {"9/9/9/9/W7B W", "a1-b1-c1", "a paika move ends the turn: no step may follow it", 6},
    {"9/9/9/9/W7B W", "a1-b2", "a1-b2", npos},
    {"9/9/9/9/W7B W", "b1-c1", "there is no stone on b1", 0},
    {"9/9/9/9/W7B W", "a1-a1", "a1 and a1 are not neighbors on a line", 3},
    {"9/9/9/9/W7B W", "a1-c1", "a1 and c1 are not neighbors on a line", 3},
    {"9/9/9/9/WW1B5 W", "a1-a2", "capture is compulsory: a1-a2 captures nothing, but b1-c1A captures", 3},
    {"9/9/9/9/WW1B5 W", "b1-c1W", "b1-c1 captures nothing by withdrawal: no Black stone stands behind b1", 3},
    {"9/B8/9/9/WW1B5 W", "b1-c1A-b2", "a chain continues only with captures: c1-b2 captures nothing", 7},
    {"9/9/9/9/W7B W", "a1-b1 x", "unexpected ' ' after b1: a capture is marked A (approach) or W (withdrawal), and steps are joined by '-'", 5},
    {"9/9/9/9/W7B W", "a1-b1-", "the turn ends with '-': a point must follow it", 6},
    {start, "d3-e3A-f3", "e3-f3 continues east: a chain may not step twice in a row in the same direction", 7},
    {start, "d3-e3W-e4A", "e4 is occupied", 7},
    // Points off the board and malformed points.
    {start, "a0-a1", "a0 is not a point of the 9x5 board", 0},
    {start, "e1-e0", "e0 is not a point of the 9x5 board", 3},
    {start, "e2-e10", "e10 is not a point of the 9x5 board", 3},
    {start, "e2-e3\xE2\x80\x94", "unexpected '\\xE2' after e3: a capture is marked A (approach) or W (withdrawal), and steps are joined by '-'", 5},
    {start, "33-e3", "expected a point such as e3 at '33-'", 0},
    {start, "e", "expected a point such as e3 at 'e'", 0},
    {start, "e2-e", "expected a point such as e3 at 'e'", 3},
    {start, "-", "expected a point such as e3 at '-'", 0},
    // Wrong separators and marks.
    {start, "e2xe3", "unexpected 'x' after e2: a capture is marked A (approach) or W (withdrawal), and steps are joined by '-'", 2},
    {start, "e2_e3", "unexpected '_' after e2: a capture is marked A (approach) or W (withdrawal), and steps are joined by '-'", 2},
    {start, "e2--e3", "expected a point such as e3 at '-e3'", 3},
    {start, "e2-e3-", "the turn ends with '-': a point must follow it", 6},
    {start, "e2 -e3", "unexpected ' ' after e2: a capture is marked A (approach) or W (withdrawal), and steps are joined by '-'", 2},
    {start, "d3-e3AW", "unexpected 'W': steps are joined by '-'", 6},
    {start, "d2-e3A e4", "unexpected ' ': steps are joined by '-'", 6},
    // Accepted variants: lowercase, uppercase points, surrounding blanks, a missing mark
    // when only one capture is possible.
    {start, "d3-e3a", "d3-e3A", npos},
    {start, "D3-E3W", "d3-e3W", npos},
    {start, "  d3-e3w\t\r\n", "d3-e3W", npos},
    {start, "f2-e3", "f2-e3A", npos},
    // Illegal chains.
    {start, "d3-e3A-d3W", "the stone has already been on d3 this turn and may not return", 7},
    {start, "f2-e3A-f2", "the stone has already been on f2 this turn and may not return", 7},
    {start, "e2-e3A-f4", "f4 is occupied", 7},
    {"9/9/9/9/WW1B5 W", "b1-c1A-d1", "c1-d1 continues east: a chain may not step twice in a row in the same direction", 7},
    {"9/9/9/9/WW1B5 W", "b1-c1A-c2", "a chain continues only with captures: c1-c2 captures nothing", 7},
    // Paika when a capture is compulsory, and capture marks on a paika move.
    {"9/9/9/9/WW1B5 W", "b1-b2", "capture is compulsory: b1-b2 captures nothing, but b1-c1A captures", 3},
    {"9/9/9/9/WW1B5 W", "b1-b2W", "capture is compulsory: b1-b2 captures nothing, but b1-c1A captures", 3},
    {"9/9/9/9/W7B W", "a1-b1W", "a1-b1 captures nothing by withdrawal", 3},
    {"9/9/9/9/W7B W", "a1-a2-a3", "a paika move ends the turn: no step may follow it", 6},
    {"9/9/9/9/W7B B", "i1-h1-g1", "a paika move ends the turn: no step may follow it", 6},
    {"9/9/9/9/W7B W", "i1-h1", "the stone on i1 is Black's, and it is White's turn", 0},
};

// Turns on the smaller boards.
struct BoardTurnCase {
  int board;  // 5: 5x5, 3: 3x3
  const char* fen;
  const char* turn;
  const char* result;  // the canonical turn when accepted, else the message
  std::size_t offset;
};

const BoardTurnCase board_turn_cases[] = {
    {5, "BBBBB/BBBBB/BW1BW/WWWWW/WWWWW W", "f1-e1", "f1 is not a point of the 5x5 board", 0},
    {5, "BBBBB/BBBBB/BW1BW/WWWWW/WWWWW W", "a1-a6", "a6 is not a point of the 5x5 board", 3},
    {5, "BBBBB/BBBBB/BW1BW/WWWWW/WWWWW W", "b3-c3", "b3-c3 captures by approach or by withdrawal: write b3-c3A or b3-c3W", 3},
    {3, "BBB/B1W/WWW W", "d1-b2", "d1 is not a point of the 3x3 board", 0},
    {3, "BBB/B1W/WWW W", "c2-b2W", "c2-b2 captures nothing by withdrawal: no Black stone stands behind c2", 3},
    {3, "BBB/B1W/WWW W", "c2-b2", "c2-b2A", npos},
    {3, "BBB/B1W/WWW W", "b1-a2", "b1 is a weak point: no diagonal line leaves it", 3},
};

// Turns played in a game: after the end, every turn is refused, whatever it is.
struct GameCase {
  const char* fen;
  const char* turn;
  const char* result;  // the canonical turn when accepted, else the message
};

const GameCase game_cases[] = {
    {"9/9/9/9/W8 B", "a1-b1", "the game is over (White wins: Black has no stones left)"},
    {"9/9/9/9/W8 B", "garbage", "the game is over (White wins: Black has no stones left)"},
    {"9/9/9/BB7/WB7 W", "a1-b1", "the game is over (Black wins: White cannot move)"},
    {"9/9/9/9/W7B W", "garbage", "expected a point such as e3 at 'gar'"},
    {"9/9/9/9/WW1B5 W", "b1-c1", "b1-c1A"},
};

}  // namespace

TEST_CASE("malformed FENs are refused with what is wrong and where", "[errors][fen]") {
  for (const FenCase& c : fen_cases) {
    INFO("FEN [" << c.fen << "]");
    const auto position = fanorona::Position::from_fen(c.fen);
    if (*c.error == '\0') {
      CHECK(position.has_value());
      continue;
    }
    REQUIRE(!position.has_value());
    CHECK(position.error().message == c.error);
    CHECK(position.error().offset == c.offset);
  }
}

TEST_CASE("illegal, ambiguous and malformed turns are refused with the rule they break", "[errors][notation]") {
  std::size_t refused = 0;
  for (const TurnCase& c : turn_cases) {
    INFO("turn [" << c.turn << "] in " << c.fen);
    const auto position = fanorona::Position::from_fen(c.fen).value();
    const auto turn = fanorona::parse_turn(position, c.turn);
    if (c.offset == npos) {
      REQUIRE(turn.has_value());
      CHECK(turn->to_string() == c.result);
      continue;
    }
    ++refused;
    REQUIRE(!turn.has_value());
    CHECK(turn.error().message == c.result);
    CHECK(turn.error().offset == c.offset);
  }
  CHECK(refused + std::size(fen_cases) >= 40);
}

TEST_CASE("FENs of the smaller boards are checked against their own size", "[errors][fen]") {
  for (const BoardFenCase& c : board_fen_cases) {
    INFO(c.board << "x" << c.board << " FEN [" << c.fen << "]");
    const auto check = [&c](const auto& position) {
      if (*c.error == '\0') {
        CHECK(position.has_value());
        return;
      }
      REQUIRE(!position.has_value());
      CHECK(position.error().message == c.error);
      CHECK(position.error().offset == c.offset);
    };
    if (c.board == 5)
      check(fanorona::BasicPosition<fanorona::Dimy>::from_fen(c.fen));
    else
      check(fanorona::BasicPosition<fanorona::Telo>::from_fen(c.fen));
  }
}

TEST_CASE("turns on the smaller boards are read against their own points", "[errors][notation]") {
  for (const BoardTurnCase& c : board_turn_cases) {
    INFO(c.board << "x" << c.board << " turn [" << c.turn << "] in " << c.fen);
    const auto check = [&c](const auto& turn) {
      if (c.offset == npos) {
        REQUIRE(turn.has_value());
        CHECK(turn->to_string() == c.result);
        return;
      }
      REQUIRE(!turn.has_value());
      CHECK(turn.error().message == c.result);
      CHECK(turn.error().offset == c.offset);
    };
    if (c.board == 5)
      check(fanorona::parse_turn(fanorona::BasicPosition<fanorona::Dimy>::from_fen(c.fen).value(), c.turn));
    else
      check(fanorona::parse_turn(fanorona::BasicPosition<fanorona::Telo>::from_fen(c.fen).value(), c.turn));
  }
}

TEST_CASE("a game refuses every turn once it is over, and turns with no steps", "[errors][game]") {
  for (const GameCase& c : game_cases) {
    INFO("turn [" << c.turn << "] in " << c.fen);
    auto game = fanorona::Game::from_fen(c.fen).value();
    const auto played = game.play(c.turn);
    if (played.has_value()) {
      CHECK(played->to_string() == c.result);
      continue;
    }
    CHECK(played.error().message == c.result);
    CHECK(game.turns().empty());
  }
  // A turn object (not text) after the end, and an empty turn.
  auto game = fanorona::Game::from_fen("9/9/9/9/WW1B5 W").value();
  const fanorona::Turn capture = game.play("b1-c1A").value();
  const fanorona::Status after_end = game.play(capture);
  REQUIRE(!after_end.has_value());
  CHECK(after_end.error().message == "the game is over (White wins: Black has no stones left)");
  CHECK(after_end.error().offset == npos);
  auto fresh = fanorona::Game::from_fen("9/9/9/9/W7B W").value();
  const fanorona::Status empty = fresh.play(fanorona::Turn{});
  REQUIRE(!empty.has_value());
  CHECK(empty.error().message == "the turn has no steps");
  // A draw by repetition ends the game too.
  auto drawn = fanorona::Game::from_fen("9/9/9/9/W7B W").value();
  for (int i = 0; i < 2; ++i)
    for (const char* t : {"a1-b1", "i1-h1", "b1-a1", "h1-i1"}) REQUIRE(drawn.play(t).has_value());
  const auto refused = drawn.play("a1-b1");
  REQUIRE(!refused.has_value());
  CHECK(refused.error().message == "the game is over (draw: the same position occurred three times)");
}

// A turn made for another position is judged by its steps here: b1-c1A from "WW1B5" takes d1
// only; in "WW1BB4" the same steps take d1 and e1, and the game plays them so. (Before
// 7f32ab8 the game played the turn as given and left e1 on the board: found by the game
// fuzzer, tests/fuzz/game_fuzzer.cpp.)
TEST_CASE("a turn from another position is played with the captures its steps make here", "[errors][game]") {
  const auto other = fanorona::Position::from_fen("9/9/9/9/WW1B5 W").value();
  const fanorona::Turn foreign = fanorona::legal_turns(other)[0];
  REQUIRE(foreign.to_string() == "b1-c1A");
  auto game = fanorona::Game::from_fen("9/9/9/9/WW1BB4 W").value();
  REQUIRE(game.play(foreign).has_value());
  CHECK(game.position().to_fen() == "9/9/9/9/W1W6 B");
  CHECK(game.turns().back() != foreign);
  CHECK(game.turns().back().captured() == (foreign.captured() | fanorona::Bitboard{1} << 4));
}
