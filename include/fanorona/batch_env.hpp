// fanorona: many environments stepped at once, into arrays the caller owns.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_BATCH_ENV_HPP
#define FANORONA_BATCH_ENV_HPP

/// @file
/// @brief `BasicBatchEnv`: many games stepped together, writing rewards, flags, observations
/// and masks into arrays the caller owns; a finished game starts again at once and is kept.
///
/// @code
/// fanorona::BatchEnv batch(256, 200, 7);  // 256 games, at most 200 turns, seed 7
/// std::vector<std::int64_t> actions(batch.size());
/// std::vector<float> rewards(batch.size());
/// std::vector<std::uint8_t> terminated(batch.size()), truncated(batch.size());
/// const fanorona::BatchStepOutput out{rewards.data(), terminated.data(), truncated.data()};
/// for (int i = 0; i < 100; ++i) {
///   batch.random_actions(actions.data());
///   if (!batch.step(actions.data(), out)) break;
/// }
/// @endcode

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "env.hpp"

namespace fanorona {

/// @addtogroup environment
/// @{

/// Where `BasicBatchEnv::step` writes, one entry (or row) per game; the pointers after
/// `truncated` may be null. Writing the observations and masks in the step, game by game while
/// each game is in the cache, is faster than writing them afterwards.
struct BatchStepOutput {
  float* rewards = nullptr;                 ///< The reward of the side that acted.
  std::uint8_t* terminated = nullptr;       ///< 1 when the game ended by the rules at this step.
  std::uint8_t* truncated = nullptr;        ///< 1 when it reached the turn limit at this step.
  /// `observation_size<B>` floats per game: for the games that ended at this step, their last
  /// observation (from the side that would act next) before they started again; other rows
  /// are left as they were.
  float* final_observations = nullptr;
  float* observations = nullptr;            ///< Each game's observation after the step (as `observe`).
  std::uint8_t* action_masks = nullptr;     ///< Each game's legal-action mask after the step (as `action_masks`).
  std::uint8_t* to_move = nullptr;          ///< The side to act in each game after the step (as `to_move`).
};

/// Many games of board `B` stepped together. A game that ends starts again at once from the
/// start position; the game it finished is kept (see `finished_game`) until it finishes the
/// next one. Stepping allocates nothing: the games reserve room for `max_turns` turns.
///
/// Game `i` draws its random actions from its own stream, seeded from the batch's seed and
/// `i`; a batch of one plays like a `BasicEnv` with the same seed.
template <class B = Tsivy>
class BasicBatchEnv {
 public:
  /// The environment type of each game.
  using env_type = BasicEnv<B>;
  /// The game type.
  using game_type = BasicGame<B>;
  /// The position type.
  using position_type = BasicPosition<B>;

  /// `count` games (at least one) from `start`, truncated after `max_turns` turns (0: no limit).
  BasicBatchEnv(std::size_t count, int max_turns = 200, std::uint64_t seed = 0,
                const position_type& start = position_type::initial())
      : finished_(count == 0 ? 1 : count), episodes_(finished_.size(), 0), truncated_finish_(finished_.size(), 0) {
    // Each environment built in place: a copy would not keep the room its game reserved.
    envs_.reserve(finished_.size());
    for (std::size_t i = 0; i < finished_.size(); ++i) envs_.emplace_back(max_turns, start, detail::batch_seed(seed, i));
    for (game_type& g : finished_) g.reserve(static_cast<std::size_t>(max_turns > 0 ? max_turns : 64));
  }

  /// Number of games.
  std::size_t size() const noexcept { return envs_.size(); }
  /// Game `i`'s environment. Precondition: `i < size()`.
  const env_type& env(std::size_t i) const noexcept { return envs_[i]; }
  /// Game `i`'s environment, to set a game up or restore a saved one (an environment assigned
  /// here keeps the room the batch reserved when it is no longer than `max_turns`).
  env_type& env(std::size_t i) noexcept { return envs_[i]; }

  /// Starts every game again (the random streams go on).
  void reset() noexcept {
    for (env_type& e : envs_) e.reset();
  }
  /// Starts every game again, with the random streams started from `seed`.
  void reset(std::uint64_t seed) noexcept {
    reseed(seed);
    reset();
  }
  /// Starts the random streams again from `seed` without resetting the games.
  void reseed(std::uint64_t seed) noexcept {
    for (std::size_t i = 0; i < envs_.size(); ++i) envs_[i].seed(detail::batch_seed(seed, i));
  }

  /// Succeeds when every action is legal in its game; otherwise the first refusal (see
  /// `BasicEnv::check`) after "game I: ", with a `game` argument. `actions` holds `size()` entries.
  Status check(const std::int64_t* actions) const {
    for (std::size_t i = 0; i < envs_.size(); ++i)
      if (!envs_[i].is_legal(actions[i])) {
        const std::string index = std::to_string(i);
        Error error = nested_error(envs_[i].check(actions[i]).error(), "game " + index + ": ", Error::npos);
        error.args.push_back({"game", index});
        return error;
      }
    return {};
  }

  /// Plays one action in every game after checking them all (nothing is played when any is
  /// refused), writes what happened to `out`, and starts the games that ended again.
  Status step(const std::int64_t* actions, const BatchStepOutput& out) {
    for (std::size_t i = 0; i < envs_.size(); ++i)
      if (!envs_[i].is_legal(actions[i])) return check(actions);
    for (std::size_t i = 0; i < envs_.size(); ++i) {
      env_type& e = envs_[i];
      const EnvStep s = e.play_legal(static_cast<int>(actions[i]));
      out.rewards[i] = s.reward;
      out.terminated[i] = s.terminated ? 1 : 0;
      out.truncated[i] = s.truncated ? 1 : 0;
      if (s.terminated || s.truncated) {
        if (out.final_observations) e.observe(out.final_observations + i * observation_size<B>);
        truncated_finish_[i] = s.truncated ? 1 : 0;
        ++episodes_[i];
        e.reset(finished_[i]);
      }
      if (out.observations) e.observe(out.observations + i * observation_size<B>);
      if (out.action_masks) e.action_mask(out.action_masks + i * static_cast<std::size_t>(BasicActionSpace<B>::size));
      if (out.to_move) out.to_move[i] = static_cast<std::uint8_t>(e.to_move());
    }
    return {};
  }

  /// Writes every game's observation from its side to act: `size()` rows of `observation_size<B>`.
  void observe(float* out) const noexcept {
    for (std::size_t i = 0; i < envs_.size(); ++i) envs_[i].observe(out + i * observation_size<B>);
  }
  /// Writes every game's legal-action mask: `size()` rows of `BasicActionSpace<B>::size` bytes.
  void action_masks(std::uint8_t* out) const noexcept {
    for (std::size_t i = 0; i < envs_.size(); ++i)
      envs_[i].action_mask(out + i * static_cast<std::size_t>(BasicActionSpace<B>::size));
  }
  /// Writes the side to act in each game (0 White, 1 Black).
  void to_move(std::uint8_t* out) const noexcept {
    for (std::size_t i = 0; i < envs_.size(); ++i) out[i] = static_cast<std::uint8_t>(envs_[i].to_move());
  }
  /// Writes a uniformly random legal action for each game, from its own stream.
  void random_actions(std::int64_t* out) noexcept {
    for (std::size_t i = 0; i < envs_.size(); ++i) out[i] = envs_[i].random_action();
  }

  /// The game `i` finished last (empty, with no turns, before its first end).
  const game_type& finished_game(std::size_t i) const noexcept { return finished_[i]; }
  /// True when the game `i` finished last was truncated rather than ended by the rules.
  bool finished_truncated(std::size_t i) const noexcept { return truncated_finish_[i] != 0; }
  /// How many games game `i` has finished since the batch was made.
  std::uint64_t episodes(std::size_t i) const noexcept { return episodes_[i]; }
  /// Restores what `finished_game(i)`, `finished_truncated(i)` and `episodes(i)` report, for
  /// a batch loaded from a saved one.
  void set_finished(std::size_t i, const game_type& game, bool truncated, std::uint64_t episodes) {
    finished_[i] = game;
    truncated_finish_[i] = truncated ? 1 : 0;
    episodes_[i] = episodes;
  }

 private:
  std::vector<game_type> finished_;
  std::vector<env_type> envs_;
  std::vector<std::uint64_t> episodes_;
  std::vector<std::uint8_t> truncated_finish_;
};

/// A batch on the default 9x5 board.
using BatchEnv = BasicBatchEnv<Tsivy>;

/// @}

}  // namespace fanorona

#endif  // FANORONA_BATCH_ENV_HPP
