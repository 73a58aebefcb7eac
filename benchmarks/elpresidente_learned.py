"""`learned` against `heuristic` at El Presidente, alone and in teams, on duplicate deals with the sides rotated.

    .venv/bin/python benchmarks/elpresidente_learned.py [--deals 1000] [--seed 1] [--workers 1] [--table 4 4:2v2]
        [--bots learned heuristic]

A table is "4" (four players, each alone) or "4:2v2" (two teams of two, seated A B A B). Each deal (a one-game
match from its seed, so the same cards and the same dealer and starter) is played once per side: the first bot
on one side (a seat, or a team's seats), the second bot on every other side, the sides rotated round the table.
The figure, per deal, is the first bot's side's win rate minus the other sides' mean win rate (0: as strong,
positive: stronger; a game ended by the battle limit is won by no one), with its 95% interval over deals. Its
deals (from `--seed`) are not the training's evaluation deals. The machine's load average is printed beside
each figure (neither bot is timed, so load makes it slower, not weaker).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor

from presidente.arena import mean_interval
from presidente.bots.registry import make_bot
from presidente.elpresidente import Rules, State


def parse_table(text: str) -> Rules:
    players, _, teams = text.partition(":")
    return Rules(players=int(players), teams=teams or None)


def play_deal(task: tuple[Rules, str, str, int, int]) -> tuple[float, float, float]:
    """One deal, once per side: (the first bot's wins, the others' wins per side, draws), each per game."""
    rules, first, second, seed, deal = task
    sides = [rules.team_members(team) for team in range(rules.team_count)]
    mine = theirs = draws = 0.0
    for index, side in enumerate(sides):
        bots = [make_bot(first if seat in side else second, "elpresidente") for seat in range(rules.players)]
        rngs = [random.Random(f"elp-learned:{seed}:{deal}:{index}:{seat}") for seat in range(rules.players)]
        state = State(rules, seed * 1_000_003 + deal)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions(), rngs[seat]).action)
        winner = state.game_winners[0]
        draws += winner is None
        mine += winner is not None and winner in side
        theirs += (winner is not None and winner not in side) / (len(sides) - 1)
    return mine / len(sides), theirs / len(sides), draws / len(sides)


def measure(rules: Rules, first: str, second: str, deals: int, seed: int, workers: int) -> str:
    """Plays `deals` deals of `rules`, `first` on each side in turn, and returns the figure as one line."""
    start = time.perf_counter()
    tasks = [(rules, first, second, seed, deal) for deal in range(deals)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play_deal, tasks, chunksize=8))
    else:
        results = [play_deal(task) for task in tasks]
    difference, (low, high) = mean_interval([mine - theirs for mine, theirs, _ in results])
    wins, _ = mean_interval([mine for mine, _, _ in results])
    others = sum(theirs for _, theirs, _ in results) / len(results)
    draws = sum(draw for _, _, draw in results) / len(results)
    verdict = "stronger" if low > 0 else "weaker" if high < 0 else "no difference shown"
    layout = f"teams {rules.teams}" if rules.teams else "each alone"
    loads = " ".join(f"{load:.2f}" for load in os.getloadavg())
    return (
        f"{rules.players} players, {layout}: {first} side wins {wins:.1%}, each {second} side {others:.1%}, "
        f"drawn {draws:.1%}; difference {difference:+.3f} (95% CI {low:+.3f} to {high:+.3f}) -> {verdict}; "
        f"{deals} deals x {rules.team_count} sides, {time.perf_counter() - start:.0f} s, load average {loads}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--table", type=parse_table, nargs="+", default=[parse_table("4"), parse_table("4:2v2")])
    parser.add_argument("--bots", nargs=2, default=["learned", "heuristic"], help="the measured bot, its opponent")
    args = parser.parse_args()
    first, second = args.bots
    for rules in args.table:
        print(measure(rules, first, second, args.deals, args.seed, args.workers), flush=True)


if __name__ == "__main__":
    main()
