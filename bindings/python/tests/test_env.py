"""The environments: action encoding, masks from the turn builder, observations, rewards,
termination and truncation, bad input, seeds, symmetries, rendering, and the batch."""
import tracemalloc

import numpy as np
import pytest

import fanorona as f

StepEnv = f.classes("9x5")["StepEnv"]


@pytest.mark.parametrize("board,size,shape", [("9x5", 1081, (9, 5, 9)), ("5x5", 601, (9, 5, 5)), ("3x3", 217, (9, 3, 3))])
def test_action_and_observation_spaces(board, size, shape):
    assert f.action_space_size(board) == size
    env = f.FanoronaEnv(board)
    env.reset(seed=0)
    obs = env.observe(env.agent_selection)
    assert obs["observation"].shape == shape and obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (size,) and obs["action_mask"].dtype == np.int8
    assert env.action_space("white").n == size and env.observation_space("black")["observation"].shape == shape


def test_mask_is_the_builders_legal_steps():
    env = f.FanoronaEnv(seed=3)
    env.reset(seed=3)
    for _ in range(300):
        b = env.turn_builder
        expected = {StepEnv.step_to_action(s) for s in b.legal_steps()}
        if b.can_stop() and not b.must_stop():
            expected.add(StepEnv.stop_action)
        assert set(np.flatnonzero(env.action_mask())) == expected == set(env.legal_actions())
        for a in sorted(expected)[:3]:
            if a != StepEnv.stop_action:
                assert StepEnv.step_to_action(StepEnv.action_to_step(a)) == a
        env.step(env.sample_action())
        if not env.agents or any(env.terminations.values()) or any(env.truncations.values()):
            env.reset()


def test_observation_planes():
    env = f.FanoronaEnv()
    env.reset()
    obs = env.observe("white")["observation"]
    p = f.Position()
    own = np.zeros(45, np.float32)
    own[p.stones(f.Color.WHITE)] = 1
    assert (obs[0].ravel() == own).all() and obs[1].sum() == 22
    assert obs[2].sum() == 23 and obs[2][0, 0] == 1 and obs[2][0, 1] == 0  # strong points
    assert obs[3].sum() == obs[4].sum() == obs[5].sum() == 0 and (obs[6] == 1).all()
    assert obs[7].sum() == 0 and obs[8].sum() == 0  # no repetition, no turn played
    black_view = env.observe("black")
    assert (black_view["observation"][0] == obs[1]).all() and not black_view["action_mask"].any()
    with pytest.raises(ValueError):
        env.observe("red")


def test_repetition_and_turn_clock_planes():
    env = f.FanoronaEnv(max_turns=10, start="9/9/9/9/W7B W")
    env.reset()
    for text in ["a1-b1", "i1-h1", "b1-a1", "h1-i1"]:
        env.play_turn(text)
    obs = env.observe(env.agent_selection)["observation"]
    assert (obs[7] == 0.5).all() and (obs[8] == 0.4).all()


def test_chain_planes_and_stop():
    chain = "BBBBBB1BB/BBBBB1BBB/BWBWWBWBW/WWW1WWWWW/WWWWWWWWW B"
    env = f.FanoronaEnv(start=chain)
    env.reset()
    s = f.Step("f3", "f4", f.Capture.WITHDRAWAL)
    mover = env.agent_selection
    env.step(StepEnv.step_to_action(s))
    assert env.agent_selection == mover  # the chain is still the same player's
    obs = env.observe(mover)["observation"]
    assert obs[3].ravel()[s.to_point] == 1
    assert obs[4].ravel()[s.from_point] == 1 and obs[4].ravel()[s.to_point] == 1 and obs[4].sum() == 2
    assert obs[5].sum() == 1
    assert env.action_mask()[StepEnv.stop_action]
    env.step(StepEnv.stop_action)
    assert env.agent_selection != mover and env.rewards == {"white": 0.0, "black": 0.0} and len(env.game) == 1
    assert not env.action_mask()[StepEnv.stop_action]


def test_bad_actions_say_why_and_play_nothing():
    env = f.FanoronaEnv()
    env.reset()
    for action, message in [(1081, "outside the action space"), (-1, "outside the action space"),
                            (2 ** 70, "outside the action space"), (StepEnv.stop_action, "stop is not legal"),
                            ((0 * 8 + 1) * 3, "along no line"),
                            (StepEnv.step_to_action(f.Step("e2", "e3")), "capture is compulsory")]:
        with pytest.raises(f.IllegalActionError, match=message):
            env.step(action)
    with pytest.raises(f.IllegalActionError) as refused:
        env.step(1081)
    assert refused.value.code == "action_out_of_range" and refused.value.arguments == {"action": "1081", "limit": "1080"}
    with pytest.raises(f.IllegalActionError) as refused:
        env.step(36)
    assert refused.value.code == "action_off_lines" and refused.value.arguments["direction"] == "north_east"
    with pytest.raises(f.IllegalActionError) as refused:
        env.step(318)
    assert refused.value.arguments["action"] == "318" and str(refused.value).startswith("action 318: capture is compulsory")
    for action, kind in [(1.5, "float"), (301.0, "float"), ("301", "str"), (True, "bool"), (np.float64(3), "numpy.float64"),
                         (np.bool_(True), "numpy.bool_")]:
        with pytest.raises(TypeError, match=f"an action is an int, not {kind}"):
            env.step(action)
    with pytest.raises(f.IllegalActionError):
        env.step(None)
    with pytest.raises(ValueError):
        StepEnv.action_to_step(5000)
    with pytest.raises(ValueError):
        StepEnv.step_to_action(f.Step("a1", "c1"))
    assert env.action_mask().sum() == 5 and len(env.game) == 0  # nothing was played
    env.step(np.int16(env.legal_actions()[0]))  # numpy integers are actions


def test_seeds_are_checked():
    for seed, error in [(-1, ValueError), (2 ** 64, ValueError), (1.0, TypeError), ("7", TypeError), (True, TypeError)]:
        with pytest.raises(error):
            f.FanoronaEnv(seed=seed)
        with pytest.raises(error):
            f.FanoronaBatchEnv(2, seed=seed)
        env = f.FanoronaEnv()
        with pytest.raises(error):
            env.reset(seed=seed)
    with pytest.raises(ValueError, match="render_mode 'human' is not offered"):
        f.FanoronaEnv(render_mode="human")
    f.FanoronaEnv(seed=2 ** 64 - 1).reset(seed=np.uint64(2 ** 64 - 1))


def test_episode_rewards_and_game_over():
    env = f.FanoronaEnv(max_turns=0)
    env.reset(seed=11)
    while not env.terminations["white"]:
        mover = env.agent_selection
        env.step(env.sample_action())
    result = env.infos[mover]["result"]
    assert result.is_over() and result.outcome != f.Outcome.ONGOING
    if result.outcome != f.Outcome.DRAW:
        assert env.rewards[mover] == 1.0  # the side that moved last can only have won
        assert (result.outcome == f.Outcome.WHITE_WINS) == (mover == "white")
        assert env.last()[1] == -1.0  # the loser's view comes first
    assert not env.action_mask().any() and env.legal_actions() == []
    with pytest.raises(f.GameOverError):
        env.sample_action()
    env.reset()
    assert env.action_mask().sum() == 5 and len(env.game) == 0 and env.agents == ["white", "black"]


def test_truncation():
    env = f.FanoronaEnv(board="9x5", max_turns=2, start="9/9/9/9/W7B W")
    env.reset()
    env.play_turn("a1-b1")
    env.play_turn("i1-h1")
    assert env.truncations == {"white": True, "black": True} and env.terminations == {"white": False, "black": False}
    with pytest.raises(f.GameOverError, match="its only action is None"):
        env.step(0)
    core = StepEnv(2, "9/9/9/9/W7B W")
    core.play_turn("a1-b1")
    core.play_turn("i1-h1")
    assert core.is_truncated() and core.check(0) == "the game was truncated after 2 turns: reset it"
    with pytest.raises(f.GameOverError) as refused:
        core.step(0)
    assert refused.value.code == "episode_truncated" and refused.value.arguments == {"count": "2"}
    with pytest.raises(ValueError):
        f.FanoronaEnv(max_turns=-1)
    with pytest.raises(ValueError):
        f.FanoronaEnv(board="4x4")
    with pytest.raises(f.FenError):
        f.FanoronaEnv(start="nonsense")


def test_seeded_random_play_is_reproducible():
    def run(seed):
        env = f.FanoronaEnv()
        env.reset(seed=seed)
        actions = []
        for _ in range(200):
            if not env.agents or env.terminations[env.agent_selection] or env.truncations[env.agent_selection]:
                env.reset()
            actions.append(env.sample_action())
            env.step(actions[-1])
        return actions

    assert run(5) == run(5) and run(5) != run(6)


def test_render_ansi_draws_the_board():
    env = f.FanoronaEnv(render_mode="ansi")
    env.reset()
    text = env.render()
    assert text.splitlines()[0] == "5 B-B-B-B-B-B-B-B-B" and "turn 1: white to act" in text
    assert f.FanoronaEnv().render() is None


def test_symmetry_helpers_map_to_the_image_position():
    env = f.FanoronaEnv(seed=1)
    env.reset(seed=1)
    for _ in range(30):
        env.step(env.sample_action())
        if not env.agents or env.terminations[env.agent_selection]:
            break
        if len(env.turn_builder):
            continue
        for sym in f.Symmetry.__members__.values():
            image = f.FanoronaEnv(start=env.game.position.transform(sym))
            image.reset()
            here = env.observe(env.agent_selection)
            there = image.observe(image.agent_selection)
            obs = f.transform_observation(here["observation"], sym)
            assert np.array_equal(obs[:8], there["observation"][:8])  # the clock differs: the image starts afresh
            assert np.array_equal(f.transform_action_mask(here["action_mask"], sym), there["action_mask"])
            batch = f.transform_action_mask(np.stack([here["action_mask"]] * 3), sym)
            assert batch.shape == (3, 1081) and (batch == there["action_mask"]).all()
            assert f.transform_action(f.transform_action(5, sym), sym) == 5


def test_batch_matches_single_games_and_keeps_finished_ones():
    batch = f.FanoronaBatchEnv(16, max_turns=30, seed=2)
    obs, info = batch.reset()
    assert obs.shape == (16, 9, 5, 9) and info["action_mask"].shape == (16, 1081)
    assert (info["action_mask"].sum(axis=1) == 5).all() and (info["to_move"] == 0).all()
    finished = 0
    for _ in range(800):
        masks = batch.action_masks.copy()
        actions = batch.random_actions()
        assert masks[np.arange(16), actions].all()
        obs, rewards, term, trunc, info = batch.step(actions)
        done = term | trunc
        finished += int(done.sum())
        assert set(np.unique(rewards)) <= {-1.0, 0.0, 1.0} and ((rewards != 0) <= term).all()
        for i in np.flatnonzero(done):
            assert len(batch.game(i)) == 0  # started again at once
            kept = batch.finished_game(i)
            assert batch.finished_truncated(i) == bool(trunc[i]) and len(kept) > 0
            assert info["final_outcome"][i] == int(kept.result().outcome)
            assert term[i] == kept.is_over() and (not trunc[i] or len(kept) == 30)
            final = info["final_observation"][i]
            assert final[0].sum() + final[1].sum() < 44  # the last position, not the new game's
            assert (obs[i, 0].sum(), obs[i, 1].sum()) == (22, 22)
            record = batch.finished_record(i)
            assert record.turns == kept.turns
    assert finished > 0 and sum(batch.episodes()) == finished
    r, te, tr = batch.step_without_observations(batch.random_actions())
    assert r.shape == (16,)


def test_batch_steps_without_allocating_arrays():
    batch = f.FanoronaBatchEnv(256, seed=1)
    obs, info = batch.reset()
    arrays = (obs, info["action_mask"], info["final_observation"])
    batch.step(batch.random_actions())
    tracemalloc.start()
    for _ in range(50):
        out = batch.step(batch.random_actions())
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    # One step's observations alone are 256 * 405 floats = 414,720 bytes.
    assert peak < 20000, peak
    assert out[0] is arrays[0] and out[4]["action_mask"] is arrays[1] and out[4]["final_observation"] is arrays[2]
    with pytest.raises(ValueError):
        out[0][0, 0, 0, 0] = 5.0  # the batch's arrays are read-only
    fresh = f.FanoronaBatchEnv(4, seed=1, copy=True)
    a, _ = fresh.reset()
    b, *_ = fresh.step(fresh.random_actions())
    assert a is not b and a.flags.writeable


def actions_of(batch, steps=20):
    out = []
    for _ in range(steps):
        out.append(batch.random_actions().tolist())
        batch.step(out[-1])
    return out


def test_batch_seeds():
    def run(batch, seed):
        batch.reset(seed=seed)
        return actions_of(batch)

    one = f.FanoronaBatchEnv(8)
    assert run(one, 3) == run(one, 3) == run(f.FanoronaBatchEnv(8, seed=99), 3) != run(one, 4)
    a, b = actions_of(f.FanoronaBatchEnv(8)), actions_of(f.FanoronaBatchEnv(8))
    assert a != b  # unseeded batches play different games
    rows = np.array(a)
    assert any((rows[:, i] != rows[:, 0]).any() for i in range(1, 8))  # and so do a batch's games


def test_batch_bad_actions_play_nothing():
    batch = f.FanoronaBatchEnv(4, seed=0)
    batch.reset()
    good = batch.random_actions().copy()
    bad = good.copy()
    bad[2] = 5000
    with pytest.raises(f.IllegalActionError, match="game 2: action 5000 is outside") as refused:
        batch.step(bad)
    assert refused.value.code == "action_out_of_range" and refused.value.arguments["game"] == "2"
    assert all(len(batch.game(i)) == 0 for i in range(4)) and (batch.action_masks.sum(axis=1) == 5).all()
    with pytest.raises(f.IllegalActionError, match=r"actions must have the shape \(4,\), not \(3,\)"):
        batch.step(good[:3])
    with pytest.raises(f.IllegalActionError):
        batch.step(np.zeros((2, 2), np.int64))
    for wrong in [good.astype(np.float64), [301.9, 301, 301, 301], ["301"] * 4, good.astype(bool)]:
        with pytest.raises(TypeError, match="actions are integers"):
            batch.step(wrong)
    batch.step(good.astype(np.int16).tolist())
    with pytest.raises(ValueError):
        batch.game(4)
    with pytest.raises(ValueError):
        f.FanoronaBatchEnv(0)
    with pytest.raises(ValueError):
        f.FanoronaBatchEnv(2, max_turns=-3)


def test_batch_releases_the_gil(keeps_python_running):
    batch = f.FanoronaBatchEnv(1024, seed=1)

    def run():
        for _ in range(200):
            batch.step_without_observations(batch.random_actions())

    keeps_python_running(run)
