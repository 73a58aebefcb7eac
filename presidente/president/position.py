"""Positions: a President table written down whole, to set up, save and rebuild exactly.

A record (rules + seed + actions) rebuilds a match from its deal; a `Position` instead holds the table as it
stands — rules, seats, hands, the trick and who played each play, passes, the revolution and other effects,
roles, scores, the round number, the card transfer or the draft in progress, and the round's events — so a
test, a puzzle or an analysis can start anywhere. `State.to_position()` writes one down and
`State.from_position(position)` rebuilds a state that plays on exactly like the original: same legal
actions, same observations for every seat, and the same future under the same actions (later deals come
from the seed and the round number, as in play). A position has a JSON form that round-trips.

`Position.check()` refuses, with a `PositionError` naming what is wrong, a position no table could hold:
cards not in the deck or not conserved, a seat to move who is out of the round, a trick, a transfer or a
draft that does not fit the phase.

>>> from presidente.president import State, find_preset, new_game
>>> state = new_game(find_preset("college"), players=4, seed=2)
>>> position = state.to_position()
>>> Position.from_json(position.to_json()) == position
True
>>> again = State.from_position(position)
>>> again.legal_actions() == state.legal_actions() and again.observation(1) == state.observation(1)
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from presidente.cards import (
    CARD_KINDS,
    JOKER,
    Card,
    CardGroup,
    card_text,
    counts_from_group,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
)
from presidente.errors import PositionError as PositionError  # re-exported: it was defined here
from presidente.errors import PresidenteError, RulesError
from presidente.president.actions import Play
from presidente.president.events import TRICK_END_CAUSES, Event
from presidente.president.roles import Roles
from presidente.president.rules import Rules

FORMAT = "presidente-position/1"


class Phase(StrEnum):
    """What the table is doing: what kind of action the seat to move makes."""

    EXCHANGE = "exchange"
    DRAFT_PLACE = "draft-place"
    DRAFT_PICK = "draft-pick"
    PLAY = "play"
    WAITING = "waiting"
    OVER = "over"


# The phases in which a seat is to move.
MOVING_PHASES = frozenset({Phase.EXCHANGE, Phase.DRAFT_PLACE, Phase.DRAFT_PICK, Phase.PLAY})
# What "obligation" may say: the next player must equalize or skip / pass (Rules.equalize).
OBLIGATIONS = ("or-skip", "or-pass")


@dataclass(frozen=True)
class Owed:
    """Cards a seat owes after its play (issue 12): `kind` "give" (7 give: to `receiver`, the next player still
    in the round) or "discard" (10 discard: face up), `count` of them; then `resume` is to move (the turn had
    already moved on, or the trick had ended, when the play was made)."""

    kind: str
    seat: int
    count: int
    receiver: int | None
    resume: int


@dataclass(frozen=True)
class PendingTransfer:
    """One pair of the card transfer still to be done: the winner gives `count` cards of their choice to the
    loser (`chosen`: already chosen, held until every winner has chosen, with `exchange_order="winner-first"`;
    `loser_left`: the loser left, so the cards are discarded face up)."""

    winner: int
    loser: int
    count: int
    chosen: CardGroup | None = None
    loser_left: bool = False


@dataclass(frozen=True)
class Position:
    """A President table as it stands. Seats are numbered from 0; per-seat tuples have one entry per seat.

    `last_round` is last round's finishing order (best first), `results` every finished round's; `finished`
    is this round's finishing order so far and `out` the seats placed at the bottom (left the table or
    penalized for their last card; the later one ranks higher), `downfallen` a President ranked last by
    seed 001's downfall. Hands and piles are card groups (`presidente.cards.CardGroup`): `played` holds every
    card played this round, the trick's included; `undealt` the cards no one was dealt. `trick` is the
    trick in progress, each play with its seat; `passed` who passed in it; `reversed` the order of strength
    in force (a revolution, turned again while a jack back holds: the trick's jack plays say whether one does);
    `must_include` the special 3 the first lead must hold; `obligation` what the seat to move must do after
    an equal play. `events` are the round's events, so that observations show the same history; `clockwise`
    the turn order (9 reverse turns it).
    """

    rules: Rules
    seed: int | str
    round_number: int
    phase: Phase
    current_player: int | None
    present: tuple[bool, ...]
    scores: tuple[int, ...]
    results: tuple[tuple[int, ...], ...]
    last_round: tuple[int, ...]
    new_queue: tuple[int, ...]
    round_players: tuple[int, ...]
    in_round: tuple[bool, ...]
    roles: Roles
    hands: tuple[CardGroup, ...]
    played: CardGroup
    face_up: CardGroup
    undealt: CardGroup
    finished: tuple[int, ...]
    out: tuple[int, ...]
    downfallen: int | None
    reversed: bool
    must_include: Card | None
    trick: tuple[tuple[int, Play], ...]
    passed: tuple[bool, ...]
    obligation: str | None
    transfers: tuple[PendingTransfer, ...]
    draft_pool: CardGroup
    draft_placed: tuple[CardGroup | None, ...]
    draft_queue: tuple[int, ...]
    draft_revealed: bool
    gave: tuple[CardGroup | None, ...]
    received: tuple[CardGroup | None, ...]
    events: tuple[Event, ...] = ()
    clockwise: bool = True
    owed: Owed | None = None
    # The seating order (`seat_shuffle`; empty: seat order), passes in a row (`pass_limit`), and the seat that
    # was to lead the trick, who leads again when everyone passes on an empty table (`lead_pass`; None: the seat
    # to move, as in positions written before these rules).
    seating: tuple[int, ...] = ()
    passes_in_a_row: int = 0
    trick_leader: int | None = None

    @property
    def seats(self) -> int:
        return len(self.present)

    def active(self, seat: int) -> bool:
        """Still playing this round: dealt in, and not finished, out or downfallen."""
        return self.in_round[seat] and seat not in self.finished and seat not in self.out and seat != self.downfallen

    def check(self) -> None:
        """Raise a `PositionError` saying what is wrong, if no table could hold this position."""
        _Checker(self).run()

    # ----------------------------------------------------------------- JSON

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": "president",
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "round_number": self.round_number,
            "phase": str(self.phase),
            "current_player": self.current_player,
            "present": list(self.present),
            "scores": list(self.scores),
            "results": [list(order) for order in self.results],
            "last_round": list(self.last_round),
            "new_queue": list(self.new_queue),
            "round_players": list(self.round_players),
            "in_round": list(self.in_round),
            "roles": {key: getattr(self.roles, key) for key in _ROLE_FIELDS},
            "hands": [format_cards(hand) for hand in self.hands],
            "played": format_cards(self.played),
            "face_up": format_cards(self.face_up),
            "undealt": format_cards(self.undealt),
            "finished": list(self.finished),
            "out": list(self.out),
            "downfallen": self.downfallen,
            "reversed": self.reversed,
            "must_include": None if self.must_include is None else card_text(self.must_include),
            "trick": [[seat, str(play)] for seat, play in self.trick],
            "passed": list(self.passed),
            "obligation": self.obligation,
            "transfers": [
                {
                    "winner": t.winner,
                    "loser": t.loser,
                    "count": t.count,
                    "chosen": _cards_or_none(t.chosen),
                    "loser_left": t.loser_left,
                }
                for t in self.transfers
            ],
            "draft_pool": format_cards(self.draft_pool),
            "draft_placed": [_cards_or_none(group) for group in self.draft_placed],
            "draft_queue": list(self.draft_queue),
            "draft_revealed": self.draft_revealed,
            "gave": [_cards_or_none(group) for group in self.gave],
            "received": [_cards_or_none(group) for group in self.received],
            "events": [_event_to_dict(event) for event in self.events],
            "clockwise": self.clockwise,
            "owed": None if self.owed is None else {f.name: getattr(self.owed, f.name) for f in fields(Owed)},
            "seating": list(self.seating),
            "passes_in_a_row": self.passes_in_a_row,
            "trick_leader": self.trick_leader,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: Any) -> Position:
        """A position as `to_dict` writes it; raises `PositionError` for anything else."""
        if not isinstance(data, dict):
            raise PositionError("A position is a JSON object.")
        if data.get("format") != FORMAT or data.get("game") != "president":
            raise PositionError(f"Not a President position (format {data.get('format')!r}, expected {FORMAT!r}).")
        reader = _Reader(data)
        try:
            return reader.position()
        except PositionError:
            raise
        except PresidenteError as error:
            raise PositionError(f"Broken position ({reader.field}): {error}") from error
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise PositionError(f"Broken position ({reader.field}): {error!r}") from error

    @classmethod
    def from_json(cls, text: str) -> Position:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise PositionError(f"A position is JSON: {error}") from error
        return cls.from_dict(data)


_ROLE_FIELDS = ("president", "vice", "high_scum", "scum")

# ----------------------------------------------------------------- checks


class _Checker:
    """The checks of `Position.check`, one method per part of the table."""

    def __init__(self, position: Position) -> None:
        self.p = position
        self.seats = position.seats

    def run(self) -> None:
        p = self.p
        if not isinstance(p.rules, Rules):
            raise PositionError("A position needs its rules (a Rules value).")
        if not isinstance(p.phase, Phase):
            raise PositionError(f"Unknown phase {p.phase!r}: one of {', '.join(Phase)}.")
        rules = p.rules
        try:
            rules.check_players(self.seats)
        except RulesError as error:  # the rules' own check, reported as what is wrong with this position
            raise PositionError(str(error)) from error
        self.lengths()
        self.seat_lists()
        self.cards()
        self.turn()
        self.trick()
        self.transfers()
        self.draft()

    def seat(self, value: object, what: str, allow_none: bool = False) -> None:
        if value is None and allow_none:
            return
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < self.seats:
            raise PositionError(f"{what} must be a seat from 0 to {self.seats - 1}, not {value!r}.")

    def lengths(self) -> None:
        p = self.p
        for name in ("scores", "in_round", "hands", "passed", "draft_placed", "gave", "received"):
            value = getattr(p, name)
            if len(value) != self.seats:
                raise PositionError(f"{name} has {len(value)} entries for {self.seats} seats.")
        if isinstance(p.round_number, bool) or not isinstance(p.round_number, int) or p.round_number < 0:
            raise PositionError(f"round_number must be a whole number from 0, not {p.round_number!r}.")

    def seat_lists(self) -> None:
        p = self.p
        for name in ("last_round", "new_queue", "round_players", "finished", "out", "draft_queue"):
            seats = getattr(p, name)
            for seat in seats:
                self.seat(seat, f"Each seat of {name}")
            if len(set(seats)) != len(seats):
                raise PositionError(f"{name} names a seat twice: {list(seats)}.")
        for order in p.results:
            for seat in order:
                self.seat(seat, "Each seat of results")
        self.seat(p.downfallen, "downfallen", allow_none=True)
        for key in _ROLE_FIELDS:
            self.seat(getattr(p.roles, key), f"The {key} role", allow_none=True)
        holders = [getattr(p.roles, key) for key in _ROLE_FIELDS if getattr(p.roles, key) is not None]
        if len(set(holders)) != len(holders):
            raise PositionError("One seat holds two roles.")
        dealt_in = {seat for seat in range(self.seats) if p.in_round[seat]}
        if set(p.round_players) != dealt_in:
            raise PositionError(
                f"round_players {list(p.round_players)} must be exactly the seats in the round {sorted(dealt_in)}."
            )
        placed = [*p.finished, *p.out, *([p.downfallen] if p.downfallen is not None else [])]
        if len(set(placed)) != len(placed):
            raise PositionError("A seat is both finished and out (or downfallen) this round.")
        for seat in placed:
            if not p.in_round[seat]:
                raise PositionError(f"Seat {seat} is placed this round but was not dealt in.")
            if p.hands[seat]:
                raise PositionError(f"Seat {seat} is out of the round but holds {format_cards(p.hands[seat])}.")

    def cards(self) -> None:
        p = self.p
        rules = p.rules
        deck = full_deck(rules.decks, rules.jokers_per_deck)
        total = [0] * CARD_KINDS
        piles: list[tuple[str, CardGroup]] = [(f"seat {seat}'s hand", hand) for seat, hand in enumerate(p.hands)]
        piles += [("played", p.played), ("face_up", p.face_up), ("undealt", p.undealt), ("draft_pool", p.draft_pool)]
        piles += [(f"the cards seat {t.winner} chose", t.chosen) for t in p.transfers if t.chosen is not None]
        for where, group in piles:
            self.group(group, where)
            for card, count in group:
                if not deck[card]:
                    raise PositionError(f"{card_text(card)} in {where} is not in this deck{self.jokers_note(card)}.")
                total[card] += count
        for name in ("draft_placed", "gave", "received"):
            for seat, group in enumerate(getattr(p, name)):
                if group is not None:
                    self.group(group, f"{name} of seat {seat}")
        for card in range(CARD_KINDS):
            if total[card] != deck[card]:
                raise PositionError(
                    f"Cards are not conserved: the position holds {total[card]} of the deck's {deck[card]}"
                    f" {card_text(card)} (hands, played, face_up, undealt, the transfer and the draft pool)."
                )
        if p.must_include is not None and (not 0 <= p.must_include < CARD_KINDS or p.must_include == JOKER):
            raise PositionError(f"must_include must be a natural card, not {p.must_include!r}.")

    @staticmethod
    def jokers_note(card: Card) -> str:
        return " (jokers_per_deck=0)" if card == JOKER else ""

    @staticmethod
    def group(group: object, where: str) -> None:
        if not isinstance(group, tuple) or not all(
            isinstance(pair, tuple)
            and len(pair) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) for n in pair)
            and 0 <= pair[0] < CARD_KINDS
            and pair[1] > 0
            for pair in group
        ):
            raise PositionError(f"{where} must be (card, count) pairs with positive counts, not {group!r}.")
        cards = [card for card, _ in group]
        if cards != sorted(set(cards)):
            raise PositionError(f"{where} must name each card once, in card order: {group!r}.")

    def turn(self) -> None:
        p = self.p
        mover = p.current_player
        if p.phase not in MOVING_PHASES:
            if mover is not None:
                raise PositionError(f"No one moves in the {p.phase} phase, not seat {mover}.")
            return
        self.seat(mover, f"In the {p.phase} phase the seat to move")
        assert mover is not None
        if not p.present[mover] or not p.active(mover):
            raise PositionError(f"Seat {mover} is to move but is out of the round.")
        if p.phase is Phase.PLAY:
            players = [seat for seat in range(self.seats) if p.active(seat)]
            if len(players) < 2:
                raise PositionError("A round in play needs two players still holding cards.")
            for seat in players:
                if not p.hands[seat]:
                    raise PositionError(f"Seat {seat} is still in the round but holds no card.")

    def _check_owed(self, owed: Owed) -> None:
        p = self.p
        rule = {"give": p.rules.seven_give, "discard": p.rules.ten_discard}.get(owed.kind)
        if not rule:
            raise PositionError(
                f"Cards are owed as a give with seven_give or a discard with ten_discard, not {owed!r}."
            )
        if p.phase is not Phase.PLAY or owed.seat != p.current_player:
            raise PositionError("Only the seat to move, in play, may owe cards.")
        if owed.count < 1:
            raise PositionError(f"A seat owes one card or more, not {owed.count}.")
        self.seat(owed.resume, "The seat to move after the owed cards")
        self.seat(owed.receiver, "The seat owed the cards", allow_none=owed.kind == "discard")

    def trick(self) -> None:
        p = self.p
        # A finished match keeps the trick its last play ended, as the table was left.
        if p.phase not in (Phase.PLAY, Phase.OVER):
            if p.trick or any(p.passed) or p.obligation is not None or p.must_include is not None:
                raise PositionError(f"No trick is played in the {p.phase} phase.")
            return
        played = counts_from_group(p.played)
        on_trick = [0] * CARD_KINDS
        for seat, play in p.trick:
            self.seat(seat, "Each play of the trick's seat")
            if not isinstance(play, Play):
                raise PositionError(f"The trick holds plays, not {play!r}.")
            if not p.in_round[seat]:
                raise PositionError(f"Seat {seat} played in the trick but is not in the round.")
            for card, count in play.cards:
                on_trick[card] += count
        if any(on_trick[card] > played[card] for card in range(CARD_KINDS)):
            raise PositionError("Every card of the trick must also be counted in played.")
        if not p.trick and (p.obligation is not None or (any(p.passed) and not p.rules.lead_pass)):
            raise PositionError("No one passes and nothing is owed before a trick's first play.")
        if p.seating and sorted(p.seating) != list(range(p.seats)):
            raise PositionError(f"seating must list every seat once, not {list(p.seating)}.")
        if p.passes_in_a_row < 0:
            raise PositionError("passes_in_a_row cannot be negative.")
        if p.trick_leader is not None:
            self.seat(p.trick_leader, "The trick's leader")
        if p.obligation is not None and p.obligation not in OBLIGATIONS:
            raise PositionError(f"obligation must be one of {', '.join(OBLIGATIONS)} or None, not {p.obligation!r}.")
        if not p.clockwise and not p.rules.nine_reverse:
            raise PositionError("The turn order goes counter-clockwise only with 9 reverse (nine_reverse).")
        if p.owed is not None:
            self._check_owed(p.owed)
        elif p.current_player is not None and p.passed[p.current_player]:
            raise PositionError(f"Seat {p.current_player} is to move but passed in this trick.")
        if p.must_include is not None:
            if p.trick:
                raise PositionError("must_include binds only the first lead of a round.")
            mover = p.current_player
            if mover is None or p.must_include not in dict(p.hands[mover]):
                raise PositionError(f"The seat to move must hold {card_text(p.must_include)} to lead it.")

    def transfers(self) -> None:
        p = self.p
        if p.phase is not Phase.EXCHANGE:
            if p.transfers:
                raise PositionError(f"No card transfer is pending in the {p.phase} phase.")
            return
        pending = [t for t in p.transfers if t.chosen is None]
        if not pending or pending[0].winner != p.current_player:
            raise PositionError("In the exchange phase the seat to move is the winner of the first pending transfer.")
        if p.transfers[: len(pending)] != tuple(pending):
            raise PositionError("Transfers still to choose come before those already chosen.")
        for transfer in p.transfers:
            self.seat(transfer.winner, "A transfer's winner")
            self.seat(transfer.loser, "A transfer's loser")
            if transfer.winner == transfer.loser or not p.in_round[transfer.winner] or not p.in_round[transfer.loser]:
                raise PositionError(f"Transfer {transfer}: two different seats of the round.")
            if isinstance(transfer.count, bool) or not isinstance(transfer.count, int) or transfer.count < 1:
                raise PositionError(f"Transfer {transfer}: count must be a whole number from 1.")
            if transfer.chosen is not None and p.rules.exchange_order != "winner-first":
                raise PositionError("Chosen cards wait for the others only with exchange_order='winner-first'.")

    def draft(self) -> None:
        p = self.p
        drafting = p.phase in (Phase.DRAFT_PLACE, Phase.DRAFT_PICK)
        if not drafting:
            if p.draft_pool or p.draft_queue:
                raise PositionError(f"No draft is in progress in the {p.phase} phase.")
            return
        if not p.draft_queue or p.draft_queue[0] != p.current_player:
            raise PositionError("In the draft the seat to move is the first of draft_queue.")
        if p.draft_revealed != (p.phase is Phase.DRAFT_PICK):
            raise PositionError("The draft cards are face up exactly while they are picked.")


# ----------------------------------------------------------------- JSON helpers


def _cards_or_none(group: CardGroup | None) -> str | None:
    return None if group is None else format_cards(group)


# How each event kind's payload is written: the payload types of `Event`.
_NONE, _BOOL, _NUMBER, _NUMBERS, _CARDS, _PLAY, _GIVE = "none", "bool", "number", "numbers", "cards", "play", "give"
_CAUSE = "cause"  # a trick end's cause: a `TRICK_END_CAUSES` code, or null (a position saved before they were kept)
_EVENT_PAYLOADS = {
    "deal": _NUMBERS,
    "round-end": _NUMBERS,
    "give": _GIVE,
    "discard": _CARDS,
    "draft-place": _CARDS,
    "draft-reveal": _CARDS,
    "draft-take": _CARDS,
    "play": _PLAY,
    "lock": _PLAY,
    "penalized": _PLAY,
    "revolution": _BOOL,
    "jack-back": _BOOL,
    "play-discard": _CARDS,
    "turn-order": _BOOL,
    "finish": _NUMBER,
    "number-lock": _NUMBER,
    "pass-limit": _NUMBER,
    "trick-end": _CAUSE,
    **dict.fromkeys(("pass", "skip", "skipped", "table-clears", "downfall", "leave", "join"), _NONE),
}


def _event_to_dict(event: Event) -> dict[str, Any]:
    kind = _EVENT_PAYLOADS.get(event.kind)
    payload: Any = event.payload
    if kind is None:
        raise PositionError(f"An event of kind {event.kind!r} has no JSON form.")
    if kind == _NUMBERS:
        payload = list(payload)
    elif kind == _CARDS:
        payload = format_cards(payload)
    elif kind == _PLAY:
        payload = str(payload)
    elif kind == _GIVE:
        receiver, cards = payload
        payload = [receiver, format_cards(cards)]
    return {
        "kind": event.kind,
        "seat": event.seat,
        "payload": payload,
        "secret_for": None if event.secret_for is None else list(event.secret_for),
    }


class _Reader:
    """Reads the fields of a position's JSON form, remembering which one it is at for error messages."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.field = ""

    def get(self, name: str) -> Any:
        self.field = name
        if name not in self.data:
            raise PositionError(f"A position needs {name!r}.")
        return self.data[name]

    def whole(self, name: str) -> int:
        return _whole(name, self.get(name))

    def optional_whole(self, name: str) -> int | None:
        value = self.get(name)
        return None if value is None else _whole(name, value)

    def items(self, name: str, read: Callable[[Any], Any]) -> tuple[Any, ...]:
        value = self.get(name)
        if not isinstance(value, list):
            raise PositionError(f"{name} must be a list, not {value!r}.")
        result = []
        for item in value:
            result.append(read(item))
            self.field = name
        return tuple(result)

    def flags(self, name: str) -> tuple[bool, ...]:
        return self.items(name, lambda v: _flag(name, v))

    def numbers(self, name: str) -> tuple[int, ...]:
        return self.items(name, lambda v: _whole(name, v))

    def cards(self, name: str) -> CardGroup:
        return _cards(name, self.get(name))

    def position(self) -> Position:
        rules_data = self.get("rules")
        if not isinstance(rules_data, dict):
            raise PositionError("rules must be an object of options.")
        rules = Rules.from_dict(rules_data)
        seed = self.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise PositionError(f"seed must be a number or a text, not {seed!r}.")
        phase_text = self.get("phase")
        if phase_text not in {str(phase) for phase in Phase}:
            raise PositionError(f"phase must be one of {', '.join(Phase)}, not {phase_text!r}.")
        roles_data = self.get("roles")
        if not isinstance(roles_data, dict) or set(roles_data) - set(_ROLE_FIELDS):
            raise PositionError(f"roles must be an object with {', '.join(_ROLE_FIELDS)}.")
        roles = Roles(
            **{key: None if roles_data.get(key) is None else _whole("roles", roles_data[key]) for key in _ROLE_FIELDS}
        )
        must_include = self.get("must_include")
        obligation = self.get("obligation")
        if obligation is not None and not isinstance(obligation, str):
            raise PositionError(f"obligation must be a text or null, not {obligation!r}.")
        return Position(
            rules=rules,
            seed=seed,
            round_number=self.whole("round_number"),
            phase=Phase(phase_text),
            current_player=self.optional_whole("current_player"),
            present=self.flags("present"),
            scores=self.numbers("scores"),
            results=self.items("results", lambda order: _numbers("results", order)),
            last_round=self.numbers("last_round"),
            new_queue=self.numbers("new_queue"),
            round_players=self.numbers("round_players"),
            in_round=self.flags("in_round"),
            roles=roles,
            hands=self.items("hands", lambda text: _cards("hands", text)),
            played=self.cards("played"),
            face_up=self.cards("face_up"),
            undealt=self.cards("undealt"),
            finished=self.numbers("finished"),
            out=self.numbers("out"),
            downfallen=self.optional_whole("downfallen"),
            reversed=_flag("reversed", self.get("reversed")),
            must_include=None if must_include is None else parse_card(_text("must_include", must_include)),
            trick=self.items("trick", _trick_play),
            passed=self.flags("passed"),
            obligation=obligation,
            transfers=self.items("transfers", _transfer),
            draft_pool=self.cards("draft_pool"),
            draft_placed=self.items("draft_placed", lambda text: _cards_or_null("draft_placed", text)),
            draft_queue=self.numbers("draft_queue"),
            draft_revealed=_flag("draft_revealed", self.get("draft_revealed")),
            gave=self.items("gave", lambda text: _cards_or_null("gave", text)),
            received=self.items("received", lambda text: _cards_or_null("received", text)),
            events=self.items("events", _event),
            # Written since 9 reverse (issue 12); older positions go clockwise.
            clockwise=_flag("clockwise", self.data.get("clockwise", True)),
            owed=_owed(self.data.get("owed")),
            # Written since the UECda match rules (issue 12); older positions sit in seat order.
            seating=_numbers("seating", self.data.get("seating", [])),
            passes_in_a_row=_whole("passes_in_a_row", self.data.get("passes_in_a_row", 0)),
            trick_leader=None if self.data.get("trick_leader") is None else self.optional_whole("trick_leader"),
        )


def _whole(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{name} must hold whole numbers, not {value!r}.")
    return value


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise PositionError(f"{name} must be true or false, not {value!r}.")
    return value


def _text(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise PositionError(f"{name} must be a text, not {value!r}.")
    return value


def _numbers(name: str, value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise PositionError(f"{name} must hold lists of whole numbers, not {value!r}.")
    return tuple(value)


def _cards(name: str, value: Any) -> CardGroup:
    text = _text(name, value)
    return parse_cards(text) if text.strip() else ()


def _cards_or_null(name: str, value: Any) -> CardGroup | None:
    return None if value is None else _cards(name, value)


def _trick_play(item: Any) -> tuple[int, Play]:
    if not isinstance(item, list) or len(item) != 2 or isinstance(item[0], bool) or not isinstance(item[0], int):
        raise PositionError(f"Each play of the trick is [seat, cards], not {item!r}.")
    return item[0], Play.parse(_text("trick", item[1]))


def _owed(item: Any) -> Owed | None:
    if item is None:
        return None
    names = {field.name for field in fields(Owed)}
    if not isinstance(item, dict) or set(item) != names:
        raise PositionError(f"owed is null or an object with {', '.join(sorted(names))}, not {item!r}.")
    numbers = [item[key] for key in ("seat", "count", "resume")]
    receiver = item["receiver"]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in numbers) or not (
        receiver is None or (isinstance(receiver, int) and not isinstance(receiver, bool))
    ):
        raise PositionError(f"owed's seat, count and resume are whole numbers, its receiver too or null: {item!r}.")
    return Owed(_text("owed", item["kind"]), item["seat"], item["count"], receiver, item["resume"])


def _transfer(item: Any) -> PendingTransfer:
    names = {field.name for field in fields(PendingTransfer)}
    if not isinstance(item, dict) or set(item) != names:
        raise PositionError(f"Each transfer is an object with {', '.join(sorted(names))}, not {item!r}.")
    numbers = [item[key] for key in ("winner", "loser", "count")]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in numbers):
        raise PositionError(f"A transfer's winner, loser and count are whole numbers: {item!r}.")
    return PendingTransfer(
        item["winner"],
        item["loser"],
        item["count"],
        _cards_or_null("transfers", item["chosen"]),
        _flag("loser_left", item["loser_left"]),
    )


def _event(item: Any) -> Event:
    if not isinstance(item, dict) or set(item) != {"kind", "seat", "payload", "secret_for"}:
        raise PositionError(f"Each event is an object with kind, seat, payload and secret_for, not {item!r}.")
    kind, seat, payload, secret_for = item["kind"], item["seat"], item["payload"], item["secret_for"]
    codec = _EVENT_PAYLOADS.get(kind)
    if codec is None:
        raise PositionError(f"Unknown event kind {kind!r}.")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        raise PositionError(f"An event's seat is a whole number or null, not {seat!r}.")
    value: object
    if codec == _NONE:
        value = None
    elif codec == _CAUSE:
        if payload is not None and payload not in TRICK_END_CAUSES:
            raise PositionError(
                f"A trick end's cause is one of {', '.join(TRICK_END_CAUSES)} or null, not {payload!r}."
            )
        value = payload
    elif codec == _BOOL:
        value = _flag("event payload", payload)
    elif codec == _NUMBER:
        value = _whole("event payload", payload)
    elif codec == _NUMBERS:
        value = _numbers("event payload", payload)
    elif codec == _CARDS:
        value = _cards("event payload", payload)
    elif codec == _PLAY:
        value = Play.parse(_text("event payload", payload))
    else:
        if not isinstance(payload, list) or len(payload) != 2:
            raise PositionError(f"A give event's payload is [receiver, cards], not {payload!r}.")
        value = (payload[0], _cards("event payload", payload[1]))
    secret = None if secret_for is None else _numbers("secret_for", secret_for)
    return Event(kind, seat, value, secret)
