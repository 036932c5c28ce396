"""A turn-based reinforcement-learning environment, in the style of Gymnasium and PettingZoo's
AEC API without depending on either. The rules (legal actions, results) come from the C++
engine; this file only keeps the bookkeeping of agents and rewards.

Actions are single steps. Action index = (from_point * 8 + direction) * 3 + capture, with
capture 0 none (paika), 1 approach, 2 withdrawal, and the last index (size * 24) "stop":
end a capture chain that could go on. Sizes: 9x5 1081, 5x5 601, 3x3 217.

Observations are float32 arrays [7, height, width] (row r is rank r + 1, column f file f):
0 own stones, 1 enemy stones, 2 strong points, 3 the moving stone, 4 the points it visited
this turn (its start included), 5 the point straight on from the moving stone (the forbidden
direction), 6 all ones when White is to move.
"""
import numpy as np

from . import _fanorona as _core
from ._fanorona import Color

AGENTS = ("white", "black")


def action_space_size(board="9x5"):
    """Size of the action space of a board."""
    return getattr(_core, f"StepEnv_{board}").action_size


class FanoronaEnv:
    """One game, one step (action) at a time.

    Gymnasium style: ``obs, info = env.reset(seed)``, ``obs, reward, terminated, truncated,
    info = env.step(action)`` with the reward of the side that moved and the observation of
    the side to move next. PettingZoo AEC style: ``agents``, ``agent_selection``,
    ``observe(agent)``, ``last()``, ``rewards``, ``terminations``, ``truncations``, ``infos``.
    The legal-action mask is ``info["action_mask"]`` and ``action_mask()``.
    """

    metadata = {"render_modes": ["ansi", "svg"], "name": "fanorona_v0"}

    def __init__(self, board="9x5", max_turns=200, start=None, render_mode=None):
        if board not in ("9x5", "5x5", "3x3"):
            raise _core.FanoronaError(f"unknown board '{board}': the boards are 9x5, 5x5 and 3x3")
        self.board = board
        self.render_mode = render_mode
        self._env = getattr(_core, f"StepEnv_{board}")(max_turns, start)
        self.action_size = self._env.action_size
        self.observation_shape = (self._env.planes,) + (self._env.game.position.height, self._env.game.position.width)
        self.possible_agents = list(AGENTS)
        self._reset_bookkeeping()

    def _reset_bookkeeping(self):
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}

    @property
    def agent_selection(self):
        """The agent whose action comes next: 'white' or 'black'."""
        return "white" if self._env.to_move == Color.WHITE else "black"

    @property
    def game(self):
        """A copy of the game so far (complete turns)."""
        return self._env.game

    @property
    def builder(self):
        """A copy of the turn in progress."""
        return self._env.builder

    def reset(self, seed=None, options=None):
        """Starts a new game; `seed` seeds `sample_action`. Returns (observation, info)."""
        if seed is not None:
            self._env.seed(int(seed))
        self._env.reset()
        self._reset_bookkeeping()
        return self._env.observe(), self._info()

    def _info(self):
        return {"action_mask": self._env.action_mask(), "turns": self._env.turns}

    def action_mask(self):
        """Boolean mask of the legal actions now (all False once the episode has ended)."""
        return self._env.action_mask()

    def legal_actions(self):
        """The legal actions now, in increasing order."""
        return self._env.legal_actions()

    def sample_action(self):
        """A uniformly random legal action (from the seed given to reset)."""
        return self._env.random_action()

    def observe(self, agent=None):
        """The observation from `agent`'s side (default: the agent to move)."""
        if agent is None:
            return self._env.observe()
        if agent not in AGENTS:
            raise _core.FanoronaError(f"unknown agent '{agent}': the agents are 'white' and 'black'")
        return self._env.observe(Color.WHITE if agent == "white" else Color.BLACK)

    def step(self, action):
        """Plays one action; raises IllegalActionError (a ValueError) for an illegal one and
        GameOverError after the end. Returns (observation, reward, terminated, truncated, info)."""
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise _core.IllegalActionError(f"an action is an int, not {type(action).__name__}")
        mover = self.agent_selection
        reward = self._env.step(int(action))
        other = "black" if mover == "white" else "white"
        self.rewards = {mover: reward, other: -reward}
        self._cumulative_rewards[mover] = reward
        self._cumulative_rewards[other] += -reward
        terminated, truncated = self._env.terminated, self._env.truncated
        self.terminations = {a: terminated for a in AGENTS}
        self.truncations = {a: truncated for a in AGENTS}
        info = self._info()
        if terminated:
            info["result"] = self._env.game.result()
        self.infos = {a: info for a in AGENTS}
        return self._env.observe(), reward, terminated, truncated, info

    def last(self, observe=True):
        """AEC view for `agent_selection`: (observation, reward since its last action,
        termination, truncation, info)."""
        agent = self.agent_selection
        reward = self._cumulative_rewards[agent]
        return (self.observe(agent) if observe else None, reward, self.terminations[agent],
                self.truncations[agent], self.infos[agent] or self._info())

    def render(self):
        """'ansi': the FEN and the turn in progress; 'svg': an SVG diagram."""
        position = self._env.builder.position if self._env.builder.steps else self._env.game.position
        if self.render_mode == "svg":
            return position.to_svg()
        return f"{self._env.game.position.to_fen()}  {self._env.builder.turn if self._env.builder.steps else ''}".rstrip()


class FanoronaBatchEnv:
    """Many games stepped at once in C++ (the GIL released), numpy arrays in and out.

    ``step(actions)`` plays one action in every game and returns (observations, rewards,
    terminated, truncated, info); rewards are those of the side that moved. A game that ends
    starts again at once (its next observation is the new game's); ``info["to_move"]`` says
    who moves next in each game, ``info["action_mask"]`` what it may play, and
    ``info["final_observation"]`` (indices, observations) the last observations of the games
    that ended at this step, taken before they started again.
    """

    def __init__(self, num_envs, board="9x5", max_turns=200, seed=0):
        if board not in ("9x5", "5x5", "3x3"):
            raise _core.FanoronaError(f"unknown board '{board}': the boards are 9x5, 5x5 and 3x3")
        self.board = board
        self._batch = getattr(_core, f"BatchEnv_{board}")(num_envs, max_turns, seed)
        self.num_envs = num_envs
        self.action_size = self._batch.action_size

    def reset(self, seed=None):
        self._batch.reset()
        return self._batch.observations(), self._info()

    def _info(self):
        return {"action_mask": self._batch.action_masks(), "to_move": self._batch.to_move()}

    def action_masks(self):
        """Boolean masks of the legal actions, one row per game: [num_envs, actions]."""
        return self._batch.action_masks()

    def observations(self):
        """Each game's observation for its side to move: [num_envs, 7, height, width]."""
        return self._batch.observations()

    def random_actions(self):
        """A uniformly random legal action for every game, drawn in C++."""
        return self._batch.random_actions()

    def step(self, actions, observe=True):
        """With observe=False only (rewards, terminated, truncated) are computed (fastest)."""
        rewards, terminated, truncated = self._batch.step(np.asarray(actions))
        if not observe:
            return rewards, terminated, truncated
        info = self._info()
        info["final_observation"] = self._batch.final_observations()
        return self._batch.observations(), rewards, terminated, truncated, info

    def final_observations(self):
        """(indices, observations) of the games that ended at the last step."""
        return self._batch.final_observations()

    def game(self, index):
        """A copy of game `index` as it stands."""
        return self._batch.game(index)
