// fanorona: the reinforcement-learning environment's core: actions, masks, observations.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_ENV_HPP
#define FANORONA_ENV_HPP

/// @file
/// @brief `BasicEnv`: one game played one action (one step) at a time, with the action
/// encoding, legal-action masks and observation planes a learning program needs.
///
/// An action is one step of a turn, or *stop*: end a capture chain that could go on. A step
/// after which the chain cannot go on ends the turn by itself, so stop is legal only when it
/// is a choice. The same side acts again while its chain goes on.
///
/// @code
/// fanorona::Env env;  // 9x5, at most 200 turns
/// std::vector<float> planes(fanorona::observation_size<fanorona::Tsivy>);
/// while (!env.is_done()) {
///   env.observe(planes.data());                      // from the side to act
///   const int action = env.legal_actions()[0];       // a policy would choose here
///   const auto outcome = env.step(action);           // checked: a refused action plays nothing
///   if (!outcome) break;
/// }
/// @endcode

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

#include "board.hpp"
#include "detail/env_planes.hpp"
#include "error.hpp"
#include "game.hpp"
#include "position.hpp"
#include "result.hpp"
#include "symmetry.hpp"
#include "turn.hpp"
#include "turn_builder.hpp"

namespace fanorona {

/// @defgroup environment Reinforcement-learning environment
/// @{

/// How actions number the steps of board `B`: action `(from * 8 + direction) * 3 + capture`,
/// with the directions of `Direction` and the capture kinds of `Capture` (0 none, 1 approach,
/// 2 withdrawal); the last action, `stop`, ends a capture chain that could go on. Actions
/// whose direction leaves no line from their point exist but are never legal.
template <class B = Tsivy>
struct BasicActionSpace {
  /// Number of actions: 1081 on 9x5, 601 on 5x5, 217 on 3x3.
  static constexpr int size = detail::ActionCodes<B>::size;
  /// The action that ends a capture chain that could go on (the last one).
  static constexpr int stop = detail::ActionCodes<B>::stop;

  /// The action of a step, or -1 when the step does not follow a line of the board.
  static constexpr int encode(const BasicStep<B>& step) noexcept {
    const int d = B::direction_between(step.from, step.to);
    return d < 0 ? -1 : detail::ActionCodes<B>::encode(step.from, d, step.capture);
  }

  /// The step an action stands for; nothing for `stop`, for an action outside `[0, size)`
  /// and for one whose direction leaves no line from its point.
  static constexpr std::optional<BasicStep<B>> decode(long long action) noexcept {
    if (action < 0 || action >= stop) return std::nullopt;
    const int a = static_cast<int>(action);
    const Point from(a / detail::ActionCodes<B>::per_point);
    const Point to = B::neighbor[from][(a / 3) % direction_count];
    if (to == no_point) return std::nullopt;
    return BasicStep<B>{from, to, static_cast<Capture>(a % 3)};
  }

  /// The image of an action under a symmetry of the board: the action of the image step
  /// (stop stays stop). A legal action in a position maps to a legal action in its image.
  static constexpr int transform(Symmetry s, int action) noexcept {
    return detail::ActionCodes<B>::image[static_cast<int>(s)][action];
  }
};

/// The planes of an observation, in order. Each is `height x width` floats, row `r` for rank
/// `r + 1`, column `f` for file `f`; "own" and "enemy" are the observer's and its opponent's.
enum class Plane : std::uint8_t {
  own,            ///< 1 on the observer's stones (as they stand during the turn).
  enemy,          ///< 1 on the opponent's stones.
  strong_points,  ///< 1 on the strong points (where diagonals meet).
  moving_stone,   ///< 1 on the stone in the middle of a capture chain, if any.
  visited,        ///< 1 on the points that stone has stood on this turn, its start included.
  straight_on,    ///< 1 on the point straight on from it (the direction it may not repeat).
  white_to_move,  ///< All 1 when White is to act, all 0 when Black is.
  repetitions,    ///< All 0.5 when the position at the start of this turn occurred once before, else 0.
  turn_clock,     ///< All `turns / max_turns`: how much of the turn limit is used (0 without a limit).
};

/// Number of observation planes.
inline constexpr int plane_count = 9;

/// Floats in one observation of board `B`: `plane_count * B::size`.
template <class B>
inline constexpr int observation_size = plane_count * B::size;

/// The image of an observation under a symmetry: every plane's points moved; for the
/// symmetries that swap the colors, the `white_to_move` plane inverted (own and enemy stay
/// the observer's). `in` and `out` hold `observation_size<B>` floats and must not overlap.
template <class B>
void transform_observation(Symmetry s, const float* in, float* out) noexcept {
  for (int k = 0; k < plane_count; ++k)
    for (int i = 0; i < B::size; ++i) out[k * B::size + transform<B>(s, Point(i)).index()] = in[k * B::size + i];
  if (swaps_colors(s)) {
    float* plane = out + static_cast<int>(Plane::white_to_move) * B::size;
    for (int i = 0; i < B::size; ++i) plane[i] = 1.0F - plane[i];
  }
}

/// The image of an action mask under a symmetry: `out[transform(s, a)] = in[a]`. `in` and
/// `out` hold `BasicActionSpace<B>::size` bytes and must not overlap.
template <class B>
void transform_action_mask(Symmetry s, const std::uint8_t* in, std::uint8_t* out) noexcept {
  for (int a = 0; a < BasicActionSpace<B>::size; ++a) out[BasicActionSpace<B>::transform(s, a)] = in[a];
}

/// What one action did.
struct EnvStep {
  /// For the side that acted: +1 when it won with this action, -1 when it lost (never, in
  /// Fanorona: a turn cannot lose), 0 otherwise and for a draw.
  float reward = 0.0F;
  bool terminated = false;  ///< The game ended by the rules with this action.
  bool truncated = false;   ///< The turn limit was reached with this action.
  bool turn_ended = false;  ///< The action completed a turn: the other side acts next, unless the episode ended.
};

/// The legal actions of one moment, in increasing order.
template <class B = Tsivy>
using BasicActionList = FixedList<int, max_steps<B> + 1>;

template <class B>
class BasicBatchEnv;

/// One game played one action at a time: the core of a reinforcement-learning environment.
///
/// The rules come from `BasicTurnBuilder` and `BasicGame`: the legal actions are the
/// builder's `legal_steps()` (plus stop when the turn may, but need not, end), a step that
/// leaves the chain nothing more to capture completes the turn, and the game's result,
/// threefold repetition included, ends the episode. Stepping allocates nothing once the game
/// has room for `max_turns` turns (reserved at construction).
template <class B = Tsivy>
class BasicEnv {
 public:
  /// The position type.
  using position_type = BasicPosition<B>;
  /// The game type.
  using game_type = BasicGame<B>;
  /// The action numbering.
  using action_space = BasicActionSpace<B>;

  /// A game from `start`, truncated after `max_turns` complete turns (0: no limit; a negative
  /// limit counts as 0). The random stream of `random_action` starts from `seed`.
  explicit BasicEnv(int max_turns = 200, const position_type& start = position_type::initial(), std::uint64_t seed = 0)
      : builder_(start), start_(start), max_turns_(max_turns > 0 ? max_turns : 0), random_(seed) {
    game_.reserve(static_cast<std::size_t>(max_turns_ > 0 ? max_turns_ : 64));
    reset();
  }

  /// Starts the game again from the start position.
  void reset() noexcept {
    game_.reset(start_);
    truncated_ = false;
    begin_turn();
  }
  /// Starts again from a new start position (kept for later resets).
  void reset(const position_type& start) noexcept {
    start_ = start;
    reset();
  }
  /// Starts again, first moving the game played into `finished` (their storage is swapped,
  /// so a batch that keeps each finished game allocates nothing).
  void reset(game_type& finished) noexcept {
    std::swap(finished, game_);
    reset();
  }
  /// Starts the random stream of `random_action` again from `seed`.
  void seed(std::uint64_t seed) noexcept { random_.reseed(seed); }
  /// The random stream's state, to save and restore with `set_random_state`.
  std::uint64_t random_state() const noexcept { return random_.state(); }
  /// Restores a state from `random_state`.
  void set_random_state(std::uint64_t state) noexcept { random_.set_state(state); }

  /// The legal actions now, in increasing order; none once the episode has ended.
  const BasicActionList<B>& legal_actions() const noexcept { return legal_; }
  /// True when `action` is legal now.
  bool is_legal(long long action) const noexcept {
    if (action < 0 || action >= action_space::size) return false;
    const auto a = static_cast<int>(action);
    return ((legal_bits_[a >> 6] >> (a & 63)) & 1U) != 0;
  }
  /// Succeeds when `action` is legal now; otherwise says why: `game_over`,
  /// `episode_truncated`, `action_out_of_range`, `stop_before_step`, `action_off_lines`, or
  /// the turn builder's refusal of the step ("capture is compulsory: ...") after "action N: ",
  /// each with an `action` argument.
  Status check(long long action) const {
    if (is_legal(action)) return {};
    if (game_.is_over()) return make_error(ErrorCode::game_over, {{"result", detail::result_word(game_.result())}});
    if (truncated_) return make_error(ErrorCode::episode_truncated, {{"count", std::to_string(turns())}});
    const std::string number = std::to_string(action);
    if (action < 0 || action >= action_space::size)
      return make_error(ErrorCode::action_out_of_range, {{"action", number}, {"limit", std::to_string(action_space::size - 1)}});
    if (action == action_space::stop) return make_error(ErrorCode::stop_before_step, {{"action", number}});
    const auto step = action_space::decode(action);
    if (!step) {
      const auto a = static_cast<int>(action);
      return make_error(ErrorCode::action_off_lines, {{"action", number},
                                                      {"direction", detail::direction_word((a / 3) % direction_count)},
                                                      {"point", B::point_name(Point(a / detail::ActionCodes<B>::per_point))}});
    }
    BasicTurnBuilder<B> trial = builder_;
    Status refused = trial.play(*step);
    Error error = nested_error(refused.error(), "action " + number + ": ", Error::npos);
    error.args.push_back({"action", number});
    return error;
  }

  /// Plays one action after checking it (see `check`); a refused action changes nothing.
  /// No allocation when the action is legal.
  Result<EnvStep> step(long long action) {
    if (!is_legal(action)) return check(action).error();
    return play_legal(static_cast<int>(action));
  }

  /// Plays a whole turn step by step (then stop, when its chain could have gone on): for
  /// agents that choose whole turns, such as a search. Only at the start of a turn.
  Result<EnvStep> play_turn(const BasicTurn<B>& turn) {
    if (is_done()) return check(action_space::stop).error();
    if (!builder_.turn().empty()) return make_error(ErrorCode::turn_in_progress);
    if (turn.empty()) return make_error(ErrorCode::turn_without_steps);
    BasicTurnBuilder<B> trial = builder_;  // the whole turn first, so that a refused one plays nothing
    if (Status s = trial.play(turn); !s) return s.error();
    EnvStep last;
    for (int i = 0; i < turn.size() && !last.turn_ended; ++i) {
      last = play_legal(action_space::encode(turn.step(i)));
    }
    return last.turn_ended ? last : play_legal(action_space::stop);
  }

  /// A uniformly random legal action from the environment's own stream, or -1 after the end.
  int random_action() noexcept {
    if (legal_.empty()) return -1;
    return legal_[random_.below(static_cast<std::uint32_t>(legal_.size()))];
  }

  /// Writes the mask of the legal actions: `BasicActionSpace<B>::size` bytes, 1 for legal.
  void action_mask(std::uint8_t* out) const noexcept {
    std::memset(out, 0, static_cast<std::size_t>(action_space::size));
    for (int a : legal_) out[a] = 1;
  }

  /// Writes the observation planes (`observation_size<B>` floats, the order of `Plane`) from
  /// the side to act.
  void observe(float* out) const noexcept { observe(out, to_move()); }
  /// Writes the observation planes from `observer`'s side.
  void observe(float* out, Color observer) const noexcept;

  /// The game of complete turns.
  const game_type& game() const noexcept { return game_; }
  /// The turn in progress (its start is the game's position).
  const BasicTurnBuilder<B>& turn_builder() const noexcept { return builder_; }
  /// The position each reset starts from.
  const position_type& start() const noexcept { return start_; }
  /// The side whose action comes next.
  Color to_move() const noexcept { return builder_.start().side_to_move(); }
  /// Complete turns played.
  int turns() const noexcept { return static_cast<int>(game_.turns().size()); }
  /// The turn limit (0: none).
  int max_turns() const noexcept { return max_turns_; }
  /// True once the game has ended by the rules.
  bool is_terminated() const noexcept { return over_; }
  /// True once the turn limit was reached without the game ending.
  bool is_truncated() const noexcept { return truncated_; }
  /// True once the episode has ended either way.
  bool is_done() const noexcept { return over_ || truncated_; }

 private:
  friend class BasicBatchEnv<B>;

  EnvStep play_legal(int action) noexcept {
    const Color mover = to_move();
    EnvStep out;
    if (action == action_space::stop) {
      commit();
    } else {
      (void)builder_.play(*action_space::decode(action));
      refresh_legal();
      if (legal_.empty()) commit();  // nothing more to capture (or a paika move): the turn ends
    }
    out.turn_ended = builder_.turn().empty();
    out.terminated = over_;
    out.truncated = truncated_;
    if (!over_) return out;
    const Outcome o = game_.result().outcome;
    if (o == Outcome::white_wins || o == Outcome::black_wins)
      out.reward = (o == Outcome::white_wins) == (mover == Color::white) ? 1.0F : -1.0F;
    return out;
  }

  void commit() noexcept {
    (void)game_.play(builder_.turn());
    if (!game_.is_over() && max_turns_ > 0 && turns() >= max_turns_) truncated_ = true;  // begin_turn reads the end
    begin_turn();
  }

  // The game's state is read once a turn and kept here: the game's history lies in memory
  // of its own, and reading it at every step missed the cache.
  void begin_turn() noexcept {
    over_ = game_.is_over();
    repetitions_ = game_.repetitions();
    builder_ = game_.begin_turn();
    refresh_legal();
  }

  // The legal actions, as a set of bits and as a sorted list read off the bits (cheaper than
  // sorting, and the bits make `is_legal` one test). Only the words in use are cleared and
  // read: this runs at every step.
  void refresh_legal() noexcept {
    for (int a : legal_) legal_bits_[a >> 6] = 0;
    legal_.clear();
    if (is_done()) return;
    std::uint32_t touched = 0;  // which words hold a legal action
    for (const BasicStep<B>& s : builder_.legal_steps()) {
      const int a = action_space::encode(s);
      legal_bits_[a >> 6] |= std::uint64_t{1} << (a & 63);
      touched |= std::uint32_t{1} << (a >> 6);
    }
    if (touched != 0 && !builder_.turn().empty()) {  // the chain may go on, or end here
      legal_bits_[action_space::stop >> 6] |= std::uint64_t{1} << (action_space::stop & 63);
      touched |= std::uint32_t{1} << (action_space::stop >> 6);
    }
    for (; touched != 0; touched &= touched - 1) {
      const int w = detail::lowest_point(touched);
      for (std::uint64_t rest = legal_bits_[w]; rest != 0; rest &= rest - 1) legal_.push_back(w * 64 + detail::lowest_point(rest));
    }
  }

  static constexpr int words = (action_space::size + 63) / 64;
  static_assert(words <= 32, "the words in use are tracked in 32 bits");

  game_type game_;
  BasicTurnBuilder<B> builder_;
  position_type start_;
  BasicActionList<B> legal_;
  std::uint64_t legal_bits_[words] = {};
  int max_turns_ = 0;
  int repetitions_ = 1;
  bool over_ = false;
  bool truncated_ = false;
  detail::EnvRandom random_;
};

template <class B>
void BasicEnv<B>::observe(float* out, Color observer) const noexcept {
  const position_type now = builder_.position();
  Bitboard mover = 0, visited = 0, ahead = 0;
  const BasicTurn<B>& turn = builder_.turn();
  if (!turn.empty()) {
    mover = detail::bit(turn.to());
    visited = detail::bit(turn.from());
    for (int i = 0; i < turn.size(); ++i) visited |= detail::bit(turn.step(i).to);
    if (!turn.is_paika()) ahead = B::straight_on[turn.to()][static_cast<int>(turn.direction(turn.size() - 1))];
  }
  const Bitboard sets[] = {now.stones(observer), now.stones(opponent(observer)), B::strong_points, mover, visited, ahead};
  detail::write_planes<B>(out, sets);  // may spill into plane 6, written next
  detail::fill_plane<B>(out + 6 * B::size, to_move() == Color::white ? 1.0F : 0.0F);
  detail::fill_plane<B>(out + 7 * B::size, repetitions_ > 1 ? 0.5F : 0.0F);
  detail::fill_plane<B>(out + 8 * B::size, max_turns_ > 0 ? static_cast<float>(turns()) / static_cast<float>(max_turns_) : 0.0F);
}

/// The action numbering of the default 9x5 board.
using ActionSpace = BasicActionSpace<Tsivy>;
/// An environment on the default 9x5 board.
using Env = BasicEnv<Tsivy>;

/// @}

}  // namespace fanorona

#endif  // FANORONA_ENV_HPP
