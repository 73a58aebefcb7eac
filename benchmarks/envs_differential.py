"""Thousands of seeded matches played through the vectorized engine and the reference engine side by side.

    .venv/bin/python benchmarks/envs_differential.py [matches] [first_seed] [batch] [preset]

Plays `matches` (default 1000) whole matches of `preset` (`bga` by default, `victorz`, `trump-jokers`,
`college`), `batch` (default 100) at a time, with uniformly random legal moves, comparing before and after every
move the legal-action set, the state and the rewards (`presidente.envs.vector_check`); prints what the matches
went through, or stops at the first difference.
"""

from __future__ import annotations

import sys
import time

from presidente.envs.vector_check import Coverage, play_side_by_side
from presidente.president import find_preset


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    batch = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    rules = find_preset(sys.argv[4] if len(sys.argv) > 4 else "bga")
    total = Coverage()
    start = time.perf_counter()
    for begin in range(first, first + matches, batch):
        seeds = range(begin, min(begin + batch, first + matches))
        done = play_side_by_side(seeds, rules, choice_seed=begin)
        for field in ("matches", "rounds", "moves", "transfers", "downfalls", "illegal_finishes", "revolutions"):
            setattr(total, field, getattr(total, field) + getattr(done, field))
    seconds = time.perf_counter() - start
    seeds = f"seeds {first} to {first + matches - 1}"
    print(f"{rules.name}: no difference in {total.matches} matches, {seeds} ({seconds:.0f} s):")
    print(f"  {total.rounds} rounds (deals), {total.moves} moves, {total.transfers} transfers,")
    print(f"  {total.downfalls} downfalls, {total.illegal_finishes} illegal finishes, {total.revolutions} revolutions")


if __name__ == "__main__":
    main()
