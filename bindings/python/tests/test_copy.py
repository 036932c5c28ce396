"""copy, deepcopy and pickle for every value type and both environments, and equality."""
import copy
import pickle

import numpy as np
import pytest

import fanorona as f


def values():
    game = f.Game()
    for text in ["d3-e3A", "c3-d3A"]:
        game.play(text)
    builder = game.begin_turn()
    builder.play(builder.legal_steps()[0])
    record = f.GameRecord(game)
    record.set_tag("Event", "Copy test")
    record.add_comment(1, "a reply")
    searched = f.Searcher(level=2, seed=5).search(game, depth=2)
    return {
        "Step": f.Step("d3", "e3", f.Capture.APPROACH),
        "Turn": game.turns[1],
        "Position": game.position,
        "TurnBuilder": builder,
        "Game": game,
        "GameRecord": record,
        "GameResult": f.GameResult(f.Outcome.WHITE_WINS, f.EndReason.NO_STONES),
        "Turn5x5": f.Game5x5().legal_turns()[0],
        "Game3x3": f.Game3x3(),
        "SearchResult": searched,
    }


@pytest.mark.parametrize("name", list(values()))
@pytest.mark.parametrize("how", ["copy", "deepcopy", "pickle"])
def test_value_types_copy_and_pickle(name, how):
    value = values()[name]
    twin = {"copy": copy.copy, "deepcopy": copy.deepcopy,
            "pickle": lambda v: pickle.loads(pickle.dumps(v, protocol=pickle.HIGHEST_PROTOCOL))}[how](value)
    assert type(twin) is type(value)
    if name == "SearchResult":
        assert (twin.best, twin.score, twin.depth, twin.pv, twin.nodes) == (value.best, value.score, value.depth, value.pv, value.nodes)
    else:
        assert twin == value and repr(twin) == repr(value)


def test_copies_are_independent():
    game = values()["Game"]
    twin = copy.copy(game)
    twin.play(twin.legal_turns()[0])
    assert len(twin) == len(game) + 1
    builder = values()["TurnBuilder"]
    other = pickle.loads(pickle.dumps(builder))
    other.pop()
    assert len(other) == len(builder) - 1


def test_a_rebuilt_turn_plays_where_it_was_made():
    game = f.Game()
    game.play("d3-e3A")
    turn = game.legal_turns()[3]
    again = pickle.loads(pickle.dumps(turn))
    assert again == turn and again.captured == turn.captured and hash(again) == hash(turn)
    game.play(again)
    assert game.peek() == turn


def test_equality_where_it_means_something():
    assert f.Game() == f.Game() and f.Game() != f.Game("9/9/9/9/W7B W")
    assert f.TurnBuilder() == f.TurnBuilder() and f.Position() == f.Position()
    assert f.GameResult() == f.GameResult(f.Outcome.ONGOING) and f.GameResult() != "the game goes on"
    assert f.Step(1, 2) != f.Step(1, 2, f.Capture.APPROACH) and f.Step(1, 2) != (1, 2)
    with pytest.raises(ValueError, match="no game ends"):
        f.GameResult(f.Outcome.DRAW, f.EndReason.NO_STONES)


def test_searcher_copies_are_the_same_player():
    s = f.Searcher(level=3, seed=9)
    for twin in (copy.copy(s), copy.deepcopy(s), pickle.loads(pickle.dumps(s))):
        assert (twin.level, twin.seed) == (3, 9)
        assert twin.choose(f.Game()).best == f.Searcher(level=3, seed=9).choose(f.Game()).best


def play_some(env, n):
    for _ in range(n):
        agent = env.agent_selection
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else env.sample_action())
        if not env.agents:
            env.reset()


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e)), lambda e: e.clone()])
def test_the_environment_clones_for_tree_search(how):
    env = f.FanoronaEnv(seed=4)
    env.reset(seed=4)
    play_some(env, 37)
    twin = how(env)
    assert twin.game == env.game and twin.turn_builder == env.turn_builder
    assert twin.agent_selection == env.agent_selection and twin.rewards == env.rewards
    assert (twin.observe(twin.agent_selection)["observation"] == env.observe(env.agent_selection)["observation"]).all()
    # The same stream: both go on alike; stepping the twin leaves the original alone.
    before = env.game
    play_some(twin, 25)
    assert env.game == before
    play_some(env, 25)
    assert env.game == twin.game


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e))])
def test_the_batch_copies_whole(how):
    batch = f.FanoronaBatchEnv(5, board="5x5", seed=8)
    batch.reset()
    for _ in range(40):
        batch.step(batch.random_actions())
    twin = how(batch)
    assert twin.episodes() == batch.episodes()
    assert (twin.observations == batch.observations).all() and (twin.action_masks == batch.action_masks).all()
    for i in range(5):
        assert twin.game(i) == batch.game(i) and twin.finished_game(i) == batch.finished_game(i)
    saved = batch.observations.copy()
    twin.step(twin.random_actions())
    assert (batch.observations == saved).all()
    batch.step(batch.random_actions())
    assert (batch.observations == twin.observations).all()
    assert np.array_equal(batch.episodes(), twin.episodes())
