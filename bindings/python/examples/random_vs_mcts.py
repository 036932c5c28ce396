"""A random agent and a simple MCTS agent playing each other through the environment, with
the computer opponent (fanorona.Searcher) as a baseline agent.

    /usr/bin/python3 random_vs_mcts.py [--games N] [--board 9x5|5x5|3x3] [--playouts P]

The agents act through PettingZoo's loop (agent_iter, last, step). The random agent picks
single steps from the action mask; the MCTS agent (UCT over whole turns, random playouts,
copies of fanorona.Game for each playout) and the searcher choose whole turns, which the
environment plays step by step (play_turn). Each match prints its score, and the MCTS agent
its search speed in tree nodes (positions it played through) per CPU-second.
"""
import argparse
import math
import random
import time

import fanorona as f


class RandomAgent:
    name = "random"

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def act(self, env, observation):
        """One step: a random legal action from the mask."""
        return self.rng.choice([a for a, legal in enumerate(observation["action_mask"]) if legal])


class MctsAgent:
    name = "mcts"

    def __init__(self, seed, playouts=200, max_rollout=60):
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.max_rollout = max_rollout
        self.nodes = 0
        self.seconds = 0.0

    def choose(self, game):
        """A whole turn for the side to move in `game`."""
        started = time.process_time()
        root = game.legal_turns()
        if len(root) > 1:
            stats = {}  # path of turn texts -> [visits, wins for the side that moved into it]
            for _ in range(self.playouts):
                self.playout(game.copy(), game.side_to_move, stats)
            root = [max(root, key=lambda t: stats.get((str(t),), [0])[0])]
        self.seconds += time.process_time() - started
        return root[0]

    def playout(self, g, me, stats):
        path, key = [], ()
        while not g.is_over():  # selection, then one new node
            turns = g.legal_turns()
            keys = [key + (str(t),) for t in turns]
            fresh = [i for i, k in enumerate(keys) if k not in stats]
            if fresh:
                i = self.rng.choice(fresh)
                stats[keys[i]] = [0, 0.0]
            else:
                total = sum(stats[k][0] for k in keys)
                i = max(range(len(keys)), key=lambda j: stats[keys[j]][1] / stats[keys[j]][0]
                        + 1.4 * math.sqrt(math.log(total) / stats[keys[j]][0]))
            g.push(turns[i])
            self.nodes += 1
            key = keys[i]
            path.append(key)
            if fresh:
                break
        for _ in range(self.max_rollout):  # the rollout
            if g.is_over():
                break
            g.push(self.rng.choice(g.legal_turns()))
            self.nodes += 1
        winner = g.result().winner
        for depth, k in enumerate(path):
            mover = me if depth % 2 == 0 else (f.Color.BLACK if me == f.Color.WHITE else f.Color.WHITE)
            stats[k][0] += 1
            stats[k][1] += 1.0 if winner == mover else (0.5 if winner is None else 0.0)


class SearcherAgent:
    def __init__(self, board, level, seed):
        self.searcher = f.classes(board)["Searcher"](level=level, seed=seed)
        self.name = f"searcher-{level}"

    def choose(self, game):
        return self.searcher.choose(game).best


def play(env, white, black, seed):
    """One game through PettingZoo's loop; the outcome, or None when drawn or cut."""
    env.reset(seed=seed)
    agents = {"white": white, "black": black}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
        elif hasattr(agents[agent], "choose") and not len(env.turn_builder):
            env.play_turn(agents[agent].choose(env.game))
        else:
            env.step(agents[agent].act(env, observation))
    return env.game.result().winner


def match(board, a, b, games, max_turns):
    env = f.FanoronaEnv(board, max_turns=max_turns)
    score = {a.name: 0.0, b.name: 0.0}
    for g in range(games):
        white, black = (a, b) if g % 2 == 0 else (b, a)
        winner = play(env, white, black, seed=g)
        if winner is None:
            score[white.name] += 0.5
            score[black.name] += 0.5
        else:
            score[(white if winner == f.Color.WHITE else black).name] += 1
    print(f"{a.name} {score[a.name]:g} - {score[b.name]:g} {b.name}  ({games} games on {board}, draws and "
          f"games capped at {max_turns} turns count 1/2)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--board", default="5x5", choices=["9x5", "5x5", "3x3"])
    ap.add_argument("--playouts", type=int, default=100)
    ap.add_argument("--max-turns", type=int, default=100)
    args = ap.parse_args()
    mcts = MctsAgent(1, args.playouts)
    match(args.board, mcts, RandomAgent(2), args.games, args.max_turns)
    match(args.board, SearcherAgent(args.board, 2, 3), RandomAgent(4), args.games, args.max_turns)
    match(args.board, SearcherAgent(args.board, 4, 5), MctsAgent(6, args.playouts), args.games, args.max_turns)
    print(f"mcts: {mcts.nodes} nodes in {mcts.seconds:.2f} CPU-s, {mcts.nodes / max(mcts.seconds, 1e-9):,.0f} nodes/s")


if __name__ == "__main__":
    main()
