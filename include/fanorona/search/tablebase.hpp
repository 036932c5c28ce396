// fanorona: endgame databases by retrograde analysis: generate, store, verify and probe them.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_SEARCH_TABLEBASE_HPP
#define FANORONA_SEARCH_TABLEBASE_HPP

/// @file
/// @brief Endgame tables ("tablebases"): the exact value of every position with few stones,
/// and the distance to the end in turns, found by retrograde analysis (docs/tablebases.md).
///
/// Not included by `search.hpp`: a program that wants the tables includes this header. The
/// tables live in memory once loaded or generated, so that a probe inside a search is a few
/// table look-ups and allocates nothing.
///
/// @code
/// #include <fanorona/search/tablebase.hpp>
///
/// #include <cstdio>
///
/// int main() {
///   fanorona::BasicTablebase<fanorona::Telo> tables;
///   // Every position of the 3x3 board (4 stones a side at most), in memory only.
///   if (!fanorona::generate_tablebase(tables, fanorona::TablebaseOptions{8, "", nullptr})) return 1;
///   const auto start = fanorona::BasicPosition<fanorona::Telo>::initial();
///   const auto best = tables.best_turn(start);  // the value, and a turn that keeps it
///   if (!best) return 1;
///   std::printf("%s: %s\n", best->value.to_string().c_str(), best->turn.to_string().c_str());
/// }
/// @endcode

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../board.hpp"
#include "../detail/bits.hpp"
#include "../movegen.hpp"
#include "../position.hpp"
#include "../result.hpp"
#include "../symmetry.hpp"
#include "../turn.hpp"

namespace fanorona {

/// @addtogroup search
/// @{

/// Who wins with perfect play, seen by the side to move.
enum class TablebaseOutcome : std::uint8_t {
  loss,  ///< The side to move loses whatever it does.
  draw,  ///< Neither side can force a win: such games end by repetition.
  win,   ///< The side to move can force a win.
};

/// A position's value in the tables: the outcome and how many turns (plies) perfect play
/// takes to reach the end. The winner plays for the fastest win and the loser for the
/// longest defence, so a win is always an odd distance and a loss an even one.
struct TablebaseValue {
  TablebaseOutcome outcome = TablebaseOutcome::draw;  ///< Win, draw or loss for the side to move.
  int distance = 0;  ///< Turns to the end with perfect play; 0 for a draw (it has no end).

  /// "win in 5", "loss in 0", "draw": the form the search prints its mate scores in.
  std::string to_string() const {
    if (outcome == TablebaseOutcome::draw) return "draw";
    return std::string(outcome == TablebaseOutcome::win ? "win in " : "loss in ") + std::to_string(distance);
  }
  /// Equal when outcome and distance are.
  friend constexpr bool operator==(const TablebaseValue& a, const TablebaseValue& b) noexcept {
    return a.outcome == b.outcome && a.distance == b.distance;
  }
  /// Not equal.
  friend constexpr bool operator!=(const TablebaseValue& a, const TablebaseValue& b) noexcept { return !(a == b); }
};

/// The stones of each side, the side to move's first: the tables are split by material
/// because a paika move keeps it and a capture only lowers the enemy's count.
struct Material {
  int own = 0;    ///< Stones of the side to move.
  int enemy = 0;  ///< Stones of the other side.

  /// Stones on the board.
  constexpr int total() const noexcept { return own + enemy; }
  /// "3v2": the side to move's count first, as in the file names.
  std::string to_string() const { return std::to_string(own) + "v" + std::to_string(enemy); }
  /// Equal when both counts are.
  friend constexpr bool operator==(Material a, Material b) noexcept { return a.own == b.own && a.enemy == b.enemy; }
  /// Not equal.
  friend constexpr bool operator!=(Material a, Material b) noexcept { return !(a == b); }
};

/// The figures of one table, kept with it and written in its file's header.
struct TablebaseTableInfo {
  Material material;          ///< Which table.
  std::uint64_t entries = 0;  ///< Slots of the index, one byte each (a few are unused).
  std::uint64_t wins = 0;     ///< Positions won for the side to move (one per symmetry class).
  std::uint64_t draws = 0;    ///< Drawn positions.
  std::uint64_t losses = 0;   ///< Lost positions (the side to move has no turn: distance 0).
  int longest = 0;            ///< The largest distance in the table.
  double seconds = 0;         ///< Time to generate it (with its colour-swapped twin), or to load it.
  bool from_file = false;     ///< True when it was read from a file rather than generated.

  /// Positions the table holds: every used slot.
  constexpr std::uint64_t positions() const noexcept { return wins + draws + losses; }
};

/// The best turn by the tables (`BasicTablebase::best_turn`).
template <class B = Tsivy>
struct BasicTablebaseTurn {
  /// The turn: fastest win, a drawing turn, or longest defence. Empty when the side to move
  /// has no turn (it has lost).
  BasicTurn<B> turn;
  /// The value of the position the turn is played from.
  TablebaseValue value;
};

/// The best turn on the default 9x5 board.
using TablebaseTurn = BasicTablebaseTurn<Tsivy>;

namespace detail {

// ---- Combinatorial ranking ---------------------------------------------------------------

struct Binomials {
  // c[n][k] = n choose k for n, k < 64; C(63, 31) still fits in 64 bits.
  static constexpr Table<Table<std::uint64_t, 64>, 64> c = [] {
    Table<Table<std::uint64_t, 64>, 64> t{};
    for (int n = 0; n < 64; ++n) {
      t[n][0] = 1;
      for (int k = 1; k <= n; ++k) t[n][k] = t[n - 1][k - 1] + (k < n ? t[n - 1][k] : 0);
    }
    return t;
  }();
};

constexpr std::uint64_t binomial(int n, int k) noexcept {
  return n < 0 || k < 0 || k > n ? 0 : Binomials::c[n][k];
}

// The colexicographic rank of a set among the sets of its size: sum of C(p_i, i) over its
// points p_1 < p_2 < ... Colex order is the order of the sets as numbers, so counting up with
// the next set of the same size (next_same_size) visits ranks 0, 1, 2, ...
constexpr std::uint64_t colex_rank(Bitboard set) noexcept {
  std::uint64_t rank = 0;
  for (int i = 1; set; set &= set - 1, ++i) rank += binomial(lowest_point(set), i);
  return rank;
}

// The set of `k` points below `n` of colex rank `rank`.
constexpr Bitboard colex_unrank(std::uint64_t rank, int k, int n) noexcept {
  Bitboard set = 0;
  int c = n - 1;
  for (int i = k; i >= 1; --i, --c) {
    while (binomial(c, i) > rank) --c;
    rank -= binomial(c, i);
    set |= bit(c);
  }
  return set;
}

// The next larger number with as many set bits (Gosper's hack).
constexpr Bitboard next_same_size(Bitboard set) noexcept {
  const Bitboard lowest = set & (~set + 1);
  const Bitboard ripple = set + lowest;
  return ripple | (((set ^ ripple) >> 2) / lowest);
}

// `set` with the points of `taken` squeezed out: point p becomes p minus the taken points
// below it. The enemy stones are ranked among the points the own stones leave free.
constexpr Bitboard squeeze(Bitboard set, Bitboard taken) noexcept {
  Bitboard out = 0;
  for (; set; set &= set - 1) {
    const int p = lowest_point(set);
    out |= bit(p - popcount(taken & (bit(p) - 1)));
  }
  return out;
}

// The inverse of squeeze: bit i of `squeezed` goes to the i-th point of `free`.
constexpr Bitboard spread(Bitboard squeezed, Bitboard free) noexcept {
  Bitboard out = 0;
  for (; squeezed; squeezed >>= 1, free &= free - 1)
    if (squeezed & 1U) out |= free & (~free + 1);
  return out;
}

// ---- Symmetry classes of one side's stones --------------------------------------------------

// The sets of `count` points of board B grouped by the file mirror, the one symmetry that
// keeps the side to move (the colour swap is used up by indexing from the mover's side).
// Indexed by colex rank: the class number, whether the set is the mirror image of its class's
// representative, and whether it is its own mirror image.
template <class B>
class SetClasses {
 public:
  static constexpr std::uint32_t mirrored = 1U << 30;
  static constexpr std::uint32_t symmetric = 1U << 31;
  static constexpr std::uint32_t class_mask = mirrored - 1;

  explicit SetClasses(int count) : count_(count) {
    const std::uint64_t sets = binomial(B::size, count);
    class_of_.resize(static_cast<std::size_t>(sets));
    representatives_.reserve(static_cast<std::size_t>(sets / 2 + 64));
    Bitboard set = (Bitboard{1} << count) - 1;
    for (std::uint64_t rank = 0; rank < sets; ++rank, set = next_same_size(set)) {
      const Bitboard image = transform_set<B>(Symmetry::mirror_files, set);
      if (image < set) {
        class_of_[static_cast<std::size_t>(rank)] = class_of_[static_cast<std::size_t>(colex_rank(image))] | mirrored;
        continue;
      }
      class_of_[static_cast<std::size_t>(rank)] =
          static_cast<std::uint32_t>(representatives_.size()) | (image == set ? symmetric : 0U);
      representatives_.push_back(set);
    }
  }

  int count() const noexcept { return count_; }
  std::uint64_t classes() const noexcept { return representatives_.size(); }
  std::uint32_t class_of(Bitboard set) const noexcept { return class_of_[static_cast<std::size_t>(colex_rank(set))]; }
  Bitboard representative(std::uint64_t cls) const noexcept { return representatives_[static_cast<std::size_t>(cls)]; }

 private:
  int count_;
  std::vector<std::uint32_t> class_of_;
  std::vector<Bitboard> representatives_;
};

// ---- The index of one material ------------------------------------------------------------

// Slot = class of the mover's stones * C(free points, enemy stones) + colex rank of the enemy
// stones among the free points, after mirroring the files when that makes the mover's stones
// their class representative. When the mover's stones are their own mirror image the enemy's
// set picks the orientation (the smaller of it and its image), so that a position and its
// mirror image always share one slot; the slots of the larger orientation stay unused.
template <class B>
class MaterialIndex {
 public:
  MaterialIndex() = default;
  MaterialIndex(const SetClasses<B>* own_classes, Material material) noexcept
      : own_classes_(own_classes),
        material_(material),
        enemy_sets_(binomial(B::size - material.own, material.enemy)),
        size_(own_classes->classes() * enemy_sets_) {}

  Material material() const noexcept { return material_; }
  std::uint64_t size() const noexcept { return size_; }

  // The slot of a position given by the mover's and the enemy's stones (counts must match).
  std::uint64_t index(Bitboard own, Bitboard enemy) const noexcept {
    const std::uint32_t cls = own_classes_->class_of(own);
    if (cls & SetClasses<B>::mirrored) {
      own = transform_set<B>(Symmetry::mirror_files, own);
      enemy = transform_set<B>(Symmetry::mirror_files, enemy);
    } else if (cls & SetClasses<B>::symmetric) {
      const Bitboard image = transform_set<B>(Symmetry::mirror_files, enemy);
      if (image < enemy) enemy = image;
    }
    return (cls & SetClasses<B>::class_mask) * enemy_sets_ + colex_rank(squeeze(enemy, own));
  }

  // The position of a slot, as the representative `index` maps to it; false for an unused
  // slot.
  bool position(std::uint64_t slot, Bitboard& own, Bitboard& enemy) const noexcept {
    const std::uint64_t cls = slot / enemy_sets_;
    own = own_classes_->representative(cls);
    enemy = spread(colex_unrank(slot % enemy_sets_, material_.enemy, B::size - material_.own), B::all & ~own);
    if (own != transform_set<B>(Symmetry::mirror_files, own)) return true;
    return transform_set<B>(Symmetry::mirror_files, enemy) >= enemy;
  }

 private:
  const SetClasses<B>* own_classes_ = nullptr;
  Material material_;
  std::uint64_t enemy_sets_ = 0;
  std::uint64_t size_ = 0;
};

// ---- Values as bytes ------------------------------------------------------------------------

// 0 is a draw (and, while generating, "not decided yet"); otherwise the distance plus one.
// Wins have odd distances and losses even ones, so the byte needs no outcome bit.
inline constexpr int longest_storable_distance = 254;

constexpr std::uint8_t encode_distance(int distance) noexcept { return static_cast<std::uint8_t>(distance + 1); }

constexpr TablebaseValue decode_value(std::uint8_t byte) noexcept {
  if (byte == 0) return {TablebaseOutcome::draw, 0};
  const int distance = byte - 1;
  return {distance % 2 == 1 ? TablebaseOutcome::win : TablebaseOutcome::loss, distance};
}

// The value of a position from the values of the positions its turns lead to (seen by the
// opponent): the fastest win through a lost child, else a draw, else the longest defence.
class ChildValues {
 public:
  void add(TablebaseValue child) noexcept {
    if (child.outcome == TablebaseOutcome::loss) {
      any_loss_ = true;
      if (child.distance < shortest_loss_) shortest_loss_ = child.distance;
    } else if (child.outcome == TablebaseOutcome::draw) {
      any_draw_ = true;
    } else if (child.distance > longest_win_) {
      longest_win_ = child.distance;
    }
  }
  // Precondition: at least one child was added.
  TablebaseValue value() const noexcept {
    if (any_loss_) return {TablebaseOutcome::win, shortest_loss_ + 1};
    if (any_draw_) return {TablebaseOutcome::draw, 0};
    return {TablebaseOutcome::loss, longest_win_ + 1};
  }

 private:
  bool any_loss_ = false;
  bool any_draw_ = false;
  int shortest_loss_ = 1 << 30;
  int longest_win_ = -1;
};

// A position of the tables' form: the mover's stones are White's, White to move. The rules
// never look at a stone's colour, only at whose turn it is, so this is the same game.
template <class B>
BasicPosition<B> mover_position(Bitboard own, Bitboard enemy) {
  return BasicPosition<B>::from_stones(own, enemy, Color::white).value();
}

// ---- The file format ----------------------------------------------------------------------

inline constexpr char file_magic[8] = {'F', 'A', 'N', 'O', 'R', 'T', 'B', '1'};
inline constexpr std::uint32_t file_format_version = 1;
inline constexpr std::uint8_t file_index_scheme = 1;
inline constexpr std::size_t file_header_size = 64;

struct FileHeader {
  std::uint32_t version = file_format_version;
  int width = 0, height = 0;
  Material material;
  int entry_bytes = 1;
  int index_scheme = file_index_scheme;
  int longest = 0;
  std::uint64_t entries = 0, wins = 0, draws = 0, losses = 0, checksum = 0;
};

inline void put_le(unsigned char* out, std::uint64_t value, int bytes) noexcept {
  for (int i = 0; i < bytes; ++i) out[i] = static_cast<unsigned char>(value >> (8 * i));
}

inline std::uint64_t get_le(const unsigned char* in, int bytes) noexcept {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value |= std::uint64_t{in[i]} << (8 * i);
  return value;
}

inline std::array<unsigned char, file_header_size> encode_header(const FileHeader& h) noexcept {
  std::array<unsigned char, file_header_size> out{};
  for (int i = 0; i < 8; ++i) out[static_cast<std::size_t>(i)] = static_cast<unsigned char>(file_magic[i]);
  put_le(&out[8], h.version, 4);
  put_le(&out[12], static_cast<std::uint64_t>(h.width), 1);
  put_le(&out[13], static_cast<std::uint64_t>(h.height), 1);
  put_le(&out[14], static_cast<std::uint64_t>(h.material.own), 1);
  put_le(&out[15], static_cast<std::uint64_t>(h.material.enemy), 1);
  put_le(&out[16], static_cast<std::uint64_t>(h.entry_bytes), 1);
  put_le(&out[17], static_cast<std::uint64_t>(h.index_scheme), 1);
  put_le(&out[20], static_cast<std::uint64_t>(h.longest), 4);
  put_le(&out[24], h.entries, 8);
  put_le(&out[32], h.wins, 8);
  put_le(&out[40], h.draws, 8);
  put_le(&out[48], h.losses, 8);
  put_le(&out[56], h.checksum, 8);
  return out;
}

inline FileHeader decode_header(const unsigned char* in) noexcept {
  FileHeader h;
  h.version = static_cast<std::uint32_t>(get_le(&in[8], 4));
  h.width = static_cast<int>(in[12]);
  h.height = static_cast<int>(in[13]);
  h.material = {static_cast<int>(in[14]), static_cast<int>(in[15])};
  h.entry_bytes = static_cast<int>(in[16]);
  h.index_scheme = static_cast<int>(in[17]);
  h.longest = static_cast<int>(get_le(&in[20], 4));
  h.entries = get_le(&in[24], 8);
  h.wins = get_le(&in[32], 8);
  h.draws = get_le(&in[40], 8);
  h.losses = get_le(&in[48], 8);
  h.checksum = get_le(&in[56], 8);
  return h;
}

// FNV-1a, 64 bits: the header's first 56 bytes, then the entries.
class Fnv1a {
 public:
  void add(const unsigned char* data, std::size_t size) noexcept {
    for (std::size_t i = 0; i < size; ++i) hash_ = (hash_ ^ data[i]) * 0x100000001B3ULL;
  }
  std::uint64_t value() const noexcept { return hash_; }

 private:
  std::uint64_t hash_ = 0xCBF29CE484222325ULL;
};

inline std::uint64_t file_checksum(const std::array<unsigned char, file_header_size>& header,
                                   const std::vector<std::uint8_t>& entries) noexcept {
  Fnv1a hash;
  hash.add(header.data(), 56);
  hash.add(entries.data(), entries.size());
  return hash.value();
}

// Closes a C stream when it goes out of scope.
struct FileCloser {
  void operator()(std::FILE* file) const noexcept { std::fclose(file); }
};
using FileHandle = std::unique_ptr<std::FILE, FileCloser>;

inline std::string join_path(const std::string& folder, const std::string& name) {
  if (folder.empty()) return name;
  return folder.back() == '/' ? folder + name : folder + "/" + name;
}

// One table: its index, one byte per slot, its figures.
template <class B>
struct TableSlots {
  MaterialIndex<B> index;
  std::vector<std::uint8_t> values;
  TablebaseTableInfo info;
  bool ready = false;

  std::uint8_t& at(std::uint64_t slot) noexcept { return values[static_cast<std::size_t>(slot)]; }
  std::uint8_t at(std::uint64_t slot) const noexcept { return values[static_cast<std::size_t>(slot)]; }
};

// The generator's and the verifier's way to the slots of a BasicTablebase.
struct TablebaseAccess;

}  // namespace detail

/// The file name of one table: board, then material with the side to move's count first,
/// e.g. `9x5-3v2.fntb`.
template <class B>
std::string tablebase_file_name(Material material) {
  return std::to_string(B::width) + "x" + std::to_string(B::height) + "-" + material.to_string() + ".fntb";
}

/// Endgame tables of board `B` in memory: one table per material, each filled by
/// `generate_tablebase` or read from its file by `load`. Probing is const, allocates nothing
/// and may run on several threads at once.
///
/// A table holds one byte per class of positions under the file mirror, indexed from the side
/// to move's point of view (docs/tablebases.md has the index and the file format).
template <class B = Tsivy>
class BasicTablebase {
 public:
  /// The board of the tables.
  using board_type = B;
  /// The most stones of one side.
  static constexpr int max_side = B::stones_per_side;

  /// No tables yet.
  BasicTablebase() = default;
  /// Tables refer to their index tables by address: not copyable.
  BasicTablebase(const BasicTablebase&) = delete;
  /// Not copyable.
  BasicTablebase& operator=(const BasicTablebase&) = delete;
  /// Movable.
  BasicTablebase(BasicTablebase&&) noexcept = default;
  /// Movable.
  BasicTablebase& operator=(BasicTablebase&&) noexcept = default;
  ~BasicTablebase() = default;

  /// True when the table of `material` is in memory.
  bool has(Material material) const noexcept { return valid(material) && tables_[slot(material)].ready; }

  /// True when every table of `stones` stones or fewer is in memory (both sides at least
  /// one stone, at most `max_side`): then every position with that few stones is covered.
  bool covers(int stones) const noexcept {
    for (int own = 1; own <= max_side; ++own)
      for (int enemy = 1; enemy <= max_side && own + enemy <= stones; ++enemy)
        if (!has({own, enemy})) return false;
    return true;
  }

  /// The figures of a table in memory (zeros when it is not).
  TablebaseTableInfo info(Material material) const noexcept {
    return has(material) ? tables_[slot(material)].info : TablebaseTableInfo{material};
  }

  /// Bytes of table data in memory, index tables not included.
  std::uint64_t bytes() const noexcept {
    std::uint64_t total = 0;
    for (const Table& t : tables_) total += t.ready ? t.values.size() : 0;
    return total;
  }

  /// The value of a position, when its table is in memory. Positions that are over without
  /// a table are covered too: the side to move has no stones (a loss in 0), or only the other
  /// side has none (a win in 1 when the side to move has a turn).
  std::optional<TablebaseValue> probe(const BasicPosition<B>& position) const noexcept {
    const Bitboard own = position.own(), enemy = position.enemy();
    if (own == 0) return TablebaseValue{TablebaseOutcome::loss, 0};
    if (enemy == 0)
      return has_legal_turn(position) ? TablebaseValue{TablebaseOutcome::win, 1} : TablebaseValue{TablebaseOutcome::loss, 0};
    const Material material{detail::popcount(own), detail::popcount(enemy)};
    const Table& table = tables_[slot(material)];
    if (!table.ready) return std::nullopt;
    return detail::decode_value(table.at(table.index.index(own, enemy)));
  }

  /// The best turn by the tables: the fastest win, a turn that keeps the draw, or the longest
  /// defence (the first such turn in the generator's order), with the position's value.
  /// Nothing when the position or one of the positions its turns lead to is not covered.
  std::optional<BasicTablebaseTurn<B>> best_turn(const BasicPosition<B>& position) const noexcept {
    const std::optional<TablebaseValue> value = probe(position);
    if (!value) return std::nullopt;
    BasicTablebaseTurn<B> best{{}, *value};
    if (position.own() == 0 || !has_legal_turn(position)) return best;
    bool covered = true, found = false;
    for_each_turn(position, [&](const BasicTurn<B>& turn) {
      const std::optional<TablebaseValue> child = probe(position.after(turn));
      if (!child) return covered = false;
      detail::ChildValues one;
      one.add(*child);
      if (one.value() == *value) {
        best.turn = turn;
        found = true;
        return false;
      }
      return true;
    });
    if (!covered || !found) return std::nullopt;
    return best;
  }

  /// Reads every table of `stones` stones or fewer from `folder`
  /// (`tablebase_file_name` names them), checking each header and checksum. Fails at the
  /// first missing or bad file, saying which and why; the tables read before it stay.
  Status load(const std::string& folder, int stones) {
    for (int total = 2; total <= stones; ++total)
      for (int own = 1; own <= max_side; ++own) {
        const int enemy = total - own;
        if (enemy < 1 || enemy > max_side || has({own, enemy})) continue;
        if (Status s = load_file(detail::join_path(folder, tablebase_file_name<B>({own, enemy})), {own, enemy}); !s) return s;
      }
    return {};
  }

  /// Reads one table from `path`, which must hold `material`. Refuses a file of another
  /// format version, board or material, a truncated file and one whose checksum is wrong,
  /// with a message naming the file.
  Status load_file(const std::string& path, Material material) {
    const auto start = std::chrono::steady_clock::now();
    if (!valid(material)) return make_error(path + ": no table of " + material.to_string() + " on this board");
    detail::FileHandle file(std::fopen(path.c_str(), "rb"));
    if (!file) return make_error(path + ": cannot open the file");
    std::array<unsigned char, detail::file_header_size> raw{};
    if (std::fread(raw.data(), 1, raw.size(), file.get()) != raw.size())
      return make_error(path + ": too short for a tablebase header (64 bytes)");
    for (int i = 0; i < 8; ++i)
      if (raw[static_cast<std::size_t>(i)] != static_cast<unsigned char>(detail::file_magic[i]))
        return make_error(path + ": not a fanorona tablebase file (wrong magic)");
    const detail::FileHeader h = detail::decode_header(raw.data());
    if (h.version != detail::file_format_version)
      return make_error(path + ": format version " + std::to_string(h.version) + ", but this library reads version " +
                        std::to_string(detail::file_format_version) + "; generate the tables again");
    if (h.width != B::width || h.height != B::height)
      return make_error(path + ": a table of the " + std::to_string(h.width) + "x" + std::to_string(h.height) +
                        " board, not " + std::to_string(B::width) + "x" + std::to_string(B::height));
    if (h.material != material)
      return make_error(path + ": holds material " + h.material.to_string() + ", not " + material.to_string());
    if (h.entry_bytes != 1 || h.index_scheme != detail::file_index_scheme)
      return make_error(path + ": unknown entry size or index scheme");
    Table& table = prepare(material);
    if (h.entries != table.index.size())
      return make_error(path + ": " + std::to_string(h.entries) + " entries in the header, the index has " +
                        std::to_string(table.index.size()));
    std::vector<std::uint8_t> values(static_cast<std::size_t>(h.entries));
    if (std::fread(values.data(), 1, values.size(), file.get()) != values.size())
      return make_error(path + ": truncated: fewer entries than the header says");
    if (std::fgetc(file.get()) != EOF) return make_error(path + ": more bytes than the header says");
    if (detail::file_checksum(raw, values) != h.checksum)
      return make_error(path + ": checksum mismatch: the file is corrupt");
    table.values = std::move(values);
    table.info = {material, h.entries, h.wins, h.draws, h.losses, h.longest, 0, true};
    table.info.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    table.ready = true;
    return {};
  }

  /// Writes the table of `material` to `path` (header, then one byte per slot).
  Status save_file(const std::string& path, Material material) const {
    if (!has(material)) return make_error("no table of " + material.to_string() + " in memory to write");
    const Table& table = tables_[slot(material)];
    detail::FileHeader h;
    h.width = B::width;
    h.height = B::height;
    h.material = material;
    h.longest = table.info.longest;
    h.entries = table.values.size();
    h.wins = table.info.wins;
    h.draws = table.info.draws;
    h.losses = table.info.losses;
    std::array<unsigned char, detail::file_header_size> raw = detail::encode_header(h);
    h.checksum = detail::file_checksum(raw, table.values);
    raw = detail::encode_header(h);
    // Written under a temporary name and renamed, so that an interrupted run never leaves a
    // file that looks complete.
    const std::string partial = path + ".part";
    {
      detail::FileHandle file(std::fopen(partial.c_str(), "wb"));
      if (!file) return make_error(partial + ": cannot create the file (does the folder exist?)");
      if (std::fwrite(raw.data(), 1, raw.size(), file.get()) != raw.size() ||
          std::fwrite(table.values.data(), 1, table.values.size(), file.get()) != table.values.size() ||
          std::fflush(file.get()) != 0)
        return make_error(partial + ": write failed (disk full?)");
    }
    if (std::rename(partial.c_str(), path.c_str()) != 0) return make_error(path + ": cannot rename " + partial + " to it");
    return {};
  }

  /// Drops the table of `material` from memory.
  void remove(Material material) noexcept {
    if (!valid(material)) return;
    Table& t = tables_[slot(material)];
    t.ready = false;
    t.values = {};
  }

 private:
  friend struct detail::TablebaseAccess;
  using Table = detail::TableSlots<B>;

  // Sets up the index of a table (its slots stay as they are).
  Table& prepare(Material material) {
    if (!classes_[static_cast<std::size_t>(material.own)])
      classes_[static_cast<std::size_t>(material.own)] = std::make_unique<detail::SetClasses<B>>(material.own);
    Table& t = tables_[slot(material)];
    t.index = detail::MaterialIndex<B>(classes_[static_cast<std::size_t>(material.own)].get(), material);
    return t;
  }
  static constexpr bool valid(Material m) noexcept {
    return m.own >= 1 && m.own <= max_side && m.enemy >= 1 && m.enemy <= max_side;
  }
  static constexpr std::size_t slot(Material m) noexcept {
    return static_cast<std::size_t>(m.own * (max_side + 1) + m.enemy);
  }

  std::array<std::unique_ptr<detail::SetClasses<B>>, max_side + 1> classes_;
  std::array<Table, (max_side + 1) * (max_side + 1)> tables_;
};

/// Tables of the default 9x5 board.
using Tablebase = BasicTablebase<Tsivy>;

namespace detail {
struct TablebaseAccess {
  template <class B>
  static TableSlots<B>& prepare(BasicTablebase<B>& tables, Material material) {
    return tables.prepare(material);
  }
  template <class B>
  static const TableSlots<B>& table(const BasicTablebase<B>& tables, Material material) noexcept {
    return tables.tables_[BasicTablebase<B>::slot(material)];
  }
};
}  // namespace detail

/// What the generator is doing, for a progress display.
struct TablebaseProgress {
  /// The stage of one table's generation.
  enum class Stage : std::uint8_t {
    loaded,   ///< Read from its file and checked: not generated again.
    seeding,  ///< First pass: positions with no turn, positions whose turns all capture, paika counts.
    solving,  ///< Retrograde passes over paika moves, one per distance (`layer`).
    written,  ///< Solved and written to its file (or kept in memory only).
    verifying,  ///< `verify_tablebase` is checking it.
  };
  Material material;        ///< The table; it is solved with its colour-swapped twin.
  Stage stage = Stage::seeding;  ///< What is happening.
  std::uint64_t done = 0;   ///< Slots done in this stage (seeding, verifying) or decided so far (solving).
  std::uint64_t total = 0;  ///< Slots of the stage's tables.
  int layer = 0;            ///< The distance being propagated (solving).
  double seconds = 0;       ///< Time since this table's stage began.
};

/// Receives progress reports; the library prints nothing itself.
using TablebaseProgressCallback = std::function<void(const TablebaseProgress&)>;

/// What `generate_tablebase` makes.
struct TablebaseOptions {
  int stones = 5;      ///< Every table of this many stones or fewer (both sides at least one).
  std::string folder;  ///< Where the files go; empty: in memory only.
  /// Called a few times a second at most (and once per stage).
  TablebaseProgressCallback progress = nullptr;
};

namespace detail {

// Solves a material and its colour-swapped twin together: a paika move of one leads into
// the other. Captures lead into smaller tables, which must be in memory already.
template <class B>
class PairSolver {
 public:
  using Table = TableSlots<B>;

  PairSolver(BasicTablebase<B>& tables, Material material, const TablebaseProgressCallback& progress)
      : tables_(tables), progress_(progress), start_(std::chrono::steady_clock::now()) {
    sides_[0] = &TablebaseAccess::prepare(tables, material);
    twin_ = material.own != material.enemy;
    sides_[1] = twin_ ? &TablebaseAccess::prepare(tables, Material{material.enemy, material.own}) : sides_[0];
    material_ = material;
  }

  Status solve() {
    for (int s = 0; s < side_count(); ++s) {
      sides_[s]->values.assign(static_cast<std::size_t>(sides_[s]->index.size()), 0);
      counters_[s].assign(static_cast<std::size_t>(sides_[s]->index.size()), 0);
    }
    for (int s = 0; s < side_count(); ++s)
      if (Status status = seed(s); !status) return status;
    for (int d = 0; d <= longest_pending_; ++d) {
      if (pending_[static_cast<std::size_t>(d)] == 0) continue;
      if (d + 1 > longest_storable_distance) return make_error(material_.to_string() + ": a distance above 254 turns");
      for (int s = 0; s < side_count(); ++s) propagate(s, d);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    for (int s = 0; s < side_count(); ++s) finish(s, seconds);
    return {};
  }

 private:
  int side_count() const noexcept { return twin_ ? 2 : 1; }
  int other(int s) const noexcept { return twin_ ? 1 - s : 0; }
  std::uint64_t total_slots() const noexcept {
    return sides_[0]->index.size() + (twin_ ? sides_[1]->index.size() : 0);
  }

  void report(TablebaseProgress::Stage stage, std::uint64_t done, int layer, bool force) {
    if (!progress_) return;
    const auto now = std::chrono::steady_clock::now();
    if (!force && now - last_report_ < std::chrono::milliseconds(250)) return;
    last_report_ = now;
    progress_(TablebaseProgress{material_, stage, done, total_slots(), layer,
                                std::chrono::duration<double>(now - start_).count()});
  }

  void decide(int s, std::uint64_t slot, int distance) noexcept {
    sides_[s]->at(slot) = encode_distance(distance);
    ++pending_[static_cast<std::size_t>(distance)];
    if (distance > longest_pending_) longest_pending_ = distance;
    ++decided_;
  }

  Status seed(int s) {
    Table& table = *sides_[s];
    const Table& next = *sides_[other(s)];
    const std::uint64_t size = table.index.size();
    const std::uint64_t offset = s == 1 ? sides_[0]->index.size() : 0;
    for (std::uint64_t slot = 0; slot < size; ++slot) {
      if ((slot & 0xFFFF) == 0) report(TablebaseProgress::Stage::seeding, offset + slot, 0, slot == 0);
      Bitboard own = 0, enemy = 0;
      if (!table.index.position(slot, own, enemy)) continue;
      const BasicPosition<B> position = mover_position<B>(own, enemy);
      if (!has_legal_turn(position)) {
        decide(s, slot, 0);
        continue;
      }
      if (has_capture(position)) {
        // Every turn captures (capture is compulsory): the smaller tables give the value now.
        ChildValues children;
        bool covered = true;
        for_each_turn(position, [&](const BasicTurn<B>& turn) {
          const std::optional<TablebaseValue> child = tables_.probe(position.after(turn));
          if (!child) return covered = false;
          children.add(*child);
          return true;
        });
        if (!covered) return make_error(table.index.material().to_string() + ": a capture leads to a table not in memory");
        const TablebaseValue value = children.value();
        if (value.distance > longest_storable_distance)
          return make_error(table.index.material().to_string() + ": a distance above 254 turns");
        if (value.outcome != TablebaseOutcome::draw) decide(s, slot, value.distance);
        continue;
      }
      // Only paika moves: count the distinct slots they lead to in the twin table, so that
      // the retrograde pass can tell when all of them are won for the opponent.
      std::uint64_t seen[max_turns_here];
      int distinct = 0;
      for_each_turn(position, [&](const BasicTurn<B>& turn) {
        const Bitboard moved = own ^ bit(turn.from()) ^ bit(turn.to());
        const std::uint64_t child = next.index.index(enemy, moved);
        for (int i = 0; i < distinct; ++i)
          if (seen[i] == child) return;
        seen[distinct++] = child;
      });
      counters_[s][static_cast<std::size_t>(slot)] = static_cast<std::uint8_t>(distinct);
    }
    return {};
  }

  // Every slot of side `s` decided at distance `d` tells its paika predecessors in the twin
  // table: a loss makes them wins in d + 1; a win counts down their undecided paika moves,
  // and the last one makes them losses in d + 1 (the largest distance, as layers go up).
  void propagate(int s, int d) {
    Table& table = *sides_[s];
    Table& previous = *sides_[other(s)];
    std::vector<std::uint8_t>& counters = counters_[other(s)];
    const std::uint8_t wanted = encode_distance(d);
    const bool lost = d % 2 == 0;
    const std::uint64_t size = table.index.size();
    std::uint64_t visited = 0;
    for (std::uint64_t slot = 0; slot < size; ++slot) {
      if (table.at(slot) != wanted) continue;
      if ((++visited & 0x3FFF) == 0) report(TablebaseProgress::Stage::solving, decided_, d, false);
      Bitboard own = 0, enemy = 0;
      table.index.position(slot, own, enemy);
      // The opponent has just moved one stone from `from` to `to` by a paika move: it had no
      // capture before the move.
      std::uint64_t seen[max_turns_here];
      int distinct = 0;
      const Bitboard empty = B::all & ~(own | enemy);
      for (const Point to : points(enemy))
        for (const Point from : points(B::adjacent[to] & empty)) {
          const Bitboard before = enemy ^ bit(to) ^ bit(from);
          if (has_capture(mover_position<B>(before, own))) continue;
          const std::uint64_t parent = previous.index.index(before, own);
          bool again = false;
          for (int i = 0; i < distinct && !again; ++i) again = seen[i] == parent;
          if (again) continue;
          seen[distinct++] = parent;
          if (previous.at(parent) != 0) continue;
          if (lost || --counters[static_cast<std::size_t>(parent)] == 0) decide(other(s), parent, d + 1);
        }
    }
  }

  // The figures of a solved table; `seconds` is the time of the pair.
  void finish(int s, double seconds) {
    Table& table = *sides_[s];
    TablebaseTableInfo info{table.index.material(), table.index.size()};
    Bitboard own = 0, enemy = 0;
    for (std::uint64_t slot = 0; slot < table.values.size(); ++slot) {
      const std::uint8_t byte = table.at(slot);
      if (byte == 0) {
        if (table.index.position(slot, own, enemy)) ++info.draws;
        continue;
      }
      const TablebaseValue value = decode_value(byte);
      ++(value.outcome == TablebaseOutcome::win ? info.wins : info.losses);
      if (value.distance > info.longest) info.longest = value.distance;
    }
    info.seconds = seconds;
    table.info = info;
    table.ready = true;
    counters_[s] = {};
  }

  // At most 8 paika moves per stone of one side.
  static constexpr int max_turns_here = direction_count * B::stones_per_side;

  BasicTablebase<B>& tables_;
  const TablebaseProgressCallback& progress_;
  std::chrono::steady_clock::time_point start_, last_report_{};
  Material material_;
  Table* sides_[2] = {nullptr, nullptr};
  bool twin_ = false;
  std::vector<std::uint8_t> counters_[2];
  std::array<std::uint64_t, 256> pending_{};
  int longest_pending_ = 0;
  std::uint64_t decided_ = 0;
};

}  // namespace detail

/// Generates every table of `options.stones` stones or fewer into `tables`, smallest first,
/// each material with its colour-swapped twin. With a folder, each table is written to its own
/// file as soon as it is solved, and a table whose file is already there and reads back with
/// a good checksum is loaded instead of generated again: an interrupted run resumes where it
/// stopped. Prints nothing: progress goes to `options.progress`.
template <class B>
Status generate_tablebase(BasicTablebase<B>& tables, const TablebaseOptions& options) {
  using Stage = TablebaseProgress::Stage;
  constexpr int max_side = B::stones_per_side;
  for (int total = 2; total <= options.stones; ++total)
    for (int own = (total + 1) / 2; own <= max_side; ++own) {
      const int enemy = total - own;
      if (enemy < 1 || enemy > max_side || own < enemy) continue;
      const Material material{own, enemy}, twin{enemy, own};
      if (tables.has(material) && tables.has(twin)) continue;
      if (!options.folder.empty()) {
        const auto path = [&](Material m) { return detail::join_path(options.folder, tablebase_file_name<B>(m)); };
        if (tables.load_file(path(material), material).has_value() &&
            (twin == material || tables.load_file(path(twin), twin).has_value())) {
          if (options.progress)
            options.progress({material, Stage::loaded, tables.info(material).entries, tables.info(material).entries, 0,
                              tables.info(material).seconds + (twin != material ? tables.info(twin).seconds : 0)});
          continue;
        }
        tables.remove(material);
        tables.remove(twin);
      }
      detail::PairSolver<B> solver(tables, material, options.progress);
      if (Status s = solver.solve(); !s) {
        tables.remove(material);
        tables.remove(twin);
        return s;
      }
      if (!options.folder.empty()) {
        if (Status s = tables.save_file(detail::join_path(options.folder, tablebase_file_name<B>(material)), material); !s)
          return s;
        if (twin != material)
          if (Status s = tables.save_file(detail::join_path(options.folder, tablebase_file_name<B>(twin)), twin); !s)
            return s;
      }
      if (options.progress) {
        const TablebaseTableInfo info = tables.info(material);
        options.progress({material, Stage::written, info.entries, info.entries, info.longest, info.seconds});
      }
    }
  return {};
}

/// How much `verify_tablebase` re-searches.
struct TablebaseVerifyOptions {
  /// Positions re-searched by a plain alpha-beta search over the rules alone, drawn at random
  /// among those with a distance of at most `sample_depth` (and draws, searched that deep).
  std::uint64_t samples = 100;
  int sample_depth = 5;     ///< The deepest re-search, in turns: its cost grows fast with it.
  std::uint64_t seed = 1;   ///< For the choice of samples.
  /// Progress, as for generation (stage `verifying`).
  TablebaseProgressCallback progress = nullptr;
};

/// What `verify_tablebase` checked.
struct TablebaseVerifyReport {
  std::uint64_t positions = 0;  ///< Slots checked against their turns (every used slot).
  std::uint64_t searched = 0;   ///< Positions re-searched by the plain search.
};

namespace detail {

// Plain negamax alpha-beta over complete turns, knowing only the rules: a score of
// win_score - n is a win in n turns from the root, its negative a loss, 0 undecided within
// `depth` turns.
inline constexpr int plain_win_score = 1 << 20;

template <class B>
int plain_search(const BasicPosition<B>& position, int depth, int ply, int alpha, int beta) noexcept {
  if (position.own() == 0 || !has_legal_turn(position)) return -(plain_win_score - ply);
  if (depth == 0) return 0;
  int best = -plain_win_score - 1;
  for_each_turn(position, [&](const BasicTurn<B>& turn) {
    const int score = -plain_search(position.after(turn), depth - 1, ply + 1, -beta, -alpha);
    if (score > best) best = score;
    if (score > alpha) alpha = score;
    return alpha < beta;
  });
  return best;
}

// The value a plain search to `depth` turns finds: exact for a distance within it, a draw
// otherwise (meaning only "no end within `depth` turns").
template <class B>
TablebaseValue plain_value(const BasicPosition<B>& position, int depth) noexcept {
  const int score = plain_search(position, depth, 0, -plain_win_score - 1, plain_win_score + 1);
  if (score > 0) return {TablebaseOutcome::win, plain_win_score - score};
  if (score < 0) return {TablebaseOutcome::loss, plain_win_score + score};
  return {TablebaseOutcome::draw, 0};
}

}  // namespace detail

/// Checks the table of `material` against the rules: every won position has a turn to a
/// position lost for the opponent one turn sooner and none sooner still; every lost
/// position's turns all lead to positions won for the opponent, the slowest one turn sooner;
/// every drawn position has no turn to an opponent's loss and one to a draw. Then a sample is
/// re-searched by a plain alpha-beta search to the distance the table states. The first
/// disagreement is the error, with the position's FEN.
template <class B>
Result<TablebaseVerifyReport> verify_tablebase(const BasicTablebase<B>& tables, Material material,
                                               const TablebaseVerifyOptions& options = {}) {
  if (!tables.has(material)) return make_error("no table of " + material.to_string() + " in memory");
  const auto& table = detail::TablebaseAccess::table(tables, material);
  const auto start = std::chrono::steady_clock::now();
  auto last = start;
  const auto report = [&](std::uint64_t done, bool force) {
    if (!options.progress) return;
    const auto now = std::chrono::steady_clock::now();
    if (!force && now - last < std::chrono::milliseconds(250)) return;
    last = now;
    options.progress({material, TablebaseProgress::Stage::verifying, done, table.index.size(), 0,
                      std::chrono::duration<double>(now - start).count()});
  };
  const std::string name = tablebase_file_name<B>(material);
  TablebaseVerifyReport out;
  std::vector<std::uint64_t> candidates;  // positions shallow enough to re-search
  for (std::uint64_t slot = 0; slot < table.index.size(); ++slot) {
    if ((slot & 0xFFFF) == 0) report(slot, slot == 0);
    Bitboard own = 0, enemy = 0;
    if (!table.index.position(slot, own, enemy)) continue;
    const BasicPosition<B> position = detail::mover_position<B>(own, enemy);
    const TablebaseValue value = detail::decode_value(table.at(slot));
    ++out.positions;
    const auto fail = [&](const std::string& why) {
      return make_error(name + ": " + position.to_fen() + " is a " + value.to_string() + " in the table, but " + why);
    };
    if (!has_legal_turn(position)) {
      if (value != TablebaseValue{TablebaseOutcome::loss, 0}) return fail("the side to move has no turn");
      continue;
    }
    detail::ChildValues children;
    bool covered = true;
    for_each_turn(position, [&](const BasicTurn<B>& turn) {
      const std::optional<TablebaseValue> child = tables.probe(position.after(turn));
      if (!child) return covered = false;
      children.add(*child);
      return true;
    });
    if (!covered) return fail("a turn leads to a table not in memory");
    const TablebaseValue expected = children.value();
    if (expected != value) {
      if (value.outcome == TablebaseOutcome::win)
        return fail(expected.outcome == TablebaseOutcome::win
                        ? "its fastest turn to an opponent's loss makes it a " + expected.to_string()
                        : "no turn leads to a loss for the opponent");
      if (value.outcome == TablebaseOutcome::loss)
        return fail(expected.outcome == TablebaseOutcome::loss
                        ? "its slowest turn to an opponent's win makes it a " + expected.to_string()
                        : "a turn leads to a position not won for the opponent");
      return fail("its turns make it a " + expected.to_string());
    }
    if (value.distance <= options.sample_depth) candidates.push_back(slot);
  }
  std::uint64_t state = options.seed;
  for (std::uint64_t i = 0; i < options.samples && !candidates.empty(); ++i) {
    const std::uint64_t slot = candidates[static_cast<std::size_t>(detail::splitmix64(state) % candidates.size())];
    Bitboard own = 0, enemy = 0;
    table.index.position(slot, own, enemy);
    const BasicPosition<B> position = detail::mover_position<B>(own, enemy);
    const TablebaseValue value = detail::decode_value(table.at(slot));
    const int depth = value.outcome == TablebaseOutcome::draw ? options.sample_depth : value.distance;
    const TablebaseValue searched = detail::plain_value(position, depth);
    if (searched != value)
      return make_error(name + ": " + position.to_fen() + " is a " + value.to_string() +
                        " in the table, but a plain search " + std::to_string(depth) + " turns deep finds a " +
                        searched.to_string());
    ++out.searched;
  }
  report(table.index.size(), true);
  return out;
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_SEARCH_TABLEBASE_HPP
