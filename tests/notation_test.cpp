// Step notation: to_string and parse_step agree on every legal step of many positions of each
// board, the point-name helpers agree with the board's, and bad steps are refused with a
// message and an offset into the text (the same message as parse_turn where the two agree).
#include "catch.hpp"
#include "support.hpp"

#include <cstddef>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace {

using fanorona::Capture;
using fanorona::ParsedStep;
using fanorona::Point;

constexpr std::size_t npos = fanorona::Error::npos;
constexpr Point none = fanorona::no_point;

// The mark the text of a step carries: none for a paika move.
std::optional<Capture> mark_of(const fanorona::Step& step) {
  if (step.capture == Capture::none) return std::nullopt;
  return step.capture;
}

std::string lowercase(std::string text) {
  for (char& c : text)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return text;
}

// Positions of every kind: random games (openings to endings) and random placements.
template <class B>
std::vector<fanorona::BasicPosition<B>> many_positions() {
  auto out = test::random_game_positions<B>(1000, 71);
  std::mt19937 rng(72);
  for (int i = 0; i < 1000; ++i) out.push_back(test::random_position<B>(rng));
  return out;
}

// One step, written and read back: the same points and mark, and the builder plays it as the
// very step it came from.
template <class B>
void check_round_trip(const fanorona::BasicTurnBuilder<B>& before, const fanorona::Step& step) {
  const std::string text = fanorona::to_string<B>(step);
  INFO("step " << text << " in " << before.start().to_fen());
  for (const std::string& written : {text, lowercase(text), "  " + text + "\r\n"}) {
    const auto parsed = fanorona::parse_step<B>(written);
    REQUIRE(parsed.has_value());
    CHECK(*parsed == ParsedStep{step.from, step.to, mark_of(step)});
  }
  auto builder = before;
  const auto parsed = fanorona::parse_step<B>(text);
  REQUIRE(builder.play_step(parsed->from, parsed->to, parsed->capture).has_value());
  CHECK(builder.turn().step(builder.turn().size() - 1) == step);

  // During a chain, the destination alone continues from the moving stone.
  if (before.turn().size() > 0) {
    const auto short_form = fanorona::parse_step<B>(text.substr(3), before.stone());
    REQUIRE(short_form.has_value());
    CHECK(*short_form == *parsed);
  }
}

// The same step without its mark: the builder plays it when only one kind is possible and
// refuses it, naming both, when the step could capture either way.
template <class B>
void check_unmarked(const fanorona::BasicTurnBuilder<B>& before, const fanorona::Step& step) {
  const std::string text = B::point_name(step.from) + "-" + B::point_name(step.to);
  INFO("unmarked step " << text << " in " << before.start().to_fen());
  const auto parsed = fanorona::parse_step<B>(text);
  REQUIRE(parsed.has_value());
  CHECK(!parsed->capture.has_value());
  const Capture other = step.capture == Capture::approach ? Capture::withdrawal : Capture::approach;
  bool both = false;
  for (const auto& s : before.legal_steps()) both = both || (s.from == step.from && s.to == step.to && s.capture == other);
  auto builder = before;
  const fanorona::Status played = builder.play_step(parsed->from, parsed->to, parsed->capture);
  if (both && step.capture != Capture::none) {
    REQUIRE(!played.has_value());
    CHECK(played.error().message == text + " captures by approach or by withdrawal: write " + text + "A or " + text + "W");
  } else {
    REQUIRE(played.has_value());
    CHECK(builder.turn().step(builder.turn().size() - 1) == step);
  }
}

// Every legal first step of every position, and the steps that continue the first capture.
template <class B>
std::size_t check_every_step() {
  std::size_t checked = 0;
  for (const auto& position : many_positions<B>()) {
    const fanorona::BasicTurnBuilder<B> start(position);
    for (const auto& step : start.legal_steps()) {
      check_round_trip(start, step);
      check_unmarked(start, step);
      ++checked;
    }
    const auto first = start.legal_steps();
    if (first.empty() || first[0].capture == Capture::none) continue;
    auto chain = start;
    REQUIRE(chain.play(first[0]).has_value());
    for (const auto& step : chain.legal_steps()) {
      check_round_trip(chain, step);
      ++checked;
    }
  }
  return checked;
}

}  // namespace

TEST_CASE("a step prints as in turn notation", "[notation]") {
  using fanorona::Step;
  const Point d3 = fanorona::parse_point("d3"), e3 = fanorona::parse_point("e3"), e2 = fanorona::parse_point("e2");
  CHECK(fanorona::to_string(Step{d3, e3, Capture::approach}) == "d3-e3A");
  CHECK(fanorona::to_string(Step{d3, e3, Capture::withdrawal}) == "d3-e3W");
  CHECK(fanorona::to_string(Step{e2, e3, Capture::none}) == "e2-e3");
  CHECK(fanorona::to_string<fanorona::Dimy>(Step{fanorona::Point(7), fanorona::Point(12), Capture::approach}) == "c2-c3A");
  CHECK(fanorona::to_string<fanorona::Telo>(Step{fanorona::Point(4), fanorona::Point(0), Capture::withdrawal}) == "b2-a1W");

  // A turn's notation is its start and each step's destination and mark.
  for (const auto& position : test::random_game_positions<fanorona::Tsivy>(200, 5)) {
    for (const auto& turn : fanorona::legal_turns(position)) {
      std::string joined = fanorona::point_name(turn.from());
      for (int i = 0; i < turn.size(); ++i) joined += fanorona::to_string(turn.step(i)).substr(2);
      CHECK(joined == fanorona::to_string(turn));
    }
  }
}

TEST_CASE("points are named and read without naming the default board", "[notation]") {
  static_assert(fanorona::parse_point("a1").index() == 0);
  static_assert(fanorona::parse_point("e3").index() == 22);
  static_assert(fanorona::parse_point("I5").index() == 44);
  static_assert(fanorona::parse_point("j1") == fanorona::no_point);
  static_assert(fanorona::parse_point<fanorona::Dimy>("e5").index() == 24);
  static_assert(fanorona::parse_point<fanorona::Telo>("d1") == fanorona::no_point);
  CHECK(fanorona::point_name(fanorona::Point(22)) == "e3");
  CHECK(fanorona::point_name<fanorona::Telo>(fanorona::Point(8)) == "c3");
  CHECK(fanorona::point_name(fanorona::no_point).empty());
  CHECK(fanorona::point_name(fanorona::Point(45)).empty());
  CHECK(fanorona::point_name<fanorona::Dimy>(fanorona::Point(25)).empty());
  for (const char* bad : {"", "e", "e33", "e0", "3e", " e3", "e3 "}) CHECK(fanorona::parse_point(bad) == fanorona::no_point);
  for (Point p : fanorona::points(fanorona::Tsivy::all)) {
    CHECK(fanorona::point_name(p) == fanorona::Tsivy::point_name(p));
    CHECK(fanorona::parse_point(fanorona::point_name(p)) == p);
  }
  for (Point p : fanorona::points(fanorona::Dimy::all))
    CHECK(fanorona::parse_point<fanorona::Dimy>(fanorona::point_name<fanorona::Dimy>(p)) == p);
  for (Point p : fanorona::points(fanorona::Telo::all))
    CHECK(fanorona::parse_point<fanorona::Telo>(fanorona::point_name<fanorona::Telo>(p)) == p);
}

TEST_CASE("every legal step of many 9x5 positions reads back as itself", "[notation]") {
  CHECK(check_every_step<fanorona::Tsivy>() > 10000);
}

TEST_CASE("every legal step of many 5x5 positions reads back as itself", "[notation]") {
  CHECK(check_every_step<fanorona::Dimy>() > 5000);
}

TEST_CASE("every legal step of many 3x3 positions reads back as itself", "[notation]") {
  CHECK(check_every_step<fanorona::Telo>() > 2000);
}

namespace {

struct StepCase {
  const char* text;
  const char* stone;     // the moving stone's point, or "" for none
  std::string expected;  // the step in canonical form, '?' for no mark, when accepted; else the message
  std::size_t offset;    // npos when accepted
};

// What a parsed step looks like in the table: `d3-e3A`, or `e2-e3?` when no mark was written.
template <class B>
std::string describe(const ParsedStep& s) {
  std::string out = fanorona::point_name<B>(s.from) + "-" + fanorona::point_name<B>(s.to);
  if (!s.capture) return out + "?";
  return out + (*s.capture == Capture::approach ? "A" : "W");
}

const std::string after_point = ": a capture is marked A (approach) or W (withdrawal), and steps are joined by '-'";
const std::string after_step = ": a step is a starting point, '-', a destination and, for a capture, A or W";

const StepCase step_cases[] = {
    // Accepted: canonical, lowercase, blanks and a line ending around it, no mark.
    {"d3-e3A", "", "d3-e3A", npos},
    {"d3-e3W", "", "d3-e3W", npos},
    {"D3-E3a", "", "d3-e3A", npos},
    {"d3-e3w", "", "d3-e3W", npos},
    {" \td3-e3A \t\r\n", "", "d3-e3A", npos},
    {"e2-e3", "", "e2-e3?", npos},
    {"a1-i5", "", "a1-i5?", npos},  // read as text: not neighbors, which the builder refuses
    // Blank, and not a point where one is expected.
    {"", "", "empty step: write a step such as e2-e3 or d3-e3A", 0},
    {"  \t\r\n", "", "empty step: write a step such as e2-e3 or d3-e3A", 0},
    {"-e3", "", "expected a point such as e3 at '-e3'", 0},
    {"e", "", "expected a point such as e3 at 'e'", 0},
    {"33-e3", "", "expected a point such as e3 at '33-'", 0},
    {"e2-e", "", "expected a point such as e3 at 'e'", 3},
    {"e2--e3", "", "expected a point such as e3 at '-e3'", 3},
    {"\xC3\xA9" "2-e3", "", "expected a point such as e3 at '\\xC3\\xA92'", 0},
    // Points off the board.
    {"j2-e3", "", "j2 is not a point of the 9x5 board", 0},
    {"e2-e6", "", "e6 is not a point of the 9x5 board", 3},
    {"a0-a1", "", "a0 is not a point of the 9x5 board", 0},
    {"e2-e10", "", "e10 is not a point of the 9x5 board", 3},
    {"  z9-a1", "", "z9 is not a point of the 9x5 board", 2},
    // A point alone, a missing destination, a mark on the starting point.
    {"e2", "", "e2 alone is not a step: write the starting point and the destination, joined by '-'", 2},
    {"e2 \n", "", "e2 alone is not a step: write the starting point and the destination, joined by '-'", 2},
    {"e2-", "", "the step ends with '-': a point must follow it", 3},
    {"e2A-e3", "", "the starting point e2 takes no A or W", 2},
    {"e2w", "", "the starting point e2 takes no A or W", 2},
    // Wrong separators and marks.
    {"e2e3", "", "unexpected 'e' after e2" + after_point, 2},
    {"e2 - e3", "", "unexpected ' ' after e2" + after_point, 2},
    {"e2_e3", "", "unexpected '_' after e2" + after_point, 2},
    {"e2-e3X", "", "unexpected 'X' after e3" + after_point, 5},
    {"e2-e3\xE2\x80\x94", "", "unexpected '\\xE2' after e3" + after_point, 5},
    // Text after the step: a chain is a turn, not a step.
    {"d3-e3A-d4", "", "unexpected '-' after d3-e3A" + after_step, 6},
    {"d3-e3-d4", "", "unexpected '-' after d3-e3" + after_step, 5},
    {"d3-e3AW", "", "unexpected 'W' after d3-e3A" + after_step, 6},
    {"d2-e3A e4", "", "unexpected ' ' after d2-e3A" + after_step, 6},
    // With the moving stone known (on e3): the destination alone continues from it.
    {"d4W", "e3", "e3-d4W", npos},
    {"d4a", "e3", "e3-d4A", npos},
    {"d4", "e3", "e3-d4?", npos},
    {" f4\n", "e3", "e3-f4?", npos},
    {"e3-d4W", "e3", "e3-d4W", npos},
    {"c1-c2", "e3", "c1-c2?", npos},  // both points written: read as written
    {"", "e3", "empty step: write a step such as e2-e3 or d3-e3A", 0},
    {"z9", "e3", "z9 is not a point of the 9x5 board", 0},
    {"d4-", "e3", "the step ends with '-': a point must follow it", 3},
    {"d4x", "e3", "unexpected 'x' after d4" + after_point, 2},
    {"d4W-c4A", "e3", "unexpected '-' after e3-d4W" + after_step, 3},
    {"d4WA", "e3", "unexpected 'A' after e3-d4W" + after_step, 3},
};

}  // namespace

TEST_CASE("bad steps are refused with a message and an offset", "[notation][errors]") {
  for (const StepCase& c : step_cases) {
    INFO("step [" << c.text << "], stone [" << c.stone << "]");
    const Point stone = *c.stone ? fanorona::parse_point(c.stone) : none;
    const auto step = fanorona::parse_step(c.text, stone);
    if (c.offset == npos) {
      REQUIRE(step.has_value());
      CHECK(describe<fanorona::Tsivy>(*step) == c.expected);
      continue;
    }
    REQUIRE(!step.has_value());
    CHECK(step.error().message == c.expected);
    CHECK(step.error().offset == c.offset);
  }
}

TEST_CASE("a moving stone off the board is the same as none", "[notation][errors]") {
  for (const Point stone : {none, Point(-7), Point(fanorona::Tsivy::size), Point(63)}) {
    const auto step = fanorona::parse_step("d4W", stone);
    REQUIRE(!step.has_value());
    CHECK(step.error().message == "the starting point d4 takes no A or W");
  }
  // 9x5's e3 is not a point of 3x3.
  const auto telo = fanorona::parse_step<fanorona::Telo>("b2", fanorona::parse_point("e3"));
  REQUIRE(!telo.has_value());
  CHECK(telo.error().message == "b2 alone is not a step: write the starting point and the destination, joined by '-'");
}

TEST_CASE("steps on the smaller boards are read against their own points", "[notation][errors]") {
  using fanorona::Dimy;
  using fanorona::Telo;
  const auto dimy = [](const char* text) { return fanorona::parse_step<Dimy>(text); };
  CHECK(describe<Dimy>(*dimy("b3-c3A")) == "b3-c3A");
  CHECK(describe<Dimy>(*dimy("E5-d4")) == "e5-d4?");
  CHECK(dimy("f1-e1").error().message == "f1 is not a point of the 5x5 board");
  CHECK(dimy("f1-e1").error().offset == 0);
  CHECK(dimy("a5-a6").error().message == "a6 is not a point of the 5x5 board");
  CHECK(dimy("a5-a6").error().offset == 3);

  const auto telo = [](const char* text, Point stone = none) { return fanorona::parse_step<Telo>(text, stone); };
  CHECK(describe<Telo>(*telo("b2-a1W")) == "b2-a1W");
  CHECK(describe<Telo>(*telo("b2", Point(0))) == "a1-b2?");
  CHECK(telo("c2-d2").error().message == "d2 is not a point of the 3x3 board");
  CHECK(telo("c2-d2").error().offset == 3);
  CHECK(telo("a4").error().message == "a4 is not a point of the 3x3 board");
}

TEST_CASE("a step and a turn written alike are refused alike", "[notation][errors]") {
  const auto start = fanorona::Position::initial();
  for (const char* text : {"-e3", "e", "33-e3", "e2-e", "e2--e3", "j2-e3", "e2-e6", "e2-e10", "e2A-e3", "e2e3", "e2 - e3",
                           "e2-e3X", "e2-e3\xE2\x80\x94"}) {
    INFO("text [" << text << "]");
    const auto step = fanorona::parse_step(text);
    const auto turn = fanorona::parse_turn(start, text);
    REQUIRE(!step.has_value());
    REQUIRE(!turn.has_value());
    CHECK(step.error().message == turn.error().message);
    CHECK(step.error().offset == turn.error().offset);
  }
}

TEST_CASE("the turn builder decides what an unmarked step captures", "[notation]") {
  const auto start = fanorona::Position::initial();
  const auto play = [&start](const char* text) {
    const auto step = fanorona::parse_step(text);
    REQUIRE(step.has_value());
    fanorona::TurnBuilder builder(start);
    const fanorona::Status s = builder.play_step(step->from, step->to, step->capture);
    return s.has_value() ? builder.turn().to_string() : s.error().message;
  };
  CHECK(play("d3-e3") == "d3-e3 captures by approach or by withdrawal: write d3-e3A or d3-e3W");
  CHECK(play("f2-e3") == "f2-e3A");
  CHECK(play("d3-e3W") == "d3-e3W");
  CHECK(play("e2-e3W") == "e2-e3 captures nothing by withdrawal: no Black stone stands behind e2");
  CHECK(play("a1-i5") == "a1 and i5 are not neighbors on a line");
}
