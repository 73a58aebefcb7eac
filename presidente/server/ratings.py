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

A match is rated from the engine's standings: every seat is an entry with its place, tied seats share a place
(rated as the average of the orders the tie could be broken in), and a bot kind that sat at several seats is
an entry at each of them, so a player who beat two of its three seats beat two opponents. The kind's rating
then moves by the sum of its seats' changes of mean (its result against every other seat counts) and takes
the smallest of their new deviations (one match's worth of certainty, however many seats it held).

A rating is provisional for a player's first PROVISIONAL_GAMES rated matches: mu - 3 * sigma counts only the
level the model is sure of, so a new rating moves a lot from one match to the next (a last place of four takes a
new player from 1500 to about 1420, a first to about 1570) and rises as the model grows sure; the pages say so
beside it.

>>> display_rating(DEFAULT_MU, DEFAULT_SIGMA)
1500
>>> display_rating(30.0, 2.0), display_rating(-80.0, 1.0)
(2076, 0)
>>> is_provisional(PROVISIONAL_GAMES - 1), is_provisional(PROVISIONAL_GAMES)
(True, False)
"""

from __future__ import annotations

import math

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()
DEFAULT_MU = _MODEL.mu
DEFAULT_SIGMA = _MODEL.sigma
DISPLAY_BASE = 1500
DISPLAY_SCALE = 200 / DEFAULT_SIGMA  # 24 points per unit of skill
# Rated matches before a rating is no longer marked provisional: in simulated 4-player matches sigma falls from
# 8.3 to about 6.8 in 10 matches, and mu - 3 * sigma has by then risen about 110 points at an even level.
PROVISIONAL_GAMES = 10


def rate(result: list[tuple[str, int]], ratings: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """New (mu, sigma) for each player id in `result`, a match's entries (player id, place; 1 is best, tied
    entries share a place). An id at several seats (a bot kind) is an entry at each; its mean moves by the sum of
    their changes and it keeps the smallest of their deviations (see the module's docstring)."""
    if len({player for player, _ in result}) < 2:
        return {}
    prior = [ratings.get(player, (DEFAULT_MU, DEFAULT_SIGMA)) for player, _ in result]
    changes = _tied_changes([place for _, place in result], prior)
    moved: dict[str, tuple[float, float]] = {}
    for (player, _), (mu_before, sigma_before), (change, sigma) in zip(result, prior, changes, strict=True):
        mu, kept = moved.get(player, (mu_before, sigma_before))
        moved[player] = (mu + change, min(kept, sigma))
    return moved


def _tied_changes(places: list[int], prior: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Each entry's change of mean and new deviation, a tie rated as the average of the orders it could be broken
    in (each tied entry at each of the tied places in turn). OpenSkill 6's Plackett-Luce mis-rates tied ranks
    (openskill.py issue 155: two tied winners of four moved like the third), so the model is only ever given a
    strict order, best first."""
    groups: dict[int, list[int]] = {}
    for entry in sorted(range(len(places)), key=places.__getitem__):
        groups.setdefault(places[entry], []).append(entry)
    turns = math.lcm(*(len(group) for group in groups.values()))
    totals = [(0.0, 0.0)] * len(places)
    for turn in range(turns):
        order = [entry for group in groups.values() for entry in _turned(group, turn)]
        teams = [[_MODEL.rating(*prior[entry])] for entry in order]
        rated = _MODEL.rate(teams, ranks=[float(rank) for rank in range(1, len(order) + 1)])
        for entry, team in zip(order, rated, strict=True):
            change, sigma = totals[entry]
            totals[entry] = (change + team[0].mu - prior[entry][0], sigma + team[0].sigma)
    return [(change / turns, sigma / turns) for change, sigma in totals]


def _turned(group: list[int], turn: int) -> list[int]:
    """The group's entries starting from its `turn`-th (modulo its size)."""
    start = turn % len(group)
    return group[start:] + group[:start]


def ordinal(mu: float, sigma: float) -> float:
    """The conservative skill: three deviations below the mean."""
    return mu - 3 * sigma


def display_rating(mu: float, sigma: float) -> int:
    """The rating people see: the ordinal on a 1500-based scale, never negative (see the module's docstring)."""
    return max(0, round(DISPLAY_BASE + DISPLAY_SCALE * ordinal(mu, sigma)))


def is_provisional(games: int) -> bool:
    """Whether a rating with `games` rated matches behind it is still provisional (see the module's docstring)."""
    return games < PROVISIONAL_GAMES
