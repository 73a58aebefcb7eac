"""Playouts per CPU-second of `strong`'s suit-table playouts (`uecda`) by the heuristic styles and by the learned
policy (`suited_learned`).

    .venv/bin/python benchmarks/suited_learned_speed.py [--positions 16] [--rounds 3] [--preset uecda --players 5]
    .venv/bin/python benchmarks/suited_learned_speed.py --check 10     # the compiled rows and moves, 10 seeds
    .venv/bin/python benchmarks/suited_learned_speed.py --check 10 --preset daifugo --players 4

Positions are taken along seeded heuristic rounds of `--preset` (`uecda`, 5 players by default; a table a shipped
weights file was trained for), the seat to move in the play phase, two moves or more. Each round measures, in
turn (the order turning from round to round), in CPU time of this process (`time.process_time`):

- `playouts`: every legal move of each position played out on the same deals of the hidden cards
  (`determinize.sample_hidden`) by `suited_playout.SuitedPlayouts.play` (strong's styles: `WEAKEST` for the seat,
  `SETS` for the others, the look ahead from `LOOK` cards) and `suited_learned.SuitedLearnedPlayouts.play` (the
  learned policy for the seat, `learned`, or for every seat, `learned-all`; the same look ahead);
- `strong`: `StrongBot(time=0, iterations=N)` searching each position with `rollout=heuristic`, `learned` and
  `learned-all`: what the bot gets, its deals, evidence and race included.

Each learned variant's rate is divided by the heuristic's of the same round before the median and spread are
printed, so that a load that changes during the run weighs on both alike; the load average is printed beside.
`--check N` compares the compiled rows and moves with the Python encoder's (`suited_learned_check.compare`) on N
seeded matches' positions instead.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from rank_playout_speed import spread
from suited_playout_speed import positions_of

from presidente.bots import suited_learned, suited_learned_check, suited_playout
from presidente.bots.card_search import LONG_HAND, MAX_PLAYOUT_MOVES, SETS, WEAKEST
from presidente.bots.determinize import knowledge_of, public_state, sample_hidden
from presidente.bots.strong import LOOK, StrongBot
from presidente.president.actions import Action
from presidente.president.observation import Observation
from presidente.president.rules import Rules, find_preset

Position = tuple[Observation, list[Action]]
VARIANTS = ("heuristic", "learned", "learned-all")


def playout_rate(rules: Rules, found: list[Position], variant: str, deals: int, seed: int) -> float:
    """Playouts per CPU-second of one variant's playouts, every legal move on `deals` deals of each position."""
    done, spent = 0, 0.0
    for index, (observation, legal) in enumerate(found):
        template = public_state(observation, rules)
        knowledge = knowledge_of(observation, rules)
        seat = template.current
        assert seat is not None
        rng = random.Random(seed * 1000 + index)
        hands = []
        for _ in range(deals):
            deal = template.clone()
            sample_hidden(deal, knowledge, rng)
            hands.append(deal.hands)
        playouts: suited_playout.SuitedPlayouts | None
        if variant == "heuristic":
            playouts = suited_playout.SuitedPlayouts.start(
                template, seat, legal, LONG_HAND, MAX_PLAYOUT_MOVES, WEAKEST, SETS, LOOK
            )
        else:
            playouts = suited_learned.SuitedLearnedPlayouts.start_learned(
                template, seat, legal, LONG_HAND, MAX_PLAYOUT_MOVES, SETS, LOOK, observation.gave,
                observation.undealt, variant == "learned-all",
            )  # fmt: skip
        assert playouts is not None
        start = time.process_time()
        for hand in hands:
            playouts.play(hand)
        spent += time.process_time() - start
        done += deals * len(legal)
    return done / spent


def strong_rate(rules: Rules, found: list[Position], variant: str, iterations: int, seed: int) -> float:
    """Playouts per CPU-second of `strong` searching each position at an iteration budget."""
    done, spent = 0, 0.0
    for index, (observation, legal) in enumerate(found):
        bot = StrongBot(time=0, iterations=iterations, rules=rules, rollout=variant)
        start = time.process_time()
        bot.choose(observation, legal, random.Random(seed * 1000 + index))
        spent += time.process_time() - start
        done += bot.last_playouts
    return done / spent


def check(seeds: int, positions: int, preset: str, players: int) -> None:
    checked = suited_learned_check.Checked()
    for seed in range(seeds):
        suited_learned_check.compare(seed, positions, checked, preset, players)
    same = ", ".join(
        f"{name} {count} ({count / max(1, checked.positions):.0%})"
        for name, count in zip(("WEAKEST", "SETS", "SAMPLE"), checked.same_as_bot, strict=True)
    )
    print(
        f"{preset}, {players} players, {seeds} matches: {checked.positions} positions, {checked.rows} action rows"
        " compared;"
        f" {len(checked.differences)} differences ({checked.ties} ties: the network's move and the compiled one"
        " differ, their rows do not); the compiled move is the learned bot's own, by the kernel style"
        f" given as the advice: {same}"
    )
    for difference in checked.differences[:10]:
        print("   ", difference)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--deals", type=int, default=20, help="deals per position of the playouts measure")
    parser.add_argument("--iterations", type=int, default=300, help="strong's playouts per position")
    parser.add_argument("--check", type=int, default=0, help="compare the rows and moves on this many seeds, then stop")
    parser.add_argument("--check-positions", type=int, default=200)
    parser.add_argument("--preset", default="uecda", help="the table (a suit table a weights file was trained for)")
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args()
    # Loads (or compiles, the first time) both kernels before any timing.
    if not suited_playout.ready(wait=True) or not suited_learned.ready(wait=True):
        raise SystemExit("numba is not installed (the envs extra)")
    if args.check:
        check(args.check, args.check_positions, args.preset, args.players)
        return
    rules = find_preset(args.preset)
    found = positions_of(rules, args.players, args.positions)
    print(
        f"{args.preset}, {args.players} players: {len(found)} positions; load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    learned = VARIANTS[1:]
    ratios: dict[str, dict[str, list[float]]] = {m: {v: [] for v in learned} for m in ("playouts", "strong")}
    rates: dict[str, dict[str, list[float]]] = {m: {v: [] for v in VARIANTS} for m in ("playouts", "strong")}
    for round_index in range(args.rounds):
        order = VARIANTS if round_index % 2 == 0 else VARIANTS[::-1]
        for measure in ("playouts", "strong"):
            found_rates = {}
            for variant in order:
                if measure == "playouts":
                    found_rates[variant] = playout_rate(rules, found, variant, args.deals, round_index)
                else:
                    found_rates[variant] = strong_rate(rules, found, variant, args.iterations, round_index)
                rates[measure][variant].append(found_rates[variant])
            for variant in learned:
                ratios[measure][variant].append(found_rates[variant] / found_rates["heuristic"])
            said = ", ".join(
                f"{variant} {found_rates[variant]:,.0f} ({ratios[measure][variant][-1]:.3f}x)" for variant in learned
            )
            print(
                f"round {round_index + 1}, {measure}: heuristic {found_rates['heuristic']:,.0f}, {said}"
                f" playouts/CPU-s; load average {os.getloadavg()[0]:.2f}",
                flush=True,
            )
    for measure in ("playouts", "strong"):
        said = "; ".join(
            f"{variant} {spread(rates[measure][variant])}, ratio {spread(ratios[measure][variant], 3)}x"
            for variant in learned
        )
        print(
            f"{measure}: heuristic {spread(rates[measure]['heuristic'])}; {said} (playouts per CPU-second, median,"
            " least-greatest round)"
        )


if __name__ == "__main__":
    main()
