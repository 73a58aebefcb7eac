"""Steps per CPU-second of the research environments, beside the plain engine and (when installed) their peers.

    .venv/bin/python benchmarks/env_speed.py [seconds] [batch] [rounds] [--only KEYS]

Every figure comes from the same run, with uniformly random legal moves on one core, measured in CPU time
(`time.process_time`: another process's load does not count, though it still slows this one's caches) in `rounds`
(default 5) slices of `seconds / rounds` each (`seconds` default 3), the figures' slices taken in turn round by
round; each figure prints its median and its least and greatest slice, and each ratio (to the engine, to a peer)
is taken within a round, then its median and spread printed, so a burst of load skews one round, not a figure.
`--only engine,dou` measures only the figures of those keys (the first column):

- `engine`: `presidente.bench.random_rounds` on `bga`, 4 players — one `legal_actions()` and one `apply()`
  per decision, no observation, the deal included (the figure `presidente bench` prints);
- `aec`: `president_v0` on `bga`, 4 players, one-round matches — every agent step is `last()` (the observation
  vector and the action mask) and `step()`, the move drawn with Python's `random` as the OpenSpiel drivers draw
  theirs; on the compiled table (the default for these rules), and (`aec-reference`) on the reference engine
  (``engine="reference"``, what every table the compiled table does not cover plays on);
- `no-game`: `BookkeepingOnly`, a PettingZoo AEC environment that copies a fixed observation and mask of the same
  sizes and does only PettingZoo's reward and agent bookkeeping, under the same driver — the ceiling of any
  Python AEC environment measured this way;
- `vector-*`: `VectorTables(batch)` in self-play, whole `bga` matches (and `victorz`, `trump-jokers`,
  `college`) — every table's seat to move gets its mask and observation and makes a uniformly random legal
  move (`random_actions`: one random number per table, as the peers' drivers draw one per step), finished
  matches start again (`vector-bga-small`: the same at `--small` tables, 256 by default);
- `vector-env`, `vector-env-all`: `BgaVectorEnv(batch)` — the learner's steps (seat 0 of each table), and all
  moves made.

Peers are measured when importable. Install them into a separate environment, not the package's (numba, numpy and
PettingZoo are there because the environments measured here need them), then run the script with it, from the
repository's root:

    python3 -m venv /tmp/peers && /tmp/peers/bin/pip install open_spiel rlcard pygame pettingzoo gymnasium numpy numba
    PYTHONPATH=. /tmp/peers/bin/python benchmarks/env_speed.py

Peers: PettingZoo's `texas_holdem_v4` (`holdem`: agent steps with observation and mask; it imports pygame),
OpenSpiel's `dou_dizhu` driven from Python with (`dou-obs`) and without (`dou`) its observation tensor, and
OpenSpiel's `crazy_eights` (`eights`) driven from Python without observations, and OpenSpiel's own C++ loop on
`dou_dizhu` (`dou-cpp`: `pyspiel.evaluate_bots` with uniform random bots plays each game in C++; see
`open_spiel_cpp`).
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any, ClassVar

try:
    import numpy as np
    from pettingzoo import AECEnv  # type: ignore[import-untyped]

    from presidente.envs import president_v0
    from presidente.envs.vector_bga import BgaVectorEnv, VectorTables
except ImportError as missing:  # the peers' environment without the environments' own dependencies
    sys.exit(f"{missing}: this Python lacks what the environments need; see `pip install` in the docstring")

from presidente.bench import random_rounds
from presidente.president import find_preset


def timed(seconds: float, run: Callable[[], int]) -> float:
    """Call `run` (which returns how many steps it made) until `seconds` of this process's CPU time have passed;
    steps per CPU-second."""
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        steps += run()
    return steps / (time.process_time() - start)


_ENGINE_SEEDS = itertools.count(0, 20)


def engine(seconds: float) -> float:
    return timed(seconds, lambda: random_rounds("president", "bga", 4, 20, first_seed=next(_ENGINE_SEEDS)).decisions)


def random_episode(env: Any, seed: int, rng: random.Random, as_booleans: bool = False) -> int:
    """One episode of a PettingZoo AEC environment with random legal moves; the agent steps made (every
    step's observation and mask read by `last()`), terminated agents' `None` steps not counted. The move is
    drawn with Python's `random`, as the OpenSpiel drivers below draw theirs (a numpy generator's call per
    move costs more than the draw itself). `as_booleans`: the int8 mask is read as booleans (a view; numpy's
    `nonzero` scans int8 one element at a time, booleans several at once)."""
    env.reset(seed=seed)
    steps = 0
    for _agent in env.agent_iter():
        observation, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        legal = (mask.view(np.bool_) if as_booleans else mask).nonzero()[0]
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

    start_moves, start = env.tables.moves, time.process_time()
    learner = timed(seconds, one_step)
    return learner, (env.tables.moves - start_moves) / (time.process_time() - start)


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


def open_spiel_cpp(name: str, seconds: float) -> float | None:
    """OpenSpiel's own C++ loop: `pyspiel.evaluate_bots` plays a whole game in C++ (chance outcomes sampled,
    each decision one `UniformRandomBot::Step` (the legal actions, a uniform policy, a draw) and one
    `ApplyAction`), from a state made by `new_initial_state()` in Python once per game. Decisions are counted
    after each game, outside the timed part, from the game's history (its moves less the chance moves): what
    Python adds is one call and one state per game."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    players = game.num_players()
    bots = [pyspiel.make_uniform_random_bot(player, 1_000 + player) for player in range(players)]
    seeds = itertools.count(_CPP_SEEDS.get(name, 0))
    decisions, spent = 0, 0.0
    while spent < seconds:
        start = time.process_time()
        state = game.new_initial_state()
        pyspiel.evaluate_bots(state, bots, next(seeds))
        spent += time.process_time() - start
        decisions += sum(1 for step in state.full_history() if step.player >= 0)
    _CPP_SEEDS[name] = next(seeds)
    return decisions / spent


_CPP_SEEDS: dict[str, int] = {}


def spread(values: list[float]) -> str:
    """`values`' median, least and greatest."""
    return f"{statistics.median(values):,.2f} ({min(values):,.2f}-{max(values):,.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("seconds", nargs="?", type=float, default=3.0, help="CPU-seconds per figure (all rounds)")
    parser.add_argument("batch", nargs="?", type=int, default=4096, help="tables of the vector engine")
    parser.add_argument("rounds", nargs="?", type=int, default=5, help="interleaved slices per figure")
    parser.add_argument("--small", type=int, default=256, help="tables of the vector engine's small batch")
    parser.add_argument("--only", default="", help="comma-separated keys of the figures to measure (all if empty)")
    args = parser.parse_args()
    batch, rounds = args.batch, args.rounds
    measures: list[tuple[str, str, Callable[[float], float | None]]] = [
        ("engine", "engine: random decisions (bga, 4 players)", engine),
        ("aec", "president_v0 AEC env: agent steps, observation + mask", aec_env),
        ("aec-reference", "president_v0 AEC env on the reference engine", lambda s: aec_env(s, "reference")),
        ("no-game", "no game: PettingZoo's AEC bookkeeping and the driver alone", bookkeeping_only),
        (
            "vector-bga",
            f"VectorTables({batch}) bga self-play: moves, observation + mask",
            lambda s: vector_engine(s, batch),
        ),
        (
            "vector-bga-small",
            f"VectorTables({args.small}) bga self-play: moves, observation + mask",
            lambda s: vector_engine(s, args.small),
        ),
        ("vector-victorz", f"VectorTables({batch}) victorz self-play", lambda s: vector_engine(s, batch, "victorz")),
        (
            "vector-trump-jokers",
            f"VectorTables({batch}) trump-jokers self-play",
            lambda s: vector_engine(s, batch, "trump-jokers"),
        ),
        ("vector-college", f"VectorTables({batch}) college self-play", lambda s: vector_engine(s, batch, "college")),
        ("vector-env", f"BgaVectorEnv({batch}): learner steps (seat 0)", lambda s: vector_env(s, batch)[0]),
        (
            "vector-env-all",
            f"BgaVectorEnv({batch}): all moves (learner + random seats)",
            lambda s: vector_env(s, batch)[1],
        ),
        ("holdem", "peer: PettingZoo texas_holdem_v4, agent steps, observation + mask", texas_holdem),
        (
            "dou-obs",
            "peer: OpenSpiel dou_dizhu from Python, observation tensor",
            lambda s: open_spiel("dou_dizhu", s, True),
        ),
        ("dou", "peer: OpenSpiel dou_dizhu from Python, no observation", lambda s: open_spiel("dou_dizhu", s, False)),
        (
            "dou-cpp",
            "peer: OpenSpiel dou_dizhu, its own C++ loop (evaluate_bots, random bots)",
            lambda s: open_spiel_cpp("dou_dizhu", s),
        ),
        (
            "eights",
            "peer: OpenSpiel crazy_eights from Python, no observation",
            lambda s: open_spiel("crazy_eights", s, False),
        ),
    ]
    only = {key for key in args.only.split(",") if key}
    unknown = only - {key for key, _, _ in measures}
    if unknown:
        parser.error(f"unknown keys {sorted(unknown)}; choose among {[key for key, _, _ in measures]}")
    measures = [measure for measure in measures if not only or measure[0] in only]
    # On a shared machine the load changes during a run: every figure is measured in `rounds` slices of CPU time,
    # taken in turn with the others round by round, so every round sees the same conditions; a figure's median
    # over the rounds is printed with its spread, and a ratio is taken within each round before its median.
    slices: dict[str, list[float]] = {key: [] for key, _, _ in measures}
    for _ in range(rounds):
        for key, _label, measure in measures:
            rate = measure(args.seconds / rounds)
            if rate is not None:
                slices[key].append(rate)

    def ratios(ours: str, peer: str) -> list[float] | None:
        if not slices.get(ours) or not slices.get(peer):
            return None
        return [mine / theirs for mine, theirs in zip(slices[ours], slices[peer], strict=True)]

    print(
        f"steps per CPU-second, median (least-greatest) of {rounds} interleaved slices of {args.seconds / rounds:g} s"
    )
    print(f"{'key':<20} {'measured':<66} {'median':>11} {'least-greatest':>19} {'x engine':>9}")
    for key, label, _ in measures:
        rates = slices[key]
        if not rates:
            print(f"{key:<20} {label:<66} {'not installed':>11}")
            continue
        to_engine = ratios(key, "engine")
        shown = "" if to_engine is None else f"{statistics.median(to_engine):.2f}"
        low_high = f"{min(rates):,.0f}-{max(rates):,.0f}"
        print(f"{key:<20} {label:<66} {statistics.median(rates):>11,.0f} {low_high:>19} {shown:>9}")
    targets = [
        ("issue 28: engine / dou_dizhu without observations", "engine", "dou", 1.0),
        ("issue 28: AEC env / dou_dizhu with observations", "aec", "dou-obs", 1.0),
        ("issue 11: AEC env / texas_holdem_v4", "aec", "holdem", 5.0),
        ("issue 11: AEC env / dou_dizhu with observations", "aec", "dou-obs", 0.5),
        (f"issue 11: vector engine({batch}) / crazy_eights", "vector-bga", "eights", 2.0),
        (f"issue 11: vector engine({batch}) / dou_dizhu without observations", "vector-bga", "dou", 2.0),
        (f"issue 28: vector engine({batch}) / dou_dizhu's C++ loop", "vector-bga", "dou-cpp", 1.0),
        (f"issue 28: vector engine({args.small}) / dou_dizhu from Python", "vector-bga-small", "dou", 2.0),
    ]
    print(f"\nTargets: the ratio within each round, median (least-greatest) of {rounds}, against the target")
    floor = ratios("no-game", "dou-obs")
    if floor is not None:
        print(f"  (no game at all, the AEC bookkeeping alone / dou_dizhu with observations: {spread(floor)})")
    for label, ours, peer, target in targets:
        measured = ratios(ours, peer)
        if measured is None:
            if ours in slices and peer in slices:
                print(f"  {label} (>= {target:g}): peer not installed")
            continue
        verdict = "met" if statistics.median(measured) >= target else "not met"
        print(f"  {label} (>= {target:g}): {spread(measured)} ({verdict})")


if __name__ == "__main__":
    main()
