"""What one seat sees: its own hand and the public facts, never another seat's hidden card.

Hidden: other hands (only their sizes show), the undealt cards, cards handed over in the transfer (only giver
and receiver see them) and draft cards before they are turned face up. Public: every play, pass and skip,
cards discarded face up, roles, scores, finishing order, revolution, whose turn it is. Events are data, never
words: clients word them from their typed form (`presidente/typed_events.py`, `presidente/event_text.py`).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

from presidente.cards import CARD_KINDS, CardGroup
from presidente.president.actions import Play
from presidente.president.events import Event, seen_by
from presidente.president.roles import Roles
from presidente.president.rules import Rules


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


class EventLog(Sequence[Event]):
    """The first `length` events of an append-only list: an observation's events, fixed when it was made.

    The state keeps one such list per viewer and only appends to it, so observations share it instead of
    copying the round's events each time, and stay unchanged as the game goes on. Slices are tuples; an
    event log equals any sequence of the same views.
    """

    __slots__ = ("_length", "_views")

    def __init__(self, views: Sequence[Event], length: int | None = None) -> None:
        self._views = views
        self._length = len(views) if length is None else length

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return tuple(self._views[i] for i in range(*index.indices(self._length)))
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("event index out of range")
        return self._views[index]

    def __iter__(self) -> Iterator[Event]:
        return itertools.islice(self._views, self._length)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == self._length and all(a == b for a, b in zip(self, other, strict=False))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"EventLog({tuple(self)!r})"

    def __reduce__(self) -> tuple[type[EventLog], tuple[tuple[Event, ...]]]:
        return (EventLog, (tuple(self),))


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
    clockwise: bool  # the turn order (9 reverse turns it)
    # The seating order the turn goes along (`seat_shuffle` draws it; UECda's table shows it in [6][10..14]), or ()
    # for seat order; the passes (and skips) in a row this round, public, for `pass_limit` (UECda: 20); the seat
    # that was to lead the trick, who leads again when every player passes on an empty table (`lead_pass`).
    seating: tuple[int, ...]
    passes_in_a_row: int
    trick_leader: int | None
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
    # The round's events as this seat may know them (`events.seen_by`: a hidden give holds its count), an
    # `EventLog` (slices are tuples); clients word them from their typed form (`presidente/typed_events.py`).
    events: Sequence[Event]
    # The mover's `State.offered_actions()`: every legal action, or for a hand too large to list (many
    # decks) one legal play of each shape; other plays of such a hand are legal too.
    legal_actions: tuple[str, ...]

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat == self.current_player

    if not TYPE_CHECKING:  # (so that type checkers still refuse a misspelt field)

        def __getattr__(self, name: str) -> Any:
            # Called only for an attribute not in __dict__: a lazy observation's field not filled yet.
            fields = self.__dict__
            if _REST in fields:
                settle_observation(self)
                if name in fields:
                    return fields[name]
            raise AttributeError(f"'Observation' object has no attribute '{name}'")

    def __getstate__(self) -> dict[str, Any]:
        settle_observation(self)
        return self.__dict__


@functools.lru_cache(maxsize=65_536)
def _event_view(event: Event, secret: bool) -> Event:
    # An event as a viewer outside its audience knows it (`seen_by`); the others are shared as they are.
    return seen_by(event, None) if secret else event


def make_observation(fields: dict[str, Any], rest: Callable[[], dict[str, Any]] | None = None) -> Observation:
    """An observation of exactly these fields (`State.observation` builds them); given `rest`, the fields not in
    `fields` are `rest()`'s, asked for when one of them is first read (or `settle_observation`).

    Every field at once: a frozen dataclass's __init__ sets its 26 fields one guarded call at a time, which
    would cost more than the rest of the observation (tests check that the fields are exactly these)."""
    observation = object.__new__(Observation)
    if rest is not None:
        fields[_REST] = rest
    object.__setattr__(observation, "__dict__", fields)
    return observation


def settle_observation(observation: Observation) -> None:
    """Fill the fields a lazy observation has not filled yet (nothing to do for an eager one)."""
    fields = observation.__dict__
    rest = fields.pop(_REST, None)
    if rest is not None:
        fields.update(rest())


# Where a lazy observation keeps the function that gives its other fields (not a field: vars() never shows it
# once filled, and `__getstate__` fills it before copying or pickling).
_REST = "_rest"


def cards_in(counts: list[int]) -> CardGroup:
    """The cards in a list of counts (the same counts give the very same tuple, looked up, not rebuilt)."""
    return _group_of(tuple(counts))


@functools.lru_cache(maxsize=4096)
def _group_of(counts: tuple[int, ...]) -> CardGroup:
    return tuple([(card, counts[card]) for card in itertools.compress(_CARDS, counts)])


_CARDS = range(CARD_KINDS)


# Seat views are values; a seat's view changes with few of its fields, so most are looked up, not rebuilt.
_seat_view = functools.lru_cache(maxsize=4096)(SeatView)
_ROLE_INDEX = {"president": 0, "vice": 1, "neutral": 2, "high_scum": 3, "scum": 4}


def seat_views(
    rules: Rules,
    roles: Roles,
    present: Sequence[bool],
    in_round: Sequence[bool],
    sizes: Sequence[int],
    scores: Sequence[int],
    passed: Sequence[bool],
    finished: set[int | None],
) -> tuple[SeatView, ...]:
    """Every seat as the whole table sees it (the same for every viewer); `finished`: seats out of the round."""
    # Every viewer's observation of a position asks for the same views: they are looked up by value.
    return _seat_views_of(
        rules.role_titles,
        (roles.scum, roles.high_scum, roles.vice, roles.president),
        tuple(present),
        tuple(in_round),
        tuple(sizes),
        tuple(scores),
        tuple(passed),
        frozenset(finished),
    )


@functools.lru_cache(maxsize=4096)
def _seat_views_of(
    titles: tuple[str, ...],
    holders: tuple[int | None, int | None, int | None, int | None],
    present: tuple[bool, ...],
    in_round: tuple[bool, ...],
    sizes: tuple[int, ...],
    scores: tuple[int, ...],
    passed: tuple[bool, ...],
    finished: frozenset[int | None],
) -> tuple[SeatView, ...]:
    # `holders`: the scum, high scum, vice and president; a seat holding several keeps the last of them.
    role_of = {seat: key for key, seat in zip(_HOLDER_KEYS, holders, strict=True) if seat is not None}
    views = []
    for s in range(len(present)):
        role = role_of.get(s, "neutral")
        title = titles[_ROLE_INDEX[role]] if in_round[s] else ""
        views.append(_seat_view(s, present[s], in_round[s], sizes[s], role, title, scores[s], passed[s], s in finished))
    return tuple(views)


_HOLDER_KEYS = ("scum", "high_scum", "vice", "president")


class EventViews:
    """One round's events as each viewer may know them, in time that does not grow with the round.

    The views (`events.seen_by`) are kept per viewer in an append-only list and only the events new since the
    last `log` are read. A state replaces its event list (never shortens it) to start a new round and then starts new
    `EventViews`; a clone does too, so two diverging games never append to one list.
    """

    __slots__ = ("_by_viewer", "events")

    def __init__(self, events: list[Event]) -> None:
        self.events = events
        self._by_viewer: dict[int | None, list[Event]] = {}

    def log(self, viewer: int | None) -> EventLog:
        events = self.events
        views = self._by_viewer.get(viewer)
        known, length = len(views) if views is not None else 0, len(events)
        if views is None or known > length:  # new, or the list was shortened in place: read it all again
            views = self._by_viewer[viewer] = []
            known = 0
        if known < length:
            views.extend(
                _event_view(event, event.secret_for is not None and viewer not in event.secret_for)
                for event in itertools.islice(events, known, length)
            )
        return EventLog(views, length)
