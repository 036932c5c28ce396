"""Every refusal of a value given to the module carries an error code of the library and the
values of its message, as the library's own refusals do: the codes only the bindings give
(argument_out_of_range, array_shape, ...) and the library's codes the module reuses."""
import numpy as np
import pytest

import fanorona as f

StepEnv = f.classes("9x5")["StepEnv"]
BatchEnv = f.classes("9x5")["BatchEnv"]


def refusal(kind, call):
    """The exception `call` raises, which must be a `kind` with the attributes of every error."""
    with pytest.raises(kind) as raised:
        call()
    error = raised.value
    assert isinstance(error.code, str)
    assert isinstance(error.arguments, dict) and all(isinstance(v, str) for v in error.arguments.values())
    assert error.offset is None and error.line is None and error.column is None
    assert "{" not in str(error)  # every placeholder filled
    return error


def test_numbers_out_of_range_name_the_argument_and_its_range():
    e = refusal(f.FanoronaError, lambda: f.perft(f.Position(), -1))
    assert e.code == "argument_out_of_range"
    assert e.arguments == {"argument": "perft_depth", "low": "0", "high": "64", "text": "-1"}
    assert str(e) == "the perft depth is 0 to 64, not -1"
    e = refusal(f.FanoronaError, lambda: f.FanoronaEnv(seed=-1))
    assert e.code == "argument_out_of_range"
    assert e.arguments == {"argument": "seed", "low": "0", "high": str(2 ** 64 - 1), "text": "-1"}
    e = refusal(f.FanoronaError, lambda: f.FanoronaEnv(seed=2 ** 64))
    assert e.arguments["text"] == str(2 ** 64)


def test_a_point_or_a_set_of_points_off_the_board():
    e = refusal(f.NotationError, lambda: f.parse_point("z9"))
    assert e.code == "notation_off_board" and e.arguments == {"text": "z9", "board": "9x5"}
    assert str(e) == "z9 is not a point of the 9x5 board"
    e = refusal(f.NotationError, lambda: f.Step("e2", "j3"))
    assert e.code == "notation_off_board" and e.arguments == {"text": "j3", "board": "9x5"}
    e = refusal(f.FanoronaError, lambda: f.Position.from_stones(1 << 45, 0))
    assert e.code == "mask_out_of_range" and e.arguments == {"board": "9x5"}
    assert str(e) == "the mask has bits beyond the 9x5 board"


def test_arrays_of_the_wrong_shape_or_read_only():
    e = refusal(f.FanoronaError, lambda: StepEnv.transform_observation(np.zeros((9, 3, 3), np.float32), f.Symmetry.HALF_TURN))
    assert e.code == "array_shape"
    assert e.arguments == {"argument": "observation", "expected": "(..., 9, 5, 9)", "text": "(9, 3, 3)"}
    e = refusal(f.FanoronaError, lambda: f.transform_action_mask(np.zeros((2, 7), np.int8), f.Symmetry.HALF_TURN))
    assert e.code == "array_shape" and e.arguments == {"argument": "mask", "expected": "(..., 1081)", "text": "(2, 7)"}
    env = StepEnv()
    e = refusal(f.FanoronaError, lambda: env.action_mask(np.zeros(5, np.int8)))
    assert e.code == "array_shape" and e.arguments == {"argument": "out", "expected": "(1081,)", "text": "(5,)"}
    assert str(e) == "out must have the shape (1081,), not (5,)"
    frozen = np.zeros(1081, np.int8)
    frozen.flags.writeable = False
    e = refusal(f.FanoronaError, lambda: env.action_mask(frozen))
    assert e.code == "array_read_only" and e.arguments == {"argument": "out"}
    batch = f.FanoronaBatchEnv(4, seed=0)
    batch.reset()
    e = refusal(f.IllegalActionError, lambda: batch.step(batch.random_actions()[:3]))
    assert e.code == "array_shape" and e.arguments == {"argument": "actions", "expected": "(4,)", "text": "(3,)"}
    e = refusal(f.FanoronaError, lambda: f.transform_observation(np.zeros((3, 4), np.float32), f.Symmetry.HALF_TURN))
    assert e.code == "unknown_observation_shape" and e.arguments == {"text": "(3, 4)"}


def test_actions_out_of_range_or_off_the_lines():
    e = refusal(f.IllegalActionError, lambda: StepEnv.action_to_step(5000))
    assert e.code == "action_out_of_range" and e.arguments == {"action": "5000", "limit": "1080"}
    e = refusal(f.IllegalActionError, lambda: StepEnv.transform_action(-1, f.Symmetry.HALF_TURN))
    assert e.code == "action_out_of_range" and e.arguments == {"action": "-1", "limit": "1080"}
    e = refusal(f.IllegalActionError, lambda: StepEnv.action_to_step(36))
    assert e.code == "action_off_lines" and e.arguments == {"action": "36", "direction": "north_east", "point": "b1"}
    assert str(e) == StepEnv().check(36)  # the environment's own refusal
    e = refusal(f.IllegalActionError, lambda: StepEnv.step_to_action(f.Step("a1", "c1")))
    assert e.code == "not_neighbors" and e.arguments == {"from": "a1", "to": "c1"}
    # An action above 2**63 - 1 in an unsigned array, refused as the batch refuses one out of range.
    batch = f.FanoronaBatchEnv(3, seed=0)
    batch.reset()
    actions = batch.random_actions().astype(np.uint64)
    actions[1] = 2 ** 64 - 1
    e = refusal(f.IllegalActionError, lambda: batch.step(actions))
    assert e.code == "action_out_of_range"
    assert e.arguments == {"action": str(2 ** 64 - 1), "limit": "1080", "game": "1"}
    assert str(e).startswith("game 1: action 18446744073709551615 is outside")


def test_a_finished_episode_refuses_a_random_action_with_its_reason():
    env = StepEnv(1, "9/9/9/9/W7B W")
    env.play_turn("a1-b1")
    e = refusal(f.GameOverError, env.random_action)
    assert e.code == "episode_truncated" and e.arguments == {"count": "1"}


def test_saved_states_that_are_not_one():
    turn = f.Turn.__new__(f.Turn)
    e = refusal(f.NotationError, lambda: turn.__setstate__(("e2-e3A", 0)))
    assert e.code == "bad_saved_state" and e.arguments == {"object": "Turn"}
    batch = BatchEnv.__new__(BatchEnv)
    state = BatchEnv(2).__getstate__()
    broken = (state[0], state[1], state[2], state[3][:1]) + tuple(state[4:])
    e = refusal(f.FanoronaError, lambda: batch.__setstate__(broken))
    assert e.code == "bad_saved_state" and e.arguments == {"object": "FanoronaBatchEnv"}


def test_a_result_no_game_ends_with():
    e = refusal(f.FanoronaError, lambda: f.GameResult(f.Outcome.DRAW, f.EndReason.NO_STONES))
    assert e.code == "impossible_result" and e.arguments == {"outcome": "draw", "reason": "no_stones"}


def test_the_environment_arguments_raised_from_python():
    e = refusal(f.FanoronaError, lambda: f.FanoronaEnv(render_mode="human"))
    assert e.code == "unknown_render_mode" and e.arguments == {"text": "human"}
    assert str(e) == "render_mode 'human' is not offered: the environments render 'ansi' (text)"
    e = refusal(f.FanoronaError, lambda: f.FanoronaEnv(board="4x4"))
    assert e.code == "unknown_board" and e.arguments == {"text": "4x4"}
    e = refusal(f.FanoronaError, lambda: f.classes("7x7"))
    assert e.code == "unknown_board" and e.arguments == {"text": "7x7"}
    env = f.FanoronaEnv(seed=1)
    env.reset()
    e = refusal(f.FanoronaError, lambda: env.observe("red"))
    assert e.code == "unknown_agent" and e.arguments == {"text": "red"}
    e = refusal(f.IllegalActionError, lambda: env.step(None))
    assert e.code == "agent_not_done" and e.arguments == {"color": "white"}
    assert str(e) == "White is still playing: None is only for an agent that is done"
    done = f.FanoronaEnv(max_turns=1, start="9/9/9/9/W7B W")
    done.reset()
    done.play_turn("a1-b1")
    e = refusal(f.GameOverError, lambda: done.step(0))
    assert e.code == "agent_done" and e.arguments == {"color": done.agent_selection}


def test_records_that_hold_no_game_or_several():
    e = refusal(f.RecordError, lambda: f.read_record(" {only a comment} "))
    assert e.code == "record_no_game" and e.arguments == {}
    e = refusal(f.RecordError, lambda: f.read_record("* *"))
    assert e.code == "record_several_games" and e.arguments == {}
