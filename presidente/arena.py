"""The bot arena: duplicate deals with rotated seats, so that card luck cancels out.

`run_arena(game, bots, preset, players, deals, seed, workers=2, out=None, console=None) -> ArenaResult`

- `bots` names one bot per seat, with options (``["ismcts:time=0.1", "heuristic", "heuristic",
  "heuristic"]``); entries with the same name are told apart as ``heuristic#2``, ``heuristic#3``.
- Each deal is played `players` times, the bots rotated one seat further each time. A President deal is
  a one-round match (`rules.replace(rounds=1)`) from the same State seed, so every rotation gets the very
  same cards; an El Presidente deal is a one-game match from the same seed.
- The games run in `workers` processes; `console` (rich) shows a progress bar and the result table.
- For each bot: mean finishing position (1 = first) and win rate (finished first), each with a 95%
  interval taken over deals (the rotations of one deal are not independent), and an OpenSkill
  Plackett-Luce rating updated game by game. El Presidente has only a winner: the others share the
  remaining places equally, and a game without a winner gives everyone the middle place.
- `out` ending in ``.json`` or ``.csv`` saves the summary (json also keeps every game).
- `place_difference(result, entries)`: some entries' mean place minus the others', per deal, with its interval.
"""

from __future__ import annotations

import csv
import json
import math
import random
from collections.abc import Collection, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from openskill.models import PlackettLuce
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from presidente.bots.registry import make_bot, parse_bot_spec
from presidente.president.rules import find_preset

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Game:
    """One deal played in one rotation: `places[i]` is bot entry i's finishing place (1 = first)."""

    deal: int
    rotation: int
    places: tuple[float, ...]


@dataclass(frozen=True)
class BotStats:
    label: str
    spec: str
    games: int
    mean_place: float
    mean_place_ci: tuple[float, float]
    win_rate: float
    win_rate_ci: tuple[float, float]
    rating_mu: float
    rating_sigma: float
    rating: float  # the conservative ordinal, mu - 3 sigma


@dataclass
class ArenaResult:
    game: str
    preset: str
    players: int
    deals: int
    seed: int
    bots: list[BotStats]
    games: list[Game] = field(default_factory=list)

    def bot(self, label: str) -> BotStats:
        return next(stats for stats in self.bots if stats.label == label)


def labels_of(bots: list[str]) -> list[str]:
    """Entry names: the bot name, with #2, #3 ... on repeats."""
    labels: list[str] = []
    for spec in bots:
        name = parse_bot_spec(spec)[0]
        count = sum(1 for label in labels if label.split("#")[0] == name)
        labels.append(name if count == 0 else f"{name}#{count + 1}")
    return labels


def play_game(game: str, bots: list[str], preset: str, deal: int, rotation: int, seed: int) -> Game:
    """Play one deal with bot entry i in seat (i + rotation) % players."""
    players = len(bots)
    seat_of = [(index + rotation) % players for index in range(players)]
    entry_at = {seat: index for index, seat in enumerate(seat_of)}
    deal_seed = seed * 1_000_003 + deal
    rngs = [random.Random(f"arena:{seed}:{deal}:{rotation}:{seat}") for seat in range(players)]
    if game == "president":
        rules = find_preset(preset).replace(rounds=1, target_score=0)
        seated = [make_bot(bots[entry_at[seat]], game, rules) for seat in range(players)]
        from presidente.president.state import new_game

        state = new_game(rules, players, deal_seed)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            legal = state.offered_actions()
            state.apply(seated[seat].choose(state.observation(seat), legal, rngs[seat]).action)
        order = state.results[-1]
        return Game(deal, rotation, tuple(float(order.index(seat_of[i]) + 1) for i in range(players)))
    from presidente.elpresidente import Rules as ElpRules
    from presidente.elpresidente import State as ElpState

    elp_seated = [make_bot(bots[entry_at[seat]], game) for seat in range(players)]
    elp_state = ElpState(ElpRules(players=players), deal_seed)
    while not elp_state.is_over:
        seat = elp_state.current_player
        assert seat is not None
        legal_elp = elp_state.legal_actions()
        elp_state.apply(elp_seated[seat].choose(elp_state.observation(seat), legal_elp, rngs[seat]).action)
    winner = elp_state.game_winners[0]
    middle = (players + 1) / 2
    others = (players + 2) / 2
    places = tuple(middle if winner is None else 1.0 if seat_of[i] == winner else others for i in range(players))
    return Game(deal, rotation, places)


def _play_task(task: tuple[str, list[str], str, int, int, int]) -> Game:
    return play_game(*task)


def mean_interval(values: list[float]) -> tuple[float, tuple[float, float]]:
    """Mean and its 95% normal interval."""
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, (mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    half = Z95 * math.sqrt(variance / count)
    return mean, (mean - half, mean + half)


def deal_differences(result: ArenaResult, entries: Collection[int]) -> dict[int, float]:
    """Per deal, averaged over its rotations: the mean place of the bot `entries` minus the others' mean place
    (below zero: those entries finished ahead)."""
    by_deal: dict[int, list[float]] = {}
    for game in result.games:
        ours = [place for index, place in enumerate(game.places) if index in entries]
        others = [place for index, place in enumerate(game.places) if index not in entries]
        by_deal.setdefault(game.deal, []).append(sum(ours) / len(ours) - sum(others) / len(others))
    return {deal: sum(values) / len(values) for deal, values in by_deal.items()}


def place_difference(result: ArenaResult, entries: Collection[int]) -> tuple[float, tuple[float, float]]:
    """The mean over deals of `deal_differences` and its 95% interval: the entries are stronger than the others
    when the whole interval lies below zero (one B against three A: entries ``[0]``; two and two: ``[0, 2]``)."""
    return mean_interval(list(deal_differences(result, entries).values()))


def summarize(game: str, bots: list[str], preset: str, deals: int, seed: int, games: list[Game]) -> ArenaResult:
    games = sorted(games, key=lambda g: (g.deal, g.rotation))
    labels = labels_of(bots)
    model = PlackettLuce()
    ratings = [model.rating(name=label) for label in labels]
    for played in games:
        teams = model.rate([[rating] for rating in ratings], ranks=list(played.places))
        ratings = [team[0] for team in teams]
    by_deal: dict[int, list[Game]] = {}
    for played in games:
        by_deal.setdefault(played.deal, []).append(played)
    stats = []
    for index, label in enumerate(labels):
        places = [sum(g.places[index] for g in group) / len(group) for group in by_deal.values()]
        wins = [sum(g.places[index] == 1.0 for g in group) / len(group) for group in by_deal.values()]
        mean_place, place_ci = mean_interval(places)
        win_rate, win_ci = mean_interval(wins)
        rating = ratings[index]
        stats.append(
            BotStats(
                label,
                bots[index],
                len(games),
                mean_place,
                place_ci,
                win_rate,
                (max(0.0, win_ci[0]), min(1.0, win_ci[1])),
                rating.mu,
                rating.sigma,
                rating.ordinal(),
            )
        )
    return ArenaResult(game, preset, len(bots), deals, seed, stats, games)


def _tasks(
    game: str, bots: list[str], preset: str, deals: int, seed: int
) -> Iterator[tuple[str, list[str], str, int, int, int]]:
    for deal in range(deals):
        for rotation in range(len(bots)):
            yield (game, bots, preset, deal, rotation, seed)


def run_arena(
    game: str,
    bots: list[str],
    preset: str,
    players: int,
    deals: int,
    seed: int = 0,
    workers: int = 2,
    out: Path | None = None,
    console: Console | None = None,
) -> ArenaResult:
    """Play `deals` duplicate deals, each in every seat rotation, and rate the bots (see the module doc)."""
    game = game.strip().lower().replace("-", "").replace("_", "")
    if len(bots) != players:
        raise ValueError(f"Name one bot per seat: {players} players, {len(bots)} bots.")
    for spec in bots:
        make_bot(spec, game)  # unknown names fail here, before any process starts
    if game == "president":
        find_preset(preset).check_players(players)
    if deals < 1:
        raise ValueError("Play at least one deal.")
    tasks = list(_tasks(game, bots, preset, deals, seed))
    games: list[Game] = []
    progress = Progress(
        TextColumn("[bold]arena"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=console is None,
    )
    with progress:
        bar = progress.add_task("games", total=len(tasks))
        if workers <= 1:
            for task in tasks:
                games.append(_play_task(task))
                progress.advance(bar)
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for played in pool.map(_play_task, tasks, chunksize=max(1, min(16, len(tasks) // (workers * 8)))):
                    games.append(played)
                    progress.advance(bar)
    result = summarize(game, bots, preset, deals, seed, games)
    if console is not None:
        console.print(result_table(result))
    if out is not None:
        save_result(result, out)
    return result


def result_table(result: ArenaResult) -> Table:
    rounds = result.deals * result.players
    where = result.game if result.game != "president" else f"President {result.preset}"
    # A light box and no wrapping, so that the intervals stay whole in an 80-column terminal.
    table = Table(
        title=f"{where}: {result.deals} deals x {result.players} rotations = {rounds} games",
        caption="place: mean finishing place (1 is first); wins: rounds finished first; μ ± σ and ordinal:"
        " OpenSkill (Plackett-Luce) rating",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    for column in ("bot", "place", "95% CI", "wins", "95% CI", "μ ± σ", "ordinal"):
        table.add_column(column, justify="left" if column == "bot" else "right", no_wrap=True)
    for stats in sorted(result.bots, key=lambda s: s.mean_place):
        low, high = stats.mean_place_ci
        win_low, win_high = stats.win_rate_ci
        table.add_row(
            stats.label,
            f"{stats.mean_place:.3f}",
            f"{low:.3f}-{high:.3f}",
            f"{stats.win_rate:.1%}",
            f"{win_low:.1%}-{win_high:.1%}",
            f"{stats.rating_mu:.2f} ± {stats.rating_sigma:.2f}",
            f"{stats.rating:.2f}",
        )
    return table


def save_result(result: ArenaResult, out: Path) -> None:
    suffix = out.suffix.lower()
    if suffix == ".json":
        out.write_text(json.dumps(asdict(result), indent=1) + "\n")
        return
    if suffix != ".csv":
        raise ValueError(f"Save results as .json or .csv, not {out.name!r}.")
    with out.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            [
                *("bot", "spec", "games", "mean_place", "place_low", "place_high"),
                *("win_rate", "win_low", "win_high", "rating_mu", "rating_sigma", "rating"),
            ]
        )
        for s in result.bots:
            writer.writerow(
                [
                    *(s.label, s.spec, s.games, s.mean_place, *s.mean_place_ci, s.win_rate, *s.win_rate_ci),
                    *(s.rating_mu, s.rating_sigma, s.rating),
                ]
            )
