"""The bot ladder on one table, random < heuristic < learned < strong with ismcts placed, and time per move.

One command per table (issue 30's ladder; figures in docs/bots.md):

    .venv/bin/python benchmarks/bot_ladder.py --preset bga            # also victorz, college, trump-jokers
    .venv/bin/python benchmarks/bot_ladder.py --preset elpresidente   # El Presidente, alone at 4 seats
    .venv/bin/python benchmarks/bot_ladder.py --preset elpresidente --teams 2v2   # in teams (--players 6 --teams 3v3)

    options: [--players 4] [--random-deals 300] [--deals 500] [--search-deals 80] [--seconds 0.1]
             [--clock cpu|wall] [--workers 2] [--moves 200] [--seed 2] [--teams LAYOUT]

With the defaults a President table takes about 10-15 minutes on a shared 2-core machine, most of it the two
time-budgeted rungs (about 2 to 4 s of wall time a deal on 2 workers at a load of 2 to 4).

Every figure is an arena (`presidente.arena`) of duplicate deals, each played in every seat rotation, one round
each (an El Presidente deal is one game). A rung "A < B" is one B against A in every other seat: B's mean place
minus the others', averaged per deal, with its 95% interval (`arena.place_difference`); the rung holds when the
whole interval lies below zero. The ladder is the game's bots among random, heuristic, learned and strong, each
rung the next one up; `random < heuristic` plays `--random-deals`, rungs to a time-budgeted bot (strong, ismcts,
at `--seconds` a move) `--search-deals`, the others `--deals`. Where the game has `ismcts`, it is placed against
the same opponents as the top rung (three learned) on the same deals, so the two searches are compared deal by
deal too: strong's difference minus ismcts's, with its interval (below zero: strong the stronger). `--placed`
places another bot instead, with its options (`--placed strong:rollout=heuristic`: strong's two playout policies,
deal by deal; a time-budgeted one gets `--seconds` and `--clock`).

El Presidente in teams (`--teams 2v2`, `3v3`, `2v2v2` ...): a rung "A < B" plays each deal once per side, B on that
side's seats and A on every other (`elpresidente_learned.measure`); the figure is B's side's win rate minus the
other sides' mean, with its 95% interval, and the rung holds when the whole interval lies above zero.

Time per move: every bot of the ladder (and ismcts) chooses on the same `--moves` decisions, met in games of
heuristic bots on the table (every seat's turn, forced moves included, as a game asks them), one bot after another
on each decision in this process: the mean wall-clock time and the mean CPU time of this process per move. A
cheap bot's CPU time is its cost; on a busy machine its wall time adds the waits for a core.

The machine's load average is printed beside every figure. Strong and ismcts think on the CPU clock of their own
thread (`--clock cpu`, the default: `clock=cpu`), so a load makes the rungs longer, not the searches weaker;
`--clock wall` gives them wall-clock time, as a player's bot has, and on a busy machine they then search less and
play weaker.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot_strength import load, report
from elpresidente_learned import measure as measure_sides
from rich.console import Console

from presidente.arena import ArenaResult, deal_differences, mean_interval, place_difference, run_arena
from presidente.bots.learned import SHIPPED_WEIGHTS, load_weights, weights_for
from presidente.bots.registry import bot_names, make_bot
from presidente.elpresidente import Rules as ElpRules
from presidente.elpresidente import State as ElpState
from presidente.president.rules import Rules, find_preset
from presidente.president.state import new_game

LADDER = ("random", "heuristic", "learned", "strong")
TIMED = ("strong", "ismcts")  # bots that think for `--seconds` a move
PLACED = "ismcts"
Decision = tuple[Any, list[Any]]


@dataclass(frozen=True)
class Table:
    """A President preset at `players` seats, or El Presidente (`preset` "elpresidente") without teams."""

    preset: str
    players: int

    @property
    def game(self) -> str:
        return "elpresidente" if self.preset == "elpresidente" else "president"

    @property
    def rules(self) -> Rules | None:
        return None if self.game == "elpresidente" else find_preset(self.preset).replace(rounds=1, target_score=0)

    def new_state(self, seed: int) -> Any:
        if self.rules is None:
            return ElpState(ElpRules(players=self.players), seed)
        return new_game(self.rules, self.players, seed)

    def legal(self, state: Any) -> list[Any]:
        return list(state.legal_actions() if self.rules is None else state.offered_actions())


def decisions(
    table: Table, count: int, seed: int = 80_000, keep: Callable[[Any, list[Any]], bool] | None = None
) -> list[Decision]:
    """The first `count` decisions met in games of heuristic bots on `table` (deal seeds from `seed` on), every
    seat's turn, or only those `keep(observation, legal)` accepts."""
    heuristic, rng = make_bot("heuristic", table.game, table.rules), random.Random(0)
    found: list[Decision] = []
    deal = 0
    while len(found) < count:
        state = table.new_state(seed + deal)
        while not state.is_over and len(found) < count:
            seat = state.current_player
            assert seat is not None
            observation, legal = state.observation(seat), table.legal(state)
            if keep is None or keep(observation, legal):
                found.append((observation, legal))
            state.apply(heuristic.choose(observation, legal, rng).action)
        deal += 1
    return found


def move_times(specs: list[str], table: Table, found: list[Decision]) -> dict[str, tuple[float, float]]:
    """Each bot's mean wall-clock and CPU seconds per decision. On each decision the bots choose one after the
    other, so a change in the machine's load falls on all of them alike. On a busy machine the wall time of a cheap
    bot includes the time its process waited for a core, and a time-budgeted bot's CPU time is what it searched."""
    bots = {spec: make_bot(spec, table.game, table.rules) for spec in specs}
    wall, cpu = dict.fromkeys(specs, 0.0), dict.fromkeys(specs, 0.0)
    rng = random.Random(1)
    for observation, legal in found:
        for spec, bot in bots.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            bot.choose(observation, legal, rng)
            wall[spec] += time.perf_counter() - start
            cpu[spec] += time.process_time() - start_cpu
    return {spec: (wall[spec] / len(found), cpu[spec] / len(found)) for spec in specs}


def show_time_per_move(table: Table, specs: list[str], moves: int) -> str:
    """Prints each bot's mean time per move on the same decisions; returns the figures as one line for the docs."""
    found = decisions(table, moves)
    spent = move_times(specs, table, found)
    chosen = sum(len(legal) > 1 for _, legal in found)
    shown = ", ".join(f"{spec} {1000 * wall:.3f} / {1000 * cpu:.3f}" for spec, (wall, cpu) in spent.items())
    line = (
        f"ms per move, wall / CPU, on {len(found)} decisions of heuristic games ({chosen} with a choice):"
        f" {shown}; {load()}"
    )
    print(line, flush=True)
    return line


def ladder(game: str) -> list[str]:
    return [name for name in LADDER if name in bot_names(game)]


def spec_of(name: str, seconds: float, clock: str) -> str:
    """A bot's spec on the ladder: a time-budgeted bot (NAME or NAME:OPTIONS) thinks `seconds` a move on `clock`."""
    base, _, options = name.partition(":")
    if base not in TIMED:
        return name
    timed = f"{base}:time={seconds:g}" + (",clock=cpu" if clock == "cpu" else "")
    return f"{timed},{options}" if options else timed


@dataclass(frozen=True)
class Rung:
    weak: str
    strong: str
    result: ArenaResult
    seconds: float
    loads: tuple[float, float]  # 1-minute load average before and after

    def row(self) -> str:
        difference, (low, high) = place_difference(self.result, [0])
        stats = self.result.bots[0]
        shown = "yes" if high < 0 else "no (B weaker)" if low > 0 else "no"
        return (
            f"| {self.weak} < {self.strong} | {self.result.deals} × {self.result.players} | {stats.mean_place:.3f} "
            f"({stats.mean_place_ci[0]:.3f}–{stats.mean_place_ci[1]:.3f}) | {signed(difference)} ({signed(low)} to "
            f"{signed(high)}) | {shown} | {stats.win_rate:.1%} | {self.seconds:.0f} s | {self.loads[0]:.1f} / "
            f"{self.loads[1]:.1f} |"
        )


def signed(value: float) -> str:
    """A difference as the docs write it: +0.123, −0.123 (a minus sign, not a hyphen)."""
    return f"{value:+.3f}".replace("-", "−")


def play_rung(table: Table, weak: str, strong: str, deals: int, args: argparse.Namespace, console: Console) -> Rung:
    before = os.getloadavg()[0]
    start = time.perf_counter()
    bots = [strong, *[weak] * (table.players - 1)]
    result = run_arena(table.game, bots, table.preset, table.players, deals, args.seed, args.workers, console=console)
    seconds = time.perf_counter() - start
    report(f"{table.preset}: {weak} < {strong}", result, seconds)
    stats = result.bots[0]
    low, high = stats.mean_place_ci
    print(f"  {strong}'s mean place {stats.mean_place:.3f} (95% CI {low:.3f}-{high:.3f}); {load()}", flush=True)
    return Rung(weak, strong, result, seconds, (before, os.getloadavg()[0]))


def compare_searches(top: Rung, place: Rung) -> str:
    """The top rung's bot against the placed one, deal by deal: both played the same deals against the same
    opponents, so the difference of their place differences on each deal is a paired comparison."""
    ours, theirs = deal_differences(top.result, [0]), deal_differences(place.result, [0])
    difference, (low, high) = mean_interval([ours[deal] - theirs[deal] for deal in ours])
    verdict = "top stronger" if high < 0 else "placed stronger" if low > 0 else "no difference shown"
    print(
        f"{top.strong} minus {place.strong}, each against {top.weak} on the same {len(ours)} deals: "
        f"{difference:+.3f} (95% CI {low:+.3f} to {high:+.3f}) -> {verdict}",
        flush=True,
    )
    shown = "yes" if high < 0 else "no (the other way)" if low > 0 else "no"
    return (
        f"| {top.strong} against {place.strong} (each one against {top.weak}, the same deals) | "
        f"{len(ours)} × {top.result.players} | | {signed(difference)} ({signed(low)} to {signed(high)}) | {shown} "
        f"| | | |"
    )


def deals_for(weak: str, strong: str, args: argparse.Namespace) -> int:
    if weak == "random":
        return int(args.random_deals)
    return int(args.search_deals if strong.partition(":")[0] in TIMED else args.deals)


def teams_ladder(rules: ElpRules, args: argparse.Namespace) -> None:
    """El Presidente's ladder in teams: each rung B's side against A's on every other side."""
    names = ladder("elpresidente")
    print(f"El Presidente, {rules.players} players in teams {rules.teams}: ladder {' < '.join(names)}; {load()}")
    for weak, strong in itertools.pairwise(names):
        deals = deals_for(weak, strong, args)
        if deals > 0:
            figure = measure_sides(rules, strong, weak, deals, args.seed, args.workers)
            print(f"{weak} < {strong}: {figure}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], epilog=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--preset", default="bga", help="a President preset (bga, victorz, ...) or elpresidente")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--random-deals", type=int, default=300, help="duplicate deals of random < heuristic")
    parser.add_argument("--deals", type=int, default=500, help="duplicate deals of the other untimed rungs")
    parser.add_argument("--search-deals", type=int, default=80, help="duplicate deals of rungs to strong, ismcts")
    parser.add_argument("--seconds", type=float, default=0.1, help="strong's and ismcts's time per move")
    parser.add_argument(
        "--clock", choices=("cpu", "wall"), default="cpu", help="the clock of strong's and ismcts's time per move"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--moves", type=int, default=200, help="decisions timed for time per move (0: none)")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--teams", help="El Presidente in teams: the layout (2v2, 3v3, 2v2v2 ...)")
    parser.add_argument(
        "--placed",
        default=PLACED,
        help="the bot placed against the top rung's opponents, with options (strong:rollout=heuristic ...)",
    )
    args = parser.parse_args()
    table = Table(args.preset.strip().lower(), args.players)
    if args.teams:
        if table.game != "elpresidente":
            parser.error("--teams is El Presidente's (--preset elpresidente)")
        teams_ladder(ElpRules(players=args.players, teams=args.teams), args)
        return
    if table.rules is not None:
        find_preset(table.preset).check_players(table.players)
    console = Console(stderr=True)
    names = ladder(table.game)
    specs = [spec_of(name, args.seconds, args.clock) for name in names]
    placed: str | None = spec_of(args.placed, args.seconds, args.clock)
    if args.placed.partition(":")[0] not in bot_names(table.game):
        if args.placed != PLACED:
            parser.error(f"--placed: {table.game} has no bot {args.placed!r}")
        placed = None  # El Presidente has no ismcts
    print(f"{table.preset} at {table.players} seats: ladder {' < '.join(specs)}; {load()}", flush=True)
    if (
        table.rules is not None
        and weights_for([load_weights(file) for file in SHIPPED_WEIGHTS], table.rules, table.players) is None
    ):
        print("  no learned weights for this table: learned plays the heuristic's moves", flush=True)

    speed = show_time_per_move(table, [*specs, *([placed] if placed else [])], args.moves) if args.moves > 0 else ""
    rungs: list[Rung] = []
    for weak, strong in itertools.pairwise(specs):
        deals = deals_for(weak, strong, args)
        if deals > 0:
            rungs.append(play_rung(table, weak, strong, deals, args, console))
    rows = [rung.row() for rung in rungs]
    if placed and len(specs) >= 2 and args.search_deals > 0:
        place = play_rung(table, specs[-2], placed, args.search_deals, args, console)
        rows.append(place.row())
        top = next((rung for rung in rungs if rung.strong == specs[-1]), None)
        if top is not None:
            rows.append(compare_searches(top, place))
    if rows:
        print(
            "\n| rung (one B against A in every other seat) | deals × rotations | B's mean place (95% CI) | "
            "place difference (95% CI) | shown | B wins | wall | load average before / after |"
        )
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        print("\n".join(rows))
    if speed:
        print(f"\n{speed}")


if __name__ == "__main__":
    main()
