"""Benchmarks: random-play environment steps per second (one environment, and a batch), and
perft from Python. Prints the median of --runs runs.

    /usr/bin/python3 benchmark.py [--runs 3] [--steps 200000] [--batch 1024] [--batch-steps 300] [--perft 6]
"""
import argparse
import statistics
import time

import fanorona as f


def single(steps):
    env = f.FanoronaEnv("9x5", max_turns=200)
    env.reset(seed=1)
    turns_before = 0
    start = time.perf_counter()
    for _ in range(steps):
        _, _, terminated, truncated, _ = env.step(env.sample_action())
        if terminated or truncated:
            turns_before += len(env.game)
            env.reset()
    elapsed = time.perf_counter() - start
    return steps / elapsed, (turns_before + len(env.game)) / elapsed


def single_lean(steps):
    """The core environment without the Python wrapper: step, random_action, nothing else."""
    env = f.classes("9x5")["StepEnv"](200)
    start = time.perf_counter()
    turns = 0
    for _ in range(steps):
        env.step(env.random_action())
        if env.terminated or env.truncated:
            turns += env.turns
            env.reset()
    elapsed = time.perf_counter() - start
    return steps / elapsed, (turns + env.turns) / elapsed


def batch(n, steps, observe):
    env = f.FanoronaBatchEnv(n, "9x5", max_turns=200, seed=1)
    env.reset()
    turns_done = 0
    start = time.perf_counter()
    for _ in range(steps):
        out = env.step(env.random_actions(), observe=observe)
    elapsed = time.perf_counter() - start
    return n * steps / elapsed


def perft(depth):
    start = time.perf_counter()
    nodes = f.perft(f.Position(), depth)
    return nodes, time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--steps", type=int, default=200000)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--batch-steps", type=int, default=300)
    ap.add_argument("--perft", type=int, default=6)
    a = ap.parse_args()
    med = lambda xs: statistics.median(xs)  # noqa: E731
    r = [single(a.steps) for _ in range(a.runs)]
    print(f"FanoronaEnv, random play: {med([x[0] for x in r]):,.0f} steps/s ({med([x[1] for x in r]):,.0f} turns/s)")
    r = [single_lean(a.steps) for _ in range(a.runs)]
    print(f"StepEnv (no wrapper), random play: {med([x[0] for x in r]):,.0f} steps/s ({med([x[1] for x in r]):,.0f} turns/s)")
    r = [batch(a.batch, a.batch_steps, True) for _ in range(a.runs)]
    print(f"FanoronaBatchEnv({a.batch}), random play with observations and masks: {med(r):,.0f} steps/s")
    r = [batch(a.batch, a.batch_steps, False) for _ in range(a.runs)]
    print(f"FanoronaBatchEnv({a.batch}), random play, no observations: {med(r):,.0f} steps/s")
    r = [perft(a.perft) for _ in range(a.runs)]
    t = med([x[1] for x in r])
    print(f"perft({a.perft}) = {r[0][0]:,} in {t:.3f} s ({r[0][0] / t / 1e6:.1f} M leaf turns/s)")


if __name__ == "__main__":
    main()
