"""Player ratings: OpenSkill's Plackett-Luce model over each finished match's placing."""

from __future__ import annotations

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()
DEFAULT_MU = _MODEL.mu
DEFAULT_SIGMA = _MODEL.sigma


def rate(placing: list[str], ratings: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """New (mu, sigma) for each player id in `placing` (best first; a player listed twice counts once)."""
    players = list(dict.fromkeys(placing))
    if len(players) < 2:
        return {}
    teams = [[_MODEL.rating(*ratings.get(player, (DEFAULT_MU, DEFAULT_SIGMA)), name=player)] for player in players]
    rated = _MODEL.rate(teams, ranks=[float(rank) for rank in range(1, len(players) + 1)])
    return {player: (team[0].mu, team[0].sigma) for player, team in zip(players, rated, strict=True)}


def ordinal(mu: float, sigma: float) -> float:
    """The leaderboard's conservative skill: three deviations below the mean."""
    return mu - 3 * sigma
