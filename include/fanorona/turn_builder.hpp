// fanorona: step-by-step play, as a player moves at the board.
// SPDX-License-Identifier: MIT
#ifndef FANORONA_TURN_BUILDER_HPP
#define FANORONA_TURN_BUILDER_HPP

/// @file
/// @brief `BasicTurnBuilder`: build a turn one step at a time, as a player does at the board.

#include <optional>
#include <string>

#include "board.hpp"
#include "detail/capture.hpp"
#include "detail/chain_walker.hpp"
#include "movegen.hpp"
#include "position.hpp"
#include "result.hpp"
#include "turn.hpp"

namespace fanorona {

namespace detail {
// Whether a stone of the side to move stands on `p` (a point of the board).
template <class B>
Status check_owner(const BasicPosition<B>& position, Point p) {
  const auto owner = position.at(p);
  if (!owner) return make_error(ErrorCode::no_stone, {{"point", B::point_name(p)}});
  if (*owner == position.side_to_move()) return {};
  return make_error(ErrorCode::not_your_stone, {{"point", B::point_name(p)},
                                                {"color", std::string(color_id(*owner))},
                                                {"mover", std::string(color_id(position.side_to_move()))}});
}
}  // namespace detail

/// @addtogroup step_by_step
/// @{

/// Builds one turn step by step, the way an interactive program (a GUI, a terminal game) lets
/// a player move: ask for the legal next steps, preview what one would capture, play it, take
/// it back, and stop once the turn may end. Every step is checked against the rules of a turn
/// (docs/rules.md), and a refused step comes with a message that says which rule it breaks.
/// Any legal turn can be built this way, and only legal turns.
///
/// @code
/// fanorona::Position position = fanorona::Position::initial();
/// fanorona::TurnBuilder builder(position);
/// const fanorona::Step first{fanorona::parse_point("d3"), fanorona::parse_point("e3"), fanorona::Capture::approach};
/// const fanorona::Bitboard marked = builder.captured_by(first);  // to highlight before playing
/// assert(marked == fanorona::point_set(fanorona::parse_point("f3")));
/// if (fanorona::Status played = builder.play(first); !played) std::puts(played.error().message.c_str());
/// // While the chain can go on, a program offers builder.legal_steps() and a "finish"
/// // button (and undo_step()); this one always takes the first continuation.
/// while (!builder.must_stop())
///   if (!builder.play(builder.legal_steps()[0])) break;
/// position.play(builder.turn());
/// @endcode
template <class B = Tsivy>
class BasicTurnBuilder {
 public:
  /// Starts a turn of the side to move in `start`.
  explicit BasicTurnBuilder(const BasicPosition<B>& start) noexcept
      : start_(start), must_capture_(has_capture(start)) {}

  /// The position the turn started from.
  const BasicPosition<B>& start() const noexcept { return start_; }
  /// The steps played so far, as a turn (complete once `can_stop()`); `turn().size()` counts
  /// them.
  const BasicTurn<B>& turn() const noexcept { return turn_; }
  /// The position after the steps played so far, as if the turn stopped now (the opponent to
  /// move). Before the first step, the starting position.
  BasicPosition<B> position() const noexcept { return turn_.empty() ? start_ : start_.after(turn_); }
  /// Where the moving stone stands now, or `no_point` before the first step.
  Point stone() const noexcept { return turn_.empty() ? no_point : at_; }
  /// True when the turn may end here: after a paika move, or after any capturing step.
  bool can_stop() const noexcept { return !turn_.empty(); }
  /// True when no further step is possible (the turn must stop): after a paika move, or after
  /// a capture from which the chain cannot go on.
  bool must_stop() const noexcept {
    if (turn_.empty()) return false;
    if (paika_) return true;
    return !detail::ChainSteps<B>(at_.index(), last_direction_, enemy_, rest_ | visited_).any();
  }

  /// Every step that may be played next: before the first step, every capturing step of the
  /// side to move (or every paika move if none captures); after a capture, the moving stone's
  /// capturing steps that keep the chain rules; after a paika move, none.
  BasicStepList<B> legal_steps() const noexcept {
    BasicStepList<B> out;
    if (paika_) return out;
    if (turn_.empty()) {
      if (must_capture_) {
        const detail::CaptureStarts<B> starts(start_.own(), start_.enemy());
        for (int d = 0; d < direction_count; ++d) {
          for (Point p : points(starts.approach[d])) out.push_back({p, B::neighbor[p][d], Capture::approach});
          for (Point p : points(starts.withdrawal[d])) out.push_back({p, B::neighbor[p][d], Capture::withdrawal});
        }
      } else {
        const Bitboard empty = start_.empty();
        for (Point p : points(start_.own()))
          for (int d = 0; d < direction_count; ++d) {
            const Point to = B::neighbor[p][d];
            if (to != no_point && (empty & detail::bit(to))) out.push_back({p, to, Capture::none});
          }
      }
      return out;
    }
    // The generator's own continuation rule, so both can never disagree.
    const detail::ChainSteps<B> next(at_.index(), last_direction_, enemy_, rest_ | visited_);
    for (Point to : points(next.approach)) out.push_back({at_, to, Capture::approach});
    for (Point to : points(next.withdrawal)) out.push_back({at_, to, Capture::withdrawal});
    return out;
  }

  /// The legal next steps that start on `from` (a subset of `legal_steps()`): what a user
  /// interface highlights once the player has picked the stone on `from`. Empty when that
  /// stone may not move now; `check_stone` says why.
  BasicStepList<B> legal_steps_from(Point from) const noexcept {
    BasicStepList<B> out;
    for (const Step& s : legal_steps())
      if (s.from == from) out.push_back(s);
    return out;
  }

  /// Whether the stone on `from` may make the next step, and if not why, for a user interface
  /// to answer a click on a stone before any step is tried: "there is no stone on c3", "capture
  /// is compulsory: the stone on e1 captures nothing, but d3-e3A captures", "the stone on e2
  /// has no free neighbor on a line", "only the stone that started the turn, now on e3, may continue
  /// it", "the stone on e3 cannot capture again: the turn is over" (after a capture the chain
  /// cannot continue), and so on. Succeeds exactly when `legal_steps_from(from)` is not empty.
  Status check_stone(Point from) const {
    if (!B::contains(from)) return make_error(ErrorCode::point_off_board);
    if (paika_) return make_error(ErrorCode::paika_ends_turn);
    if (!turn_.empty()) {
      if (from != at_) return make_error(ErrorCode::not_moving_stone, {{"point", B::point_name(at_)}});
      if (must_stop()) return make_error(ErrorCode::chain_over, {{"point", B::point_name(at_)}});
      return {};
    }
    if (Status owner = detail::check_owner(start_, from); !owner) return owner;
    if (!legal_steps_from(from).empty()) return {};
    if (must_capture_)
      return make_error(ErrorCode::stone_must_capture, {{"point", B::point_name(from)}, {"capture", example_capture()}});
    return make_error(ErrorCode::stone_blocked, {{"point", B::point_name(from)}});
  }

  /// Plays one step. On refusal the builder is unchanged and the error says why, e.g.
  /// "capture is compulsory: e2-e3 captures nothing, but d3-e3A captures".
  Status play(const Step& step) noexcept { return play_step(step.from, step.to, step.capture); }

  /// Plays one step whose capture kind is left to the builder: the only one possible, or none
  /// for a paika move. Refused, with a message, when the step could capture both ways.
  Status play(Point from, Point to) noexcept { return play_step(from, to, std::nullopt); }

  /// Plays the steps of `turn` in order (checking each); used to check a turn of unknown origin.
  Status play(const BasicTurn<B>& turn) noexcept {
    for (int i = 0; i < turn.size(); ++i) {
      const Status s = play(turn.step(i));
      if (!s) return s;
    }
    return {};
  }

  /// The enemy stones `step` would capture if played now: the line it takes by approach or
  /// withdrawal, for a user interface to mark before the player commits. 0 for a paika move
  /// and for a step that would be refused (see `play` for why).
  Bitboard captured_by(const Step& step) const noexcept {
    if (step.capture == Capture::none || paika_) return 0;
    if (!B::contains(step.from) || !B::contains(step.to)) return 0;
    const int d = B::direction_between(step.from, step.to);
    if (d < 0) return 0;
    const bool by_approach = step.capture == Capture::approach;
    const Bitboard enemy = turn_.empty() ? start_.enemy() : enemy_;
    if (turn_.empty()) {
      const detail::CaptureStarts<B> starts(start_.own(), enemy);
      const Bitboard starts_here = by_approach ? starts.approach[d] : starts.withdrawal[d];
      if (!(starts_here & detail::bit(step.from))) return 0;
    } else {
      if (step.from != at_) return 0;
      const detail::ChainSteps<B> next(at_.index(), last_direction_, enemy, rest_ | visited_);
      if (!((by_approach ? next.approach : next.withdrawal) & detail::bit(step.to))) return 0;
    }
    return detail::captured_line<B>(step.from.index(), step.to.index(), d, by_approach, enemy);
  }

  /// Takes back the last step played. Returns false (and does nothing) before the first step.
  bool undo_step() noexcept {
    if (turn_.empty()) return false;
    const BasicTurn<B> played = turn_;
    reset();
    // The steps kept were checked when they were played: replay them without the checks.
    for (int i = 0; i + 1 < played.size(); ++i) {
      const Step s = played.step(i);
      const int d = B::direction_between(s.from, s.to);
      const Bitboard enemy = turn_.empty() ? start_.enemy() : enemy_;
      apply(s.from, d, s.capture, enemy, victim_ahead(s.from, d, enemy), victim_behind(s.from, d, enemy));
    }
    return true;
  }

  /// Abandons the steps played and starts again from `start()`.
  void reset() noexcept { *this = BasicTurnBuilder(start_); }

  /// The general form behind `play`: `kind` empty means "whichever is possible".
  Status play_step(Point from, Point to, std::optional<Capture> kind) noexcept {
    // Messages are only built on refusal: a legal step allocates nothing.
    if (Status mover = check_mover(from, to); !mover) return mover;
    const int d = B::direction_between(from, to);
    if (Status path = check_path(from, to, d); !path) return path;
    const Bitboard enemy = turn_.empty() ? start_.enemy() : enemy_;
    const Point ahead = victim_ahead(from, d, enemy), behind = victim_behind(from, d, enemy);
    const Result<Capture> chosen = choose_capture(from, to, kind, ahead, behind);
    if (!chosen) return chosen.error();
    apply(from, d, *chosen, enemy, ahead, behind);
    return {};
  }

 private:
  using Writer = detail::TurnWriter<B>;

  // The enemy stone an approach or a withdrawal from `from` in direction `d` takes first, or
  // no_point.
  static constexpr Point victim_ahead(Point from, int d, Bitboard enemy) noexcept {
    return Point(detail::approach_victim<B>(from.index(), d, enemy));
  }
  static constexpr Point victim_behind(Point from, int d, Bitboard enemy) noexcept {
    return Point(detail::withdrawal_victim<B>(from.index(), d, enemy));
  }

  static std::string step_name(Point from, Point to) { return B::point_name(from) + "-" + B::point_name(to); }

  // Who may step: a stone of the side to move, and after the first step only that stone.
  Status check_mover(Point from, Point to) const noexcept {
    if (paika_) return make_error(ErrorCode::paika_ends_turn);
    if (!B::contains(from)) return make_error(ErrorCode::step_starts_off_board);
    if (!B::contains(to)) return make_error(ErrorCode::step_ends_off_board);
    if (!turn_.empty()) {
      if (from == at_) return {};
      return make_error(ErrorCode::not_moving_stone, {{"point", B::point_name(at_)}});
    }
    return detail::check_owner(start_, from);
  }



  // Where it may step: along a line (direction `d`, -1 if none) to a free point, and in a
  // chain neither back to a visited point nor on in the direction of the last step.
  Status check_path(Point from, Point to, int d) const noexcept {
    if (d < 0) {
      const int df = B::file_of(to) - B::file_of(from), dr = B::rank_of(to) - B::rank_of(from);
      if (df * df == 1 && dr * dr == 1 && !B::is_strong(from))
        return make_error(ErrorCode::weak_point, {{"point", B::point_name(from)}});
      return make_error(ErrorCode::not_neighbors, {{"from", B::point_name(from)}, {"to", B::point_name(to)}});
    }
    const Bitboard blocked = turn_.empty() ? (start_.own() | start_.enemy()) : (rest_ | enemy_);
    if (blocked & detail::bit(to)) return make_error(ErrorCode::point_occupied, {{"point", B::point_name(to)}});
    if (turn_.empty()) return {};
    if (visited_ & detail::bit(to)) return make_error(ErrorCode::revisited_point, {{"point", B::point_name(to)}});
    if (d == last_direction_)
      return make_error(ErrorCode::same_direction,
                        {{"step", step_name(from, to)}, {"direction", std::string(detail::direction_id(static_cast<Direction>(d)))}});
    return {};
  }

  // What it captures: `ahead` and `behind` are the stones an approach or a withdrawal would
  // take first (or no_point); `kind` is what the player asked for, if anything.
  Result<Capture> choose_capture(Point from, Point to, std::optional<Capture> kind, Point ahead,
                                 Point behind) const noexcept {
    const std::string step = step_name(from, to);
    if (ahead == no_point && behind == no_point) {
      if (!turn_.empty()) return make_error(ErrorCode::chain_needs_capture, {{"step", step}});
      if (must_capture_) return make_error(ErrorCode::capture_compulsory, {{"step", step}, {"capture", example_capture()}});
      if (kind && *kind != Capture::none)
        return make_error(ErrorCode::captures_nothing, {{"step", step}, {"kind", std::string(detail::capture_id(*kind))}});
      return Capture::none;
    }
    if (!kind) {
      if (ahead != no_point && behind != no_point) return make_error(ErrorCode::ambiguous_capture, {{"step", step}});
      return ahead != no_point ? Capture::approach : Capture::withdrawal;
    }
    const std::string enemy(detail::color_id(opponent(start_.side_to_move())));
    if (*kind == Capture::none) {
      const Capture only = ahead != no_point ? Capture::approach : Capture::withdrawal;
      return make_error(ErrorCode::unmarked_capture, {{"step", step},
                                                      {"kind", std::string(detail::capture_id(only))},
                                                      {"capture", step + (only == Capture::approach ? "A" : "W")}});
    }
    if (*kind == Capture::approach && ahead == no_point)
      return make_error(ErrorCode::no_approach_capture, {{"step", step}, {"color", enemy}, {"to", B::point_name(to)}});
    if (*kind == Capture::withdrawal && behind == no_point)
      return make_error(ErrorCode::no_withdrawal_capture, {{"step", step}, {"color", enemy}, {"from", B::point_name(from)}});
    return *kind;
  }

  std::string example_capture() const {
    const BasicStepList<B> steps = legal_steps();
    const Step& s = steps[0];
    return B::point_name(s.from) + "-" + B::point_name(s.to) + (s.capture == Capture::approach ? "A" : "W");
  }

  void apply(Point from, int d, Capture kind, Bitboard enemy, Point ahead, Point behind) noexcept {
    const Point to = B::neighbor[from][d];
    Bitboard run = 0;
    if (kind == Capture::approach) run = detail::capture_run<B>(ahead.index(), d, enemy);
    if (kind == Capture::withdrawal) run = detail::capture_run<B>(behind.index(), d ^ 1, enemy);
    if (turn_.empty()) {
      Writer::start(turn_, from);
      Writer::stamp(turn_, start_.hash());
      rest_ = start_.own() & ~detail::bit(from);
      visited_ = detail::bit(from);
    }
    Writer::push(turn_, d, kind, run);
    enemy_ = enemy & ~run;
    visited_ |= detail::bit(to);
    at_ = to;
    last_direction_ = d;
    paika_ = kind == Capture::none;
  }

  BasicPosition<B> start_;
  BasicTurn<B> turn_{};
  bool must_capture_;
  bool paika_ = false;
  Point at_ = no_point;
  int last_direction_ = -1;
  Bitboard rest_ = 0;     // the mover's other stones
  Bitboard enemy_ = 0;    // enemy stones left after the steps so far
  Bitboard visited_ = 0;  // points the moving stone has occupied this turn
};

/// A turn builder on the default 9x5 board.
using TurnBuilder = BasicTurnBuilder<Tsivy>;

/// @}

}  // namespace fanorona

#endif  // FANORONA_TURN_BUILDER_HPP
