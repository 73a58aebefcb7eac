"""The President game's JSON views, built for many viewers of one table at a small cost per event.

Every event sends one view per seat watching, and most of a view is the same for every viewer: the seats, the
trick, the score sheet, the flags. `PresidentViews` builds that shared part once per state of the game and adds
each seat's private part (hand, legal moves, transfer cards, draft cards) on top. What changes once a round (the
score sheet, the results) is kept by the number of rounds played, and what the round's events say (who was
penalized, each seat's move in this trick) is read once per event as the round goes on, not rescanned for each
view. The view holds no event and no sentence: the events travel typed beside it (`presidente/typed_events.py`).

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
from presidente.president.observation import cards_in
from presidente.president.roles import Roles, assign_roles, score_round
from presidente.president.rules import ROLE_KEYS

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
# The phases and the suit locks (bits C, D, H, S) as the view writes them.
_PHASE_TEXTS = {phase: str(phase) for phase in pres.Phase}
_LOCK_TEXTS = ["".join(suit for bit, suit in enumerate("CDHS") if lock >> bit & 1) for lock in range(16)]
# The keys of a view that differ from seat to seat; every other key is the same for every viewer.
PRIVATE_KEYS = ("hand", "must_include", "gave", "received", "draft_placed", "legal")


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
    """What the view needs from one round's events, read as they are appended: the penalized seats and each
    seat's move in the current trick."""

    __slots__ = ("events", "penalized", "read", "trick")

    def __init__(self, events: list[Event]) -> None:
        self.events = events
        self.penalized: list[int | None] = []
        self.trick: dict[int, str] = {}
        self.read = 0  # how many of the events were read

    def catch_up(self) -> None:
        events = self.events
        for index in range(self.read, len(events)):
            event = events[index]
            kind = event.kind
            if kind in _TRICK_STARTS:
                self.trick = {}
            elif kind in _TRICK_MOVES and event.seat is not None:
                self.trick[event.seat] = kind
            if kind == "penalized":
                self.penalized.append(event.seat)
        self.read = len(events)


def _blank_view(rules: pres.Rules, effects: list[str]) -> dict[str, Any]:
    """Every key of a view in its order, holding what stays the same for a table's state: the game, the
    rules' values, and the spectators' values of the private keys; the others are filled for each position
    (None, False or [] here is their value when the position does not set them)."""
    return {
        "game": "president",
        "phase": None,
        "round": None,
        "current": None,
        "hand": [],
        "seats": None,
        "exchanges": [],  # the transfers still to choose, in the exchange phase
        "draft_cards": rules.draft_cards,
        "sheet": None,
        "scoring": rules.scoring,  # a seat's score is credit left with "credit", points otherwise
        "trick": None,
        "trick_size": None,
        "last_player": None,
        "obligation": None,  # in the play phase
        "reversed": None,
        # Daifugo effects in force (issue 12), for the page's banners: the turn order, a jack back (it
        # also sets `reversed`), a number lock, the suits a suit lock keeps, and cards a play still owes.
        "clockwise": None,
        "jack_back": None,
        "number_locked": None,
        "lock": None,
        "owed": None,
        "effects": effects,
        "must_include": None,
        "face_up": None,
        "undealt": None,
        "finished": None,
        "out": None,
        # Of `out`, the seats placed at the bottom for their last card (the rest left the table this round).
        "penalized": None,
        "gave": [],
        "received": [],
        "draft_pool": None,
        "draft_placed": [],
        "last_round": None,
        "results": None,
        "over": False,
        "winners": [],  # the match's winners, once it is over
        "legal": [],
    }


class PresidentViews:
    """One table's views: for the state last asked about, the shared part and each seat's view, built once.

    Between two positions of a round most of the shared part stays as it was: the values built from fields that
    rarely change (the cards face up, the finished seats, the trick, the score sheet ...) are kept with a copy of
    what they were built from, and built again only when that differs. Kept values are shared by the views that
    hold them, which are never changed once handed out."""

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
        self._roles: Roles | None = None
        self._seat_roles: list[tuple[str, str]] = []  # each seat's role and title, for `_roles`
        # Each seat's entry of `seats` with the values it was built from, and the list of them last handed out.
        self._seat_rows: list[tuple[tuple[Any, ...], dict[str, Any]] | None] = []
        self._seats: list[dict[str, Any]] = []
        # The kept values: each with what it was built from (None: not built yet for this state).
        # The finished seats: winners, bottom, the downfallen seat and how many play the round.
        self._standing: tuple[list[int], list[int], int | None, int] | None = None
        self._places: dict[int, int | None] = {}
        self._finished: set[int | None] = set()
        self._trick_of: list[tuple[int, pres.Play]] | None = None
        self._trick: list[list[Any]] = []
        self._face_up_of: list[int] | None = None
        self._face_up: list[list[Any]] = []
        self._undealt_of: list[int] | None = None
        self._undealt = 0
        self._pool_of: tuple[bool, list[int]] | None = None
        self._pool: list[list[Any]] | None = None
        self._last_round: list[int] | None = None
        self._penalized: list[int | None] | None = None
        self._hands: dict[int, tuple[list[int], list[list[Any]]]] = {}  # each seat's hand, with its JSON
        self._groups: dict[int, tuple[tuple[CardGroup | None, ...], list[list[list[Any]]]]] = {}  # and its cards
        self._blank: dict[str, Any] = {}  # every key of the view in its order (`_blank_view`)

    def view(self, state: pres.State, seat: int | None) -> dict[str, Any]:
        """What `seat` sees (None: a spectator): its observation's content, as JSON values."""
        # Every change of a state is an applied action, which joins its history; a new round replaces the event
        # list. The state itself is held, so another state is never taken for this one.
        version = (len(state.history), state.round_number, len(state.events), state.current, state.phase)
        if state is not self._state or version != self._version:
            if state is not self._state:
                self._forget(state)
            self._version = version
            self._views = {}
            self._shared = self._shared_view(state)
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self._seat_view(state, seat)
        return view

    def _forget(self, state: pres.State) -> None:
        """Start over on another state: nothing kept from the last one is taken for this one's."""
        self._state = state
        self._roles = None
        self._rounds_played = -1
        self._effects = [name for name in DAIFUGO_EFFECTS if getattr(state.rules, name)]
        self._standing = self._trick_of = self._face_up_of = self._undealt_of = self._pool_of = None
        self._last_round = self._penalized = None
        self._hands, self._groups = {}, {}
        self._seat_rows, self._seats = [], []
        self._blank = _blank_view(state.rules, self._effects)

    def _round_events(self, state: pres.State) -> _RoundEvents:
        events = state.events
        known = self._round
        if known is None or known.events is not events or known.read > len(events):
            known = self._round = _RoundEvents(events)
        known.catch_up()
        return known

    def _shared_view(self, state: pres.State) -> dict[str, Any]:
        """Every key of the view in its order; the private keys hold a spectator's values."""
        rules = state.rules
        phase = _PHASE_TEXTS[state.phase]
        round_events = self._round_events(state)
        if len(state.results) != self._rounds_played:
            self._rounds_played = len(state.results)
            self._sheet = score_sheet(rules, state.seats, tuple(map(tuple, state.results)))
            self._results = [list(order) for order in state.results]
        last_moves = round_events.trick if phase == "play" else {}
        # Every transfer still to choose, the one being chosen first (a winner-first choice already made is
        # held in transit: it is no longer pending for anyone to see).
        pending = [t for t in state.transfers if t.chosen is None] if phase == "exchange" else []
        in_round = state.in_round
        standing = self._standing
        players = sum(in_round)
        if (
            standing is None
            or state.finished != standing[0]
            or state.out != standing[1]
            or state.downfallen != standing[2]
            or players != standing[3]
        ):
            standing = self._standing = (list(state.finished), list(state.out), state.downfallen, players)
            winners, bottom = tuple(standing[0]), tuple(standing[1])
            self._places = {seat: place_of(seat, winners, bottom, players) for seat in {*winners, *bottom}}
            self._finished = {*winners, *bottom, state.downfallen}
        places, finished = self._places, self._finished
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
        # A seat's entry is built again only when one of its values changed (mostly the mover's, once per
        # event): the others are the entries already handed out, and the list too when no entry changed.
        seat_rows = self._seat_rows
        seats = self._seats
        changed = len(seat_rows) != state.seats
        if changed:
            seat_rows[:] = [None] * state.seats
        present, sizes, scores, passed = state.present, state.sizes, state.scores, state.trick_passed
        seat_roles = self._seat_roles
        for s in range(state.seats):
            playing = in_round[s]
            role, title = seat_roles[s]
            values = (
                present[s],
                playing,
                sizes[s],
                role,
                title if playing else "",
                scores[s],
                passed[s],
                s in finished,
                places.get(s),
                last_moves.get(s),
            )
            row = seat_rows[s]
            if row is None or row[0] != values:
                shown, score, has_passed, done, place, last_move = values[4:]
                entry = {
                    "seat": s,
                    "present": values[0],
                    "in_round": playing,
                    "hand_size": values[2],
                    "role": role,
                    "title": shown,
                    "score": score,
                    "passed": has_passed,
                    "finished": done,
                    "place": place,
                    "last_move": last_move,
                }
                seat_rows[s] = (values, entry)
                changed = True
        if changed:
            seats = self._seats = [row[1] for row in seat_rows if row is not None]
        # A trick's entries stay the same objects while it lasts, so comparing it with its copy is quick.
        if state.trick != self._trick_of:
            self._trick_of = list(state.trick)
            self._trick = [[player, str(play)] for player, play in state.trick]
        if state.face_up != self._face_up_of:
            self._face_up_of = list(state.face_up)
            self._face_up = counts_json(state.face_up)
        if state.undealt != self._undealt_of:
            self._undealt_of = list(state.undealt)
            self._undealt = sum(state.undealt)
        pool = self._pool_of
        if pool is None or state.draft_revealed != pool[0] or state.draft_pool != pool[1]:
            self._pool_of = (state.draft_revealed, list(state.draft_pool))
            self._pool = counts_json(state.draft_pool) if state.draft_revealed else None
        if state.last_round != self._last_round:
            self._last_round = list(state.last_round)
        if round_events.penalized != self._penalized:
            self._penalized = list(round_events.penalized)
        # A copy of the blank view is much quicker than a dict display this long (built one key at a time).
        view = self._blank.copy()
        view["phase"] = phase
        view["round"] = state.round_number
        view["current"] = state.current
        view["seats"] = seats
        if pending:
            view["exchanges"] = [{"giver": t.winner, "receiver": t.loser, "count": t.count} for t in pending]
        view["sheet"] = self._sheet
        view["trick"] = self._trick
        view["trick_size"] = state.trick_size
        view["last_player"] = state.last_player
        if phase == "play":
            view["obligation"] = state.obligation
        view["reversed"] = state.reversed
        view["clockwise"] = state.clockwise
        view["jack_back"] = state.jack_back
        view["number_locked"] = state.number_locked
        view["lock"] = _LOCK_TEXTS[state.lock]
        owed = state.owed
        if owed is not None:
            view["owed"] = {"kind": owed.kind, "seat": owed.seat, "count": owed.count, "receiver": owed.receiver}
        view["face_up"] = self._face_up
        view["undealt"] = self._undealt
        view["finished"] = standing[0]
        view["out"] = standing[1]
        view["penalized"] = self._penalized
        view["draft_pool"] = self._pool
        view["last_round"] = self._last_round
        view["results"] = self._results
        if state.is_over:
            view["over"] = True
            view["winners"] = state.winners_of_match()
        return view

    def _seat_view(self, state: pres.State, seat: int | None) -> dict[str, Any]:
        viewer = seat if seat is not None and 0 <= seat < state.seats else None
        if viewer is None:
            return self._shared  # a spectator's view is the shared part itself
        view = dict(self._shared)
        my_turn = state.current == viewer
        hand = state.hands[viewer]
        kept = self._hands.get(viewer)
        if kept is None or hand != kept[0]:
            kept = self._hands[viewer] = (list(hand), counts_json(hand))
        view["hand"] = kept[1]
        if my_turn and state.must_include is not None:
            view["must_include"] = format_cards(((state.must_include, 1),))
        # The cards the seat gave, received and placed for the draft: values (tuples), so equal means unchanged.
        groups = (state.gave[viewer], state.received[viewer], state.draft_placed[viewer])
        kept_groups = self._groups.get(viewer)
        if kept_groups is None or groups != kept_groups[0]:
            kept_groups = self._groups[viewer] = (groups, [_shared_group_json(g) if g else [] for g in groups])
        view["gave"], view["received"], view["draft_placed"] = kept_groups[1]
        if my_turn:
            view["legal"] = list(state.offered_texts())
        return view
