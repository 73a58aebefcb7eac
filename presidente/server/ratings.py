"""Player ratings: OpenSkill's Plackett-Luce model over each finished match's placing, shown on a
1500-based scale.

The model keeps each player's skill as a mean `mu` and a deviation `sigma` (25 and 25/3 at first). People know
ratings like Elo's, so the lobby shows

    rating = max(0, round(1500 + 24 * (mu - 3 * sigma)))

`mu - 3 * sigma` is OpenSkill's conservative ordinal: the skill a player has at least, with 99.9% confidence;
it is 0 for a new player, so everyone starts at 1500. 24 = 200 / sigma at first: the prior's spread of skill is
200 points, an Elo class. The ordinal rises as the model grows sure of a player and falls when they lose; in
simulated 4-player matches it stays between about -10 and 65 (1260 to 3060 points), and the floor at 0 only
guards the display, which is never negative. Sorting by the display is sorting by the ordinal.

>>> display_rating(DEFAULT_MU, DEFAULT_SIGMA)
1500
>>> display_rating(30.0, 2.0), display_rating(-80.0, 1.0)
(2076, 0)
"""

from __future__ import annotations

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()
DEFAULT_MU = _MODEL.mu
DEFAULT_SIGMA = _MODEL.sigma
DISPLAY_BASE = 1500
DISPLAY_SCALE = 200 / DEFAULT_SIGMA  # 24 points per unit of skill


def rate(placing: list[str], ratings: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """New (mu, sigma) for each player id in `placing` (best first; a player listed twice counts once)."""
    players = list(dict.fromkeys(placing))
    if len(players) < 2:
        return {}
    teams = [[_MODEL.rating(*ratings.get(player, (DEFAULT_MU, DEFAULT_SIGMA)), name=player)] for player in players]
    rated = _MODEL.rate(teams, ranks=[float(rank) for rank in range(1, len(players) + 1)])
    return {player: (team[0].mu, team[0].sigma) for player, team in zip(players, rated, strict=True)}


def ordinal(mu: float, sigma: float) -> float:
    """The conservative skill: three deviations below the mean."""
    return mu - 3 * sigma


def display_rating(mu: float, sigma: float) -> int:
    """The rating people see: the ordinal on a 1500-based scale, never negative (see the module's docstring)."""
    return max(0, round(DISPLAY_BASE + DISPLAY_SCALE * ordinal(mu, sigma)))
