"""Two variants of one bot on the same rank-count deals, each in one seat against three fixed bots (issue 30): a
paired benchmark of `strong`'s options on `bga` and its kin, as `uecda_paired.py` is for UECda.

Each unit is one deal of `--preset` (4 players, one round: `presidente arena`'s duplicate deal, drawn from the seed
and the deal's number) with the variant in seat `rotation` and `--others` (default `learned`) in the three other
seats, every seat's random numbers drawn from the deal, the rotation and the seat: each deal is played in the four
rotations, once by variant A and once by B, so both meet the same cards in the same seat against the same bots.
A unit's figure is the variant's place (1 first, 4 last); B - A is the mean over deals of the rotations' mean
difference in place, with its 95% normal interval (below zero: B finished ahead).

`.venv/bin/python benchmarks/rank_paired.py --a SPEC --b SPEC [--others learned] [--preset bga] [--deals N]
[--seconds S] [--workers W] [--seed K]` — give both variants `clock=cpu` (`strong`'s option: its budget counted on
the searching thread's CPU time), so the machine's load does not change how long they search. Bounded by `--deals`
(200) and `--seconds` of wall time (3,600; deals not finished by both variants in every rotation are left out).
Printed: each variant's mean place and CPU ms a decision (every decision it was asked, forced ones included), the
paired difference, the deals played, the load average before and after. Each worker loads the compiled kernels
(numba, the `envs` extra) before it plays, so no search plays on the Python path while they compile.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_strength import load
from paired import play_bounded

from presidente.arena import mean_interval
from presidente.bots.registry import make_bot
from presidente.president.rules import find_preset
from presidente.president.state import new_game

PLAYERS = 4
DEFAULT_SPEC = "strong:time=0.1,clock=cpu"


@dataclass(frozen=True)
class Unit:
    """One deal played by one variant in seat `rotation`: its place (1 first), its decisions and their CPU seconds."""

    deal: int
    rotation: int
    variant: int
    place: int
    moves: int
    cpu: float


def play_unit(spec: str, others: str, preset: str, variant: int, deal: int, rotation: int, seed: int) -> Unit:
    """One round of `preset`, the variant `spec` in seat `rotation`, `others` in the other seats."""
    rules = find_preset(preset).replace(rounds=1, target_score=0)
    seated = [make_bot(spec if seat == rotation else others, "president", rules) for seat in range(PLAYERS)]
    rngs = [random.Random(f"rank-paired:{seed}:{deal}:{rotation}:{seat}") for seat in range(PLAYERS)]
    state = new_game(rules, PLAYERS, seed * 1_000_003 + deal)
    moves, cpu = 0, 0.0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        legal = state.offered_actions()
        observation = state.observation(seat)
        start = time.thread_time()
        action = seated[seat].choose(observation, legal, rngs[seat]).action
        if seat == rotation:
            cpu += time.thread_time() - start
            moves += 1
        state.apply(action)
    return Unit(deal, rotation, variant, state.results[-1].index(rotation) + 1, moves, cpu)


def _warm() -> None:
    """A worker's start: the rank-count kernels loaded (or compiled) before any search."""
    from presidente.bots import compiled_search, rank_playout

    rank_playout.ready(wait=True)
    compiled_search.ready(wait=True)


def run(
    specs: tuple[str, str], others: str, preset: str, deals: int, seconds: float, workers: int, seed: int
) -> dict[int, dict[tuple[int, int], Unit]]:
    """Every deal played by both variants in every rotation, within `seconds` of wall time: units started in order
    (a deal's rotations, A then B); only deals finished whole are returned, by deal and (rotation, variant)."""
    tasks = [
        (specs[variant], others, preset, variant, deal, rotation, seed)
        for deal in range(deals)
        for rotation in range(PLAYERS)
        for variant in (0, 1)
    ]
    done: dict[int, dict[tuple[int, int], Unit]] = {}
    for unit in play_bounded(play_unit, tasks, seconds, workers, _warm):
        done.setdefault(unit.deal, {})[(unit.rotation, unit.variant)] = unit
    return {deal: units for deal, units in done.items() if len(units) == 2 * PLAYERS}


def report(specs: tuple[str, str], played: dict[int, dict[tuple[int, int], Unit]]) -> None:
    if not played:
        print("no deal finished by both variants in every rotation")
        return
    deals = sorted(played)
    for variant, label in ((0, "A"), (1, "B")):
        units = [played[deal][(rotation, variant)] for deal in deals for rotation in range(PLAYERS)]
        mean, (low, high) = mean_interval([float(unit.place) for unit in units])
        won = sum(unit.place == 1 for unit in units) / len(units)
        moves = sum(unit.moves for unit in units)
        cpu = 1000 * sum(unit.cpu for unit in units) / max(1, moves)
        print(
            f"{label} {specs[variant]}: mean place {mean:.3f} ({low:.3f} to {high:.3f}), {won:.1%} "
            f"first, {len(units)} rounds, {cpu:.1f} ms of CPU a decision ({moves} decisions)"
        )
    differences = [
        sum(played[deal][(rotation, 1)].place - played[deal][(rotation, 0)].place for rotation in range(PLAYERS))
        / PLAYERS
        for deal in deals
    ]
    mean, (low, high) = mean_interval(differences)
    verdict = "B better" if high < 0 else "A better" if low > 0 else "no difference shown"
    changed = sum(
        played[deal][(rotation, 1)].place != played[deal][(rotation, 0)].place
        for deal in deals
        for rotation in range(PLAYERS)
    )
    print(
        f"B - A: {mean:+.3f} places ({low:+.3f} to {high:+.3f}) over {len(deals)} deals x {PLAYERS} "
        f"rotations ({changed} rounds placed differently): {verdict}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--a", default=DEFAULT_SPEC, help=f"variant A (default {DEFAULT_SPEC})")
    parser.add_argument("--b", default=DEFAULT_SPEC, help="variant B (default: A's default, an A/A run)")
    parser.add_argument("--others", default="learned", help="the bot in the three other seats (default learned)")
    parser.add_argument("--preset", default="bga", help="a rank-count preset (default bga)")
    parser.add_argument("--deals", type=int, default=200, help="deals, each in 4 rotations (default 200)")
    parser.add_argument("--seconds", type=float, default=3600.0, help="wall-time bound (default 3600)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="the deals' seed (default 1)")
    arguments = parser.parse_args()
    specs = (arguments.a, arguments.b)
    rules = find_preset(arguments.preset)
    for spec in (*specs, arguments.others):
        make_bot(spec, "president", rules)  # a bad name or option fails here, before any round
    start, before = time.monotonic(), load()
    played = run(
        specs,
        arguments.others,
        arguments.preset,
        arguments.deals,
        arguments.seconds,
        arguments.workers,
        arguments.seed,
    )
    print(f"{time.monotonic() - start:.0f} s of wall time; {before} before, {load()} after")
    report(specs, played)


if __name__ == "__main__":
    main()
