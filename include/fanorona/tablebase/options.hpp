// fanorona: what generating and verifying endgame tables take and report.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_TABLEBASE_OPTIONS_HPP
#define FANORONA_TABLEBASE_OPTIONS_HPP

/// @file
/// @brief The options and progress reports of `generate_tablebase` and `verify_tablebase`.
/// Included by `<fanorona/tablebase.hpp>`.

#include <cstdint>
#include <functional>
#include <string>

#include "types.hpp"

namespace fanorona {

/// @addtogroup tablebase
/// @{

/// What the generator is doing, for a progress display.
struct TablebaseProgress {
  /// The stage of one table's generation.
  enum class Stage : std::uint8_t {
    loaded,     ///< Read from its file and checked: not generated again.
    seeding,    ///< First pass: positions with no turn, positions whose turns all capture, paika counts.
    solving,    ///< Retrograde passes over paika moves, one per distance (`layer`).
    written,    ///< Solved and written to its file (or kept in memory only).
    verifying,  ///< `verify_tablebase` is checking it.
  };
  Material material;             ///< The table; it is solved with its color-swapped twin.
  Stage stage = Stage::seeding;  ///< What is happening.
  std::uint64_t done = 0;        ///< Slots done in this stage (seeding, verifying) or decided so far (solving).
  std::uint64_t total = 0;       ///< Slots of the stage's tables.
  int layer = 0;                 ///< The distance being propagated (solving).
  double seconds = 0;            ///< Time since this table's stage began.
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

/// How much `verify_tablebase` re-searches.
struct TablebaseVerifyOptions {
  /// Positions re-searched by a plain alpha-beta search over the rules alone, drawn at random
  /// among those with a distance of at most `sample_depth` (and draws, searched that deep).
  std::uint64_t samples = 100;
  int sample_depth = 5;    ///< The deepest re-search, in turns: its cost grows fast with it.
  std::uint64_t seed = 1;  ///< For the choice of samples.
  /// Progress, as for generation (stage `verifying`).
  TablebaseProgressCallback progress = nullptr;
};

/// What `verify_tablebase` checked.
struct TablebaseVerifyReport {
  std::uint64_t positions = 0;  ///< Slots checked against their turns (every used slot).
  std::uint64_t searched = 0;   ///< Positions re-searched by the plain search.
};

/// @}

}  // namespace fanorona

#endif  // FANORONA_TABLEBASE_OPTIONS_HPP
