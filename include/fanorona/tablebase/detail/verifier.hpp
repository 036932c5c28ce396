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
#include <utility>
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

// A table value as an error's argument: "draw", "win:N" or "loss:N" (the English message
// shows "win in N").
inline std::string value_arg(TablebaseValue value) {
  if (value.outcome == TablebaseOutcome::draw) return "draw";
  return std::string(value.outcome == TablebaseOutcome::win ? "win:" : "loss:") + std::to_string(value.distance);
}

// The error when `value`, the value of `position` in the table of file `name`, disagrees with
// the values its turns lead to; nothing when it agrees.
template <class B>
std::optional<Error> disagreement(const BasicTablebase<B>& tables, const BasicPosition<B>& position, TablebaseValue value,
                                  const std::string& name) {
  if (!has_legal_turn(position)) {
    if (value == TablebaseValue{TablebaseOutcome::loss, 0}) return std::nullopt;
    return make_error(ErrorCode::table_verify_no_turn,
                      {{"table", name}, {"fen", position.to_fen()}, {"value", value_arg(value)}});
  }
  const std::optional<TablebaseValue> computed = value_from_turns(tables, position);
  if (!computed)
    return make_error(ErrorCode::table_verify_not_covered,
                      {{"table", name}, {"fen", position.to_fen()}, {"value", value_arg(value)}});
  if (*computed == value) return std::nullopt;
  return make_error(ErrorCode::table_verify_mismatch, {{"table", name},
                                                        {"fen", position.to_fen()},
                                                        {"value", value_arg(value)},
                                                        {"computed", value_arg(*computed)}});
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
    if (auto error = disagreement(tables, position, value, tablebase_file_name<B>(material))) return std::move(*error);
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
      return make_error(ErrorCode::table_verify_search, {{"table", tablebase_file_name<B>(table.index.material())},
                                                          {"fen", position.to_fen()},
                                                          {"value", value_arg(value)},
                                                          {"count", std::to_string(depth)},
                                                          {"computed", value_arg(searched)}});
    ++report.searched;
  }
  return {};
}

}  // namespace detail
}  // namespace fanorona

#endif  // FANORONA_TABLEBASE_DETAIL_VERIFIER_HPP
