// fanorona: endgame tables in memory: probe them, read and write their files.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_TABLEBASE_TABLES_HPP
#define FANORONA_TABLEBASE_TABLES_HPP

/// @file
/// @brief `BasicTablebase<B>`: the tables in memory, their probes, and their files. Making
/// tables (`generate_tablebase`) and checking them (`verify_tablebase`) are in
/// `<fanorona/tablebase.hpp>`, which includes this header; a program that only reads files
/// and probes, such as the search, may include this one alone.

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../board.hpp"
#include "../detail/bits.hpp"
#include "../error.hpp"
#include "../movegen.hpp"
#include "../position.hpp"
#include "../result.hpp"
#include "../search/table_probe.hpp"
#include "../turn.hpp"
#include "detail/entry.hpp"
#include "detail/file_format.hpp"
#include "detail/index.hpp"
#include "types.hpp"

namespace fanorona {

namespace detail {
// The generator's way to the slots of a BasicTablebase.
struct TablebaseAccess;
}  // namespace detail

/// @addtogroup tablebase
/// @{

/// Endgame tables of board `B` in memory: one table per material, each filled by
/// `generate_tablebase` or read from its file by `load`. Probing is const, allocates nothing
/// and may run on several threads at once.
///
/// A table holds one byte per class of positions under the file mirror, indexed from the side
/// to move's point of view (docs/tablebases.md has the index and the file format). The tables
/// are a `BasicTableProbe`, the interface through which a searcher reads them.
template <class B = Tsivy>
class BasicTablebase final : public BasicTableProbe<B> {
 public:
  /// The board of the tables.
  using board_type = B;
  /// The position type the tables are probed with.
  using position_type = BasicPosition<B>;
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
  bool covers(int stones) const noexcept override {
    for (int own = 1; own <= max_side; ++own)
      for (int enemy = 1; enemy <= max_side && own + enemy <= stones; ++enemy)
        if (!has({own, enemy})) return false;
    return true;
  }

  /// The most stones a position may have for `probe` to answer whatever the position: the
  /// largest `n` that `covers(n)`, 0 when not even the tables of two stones are in memory.
  /// A search asks it once, and then probes only positions with that many stones or fewer.
  int covered_stones() const noexcept {
    int stones = 0;
    for (int n = 2; n <= 2 * max_side && covers(n); ++n) stones = n;
    return stones;
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

  /// The value of a position, or nothing when its table is not in memory: "not covered" is
  /// an ordinary answer (a search then searches the position itself), not an error.
  /// Positions that are over without a table are covered too: the side to move has no
  /// stones (a loss in 0), or only the other side has none (a win in 1 when the side to move
  /// has a turn).
  std::optional<TablebaseValue> probe(const position_type& position) const noexcept override {
    const Bitboard own = position.own(), enemy = position.enemy();
    if (own == 0) return TablebaseValue{TablebaseOutcome::loss, 0};
    if (enemy == 0)
      return has_legal_turn(position) ? TablebaseValue{TablebaseOutcome::win, 1} : TablebaseValue{TablebaseOutcome::loss, 0};
    const Table& table = tables_[slot({detail::popcount(own), detail::popcount(enemy)})];
    if (!table.ready) return std::nullopt;
    return table.value(table.index.index(own, enemy));
  }

  /// The best turn by the tables: the fastest win, a turn that keeps the draw, or the longest
  /// defense (the first such turn in the generator's order), with the position's value.
  /// Nothing when the position or one of the positions its turns lead to is not covered.
  std::optional<BasicTablebaseTurn<B>> best_turn(const position_type& position) const noexcept {
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
      if (one.value() != *value) return true;
      best.turn = turn;
      found = true;
      return false;
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
        const Material material{own, total - own};
        if (!valid(material) || has(material)) continue;
        if (Status s = load_file(detail::join_path(folder, tablebase_file_name<B>(material)), material); !s) return s;
      }
    return {};
  }

  /// Reads one table from `path`, which must hold `material`. Refuses a file that cannot be
  /// opened (`ErrorCode::io_cannot_open`), one of another format version, board or material,
  /// a truncated file and one whose checksum is wrong (`ErrorCode::table_...`), each error
  /// with the file's `path` among its arguments.
  Status load_file(const std::string& path, Material material) {
    const auto start = std::chrono::steady_clock::now();
    if (!valid(material))
      return make_error(ErrorCode::table_not_on_board, {{"path", path}, {"material", material.to_string()}});
    detail::FileHandle file(std::fopen(path.c_str(), "rb"));
    if (!file) return make_error(ErrorCode::io_cannot_open, {{"path", path}});
    const auto header = detail::read_table_header<B>(file.get(), path, material);
    if (!header) return header.error();
    Table& table = prepare(material);
    auto values = detail::read_table_entries(file.get(), path, *header, table.index.size());
    if (!values) return values.error();
    const detail::FileHeader& h = header->first;
    table.values = std::move(*values);
    table.info = {material, h.entries, h.wins, h.draws, h.losses, h.longest, 0, true};
    table.info.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    table.ready = true;
    return {};
  }

  /// Writes the table of `material` to `path` (header, then one byte per slot), under the
  /// name `path` + ".part" renamed when complete. Fails with `ErrorCode::table_not_in_memory`
  /// or an `io_...` code with the file's `path`.
  Status save_file(const std::string& path, Material material) const {
    if (!has(material)) return make_error(ErrorCode::table_not_in_memory, {{"material", material.to_string()}});
    const Table& table = tables_[slot(material)];
    detail::FileHeader h;
    h.width = B::width;
    h.height = B::height;
    h.material = material;
    h.longest = table.info.longest;
    h.wins = table.info.wins;
    h.draws = table.info.draws;
    h.losses = table.info.losses;
    return detail::write_table_file(path, h, table.values);
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
    auto& classes = classes_[static_cast<std::size_t>(material.own)];
    if (!classes) classes = std::make_unique<detail::SetClasses<B>>(material.own);
    Table& t = tables_[slot(material)];
    t.index = detail::MaterialIndex<B>(classes.get(), material);
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

/// @}

namespace detail {

// The value of `position` from the values, in `tables`, of the positions its turns lead to;
// nothing when one of them is not covered. Precondition: the side to move has a turn.
template <class B>
std::optional<TablebaseValue> value_from_turns(const BasicTablebase<B>& tables, const BasicPosition<B>& position) noexcept {
  ChildValues children;
  bool covered = true;
  for_each_turn(position, [&](const BasicTurn<B>& turn) {
    const std::optional<TablebaseValue> child = tables.probe(position.after(turn));
    if (!child) return covered = false;
    children.add(*child);
    return true;
  });
  if (!covered) return std::nullopt;
  return children.value();
}

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

}  // namespace fanorona

#endif  // FANORONA_TABLEBASE_TABLES_HPP
