// Endgame tables (include/fanorona/tablebase.hpp): the 3x3 board solved from the start,
// every value against an independent solver built on the naive reference rules, the
// verifier's invariants, the index, the best turn, and the files with their refusals.
#include "catch.hpp"
#include "reference/naive_fanorona.hpp"

#include <fanorona/tablebase.hpp>

#include <bitset>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

using fanorona::Material;
using fanorona::TablebaseOutcome;
using fanorona::TablebaseValue;

namespace {

int popcount(std::uint64_t set) { return static_cast<int>(std::bitset<64>(set).count()); }

template <class B>
fanorona::BasicTablebase<B> generated(int stones) {
  fanorona::BasicTablebase<B> tables;
  const fanorona::Status status = fanorona::generate_tablebase(tables, fanorona::TablebaseOptions{stones, "", nullptr});
  INFO(status.error().message);
  REQUIRE(status.has_value());
  REQUIRE(tables.covers(stones));
  return tables;
}

TablebaseValue win(int d) { return {TablebaseOutcome::win, d}; }
TablebaseValue loss(int d) { return {TablebaseOutcome::loss, d}; }
TablebaseValue draw() { return {TablebaseOutcome::draw, 0}; }

// Every position with at most `stones` stones (each side at most its starting count, either
// side to move), solved by plain value iteration over the turns of the naive reference rules
// (tests/reference/naive_fanorona.hpp): pass k decides exactly the positions at distance k.
// Nothing is shared with the library but the bit layout of the points.
struct IndependentSolution {
  struct Key {
    std::uint64_t white, black;
    char side;
    bool operator==(const Key& o) const { return white == o.white && black == o.black && side == o.side; }
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      return std::hash<std::uint64_t>()(k.white * 0x9E3779B97F4A7C15ULL ^ k.black ^ (k.side == 'B' ? 1ULL << 63 : 0));
    }
  };
  std::vector<Key> keys;
  std::vector<TablebaseValue> values;
};

IndependentSolution solve_independently(int width, int height, int stones) {
  const int size = width * height;
  const int per_side = (size - 1) / 2;
  IndependentSolution out;
  std::unordered_map<IndependentSolution::Key, int, IndependentSolution::KeyHash> node;
  // All sets of at most `stones` points, then all pairs of disjoint sets within the counts.
  std::vector<std::uint64_t> sets{0};
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const std::uint64_t s = sets[i];
    const int count = popcount(s);
    if (count == stones || count == per_side) continue;
    int from = 0;
    while (from < 64 && (s >> from) != 0) ++from;  // just above the highest point
    for (int p = from; p < size; ++p) sets.push_back(s | (std::uint64_t{1} << p));
  }
  for (const std::uint64_t w : sets)
    for (const std::uint64_t b : sets)
      if ((w & b) == 0 && popcount(w) + popcount(b) <= stones)
        for (const char side : {'W', 'B'}) {
          node.emplace(IndependentSolution::Key{w, b, side}, static_cast<int>(out.keys.size()));
          out.keys.push_back({w, b, side});
        }
  std::vector<std::vector<int>> children(out.keys.size());
  for (std::size_t i = 0; i < out.keys.size(); ++i) {
    const auto& k = out.keys[i];
    naive::Position p;
    p.width = width;
    p.height = height;
    p.side = k.side;
    p.cells.assign(static_cast<std::size_t>(size), '.');
    for (int q = 0; q < size; ++q) {
      if (k.white >> q & 1U) p.cells[static_cast<std::size_t>(q)] = 'W';
      if (k.black >> q & 1U) p.cells[static_cast<std::size_t>(q)] = 'B';
    }
    for (const naive::Turn& t : naive::legal_turns_with_results(p)) {
      IndependentSolution::Key c{0, 0, t.result.side};
      for (int q = 0; q < size; ++q) {
        if (t.result.cells[static_cast<std::size_t>(q)] == 'W') c.white |= std::uint64_t{1} << q;
        if (t.result.cells[static_cast<std::size_t>(q)] == 'B') c.black |= std::uint64_t{1} << q;
      }
      children[i].push_back(node.at(c));
    }
  }
  std::vector<int> distance(out.keys.size(), -1);
  for (int k = 0;; ++k) {
    std::vector<std::size_t> decided;
    for (std::size_t i = 0; i < out.keys.size(); ++i) {
      if (distance[i] >= 0) continue;
      bool win_now = false, all_won = true;
      int longest = -1;
      for (const int c : children[i]) {
        const int d = distance[static_cast<std::size_t>(c)];
        if (d == k - 1 && d % 2 == 0) win_now = true;
        if (d < 0 || d >= k || d % 2 == 0) all_won = false;
        if (d > longest) longest = d;
      }
      if ((k % 2 == 1 && win_now) || (k % 2 == 0 && all_won && longest == k - 1)) decided.push_back(i);
    }
    if (decided.empty()) break;
    for (const std::size_t i : decided) distance[i] = k;
  }
  for (const int d : distance) out.values.push_back(d < 0 ? draw() : d % 2 ? win(d) : loss(d));
  return out;
}

template <class B>
void check_against_independent(int stones) {
  const auto tables = generated<B>(stones);
  const IndependentSolution solution = solve_independently(B::width, B::height, stones);
  std::size_t compared = 0;
  for (std::size_t i = 0; i < solution.keys.size(); ++i) {
    const auto& k = solution.keys[i];
    const auto position = fanorona::BasicPosition<B>::from_stones(k.white, k.black, k.side == 'W' ? fanorona::Color::white
                                                                                                  : fanorona::Color::black);
    REQUIRE(position.has_value());
    const auto value = tables.probe(*position);
    INFO(position->to_fen());
    REQUIRE(value.has_value());
    CHECK(*value == solution.values[i]);
    ++compared;
  }
  CHECK(compared == solution.keys.size());
}

// A folder of its own under the system's temporary folder, removed at the end.
struct TemporaryFolder {
  std::filesystem::path path;
  explicit TemporaryFolder(const std::string& name)
      : path(std::filesystem::temp_directory_path() / ("fanorona-tablebase-test-" + name)) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TemporaryFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
  std::string file(Material m) const { return (path / fanorona::tablebase_file_name<fanorona::Tsivy>(m)).string(); }
};

std::vector<unsigned char> read_bytes(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// FNV-1a of the header's first 56 bytes and the entries, stored little-endian at byte 56.
void write_with_checksum(const std::string& file, std::vector<unsigned char> bytes) {
  std::uint64_t hash = 0xCBF29CE484222325ULL;
  for (std::size_t i = 0; i < bytes.size(); ++i)
    if (i < 56 || i >= 64) hash = (hash ^ bytes[i]) * 0x100000001B3ULL;
  for (std::size_t i = 0; i < 8; ++i) bytes[56 + i] = static_cast<unsigned char>(hash >> (8 * i));
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

void patch_byte(const std::string& file, std::streamoff offset, char value) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  REQUIRE(f.good());
  f.seekp(offset);
  f.put(value);
}

}  // namespace

TEST_CASE("3x3 solved from the start: a win for White in 11 turns", "[tablebase]") {
  using Telo = fanorona::Telo;
  const auto tables = generated<Telo>(8);
  const auto start = fanorona::BasicPosition<Telo>::initial();
  CHECK(tables.probe(start) == win(11));
  std::uint64_t positions = 0;
  for (int own = 1; own <= 4; ++own)
    for (int enemy = 1; enemy <= 4; ++enemy) positions += tables.info({own, enemy}).positions();
  CHECK(positions == 6915);  // classes under the file mirror of every position with both sides on the board
  CHECK(tables.info({4, 4}).longest == 12);

  // Every position reachable from the start, and the best turn of each keeps its value.
  std::unordered_set<fanorona::BasicPosition<Telo>> seen{start};
  std::vector<fanorona::BasicPosition<Telo>> todo{start};
  std::uint64_t won = 0;
  while (!todo.empty()) {
    const auto p = todo.back();
    todo.pop_back();
    const auto best = tables.best_turn(p);
    REQUIRE(best.has_value());
    won += best->value.outcome == TablebaseOutcome::win;
    if (!best->turn.empty()) {
      const TablebaseValue after = *tables.probe(p.after(best->turn));
      const TablebaseValue& v = best->value;
      if (v.outcome == TablebaseOutcome::draw)
        CHECK(after == draw());
      else
        CHECK(after == TablebaseValue{v.outcome == TablebaseOutcome::win ? TablebaseOutcome::loss : TablebaseOutcome::win,
                                      v.distance - 1});
    }
    fanorona::for_each_turn(p, [&](const fanorona::BasicTurn<Telo>& turn) {
      if (seen.insert(p.after(turn)).second) todo.push_back(p.after(turn));
    });
  }
  CHECK(seen.size() == 1012);
  CHECK(won == 630);
}

TEST_CASE("every 3x3 position agrees with an independent solver on the naive rules", "[tablebase]") {
  check_against_independent<fanorona::Telo>(8);
}

TEST_CASE("every 5x5 position of up to 3 stones agrees with the independent solver", "[tablebase]") {
  check_against_independent<fanorona::Dimy>(3);
}

TEST_CASE("the verifier's invariants and a plain search hold on 5x5 up to 4 stones and 9x5 up to 3", "[tablebase]") {
  const auto check = [](const auto& tables, int stones) {
    for (int own = 1; own < stones; ++own)
      for (int enemy = 1; own + enemy <= stones; ++enemy) {
        const auto report = fanorona::verify_tablebase(tables, {own, enemy}, fanorona::TablebaseVerifyOptions{20, 3, 7, nullptr});
        INFO(report.error().message);
        REQUIRE(report.has_value());
        CHECK(report->positions == tables.info({own, enemy}).positions());
        CHECK(report->searched == 20);
      }
  };
  check(generated<fanorona::Dimy>(4), 4);
  check(generated<fanorona::Tsivy>(3), 3);
}

TEST_CASE("the verifier finds a wrong value in a file whose checksum is right", "[tablebase]") {
  TemporaryFolder folder("verify");
  {
    fanorona::Tablebase tables;
    REQUIRE(fanorona::generate_tablebase(tables, fanorona::TablebaseOptions{3, folder.path.string(), nullptr}).has_value());
  }
  // Slot 0 of 2v1 holds White a1 b1 against Black c1, White to move. Another value there, and
  // the checksum recomputed as docs/tablebases.md describes it: the file loads, the rules refuse it.
  const std::string file = folder.file({2, 1});
  std::vector<unsigned char> bytes = read_bytes(file);
  bytes[64] = bytes[64] == 0 ? 2 : 0;
  write_with_checksum(file, bytes);
  fanorona::Tablebase tables;
  REQUIRE(tables.load(folder.path.string(), 3).has_value());
  const auto report = fanorona::verify_tablebase(tables, {2, 1});
  REQUIRE(!report.has_value());
  INFO(report.error().message);
  CHECK(report.error().message.find("9x5-2v1.fntb: 9/9/9/9/WWB6 W is a ") == 0);
  CHECK(report.error().message.find(" in the table, but ") != std::string::npos);
  // The code and the values of the message, for a program that shows it in its own words.
  CHECK(report.error().code == fanorona::ErrorCode::table_verify_mismatch);
  CHECK(report.error().arg("table") == "9x5-2v1.fntb");
  CHECK(report.error().arg("fen") == "9/9/9/9/WWB6 W");
  CHECK(report.error().arg("value") != report.error().arg("computed"));
  CHECK(report.error().message == fanorona::format_message(report.error().code, report.error().args));
}

TEST_CASE("the index: every position of a material has a slot, and its images under the symmetries have its value", "[tablebase]") {
  const auto tables = generated<fanorona::Tsivy>(3);
  for (const Material m : {Material{2, 1}, Material{1, 2}}) {
    INFO(m.to_string());
    std::uint64_t used = 0;
    const std::uint64_t slots = tables.info(m).entries;
    // Every position of the material, both orientations, reaches a slot below `slots`, and the
    // two orientations of a position share it.
    for (int a = 0; a < 45; ++a)
      for (int b = a + 1; b < 45; ++b)
        for (int c = 0; c < 45; ++c) {
          if (c == a || c == b) continue;
          const fanorona::Bitboard two = (1ULL << a) | (1ULL << b), one = 1ULL << c;
          const auto p = m.own == 2 ? fanorona::Position::from_stones(two, one, fanorona::Color::white)
                                    : fanorona::Position::from_stones(one, two, fanorona::Color::black);
          REQUIRE(p.has_value());
          const auto value = tables.probe(*p);
          REQUIRE(value.has_value());
          CHECK(tables.probe(fanorona::mirror_files(*p)) == value);
          // Mirroring the ranks swaps the colors: another slot, the same value by the rules.
          CHECK(tables.probe(fanorona::mirror_ranks(*p)) == value);
          CHECK(tables.probe(fanorona::half_turn(*p)) == value);
          ++used;
        }
    CHECK(used == 45 * 44 / 2 * 43);
    CHECK(slots >= tables.info(m).positions());
    CHECK(tables.info(m).positions() * 2 >= used);  // the mirror halves the positions, almost
  }
}

TEST_CASE("probing: positions over without a table, and material not in memory", "[tablebase]") {
  const auto tables = generated<fanorona::Tsivy>(3);
  const auto at = [](const char* fen) { return fanorona::Position::from_fen(fen).value(); };
  CHECK(tables.probe(at("9/9/4W4/9/9 B")) == loss(0));      // Black to move has no stones
  CHECK(tables.probe(at("9/9/4W4/9/9 W")) == win(1));       // any move wins: Black is then stoneless
  CHECK(!tables.probe(at("9/9/3WBW3/9/B8 W")).has_value()); // 4 stones: no table
  CHECK(!tables.best_turn(at("9/9/3WBW3/9/B8 W")).has_value());
  CHECK(tables.probe(at("9/9/3W1B3/9/9 W")) == win(1));     // d3-e3A takes the last stone
  const auto best = tables.best_turn(at("9/9/3W1B3/9/9 W"));
  REQUIRE(best.has_value());
  CHECK(best->value == win(1));
  CHECK(best->turn.is_capture());
}

TEST_CASE("files: round trip, resuming, and refusals with a clear message", "[tablebase]") {
  TemporaryFolder folder("files");
  std::vector<Material> generated_now, loaded_now;
  fanorona::TablebaseOptions options{3, folder.path.string(), nullptr};
  options.progress = [&](const fanorona::TablebaseProgress& p) {
    if (p.stage == fanorona::TablebaseProgress::Stage::written) generated_now.push_back(p.material);
    if (p.stage == fanorona::TablebaseProgress::Stage::loaded) loaded_now.push_back(p.material);
  };
  fanorona::Tablebase first;
  REQUIRE(fanorona::generate_tablebase(first, options).has_value());
  CHECK(generated_now == std::vector<Material>{{1, 1}, {2, 1}});
  CHECK(loaded_now.empty());

  fanorona::Tablebase second;
  REQUIRE(second.load(folder.path.string(), 3).has_value());
  for (const Material m : {Material{1, 1}, Material{2, 1}, Material{1, 2}}) {
    CHECK(second.info(m).from_file);
    CHECK(second.info(m).positions() == first.info(m).positions());
    CHECK(second.info(m).wins == first.info(m).wins);
    CHECK(second.info(m).longest == first.info(m).longest);
    CHECK(fanorona::verify_tablebase(second, m, fanorona::TablebaseVerifyOptions{0, 0, 1, nullptr}).has_value());
  }
  CHECK(std::filesystem::file_size(folder.file({2, 1})) == 64 + first.info({2, 1}).entries);

  // A second run loads every table instead of generating it again.
  generated_now.clear();
  fanorona::Tablebase resumed;
  REQUIRE(fanorona::generate_tablebase(resumed, options).has_value());
  CHECK(generated_now.empty());
  CHECK(loaded_now == std::vector<Material>{{1, 1}, {2, 1}});

  // The message of a refused file, whose code must be `code` and whose `path` the file's.
  const auto refusal = [&](Material m, fanorona::ErrorCode code) {
    fanorona::Tablebase t;
    const fanorona::Status s = t.load_file(folder.file(m), m);
    REQUIRE(!s.has_value());
    CHECK(!t.has(m));
    CHECK(s.error().code == code);
    CHECK(s.error().arg("path") == folder.file(m));
    return s.error().message;
  };
  using Code = fanorona::ErrorCode;
  const auto contains = [](const std::string& text, const std::string& part) {
    INFO(text);
    CHECK(text.find(part) != std::string::npos);
  };

  // One byte of the entries changed: the checksum says so, and a generator run makes that
  // pair again (and only that one).
  patch_byte(folder.file({1, 2}), 100, 7);
  contains(refusal({1, 2}, Code::table_corrupt), "9x5-1v2.fntb: checksum mismatch: the file is corrupt");
  generated_now.clear();
  loaded_now.clear();
  fanorona::Tablebase repaired;
  REQUIRE(fanorona::generate_tablebase(repaired, options).has_value());
  CHECK(generated_now == std::vector<Material>{{2, 1}});
  CHECK(loaded_now == std::vector<Material>{{1, 1}});

  // Another format version.
  patch_byte(folder.file({2, 1}), 8, 2);
  contains(refusal({2, 1}, Code::table_bad_version), "9x5-2v1.fntb: format version 2, but this library reads version 1");
  patch_byte(folder.file({2, 1}), 8, 1);
  // Not a table at all.
  patch_byte(folder.file({2, 1}), 0, 'X');
  contains(refusal({2, 1}, Code::table_bad_magic), "not a fanorona tablebase file");
  patch_byte(folder.file({2, 1}), 0, 'F');
  // Truncated, and missing.
  std::filesystem::resize_file(folder.file({2, 1}), 1000);
  contains(refusal({2, 1}, Code::table_truncated), "truncated");
  std::filesystem::resize_file(folder.file({2, 1}), 10);
  contains(refusal({2, 1}, Code::table_too_short), "too short for a tablebase header");
  std::filesystem::remove(folder.file({2, 1}));
  contains(refusal({2, 1}, Code::io_cannot_open), "9x5-2v1.fntb: cannot open the file");
  // A file of another material under this name.
  std::filesystem::copy_file(folder.file({1, 2}), folder.file({2, 1}));
  contains(refusal({2, 1}, Code::table_wrong_material), "holds material 1v2, not 2v1");
  // A table of another board.
  fanorona::BasicTablebase<fanorona::Dimy> small;
  const fanorona::Status other_board = small.load_file(folder.file({1, 1}), {1, 1});
  REQUIRE(!other_board.has_value());
  contains(other_board.error().message, "a table of the 9x5 board, not 5x5");
  CHECK(other_board.error().code == Code::table_wrong_board);
  CHECK(other_board.error().arg("board") == "9x5");
  CHECK(other_board.error().arg("expected") == "5x5");
}
