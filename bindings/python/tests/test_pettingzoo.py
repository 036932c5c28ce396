"""PettingZoo's AEC conformance. Where pettingzoo is installed, its own api_test and
seed_test run; everywhere, this file replays the checks that api_test makes (the interface,
the spaces, the books kept through whole games, rewards adding up, agents leaving once done)."""
import random
import warnings

import numpy as np
import pytest

import fanorona as f
from fanorona import spaces

BOARDS = ["9x5", "5x5", "3x3"]


@pytest.mark.parametrize("board", BOARDS)
def test_pettingzoo_api_test_when_installed(board):
    test = pytest.importorskip("pettingzoo.test")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        test.api_test(f.FanoronaEnv(board, max_turns=60), num_cycles=200)
        test.seed_test(lambda: f.FanoronaEnv(board, max_turns=60), num_cycles=50)


def check_spaces(env):
    for agent in env.agents:
        obs_space, act_space = env.observation_space(agent), env.action_space(agent)
        assert isinstance(obs_space, spaces.Space) and isinstance(act_space, spaces.Space)
        assert env.observation_space(agent) is obs_space and env.action_space(agent) is act_space  # the same object
        assert isinstance(act_space, spaces.Discrete) and act_space.n == env.action_spaces[agent].n
        assert isinstance(obs_space, spaces.Dict) and set(obs_space.keys()) == {"observation", "action_mask"}
        box = obs_space["observation"]
        assert box.dtype == np.float32 and box.low.shape == box.shape == box.high.shape
        assert not np.any(box.low > box.high) and np.all(np.isfinite(box.low)) and np.all(np.isfinite(box.high))
        assert obs_space["action_mask"].shape == (act_space.n,) and obs_space["action_mask"].dtype == np.int8
        assert obs_space == env.observation_space(env.possible_agents[0])


def check_observation(obs, space):
    assert space.contains(obs), "the observation is outside its space"
    planes, mask = obs["observation"], obs["action_mask"]
    assert isinstance(planes, np.ndarray) and planes.dtype == space["observation"].dtype
    assert not np.isnan(planes).any() and not np.isinf(planes).any() and planes.ndim == 3
    assert not np.array_equal(planes, np.zeros(planes.shape))
    assert isinstance(mask, np.ndarray) and mask.ndim == 1 and np.array_equal(mask, mask.astype(bool))


def play_cycles(env, cycles, rng):
    """api_test's play test: rewards from last() are the sums of the rewards dicts since the
    agent last acted, agents leave once done and never come back, the books' keys follow."""
    env.reset()
    live = set(env.agents)
    finished = set()
    owed = {a: 0.0 for a in env.agents}
    for agent in env.agent_iter(env.num_agents * cycles):
        assert agent not in finished, "an agent came back after it was done"
        assert isinstance(env.infos[agent], dict)
        obs, reward, terminated, truncated, info = env.last()
        assert isinstance(terminated, bool) and isinstance(truncated, bool)
        assert info == env.infos[agent] and terminated == env.terminations[agent] and truncated == env.truncations[agent]
        assert owed[agent] == reward, "last() must give the rewards accumulated since the agent acted"
        if terminated or truncated:
            action = None
            live.discard(agent)
            finished.add(agent)
        else:
            check_observation(obs, env.observation_space(agent))
            action = env.action_space(agent).sample(obs["action_mask"])
            assert obs["action_mask"][action] == 1
        owed[agent] = 0.0
        assert env.step(action) is None, "step() returns nothing"
        for a, r in env.rewards.items():
            owed[a] += r
            float(r)
        assert env.num_agents == len(env.agents) and live <= set(env.agents) <= set(env.possible_agents)
        for books in (env.rewards, env.terminations, env.truncations, env.infos):
            assert set(books) == set(env.agents)
        if not env.agents:
            assert finished == set(env.possible_agents), "an agent was skipped"
            return True
    return False


@pytest.mark.parametrize("board", BOARDS)
def test_the_checks_of_pettingzoos_api_test(board):
    env = f.FanoronaEnv(board, max_turns=60)
    env.reset(seed=0, options={})
    env.reset()
    assert not any(env.terminations.values()) and not any(env.truncations.values())
    assert isinstance(env.num_agents, int) and env.num_agents == 2 == env.max_num_agents
    first, *_ = env.last()
    assert env.last(observe=False)[0] is None
    check_observation(first, env.observation_space(env.agent_selection))
    check_spaces(env)
    rng = random.Random(1)
    games = sum(play_cycles(env, 500, rng) for _ in range(5))
    assert games == 5, "every game ends (by the rules or the turn limit) within 500 cycles"
    for books in (env.rewards, env.terminations, env.truncations, env.infos):
        assert isinstance(books, dict) and len(books) == len(env.agents)
    # An action may be a numpy integer, and reset(seed=0) makes the same first action legal.
    env.reset(seed=0)
    action = env.action_space(env.agent_selection).sample(env.last()[0]["action_mask"])
    env.step(action)
    env.reset(seed=0)
    env.step(np.int32(action))
    assert env.unwrapped is env
    assert type(env).render is not object.__dict__.get("render") and callable(env.close)


def test_a_finished_game_drains_through_step_none():
    env = f.FanoronaEnv("3x3", max_turns=0)
    env.reset(seed=2)
    while not any(env.terminations.values()):
        env.step(env.sample_action())
    result = env.game.result()
    winner = "white" if result.winner == f.Color.WHITE else "black"
    loser = "black" if winner == "white" else "white"
    assert env.rewards == {winner: 1.0, loser: -1.0}
    assert env.agent_selection == loser and env.last()[1] == -1.0
    with pytest.raises(f.GameOverError):
        env.step(0)
    env.step(None)
    assert env.agents == [winner] and env.last()[1] == 1.0 and env.infos[winner]["result"] == result
    env.step(None)
    assert env.agents == [] and list(env.agent_iter()) == []


def test_seeded_environments_repeat_and_unseeded_ones_differ():
    def game_of(env, seed=None):
        env.reset(seed=seed)
        while env.agents:
            obs, _, term, trunc, _ = env.last()
            env.step(None if term or trunc else env.action_space(env.agent_selection).sample(obs["action_mask"]))
        return [str(t) for t in env.game.turns]

    assert game_of(f.FanoronaEnv(), seed=5) == game_of(f.FanoronaEnv(), seed=5)
    runs = {tuple(game_of(f.FanoronaEnv())) for _ in range(4)}
    assert len(runs) == 4  # four unseeded environments, four different games


def test_spaces_where_gymnasium_is_missing_behave_like_gymnasiums():
    d = spaces.Discrete(5)
    d.seed(3)
    mask = np.array([0, 1, 0, 1, 0], np.int8)
    assert {int(d.sample(mask)) for _ in range(50)} == {1, 3}
    assert d.contains(4) and not d.contains(5) and not d.contains(1.0) and d == spaces.Discrete(5)
    box = spaces.Box(0.0, 1.0, (2, 3), np.float32)
    assert box.contains(np.zeros((2, 3), np.float32)) and not box.contains(np.full((2, 3), 2, np.float32))
    assert box.contains(box.sample()) and not box.contains(np.zeros((3, 2), np.float32))
    multi = spaces.MultiDiscrete([3, 4])
    assert multi.contains(multi.sample()) and not multi.contains([3, 0])
