"""A random agent and a simple MCTS agent playing each other through the environment, with
the computer opponent (fanorona.Searcher) as a baseline agent.

    /usr/bin/python3 random_vs_mcts.py [--games N] [--board 9x5|5x5|3x3] [--playouts P]

The MCTS agent searches over whole turns (UCT, random playouts) with fanorona.Game, then plays
the chosen turn step by step in the environment; the rules all come from the engine.
"""
import argparse
import math
import random

import fanorona as f


class RandomAgent:
    name = "random"

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def act(self, env):
        return self.rng.choice(env.legal_actions())


class TurnAgent:
    """Plays a chosen turn one step (action) at a time."""

    def __init__(self):
        self.plan = []

    def act(self, env):
        if env.builder.steps == 0:
            turn = self.choose(env.game)
            StepEnv = f.classes(env.board)["StepEnv"]
            self.plan = [StepEnv.step_to_action(s) for s in turn.steps]
            if not turn.is_paika and len(turn.steps) >= 1:
                self.plan.append(StepEnv.stop_action)  # taken only while the chain could go on
        while self.plan:
            action = self.plan.pop(0)
            if env.action_mask()[action]:
                return action
        raise RuntimeError("the planned turn is not legal")  # cannot happen: turns come from the engine


class MctsAgent(TurnAgent):
    name = "mcts"

    def __init__(self, seed, playouts=200, max_rollout=60):
        super().__init__()
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.max_rollout = max_rollout

    def choose(self, game):
        root_turns = game.legal_turns()
        if len(root_turns) == 1:
            return root_turns[0]
        me = game.position.side_to_move
        stats = {}  # node key (tuple of turn texts) -> [visits, wins for the side that moved into it]
        for _ in range(self.playouts):
            g = f.classes(type(game).__name__.rsplit("_", 1)[1])["Game"](game.start_position)
            for t in game.turns:
                g.play(t)
            path = []
            key = ()
            # selection and expansion, one new node per playout
            while not g.is_over:
                turns = g.legal_turns()
                keys = [key + (str(t),) for t in turns]
                fresh = [i for i, k in enumerate(keys) if k not in stats]
                if fresh:
                    i = self.rng.choice(fresh)
                    stats[keys[i]] = [0, 0.0]
                    g.play(turns[i])
                    path.append(keys[i])
                    break
                total = sum(stats[k][0] for k in keys)
                i = max(range(len(keys)), key=lambda j: stats[keys[j]][1] / stats[keys[j]][0]
                        + 1.4 * math.sqrt(math.log(total) / stats[keys[j]][0]))
                g.play(turns[i])
                key = keys[i]
                path.append(key)
            # rollout
            n = 0
            while not g.is_over and n < self.max_rollout:
                g.play(self.rng.choice(g.legal_turns()))
                n += 1
            r = g.result()
            winner = {f.Outcome.WHITE_WINS: f.Color.WHITE, f.Outcome.BLACK_WINS: f.Color.BLACK}.get(r.outcome)
            for depth, k in enumerate(path):
                mover = me if depth % 2 == 0 else (f.Color.BLACK if me == f.Color.WHITE else f.Color.WHITE)
                stats[k][0] += 1
                stats[k][1] += 1.0 if winner == mover else (0.5 if winner is None else 0.0)
        best = max(range(len(root_turns)), key=lambda i: stats.get((str(root_turns[i]),), [0])[0])
        return root_turns[best]


class SearcherAgent(TurnAgent):
    def __init__(self, board, level, seed):
        super().__init__()
        self.searcher = f.classes(board)["Searcher"](level=level, seed=seed)
        self.name = f"searcher-{level}"

    def choose(self, game):
        return self.searcher.choose(game).best


def play(env, white, black, seed):
    env.reset(seed=seed)
    agents = {"white": white, "black": black}
    while True:
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            break
        env.step(agents[env.agent_selection].act(env))
    r = env.game.result()
    return r.outcome if r.is_over else None


def match(board, a, b, games, max_turns):
    env = f.FanoronaEnv(board, max_turns=max_turns)
    score = {a.name: 0.0, b.name: 0.0}
    for g in range(games):
        white, black = (a, b) if g % 2 == 0 else (b, a)
        outcome = play(env, white, black, seed=g)
        if outcome == f.Outcome.WHITE_WINS:
            score[white.name] += 1
        elif outcome == f.Outcome.BLACK_WINS:
            score[black.name] += 1
        else:
            score[white.name] += 0.5
            score[black.name] += 0.5
    print(f"{a.name} {score[a.name]:g} - {score[b.name]:g} {b.name}  ({games} games on {board}, draws and "
          f"games capped at {max_turns} turns count 1/2)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--board", default="5x5", choices=["9x5", "5x5", "3x3"])
    ap.add_argument("--playouts", type=int, default=100)
    ap.add_argument("--max-turns", type=int, default=100)
    args = ap.parse_args()
    match(args.board, MctsAgent(1, args.playouts), RandomAgent(2), args.games, args.max_turns)
    match(args.board, SearcherAgent(args.board, 2, 3), RandomAgent(4), args.games, args.max_turns)
    match(args.board, SearcherAgent(args.board, 4, 5), MctsAgent(6, args.playouts), args.games, args.max_turns)


if __name__ == "__main__":
    main()
