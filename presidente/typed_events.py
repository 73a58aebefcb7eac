"""The engines' events as typed data: each event a `type` and its fields, never a sentence.

One function per game turns what the engine recorded into JSON values: `president_event` an engine `Event`
(`presidente/president/events.py`), `battle_event` one entry of El Presidente's battle log. Seats are indices,
cards their text form ("7H", a play as its action text "JK=7 7H", a group of cards as `[["7H", 1], ...]` as the
view writes them), reasons codes. The table adds its own events (`sit`, `ready`, ...) with `table_event`.

Audience is part of the event: an event whose cards only some seats see (a give in the card exchange, a draft
card put face down) carries `audience`, those seats; a viewer in it gets the `cards`, every other viewer only
their `count`. The same function reads an observation's events (`Observation.events`, already as its seat may
know them: a hidden give holds its count). Every client words these events itself: the page through its
catalogs (`web/table-messages.js`), the terminal, the environments' text and the tools in English through one
renderer (`presidente/event_text.py`). It sits above both engines and below the server and the terminal, which
both use it. docs/protocol.md lists every event and `server/schema/server.json` declares each one.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any, cast

from presidente.cards import CardGroup, card_text
from presidente.president.actions import Action, Give, Leave, Pass, Play, Take, rank_name
from presidente.president.events import Event

Json = dict[str, Any]


def group_json(group: Iterable[tuple[int, int]]) -> list[list[Any]]:
    """A group of cards as the view writes one: `[["7H", 2], ...]`."""
    return [[card_text(card), count] for card, count in group]


def _count(group: CardGroup | int) -> int:
    # A hidden group as an observation holds it is its count already (`president.events.seen_by`).
    return group if isinstance(group, int) else sum(count for _, count in group)


# The engine's event kinds, as the page's event types (snake_case, as every other name in the protocol).
_TYPES = {
    "deal": "deal",
    "give": "give",
    "discard": "discard",
    "play-discard": "play_discard",
    "draft-place": "draft_place",
    "draft-reveal": "draft_reveal",
    "draft-take": "draft_take",
    "play": "play",
    "revolution": "revolution",
    "lock": "lock",
    "pass-limit": "pass_limit",
    "number-lock": "number_lock",
    "jack-back": "jack_back",
    "turn-order": "turn_order",
    "finish": "finish",
    "penalized": "penalized",
    "downfall": "downfall",
    "pass": "pass",
    "skip": "skip",
    "skipped": "skipped",
    "trick-end": "trick_end",
    "table-clears": "table_clears",
    "round-end": "round_end",
    "leave": "leave",
    "join": "join",
}
# Events that only name a seat.
_SEAT_ONLY = frozenset({"pass", "skip", "skipped", "downfall", "table-clears", "leave", "join"})


def president_event(event: Event, viewer: int | None) -> Json:
    """One President engine event as `viewer` (None: a spectator) may know it. A `round_end` is made by
    `round_end_event`, with the round's points and titles; here it holds only the places."""
    secret = event.secret_for is not None and viewer not in event.secret_for
    return _president_event(event, secret)


# Events are immutable values shared by every viewer: each is made once per audience (read-only, never changed).
@functools.lru_cache(maxsize=65_536)
def _president_event(event: Event, secret: bool) -> Json:
    kind, seat, payload = event.kind, event.seat, event.payload
    kind_type = _TYPES.get(kind)
    if kind_type is None:
        raise ValueError(f"no typed form for the engine's {kind!r} event")
    out: Json = {"type": kind_type}
    if kind in _SEAT_ONLY:
        out["seat"] = seat
    elif kind == "deal":
        out["sizes"] = list(payload)  # type: ignore[call-overload]
    elif kind == "give":
        receiver, given_cards = cast("tuple[int, CardGroup]", payload)
        out.update(seat=seat, to=receiver, count=_count(given_cards))
        if not secret:
            out["cards"] = group_json(given_cards)
    elif kind == "draft-place":
        out.update(seat=seat, count=_count(payload))  # type: ignore[arg-type]
        if not secret:
            out["cards"] = group_json(payload)  # type: ignore[arg-type]
    elif kind in ("discard", "play-discard", "draft-take"):
        out.update(seat=seat, cards=group_json(payload))  # type: ignore[arg-type]
    elif kind == "draft-reveal":
        out["cards"] = group_json(payload)  # type: ignore[arg-type]
    elif kind in ("play", "lock", "penalized"):
        out.update(seat=seat, play=str(payload))
    elif kind == "revolution":
        out.update(seat=seat, reversed=bool(payload))  # seat None: the revolution ended with the trick
    elif kind == "jack-back":
        out.update(seat=seat, on=bool(payload))  # seat None: the jack back ended with the trick
    elif kind == "turn-order":
        out.update(seat=seat, clockwise=bool(payload))
    elif kind == "number-lock":
        out.update(seat=seat, rank=rank_name(payload) if isinstance(payload, int) else None)
    elif kind == "finish":
        out.update(seat=seat, place=payload)
    elif kind == "pass-limit":
        out["passes"] = payload
    elif kind == "trick-end":
        out["seat"] = seat
        if payload is not None:  # the rule that ended it (None: a position saved before causes were kept)
            out["cause"] = payload
    elif kind == "round-end":
        out["order"] = list(payload)  # type: ignore[call-overload]
    if event.secret_for is not None:
        out["audience"] = list(event.secret_for)
    return out


def president_move(action: Action) -> Json:
    """A President move as typed data (the review's moves, for the page to word): `play` with its action text
    (`"JK 9S"`), `pass`, `give`, `discard` and `take` with their cards as a group, `leave` and `join`."""
    if isinstance(action, Play):
        return {"type": "play", "play": str(action)}
    if isinstance(action, Pass):
        return {"type": "pass"}
    if isinstance(action, Give | Take):  # a Discard is a Give whose verb is "discard"
        return {"type": action.verb, "cards": group_json(action.cards)}
    return {"type": "leave" if isinstance(action, Leave) else "join"}


def trick_end_reasons(events: list[Json]) -> list[Json]:
    """Each `trick_end` with `by`: "play" when a play ended it (the play, with the effects it brought, comes just
    before it: an 8 cut, a revolution, a trump joker ...), "passes" when everyone else passed. Read from the order
    of the engine's own events, the trick's end right after the play that ended it."""
    out: list[Json] = []
    last = None  # the latest event that was a player's move
    for event in events:
        kind = event["type"]
        if kind == "trick_end":
            event = {**event, "by": "play" if last == "play" else "passes"}
        elif kind in ("play", "pass", "skip", "skipped", "table_clears", "give", "play_discard", "leave", "deal"):
            last = kind
        out.append(event)
    return out


def round_end_event(order: Sequence[int], sheet_row: Json | None, round_number: int) -> Json:
    """The round's end: the places (`order`, best first), and from the score sheet the titles earned, the points
    won and the totals after it."""
    event: Json = {"type": "round_end", "round": round_number, "order": list(order)}
    if sheet_row is not None:
        event.update(titles=sheet_row["titles"], points=sheet_row["points"], totals=sheet_row["totals"])
    return event


# ------------------------------------------------------------------------------------------ El Presidente

_BATTLE_TYPES = {"attack": "attack", "throw": "throw_in", "beat": "beat"}
_BATTLE_WORDS = {"pass": "pass", "concede": "concede", "take": "pick_up"}


@functools.lru_cache(maxsize=4096)
def battle_event(seat: int, text: str) -> Json:
    """One entry of an El Presidente battle's log (the seat and its action's text) as an event: `attack`,
    `throw_in` and `beat` with their cards, `pass`, `concede` (the defender takes the pile) and `pick_up`."""
    verb, _, cards = text.partition(" ")
    if verb in _BATTLE_TYPES:
        return {"type": _BATTLE_TYPES[verb], "seat": seat, "cards": cards.split()}
    return {"type": _BATTLE_WORDS.get(text, text), "seat": seat}


def game_end_event(game: int, winner: int | None, reason: str) -> Json:
    """An El Presidente game's end (0-based `game`): its winning seat, None for a draw, and why (`State.end_reasons`:
    "won", "battle limit", "blocked", written snake_case)."""
    return {"type": "game_end", "game": game, "winner": winner, "reason": reason.replace(" ", "_")}


def battle_start_event(battle: int, attacker: int, defender: int) -> Json:
    return {"type": "battle_start", "battle": battle, "attacker": attacker, "defender": defender}


# ------------------------------------------------------------------------------------------ the table's own


def table_event(kind: str, **fields: Any) -> Json:
    """An event of the table around the game: `sit` (seat, name), `game_start`, `leave` (seat; the engine's own
    when it has a leave rule), `ready` (seat), `next_round`, `away` and `back` (seat: a notice), `rename` (seat,
    old, new: a notice), `paused` (reason: "no_legal_move" with the seat, or "move_failed")."""
    return {"type": kind, **fields}


def with_note(events: list[Json], timed: str) -> list[Json]:
    """The events of a move the table made for a seat: the first carries `timed` ("automatic" or "staged")."""
    if not events:
        return events
    return [{**events[0], "timed": timed}, *events[1:]]
