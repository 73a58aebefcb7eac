"""The President strength ladder, random < heuristic < ismcts, and the `auto` reference, with 95% intervals.

Each figure is a 4-player `bga` arena of one B against three A (duplicate deals, seats rotated): B's mean
place minus the mean place of the three A, averaged per deal, with its 95% interval (B is stronger when the
interval lies below zero).

`python benchmarks/bot_strength.py ladder [deals]` — the first rung, random < heuristic; then `auto` beside
the ladder: one auto against three random, one heuristic against three auto. `auto` is seed 002's timeout
move ("leading: all of the smallest cards; otherwise: pass"), the server's stand-in for an absent player, not
a rung: it never follows, so it is expected to lose to `random`; it is measured to show by how much.
`python benchmarks/bot_strength.py target [deals] [seconds]` — the second rung, heuristic < ismcts: ismcts at
`seconds` per move (0.1) against three heuristic bots, with its win rate (finishing first) over deals x 4
rotations. Uses both cores.
"""

from __future__ import annotations

import os
import sys
import time

from rich.console import Console

from presidente.arena import ArenaResult, place_difference, run_arena


def load() -> str:
    """The machine's load average, for printing beside a figure (time-budgeted bots search less under load)."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f}"


def report(label: str, result: ArenaResult, seconds: float) -> None:
    difference, (low, high) = place_difference(result, [0])
    strong = result.bots[0]
    verdict = "holds" if high < 0 else "NOT shown"
    print(
        f"{label}: place difference {difference:+.3f} (95% CI {low:+.3f} to {high:+.3f}) -> {verdict}; "
        f"{strong.label} wins {strong.win_rate:.1%} (95% CI {strong.win_rate_ci[0]:.1%}-{strong.win_rate_ci[1]:.1%}) "
        f"of {len(result.games)} rounds ({result.deals} deals), {seconds:.0f} s"
    )


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "ladder"
    deals = int(sys.argv[2]) if len(sys.argv) > 2 else (300 if mode == "ladder" else 500)
    console = Console(stderr=True)
    if mode == "ladder":
        steps = (("ladder", "random", "heuristic"), ("reference", "random", "auto"), ("reference", "auto", "heuristic"))
        for kind, weak, strong in steps:
            start = time.perf_counter()
            result = run_arena("president", [strong, weak, weak, weak], "bga", 4, deals, seed=1, console=console)
            report(f"{kind}: {weak} < {strong}", result, time.perf_counter() - start)
        return
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 0.1
    start = time.perf_counter()
    bots = [f"ismcts:time={seconds}", "heuristic", "heuristic", "heuristic"]
    result = run_arena("president", bots, "bga", 4, deals, seed=2, console=console)
    report(f"ladder: heuristic < ismcts ({seconds * 1000:.0f} ms/move)", result, time.perf_counter() - start)


if __name__ == "__main__":
    main()
