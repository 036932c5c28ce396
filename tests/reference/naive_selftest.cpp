// naive_selftest.cpp - checks the naive reference implementation against the
// perft figures of docs/perft.md (depths 1-4 on each board) and a few hand-worked positions.
// Usage: naive_selftest [--perft5]   (--perft5 also prints 9x5 perft 5 with timing)
#include "naive_fanorona.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

namespace {

int g_passed = 0;
int g_failed = 0;

void check(bool ok, const std::string& what) {
  if (ok) {
    ++g_passed;
  } else {
    ++g_failed;
    std::cout << "FAIL: " << what << "\n";
  }
}

void check_perft(int width, int height, const std::vector<std::uint64_t>& expected) {
  const naive::Position start = naive::initial_position(width, height);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const int depth = static_cast<int>(i) + 1;
    const std::uint64_t got = naive::perft(start, depth);
    check(got == expected[i], std::to_string(width) + "x" + std::to_string(height) +
                                  " perft " + std::to_string(depth) + " = " +
                                  std::to_string(got) + ", expected " +
                                  std::to_string(expected[i]));
  }
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : " ") + x;
  return s;
}

void check_turns(const std::string& fen, int width, int height,
                 std::vector<std::string> expected, const std::string& what) {
  naive::Position p;
  if (!naive::parse_fen(fen, width, height, p)) {
    check(false, what + ": FEN did not parse: " + fen);
    return;
  }
  std::sort(expected.begin(), expected.end());
  const std::vector<std::string> got = naive::legal_turns(p);
  check(got == expected, what + ": got [" + join(got) + "], expected [" +
                             join(expected) + "]");
}

void check_apply(const std::string& fen, const std::string& turn,
                 const std::string& expected_fen, const std::string& what) {
  naive::Position p, q;
  if (!naive::parse_fen(fen, 9, 5, p)) {
    check(false, what + ": FEN did not parse");
    return;
  }
  if (!naive::apply_turn(p, turn, q)) {
    check(false, what + ": apply_turn refused " + turn);
    return;
  }
  check(naive::to_fen(q) == expected_fen,
        what + ": got " + naive::to_fen(q) + ", expected " + expected_fen);
}

}  // namespace

int main(int argc, char** argv) {
  bool want_perft5 = false;
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--perft5") == 0) want_perft5 = true;

  // --- initial positions (the rule book's setup and small boards) and FEN
  const naive::Position start = naive::initial_position();
  check(naive::to_fen(start) == "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W",
        "9x5 initial FEN: " + naive::to_fen(start));
  check(naive::to_fen(naive::initial_position(5, 5)) == "BBBBB/BBBBB/BW1BW/WWWWW/WWWWW W",
        "5x5 initial FEN: " + naive::to_fen(naive::initial_position(5, 5)));
  check(naive::to_fen(naive::initial_position(3, 3)) == "BBB/B1W/WWW W",
        "3x3 initial FEN: " + naive::to_fen(naive::initial_position(3, 3)));
  {
    naive::Position p;
    check(naive::parse_fen("BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W", 9, 5, p) &&
              p == start,
          "parse initial FEN");
    const char* bad[] = {
        "",
        "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW",    // no side
        "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW X",  // bad side
        "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w",  // lowercase side
        "BBBBBBBBB/BBBBBBBBB/BWBW2BWBW/WWWWWWWWW/WWWWWWWWW W",  // rank too long
        "BBBBBBBBB/BBBBBBBBB/BWBWBWBW/WWWWWWWWW/WWWWWWWWW W",   // rank too short
        "BBBBBBBBB/BBBBBBBBB/BWBW0BWBW/WWWWWWWWW/WWWWWWWWW W",  // digit 0
        "BBBBBBBBB/BBBBBBBBB/BWBWxBWBW/WWWWWWWWW/WWWWWWWWW W",  // bad char
        "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW W",            // 4 ranks
        "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW/9 W",  // 6 ranks
        "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW  W",   // two spaces
        "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W 1",  // trailing field
    };
    for (const char* f : bad) {
      naive::Position q = start;
      check(!naive::parse_fen(f, 9, 5, q) && q == start,
            std::string("bad FEN refused: '") + f + "'");
    }
    check(!naive::parse_fen("BBBB/BB1W/WWWW W", 4, 3, p), "even width refused");
    check(!naive::parse_fen("9/9/9/9/9/9/9/9/9 W", 9, 9, p), "81 points refused");
    naive::Position e;
    check(naive::parse_fen("9/9/9/9/9 B", 9, 5, e) && naive::to_fen(e) == "9/9/9/9/9 B",
          "empty board round trip");
    check(naive::parse_fen("45/9/9/9/9 B", 9, 5, e) && naive::to_fen(e) == "9/9/9/9/9 B",
          "consecutive digits add up");
  }

  // --- the five opening turns on 9x5
  {
    std::vector<std::string> expected = {"d3-e3A", "d3-e3W", "d2-e3A", "e2-e3A", "f2-e3A"};
    std::sort(expected.begin(), expected.end());
    const std::vector<std::string> got = naive::legal_turns(start);
    check(got == expected, "opening turns: got [" + join(got) + "]");
    naive::Position q;
    check(!naive::apply_turn(start, "e2-e3", q), "paika refused when capture exists");
    check(!naive::apply_turn(start, "d3-e3", q), "non-canonical turn refused");
    check(!naive::apply_turn(start, "d3-e3a", q), "lowercase kind refused");
  }

  // --- hand-worked positions (9x5; FEN ranks are listed from rank 5 down to rank 1)
  // Approach: White d1, Black d3. d1 is weak; d1-d2 approaches d3, and since a capture
  // exists the paika steps d1-c1 / d1-e1 are not legal.
  check_turns("9/9/3B5/9/3W5 W", 9, 5, {"d1-d2A"}, "compulsory capture hides paika");
  check_apply("9/9/3B5/9/3W5 W", "d1-d2A", "9/9/9/3W5/9 B", "approach capture");
  // Withdrawal: White d2 steps back to d1, away from Black d3.
  check_apply("9/9/3B5/3W5/9 W", "d2-d1W", "9/9/9/9/3W5 B", "withdrawal capture");
  // The captured line stops at an own stone (d5) and at an empty point (d4).
  check_apply("3W5/3B5/3B5/9/3W5 W", "d1-d2A", "3W5/9/9/3W5/9 B", "line stops at own stone");
  check_apply("3B5/9/3B5/9/3W5 W", "d1-d2A", "3B5/9/9/3W5/9 B", "line stops at empty point");
  // The line runs to the edge: Black d3, d4, d5 all go.
  check_apply("3B5/3B5/3B5/9/3W5 W", "d1-d2A", "9/9/9/3W5/9 B", "line runs to the edge");
  // One step capturing both ways gives two turns: White c3 to d3, Black e3 and b3.
  check_turns("9/9/1BW1B4/9/9 W", 9, 5, {"c3-d3A", "c3-d3W"}, "approach and withdrawal");
  check_apply("9/9/1BW1B4/9/9 W", "c3-d3A", "9/9/1B1W5/9/9 B", "choose approach");
  check_apply("9/9/1BW1B4/9/9 W", "c3-d3W", "9/9/3WB4/9/9 B", "choose withdrawal");
  // A weak point has no diagonal: b1-c2 would approach d3 but there is no line.
  check_turns("9/9/3B5/9/1W7 W", 9, 5, {"b1-a1", "b1-b2", "b1-c1"}, "weak point: no diagonal");
  // A strong point does: a1-b2 approaches c3.
  check_turns("9/9/2B6/9/W8 W", 9, 5, {"a1-b2A"}, "strong point: diagonal approach");
  // Chain; stopping is optional, so the prefix is a turn too.
  check_turns("9/9/4B4/6B2/4W4 W", 9, 5, {"e1-e2A", "e1-e2A-f2A"}, "chain prefix is a turn");
  check_turns("9/9/1B7/9/W1B6 W", 9, 5, {"a1-b1A", "a1-b1A-b2A"}, "chain changes direction");
  // Same direction twice is forbidden: c1-d1W takes b1, then d1-e1A would approach f1.
  check_turns("9/9/9/9/1BW2B3 W", 9, 5, {"c1-d1W"}, "same direction forbidden");
  // Revisiting is forbidden: after c3-d4A-d3A, d3-c3A would approach b3 but c3 is the
  // starting point.
  check_turns("4B4/9/1BW6/3B5/9 W", 9, 5,
              {"c3-b4W", "c3-b4W-b5W", "c3-d3W", "c3-d3W-d4W", "c3-d4A", "c3-d4A-d3A"},
              "starting point may not be revisited");
  // Black to move; the side switches after the turn.
  check_apply("4B4/9/4W4/9/9 B", "e5-e4A", "9/4B4/9/9/9 W", "black approach, side switches");
  {
    naive::Position p, q;
    naive::parse_fen("4B4/9/4W4/9/9 B", 9, 5, p);
    check(!naive::apply_turn(p, "e5-e4W", q), "impossible withdrawal refused");
    check(!naive::apply_turn(p, "e5-e4A-e3A", q), "over-long chain refused");
  }
  // A side with stones but no step at all has no turn: 3x3, White a1 boxed in.
  {
    naive::Position p;
    check(naive::parse_fen("3/WW1/WW1 W", 3, 3, p) && !naive::legal_turns(p).empty(),
          "3x3 free stones can move");
    check(naive::parse_fen("BBB/BBB/BBW W", 3, 3, p) && naive::legal_turns(p).empty() &&
              naive::perft(p, 2) == 0,
          "boxed-in side has no turn");
  }

  // --- perft 1-4 from the initial positions of 9x5, 5x5 and 3x3
  check_perft(9, 5, {5, 39, 724, 18026});
  check_perft(5, 5, {5, 21, 202, 3469});
  check_perft(3, 3, {4, 7, 14, 67});

  // perft 0 is 1, a side with no stones has no turn
  {
    naive::Position p;
    naive::parse_fen("9/9/9/9/4W4 B", 9, 5, p);
    check(naive::perft(p, 0) == 1 && naive::perft(p, 1) == 0 && naive::perft(p, 3) == 0,
          "no stones -> no turns");
  }

  if (want_perft5) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t n5 = naive::perft(start, 5);
    const auto t1 = std::chrono::steady_clock::now();
    std::cout << "9x5 perft 5 = " << n5 << " ("
              << std::chrono::duration<double>(t1 - t0).count() << " s)\n";
  }

  std::cout << g_passed << " passed, " << g_failed << " failed\n";
  return g_failed == 0 ? 0 : 1;
}
