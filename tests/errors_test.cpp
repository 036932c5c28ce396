// A catalogue of bad input: every malformed FEN and illegal or ambiguous turn gets a clear
// message and an offset into the text (docs/notation.md lists what is accepted).
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
    {"", "empty position: expected 5 ranks and the side to move", 0},
    {"   ", "empty position: expected 5 ranks and the side to move", 3},
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
    {start, "d2-e4", "d2 and e4 are not neighbours on a line", 3},
    {start, "d3-e4", "d3 is a weak point: no diagonal line leaves it", 3},
    {start, "d2-e3", "d2-e3A", npos},
    {start, "e2-e3A-e4", "e3-e4 continues north: a chain may not step twice in a row in the same direction", 7},
    {start, "e2-e3A-d3A", "d3 is occupied", 7},
    {start, "d3-e3A-d3A", "the stone has already been on d3 this turn and may not return", 7},
    {"9/9/9/9/W7B W", "a1-b1A", "a1-b1 captures nothing by approach", 3},
    {"9/9/9/9/W7B W", "a1-b1-c1", "a paika move ends the turn: no step may follow it", 6},
    {"9/9/9/9/W7B W", "a1-b2", "a1-b2", npos},
    {"9/9/9/9/W7B W", "b1-c1", "there is no stone on b1", 0},
    {"9/9/9/9/W7B W", "a1-a1", "a1 and a1 are not neighbours on a line", 3},
    {"9/9/9/9/W7B W", "a1-c1", "a1 and c1 are not neighbours on a line", 3},
    {"9/9/9/9/WW1B5 W", "a1-a2", "capture is compulsory: a1-a2 captures nothing, but b1-c1A captures", 3},
    {"9/9/9/9/WW1B5 W", "b1-c1W", "b1-c1 captures nothing by withdrawal: no Black stone stands behind b1", 3},
    {"9/B8/9/9/WW1B5 W", "b1-c1A-b2", "a chain continues only with captures: c1-b2 captures nothing", 7},
    {"9/9/9/9/W7B W", "a1-b1 x", "unexpected ' ' after b1: a capture is marked A (approach) or W (withdrawal), and steps are joined by '-'", 5},
    {"9/9/9/9/W7B W", "a1-b1-", "the turn ends with '-': a point must follow it", 6},
    {start, "d3-e3A-f3", "e3-f3 continues east: a chain may not step twice in a row in the same direction", 7},
    {start, "d3-e3W-e4A", "e4 is occupied", 7},
};

}  // namespace

TEST_CASE("malformed FENs are refused with what is wrong and where", "[errors][fen]") {
  for (const FenCase& c : fen_cases) {
    INFO("FEN [" << c.fen << "]");
    const auto position = fanorona::Position::from_fen(c.fen);
    if (*c.error == '\0') {
      CHECK(position.ok());
      continue;
    }
    REQUIRE(!position.ok());
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
      REQUIRE(turn.ok());
      CHECK(turn->to_string() == c.result);
      continue;
    }
    ++refused;
    REQUIRE(!turn.ok());
    CHECK(turn.error().message == c.result);
    CHECK(turn.error().offset == c.offset);
  }
  CHECK(refused + std::size(fen_cases) >= 40);
}
