// libFuzzer target: a game driven by a stream of operations.
//
// Input: one byte picks the board, one byte whether the game starts from the initial position
// or from a position decoded from the following bytes; then each operation is one byte (its
// kind) and its arguments:
//   0 play legal turn #k      1 play text (length byte, text)    2 undo
//   3 step-by-step play through BasicTurnBuilder::legal_steps, choosing steps and when to stop
//   4 load a FEN (length byte, text)   5 arbitrary steps from raw point bytes, then play
//   6 play a turn that belongs to another position
// After every operation the game's invariants are checked against a shadow history kept here:
// the hash, the result, the repetition count, the legal turns, and that undo restores.
#include "fuzz_support.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace {

template <class B>
class Driver {
 public:
  using Position = fanorona::BasicPosition<B>;
  using Game = fanorona::BasicGame<B>;
  using Turn = fanorona::BasicTurn<B>;

  Driver(fuzz::Bytes& in, const Position& start) : in_(in), game_(start), shadow_{start} {}

  void run() {
    check();
    for (int ops = 0; ops < 200 && !in_.empty(); ++ops) {
      switch (in_.byte() % 7) {
        case 0: play_by_index(); break;
        case 1: play_text(); break;
        case 2: undo(); break;
        case 3: step_by_step(); break;
        case 4: load_fen(); break;
        case 5: raw_steps(); break;
        default: foreign_turn(); break;
      }
      check();
    }
  }

 private:
  // Plays `turn` through the game, which must accept it exactly when the game is not over.
  void play(const Turn& turn) {
    const bool over = game_.is_over();
    const Position before = game_.position();
    const fanorona::Status status = game_.play(turn);
    if (over) {
      FUZZ_CHECK(!status.has_value());
      FUZZ_CHECK(status.error().message.rfind("the game is over (", 0) == 0);
      FUZZ_CHECK(game_.position() == before);
      return;
    }
    FUZZ_CHECK(status.has_value());
    FUZZ_CHECK(game_.position() == before.after(turn));
    shadow_.push_back(game_.position());
  }

  void play_by_index() {
    const auto turns = fanorona::legal_turns(game_.position());
    fuzz::check_list(turns, fanorona::count_turns(game_.position()));
    if (turns.empty()) {
      FUZZ_CHECK(game_.is_over());
      return;
    }
    play(turns[in_.byte() % turns.size()]);
  }

  void play_text() {
    const std::string text(in_.text(in_.byte() % 24));
    const bool over = game_.is_over();
    const Position before = game_.position();
    const auto played = game_.play(text);
    if (!played) {
      FUZZ_CHECK(!played.error().message.empty());
      FUZZ_CHECK(game_.position() == before);
      if (over) FUZZ_CHECK(played.error().message.rfind("the game is over (", 0) == 0);
      return;
    }
    FUZZ_CHECK(!over);
    FUZZ_CHECK(fuzz::is_legal(before, *played));
    FUZZ_CHECK(game_.position() == before.after(*played));
    shadow_.push_back(game_.position());
  }

  void undo() {
    const bool undone = game_.undo();
    FUZZ_CHECK(undone == (shadow_.size() > 1));
    if (undone) shadow_.pop_back();
  }

  void step_by_step() {
    auto builder = game_.begin_turn();
    FUZZ_CHECK(!builder.can_stop());
    for (;;) {
      const auto steps = builder.legal_steps();
      FUZZ_CHECK(steps.complete());
      FUZZ_CHECK(builder.must_stop() == (builder.can_stop() && steps.empty()));
      if (steps.empty()) break;
      const std::uint8_t choice = in_.byte();
      if (builder.can_stop() && (choice & 0x80)) break;  // stop here, though the chain could go on
      const fanorona::Step step = steps[choice % steps.size()];
      const fanorona::Status status = builder.play(step);
      FUZZ_CHECK(status.has_value());
      FUZZ_CHECK(builder.stone() == step.to);
      FUZZ_CHECK(builder.can_stop());
      FUZZ_CHECK(builder.position().hash() == builder.position().compute_hash());
    }
    if (!builder.can_stop()) {
      // No first step at all: the side to move is lost.
      FUZZ_CHECK(fanorona::result_of(game_.position()).is_over());
      return;
    }
    FUZZ_CHECK(fuzz::is_legal(game_.position(), builder.turn()));
    FUZZ_CHECK(builder.position() == game_.position().after(builder.turn()));
    play(builder.turn());
  }

  void load_fen() {
    const std::string text(in_.text(in_.byte() % 64));
    auto loaded = Game::from_fen(text);
    if (!loaded) {
      FUZZ_CHECK(!loaded.error().message.empty());
      return;
    }
    game_ = std::move(*loaded);
    shadow_.assign(1, game_.position());
  }

  // Steps from raw bytes: most are refused, each with a message, and leave the builder as it was.
  void raw_steps() {
    auto builder = game_.begin_turn();
    const int count = 1 + in_.byte() % 4;
    for (int i = 0; i < count; ++i) {
      const fanorona::Point from(static_cast<int>(in_.byte() % (B::size + 2)) - 1);
      const fanorona::Point to(static_cast<int>(in_.byte() % (B::size + 2)) - 1);
      const std::uint8_t k = in_.byte() % 4;
      const std::optional<fanorona::Capture> kind =
          k == 3 ? std::nullopt : std::optional<fanorona::Capture>(static_cast<fanorona::Capture>(k));
      const int steps_before = builder.turn().size();
      const auto turn_before = builder.turn();
      const fanorona::Status status = builder.play_step(from, to, kind);
      if (!status) {
        FUZZ_CHECK(!status.error().message.empty());
        FUZZ_CHECK(builder.turn().size() == steps_before);
        FUZZ_CHECK(builder.turn() == turn_before);
      } else {
        FUZZ_CHECK(builder.turn().size() == steps_before + 1);
        // An accepted step is one the builder lists (legal_steps before it was played).
        auto replay = game_.begin_turn();
        FUZZ_CHECK(replay.play(turn_before).has_value());
        bool listed = false;
        for (const auto& s : replay.legal_steps())
          listed = listed || (s.from == from && s.to == to && (!kind || s.capture == *kind));
        FUZZ_CHECK(listed);
      }
    }
    if (builder.can_stop()) {
      FUZZ_CHECK(fuzz::is_legal(game_.position(), builder.turn()));
      play(builder.turn());
    }
  }

  // A legal turn of some other position. The game replays its steps here: it is refused when
  // a step breaks a rule here, and otherwise played with the captures its steps make here
  // (which may differ from those it made where it came from).
  void foreign_turn() {
    const Position other = fuzz::position_from<B>(in_);
    const auto turns = fanorona::legal_turns(other);
    if (turns.empty()) return;
    const Turn& turn = turns[in_.byte() % turns.size()];
    const bool over = game_.is_over();
    auto replay = fanorona::BasicTurnBuilder<B>(game_.position());
    const bool steps_legal = replay.play(turn).has_value();
    const Position before = game_.position();
    const fanorona::Status status = game_.play(turn);
    FUZZ_CHECK(status.has_value() == (!over && steps_legal));
    if (!status.has_value()) {
      FUZZ_CHECK(!status.error().message.empty());
      FUZZ_CHECK(game_.position() == before);
      return;
    }
    FUZZ_CHECK(fuzz::is_legal(before, replay.turn()));
    FUZZ_CHECK(game_.position() == before.after(replay.turn()));
    FUZZ_CHECK(game_.turns().back() == replay.turn());
    shadow_.push_back(game_.position());
  }

  void check() const {
    const Position& now = game_.position();
    FUZZ_CHECK(now.hash() == now.compute_hash());
    FUZZ_CHECK(game_.turns().size() + 1 == shadow_.size());
    for (std::size_t i = 0; i < shadow_.size(); ++i) FUZZ_CHECK(game_.position_before(i) == shadow_[i]);
    FUZZ_CHECK(game_.start_position() == shadow_.front());
    int occurrences = 0;
    for (const Position& p : shadow_) occurrences += p == now ? 1 : 0;
    FUZZ_CHECK(game_.repetitions() == occurrences);
    const fanorona::GameResult r = game_.result();
    const auto count = fanorona::count_turns(now);
    const auto turns = game_.legal_turns();
    fuzz::check_list(turns, r.is_over() ? 0 : count);
    FUZZ_CHECK(turns.empty() == r.is_over());
    switch (r.reason) {
      case fanorona::EndReason::none:
        FUZZ_CHECK(r.outcome == fanorona::Outcome::ongoing);
        FUZZ_CHECK(count > 0 && occurrences < 3);
        break;
      case fanorona::EndReason::no_stones:
        FUZZ_CHECK(now.own() == 0 && count == 0);
        break;
      case fanorona::EndReason::no_legal_turn:
        FUZZ_CHECK(now.own() != 0 && count == 0);
        break;
      case fanorona::EndReason::threefold_repetition:
        FUZZ_CHECK(r.outcome == fanorona::Outcome::draw && occurrences >= 3 && count > 0);
        break;
    }
    if (r.reason == fanorona::EndReason::no_stones || r.reason == fanorona::EndReason::no_legal_turn)
      FUZZ_CHECK(r.outcome == (now.side_to_move() == fanorona::Color::white ? fanorona::Outcome::black_wins
                                                                            : fanorona::Outcome::white_wins));
    FUZZ_CHECK(!r.to_string().empty());
  }

  fuzz::Bytes& in_;
  Game game_;
  std::vector<Position> shadow_;  // the positions of the game, start first
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  fuzz::with_board(in.byte(), [&in](auto board) {
    using B = decltype(board);
    const auto start = (in.byte() & 1) ? fuzz::position_from<B>(in) : fanorona::BasicPosition<B>::initial();
    Driver<B>(in, start).run();
  });
  return 0;
}
