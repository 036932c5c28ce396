// fanorona: the retrograde solver of the endgame tables (internal).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_TABLEBASE_DETAIL_SOLVER_HPP
#define FANORONA_TABLEBASE_DETAIL_SOLVER_HPP

// Not part of the public API: `generate_tablebase` (tablebase.hpp) drives it. docs/
// tablebases.md, "How the tables are made", describes the passes.

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../../detail/bits.hpp"
#include "../../movegen.hpp"
#include "../../position.hpp"
#include "../../error.hpp"
#include "../../result.hpp"
#include "../options.hpp"
#include "../tables.hpp"
#include "entry.hpp"

namespace fanorona {
namespace detail {

// Solves a material and its color-swapped twin together: a paika move of one leads into
// the other. Captures lead into smaller tables, which must be in memory already.
template <class B>
class PairSolver {
 public:
  using Table = TableSlots<B>;

  PairSolver(BasicTablebase<B>& tables, Material material, const TablebaseProgressCallback& progress)
      : tables_(tables), progress_(progress), start_(std::chrono::steady_clock::now()) {
    sides_[0] = &TablebaseAccess::prepare(tables, material);
    twin_ = material.own != material.enemy;
    sides_[1] = twin_ ? &TablebaseAccess::prepare(tables, material.swapped()) : sides_[0];
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
      if (d + 1 > longest_storable_distance)
        return make_error(ErrorCode::table_distance_too_long, {{"material", material_.to_string()}});
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
        const std::optional<TablebaseValue> value = value_from_turns(tables_, position);
        const std::string material = table.index.material().to_string();
        if (!value) return make_error(ErrorCode::table_capture_not_in_memory, {{"material", material}});
        if (value->distance > longest_storable_distance)
          return make_error(ErrorCode::table_distance_too_long, {{"material", material}});
        if (value->outcome != TablebaseOutcome::draw) decide(s, slot, value->distance);
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

// Reads a material and its twin from `folder` into `tables` when both files are there and
// good; false (and neither kept) otherwise.
template <class B>
bool load_pair(BasicTablebase<B>& tables, const std::string& folder, Material material) {
  const auto load = [&](Material m) { return tables.load_file(join_path(folder, tablebase_file_name<B>(m)), m).has_value(); };
  if (load(material) && (material.swapped() == material || load(material.swapped()))) return true;
  tables.remove(material);
  tables.remove(material.swapped());
  return false;
}

// Writes a solved material and its twin to `folder`.
template <class B>
Status save_pair(const BasicTablebase<B>& tables, const std::string& folder, Material material) {
  if (Status s = tables.save_file(join_path(folder, tablebase_file_name<B>(material)), material); !s) return s;
  if (material.swapped() == material) return {};
  return tables.save_file(join_path(folder, tablebase_file_name<B>(material.swapped())), material.swapped());
}

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_TABLEBASE_DETAIL_SOLVER_HPP
