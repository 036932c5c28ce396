"""Reinforcement-learning environments over the C++ environment core (fanorona/env.hpp).

``FanoronaEnv`` follows PettingZoo's AEC interface (it is a ``pettingzoo.AECEnv`` where
pettingzoo is installed); ``FanoronaBatchEnv`` steps many games at once, Gymnasium vector
style, into arrays it allocated once. Spaces come from gymnasium where it is installed
(``fanorona.spaces``). The rules, the action numbering, the masks and the observations all
come from the C++ core; this file keeps PettingZoo's books.

Actions are single steps: ``(from_point * 8 + direction) * 3 + capture`` (capture 0 none,
1 approach, 2 withdrawal), and the last action, ``size * 24``, is "stop": end a capture chain
that could go on. Sizes: 9x5 1081, 5x5 601, 3x3 217. Observations are float32 arrays
``[9, height, width]``: own stones, enemy stones, strong points, the moving stone, the points
it visited this turn, the point straight on from it, White to act (all ones), the repetition
count (0.5 when the position at the start of the turn occurred once before) and the turn
clock (turns / max_turns).
"""
import copy as _copy
import secrets

import numpy as np

from . import _fanorona as _core
from .spaces import Box, Dict, Discrete, MultiDiscrete

try:  # pragma: no cover - depends on what is installed
    from pettingzoo import AECEnv as _AECBase

    PETTINGZOO = True
except ImportError:
    _AECBase = object
    PETTINGZOO = False

AGENTS = ("white", "black")
BOARDS = ("9x5", "5x5", "3x3")


def _error(kind, code, **arguments):
    """An exception of the package raised from Python: the library's error ``code`` with its
    ``arguments``, its English message and the attributes the C++ ones carry."""
    return _core._error(kind, code, {name: str(value) for name, value in arguments.items()})


def _check_board(board):
    if board not in BOARDS:
        raise _error(_core.FanoronaError, "unknown_board", text=board)
    return board


def _check_render_mode(render_mode):
    if render_mode not in (None, "ansi"):
        raise _error(_core.FanoronaError, "unknown_render_mode", text=render_mode)
    return render_mode


def _fresh_seed():
    """A seed from the system's entropy: unseeded environments play different games."""
    return secrets.randbits(64)


def _core_class(kind, board):
    return getattr(_core, f"{kind}_{_check_board(board)}")


def action_space_size(board="9x5"):
    """Size of the action space of a board."""
    return _core_class("StepEnv", board).action_size


def _board_of_shape(shape):
    for board in BOARDS:
        if tuple(shape) == _core_class("StepEnv", board).observation_shape:
            return board
    raise _error(_core.FanoronaError, "unknown_observation_shape", text=tuple(shape))


def transform_observation(observation, symmetry):
    """The image of observations (..., 9, height, width) under a ``Symmetry``: a new array.
    Color-swapping symmetries invert the White-to-act plane; own and enemy stay the observer's."""
    observation = np.asarray(observation, dtype=np.float32)
    return _core_class("StepEnv", _board_of_shape(observation.shape[-3:])).transform_observation(observation, symmetry)


def transform_action_mask(mask, symmetry, board="9x5"):
    """The image of action masks (..., action_size) under a ``Symmetry``: a new array."""
    return _core_class("StepEnv", board).transform_action_mask(np.asarray(mask), symmetry)


def transform_action(action, symmetry, board="9x5"):
    """The image of an action under a ``Symmetry``."""
    return _core_class("StepEnv", board).transform_action(action, symmetry)


class FanoronaEnv(_AECBase):
    """One game, one action (one step of a turn) at a time, with PettingZoo's AEC interface.

    ``reset(seed=None, options=None)``; then for each ``agent in env.agent_iter()``:
    ``observation, reward, termination, truncation, info = env.last()`` and ``env.step(action)``
    (``None`` once that agent is done). ``observation`` is ``{"observation": float32 planes,
    "action_mask": int8 0/1}``; the same agent acts again while its capture chain goes on.
    Rewards: +1 to the winner and -1 to the loser when the game ends, 0 otherwise and for a
    draw. ``truncations`` after ``max_turns`` complete turns (0: no limit).
    """

    metadata = {"render_modes": ["ansi"], "name": "fanorona_v1", "is_parallelizable": False}

    def __init__(self, board="9x5", max_turns=200, start=None, render_mode=None, seed=None):
        self.board = _check_board(board)
        self.render_mode = _check_render_mode(render_mode)
        self._core = _core_class("StepEnv", board)(max_turns, start, _fresh_seed() if seed is None else seed)
        self._seeded = seed is not None
        self.possible_agents = list(AGENTS)
        size = self._core.action_size
        self.observation_spaces = {a: Dict({"observation": Box(0.0, 1.0, self._core.observation_shape, np.float32),
                                            "action_mask": Box(0, 1, (size,), np.int8)}) for a in AGENTS}
        self.action_spaces = {a: Discrete(size) for a in AGENTS}
        if seed is not None:
            self._seed_spaces(seed)
        self._start_books()

    # ---- the AEC interface ----
    def observation_space(self, agent):
        """The observation space of an agent (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent):
        """The action space of an agent: Discrete(action_size); sample it with the mask."""
        return self.action_spaces[agent]

    @property
    def num_agents(self):
        """Agents still in the episode."""
        return len(self.agents)

    @property
    def max_num_agents(self):
        """Two."""
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        """The environment itself (no wrappers)."""
        return self

    def reset(self, seed=None, options=None):
        """Starts a game. ``seed`` seeds ``sample_action`` and the spaces; ``options={"start":
        FEN or Position}`` starts from that position (kept for later resets)."""
        if seed is not None:
            self._core.seed(seed)
            self._seed_spaces(seed)
        start = (options or {}).get("start")
        self._core.reset(start)
        self._start_books()

    def observe(self, agent):
        """``{"observation", "action_mask"}`` from ``agent``'s side; the mask is all zeros for
        an agent that is not to act."""
        color = self._color(agent)
        mask = self._core.action_mask() if agent == self.agent_selection and not self._core.is_done() \
            else np.zeros(self._core.action_size, np.int8)
        return {"observation": self._core.observe(color), "action_mask": mask}

    def last(self, observe=True):
        """(observation, reward since the agent last acted, termination, truncation, info) of
        ``agent_selection``."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter=2 ** 63):
        """The agent to act, while any agent is left (at most ``max_iter`` times)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action):
        """Plays ``action`` for ``agent_selection``; ``None`` for an agent that is done, which
        then leaves ``agents``. An illegal action raises IllegalActionError and plays nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._dead_step(action)
        if action is None:
            raise _error(_core.IllegalActionError, "agent_not_done", color=agent)
        reward, terminated, truncated = self._core.step(action)
        other = self._other(agent)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {agent: float(reward), other: -float(reward)}
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        if terminated or truncated:
            self.terminations = {a: bool(terminated) for a in self.agents}
            self.truncations = {a: bool(truncated) for a in self.agents}
            final = {"result": self._core.game.result(), "turns": self._core.turns}
            self.infos = {a: dict(final) for a in self.agents}
            self.agent_selection = other  # the done agents step None, the other side first
        else:
            self.agent_selection = self._agent_of(self._core.to_move)

    def render(self):
        """'ansi': the board as text (the position during the turn), whose action it is and
        the turn in progress. None without a render mode."""
        if self.render_mode is None:
            return None
        builder = self._core.turn_builder
        lines = [str(builder.position if len(builder) else builder.start).rsplit("\n", 1)[0]]
        status = "the episode has ended" if self._core.is_done() else f"{self.agent_selection} to act"
        progress = f", turn in progress {builder.turn}" if len(builder) else ""
        lines.append(f"turn {self._core.turns + 1}: {status}{progress}")
        return "\n".join(lines)

    def close(self):
        """Nothing to release."""

    def __str__(self):
        return self.metadata["name"]

    # ---- Fanorona's own ----
    @property
    def game(self):
        """A copy of the game so far (complete turns)."""
        return self._core.game

    @property
    def turn_builder(self):
        """A copy of the turn in progress."""
        return self._core.turn_builder

    def action_mask(self):
        """The legal actions now, int8 0/1 (all 0 once the episode has ended)."""
        return self._core.action_mask()

    def legal_actions(self):
        """The legal actions now, in increasing order."""
        return self._core.legal_actions()

    def sample_action(self):
        """A uniformly random legal action, from the environment's seeded stream."""
        return self._core.random_action()

    def play_turn(self, turn):
        """Plays a whole turn (a Turn or its text) for ``agent_selection``, at the start of its turn."""
        agent = self.agent_selection
        for action in self._turn_actions(turn):
            if self.agent_selection != agent or self.terminations[agent] or self.truncations[agent]:
                break
            self.step(action)

    def clone(self):
        """An independent copy, for search over the environment (the same as copy.deepcopy)."""
        return _copy.deepcopy(self)

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        out = self.__class__.__new__(self.__class__)
        memo[id(self)] = out
        for k, v in self.__dict__.items():
            setattr(out, k, _copy.deepcopy(v, memo))
        return out

    # ---- books ----
    def _start_books(self):
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self.agent_selection = self._agent_of(self._core.to_move)

    def _dead_step(self, action):
        if action is not None:
            raise _error(_core.GameOverError, "agent_done", color=self.agent_selection)
        agent = self.agent_selection
        self.agents.remove(agent)
        for books in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
            del books[agent]
        self.rewards = {a: 0.0 for a in self.agents}
        if self.agents:
            self.agent_selection = self.agents[0]

    def _seed_spaces(self, seed):
        for i, a in enumerate(AGENTS):
            self.action_spaces[a].seed(int(seed) + i)
            self.observation_spaces[a].seed(int(seed) + i)

    def _turn_actions(self, turn):
        cls = _core_class("StepEnv", self.board)
        start = self._core.game.position
        turn = start.parse_turn(turn) if isinstance(turn, str) else turn
        actions = [cls.step_to_action(s) for s in turn.steps]
        builder = self._core.turn_builder
        for s in turn.steps:
            builder.play(s)
        if not builder.must_stop():
            actions.append(cls.stop_action)
        return actions

    @staticmethod
    def _agent_of(color):
        return "white" if color == _core.Color.WHITE else "black"

    @staticmethod
    def _other(agent):
        return "black" if agent == "white" else "white"

    def _color(self, agent):
        if agent not in AGENTS:
            raise _error(_core.FanoronaError, "unknown_agent", text=agent)
        return _core.Color.WHITE if agent == "white" else _core.Color.BLACK


class FanoronaBatchEnv:
    """Many games stepped at once in C++ (the GIL released), Gymnasium vector style.

    ``reset(seed=None)`` returns ``(observations, info)``; ``step(actions)`` plays one action
    in every game and returns ``(observations, rewards, terminated, truncated, info)``, rewards
    those of the sides that acted. A game that ends starts again at once: its row of the next
    observations is the new game's, ``info["final_observation"]`` holds its last observation
    (rows valid where terminated or truncated), ``info["final_outcome"]`` its Outcome's value,
    and ``finished_game(i)`` / ``finished_record(i)`` the game itself.

    The arrays returned are the batch's own, allocated once, read-only, and rewritten by the
    next step: stepping allocates no arrays. Copy what you keep (``obs.copy()``, or
    ``buffer[t] = obs``), or make the batch with ``copy=True`` to get fresh arrays every step.
    """

    metadata = {"render_modes": ["ansi"], "autoreset_mode": "same-step"}

    def __init__(self, num_envs, board="9x5", max_turns=200, seed=None, start=None, render_mode=None, copy=False):
        self.board = _check_board(board)
        self.render_mode = _check_render_mode(render_mode)
        self._batch = _core_class("BatchEnv", board)(num_envs, max_turns, _fresh_seed() if seed is None else seed, start)
        self.num_envs = self._batch.num_envs
        self.copy = bool(copy)
        step_env = _core_class("StepEnv", board)
        self.action_size = step_env.action_size
        self.single_observation_space = Box(0.0, 1.0, step_env.observation_shape, np.float32)
        self.single_action_space = Discrete(self.action_size)
        self.observation_space = Box(0.0, 1.0, (self.num_envs,) + step_env.observation_shape, np.float32)
        self.action_space = MultiDiscrete([self.action_size] * self.num_envs)
        self._take_arrays()

    def _take_arrays(self):
        # The batch's arrays keep their identity for its whole life: fetched once, a step
        # costs no attribute lookups in C++.
        b = self._batch
        self._arrays = (b.observations, b.rewards, b.terminated, b.truncated, b.action_masks, b.to_move,
                        b.final_observations, b.final_outcomes)

    def __getstate__(self):
        state = dict(self.__dict__)
        del state["_arrays"]
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._take_arrays()

    def reset(self, seed=None, options=None):
        """Starts every game again; ``seed`` restarts their random streams. Returns (observations, info)."""
        self._batch.reset(seed)
        arrays = self._outs()
        return arrays[0], self._info(arrays)

    def step(self, actions):
        """One action per game (an integer array); floats, bools and strings are refused, and
        when any action is illegal nothing is played (IllegalActionError names the game)."""
        self._batch.step(actions)
        arrays = self._outs()
        return arrays[0], arrays[1], arrays[2], arrays[3], self._info(arrays)

    def step_without_observations(self, actions):
        """Plays like ``step`` but writes no observations or masks: (rewards, terminated, truncated)."""
        self._batch.step(actions, observe=False)
        arrays = self._outs()
        return arrays[1], arrays[2], arrays[3]

    @staticmethod
    def _info(arrays):
        return {"action_mask": arrays[4], "to_move": arrays[5], "final_observation": arrays[6], "final_outcome": arrays[7]}

    def _outs(self):
        return tuple(a.copy() for a in self._arrays) if self.copy else self._arrays

    def _out(self, array):
        return array.copy() if self.copy else array

    @property
    def observations(self):
        """Each game's observation for its side to act: [num_envs, 9, height, width]."""
        return self._out(self._arrays[0])

    @property
    def action_masks(self):
        """Each game's legal actions, int8 0/1: [num_envs, action_size]."""
        return self._out(self._arrays[4])

    def random_actions(self):
        """A uniformly random legal action for every game, drawn in C++ from each game's stream."""
        return self._out(self._batch.random_actions())

    def game(self, index):
        """A copy of game ``index`` as it stands."""
        return self._batch.game(index)

    def finished_game(self, index):
        """A copy of the game that game ``index`` finished last."""
        return self._batch.finished_game(index)

    def finished_truncated(self, index):
        """True when the game that game ``index`` finished last was truncated by the turn limit."""
        return self._batch.finished_truncated(index)

    def finished_record(self, index):
        """The game that game ``index`` finished last as a GameRecord (UNFINISHED when truncated)."""
        record = _core_class("GameRecord", self.board)(self._batch.finished_game(index))
        if self._batch.finished_truncated(index):
            record.set_result(_core.Outcome.ONGOING, _core.Termination.UNFINISHED)
        return record

    def episodes(self):
        """How many games each game of the batch has finished."""
        return self._batch.episodes()

    def render(self):
        """'ansi': each game's board as text (a tuple); None without a render mode."""
        if self.render_mode is None:
            return None
        return tuple(str(self._batch.game(i).position) for i in range(self.num_envs))

    def close(self):
        """Nothing to release."""

    def clone(self):
        """An independent copy (the same as copy.deepcopy)."""
        return _copy.deepcopy(self)

    def __copy__(self):
        return self.clone()

    def __len__(self):
        return self.num_envs
