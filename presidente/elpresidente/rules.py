"""The options of an El Presidente match: players, teams, games, and the battle limit.

Team-mates sit apart: with ``k`` teams, seat ``s`` belongs to team ``s % k``, so the seats alternate
between teams all the way round the table ("2v2" seats teams A B A B; "2v2v2" seats A B C A B C).

>>> Rules(players=4, teams="2v2").team_of(2)
0
>>> Rules(players=6, teams="2v2v2").team_count
3
>>> Rules.from_dict(Rules(players=3).to_dict()) == Rules(players=3)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from presidente.errors import RulesError

MIN_PLAYERS = 2
MAX_PLAYERS = 8
HAND_SIZE = 4
# Random games almost always end well within this many battles (see docs/rules-el-presidente.md); the
# limit only stops games that can no longer be won, such as two players each hoarding half of every rank.
DEFAULT_BATTLE_LIMIT = 1000


def parse_teams(text: str) -> tuple[int, int]:
    """Read "2v2", "3v3", "2v2v2" ... as (number of teams, players per team); teams must be equal."""
    parts = text.strip().lower().split("v")
    if len(parts) < 2 or not all(part.isdigit() and int(part) > 0 for part in parts):
        raise RulesError(f"{text!r} is not a team layout: write sizes joined by 'v', like 2v2 or 2v2v2.")
    sizes = {int(part) for part in parts}
    if len(sizes) != 1:
        # Unequal teams cannot alternate round a table, so team-mates would end up side by side.
        raise RulesError(f"{text!r}: teams must be of equal size so that team-mates can sit apart.")
    return len(parts), sizes.pop()


@dataclass(frozen=True)
class Rules:
    """Every option of a match. ``teams`` None means everyone plays for themselves."""

    players: int = 4
    teams: str | None = None
    games: int = 1
    battle_limit: int = DEFAULT_BATTLE_LIMIT
    team_count: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise RulesError(f"El Presidente is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {self.players}.")
        count = self.players
        if self.teams is not None:
            count, size = parse_teams(self.teams)
            if count * size != self.players:
                raise RulesError(f"Teams {self.teams} need {count * size} players, not {self.players}.")
        # Cached because seating questions are asked on every move; frozen, hence object.__setattr__.
        object.__setattr__(self, "team_count", count)
        if self.games < 1:
            raise RulesError(f"A match needs at least one game, not {self.games}.")
        if self.battle_limit < 1:
            raise RulesError(f"The battle limit must be positive, not {self.battle_limit}.")

    def team_of(self, seat: int) -> int:
        return seat % self.team_count

    def team_members(self, team: int) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.players) if self.team_of(seat) == team)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "teams": self.teams,
            "games": self.games,
            "battle_limit": self.battle_limit,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        unknown = set(data) - {"players", "teams", "games", "battle_limit"}
        if unknown:
            raise RulesError(f"Unknown El Presidente option(s): {', '.join(sorted(unknown))}.")
        try:
            return cls(**data)
        except TypeError as error:
            raise RulesError(f"Bad El Presidente options: {error}") from error
