"""The President game's JSON views, built for many viewers of one table at a small cost per event.

Every event sends one view per seat watching, and most of a view is the same for every viewer: the seats, the
trick, the score sheet, the flags, the public log. `PresidentViews` builds that shared part once per state of
the game and adds each seat's private part (hand, legal moves, transfer cards, draft cards, and its own log when
recent events are secret) on top. What changes once a round (the score sheet, the results) is kept by the number
of rounds played, and what the round's events say (who was penalized, each seat's move in this trick, the
events in words) is read once per event as the round goes on, not rescanned for each view.

The views are read-only values: several views share the same lists, and the same view is handed out again while
the state has not changed. Their content is exactly what `State.observation` shows each seat (a test compares
them with views built from observations, frame by frame).
"""

from __future__ import annotations

import functools
from typing import Any

from presidente import president as pres
from presidente.cards import CardGroup, card_text, format_cards
from presidente.president.events import Event
from presidente.president.observation import cards_in, describe_event
from presidente.president.roles import Roles, assign_roles, score_round
from presidente.president.rules import ROLE_KEYS

# The view's log holds the round's latest events in words (the full round is in each update's lines).
LOG_EVENTS = 12
# A seat's moves in a trick, shown at its seat (passed, skipped ...), and the events no trick reaches across.
_TRICK_MOVES = frozenset({"play", "pass", "skip", "skipped"})
_TRICK_STARTS = frozenset({"trick-end", "round-end", "deal", "give", "draft-take", "draft-reveal", "join", "leave"})
# The Daifugo options the page names in its rules note when a table plays them.
DAIFUGO_EFFECTS = (
    "eight_cut",
    "five_skip",
    "nine_reverse",
    "jack_back",
    "seven_give",
    "ten_discard",
    "spade_three_return",
    "suit_lock",
    "sequences",
    "number_lock",
)
# The keys of a view that differ from seat to seat; every other key is the same for every viewer.
PRIVATE_KEYS = ("hand", "must_include", "gave", "received", "draft_placed", "legal", "log")


def group_json(group: CardGroup | None) -> list[list[Any]]:
    """Cards with their counts as JSON: [["10H", 1], ...]; none for None."""
    return [[card_text(card), count] for card, count in group or ()]


@functools.lru_cache(maxsize=4096)
def _shared_group_json(group: CardGroup) -> list[list[Any]]:
    # A hand or a transfer is shown again at every event until it changes: its JSON is looked up, not rebuilt.
    return group_json(group)


def counts_json(counts: list[int]) -> list[list[Any]]:
    """The cards in a list of counts per card, as JSON."""
    return _shared_group_json(cards_in(counts))


def trick_moves(events: list[Event]) -> dict[int, str]:
    """Each seat's latest move in the current trick ("play", "pass", "skip" or "skipped")."""
    moves: dict[int, str] = {}
    for event in reversed(events):
        if event.kind in _TRICK_STARTS:
            break
        if event.kind in _TRICK_MOVES and event.seat is not None:
            moves.setdefault(event.seat, event.kind)
    return moves


def place_of(seat: int, winners: tuple[int, ...], bottom: tuple[int, ...], players: int) -> int | None:
    """A seat's place in the round once it is settled: winners from the top, penalized seats from the bottom."""
    if seat in winners:
        return winners.index(seat) + 1
    if seat in bottom:
        return players - bottom.index(seat)
    return None


@functools.lru_cache(maxsize=256)
def score_sheet(rules: pres.Rules, seats: int, results: tuple[tuple[int, ...], ...]) -> list[dict[str, Any]]:
    """Every round of the match: its order, the title each place earned, the points won and the totals after."""
    totals = [rules.credit_start if rules.scoring == "credit" else 0] * seats
    sheet = []
    for order in results:
        before = list(totals)
        score_round(order, rules, totals)
        earned = assign_roles(order, order, rules)
        titles = {seat: rules.role_titles[ROLE_KEYS.index(earned.key_of(seat))] for seat in order}
        sheet.append(
            {
                "order": list(order),
                "titles": [titles.get(seat, "") for seat in range(seats)],
                "points": [after - was for after, was in zip(totals, before, strict=True)],
                "totals": list(totals),
            }
        )
    return sheet


class _RoundEvents:
    """What the view needs from one round's events, read as they are appended: the penalized seats, each seat's
    move in the current trick, every event in the spectators' words, and where the latest secret event is."""

    __slots__ = ("events", "last_secret", "penalized", "public_words", "trick")

    def __init__(self, events: list[Event]) -> None:
        self.events = events
        self.penalized: list[int | None] = []
        self.trick: dict[int, str] = {}
        self.public_words: list[str] = []
        self.last_secret = -1

    def catch_up(self) -> None:
        events, words = self.events, self.public_words
        for index in range(len(words), len(events)):
            event = events[index]
            kind = event.kind
            if kind in _TRICK_STARTS:
                self.trick = {}
            elif kind in _TRICK_MOVES and event.seat is not None:
                self.trick[event.seat] = kind
            if kind == "penalized":
                self.penalized.append(event.seat)
            if event.secret_for is not None:
                self.last_secret = index
            words.append(describe_event(event, None))


class PresidentViews:
    """One table's views: for the state last asked about, the shared part and each seat's view, built once."""

    def __init__(self) -> None:
        self._state: pres.State | None = None
        self._version: tuple[Any, ...] = ()
        self._shared: dict[str, Any] = {}
        self._views: dict[int | None, dict[str, Any]] = {}
        self._round: _RoundEvents | None = None
        self._rounds_played = -1
        self._sheet: list[dict[str, Any]] = []
        self._results: list[list[int]] = []
        self._effects: list[str] = []
        self._secret_in_log = False
        self._roles: Roles | None = None
        self._seat_roles: list[tuple[str, str]] = []  # each seat's role and title, for `_roles`

    def view(self, state: pres.State, seat: int | None) -> dict[str, Any]:
        """What `seat` sees (None: a spectator): its observation's content, as JSON values."""
        # Every change of a state is an applied action, which joins its history; a new round replaces the event
        # list. The state itself is held, so another state is never taken for this one.
        version = (len(state.history), state.round_number, len(state.events), state.current, state.phase)
        if state is not self._state or version != self._version:
            if state is not self._state:
                self._state = state
                self._roles = None
                self._rounds_played = -1
                self._effects = [name for name in DAIFUGO_EFFECTS if getattr(state.rules, name)]
            self._version = version
            self._views = {}
            self._shared = self._shared_view(state)
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self._seat_view(state, seat)
        return view

    def _round_events(self, state: pres.State) -> _RoundEvents:
        events = state.events
        known = self._round
        if known is None or known.events is not events or len(known.public_words) > len(events):
            known = self._round = _RoundEvents(events)
        known.catch_up()
        return known

    def _shared_view(self, state: pres.State) -> dict[str, Any]:
        """Every key of the view in its order; the private keys hold a spectator's values."""
        rules = state.rules
        phase = str(state.phase)
        round_events = self._round_events(state)
        if len(state.results) != self._rounds_played:
            self._rounds_played = len(state.results)
            self._sheet = score_sheet(rules, state.seats, tuple(map(tuple, state.results)))
            self._results = [list(order) for order in state.results]
        last_moves = round_events.trick if phase == "play" else {}
        # Every transfer still to choose, the one being chosen first (a winner-first choice already made is
        # held in transit: it is no longer pending for anyone to see).
        pending = [t for t in state.transfers if t.chosen is None] if phase == "exchange" else []
        winners, bottom = tuple(state.winners), tuple(state.bottom)
        finished = {*winners, *bottom, state.downfallen}
        players = sum(state.in_round)
        if state.roles is not self._roles:  # new roles come with a new round
            self._roles = roles = state.roles
            role_of = {
                seat: key
                for key, seat in (
                    ("scum", roles.scum),
                    ("high_scum", roles.high_scum),
                    ("vice", roles.vice),
                    ("president", roles.president),
                )
                if seat is not None
            }
            roles_of = [role_of.get(s, "neutral") for s in range(state.seats)]
            self._seat_roles = [(role, rules.role_titles[ROLE_KEYS.index(role)]) for role in roles_of]
        seat_roles = self._seat_roles
        present, in_round, sizes, scores, passed = (
            state.present,
            state.in_round,
            state.sizes,
            state.scores,
            state.trick_passed,
        )
        seats = []
        for s in range(state.seats):
            role, title = seat_roles[s]
            seats.append(
                {
                    "seat": s,
                    "present": present[s],
                    "in_round": in_round[s],
                    "hand_size": sizes[s],
                    "role": role,
                    "title": title if in_round[s] else "",
                    "score": scores[s],
                    "passed": passed[s],
                    "finished": s in finished,
                    "place": place_of(s, winners, bottom, players),
                    "last_move": last_moves.get(s),
                }
            )
        owed = state.owed
        # The log as a seat sees it differs from the spectators' only while a secret event is in it.
        self._secret_in_log = round_events.last_secret >= len(round_events.events) - LOG_EVENTS
        return {
            "game": "president",
            "phase": phase,
            "round": state.round_number,
            "current": state.current,
            "hand": [],
            "seats": seats,
            "exchanges": [{"giver": t.winner, "receiver": t.loser, "count": t.count} for t in pending],
            "draft_cards": rules.draft_cards,
            "sheet": self._sheet,
            "scoring": rules.scoring,  # a seat's score is credit left with "credit", points otherwise
            "trick": [[player, str(play)] for player, play in state.trick],
            "trick_size": state.trick_size,
            "last_player": state.last_player,
            "obligation": state.obligation if phase == "play" else None,
            "reversed": state.reversed,
            # Daifugo effects in force (issue 12), for the page's banners: the turn order, a jack back (it
            # also sets `reversed`), a number lock, the suits a suit lock keeps, and cards a play still owes.
            "clockwise": state.clockwise,
            "jack_back": state.jack_back,
            "number_locked": state.number_locked,
            "lock": "".join(suit for bit, suit in enumerate("CDHS") if state.lock >> bit & 1) if state.lock else "",
            "owed": None
            if owed is None
            else {"kind": owed.kind, "seat": owed.seat, "count": owed.count, "receiver": owed.receiver},
            "effects": self._effects,
            "must_include": None,
            "face_up": counts_json(state.face_up),
            "undealt": sum(state.undealt),
            "finished": list(winners),
            "out": list(bottom),
            # Of `out`, the seats placed at the bottom for their last card (the rest left the table this round).
            "penalized": list(round_events.penalized),
            "gave": [],
            "received": [],
            "draft_pool": counts_json(state.draft_pool) if state.draft_revealed else None,
            "draft_placed": [],
            "last_round": list(state.places),
            "results": self._results,
            "over": state.is_over,
            "winners": state.winners_of_match() if state.is_over else [],
            "legal": [],
            "log": round_events.public_words[-LOG_EVENTS:],
        }

    def _seat_view(self, state: pres.State, seat: int | None) -> dict[str, Any]:
        viewer = seat if seat is not None and 0 <= seat < state.seats else None
        if viewer is None:
            return self._shared  # a spectator's view is the shared part itself
        view = dict(self._shared)
        my_turn = state.current == viewer
        view["hand"] = counts_json(state.hands[viewer])
        if my_turn and state.must_include is not None:
            view["must_include"] = format_cards(((state.must_include, 1),))
        view["gave"] = _shared_group_json(state.gave[viewer]) if state.gave[viewer] else []
        view["received"] = _shared_group_json(state.received[viewer]) if state.received[viewer] else []
        placed = state.draft_placed[viewer]
        view["draft_placed"] = _shared_group_json(placed) if placed else []
        if my_turn:
            view["legal"] = list(state.offered_texts())
        if self._secret_in_log:
            view["log"] = [describe_event(event, viewer) for event in state.events[-LOG_EVENTS:]]
        return view
