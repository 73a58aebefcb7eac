"""`learned` against `heuristic` on every table it ships weights for (or the ones named), on duplicate deals.

    .venv/bin/python benchmarks/learned_tables.py [--deals 1000] [--seed 1] [--workers 2] [--table victorz:4 ...]

Each table is an arena of one `learned` against `heuristic` in every other seat: duplicate deals, each played in
every seat rotation, one round each (as `presidente arena` plays them). The figure is learned's mean place minus
the others' mean place, averaged per deal, with its 95% interval: learned is stronger when the whole interval
lies below zero. Its deals (from `--seed`) are not the training's evaluation deals, which chose the shipped
weights. The machine's load average is printed beside each figure (a shared machine runs it slower, not weaker:
neither bot is timed).
"""

from __future__ import annotations

import argparse
import os
import time

from bot_strength import report
from rich.console import Console

from presidente.arena import run_arena
from presidente.bots.learned import SHIPPED_WEIGHTS, load_weights


def shipped_tables() -> list[tuple[str, int]]:
    """(preset, players) of every shipped weights file."""
    return [
        (preset, players)
        for file in SHIPPED_WEIGHTS
        for weights in [load_weights(file)]
        for preset in weights.presets
        for players in weights.players
    ]


def table(text: str) -> tuple[str, int]:
    preset, _, players = text.partition(":")
    return preset, int(players or 4)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--table", type=table, action="append", help="PRESET:PLAYERS (default: every shipped one)")
    args = parser.parse_args()
    console = Console(stderr=True)
    for preset, players in args.table or shipped_tables():
        start = time.perf_counter()
        bots = ["learned", *["heuristic"] * (players - 1)]
        result = run_arena(
            "president", bots, preset, players, args.deals, seed=args.seed, workers=args.workers, console=console
        )
        loads = " ".join(f"{load:.2f}" for load in os.getloadavg())
        report(f"{preset}, {players} players: heuristic < learned", result, time.perf_counter() - start)
        print(
            f"  learned's mean place {result.bots[0].mean_place:.3f} "
            f"(95% CI {result.bots[0].mean_place_ci[0]:.3f}-{result.bots[0].mean_place_ci[1]:.3f}); "
            f"load average {loads}"
        )


if __name__ == "__main__":
    main()
