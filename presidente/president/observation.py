"""What one seat sees: its own hand and the public facts, never another seat's hidden card.

Hidden: other hands (only their sizes show), the undealt cards, cards handed over in the transfer (only giver
and receiver see them) and draft cards before they are turned face up. Public: every play, pass and skip,
cards discarded face up, roles, scores, finishing order, revolution, whose turn it is.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from presidente.cards import CardGroup, format_cards
from presidente.president.actions import Play
from presidente.president.rules import Rules

if TYPE_CHECKING:
    from presidente.president.events import Event
    from presidente.president.state import State


@dataclass(frozen=True)
class SeatView:
    seat: int
    present: bool
    in_round: bool
    hand_size: int
    role: str
    title: str
    score: int
    passed: bool
    finished: bool


@dataclass(frozen=True)
class EventView:
    kind: str
    seat: int | None
    text: str


@dataclass(frozen=True)
class Observation:
    seat: int | None
    preset: str
    rules: Rules
    phase: str
    round_number: int
    current_player: int | None
    hand: CardGroup
    seats: tuple[SeatView, ...]
    trick: tuple[tuple[int, Play], ...]
    trick_size: int
    last_player: int | None
    obligation: str | None
    reversed: bool
    must_include: str | None
    played: CardGroup
    face_up: CardGroup
    undealt: int
    finished: tuple[int, ...]
    out: tuple[int, ...]
    gave: CardGroup | None
    received: CardGroup | None
    draft_pool: CardGroup | None
    draft_placed: CardGroup | None
    last_round: tuple[int, ...]
    events: tuple[EventView, ...]
    # The mover's `State.offered_actions()`: every legal action, or for a hand too large to list (many
    # decks) one legal play of each shape; other plays of such a hand are legal too.
    legal_actions: tuple[str, ...]

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat == self.current_player


def _group(counts: list[int]) -> CardGroup:
    return tuple((card, count) for card, count in enumerate(counts) if count)


def describe_event(event: Event, viewer: int | None) -> str:
    """The event in words, as `viewer` may know it."""
    return _describe(event, event.secret_for is not None and viewer not in event.secret_for)


# Events are immutable values, and every observation of a round describes the same ones again: keep the words.
@functools.lru_cache(maxsize=65_536)
def _describe(event: Event, secret: bool) -> str:
    kind, seat, payload = event.kind, event.seat, event.payload
    who = f"Seat {seat}"
    if isinstance(payload, tuple) and kind in _CARD_EVENTS:
        return _describe_cards(kind, who, payload, secret)
    if kind == "play":
        return f"{who} plays {payload}."
    if kind == "revolution":
        return "Revolution! The order is reversed." if payload else "The order is back to normal."
    if kind == "finish":
        return f"{who} goes out, place {payload}."
    if kind == "penalized":
        return f"{who} goes out with {payload}: an illegal finish, ranked lowest."
    if kind == "round-end" and isinstance(payload, tuple):
        return f"Round over. Order: {', '.join(f'seat {s}' for s in payload)}."
    return _PLAIN_TEXTS.get(kind, "{who}: " + kind + ".").format(who=who)


@functools.lru_cache(maxsize=65_536)
def _event_view(event: Event, secret: bool) -> EventView:
    return EventView(event.kind, event.seat, _describe(event, secret))


_PLAIN_TEXTS = {
    "pass": "{who} passes.",
    "skip": "{who} skips a turn.",
    "skipped": "{who} is skipped.",
    "trick-end": "{who} wins the trick.",
    "downfall": "{who} did not finish first: downfall, ranked last.",
    "round-end": "Round over.",
    "leave": "{who} leaves the table.",
    "join": "{who} joins and waits for the next round.",
}
_CARD_EVENTS = frozenset({"deal", "give", "discard", "draft-place", "draft-reveal", "draft-take"})


def _describe_cards(kind: str, who: str, payload: tuple[Any, ...], secret: bool) -> str:
    if kind == "deal":
        return "Cards are dealt: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(payload) if n) + "."
    if kind == "give":
        receiver, cards = payload
        count = sum(n for _, n in cards)
        shown = f"{count} card{'s' if count != 1 else ''}" if secret else format_cards(cards)
        return f"{who} gives {shown} to seat {receiver}."
    if kind == "discard":
        return f"{who} discards {format_cards(payload)} (the receiver left)."
    if kind == "draft-place":
        shown = f"{sum(n for _, n in payload)} cards face down" if secret else format_cards(payload) + " face down"
        return f"{who} puts {shown}."
    if kind == "draft-reveal":
        return f"The draft cards are turned face up: {format_cards(payload)}."
    return f"{who} takes {format_cards(payload)}."


def observe(state: State, seat: int | None) -> Observation:
    from presidente.president.state import Phase

    own = seat is not None and 0 <= seat < state.seats
    titles = state.rules.role_titles
    role_index = {"president": 0, "vice": 1, "neutral": 2, "high_scum": 3, "scum": 4}
    finished = set(state.winners) | set(state.bottom)
    seats = tuple(
        SeatView(
            seat=s,
            present=state.present[s],
            in_round=state.in_round[s],
            hand_size=state.sizes[s],
            role=state.role_of(s),
            title=titles[role_index[state.role_of(s)]] if state.in_round[s] else "",
            score=state.scores[s],
            passed=state.trick_passed[s],
            finished=s in finished or s == state.downfallen,
        )
        for s in range(state.seats)
    )
    my_turn = own and state.current == seat
    hidden_draft = not state.draft_revealed
    return Observation(
        seat=seat,
        preset=state.rules.name,
        rules=state.rules,
        phase=str(state.phase),
        round_number=state.round_number,
        current_player=state.current,
        hand=_group(state.hands[seat]) if own and seat is not None else (),
        seats=seats,
        trick=tuple(state.trick),
        trick_size=state.trick_size,
        last_player=state.last_player,
        obligation=state.obligation if state.phase is Phase.PLAY else None,
        reversed=state.reversed,
        must_include=(format_cards(((state.must_include, 1),)) if state.must_include is not None and my_turn else None),
        played=_group(state.played),
        face_up=_group(state.face_up),
        undealt=sum(state.undealt),
        finished=tuple(state.winners),
        out=tuple(state.bottom),
        gave=state.gave[seat] if own and seat is not None else None,
        received=state.received[seat] if own and seat is not None else None,
        draft_pool=None if hidden_draft else _group(state.draft_pool),
        draft_placed=state.draft_placed[seat] if own and seat is not None else None,
        last_round=tuple(state.places),
        events=tuple(_event_view(e, e.secret_for is not None and seat not in e.secret_for) for e in state.events),
        legal_actions=tuple(str(a) for a in state.offered_actions()) if my_turn else (),
    )
