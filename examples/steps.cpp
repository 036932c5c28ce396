// fanorona-steps: how a graphical program drives a turn step by step.
//
// A board game GUI lets the player pick a stone, shows where it can go and what each step
// would capture, plays the step, offers the continuations of a capture chain with a "finish"
// button, and lets the player take a step back. This program does the same with text: it
// reads one command a line and prints what a GUI would draw.
//
//   fanorona-steps [--fen FEN]      then, one a line:
//     select e3        the steps of the stone on e3, each with the stones it would capture
//     step d3-e3A      play a step (A or W chooses the capture when both are possible)
//     back             take back the last step
//     finish           end the turn (after a capture: stop the chain here)
//     board            the position as the turn stands
//
// Everything comes from BasicTurnBuilder: legal_steps(), captured_by(), play(), undo_step(),
// can_stop(), must_stop(). The rules are never restated here.
#include <fanorona/fanorona.hpp>

#include <cstdio>
#include <iostream>
#include <string>

namespace {

std::string point_list(fanorona::Bitboard set) {
  std::string out;
  for (fanorona::Point p : fanorona::points(set)) out += (out.empty() ? "" : " ") + fanorona::point_name(p);
  return out.empty() ? "nothing" : out;
}

// What a GUI highlights when the player touches a stone: its steps, and for each the stones
// it would take, before anything is committed.
void show_steps(const fanorona::TurnBuilder& builder, fanorona::Point stone) {
  int shown = 0;
  for (const fanorona::Step& step : builder.legal_steps()) {
    if (stone != fanorona::no_point && step.from != stone) continue;
    std::printf("  %-8s captures %s\n", fanorona::to_string(step).c_str(), point_list(builder.captured_by(step)).c_str());
    ++shown;
  }
  if (shown == 0) std::printf("  no legal step%s\n", stone == fanorona::no_point ? "" : " for that stone");
}

void show_state(const fanorona::TurnBuilder& builder) {
  if (builder.must_stop())
    std::printf("the turn must end here: finish\n");
  else if (builder.can_stop())
    std::printf("the chain may go on, or finish:\n");
  else
    std::printf("steps to choose from:\n");
  if (!builder.must_stop()) show_steps(builder, builder.stone());
}

}  // namespace

int main(int argc, char** argv) {
  fanorona::Game game;
  if (argc == 3 && std::string(argv[1]) == "--fen") {
    auto from_fen = fanorona::Game::from_fen(argv[2]);
    if (!from_fen) {
      std::fprintf(stderr, "fanorona-steps: %s\n", from_fen.error().message.c_str());
      return 2;
    }
    game = *from_fen;
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: fanorona-steps [--fen FEN]\n");
    return 2;
  }
  fanorona::TurnBuilder builder = game.begin_turn();
  std::string line;
  while (!game.is_over() && std::getline(std::cin, line)) {
    const std::string command = line.substr(0, line.find(' '));
    const std::string argument = line.find(' ') == std::string::npos ? "" : line.substr(line.find(' ') + 1);
    std::printf("> %s\n", line.c_str());
    if (command == "select") {
      show_steps(builder, fanorona::parse_point(argument));
    } else if (command == "step") {
      const auto step = fanorona::parse_step(argument, builder.stone());
      const fanorona::Status played =
          step ? builder.play_step(step->from, step->to, step->capture) : fanorona::Status(step.error());
      if (!played) std::printf("refused: %s\n", played.error().message.c_str());
      else show_state(builder);
    } else if (command == "back") {
      std::printf(builder.undo_step() ? "took back a step\n" : "no step to take back\n");
      show_state(builder);
    } else if (command == "finish") {
      if (!builder.can_stop()) {
        std::printf("refused: play a step first\n");
        continue;
      }
      const fanorona::Status played = game.play(builder.turn());  // stamped by the builder: no replay
      if (!played) std::printf("refused: %s\n", played.error().message.c_str());
      std::printf("played %s; %s to move\n", builder.turn().to_string().c_str(),
                  std::string(fanorona::color_name(game.position().side_to_move())).c_str());
      builder = game.begin_turn();
    } else if (command == "board") {
      std::printf("%s\n", builder.position().to_fen().c_str());
    } else {
      std::printf("commands: select POINT, step STEP, back, finish, board\n");
    }
  }
  std::printf("%s\n", game.result().to_string().c_str());
  return 0;
}
