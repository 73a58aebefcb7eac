"""`learned` against `heuristic` on every table it ships weights for (or the ones named), on duplicate deals.

    .venv/bin/python benchmarks/learned_tables.py [--deals 1000] [--seed 1] [--workers 2] [--table victorz:4 ...]
    .venv/bin/python benchmarks/learned_tables.py --rounds 3 --deals 300 --table college-draft:4
    .venv/bin/python benchmarks/learned_tables.py --table uecda:5 --learned learned:runs/uecda-5p/weights.npz

Each table is an arena of one `learned` against `heuristic` in every other seat: duplicate deals, each played in
every seat rotation, one round each (as `presidente arena` plays them). The figure is learned's mean place minus
the others' mean place, averaged per deal, with its 95% interval: learned is stronger when the whole interval
lies below zero. Its deals (from `--seed`) are not the training's evaluation deals, which chose the shipped
weights. The machine's load average is printed beside each figure (a shared machine runs it slower, not weaker:
neither bot is timed).

A one-round deal has no card exchange (no roles yet), so `--rounds N` (N >= 2) measures the exchange too (the
transfer, the trade, the draft): each deal is an N-round match from the same seed in every rotation, and the
figure is the same difference over the places of rounds 2 to N, the rounds that start with an exchange.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor

from bot_strength import report
from rich.console import Console

from presidente.arena import mean_interval, run_arena
from presidente.bots.learned import SHIPPED_WEIGHTS, load_weights
from presidente.bots.registry import make_bot
from presidente.president.rules import find_preset
from presidente.president.state import new_game


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


def match_difference(task: tuple[str, int, int, int, int, int, str]) -> float:
    """One N-round match of a deal in one rotation (learned in seat `rotation`): learned's mean place over rounds
    2..N minus the others' mean place over the same rounds."""
    preset, players, rounds, deal, rotation, seed, learned = task
    rules = find_preset(preset).replace(rounds=rounds, target_score=0)
    seated = [make_bot(learned if seat == rotation else "heuristic", "president", rules) for seat in range(players)]
    rngs = [random.Random(f"matches:{seed}:{deal}:{rotation}:{seat}") for seat in range(players)]
    state = new_game(rules, players, seed * 1_000_003 + deal)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(seated[seat].choose(state.observation(seat), state.offered_actions(), rngs[seat]).action)
    later = state.results[1:]
    mine = sum(order.index(rotation) + 1 for order in later) / len(later)
    return mine - ((players + 1) / 2 * players - mine) / (players - 1)


def measure_matches(
    preset: str, players: int, rounds: int, deals: int, seed: int, workers: int, learned: str = "learned"
) -> None:
    """`learned` against `heuristic` over the rounds with an exchange of N-round duplicate matches."""
    start = time.perf_counter()
    tasks = [
        (preset, players, rounds, deal, rotation, seed, learned) for deal in range(deals) for rotation in range(players)
    ]
    if workers <= 1:
        differences = [match_difference(task) for task in tasks]
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            differences = list(pool.map(match_difference, tasks, chunksize=8))
    per_deal = [sum(differences[i : i + players]) / players for i in range(0, len(differences), players)]
    difference, (low, high) = mean_interval(per_deal)
    loads = " ".join(f"{load:.2f}" for load in os.getloadavg())
    verdict = "holds" if high < 0 else "NOT shown"
    print(
        f"{preset}, {players} players, rounds 2-{rounds} of {rounds}-round matches: heuristic < learned: place"
        f" difference {difference:+.3f} (95% CI {low:+.3f} to {high:+.3f}) -> {verdict}; {deals} deals x {players}"
        f" rotations, {time.perf_counter() - start:.0f} s; load average {loads}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--table", type=table, action="append", help="PRESET:PLAYERS (default: every shipped one)")
    parser.add_argument("--rounds", type=int, default=1, help="N >= 2: N-round matches, rounds 2..N measured")
    parser.add_argument("--learned", default="learned", help="the learned bot's name: learned:PATH for another file")
    args = parser.parse_args()
    console = Console(stderr=True)
    for preset, players in args.table or shipped_tables():
        if args.rounds > 1:
            measure_matches(preset, players, args.rounds, args.deals, args.seed, args.workers, args.learned)
            continue
        start = time.perf_counter()
        bots = [args.learned, *["heuristic"] * (players - 1)]
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
