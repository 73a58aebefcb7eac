"""Learner steps per CPU-second of the batched single-agent environments, measured side by side.

    .venv/bin/python benchmarks/single_agent_vector_speed.py [seconds] [batch] [rounds]

Each measure runs for about `seconds` (default 2) of CPU time per slice; the measures take turns, `rounds`
(default 3) times, and the median of each is printed with the ratios. Whole `bga` matches, 4 players, seat 0
learning with uniformly random legal moves (the masks), the other seats:

- `vector_env(batch)`: a Gymnasium `SyncVectorEnv` of `single_agent.president_env` (compiled table) with the
  registry's `random` bot in the other seats;
- the same on the reference engine (``engine="reference"``);
- `BgaVectorEnv(batch)`: the vectorized engine, the other seats uniformly random legal moves drawn by the engine
  itself (not the registry's bots: the same game, not the same random stream).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

import numpy as np

from presidente.envs.single_agent import vector_env
from presidente.envs.vector_bga import BgaVectorEnv


def sync_steps(engine: str, batch: int) -> Callable[[float], int]:
    envs = vector_env(batch, preset="bga", opponents="random", engine=engine)
    envs.reset(seed=1)
    rng = np.random.default_rng(1)

    def run(seconds: float) -> int:
        steps, end = 0, time.process_time() + seconds
        while time.process_time() < end:
            masks = envs.action_masks()
            actions = [int(rng.choice(np.flatnonzero(row))) if row.any() else 0 for row in masks]
            envs.step(actions)
            steps += batch
        return steps

    return run


def vector_steps(batch: int) -> Callable[[float], int]:
    envs = BgaVectorEnv(batch)
    envs.reset(seed=1)
    rng = np.random.default_rng(1)

    def run(seconds: float) -> int:
        steps, end = 0, time.process_time() + seconds
        while time.process_time() < end:
            envs.step(envs.random_actions(rng))
            steps += batch
        return steps

    return run


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    batch = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    measures = {
        "vector_env (SyncVectorEnv, compiled table, random bots)": sync_steps("auto", batch),
        "vector_env (SyncVectorEnv, reference engine, random bots)": sync_steps("reference", batch),
        "BgaVectorEnv (vectorized engine, random seats)": vector_steps(batch),
    }
    for run in measures.values():
        run(0.2)  # compiles and warms up
    rates: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(rounds):
        for name, run in measures.items():
            start = time.process_time()
            steps = run(seconds)
            rates[name].append(steps / (time.process_time() - start))
    medians = {name: statistics.median(values) for name, values in rates.items()}
    print(f"batch {batch}, {rounds} rounds of {seconds:g} CPU-s slices, learner steps per CPU-s (median, range):")
    for name, values in rates.items():
        print(f"  {name}: {medians[name]:,.0f} ({min(values):,.0f} to {max(values):,.0f})")
    names = list(measures)
    print(f"BgaVectorEnv / SyncVectorEnv (compiled): {medians[names[2]] / medians[names[0]]:.1f}x")
    print(f"SyncVectorEnv compiled / reference: {medians[names[0]] / medians[names[1]]:.2f}x")


if __name__ == "__main__":
    main()
