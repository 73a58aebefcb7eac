"""What one seat sees: its own hand and the public facts, never another seat's hidden card.

Hidden: other hands (only their sizes show), the undealt cards, cards handed over in the transfer (only giver
and receiver see them) and draft cards before they are turned face up. Public: every play, pass and skip,
cards discarded face up, roles, scores, finishing order, revolution, whose turn it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

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
    legal_actions: tuple[str, ...]

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat == self.current_player


def _group(counts: list[int]) -> CardGroup:
    return tuple((card, count) for card, count in enumerate(counts) if count)


def describe_event(event: Event, viewer: int | None) -> str:
    """The event in words, as `viewer` may know it."""
    kind, seat, payload = event.kind, event.seat, event.payload
    who = f"Seat {seat}"
    secret = event.secret_for is not None and viewer not in event.secret_for
    if kind == "deal":
        assert isinstance(payload, tuple)
        return "Cards are dealt: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(payload) if n) + "."
    if kind == "give":
        assert isinstance(payload, tuple)
        receiver, cards = payload
        count = sum(n for _, n in cards)
        shown = f"{count} card{'s' if count != 1 else ''}" if secret else format_cards(cards)
        return f"{who} gives {shown} to seat {receiver}."
    if kind == "discard":
        assert isinstance(payload, tuple)
        return f"{who} discards {format_cards(payload)} (the receiver left)."
    if kind == "draft-place":
        assert isinstance(payload, tuple)
        shown = f"{sum(n for _, n in payload)} cards face down" if secret else format_cards(payload) + " face down"
        return f"{who} puts {shown}."
    if kind == "draft-reveal":
        assert isinstance(payload, tuple)
        return f"The draft cards are turned face up: {format_cards(payload)}."
    if kind == "draft-take":
        assert isinstance(payload, tuple)
        return f"{who} takes {format_cards(payload)}."
    texts = {
        "play": f"{who} plays {payload}.",
        "pass": f"{who} passes.",
        "skip": f"{who} skips a turn.",
        "skipped": f"{who} is skipped.",
        "trick-end": f"{who} wins the trick.",
        "revolution": "Revolution! The order is reversed." if payload else "The order is back to normal.",
        "finish": f"{who} goes out, place {payload}.",
        "penalized": f"{who} goes out with {payload}: an illegal finish, ranked lowest.",
        "downfall": f"{who} did not finish first: downfall, ranked last.",
        "round-end": f"Round over. Order: {', '.join(f'seat {s}' for s in payload)}."
        if isinstance(payload, tuple)
        else "Round over.",
        "leave": f"{who} leaves the table.",
        "join": f"{who} joins and waits for the next round.",
    }
    return texts.get(kind, f"{who}: {kind}.")


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
        events=tuple(EventView(e.kind, e.seat, describe_event(e, seat)) for e in state.events),
        legal_actions=tuple(str(a) for a in state.legal_actions()) if my_turn else (),
    )
