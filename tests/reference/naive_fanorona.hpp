// naive_fanorona.hpp - a deliberately naive, independent reference implementation
// of Fanorona (Fanoron-Tsivy and the smaller odd-sized boards), written only from the
// rule book (docs/rules.md) and the notation (docs/notation.md). Used as a test oracle.
// Clarity over speed.
//
// Conventions (the rule book's board and small boards, the notation's points):
//   * cells[(rank-1)*width + file], file 0 = 'a', rank 1 = bottom.
//   * 'W' white stone, 'B' black stone, '.' empty.
//   * strong point: (file + rank) even, 0-based; strong points also have diagonals.
#ifndef NAIVE_FANORONA_HPP
#define NAIVE_FANORONA_HPP

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace naive {

struct Position {
  int width = 9, height = 5;   // odd sizes, width*height <= 64
  std::vector<char> cells;     // index (rank-1)*width + file; 'W', 'B' or '.'
  char side = 'W';             // side to move, 'W' or 'B'
};

inline bool operator==(const Position& a, const Position& b) {
  return a.width == b.width && a.height == b.height && a.side == b.side &&
         a.cells == b.cells;
}
inline bool operator!=(const Position& a, const Position& b) { return !(a == b); }

// ---------------------------------------------------------------- basics

// Sizes this implementation accepts: odd, positive, at most 26 files (letters a..z),
// and at most 64 points.
inline bool valid_size(int width, int height) {
  return width >= 1 && height >= 1 && width % 2 == 1 && height % 2 == 1 &&
         width <= 26 && width * height <= 64;
}

inline char opponent(char side) { return side == 'W' ? 'B' : 'W'; }

inline bool on_board(const Position& p, int file, int rank0) {
  return file >= 0 && file < p.width && rank0 >= 0 && rank0 < p.height;
}

inline int index_of(const Position& p, int file, int rank0) {
  return rank0 * p.width + file;
}

inline char cell_at(const Position& p, int file, int rank0) {
  return p.cells[static_cast<std::size_t>(index_of(p, file, rank0))];
}

inline void set_cell(Position& p, int file, int rank0, char c) {
  p.cells[static_cast<std::size_t>(index_of(p, file, rank0))] = c;
}

inline bool is_strong(int file, int rank0) { return (file + rank0) % 2 == 0; }

// "e3" style name of a point (rank printed 1-based, in decimal).
inline std::string point_name(int file, int rank0) {
  std::string s;
  s += static_cast<char>('a' + file);
  s += std::to_string(rank0 + 1);
  return s;
}

// The eight directions (df, dr). Index into this table is a "direction".
struct Dir { int df, dr; };
inline const Dir* directions() {
  static const Dir dirs[8] = {{1, 0},  {-1, 0}, {0, 1},  {0, -1},
                              {1, 1},  {1, -1}, {-1, 1}, {-1, -1}};
  return dirs;
}

inline bool is_diagonal(int dir) {
  const Dir d = directions()[dir];
  return d.df != 0 && d.dr != 0;
}

// Is there a line from (file, rank0) to its neighbor in direction dir?
inline bool has_line(const Position& p, int file, int rank0, int dir) {
  const Dir d = directions()[dir];
  if (!on_board(p, file + d.df, rank0 + d.dr)) return false;
  if (is_diagonal(dir) && !is_strong(file, rank0)) return false;
  return true;
}

// ---------------------------------------------------------------- initial position

// The rule book's setup, on every board. Ranks below the middle rank are White's,
// ranks above it Black's. Middle rank: center empty; left of the center B W B ...
// from file a; the right half is the half-turn image of the left half with colors
// swapped (this reproduces the middle ranks the rule book gives for 9, 5 and 3
// files: "B W B W . B W B W", "B W . B W", "B . W").
inline Position initial_position(int width = 9, int height = 5) {
  Position p;
  p.width = width;
  p.height = height;
  p.side = 'W';
  if (width < 1 || height < 1) return p;  // nonsense sizes: no cells at all
  p.cells.assign(static_cast<std::size_t>(width * height), '.');
  const int mid = height / 2;
  const int center = width / 2;
  for (int r = 0; r < height; ++r) {
    for (int f = 0; f < width; ++f) {
      char c = '.';
      if (r < mid) {
        c = 'W';
      } else if (r > mid) {
        c = 'B';
      } else if (f < center) {
        c = (f % 2 == 0) ? 'B' : 'W';
      } else if (f > center) {
        const int mirror = width - 1 - f;  // point of the left half it maps to
        c = opponent((mirror % 2 == 0) ? 'B' : 'W');
      }
      set_cell(p, f, r, c);
    }
  }
  return p;
}

// ---------------------------------------------------------------- FEN

// The FEN of docs/notation.md: ranks from the top rank down to rank 1, separated by '/';
// 'W', 'B', digits 1-9 for runs of empties (consecutive digits add up, so a run
// longer than 9 is written e.g. "92" for 11); one space; side 'W' or 'B'.
// Nothing else is accepted. Returns false (and leaves out untouched) on error.
inline bool parse_fen(const std::string& fen, int width, int height, Position& out) {
  if (!valid_size(width, height)) return false;
  Position p;
  p.width = width;
  p.height = height;
  p.cells.assign(static_cast<std::size_t>(width * height), '.');

  std::size_t i = 0;
  for (int r = height - 1; r >= 0; --r) {
    int f = 0;
    while (i < fen.size() && fen[i] != '/' && fen[i] != ' ') {
      const char c = fen[i];
      if (c == 'W' || c == 'B') {
        if (f >= width) return false;
        set_cell(p, f, r, c);
        f += 1;
      } else if (c >= '1' && c <= '9') {
        f += c - '0';
        if (f > width) return false;
      } else {
        return false;
      }
      ++i;
    }
    if (f != width) return false;
    if (r > 0) {
      if (i >= fen.size() || fen[i] != '/') return false;
      ++i;
    }
  }
  if (i >= fen.size() || fen[i] != ' ') return false;
  ++i;
  if (i >= fen.size()) return false;
  const char s = fen[i];
  if (s != 'W' && s != 'B') return false;
  ++i;
  if (i != fen.size()) return false;
  p.side = s;
  out = p;
  return true;
}

inline std::string to_fen(const Position& p) {
  std::string s;
  for (int r = p.height - 1; r >= 0; --r) {
    int run = 0;
    for (int f = 0; f < p.width; ++f) {
      const char c = cell_at(p, f, r);
      if (c == 'W' || c == 'B') {
        while (run > 0) {
          const int n = std::min(run, 9);
          s += static_cast<char>('0' + n);
          run -= n;
        }
        s += c;
      } else {
        ++run;
      }
    }
    while (run > 0) {
      const int n = std::min(run, 9);
      s += static_cast<char>('0' + n);
      run -= n;
    }
    if (r > 0) s += '/';
  }
  s += ' ';
  s += p.side;
  return s;
}

// ---------------------------------------------------------------- move generation

// A complete turn: its canonical notation and the position after it (side switched).
struct Turn {
  std::string notation;
  Position result;
};

// Does the step of the stone at (f, r) in direction dir capture by approach /
// withdrawal? Only checks the step itself is legal-looking: destination on the
// board, joined by a line, empty.
inline bool step_possible(const Position& b, int f, int r, int dir) {
  if (!has_line(b, f, r, dir)) return false;
  const Dir d = directions()[dir];
  return cell_at(b, f + d.df, r + d.dr) == '.';
}

inline bool approach_captures(const Position& b, int f, int r, int dir, char enemy) {
  const Dir d = directions()[dir];
  const int tf = f + 2 * d.df, tr = r + 2 * d.dr;  // point beyond the destination
  return on_board(b, tf, tr) && cell_at(b, tf, tr) == enemy;
}

inline bool withdrawal_captures(const Position& b, int f, int r, int dir, char enemy) {
  const Dir d = directions()[dir];
  const int tf = f - d.df, tr = r - d.dr;  // point behind the starting point
  return on_board(b, tf, tr) && cell_at(b, tf, tr) == enemy;
}

// Remove the enemy stone at (f, r) and every enemy stone directly behind it in
// direction (df, dr), stopping at the first empty point, own stone or the edge.
inline void remove_line(Position& b, int f, int r, int df, int dr, char enemy) {
  while (on_board(b, f, r) && cell_at(b, f, r) == enemy) {
    set_cell(b, f, r, '.');
    f += df;
    r += dr;
  }
}

// Perform one step (the stone moves, captured stones disappear). kind is 'A', 'W'
// or 0 for paika.
inline Position do_step(const Position& b, int f, int r, int dir, char kind) {
  Position n = b;
  const Dir d = directions()[dir];
  const char me = cell_at(b, f, r);
  const char enemy = opponent(me);
  set_cell(n, f, r, '.');
  set_cell(n, f + d.df, r + d.dr, me);
  if (kind == 'A') remove_line(n, f + 2 * d.df, r + 2 * d.dr, d.df, d.dr, enemy);
  if (kind == 'W') remove_line(n, f - d.df, r - d.dr, -d.df, -d.dr, enemy);
  return n;
}

// Recursive chain exploration. b: board after the captures so far, the moving stone
// at (f, r); last_dir: direction of the previous step; visited: points occupied by
// the stone during this turn (starting point included); notation: text so far.
// Every capturing continuation is itself a complete turn and is recorded.
inline void extend_chain(const Position& b, int f, int r, int last_dir,
                         std::vector<char>& visited, const std::string& notation,
                         std::vector<Turn>& out) {
  const char me = cell_at(b, f, r);
  const char enemy = opponent(me);
  for (int dir = 0; dir < 8; ++dir) {
    if (dir == last_dir) continue;  // rule 2: not the same direction again
    if (!step_possible(b, f, r, dir)) continue;
    const Dir d = directions()[dir];
    const int nf = f + d.df, nr = r + d.dr;
    const std::size_t nidx = static_cast<std::size_t>(index_of(b, nf, nr));
    if (visited[nidx]) continue;  // rule 3: never revisit a point
    const char kinds[2] = {'A', 'W'};
    for (char kind : kinds) {
      const bool captures = (kind == 'A') ? approach_captures(b, f, r, dir, enemy)
                                          : withdrawal_captures(b, f, r, dir, enemy);
      if (!captures) continue;  // rule 1: only capturing steps
      const Position nb = do_step(b, f, r, dir, kind);
      const std::string text = notation + "-" + point_name(nf, nr) + kind;
      Turn t;
      t.notation = text;
      t.result = nb;
      t.result.side = opponent(b.side);
      out.push_back(t);
      visited[nidx] = 1;
      extend_chain(nb, nf, nr, dir, visited, text, out);
      visited[nidx] = 0;
    }
  }
}

// Every complete legal turn with the resulting position, sorted by notation.
inline std::vector<Turn> legal_turns_with_results(const Position& p) {
  std::vector<Turn> out;
  if (!valid_size(p.width, p.height)) return out;
  if (p.cells.size() != static_cast<std::size_t>(p.width * p.height)) return out;
  if (p.side != 'W' && p.side != 'B') return out;

  // Capturing turns first.
  for (int r = 0; r < p.height; ++r) {
    for (int f = 0; f < p.width; ++f) {
      if (cell_at(p, f, r) != p.side) continue;
      std::vector<char> visited(p.cells.size(), 0);
      visited[static_cast<std::size_t>(index_of(p, f, r))] = 1;
      extend_chain(p, f, r, -1, visited, point_name(f, r), out);
    }
  }
  // Paika only if no capture exists anywhere.
  if (out.empty()) {
    for (int r = 0; r < p.height; ++r) {
      for (int f = 0; f < p.width; ++f) {
        if (cell_at(p, f, r) != p.side) continue;
        for (int dir = 0; dir < 8; ++dir) {
          if (!step_possible(p, f, r, dir)) continue;
          const Dir d = directions()[dir];
          Turn t;
          t.notation = point_name(f, r) + "-" + point_name(f + d.df, r + d.dr);
          t.result = do_step(p, f, r, dir, 0);
          t.result.side = opponent(p.side);
          out.push_back(t);
        }
      }
    }
  }
  std::sort(out.begin(), out.end(),
            [](const Turn& a, const Turn& b) { return a.notation < b.notation; });
  out.erase(std::unique(out.begin(), out.end(),
                        [](const Turn& a, const Turn& b) {
                          return a.notation == b.notation;
                        }),
            out.end());
  return out;
}

inline std::vector<std::string> legal_turns(const Position& p) {
  const std::vector<Turn> turns = legal_turns_with_results(p);
  std::vector<std::string> names;
  names.reserve(turns.size());
  for (const Turn& t : turns) names.push_back(t.notation);
  return names;
}

// Plays a turn given in canonical notation (exactly as legal_turns prints it).
// Returns false, leaving out untouched, if it is not one of the legal turns.
inline bool apply_turn(const Position& p, const std::string& canonical_turn,
                       Position& out) {
  const std::vector<Turn> turns = legal_turns_with_results(p);
  for (const Turn& t : turns) {
    if (t.notation == canonical_turn) {
      out = t.result;
      return true;
    }
  }
  return false;
}

// Perft (docs/perft.md): number of distinct sequences of depth complete legal turns.
inline std::uint64_t perft(const Position& p, int depth) {
  if (depth <= 0) return 1;
  const std::vector<Turn> turns = legal_turns_with_results(p);
  if (depth == 1) return static_cast<std::uint64_t>(turns.size());
  std::uint64_t total = 0;
  for (const Turn& t : turns) total += perft(t.result, depth - 1);
  return total;
}

}  // namespace naive

#endif  // NAIVE_FANORONA_HPP
