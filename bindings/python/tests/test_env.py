"""The environments: action encoding, masks from the turn builder, observations, rewards,
termination and truncation, bad actions, and the batch."""
import numpy as np
import pytest

import fanorona as f


@pytest.mark.parametrize("board,size", [("9x5", 1081), ("5x5", 601), ("3x3", 217)])
def test_action_space_sizes(board, size):
    assert f.action_space_size(board) == size
    env = f.FanoronaEnv(board)
    obs, info = env.reset(seed=0)
    P = f.classes(board)["Position"]
    assert obs.shape == (7, P.height, P.width) and obs.dtype == np.float32
    assert info["action_mask"].shape == (size,) and info["action_mask"].dtype == bool


def test_mask_is_the_builders_legal_steps():
    env = f.FanoronaEnv()
    env.reset(seed=3)
    StepEnv = f.classes("9x5")["StepEnv"]
    for _ in range(300):
        mask = env.action_mask()
        b = env.builder
        expected = {StepEnv.step_to_action(s) for s in b.legal_steps()}
        if b.can_stop and not b.must_stop:
            expected.add(StepEnv.stop_action)
        assert set(np.flatnonzero(mask)) == expected == set(env.legal_actions())
        for a in list(expected)[:3]:
            if a != StepEnv.stop_action:
                assert StepEnv.step_to_action(env._env.action_to_step(a)) == a
        _, _, term, trunc, _ = env.step(env.sample_action())
        if term or trunc:
            env.reset()


def test_observation_planes():
    env = f.FanoronaEnv()
    obs, _ = env.reset()
    p = f.Position()
    own = np.zeros(45, np.float32)
    own[p.stones(f.Color.WHITE)] = 1
    assert (obs[0].ravel() == own).all() and obs[1].sum() == 22
    assert obs[2].sum() == 23 and obs[2][0, 0] == 1 and obs[2][0, 1] == 0  # strong points
    assert obs[3].sum() == obs[4].sum() == obs[5].sum() == 0 and (obs[6] == 1).all()
    black_view = env.observe("black")
    assert (black_view[0] == obs[1]).all() and (black_view[1] == obs[0]).all()
    with pytest.raises(ValueError):
        env.observe("red")


def test_chain_planes_and_stop():
    chain = "BBBBBB1BB/BBBBB1BBB/BWBWWBWBW/WWW1WWWWW/WWWWWWWWW B"
    env = f.FanoronaEnv(start=chain)
    env.reset()
    StepEnv = f.classes("9x5")["StepEnv"]
    s = f.Step("f3", "f4", f.Capture.WITHDRAWAL)
    trial = f.TurnBuilder(f.Position(chain))
    trial.play(s)
    assert not trial.must_stop  # the chain may go on, so "stop" is a choice
    mover = env.agent_selection
    env.step(StepEnv.step_to_action(s))
    assert env.agent_selection == mover  # the chain is still the same player's
    obs = env.observe()
    assert obs[3].ravel()[s.to_point] == 1
    assert obs[4].ravel()[s.from_point] == 1 and obs[4].ravel()[s.to_point] == 1 and obs[4].sum() == 2
    assert obs[5].sum() <= 1
    assert env.action_mask()[StepEnv.stop_action]
    _, reward, term, trunc, info = env.step(StepEnv.stop_action)
    assert env.agent_selection != mover and reward == 0.0 and len(env.game) == 1
    assert not env.action_mask()[StepEnv.stop_action]


def test_bad_actions():
    env = f.FanoronaEnv()
    env.reset()
    StepEnv = f.classes("9x5")["StepEnv"]
    with pytest.raises(f.IllegalActionError, match="outside the action space"):
        env.step(1081)
    with pytest.raises(f.IllegalActionError, match="outside the action space"):
        env.step(-1)
    with pytest.raises(f.IllegalActionError, match="stop is not legal"):
        env.step(StepEnv.stop_action)
    with pytest.raises(f.IllegalActionError, match="along no line"):
        env.step((0 * 8 + 1) * 3)  # a1 westwards
    with pytest.raises(f.IllegalActionError, match="capture is compulsory"):
        env.step(StepEnv.step_to_action(f.Step("e2", "e3")))
    with pytest.raises(f.IllegalActionError):
        env.step(1.5)
    with pytest.raises(f.IllegalActionError):
        env.step(True)
    with pytest.raises(ValueError):
        env._env.action_to_step(5000)
    with pytest.raises(ValueError):
        StepEnv.step_to_action(f.Step("a1", "c1"))
    assert env.action_mask().sum() == 5  # nothing was played


def test_episode_rewards_and_game_over():
    env = f.FanoronaEnv(max_turns=0)
    env.reset(seed=11)
    total = 0
    while True:
        mover = env.agent_selection
        _, reward, term, trunc, info = env.step(env.sample_action())
        total += 1
        if term:
            break
        assert reward == 0.0 and not trunc
    result = info["result"]
    assert result.is_over
    if result.outcome == f.Outcome.DRAW:
        assert reward == 0.0
    else:
        assert reward == 1.0  # the side that moved last can only have won
        assert (result.outcome == f.Outcome.WHITE_WINS) == (mover == "white")
        _, last_reward, last_term, _, _ = env.last()
        assert last_reward == -1.0 and last_term  # the loser's view
        assert env.rewards[mover] == 1.0
    assert not env.action_mask().any() and env.legal_actions() == []
    with pytest.raises(f.GameOverError, match="the game is over"):
        env.step(0)
    with pytest.raises(f.GameOverError):
        env.sample_action()
    env.reset()
    assert env.action_mask().sum() == 5 and len(env.game) == 0


def test_truncation():
    env = f.FanoronaEnv(board="3x3", max_turns=2)
    env.reset(seed=1)
    turns = 0
    while True:
        _, _, term, trunc, info = env.step(env.sample_action())
        if term or trunc:
            break
    assert trunc or term
    if trunc:
        assert len(env.game) == 2 and env.truncations["white"]
        with pytest.raises(f.GameOverError, match="truncated"):
            env.step(0)
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
            a = env.sample_action()
            actions.append(a)
            _, _, t, tr, _ = env.step(a)
            if t or tr:
                env.reset()
        return actions

    assert run(5) == run(5) and run(5) != run(6)


def test_render():
    env = f.FanoronaEnv(render_mode="svg")
    env.reset()
    assert env.render().startswith("<svg")
    assert f.FanoronaEnv(render_mode="ansi").render().endswith(" W")


def test_batch_matches_single_games_and_resets():
    batch = f.FanoronaBatchEnv(16, max_turns=30, seed=2)
    obs, info = batch.reset()
    assert obs.shape == (16, 7, 5, 9) and info["action_mask"].shape == (16, 1081)
    assert (info["action_mask"].sum(axis=1) == 5).all() and (info["to_move"] == 0).all()
    finished = 0
    for _ in range(800):
        masks = batch.action_masks()
        actions = batch.random_actions()
        assert masks[np.arange(16), actions].all()
        obs, rewards, term, trunc, info = batch.step(actions)
        finished += int(term.sum() + trunc.sum())
        assert set(np.unique(rewards)) <= {-1.0, 0.0, 1.0}
        assert ((rewards != 0) <= term).all()
        index, final = info["final_observation"]
        assert list(index) == list(np.flatnonzero(term | trunc)) and final.shape == (len(index), 7, 5, 9)
        for j, i in enumerate(index):
            assert len(batch.game(i)) == 0  # started again at once
            assert final[j, 0].sum() + final[j, 1].sum() < 44  # the last position, not the new game's
            assert (obs[i, 0].sum(), obs[i, 1].sum()) == (22, 22)
    assert finished > 0
    r, te, tr = batch.step(batch.random_actions(), observe=False)
    assert r.shape == (16,)


def test_batch_bad_actions_play_nothing():
    batch = f.FanoronaBatchEnv(4, seed=0)
    batch.reset()
    good = batch.random_actions()
    bad = good.copy()
    bad[2] = 5000
    with pytest.raises(f.IllegalActionError, match="game 2: action 5000 is outside"):
        batch.step(bad)
    assert all(len(batch.game(i)) == 0 for i in range(4)) and (batch.action_masks().sum(axis=1) == 5).all()
    with pytest.raises(f.IllegalActionError, match="expected 4 actions"):
        batch.step(good[:3])
    with pytest.raises(f.IllegalActionError):
        batch.step(np.zeros((2, 2), np.int64))
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
            batch.step(batch.random_actions(), observe=False)

    keeps_python_running(run)
