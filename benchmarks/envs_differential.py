"""Thousands of seeded matches played through the fast engines and the reference engine side by side.

    .venv/bin/python benchmarks/envs_differential.py [matches] [first_seed] [batch] [preset] [--aec]

Plays `matches` (default 1000) whole matches of `preset` (`bga` by default, `victorz`, `trump-jokers`,
`college`), `batch` (default 100) at a time, with uniformly random legal moves, comparing before and after every
move the legal-action set, the state and the rewards of the vectorized engine and the reference engine
(`presidente.envs.vector_check`); prints what the matches went through, or stops at the first difference.

With ``--aec`` it compares `president_v0` on the compiled table with `president_v0` on the reference engine
instead (`presidente.envs.compiled_check`): each seed's whole match with score rewards, then its first two
rounds as a two-round match with place rewards (the last round terminates seats as their places settle),
every agent's observation and mask, the rewards, cumulative rewards and terminations before every step, and
every 25 steps the reference `State` rebuilt from the compiled table's moves.
"""

from __future__ import annotations

import sys
import time

from presidente.envs.compiled_check import AecCoverage, play_aec_side_by_side
from presidente.envs.vector_check import Coverage, play_side_by_side
from presidente.president import find_preset


def main() -> None:
    aec = "--aec" in sys.argv
    args = [arg for arg in sys.argv[1:] if arg != "--aec"]
    matches = int(args[0]) if len(args) > 0 else 1000
    first = int(args[1]) if len(args) > 1 else 0
    batch = int(args[2]) if len(args) > 2 else 100
    rules = find_preset(args[3] if len(args) > 3 else "bga")
    seeds = f"seeds {first} to {first + matches - 1}"
    start = time.perf_counter()
    if aec:
        whole, short = AecCoverage(), AecCoverage()
        for begin in range(first, first + matches, batch):
            chunk = range(begin, min(begin + batch, first + matches))
            for total, done in (
                (whole, play_aec_side_by_side(chunk, rules, "score", begin, state_every=25)),
                (short, play_aec_side_by_side(chunk, rules.replace(rounds=2), "place", begin, state_every=25)),
            ):
                for field in ("matches", "rounds", "steps", "early_terminations", "state_checks"):
                    setattr(total, field, getattr(total, field) + getattr(done, field))
        seconds = time.perf_counter() - start
        print(f"{rules.name}, president_v0 compiled against reference: no difference, {seeds} ({seconds:.0f} s):")
        for label, total in (("whole matches, score rewards", whole), ("two-round matches, place rewards", short)):
            print(
                f"  {label}: {total.matches} matches, {total.rounds} rounds, {total.steps} agent steps,"
                f" {total.early_terminations} seats terminated early, {total.state_checks} rebuilt states compared"
            )
        return
    total = Coverage()
    for begin in range(first, first + matches, batch):
        done = play_side_by_side(range(begin, min(begin + batch, first + matches)), rules, choice_seed=begin)
        for field in ("matches", "rounds", "moves", "transfers", "downfalls", "illegal_finishes", "revolutions"):
            setattr(total, field, getattr(total, field) + getattr(done, field))
    seconds = time.perf_counter() - start
    print(f"{rules.name}: no difference in {total.matches} matches, {seeds} ({seconds:.0f} s):")
    print(f"  {total.rounds} rounds (deals), {total.moves} moves, {total.transfers} transfers,")
    print(f"  {total.downfalls} downfalls, {total.illegal_finishes} illegal finishes, {total.revolutions} revolutions")


if __name__ == "__main__":
    main()
