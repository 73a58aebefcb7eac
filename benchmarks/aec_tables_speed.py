"""`president_v0`'s agent steps per CPU-second on the compiled table and on the reference engine, side by side, on
the tables research varies: other player counts and several decks.

    .venv/bin/python benchmarks/aec_tables_speed.py [--tables bga:6 bga:8 bga:4:2] [--rounds 5] [--seconds 1.5]

A table is PRESET:PLAYERS[:DECKS[:ROUNDS]] (`uecda:5`, `daifugo:4`: "compiled" is then the suit kernel's play
phases, docs/envs.md). For each table both engines play matches of ROUNDS rounds (1 by default;
the transfer or the draft comes from the second) with uniformly random legal moves (as `env_speed` plays them: every
step's observation and mask read by `last()`), in slices of `seconds` of this process's CPU time
(`time.process_time`: other sessions' load takes wall time, not this process's CPU time), the two engines' slices
interleaved ABBA over `rounds` rounds; it prints each engine's median steps per CPU-second, the spread (min-max) and
the median of the per-round ratios compiled/reference. With ``--peer`` (run in the peers' environment, see
`env_speed.py`: ``PYTHONPATH=. /tmp/peers/bin/python benchmarks/aec_tables_speed.py --peer``) each round also
measures OpenSpiel's `dou_dizhu` with its observation tensor, and the ratio compiled/dou_dizhu (issue 28's target:
at least 1 on any table) is taken round by round.

The two drivers ask the same of each decision but the legal moves: OpenSpiel's `legal_actions()` hands its driver
the list of legal actions, PettingZoo's API hands ours an int8 mask (4,219 wide on the suit tables, 225 on
4-player `bga`), which the driver must scan for the same list. So that the driver does not pay for more than
OpenSpiel's is asked, it reads each mask as booleans (`mask.view(bool).nonzero()`, a view of the same bytes, which
numpy scans several bytes at a time; an int8 array it scans one element at a time, about ten times slower on 4,219
bytes).
``--int8`` reads the int8 mask itself (`mask.nonzero()`), as the figures before this option were measured.
Everything else is the same work on both sides: the observation of the agent to act at every decision, a uniform
draw with Python's `random`, one move; OpenSpiel's deal is driven from Python (its chance nodes), ours is `reset`.

A table `elpresidente:PLAYERS[:TEAMS]` (`elpresidente:4`, `elpresidente:6:2v2v2`) is El Presidente's
`el_presidente_v0`, one game a match, on its compiled table and on its reference engine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from env_speed import random_episode  # the same driver as env_speed's AEC figures

from presidente.envs import el_presidente_v0, president_v0


def dou_dizhu_slice(seconds: float, rng: random.Random) -> float | None:
    """OpenSpiel's `dou_dizhu` driven from Python with its observation tensor read at every decision, as
    `env_speed.py`'s `dou-obs` peer: decisions per CPU-second over `seconds`, or None where OpenSpiel is missing."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("dou_dizhu")
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.process_time() - start)


def make_env(table: str, engine: str) -> Any:
    name, players, *rest = table.split(":")
    if name == "elpresidente":  # elpresidente:PLAYERS[:TEAMS]: El Presidente's one-game match (el_presidente_v0)
        teams = rest[0] if rest and rest[0] else None
        return el_presidente_v0.raw_env(players=int(players), teams=teams, engine=engine)
    options: dict[str, Any] = {"rounds": int(rest[1]) if len(rest) > 1 else 1}
    if rest and rest[0]:
        options["decks"] = int(rest[0])
    env = president_v0.raw_env(preset=name, players=int(players), options=options, engine=engine)
    if engine == "compiled":
        assert env.compiled is not None or env.suited is not None
    return env


def cpu_slice(env: Any, seconds: float, seeds: Any, rng: random.Random, as_booleans: bool = False) -> float:
    """Random episodes until `seconds` of CPU time have passed; agent steps per CPU-second."""
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        steps += random_episode(env, next(seeds), rng, as_booleans)
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", nargs="+", default=["bga:6", "bga:8", "bga:4:2"])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--peer", action="store_true", help="OpenSpiel's dou_dizhu with observations, each round")
    parser.add_argument(
        "--int8",
        action="store_true",
        help="the driver scans each int8 action mask itself, not as booleans (the figures before this option)",
    )
    args = parser.parse_args()
    for table in args.tables:
        envs = {engine: make_env(table, engine) for engine in ("compiled", "reference")}
        rng = random.Random(0)
        seeds = iter(range(10**9))
        for env in envs.values():
            random_episode(env, -1, rng)  # numba compiles (or loads its cache) outside the measure
        figures: dict[str, list[float]] = {engine: [] for engine in envs}
        peer: list[float] = []
        for round_number in range(args.rounds):
            order = ("compiled", "reference") if round_number % 2 == 0 else ("reference", "compiled")
            for engine in order:
                figures[engine].append(cpu_slice(envs[engine], args.seconds, seeds, rng, not args.int8))
            measured = dou_dizhu_slice(args.seconds, rng) if args.peer else None
            if measured is not None:
                peer.append(measured)
        ratios = [c / r for c, r in zip(figures["compiled"], figures["reference"], strict=True)]
        shown = {
            engine: f"{statistics.median(values):,.0f} ({min(values):,.0f}-{max(values):,.0f})"
            for engine, values in figures.items()
        }
        print(
            f"{table}: compiled {shown['compiled']}, reference {shown['reference']} agent steps per CPU-s;"
            f" compiled/reference median {statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"
        )
        if peer:
            to_peer = [c / d for c, d in zip(figures["compiled"], peer, strict=True)]
            print(
                f"  OpenSpiel dou_dizhu with observations {statistics.median(peer):,.0f} decisions per CPU-s;"
                f" compiled/dou_dizhu median {statistics.median(to_peer):.2f} ({min(to_peer):.2f}-{max(to_peer):.2f})"
            )


if __name__ == "__main__":
    main()
