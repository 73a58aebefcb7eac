"""Rank-count playouts per CPU-second: `playout.Table` (pure Python) against the compiled kernel (`rank_kernel`).

    .venv/bin/python benchmarks/rank_playout_speed.py [--preset bga] [--players 4] [--positions 24] [--rounds 5]
    .venv/bin/python benchmarks/rank_playout_speed.py --check 20      # both paths compared, 20 seeds per table

Positions are taken along seeded heuristic rounds (the seat to move in the play phase, two moves or more). Each
round measures both paths in turn (which goes first alternates from round to round), in CPU time of this process
(`time.process_time`), two ways:

- `playouts`: the same deals of the hidden cards (uniform, `determinize.Dealer`) on both paths, every legal move of
  the position played out on each by the playout policy until the seat's place is settled (`Table.copy` + `play` +
  `playout(watched=seat)`, against `RankPlayouts.play`): the playouts alone;
- `strong`: `StrongBot(time=0, iterations=N, compiled=...)` searching each position (deals weighed by the other
  seats' moves, the race, exact endgames): what the bot gets, its deals and evidence included. One playout is one
  move on one deal, as the bot counts them (a deal met again is looked up).

The ratio is taken within each round before its median and spread are printed, so that a load that changes during
the run weighs on both paths alike; the load average is printed beside. Both paths give the same places and the
same choices (tests/bots/test_rank_playout.py; `--check` compares them on more positions, every covered table).
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import statistics
import time
from collections.abc import Callable

from suited_playout_speed import positions_of

from presidente.bots import rank_check, rank_playout
from presidente.bots.determinize import Dealer, knowledge_of, public_state
from presidente.bots.playout import Move, Table
from presidente.bots.strong import StrongBot
from presidente.president.actions import Action
from presidente.president.observation import Observation
from presidente.president.rules import Rules, find_preset

Position = tuple[Observation, list[Action]]


Hands = list[list[int]]
# Plays every move of `moves` out from `public` (its seat `seat` to move) on each deal of `hands`.
PlayoutMaker = Callable[[Table, int, list[Move], list[Hands], random.Random], None]


def playout_rate(rules: Rules, found: list[Position], play: PlayoutMaker, deals: int, seed: int) -> float:
    """Playouts per CPU-second of `play`, every legal move on `deals` uniform deals of each position."""
    done, spent = 0, 0.0
    for index, (observation, _legal) in enumerate(found):
        template = public_state(observation, rules)
        dealer, rng = Dealer(template, knowledge_of(observation, rules)), random.Random(seed * 1000 + index)
        public = Table.from_state(template)
        seat = public.current
        assert seat is not None
        hands = [dealer.deal(rng) for _ in range(deals)]
        moves = public.copy(hands[0]).legal_moves()
        start = time.process_time()
        play(public, seat, moves, hands, rng)
        spent += time.process_time() - start
        done += deals * len(moves)
    return done / spent


def compiled_playouts(public: Table, seat: int, moves: list[Move], hands: list[Hands], _rng: random.Random) -> None:
    playouts = rank_playout.RankPlayouts(public, seat, moves)
    for hand in hands:
        playouts.play(hand)


def table_playouts(public: Table, seat: int, moves: list[Move], hands: list[Hands], rng: random.Random) -> None:
    for hand in hands:
        base = public.copy(hand)
        for move in moves:
            table = base.copy()
            table.play(move)
            if not table.over:
                table.playout(rng, 1 << 30, seat)


def strong_rate(rules: Rules, found: list[Position], make_bot: Callable[[], StrongBot], seed: int) -> float:
    """Playouts per CPU-second of the bots `make_bot` makes (one per position, each at an iteration budget)."""
    done, spent = 0, 0.0
    for index, (observation, legal) in enumerate(found):
        bot = make_bot()
        start = time.process_time()
        bot.choose(observation, legal, random.Random(seed * 1000 + index))
        spent += time.process_time() - start
        done += bot.last_playouts
    return done / spent


def spread(values: list[float], digits: int = 0) -> str:
    return f"{statistics.median(values):,.{digits}f} ({min(values):,.{digits}f}-{max(values):,.{digits}f})"


def check(seeds: int) -> None:
    """Both paths compared on `seeds` matches of each covered preset at 3, 4 and 5 players (where it is played)."""
    for preset in ("bga", "victorz", "trump-jokers", "college"):
        rules = find_preset(preset)
        for players in (3, 4, 5):
            if not rules.min_players <= players <= rules.max_players:
                continue
            totals = rank_check.Checked()
            for seed in range(seeds):
                checked = rank_check.compare(rules, players, seed)
                totals.positions += checked.positions
                totals.places += checked.places
                totals.moves += checked.moves
                totals.differences += checked.differences
            print(
                f"{preset}, {players} players, {seeds} matches: {totals.positions} positions, {totals.places} places,"
                f" {totals.moves} policy moves compared; {len(totals.differences)} differences",
                flush=True,
            )
            for difference in totals.differences[:5]:
                print("   ", difference)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="bga")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--deals", type=int, default=20, help="deals per position of the playouts measure")
    parser.add_argument("--iterations", type=int, default=1500, help="strong's playouts per position")
    parser.add_argument("--check", type=int, default=0, help="compare both paths on this many seeds, then stop")
    args = parser.parse_args()
    if not rank_playout.ready(wait=True):  # loads (or compiles, the first time) the kernel before any timing
        raise SystemExit("numba is not installed (the envs extra): only the Table path can run")
    if args.check:
        check(args.check)
        return
    rules = find_preset(args.preset)
    found = positions_of(rules, args.players, args.positions)
    print(f"{args.preset}, {args.players} players: {len(found)} positions; load average {os.getloadavg()[0]:.2f}")
    rates: dict[str, dict[bool, list[float]]] = {"playouts": {True: [], False: []}, "strong": {True: [], False: []}}
    ratios: dict[str, list[float]] = {"playouts": [], "strong": []}
    for round_index in range(args.rounds):
        order = [False, True] if round_index % 2 == 0 else [True, False]
        for measure in ("playouts", "strong"):
            found_rates = {}
            for compiled in order:
                if measure == "playouts":
                    play = compiled_playouts if compiled else table_playouts
                    found_rates[compiled] = playout_rate(rules, found, play, args.deals, round_index)
                else:
                    make_bot = functools.partial(
                        StrongBot, time=0, iterations=args.iterations, rules=rules, compiled=compiled
                    )
                    found_rates[compiled] = strong_rate(rules, found, make_bot, round_index)
                rates[measure][compiled].append(found_rates[compiled])
            ratios[measure].append(found_rates[True] / found_rates[False])
            print(
                f"round {round_index + 1}, {measure}: Table {found_rates[False]:,.0f}, compiled"
                f" {found_rates[True]:,.0f} playouts/CPU-s, ratio {ratios[measure][-1]:.2f}x;"
                f" load average {os.getloadavg()[0]:.2f}",
                flush=True,
            )
    for measure in ("playouts", "strong"):
        print(
            f"{measure}: Table {spread(rates[measure][False])}, compiled {spread(rates[measure][True])} playouts per"
            f" CPU-second (median, least-greatest round); ratio {spread(ratios[measure], 2)}x"
        )


if __name__ == "__main__":
    main()
