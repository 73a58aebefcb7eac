"""Two variants of one of our bots compared on the same UECda games, in-process (issue 30): a paired benchmark that
tells apart differences `benchmarks/uecda_strength.py` cannot (on `tndhms` the deals are the server's, so 1,000 games
are ±0.07 points a game, and two variants never see the same cards).

Each unit is one match of `--games` games of the `uecda` preset (5 players; the first game without exchange, as
after each of `tndhms`'s rank resets; seats shuffled every 3 games; each game's deal drawn from the match's seed
and the game's number, whatever was played before) with our bot in one seat and the official sample client's
policy (`uecda_sample_bot.SampleClientBot`, beside this script) in the four others. Every match is played with our
bot in each of the five seats (rotations), once with variant A and once with variant B, on the same seeds: the
same deals and the same game sequence, the exchanges following each variant's own places. Points are UECda's,
5/4/3/2/1 by place. A unit's figure is our seat's mean points a game over its match; the paired difference B - A
is averaged over units with its 95% interval (a normal interval over the units' differences).

`.venv/bin/python benchmarks/uecda_paired.py --a SPEC --b SPEC [--matches N] [--games G] [--seconds S]
[--workers W] [--seed K]` — defaults: A `strong:time=0.1,clock=cpu`, B the same (an A/A run, whose interval
should hold zero), 20 matches of 10 games (x 5 rotations x 2 variants = 2,000 games), at most 3,600 s of wall time
(units not finished by then are left out, both variants together), 2 worker processes. Give the bots a CPU clock
(`clock=cpu`): each worker's bot then searches as long whatever the load. Printed: each variant's points a game
and CPU ms a move of our seat, the paired difference, the units and games played, the load average before and
after. Each worker waits for the suit kernel to be loaded before it plays, so no search runs on the engine path.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_strength import load
from paired import play_bounded
from uecda_sample_bot import SampleClientBot

from presidente.arena import mean_interval
from presidente.bots.registry import make_bot
from presidente.president.rules import find_preset
from presidente.president.state import new_game

PLAYERS = 5
DEFAULT_SPEC = "strong:time=0.1,clock=cpu"


@dataclass(frozen=True)
class Unit:
    """One match played by one variant with our bot in seat `rotation`: its points a game, our bot's decisions and
    their CPU seconds."""

    match: int
    rotation: int
    variant: int
    points: tuple[int, ...]
    moves: int
    cpu: float


def play_unit(spec: str, variant: int, match: int, rotation: int, games: int, seed: int, single: bool = False) -> Unit:
    """One match of `games` games of `uecda`, our bot `spec` in seat `rotation`, sample clients elsewhere. `single`:
    one game counted, the match's second, after a first game played by five sample clients (whose places give the
    exchange's roles: the same for both variants and every rotation)."""
    rules = dataclasses.replace(find_preset("uecda"), rounds=2 if single else games)
    ours = make_bot(spec, "president", rules)
    sample = SampleClientBot()
    rngs = [random.Random(f"uecda-paired:{seed}:{match}:{rotation}:{seat}") for seat in range(PLAYERS)]
    state = new_game(rules, PLAYERS, seed * 1_000_003 + match)
    moves, cpu = 0, 0.0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        legal = state.offered_actions()
        observation = state.observation(seat)
        if seat == rotation and not (single and state.round_number == 1):
            start = time.thread_time()
            action = ours.choose(observation, legal, rngs[seat]).action
            cpu += time.thread_time() - start
            moves += 1
        else:
            action = sample.action(observation, legal)
        state.apply(action)
    points = tuple(PLAYERS - order.index(rotation) for order in state.results[1 if single else 0 :])
    assert len(points) == (1 if single else games)
    return Unit(match, rotation, variant, points, moves, cpu)


def _warm() -> None:
    """A worker's start: the suit kernel loaded (or compiled) before any search, so none plays on the engine, and
    the learned policy's playouts (`rollout=learned`), so none plays the heuristic's while they load."""
    from presidente.bots import suited_learned, suited_playout

    suited_playout.ready(wait=True)
    suited_learned.ready(wait=True)


def run(
    specs: tuple[str, str], matches: int, games: int, seconds: float, workers: int, seed: int, single: bool = False
) -> dict[tuple[int, int], dict[int, Unit]]:
    """Every (match, rotation) unit played by both variants, within `seconds` of wall time: units are started in
    order, A then B, and only units both variants finished are returned."""
    tasks = [
        (specs[variant], variant, match, rotation, games, seed, single)
        for match in range(matches)
        for rotation in range(PLAYERS)
        for variant in (0, 1)
    ]
    done: dict[tuple[int, int], dict[int, Unit]] = {}
    for unit in play_bounded(play_unit, tasks, seconds, workers, _warm):
        done.setdefault((unit.match, unit.rotation), {})[unit.variant] = unit
    return {key: pair for key, pair in done.items() if len(pair) == 2}


def report(specs: tuple[str, str], pairs: dict[tuple[int, int], dict[int, Unit]]) -> None:
    if not pairs:
        print("no unit finished by both variants")
        return
    units = sorted(pairs)
    for variant, label in ((0, "A"), (1, "B")):
        played = [pairs[key][variant] for key in units]
        per_unit = [sum(unit.points) / len(unit.points) for unit in played]
        mean, (low, high) = mean_interval(per_unit)
        games = sum(len(unit.points) for unit in played)
        won = sum(point == PLAYERS for unit in played for point in unit.points) / games
        moves = sum(unit.moves for unit in played)
        cpu = 1000 * sum(unit.cpu for unit in played) / max(1, moves)
        print(
            f"{label} {specs[variant]}: {mean:.3f} points a game ({low:.3f} to {high:.3f}), "
            f"{won:.1%} won, {games} games, {cpu:.1f} ms of CPU a move ({moves} moves)"
        )
    differences = [
        sum(pairs[key][1].points) / len(pairs[key][1].points) - sum(pairs[key][0].points) / len(pairs[key][0].points)
        for key in units
    ]
    mean, (low, high) = mean_interval(differences)
    verdict = "B better" if low > 0 else "A better" if high < 0 else "no difference shown"
    interval = f"({low:+.3f} to {high:+.3f})"
    print(f"B - A: {mean:+.3f} points a game {interval} over {len(units)} paired units: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--a", default=DEFAULT_SPEC, help=f"variant A (default {DEFAULT_SPEC})")
    parser.add_argument("--b", default=DEFAULT_SPEC, help="variant B (default: the same as A's default)")
    parser.add_argument("--matches", type=int, default=20, help="matches, each played in 5 rotations (default 20)")
    parser.add_argument("--games", type=int, default=10, help="games a match (default 10)")
    parser.add_argument("--seconds", type=float, default=3600.0, help="wall-time bound (default 3600)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1), help="worker processes (2)")
    parser.add_argument("--seed", type=int, default=1, help="the matches' seed (default 1)")
    parser.add_argument(
        "--single",
        action="store_true",
        help="each unit one game: a match's second, the first played by five sample clients (fixes the roles)",
    )
    arguments = parser.parse_args()
    specs = (arguments.a, arguments.b)
    for spec in specs:
        make_bot(spec, "president", find_preset("uecda"))  # a bad name or option fails here, before any game
    start, before = time.monotonic(), load()
    pairs = run(
        specs,
        arguments.matches,
        arguments.games,
        arguments.seconds,
        arguments.workers,
        arguments.seed,
        arguments.single,
    )
    print(f"{time.monotonic() - start:.0f} s of wall time; {before} before, {load()} after")
    report(specs, pairs)


if __name__ == "__main__":
    main()
