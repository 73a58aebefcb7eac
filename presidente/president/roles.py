"""Roles from the last round's places, and the scores a round's finishing order earns.

Seed 002 defines who holds a role, and the other seeds fit the same scheme with other player-count limits:
- President: first place last round; Vice-President: second place (both need enough players);
- Scum: last in the combined queue, if a President exists; High-Scum: second-last if President and
  Vice-President exist, or last if the Vice-President exists without a President.
The combined queue is last round's places (players still seated) followed by newcomers, so a newcomer —
or a player who reconnected as one — takes the back of the queue.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from presidente.president.rules import ROLE_KEYS, Rules


@dataclass(frozen=True)
class Roles:
    president: int | None = None
    vice: int | None = None
    high_scum: int | None = None
    scum: int | None = None

    def key_of(self, seat: int) -> str:
        """One of ROLE_KEYS; "neutral" for a seat with no role."""
        for key, holder in (
            ("president", self.president),
            ("vice", self.vice),
            ("high_scum", self.high_scum),
            ("scum", self.scum),
        ):
            if holder == seat:
                return key
        return "neutral"

    @property
    def top(self) -> int | None:
        """The President, or the Vice-President where no President exists (seed 002: "President (or
        Vice-President)"; seed 001: "the Minister in 3-player")."""
        return self.president if self.president is not None else self.vice

    @property
    def bottom(self) -> int | None:
        """The Scum, or the High-Scum where no Scum exists (seed 002: "Scum (or High-Scum)")."""
        return self.scum if self.scum is not None else self.high_scum

    @property
    def exists(self) -> bool:
        return self.top is not None


def assign_roles(places: Sequence[int], queue: Sequence[int], rules: Rules) -> Roles:
    """Roles for a round whose players stand in `queue`, given last round's finishing `places`."""
    players = len(queue)
    if not places or players < 2:
        return Roles()
    president_place: int | None = None
    vice_place: int | None = None
    if players >= rules.top_roles_min_players:
        president_place = 0
        if players >= rules.vice_roles_min_players:
            vice_place = 1
    elif players >= rules.vice_roles_min_players:
        vice_place = 0
    seated = set(queue)

    def holder(place: int | None) -> int | None:
        if place is None or place >= len(places):
            return None
        seat = places[place]
        return seat if seat in seated else None

    president, vice = holder(president_place), holder(vice_place)
    scum = high_scum = None
    if president is not None:
        scum = queue[-1]
        if vice is not None:
            high_scum = queue[-2]
    elif vice is not None:
        high_scum = queue[-1]
    # A role holder at the back of the queue (everyone else left) cannot also be the one who pays.
    if scum in (president, vice):
        scum = None
    if high_scum in (president, vice):
        high_scum = None
    return Roles(president, vice, high_scum, scum)


def score_round(order: Sequence[int], rules: Rules, scores: list[int]) -> None:
    """Add what one round's finishing `order` (best first) earns to `scores`."""
    if rules.scoring in ("beaten", "places"):
        # Seed 001: "each player receives the points equal to the number of players they beat."; UECda:
        # "Points: 5, 4, 3, 2, 1 from Daifugo to Daihinmin" (one more each).
        bonus = 1 if rules.scoring == "places" else 0
        for position, seat in enumerate(order):
            scores[seat] += len(order) - 1 - position + bonus
        return
    # Seed 003: credit changes by the role the round's result gives.
    earned = assign_roles(order, order, rules)
    for seat in order:
        scores[seat] += rules.credit_changes[ROLE_KEYS.index(earned.key_of(seat))]


def match_standings(scores: Sequence[int], last_round: Sequence[int], present: Sequence[bool]) -> list[int]:
    """Each seat's place in the match (1 is best; seats that cannot be told apart share a place, the next place
    skipped, as 1, 2, 2, 4): the seats still at the table first, by their score (more points, or more credit
    left, is better), a tie on points broken by the last round's finishing order (docs/rules.md, "The match's
    result"). Seats tied on points and both absent from the last round stay tied."""
    last = {seat: index for index, seat in enumerate(last_round)}
    keys = [(not present[seat], -scores[seat], last.get(seat, len(last_round))) for seat in range(len(scores))]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def match_is_over(rules: Rules, scores: Sequence[int], rounds_played: int, seats: Sequence[int]) -> bool:
    present_scores = [scores[seat] for seat in seats]
    if rules.rounds and rounds_played >= rules.rounds:
        return True
    if rules.scoring == "credit":
        # Seed 003: "The game ends when a player reaches 0 point or less."
        return any(score <= 0 for score in present_scores)
    # Seed 001: "The game ends when a player reaches the target score".
    return bool(rules.target_score) and any(score >= rules.target_score for score in present_scores)
