"""`strong` against `ismcts`, two and two at alternate seats, at the same time per move (issue 30's target).

    .venv/bin/python benchmarks/strong_strength.py [--deals 60] [--seconds 0.1] [--preset bga] [--workers 2]
                                                   [--seed 3] [--opponent ismcts]

A 4-player arena of duplicate deals, each played in the 4 seat rotations, one round each (as `presidente arena`
plays them): the strong pair's mean place minus the opponents', averaged per deal, with its 95% interval (strong
is stronger when the whole interval lies below zero). Both bots think `--seconds` a move, on the wall clock by
default, so the machine's load weakens both; the load average is printed before and after, beside the figure.
`--strong` names the strong bot's spec (options of its own, say `strong:solve=0` to measure the race alone), and
`--opponent` the other's: `--strong strong:clock=cpu --opponent ismcts:clock=cpu` counts both budgets on the
searching thread's CPU time, so that the load lengthens the run but weakens neither bot. A spec that names its own
`time` keeps it (`--strong ismcts:clock=cpu,time=0.4 --opponent ismcts:clock=cpu`: what four times the time gives).

`--positions N` first times both bots' moves on the same N searched positions of `--preset` (from heuristic rounds),
one after the other in this process: the race stops early when one move is clearly best, so `strong` often answers
before its time is up.
"""

from __future__ import annotations

import argparse
import time

from bot_ladder import Table, decisions, move_times
from bot_strength import load

from presidente.arena import place_difference, run_arena
from presidente.bots.ismcts import move_key
from presidente.president.actions import Action
from presidente.president.observation import Observation
from presidente.president.state import Phase


def searched(observation: Observation, legal: list[Action]) -> bool:
    """A play-phase decision with two moves or more."""
    return observation.phase == Phase.PLAY and len({move_key(action) for action in legal}) > 1


def load_kernels() -> None:
    """Load the compiled playouts before any timing (they load in a thread of their own at a bot's first search,
    whose first moves would play without them)."""
    try:
        from presidente.bots import rank_learned, rank_playout, suited_learned, suited_playout
    except ImportError:  # numba comes with the optional `envs` extra
        return
    for kernel in (rank_playout, rank_learned, suited_playout, suited_learned):
        kernel.ready(wait=True)


def time_per_move(count: int, strong: str, opponent: str, preset: str) -> None:
    table = Table(preset, 4)
    found = decisions(table, count, seed=70_000, keep=searched)
    load_kernels()
    spent = move_times([strong, opponent], table, found)
    shown = ", ".join(f"{spec} {1000 * wall:.1f} ms ({1000 * cpu:.1f} CPU)" for spec, (wall, cpu) in spent.items())
    print(f"time per move on {count} searched {preset} positions: {shown}; {load()}", flush=True)


def with_time(spec: str, seconds: float) -> str:
    """`spec` thinking `seconds` a move, unless it names its own `time`."""
    if "time=" in spec:
        return spec
    return f"{spec}{',' if ':' in spec else ':'}time={seconds}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=0.1, help="time per move of both bots")
    parser.add_argument("--preset", default="bga")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--strong", default="strong", help="the strong bot's spec (its own time= kept)")
    parser.add_argument("--opponent", default="ismcts", help="the other pair's bot (its own time= kept)")
    parser.add_argument("--positions", type=int, default=0, help="positions timed for ms per move first")
    args = parser.parse_args()
    strong, opponent = (with_time(spec, args.seconds) for spec in (args.strong, args.opponent))
    if args.positions > 0:
        time_per_move(args.positions, strong, opponent, args.preset)
    if args.deals < 1:
        return
    print(f"{strong} vs {opponent}, {args.preset}, {args.deals} deals x 4 rotations; before: {load()}", flush=True)
    start = time.perf_counter()
    result = run_arena(
        "president", [strong, opponent, strong, opponent], args.preset, 4, args.deals, args.seed, args.workers
    )
    difference, (low, high) = place_difference(result, [0, 2])
    verdict = "strong stronger" if high < 0 else "opponent stronger" if low > 0 else "no difference shown"
    elapsed = time.perf_counter() - start
    print(
        f"place difference {difference:+.3f} (95% CI {low:+.3f} to {high:+.3f}) -> {verdict}; "
        f"{len(result.games)} rounds ({args.deals} deals), {elapsed:.0f} s wall on {args.workers} workers; "
        f"after: {load()}"
    )


if __name__ == "__main__":
    main()
