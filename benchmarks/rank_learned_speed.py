"""Playouts per CPU-second of `strong`'s rank-count playouts by the heuristic policy and by the learned one.

    .venv/bin/python benchmarks/rank_learned_speed.py [--positions 16] [--rounds 3] [--depths 0,4]
    .venv/bin/python benchmarks/rank_learned_speed.py --check 10     # the compiled rows and moves, 10 seeds

Positions are taken along seeded heuristic `bga` rounds (4 players, the seat to move in the play phase, two moves or
more). Each round measures, in turn (the order turning from round to round), in CPU time of this process
(`time.process_time`):

- `playouts`: every legal move of each position played out on the same uniform deals of the hidden cards
  (`determinize.Dealer`) by `rank_playout.RankPlayouts.play` (the heuristic) and `rank_learned.LearnedPlayouts.play`
  (the learned policy for the first `depth` moves of each playout, 0: all);
- `strong`: `StrongBot(time=0, iterations=N)` searching each position, `rollout=heuristic` against
  `rollout=learned` at each depth: what the bot gets, its deals, evidence and race included.

Each learned variant's rate is divided by the heuristic's of the same round before the median and spread are
printed, so that a load that changes during the run weighs on both alike; the load average is printed beside.
`--check N` compares the compiled rows and moves with the Python encoder's (`rank_learned_check.compare`) on N
seeded matches' positions instead.
"""

from __future__ import annotations

import argparse
import functools
import os
import random

from rank_playout_speed import Hands, PlayoutMaker, compiled_playouts, playout_rate, spread, strong_rate
from suited_playout_speed import positions_of

from presidente.bots import rank_learned, rank_learned_check, rank_playout
from presidente.bots.playout import Move, Table
from presidente.bots.strong import StrongBot
from presidente.president.rules import find_preset

HEURISTIC = -1  # the variant key of the heuristic's playouts; a depth (0: all moves) for the learned ones


def learned_playouts(depth: int) -> PlayoutMaker:
    def play(public: Table, seat: int, moves: list[Move], hands: list[Hands], _rng: random.Random) -> None:
        learned = rank_learned.LearnedPlayouts.start_learned(public, seat, moves, depth)
        assert learned is not None
        for hand in hands:
            learned.play(hand)

    return play


def check(seeds: int, positions: int) -> None:
    checked = rank_learned_check.Checked()
    for seed in range(seeds):
        rank_learned_check.compare(seed, positions, checked)
    print(
        f"bga, 4 players, {seeds} matches: {checked.positions} positions, {checked.rows} action rows compared;"
        f" {len(checked.differences)} differences; the compiled move is the learned bot's own at"
        f" {checked.same_as_bot} positions"
    )
    for difference in checked.differences[:10]:
        print("   ", difference)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--deals", type=int, default=10, help="deals per position of the playouts measure")
    parser.add_argument("--iterations", type=int, default=300, help="strong's playouts per position")
    parser.add_argument("--depths", default="0,4", help="the learned variants' depths (0: every move)")
    parser.add_argument("--check", type=int, default=0, help="compare the rows and moves on this many seeds, then stop")
    parser.add_argument("--check-positions", type=int, default=200)
    args = parser.parse_args()
    # Loads (or compiles, the first time) both kernels before any timing.
    if not rank_playout.ready(wait=True) or not rank_learned.ready(wait=True):
        raise SystemExit("numba is not installed (the envs extra)")
    if args.check:
        check(args.check, args.check_positions)
        return
    rules = find_preset("bga")
    found = positions_of(rules, 4, args.positions)
    depths = [int(depth) for depth in args.depths.split(",")]
    variants = [HEURISTIC, *depths]
    print(f"bga, 4 players: {len(found)} positions; load average {os.getloadavg()[0]:.2f}", flush=True)
    ratios: dict[str, dict[int, list[float]]] = {"playouts": {d: [] for d in depths}, "strong": {d: [] for d in depths}}
    rates: dict[str, dict[int, list[float]]] = {
        "playouts": {v: [] for v in variants},
        "strong": {v: [] for v in variants},
    }
    for round_index in range(args.rounds):
        order = variants if round_index % 2 == 0 else variants[::-1]
        for measure in ("playouts", "strong"):
            found_rates = {}
            for variant in order:
                if measure == "playouts":
                    play = compiled_playouts if variant == HEURISTIC else learned_playouts(variant)
                    found_rates[variant] = playout_rate(rules, found, play, args.deals, round_index)
                else:
                    make_bot = functools.partial(
                        StrongBot,
                        time=0,
                        iterations=args.iterations,
                        rules=rules,
                        rollout="heuristic" if variant == HEURISTIC else "learned",
                        depth=max(0, variant),
                    )
                    found_rates[variant] = strong_rate(rules, found, make_bot, round_index)
                rates[measure][variant].append(found_rates[variant])
            for depth in depths:
                ratios[measure][depth].append(found_rates[depth] / found_rates[HEURISTIC])
            learned = ", ".join(
                f"learned depth {depth} {found_rates[depth]:,.0f} ({ratios[measure][depth][-1]:.3f}x)"
                for depth in depths
            )
            print(
                f"round {round_index + 1}, {measure}: heuristic {found_rates[HEURISTIC]:,.0f}, {learned}"
                f" playouts/CPU-s; load average {os.getloadavg()[0]:.2f}",
                flush=True,
            )
    for measure in ("playouts", "strong"):
        learned = "; ".join(
            f"learned depth {depth} {spread(rates[measure][depth])}, ratio {spread(ratios[measure][depth], 3)}x"
            for depth in depths
        )
        print(
            f"{measure}: heuristic {spread(rates[measure][HEURISTIC])}; {learned} (playouts per CPU-second, median,"
            " least-greatest round)"
        )


if __name__ == "__main__":
    main()
