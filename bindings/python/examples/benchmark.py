"""Benchmarks: random-play environment steps per second (one environment through PettingZoo's
loop, its C++ core alone, and a batch), and perft from Python. Prints the median of --runs
runs. Everything is timed in CPU seconds (time.process_time): the work runs on one thread,
and other work on a shared machine slows it less than it slows the wall clock.

    /usr/bin/python3 benchmark.py [--runs 5] [--steps 100000] [--batch 256] [--batch-steps 2000] [--perft 6]
"""
import argparse
import statistics
import time

import fanorona as f


def single(steps):
    """FanoronaEnv through PettingZoo's loop: last() with the observation and mask, then step()."""
    env = f.FanoronaEnv("9x5", max_turns=200, seed=1)
    env.reset(seed=1)
    done = 0
    start = time.process_time()
    for agent in env.agent_iter(steps):
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        env.step(env.sample_action())
        done += 1
    return done / (time.process_time() - start)


def single_core(steps):
    """The C++ core without PettingZoo's books: random_action, step, nothing else."""
    env = f.classes("9x5")["StepEnv"](200, seed=1)
    start = time.process_time()
    for _ in range(steps):
        env.step(env.random_action())
        if env.is_done():
            env.reset()
    return steps / (time.process_time() - start)


def batch(n, steps, observe):
    env = f.FanoronaBatchEnv(n, "9x5", max_turns=200, seed=1)
    env.reset()
    step = env.step if observe else env.step_without_observations
    start = time.process_time()
    for _ in range(steps):
        step(env.random_actions())
    return n * steps / (time.process_time() - start)


def perft(depth):
    start = time.process_time()
    nodes = f.perft(f.Position(), depth)
    return nodes, time.process_time() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--steps", type=int, default=100000)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--batch-steps", type=int, default=2000)
    ap.add_argument("--perft", type=int, default=6)
    a = ap.parse_args()
    med = statistics.median
    print(f"FanoronaEnv, PettingZoo loop, random play: {med([single(a.steps) for _ in range(a.runs)]):,.0f} steps per CPU-second")
    print(f"StepEnv (the C++ core alone), random play: {med([single_core(a.steps) for _ in range(a.runs)]):,.0f} steps per CPU-second")
    r = [batch(a.batch, a.batch_steps, True) for _ in range(a.runs)]
    print(f"FanoronaBatchEnv({a.batch}), random play with observations and masks: {med(r):,.0f} steps per CPU-second")
    r = [batch(a.batch, a.batch_steps, False) for _ in range(a.runs)]
    print(f"FanoronaBatchEnv({a.batch}), random play without observations: {med(r):,.0f} steps per CPU-second")
    r = [perft(a.perft) for _ in range(a.runs)]
    t = med([x[1] for x in r])
    print(f"perft({a.perft}) = {r[0][0]:,} in {t:.3f} CPU-s ({r[0][0] / t / 1e6:.1f} M leaf turns/s)")


if __name__ == "__main__":
    main()
