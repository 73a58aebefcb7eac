"""Events: what happened at the table, in order, for logs, observations and clients.

An event is data (its kind, the seat, a payload); the engine writes no sentence of it. Clients word events from
their typed form (`presidente/typed_events.py`): the page in its language, the terminal and the tools in English
(`presidente/event_text.py`).
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple


class Event(NamedTuple):
    """Something that happened. `payload` is hidden from every seat outside `secret_for` (when set)."""

    kind: str
    seat: int | None
    payload: object = None
    secret_for: tuple[int, ...] | None = None


def seen_by(event: Event, viewer: int | None) -> Event:
    """The event as `viewer` (None: a spectator) may know it: outside a secret event's audience its cards are
    replaced by their count (a give's payload becomes `(receiver, count)`, a draft card put face down `count`)."""
    if event.secret_for is None or viewer in event.secret_for:
        return event
    return _hidden(event)


@functools.lru_cache(maxsize=4096)
def _hidden(event: Event) -> Event:
    payload: Any = event.payload
    if event.kind == "give":
        receiver, cards = payload
        return event._replace(payload=(receiver, sum(count for _, count in cards)))
    return event._replace(payload=sum(count for _, count in payload))


# Why a trick ended: the payload of a `trick-end` event (Event("trick-end", winner, cause)). The first rule that
# applies names the end of a trick that several rules end at once. A position saved before causes were kept reads
# its trick ends with the cause None.
TRICK_END_CAUSES = (
    "passes",  # everyone else passed: the turn came back to the last player (seed 002: "When everyone except P ...")
    "skips",  # the turn came back to the last player past a skip (5 skip, force-skip): seed 002's "if the next
    # player is the current player"
    "trump_jokers",  # joker_mode="trump": jokers alone win the trick (seed 003: "wins any hand")
    "eight",  # eight_rule, the 8-rule or ender 8 (seed 002: "If an 8 is played, the trick ends")
    "best_rank",  # best_rank_ends_trick: a 2, a 3 in a revolution (seed 004: "immediately win you the round")
    "spade_three",  # spade_three_return: the 3 of spades on a lone joker (UECda: "that clears the table")
    "eight_cut",  # eight_cut (UECda: "any play that contains an 8 ... clears the table")
    "four_in_a_row",  # four_in_a_row: 4 cards of one rank in a row (seeds 002 and 004)
    "equalize",  # equalize_ends_trick_by_scum / _by_non_scum: an equal play (seed 002)
    "revolution",  # revolution_ends_trick (seed 002: "A revolution ends the current trick")
)
