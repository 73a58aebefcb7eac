"""The options of an El Presidente match: players, teams, games, and the battle limit.

Team-mates sit apart: with ``k`` teams, seat ``s`` belongs to team ``s % k``, so the seats alternate
between teams all the way round the table ("2v2" seats teams A B A B; "2v2v2" seats A B C A B C).

>>> Rules(players=4, teams="2v2").team_of(2)
0
>>> Rules(players=6, teams="2v2v2").team_count
3
>>> Rules.from_dict(Rules(players=3).to_dict()) == Rules(players=3)
True
>>> Rules.from_dict({"teams": 5})
Traceback (most recent call last):
...
presidente.errors.RulesError: teams must be text of 1 to 20 printable characters, or null, not 5.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from presidente.errors import RulesError
from presidente.options import (
    OptionSpec,
    check_names,
    check_values,
    declarations,
    option_field,
    shown,
    text,
    whole,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 8
HAND_SIZE = 4
# Random games almost always end well within this many battles (see docs/rules-el-presidente.md); the
# limit only stops games that can no longer be won, such as two players each hoarding half of every rank.
# It is also the most a table may set: heuristic bots finish every game within 430 battles, so a higher
# limit would only make a game nobody can win last longer (up to hours at a server's turn timer).
DEFAULT_BATTLE_LIMIT = 1000
MAX_GAMES = 100
# "2v2v2v2" is the longest layout 8 players can use; the bound leaves room for spaces and refuses megabytes.
MAX_TEAMS_CHARS = 20


def _option(default: Any, spec: OptionSpec, meaning: str) -> Any:
    return option_field(default, spec, meaning, "000")


def parse_teams(layout: str) -> tuple[int, int]:
    """Read "2v2", "3v3", "2v2v2" ... as (number of teams, players per team); teams must be equal."""
    parts = layout.strip().lower().split("v")
    if len(parts) < 2 or not all(part.isascii() and part.isdigit() and int(part) > 0 for part in parts):
        raise RulesError.of("teams_not_sizes", value=shown(layout))
    sizes = {int(part) for part in parts}
    if len(sizes) != 1:
        # Unequal teams cannot alternate round a table, so team-mates would end up side by side.
        raise RulesError.of("teams_unequal", value=shown(layout))
    return len(parts), sizes.pop()


@dataclass(frozen=True)
class Rules:
    """Every option of a match. ``teams`` None means everyone plays for themselves.

    Each option declares its kind and allowed values (`presidente.options`) next to its meaning; every value
    is checked against its declaration when a `Rules` is made."""

    players: int = _option(4, whole(MIN_PLAYERS, MAX_PLAYERS), "Players at the table.")
    teams: str | None = _option(
        None,
        text(MAX_TEAMS_CHARS, nullable=True),
        "Team layout such as 2v2 or 2v2v2 (empty: everyone for themselves).",
    )
    games: int = _option(1, whole(1, MAX_GAMES), "Games in the match.")
    battle_limit: int = _option(
        DEFAULT_BATTLE_LIMIT, whole(1, DEFAULT_BATTLE_LIMIT), "A game with this many battles ends drawn."
    )
    team_count: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_values(self, _SPECS)
        count = self.players
        if self.teams is not None:
            count, size = parse_teams(self.teams)
            if count * size != self.players:
                raise RulesError.of("teams_players", teams=self.teams, needed=count * size, players=self.players)
        # Cached because seating questions are asked on every move; frozen, hence object.__setattr__.
        object.__setattr__(self, "team_count", count)

    def team_of(self, seat: int) -> int:
        return seat % self.team_count

    def team_members(self, team: int) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.players) if self.team_of(seat) == team)

    def to_dict(self) -> dict[str, Any]:
        return {spec.name: getattr(self, spec.name) for spec in _SPECS}

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Options as saved by `to_dict` (or a subset); any JSON value is refused with a `RulesError`."""
        return cls(**check_names(data, _SPECS, "unknown_el_presidente_options"))


_SPECS = declarations(Rules)


def option_specs() -> tuple[OptionSpec, ...]:
    """The declaration of every option (kind, bounds, meaning, default), in field order."""
    return _SPECS
