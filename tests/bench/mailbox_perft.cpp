// fanorona-mailbox-perft: a plain mailbox perft for the 9x5 board, the baseline that the
// speed figures of docs/perft.md are compared with ("N x a plain mailbox generator").
//
//   fanorona-mailbox-perft [--depth N]      (default 6)
//
// prints `perft <d> <count> <seconds> s <nodes/s> nodes/s` for d = 1..N, the same lines as
// fanorona-perft, and exits with status 1 if a count differs from the library's reference
// figure for that depth (docs/perft.md): the ctest test mailbox_perft runs it to depth 6.
//
// It is written from the rules (docs/rules.md) and shares no code with the library, so that
// the comparison measures the library's design rather than a handicapped rival: it is what a
// careful programmer writes first. One array of 45 cells, a neighbor table per direction,
// complete turns found by a recursive chain search with a visited set, make and unmake in
// place, bulk counting at the last level, no allocation. No bitboards, no tricks.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

constexpr int width = 9;
constexpr int height = 5;
constexpr int points = width * height;  // point index: (rank - 1) * 9 + file, a1 = 0
constexpr int max_depth = 12;

enum Cell : int { empty = 0, white = 1, black = 2 };
int enemy_of(int side) { return 3 - side; }

// Directions in opposite pairs, so that d ^ 1 is the opposite of d: E W N S NE SW NW SE.
constexpr int file_step[8] = {1, -1, 0, 0, 1, -1, -1, 1};
constexpr int rank_step[8] = {0, 0, 1, -1, 1, -1, 1, -1};

// neighbor[p][d]: the point joined to p by a line in direction d, or -1. Diagonal lines
// leave only strong points ((file + rank) even), and a diagonal step from a strong point
// lands on a strong point, so following one direction from any point stays on a line.
int neighbor[points][8];

void build_neighbors() {
  for (int p = 0; p < points; ++p)
    for (int d = 0; d < 8; ++d) {
      const int file = p % width + file_step[d];
      const int rank = p / width + rank_step[d];
      const bool diagonal = d >= 4;
      const bool strong = (p % width + p / width) % 2 == 0;
      const bool on_board = file >= 0 && file < width && rank >= 0 && rank < height;
      neighbor[p][d] = on_board && (strong || !diagonal) ? rank * width + file : -1;
    }
}

class Mailbox {
 public:
  Mailbox() {
    // White fills ranks 1-2 and Black ranks 4-5; rank 3 reads B W B W . B W B W.
    const int middle[width] = {black, white, black, white, empty, black, white, black, white};
    for (int p = 0; p < points; ++p) {
      const int rank = p / width;
      cell_[p] = rank < 2 ? white : rank > 2 ? black : middle[p % width];
    }
  }

  // Sequences of `depth` complete turns of `side` and then alternately its opponent.
  std::uint64_t perft(int side, int depth) {
    // The chain search marks the points the moving stone has stood on; each level has its
    // own set because the levels below run while a chain of this level is in progress.
    bool visited[points] = {};
    bool any_capture = false;
    std::uint64_t total = 0;
    for (int p = 0; p < points; ++p) {
      if (cell_[p] != side) continue;
      visited[p] = true;
      total += chains(p, -1, side, depth, visited, any_capture);
      visited[p] = false;
    }
    if (any_capture) return total;  // capture is compulsory

    // Paika: one step to an empty neighbor, then the turn ends.
    for (int from = 0; from < points; ++from) {
      if (cell_[from] != side) continue;
      for (int d = 0; d < 8; ++d) {
        const int to = neighbor[from][d];
        if (to < 0 || cell_[to] != empty) continue;
        if (depth == 1) {
          ++total;
          continue;
        }
        cell_[from] = empty;
        cell_[to] = side;
        total += perft(enemy_of(side), depth - 1);
        cell_[to] = empty;
        cell_[from] = side;
      }
    }
    return total;
  }

 private:
  // Every turn that goes on from the stone on `from`, whose previous step went in direction
  // `last` (-1 before the first step): each capturing step ends a complete turn, since the
  // player may stop after any capture, and may be followed by more.
  std::uint64_t chains(int from, int last, int side, int depth, bool* visited, bool& any_capture) {
    const int enemy = enemy_of(side);
    std::uint64_t total = 0;
    for (int d = 0; d < 8; ++d) {
      if (d == last) continue;  // never twice in a row in the same direction
      const int to = neighbor[from][d];
      if (to < 0 || cell_[to] != empty || visited[to]) continue;
      const int ahead = neighbor[to][d];          // approach: the point beyond `to`
      const int behind = neighbor[from][d ^ 1];   // withdrawal: the point behind `from`
      if (ahead >= 0 && cell_[ahead] == enemy)
        total += capture(from, to, d, ahead, d, side, depth, visited, any_capture);
      if (behind >= 0 && cell_[behind] == enemy)
        total += capture(from, to, d, behind, d ^ 1, side, depth, visited, any_capture);
    }
    return total;
  }

  // Plays the capturing step from -> to, which takes the enemy line starting at `first`
  // and running in direction `line`; counts the turn that stops here and those that go on.
  std::uint64_t capture(int from, int to, int d, int first, int line, int side, int depth, bool* visited,
                        bool& any_capture) {
    any_capture = true;
    const int enemy = enemy_of(side);
    int taken[width];  // a line holds at most 8 enemy stones
    int count = 0;
    for (int p = first; p >= 0 && cell_[p] == enemy; p = neighbor[p][line]) {
      cell_[p] = empty;
      taken[count++] = p;
    }
    cell_[from] = empty;
    cell_[to] = side;

    std::uint64_t total = depth == 1 ? 1 : perft(enemy, depth - 1);
    visited[to] = true;
    total += chains(to, d, side, depth, visited, any_capture);
    visited[to] = false;

    cell_[to] = empty;
    cell_[from] = side;
    for (int i = 0; i < count; ++i) cell_[taken[i]] = enemy;
    return total;
  }

  int cell_[points];
};

// The library's figures from the initial position (docs/perft.md, tests/perft_test.cpp).
constexpr std::uint64_t reference[] = {1, 5, 39, 724, 18026, 431852, 9205774, 175243243, 3011689080};
constexpr int known_depths = static_cast<int>(sizeof reference / sizeof reference[0]) - 1;

}  // namespace

int main(int argc, char** argv) {
  int depth = 6;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--depth") == 0 && i + 1 < argc) {
      depth = std::atoi(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: fanorona-mailbox-perft [--depth N]\n");
      return 2;
    }
  }
  if (depth < 1 || depth > max_depth) {
    std::fprintf(stderr, "fanorona-mailbox-perft: --depth must be 1 to %d\n", max_depth);
    return 2;
  }

  build_neighbors();
  Mailbox board;
  bool agrees = true;
  for (int d = 1; d <= depth; ++d) {
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t count = board.perft(white, d);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("perft %d %llu %.3f s %.0f nodes/s\n", d, static_cast<unsigned long long>(count), seconds,
                seconds > 0 ? static_cast<double>(count) / seconds : 0.0);
    std::fflush(stdout);
    if (d <= known_depths && count != reference[d]) {
      std::fprintf(stderr, "fanorona-mailbox-perft: perft %d is %llu, the library's figure is %llu\n", d,
                   static_cast<unsigned long long>(count), static_cast<unsigned long long>(reference[d]));
      agrees = false;
    }
  }
  return agrees ? 0 : 1;
}
