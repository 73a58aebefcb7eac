"""Steps per second of the research environments, beside the plain engine and (when installed) their peers.

    .venv/bin/python benchmarks/env_speed.py [seconds] [batch] [passes]

Every figure comes from the same run, each measured for about `seconds` (default 3) on one core, with
uniformly random legal moves, in `passes` (default 3) slices taken in turn, the best slice kept:

- engine: `presidente.bench.random_rounds_for` on `bga`, 4 players — one `legal_actions()` and one `apply()`
  per decision, no observation (the figure `presidente bench` prints);
- AEC env: `president_v0` on `bga`, 4 players, one-round matches — every agent step is `last()` (the
  observation vector and the action mask) and `step()`, the move drawn with Python's `random` as the OpenSpiel
  drivers draw theirs; on the compiled table (the default for these rules), and on the reference engine
  (``engine="reference"``, what every table the compiled table does not cover plays on);
- no game: `BookkeepingOnly`, a PettingZoo AEC environment that copies a fixed observation and mask of the same
  sizes and does only PettingZoo's reward and agent bookkeeping, under the same driver — the ceiling of any
  Python AEC environment measured this way;
- vector engine: `VectorTables(batch)` in self-play, whole `bga` matches (and `victorz`, `trump-jokers`,
  `college`) — every table's seat to move gets its mask and observation and makes a uniformly random legal
  move (`random_actions`: one random number per table, as the peers' drivers draw one per step), finished
  matches start again;
- vector env: `BgaVectorEnv(batch)` — the learner's steps (seat 0 of each table), and all moves made.

Peers are measured when importable (install them into a separate environment, not the package's:
``python -m venv /tmp/peers && /tmp/peers/bin/pip install open_spiel rlcard pygame pettingzoo gymnasium numpy numba``
then ``PYTHONPATH=. /tmp/peers/bin/python benchmarks/env_speed.py``): PettingZoo's `texas_holdem_v4`
(agent steps with observation and mask), OpenSpiel's `dou_dizhu` driven from Python with and without its
observation tensor, and OpenSpiel's `crazy_eights` driven from Python without observations.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from presidente.bench import random_rounds_for
from presidente.envs import president_v0
from presidente.envs.vector_bga import BgaVectorEnv, VectorTables
from presidente.president import find_preset


def timed(seconds: float, run: Callable[[], int]) -> float:
    """Call `run` (which returns how many steps it made) until `seconds` have passed; steps per second."""
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += run()
    return steps / (time.perf_counter() - start)


def engine(seconds: float) -> float:
    return random_rounds_for("president", "bga", 4, seconds).decisions_per_second


def random_episode(env: Any, seed: int, rng: random.Random) -> int:
    """One episode of a PettingZoo AEC environment with random legal moves; the agent steps made (every
    step's observation and mask read by `last()`), terminated agents' `None` steps not counted. The move is
    drawn with Python's `random`, as the OpenSpiel drivers below draw theirs (a numpy generator's call per
    move costs more than the draw itself)."""
    env.reset(seed=seed)
    steps = 0
    for _agent in env.agent_iter():
        observation, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = observation["action_mask"].nonzero()[0]
        env.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return steps


def aec_env(seconds: float, engine: str = "auto") -> float:
    env = president_v0.raw_env(preset="bga", players=4, options={"rounds": 1}, engine=engine)
    rng = random.Random(0)
    random_episode(env, -1, rng)  # numba compiles (or loads its cache) outside the measure
    seeds = iter(range(10**9))
    return timed(seconds, lambda: random_episode(env, next(seeds), rng))


class BookkeepingOnly(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment with no game: each step copies a fixed observation and mask of
    `president_v0`'s `bga` sizes and does PettingZoo's reward and agent bookkeeping as `president_v0` does;
    an episode lasts about as many steps as a one-round `bga` match. What is left of an AEC step when the
    game costs nothing: the ceiling of any Python AEC environment driven this way."""

    metadata: ClassVar[dict[str, Any]] = {"name": "bookkeeping_only"}
    EPISODE_STEPS = 60

    def __init__(self) -> None:
        super().__init__()
        self.possible_agents = [f"player_{seat}" for seat in range(4)]
        sizes = president_v0.raw_env(preset="bga", players=4)
        self._observation = np.zeros(sizes.observation_size, np.float32)
        self._mask = np.zeros(sizes.action_size, np.int8)
        self._mask[:3] = 1

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self.moves = 0

    def observe(self, agent: str) -> dict[str, Any]:
        return {"observation": self._observation.copy(), "action_mask": self._mask.copy()}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        self.moves += 1
        if self.moves == self.EPISODE_STEPS:
            for each in self.agents:
                self.terminations[each] = True
        self._accumulate_rewards()
        self.agent_selection = self.possible_agents[self.moves % 4]
        self._deads_step_first()


def bookkeeping_only(seconds: float) -> float:
    env = BookkeepingOnly()
    rng = random.Random(0)
    seeds = iter(range(10**9))
    return timed(seconds, lambda: random_episode(env, next(seeds), rng))


def vector_engine(seconds: float, batch: int, preset: str = "bga") -> float:
    tables = VectorTables(batch, find_preset(preset))
    tables.reset(np.arange(batch))
    rng = np.random.default_rng(0)
    tables.step(tables.random_actions(rng))  # numba compiles (or loads its cache) outside the measure

    def one_step() -> int:
        tables.observe()
        tables.step(tables.random_actions(rng))
        done = np.flatnonzero(tables.over)
        if len(done):
            tables.reset(rng.integers(2**62, size=len(done)), done)
        return batch

    return timed(seconds, one_step)


def vector_env(seconds: float, batch: int) -> tuple[float, float]:
    env = BgaVectorEnv(batch)
    env.reset(seed=0)
    rng = np.random.default_rng(0)

    def one_step() -> int:
        env.step(env.random_actions(rng))
        return batch

    start_moves, start = env.tables.moves, time.perf_counter()
    learner = timed(seconds, one_step)
    return learner, (env.tables.moves - start_moves) / (time.perf_counter() - start)


def texas_holdem(seconds: float) -> float | None:
    try:
        from pettingzoo.classic import texas_holdem_v4  # type: ignore[import-untyped]
    except ImportError:
        return None
    env = texas_holdem_v4.env()
    rng = random.Random(0)
    seeds = iter(range(10**9))
    return timed(seconds, lambda: random_episode(env, next(seeds), rng))


def open_spiel(name: str, seconds: float, observe: bool) -> float | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(0)

    def one_game() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if observe:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return timed(seconds, one_game)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    batch = int(sys.argv[2]) if len(sys.argv) > 2 else 4096
    passes = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    measures: list[tuple[str, Callable[[float], float | None]]] = [
        ("engine: random decisions (bga, 4 players)", engine),
        ("president_v0 AEC env: agent steps, observation + mask", aec_env),
        ("president_v0 AEC env on the reference engine", lambda s: aec_env(s, "reference")),
        ("no game: PettingZoo's AEC bookkeeping and the driver alone", bookkeeping_only),
        (f"VectorTables({batch}) bga self-play: moves, observation + mask", lambda s: vector_engine(s, batch)),
        (f"VectorTables({batch}) victorz self-play", lambda s: vector_engine(s, batch, "victorz")),
        (f"VectorTables({batch}) trump-jokers self-play", lambda s: vector_engine(s, batch, "trump-jokers")),
        (f"VectorTables({batch}) college self-play", lambda s: vector_engine(s, batch, "college")),
        (f"BgaVectorEnv({batch}): learner steps (seat 0)", lambda s: vector_env(s, batch)[0]),
        (f"BgaVectorEnv({batch}): all moves (learner + random seats)", lambda s: vector_env(s, batch)[1]),
        ("peer: PettingZoo texas_holdem_v4, agent steps, observation + mask", texas_holdem),
        ("peer: OpenSpiel dou_dizhu from Python, observation tensor", lambda s: open_spiel("dou_dizhu", s, True)),
        ("peer: OpenSpiel dou_dizhu from Python, no observation", lambda s: open_spiel("dou_dizhu", s, False)),
        ("peer: OpenSpiel crazy_eights from Python, no observation", lambda s: open_spiel("crazy_eights", s, False)),
    ]
    # On a shared machine the load changes during a run: every figure is measured in `passes` slices taken in
    # turn with the others, and the best slice is kept, so all of them see the same conditions.
    best: dict[str, float | None] = {}
    for _ in range(passes):
        for label, measure in measures:
            rate = measure(seconds / passes)
            best[label] = None if rate is None else max(rate, best.get(label) or 0.0)
    rate_of = [best[label] for label, _ in measures]
    base = rate_of[0] or 1.0
    heading = f"measured (one core, random legal moves, best of {passes} slices)"
    print(f"{heading:<68} {'steps/s':>12} {'x engine':>9}")
    for (label, _), rate in zip(measures, rate_of, strict=True):
        shown = "not installed" if rate is None else f"{rate:,.0f}"
        ratio = "" if rate is None else f"{rate / base:.2f}"
        print(f"{label:<68} {shown:>12} {ratio:>9}")
    _engine, aec, _reference, floor, vector, *_others, holdem, dou_obs, dou, eights = rate_of
    print("\nIssue 11's targets (ratio measured / target):")
    targets = [
        ("AEC env / texas_holdem_v4 (target >= 5)", aec, holdem, 5.0),
        ("AEC env / dou_dizhu with observations (target >= 0.5)", aec, dou_obs, 0.5),
        (f"vector engine({batch}) / crazy_eights (target >= 2)", vector, eights, 2.0),
        (f"vector engine({batch}) / dou_dizhu without observations (target >= 2)", vector, dou, 2.0),
    ]
    if dou_obs is not None and floor is not None:
        print(f"  (no game at all, the AEC bookkeeping alone / dou_dizhu with observations: {floor / dou_obs:.2f})")
    for label, ours, peer, target in targets:
        if peer is None or ours is None:
            print(f"  {label}: peer not installed")
        else:
            verdict = "met" if ours / peer >= target else "not met"
            print(f"  {label}: {ours / peer:.2f} ({verdict})")


if __name__ == "__main__":
    main()
