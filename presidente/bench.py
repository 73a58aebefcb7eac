"""How fast the engines play: random rounds per second and decisions per second, on one core.

A decision is one `legal_actions()` and one `apply()` of a uniformly random choice among them — the policy
is inlined and no observation is built, so the figures measure the rules engine alone. A President "round"
is a match of `rounds=1` (President rule options, `key=value` as `presidente play` reads them, apply on top
of the preset); an El Presidente "round" is one game. `presidente bench` and `benchmarks/president_speed.py`
both measure with `random_rounds`.

>>> speed = random_rounds("president", "bga", players=4, games=2)
>>> speed.rounds, speed.decisions > 0
(2, True)
>>> random_rounds("president", "bga", players=4, games=2, options=["eight_rule=on"]).rounds
2
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from presidente import elpresidente
from presidente.president import new_game
from presidente.president.rules import build_rules

GAMES = ("president", "el-presidente")


class _Playable(Protocol):
    """What both engines' states offer the random policy."""

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> None: ...


@dataclass(frozen=True)
class Speed:
    rounds: int
    decisions: int
    seconds: float

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0

    def __add__(self, other: Speed) -> Speed:
        return Speed(self.rounds + other.rounds, self.decisions + other.decisions, self.seconds + other.seconds)

    def summary(self) -> str:
        return (
            f"{self.rounds} rounds, {self.decisions} decisions in {self.seconds:.2f} s: "
            f"{self.rounds_per_second:,.1f} rounds/s, {self.decisions_per_second:,.0f} decisions/s"
        )


def _round_maker(
    game: str, preset: str, players: int, teams: str | None, options: Iterable[str]
) -> Callable[[int], _Playable]:
    """A function from a seed to a fresh one-round game (rules are checked here, before any timing)."""
    if game == "president":
        rules = build_rules(preset, options).replace(rounds=1, target_score=0)
        new_game(rules, players, 0)  # refuses a bad player count now, not inside the timed loop
        return lambda seed: new_game(rules, players, seed)
    if game == "el-presidente":
        elp_rules = elpresidente.Rules(players=players, teams=teams)
        return lambda seed: elpresidente.State(elp_rules, seed)
    raise ValueError(f"Unknown game {game!r}: choose {' or '.join(GAMES)}.")


def random_rounds(
    game: str,
    preset: str,
    players: int,
    games: int,
    first_seed: int = 0,
    teams: str | None = None,
    options: Iterable[str] = (),
) -> Speed:
    """Play `games` rounds (seeds `first_seed`, `first_seed + 1`, ...) with uniformly random legal moves;
    `options` are President rule options (`key=value`) on top of the preset."""
    make = _round_maker(game, preset, players, teams, options)
    rng = random.Random(first_seed)
    decisions = 0
    start = time.perf_counter()  # the deal is part of a round, so it is timed too
    for seed in range(first_seed, first_seed + games):
        state = make(seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return Speed(games, decisions, time.perf_counter() - start)


def random_rounds_for(
    game: str, preset: str, players: int, seconds: float, batch: int = 20, teams: str | None = None
) -> Speed:
    """Random rounds in batches until about `seconds` of play have been measured."""
    total = Speed(0, 0, 0.0)
    while total.seconds < seconds:
        total += random_rounds(game, preset, players, batch, first_seed=total.rounds, teams=teams)
    return total
