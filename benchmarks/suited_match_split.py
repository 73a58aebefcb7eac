"""Where the CPU time of whole matches on a suit table's AEC environment goes: between play phases against the
play phases themselves.

    PYTHONPATH=. /tmp/peers/bin/python benchmarks/suited_match_split.py [--tables uecda:5::3 daifugo:4::3]
        [--matches 1500]

A table is as `aec_tables_speed.py` names it (PRESET:PLAYERS[:DECKS[:ROUNDS]]), played on the compiled path (the
suit kernel's play phases) by `env_speed.random_episode` with the masks read as booleans, as
`aec_tables_speed.py` plays it. The environment's methods that run between play phases are wrapped with a CPU
clock (`time.process_time`, read only around those calls, a few a match): the reset (the first round dealt on the
kernel), the kernel's round end (the engine's `end_round_as`: scores, the next deal, roles, the transfer's forced
gives; for the first round, `new_game` of the seed first), the match's end, the engine's moves (the transfer's
gives the seats choose, and the kernel taking the next play phase after them) and the observations and masks
encoded from the engine's `State` while the kernel is off (the gives' positions). What is left is the play
phases' agent steps, their observations and the driver. Below each table, the same calls by what they do inside
(nested: each is part of a line above): the engine's `new_game`, `end_round_as`, `_deal` (the shuffle; all three
deals of a three-round match), the kernel's `enter` (the play phase's blocks encoded for every seat), and the
gives' masks and observations.
"""

from __future__ import annotations

import argparse
import collections
import random
import time
from collections.abc import Callable
from typing import Any

from aec_tables_speed import make_env
from env_speed import random_episode

from presidente.envs import president_v0, suited_table
from presidente.president.state import State

clock = time.process_time


def wrap(
    owner: Any, name: str, label: str, spent: collections.defaultdict[str, float], calls: collections.Counter[str]
) -> None:
    original: Callable[..., Any] = getattr(owner, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = clock()
        try:
            return original(*args, **kwargs)
        finally:
            spent[label] += clock() - start
            calls[label] += 1

    setattr(owner, name, timed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", nargs="+", default=["uecda:5::3", "daifugo:4::3"])
    parser.add_argument("--matches", type=int, default=1500)
    args = parser.parse_args()
    spent: collections.defaultdict[str, float] = collections.defaultdict(float)
    calls: collections.Counter[str] = collections.Counter()
    env_class = president_v0.raw_env
    phases = (
        ("_reset_suited", "reset (the first round dealt on the kernel)"),
        ("_round_over_on_kernel", "round end on the engine (end_round_as, the next deal)"),
        ("_match_over_on_kernel", "match end"),
        ("_act", "engine moves (the transfer's gives) and the kernel's enter after them"),
    )
    for name, label in phases:
        wrap(env_class, name, label, spent, calls)
    off_kernel = "observations and masks off the kernel (the gives' positions)"
    observe = env_class.observe

    def observe_timed(self: president_v0.raw_env, agent: str) -> Any:
        if self._kernel_live:
            return observe(self, agent)
        start = clock()
        try:
            return observe(self, agent)
        finally:
            spent[off_kernel] += clock() - start
            calls[off_kernel] += 1

    env_class.observe = observe_timed  # type: ignore[method-assign]
    inside = (
        (president_v0, "new_game", "engine new_game (the first round again, at its end)"),
        (State, "end_round_as", "engine end_round_as"),
        (State, "_deal", "engine _deal (its shuffle)"),
        (suited_table.SuitedTable, "enter", "kernel enter (tried at each engine move)"),
        (env_class, "_mask", "gives' masks"),
        (env_class, "_encode", "gives' observations"),
    )
    for owner, name, label in inside:
        wrap(owner, name, label, spent, calls)
    for table in args.tables:
        env = make_env(table, "compiled")
        rng = random.Random(0)
        random_episode(env, -1, rng)  # numba compiles (or loads its cache) outside the measure
        spent.clear()
        calls.clear()
        steps, start = 0, clock()
        for seed in range(args.matches):
            steps += random_episode(env, seed, rng, True)
        total = clock() - start
        print(
            f"{table}: {args.matches} matches, {steps:,} agent steps, {total:.2f} CPU-s,"
            f" {total / args.matches * 1e6:,.0f} us a match, {steps / total:,.0f} agent steps per CPU-s"
        )
        between = 0.0
        for _, label in (*phases, (None, off_kernel)):
            between += spent[label]
            print(f"  {label}: {spent[label] / total:.1%} ({calls[label] / args.matches:.1f} a match)")
        print(f"  between play phases, all: {between / total:.1%}")
        print(f"  the rest (play phases' steps, their observations, the driver): {1 - between / total:.1%}")
        for _, _, label in inside:
            print(
                f"    inside: {label}: {spent[label] / total:.1%}"
                f" ({calls[label] / args.matches:.1f} a match, {spent[label] / max(calls[label], 1) * 1e6:.0f} us each)"
            )


if __name__ == "__main__":
    main()
