// fanorona: the checks of the endgame tables against the rules (internal).
// SPDX-License-Identifier: MIT
#ifndef FANORONA_TABLEBASE_DETAIL_VERIFIER_HPP
#define FANORONA_TABLEBASE_DETAIL_VERIFIER_HPP

// Not part of the public API: `verify_tablebase` (tablebase.hpp) drives them.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../../detail/bits.hpp"
#include "../../movegen.hpp"
#include "../../position.hpp"
#include "../../result.hpp"
#include "../options.hpp"
#include "../tables.hpp"
#include "entry.hpp"

namespace fanorona {
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

// Why `value`, the table's value of `position`, disagrees with the values its turns lead to,
// or nothing when it agrees.
template <class B>
std::optional<std::string> disagreement(const BasicTablebase<B>& tables, const BasicPosition<B>& position,
                                        TablebaseValue value) {
  if (!has_legal_turn(position)) {
    if (value == TablebaseValue{TablebaseOutcome::loss, 0}) return std::nullopt;
    return std::string("the side to move has no turn");
  }
  ChildValues children;
  bool covered = true;
  for_each_turn(position, [&](const BasicTurn<B>& turn) {
    const std::optional<TablebaseValue> child = tables.probe(position.after(turn));
    if (!child) return covered = false;
    children.add(*child);
    return true;
  });
  if (!covered) return std::string("a turn leads to a table not in memory");
  const TablebaseValue expected = children.value();
  if (expected == value) return std::nullopt;
  if (value.outcome == TablebaseOutcome::win)
    return expected.outcome == TablebaseOutcome::win
               ? "its fastest turn to an opponent's loss makes it a " + expected.to_string()
               : std::string("no turn leads to a loss for the opponent");
  if (value.outcome == TablebaseOutcome::loss)
    return expected.outcome == TablebaseOutcome::loss
               ? "its slowest turn to an opponent's win makes it a " + expected.to_string()
               : std::string("a turn leads to a position not won for the opponent");
  return "its turns make it a " + expected.to_string();
}

// Calls `progress` with the verifier's progress at most four times a second (always when
// `force`).
class VerifyProgress {
 public:
  VerifyProgress(const TablebaseProgressCallback& progress, Material material, std::uint64_t total)
      : progress_(progress), material_(material), total_(total) {}

  void operator()(std::uint64_t done, bool force) {
    if (!progress_) return;
    const auto now = std::chrono::steady_clock::now();
    if (!force && now - last_ < std::chrono::milliseconds(250)) return;
    last_ = now;
    progress_({material_, TablebaseProgress::Stage::verifying, done, total_, 0,
               std::chrono::duration<double>(now - start_).count()});
  }

 private:
  const TablebaseProgressCallback& progress_;
  Material material_;
  std::uint64_t total_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_ = start_;
};

// The error for `position`, whose value in the table of file `name` is `value`.
template <class B>
Error verify_error(const std::string& name, const BasicPosition<B>& position, TablebaseValue value,
                   const std::string& why) {
  return make_error(name + ": " + position.to_fen() + " is a " + value.to_string() + " in the table, but " + why);
}

// Checks every used slot of `table` against its turns; the slots shallow enough to be
// re-searched go to `candidates`.
template <class B>
Status check_slots(const BasicTablebase<B>& tables, const TableSlots<B>& table, const TablebaseVerifyOptions& options,
                   TablebaseVerifyReport& report, std::vector<std::uint64_t>& candidates) {
  const Material material = table.index.material();
  VerifyProgress progress(options.progress, material, table.index.size());
  for (std::uint64_t slot = 0; slot < table.index.size(); ++slot) {
    if ((slot & 0xFFFF) == 0) progress(slot, slot == 0);
    Bitboard own = 0, enemy = 0;
    if (!table.index.position(slot, own, enemy)) continue;
    const BasicPosition<B> position = mover_position<B>(own, enemy);
    const TablebaseValue value = table.value(slot);
    ++report.positions;
    if (const auto why = disagreement(tables, position, value))
      return verify_error(tablebase_file_name<B>(material), position, value, *why);
    if (value.distance <= options.sample_depth) candidates.push_back(slot);
  }
  progress(table.index.size(), true);
  return {};
}

// Re-searches `options.samples` slots drawn from `candidates` with the plain search.
template <class B>
Status search_samples(const TableSlots<B>& table, const TablebaseVerifyOptions& options,
                      const std::vector<std::uint64_t>& candidates, TablebaseVerifyReport& report) {
  std::uint64_t state = options.seed;
  for (std::uint64_t i = 0; i < options.samples && !candidates.empty(); ++i) {
    const std::uint64_t slot = candidates[static_cast<std::size_t>(splitmix64(state) % candidates.size())];
    Bitboard own = 0, enemy = 0;
    table.index.position(slot, own, enemy);
    const BasicPosition<B> position = mover_position<B>(own, enemy);
    const TablebaseValue value = table.value(slot);
    const int depth = value.outcome == TablebaseOutcome::draw ? options.sample_depth : value.distance;
    const TablebaseValue searched = plain_value(position, depth);
    if (searched != value)
      return verify_error(tablebase_file_name<B>(table.index.material()), position, value,
                          "a plain search " + std::to_string(depth) + " turns deep finds a " + searched.to_string());
    ++report.searched;
  }
  return {};
}

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_TABLEBASE_DETAIL_VERIFIER_HPP
