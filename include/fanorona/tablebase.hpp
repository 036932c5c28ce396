// fanorona: endgame tables by retrograde analysis: generate, store, verify and probe them.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_TABLEBASE_HPP
#define FANORONA_TABLEBASE_HPP

/// @file
/// @brief Endgame tables ("tablebases"): the exact value of every position with few stones,
/// and the distance to the end in turns, found by retrograde analysis (docs/tablebases.md).
///
/// Not included by `fanorona.hpp` or `search.hpp`: a program that wants the tables includes
/// this header. The tables live in memory once loaded or generated, so that a probe inside a
/// search is a few table look-ups and allocates nothing.
///
/// @code
/// #include <fanorona/tablebase.hpp>
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

#include <string>
#include <vector>

#include "error.hpp"
#include "result.hpp"
#include "tablebase/detail/solver.hpp"
#include "tablebase/detail/verifier.hpp"
#include "tablebase/options.hpp"
#include "tablebase/tables.hpp"
#include "tablebase/types.hpp"

namespace fanorona {

/// @defgroup tablebase Endgame tables
/// @{

/// Generates every table of `options.stones` stones or fewer into `tables`, smallest first,
/// each material with its color-swapped twin. With a folder, each table is written to its own
/// file as soon as it is solved, and a table whose file is already there and reads back with
/// a good checksum is loaded instead of generated again: an interrupted run resumes where it
/// stopped. Prints nothing: progress goes to `options.progress`.
template <class B>
Status generate_tablebase(BasicTablebase<B>& tables, const TablebaseOptions& options) {
  using Stage = TablebaseProgress::Stage;
  constexpr int max_side = B::stones_per_side;
  const auto report = [&](Material m, Stage stage, int longest, double seconds) {
    const std::uint64_t entries = tables.info(m).entries;
    if (options.progress) options.progress({m, stage, entries, entries, longest, seconds});
  };
  for (int total = 2; total <= options.stones; ++total)
    for (int own = (total + 1) / 2; own <= max_side; ++own) {
      const Material material{own, total - own};
      if (material.enemy < 1 || material.enemy > max_side || own < material.enemy) continue;
      if (tables.has(material) && tables.has(material.swapped())) continue;
      if (!options.folder.empty() && detail::load_pair(tables, options.folder, material)) {
        const double twin = material.swapped() != material ? tables.info(material.swapped()).seconds : 0;
        report(material, Stage::loaded, 0, tables.info(material).seconds + twin);
        continue;
      }
      detail::PairSolver<B> solver(tables, material, options.progress);
      if (Status s = solver.solve(); !s) {
        tables.remove(material);
        tables.remove(material.swapped());
        return s;
      }
      if (!options.folder.empty())
        if (Status s = detail::save_pair(tables, options.folder, material); !s) return s;
      report(material, Stage::written, tables.info(material).longest, tables.info(material).seconds);
    }
  return {};
}

/// Checks the table of `material` against the rules: every won position has a turn to a
/// position lost for the opponent one turn sooner and none sooner still; every lost
/// position's turns all lead to positions won for the opponent, the slowest one turn sooner;
/// every drawn position has no turn to an opponent's loss and one to a draw. Then a sample is
/// re-searched by a plain alpha-beta search to the distance the table states. The first
/// disagreement is the error (`ErrorCode::table_verify_...`), with the table's file name,
/// the position's FEN, its value in the table and the value its turns or the search give.
template <class B>
Result<TablebaseVerifyReport> verify_tablebase(const BasicTablebase<B>& tables, Material material,
                                               const TablebaseVerifyOptions& options = {}) {
  if (!tables.has(material)) return make_error(ErrorCode::table_not_in_memory, {{"material", material.to_string()}});
  const auto& table = detail::TablebaseAccess::table(tables, material);
  TablebaseVerifyReport report;
  std::vector<std::uint64_t> candidates;  // positions shallow enough to re-search
  if (Status s = detail::check_slots(tables, table, options, report, candidates); !s) return s.error();
  if (Status s = detail::search_samples(table, options, candidates, report); !s) return s.error();
  return report;
}

/// @}

}  // namespace fanorona

#endif  // FANORONA_TABLEBASE_HPP
