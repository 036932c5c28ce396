// The benchmark suite: 21 varied positions (the start, openings and middle games reached by
// random play, long-chain endgames with a lone stone or a few against many) with perft values.
// Each value was computed by the library and by the naive reference implementation
// (tests/reference) at the depth given, and they agreed; tests/differential_test.cpp checks
// them again on every run. Used by the benchmarks in tests/bench.
#ifndef FANORONA_TESTS_SUITE_POSITIONS_HPP
#define FANORONA_TESTS_SUITE_POSITIONS_HPP

#include <cstdint>

namespace test {

struct SuitePosition {
  const char* name;
  const char* fen;
  int depth;
  std::uint64_t nodes;  // perft(fen, depth)
};

inline constexpr SuitePosition suite_positions[] = {
    {"initial position", "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W", 5, 431852ULL},
    {"opening", "BBBBBBBBB/BBB1BBBBB/BWBBW1WBW/WWW1WWWWW/WWW1WWWWW W", 5, 2049039ULL},
    {"opening", "1BBBBBBBB/B1BBB1B1B/BW1W2WB1/WWW1W1WWW/WWWW2WWW W", 4, 183604ULL},
    {"opening", "BBBB1B1BB/BBB1WW1BB/BWB3BBW/5B2W/WWWW1W1W1 W", 5, 1943628ULL},
    {"opening", "3B1BBB1/6B1B/B1W6/W2B2W2/7BW W", 7, 382707ULL},
    {"middle game", "BB1B1B2B/2W2WB1B/6B2/WWW2BWWW/WW3W3 W", 7, 1143458ULL},
    {"middle game", "BB1B1B1BB/7B1/1W3B2B/6W2/W8 W", 7, 2567763ULL},
    {"middle game", "B1BB3BB/9/6W2/7W1/WW5W1 W", 7, 2776836ULL},
    {"middle game", "1B1B1B2B/4B1B2/9/1B5W1/W8 W", 7, 207895ULL},
    {"late middle game", "4B4/7B1/WW5W1/7W1/1W1W5 W", 6, 352437ULL},
    {"late middle game", "1B7/9/6W2/5W2W/4W1WW1 W", 6, 701817ULL},
    {"lone stone against 12", "B3BBB2/7B1/4BB2B/1B1B3W1/4B2B1 W", 6, 2972219ULL},
    {"two stones against 14", "2B3B2/1BB2BWB1/3B5/1B4B2/WBB1BB1B1 W", 6, 1612505ULL},
    {"three against ten", "4B1BWB/3B5/B3WB3/7B1/3BB1B1W W", 6, 1649969ULL},
    {"lone stone against 20", "4B1B1B/2BB1BB2/1B2B4/1BBB1B1WB/1BBBBBB2 W", 5, 1217440ULL},
    {"four against four", "3B3B1/1W3W2B/9/2W4W1/5B3 W", 6, 620741ULL},
    {"six against nine", "3W4B/W4B1B1/2B2B3/1WB1W2WW/2B1B1B2 W", 6, 1442797ULL},
    {"two against 18", "1WB4B1/1B2BBBB1/BW1B2B1B/BB3BB2/2B2BB2 W", 5, 679047ULL},
    {"five against 16", "2BWB4/1BBB2BBB/2B2B1B1/1WW1B2W1/3BBWB1B W", 4, 441701ULL},
    {"three against three", "9/2B3B2/W3W4/2B4W1/9 W", 7, 967743ULL},
    {"two against seven", "9/3B1BBB1/3W5/6W2/2BBB4 W", 7, 434440ULL},
};

}  // namespace test

#endif
