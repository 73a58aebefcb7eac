"""Tricks: which plays beat which, what a play or a pass does, and whose turn comes next.

Every play is compared by a *key* on one scale: a natural rank's strength doubled (0 for the weakest rank
... 24 for the best, the 2 — or the 3 in a revolution), 23 for the "one fewer 2" move of seed 002, 26 for
a lone joker of seed 001 and 28 for a trump joker of seed 003. One function, `shape_error`, decides
whether a play of a given rank, size and joker count may be made now; both `legal_actions` and `apply`
ask it, so what is offered and what is accepted cannot drift apart.

The turn passes clockwise over players still holding cards (and, where passing is for the whole trick,
who have not passed). A trick ends when the turn would come back to the player who made the last play
(seed 002: "When everyone except P (the last player to move) has passed, P starts a new trick"), or at
once by a trick-ending play (2s in seed 004, 8-rule, 4-in-a-row, trump joker, revolution-ends-trick).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Final

from presidente.cards import JOKER, CardGroup
from presidente.errors import PresidenteError, Refusal
from presidente.president.actions import (
    EIGHT,
    FIVE,
    JACK,
    NINE,
    PASS,
    RANK_NAMES,
    SEVEN,
    TEN,
    THREE,
    TWO,
    Action,
    Play,
    cards_of_rank,
    cell_of,
)
from presidente.president.events import Event
from presidente.president.mypyc_shim import mypyc_attr
from presidente.president.position import Owed

if TYPE_CHECKING:
    from presidente.president.roles import Roles
    from presidente.president.rules import Rules

BEST_KEY: Final = 24
# NATURAL_KEYS[reversed][rank]: the key of natural cards of that rank (the rank's strength, doubled).
NATURAL_KEYS: Final = (tuple(2 * rank for rank in range(13)), tuple(2 * (12 - rank) for rank in range(13)))
ONE_FEWER_KEY: Final = 23
LONE_JOKER_KEY: Final = 26
TRUMP_KEY: Final = 28
# Spade-3 return (issue 12): the one card that beats a lone joker.
SPADE_THREE: Final = cards_of_rank(THREE)[3]
SPADE_THREE_PLAY: Final = Play(((SPADE_THREE, 1),))
# Equalize options with an effect on the next seat.
EQUALIZE_EFFECTS: Final = frozenset(("or-skip", "or-pass", "force-skip"))
# Beyond this many actions `legal_actions` refuses to list them (huge multi-deck hands); the compact
# `legal_play_counts` still answers.
MAX_LISTED_ACTIONS: Final = 50_000

# An event of the commonest kinds (a play, a pass) built as the tuple it is, without `Event`'s Python-level
# constructor: every move writes one.
_new_event: Final = tuple.__new__

# The rules' refusals (`shape_error` and the other predicates return one, or None), those without parameters
# built once: the search's playout asks "legal?" in its hot loop and allocates nothing for a "no".
SPECIAL_THREE_FIRST: Final = Refusal("special_three_first")
NUMBER_LOCKED_AT_TOP: Final = Refusal("number_locked_at_top")
MUST_EQUAL: Final = Refusal("must_equal")
DOES_NOT_BEAT: Final = Refusal("does_not_beat")
NO_SEQUENCES: Final = Refusal("no_sequences")
JOKER_BELOW_THREE: Final = Refusal("joker_below_three")
JOKER_ABOVE_TWO: Final = Refusal("joker_above_two")
TWO_THREE_NOT_CONNECTED: Final = Refusal("two_three_not_connected")
JOKER_TOO_FAR: Final = Refusal("joker_too_far")
SEQUENCE_ANSWERS_SEQUENCE: Final = Refusal("sequence_answers_sequence")
SEQUENCE_NOT_ABOVE: Final = Refusal("sequence_not_above")
NO_EQUAL_PLAYS: Final = Refusal("no_equal_plays")
LONE_JOKER_NOT_EQUALLED: Final = Refusal("lone_joker_not_equalled")
BEST_NOT_EQUALLED: Final = Refusal("best_not_equalled")
ONLY_SCUM_EQUALIZES: Final = Refusal("only_scum_equalizes")
TRUMP_JOKERS_ALONE: Final = Refusal("trump_jokers_alone")
DECLARE_JOKER_RANK: Final = Refusal("declare_joker_rank")
JOKERS_DECLARE_NO_RANK: Final = Refusal("jokers_declare_no_rank")
NAME_EACH_JOKER_CARD: Final = Refusal("name_each_joker_card")


# Those with one parameter, which takes few values (a size, a rank), built once per value.
@lru_cache(maxsize=1024)
def _refusal(code: str, name: str, value: int | str) -> Refusal:
    return Refusal(code, {name: value})


# For each 4-bit suit mask and size, the sub-masks of that size: the suit choices of a single-deck play.
_SUBMASKS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(sub for sub in range(16) if sub & mask == sub and sub.bit_count() == k) for k in range(5))
    for mask in range(16)
)


def _single_deck_plays(rank: int, jokers: int, submasks: tuple[int, ...]) -> tuple[Play, ...]:
    base = cards_of_rank(rank)[0]
    plays = []
    for submask in submasks:
        cards: CardGroup = tuple((base + suit, 1) for suit in range(4) if submask >> suit & 1)
        plays.append(Play(cards + (((JOKER, jokers),) if jokers else ())))
    return tuple(plays)


# Every single-deck play, built once: _SINGLE_DECK_PLAYS[rank][jokers][suit mask held][naturals - 1] lists the
# plays of `naturals` cards of `rank` (suits within the mask) with `jokers` jokers. Listing legal actions
# then builds no new objects.
_SINGLE_DECK_PLAYS: Final[tuple[tuple[tuple[tuple[tuple[Play, ...], ...], ...], ...], ...]] = tuple(
    tuple(
        tuple(tuple(_single_deck_plays(rank, jokers, _SUBMASKS[mask][k]) for k in range(1, 5)) for mask in range(16))
        for jokers in range(3)
    )
    for rank in range(13)
)
# A free lead of one rank, single deck: _FREE_LEADS[rank][wild jokers held][suit mask held] joins, joker count by joker
# count and size by size, the plays `_legal_plays` lists (one extend instead of one per joker count and size).
_FREE_LEADS: Final[tuple[tuple[tuple[tuple[Play, ...], ...], ...], ...]] = tuple(
    tuple(
        tuple(
            tuple(
                play for jokers in range(wild + 1) for plays in _SINGLE_DECK_PLAYS[rank][jokers][mask] for play in plays
            )
            for mask in range(16)
        )
        for wild in range(3)
    )
    for rank in range(13)
)
# Plays beating the top with the trick's size, single deck: _FOLLOWS[rank][wild jokers held][suit mask held][size]
# joins, joker count by joker count, the plays of `size` cards `_legal_plays` lists for one rank (one extend).
_FOLLOW_SIZES: Final = range(7)  # a single-deck play holds at most 4 natural cards and 2 jokers
_FOLLOWS: Final[tuple[tuple[tuple[tuple[tuple[Play, ...], ...], ...], ...], ...]] = tuple(
    tuple(
        tuple(
            tuple(
                tuple(
                    play
                    for jokers in range(max(0, size - mask.bit_count()), min(wild, size - 1) + 1)
                    for play in _SINGLE_DECK_PLAYS[rank][jokers][mask][size - jokers - 1]
                )
                for size in _FOLLOW_SIZES
            )
            for mask in range(16)
        )
        for wild in range(3)
    )
    for rank in range(13)
)
# The first card kind (clubs) of each rank: a rank's four kinds follow it.
_FIRST_CARD: Final = tuple(cards_of_rank(rank)[0] for rank in range(13))
# Ranks from weakest to strongest, in normal order and in a revolution.
_RANKS_BY_STRENGTH: Final = (tuple(range(13)), tuple(range(12, -1, -1)))
# A rank's four card kinds and its plays by suit mask held, rank by rank from the weakest (normal order, then a
# revolution's): what `_legal_plays` scans on a single deck, reading the hand's four counts of each rank directly.
_Scan = tuple[tuple[int, int, int, int, tuple[tuple[Play, ...], ...]], ...]
# _LEAD_SCAN[reversed][wild jokers held]: a free lead's plays (`_FREE_LEADS`).
_LEAD_SCAN: Final[tuple[tuple[_Scan, ...], ...]] = tuple(
    tuple(tuple((*cards_of_rank(rank), _FREE_LEADS[rank][wild]) for rank in ranks) for wild in range(3))
    for ranks in _RANKS_BY_STRENGTH
)
# _FOLLOW_SCAN[reversed][wild jokers held][size]: the plays of `size` cards, for a rank above the top (`_FOLLOWS`).
_FOLLOW_SCAN: Final[tuple[tuple[tuple[_Scan, ...], ...], ...]] = tuple(
    tuple(
        tuple(
            tuple(
                (*cards_of_rank(rank), tuple(_FOLLOWS[rank][wild][mask][size] for mask in range(16))) for rank in ranks
            )
            for size in _FOLLOW_SIZES
        )
        for wild in range(3)
    )
    for ranks in _RANKS_BY_STRENGTH
)


# `_representative_plays` offers the first this many sizes (or joker counts) of a shape, and the last.
SHOWN_SIZES: Final = 4


def _shown(values: range | tuple[int, ...]) -> tuple[int, ...]:
    """`values`, or when there are many, the first `SHOWN_SIZES` and the last."""
    if len(values) <= SHOWN_SIZES + 1:
        return tuple(values)
    return (*values[:SHOWN_SIZES], values[-1])


class TooManyActionsError(PresidenteError):
    """A hand so large (many decks) that its plays cannot be listed one by one."""

    default_code = "too_many_actions"


def _suit_splits(caps: tuple[int, ...], total: int) -> Iterator[tuple[int, ...]]:
    """Ways to take `total` cards from four suits holding `caps` copies each."""
    if len(caps) == 1:
        if total <= caps[0]:
            yield (total,)
        return
    rest_cap = sum(caps[1:])
    for first in range(max(0, total - rest_cap), min(caps[0], total) + 1):
        for rest in _suit_splits(caps[1:], total - first):
            yield (first, *rest)


# Up to this many copies of a card (three decks), `_extend_plays` keeps the suit choices of a rank's hand shape
# (`_suit_choices`: two decks' random play asks for about 6,600 of them, 8 MB; the cache keeps 8,192 at most).
_KEPT_COPIES: Final = 3


@lru_cache(maxsize=8192)
def _suit_choices(rank: int, caps: tuple[int, ...], naturals: int, jokers: int) -> tuple[Play, ...]:
    """Every suit choice of `naturals` cards of `rank` from `caps` copies per suit, plus `jokers` jokers, in
    `_suit_splits`' order: built once per hand shape, so listing several decks' plays builds no new ones."""
    base = cards_of_rank(rank)[0]
    with_jokers: CardGroup = ((JOKER, jokers),) if jokers else ()
    return tuple(
        Play(tuple((base + suit, n) for suit, n in enumerate(split) if n) + with_jokers)
        for split in _suit_splits(caps, naturals)
    )


@lru_cache(maxsize=8192)
def _lead_choices(rank: int, caps: tuple[int, ...], wild: int) -> tuple[Play, ...]:
    """A free lead's plays of `rank` from `caps` copies per suit and `wild` jokers: every size, then every joker
    count, as `_group_plays` lists them (several decks, up to `_KEPT_COPIES` copies of a card)."""
    naturals = sum(caps)
    return tuple(
        play
        for size in range(1, naturals + wild + 1)
        for jokers in range(max(0, size - naturals), min(wild, size - 1) + 1)
        for play in _suit_choices(rank, caps, size - jokers, jokers)
    )


@lru_cache(maxsize=8192)
def _follow_choices(rank: int, caps: tuple[int, ...], wild: int, size: int) -> tuple[Play, ...]:
    """The plays of `size` cards of `rank` from `caps` copies per suit and `wild` jokers, joker count by joker count,
    as `_group_plays` lists them for a rank above the top (several decks, up to `_KEPT_COPIES` copies)."""
    naturals = sum(caps)
    return tuple(
        play
        for jokers in range(max(0, size - naturals), min(wild, size - 1) + 1)
        for play in _suit_choices(rank, caps, size - jokers, jokers)
    )


class RuleFacts:
    """The options of one `Rules` that every move reads (`_legal_plays`, `_play_error`, `play_effects`,
    `pass_turn`), copied once under the same names: in the compiled build a native class's fields, read from C,
    where every read of a `Rules` attribute (a Python class there) looks it up by name. `rule_facts` keeps one per
    `Rules`; a table checks that its facts are still those of its `rules` before it reads them (`_rule_facts`), so
    a table given other rules never reads the old ones."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.decks = rules.decks
        self.lead_pass = rules.lead_pass
        self.joker_mode = rules.joker_mode
        self.one_fewer_two = rules.one_fewer_two
        self.spade_three_return = rules.spade_three_return
        self.sequences = rules.sequences
        self.joker_suits = rules.joker_suits
        self.number_lock = rules.number_lock
        self.eight_rule = rules.eight_rule
        self.best_rank_ends_trick = rules.best_rank_ends_trick
        self.eight_cut = rules.eight_cut
        self.four_in_a_row = rules.four_in_a_row
        self.equalize = rules.equalize
        self.equalize_ends_trick_by_scum = rules.equalize_ends_trick_by_scum
        self.equalize_ends_trick_by_non_scum = rules.equalize_ends_trick_by_non_scum
        self.revolution_cards = rules.revolution_cards
        self.revolution_ends_trick = rules.revolution_ends_trick
        self.jack_back = rules.jack_back
        self.nine_reverse = rules.nine_reverse
        self.pass_mode = rules.pass_mode
        self.five_skip = rules.five_skip
        self.seven_give = rules.seven_give
        self.ten_discard = rules.ten_discard
        self.pass_limit = rules.pass_limit
        self.sequence_joker_ends = rules.sequence_joker_ends
        self.sequence_wraps = rules.sequence_wraps


# The facts of the rules asked about, by the rules' identity (each checked to be of that very `Rules`: an id may be
# reused once its rules are gone); forgotten whole past `_FACTS_KEPT` rules.
_FACTS: dict[int, RuleFacts] = {}
_FACTS_KEPT: Final = 256


def rule_facts(rules: Rules) -> RuleFacts:
    """The facts of `rules`, kept."""
    facts = _FACTS.get(id(rules))
    if facts is None or facts.rules is not rules:
        if len(_FACTS) >= _FACTS_KEPT:
            _FACTS.clear()
        facts = _FACTS[id(rules)] = RuleFacts(rules)
    return facts


# A native class in the compiled build that Python classes may subclass (the search's playout `Table`).
@mypyc_attr(allow_interpreted_subclasses=True)
class TrickMixin:
    """Trick play on shapes, for `State` and for a search's playout (which hold these attributes).

    The public methods are the fast-rules interface: a table that keeps its hands its own way (the playout keeps
    rank counts) asks `shape_error` what is legal and calls `play_effects` / `pass_turn` for what a move does,
    so no rule is written twice. It provides `_discard_hand` and `_end_round`.
    """

    rules: Rules
    seats: int
    hands: list[list[int]]
    sizes: list[int]
    active: list[bool]
    played: list[int]
    events: list[Event]
    roles: Roles
    current: int | None
    reversed: bool  # the order of strength in force: a revolution, turned again while a jack back holds
    must_include: int | None
    clockwise: bool  # the turn order; 9 reverse turns it for the rest of the round
    finished: list[int]  # this round's finishing order so far
    out: list[int]  # seats placed at the bottom (left, or penalized for their last card); the later one ranks higher
    downfallen: int | None

    trick_size: int
    top_key: int
    top_size: int
    last_player: int | None
    trick: list[tuple[int, Play]]
    trick_passed: list[bool]
    obligation: str | None
    run_rank: int | None
    run_count: int
    run_plays: int
    jack_back: bool  # a jack back (11-back) holds until the trick ends: `reversed` is turned back then
    lock: int  # suit lock: the mask of suits (1 clubs, 2 diamonds, 4 hearts, 8 spades) plays must keep; 0 none
    lock_prev: int  # the last play's suit mask if it may start a lock (natural cards only), else 0

    # Cards the seat to move owes after its play (7 give, 10 discard), before `owed.resume` moves.
    owed: Owed | None = None
    # The trick is played with sequences (its lead was one); a table that never plays them keeps the default.
    trick_sequence: bool = False
    # Number lock: every later play of the trick must be one rank above the last (issue 12).
    number_locked: bool = False
    # The seating order (turn order goes along it), or None for seat order; `seat_shuffle` draws it (UECda).
    seating: list[int] | None = None
    # Passes (and skips) in a row this round, for `pass_limit`; the seat that was to lead the trick, for
    # `lead_pass` (when everyone passes on an empty table, it leads again).
    passes_in_a_row: int = 0
    trick_leader: int | None = None

    # The engine writes down what happens; a search's playout reads no events, so it writes none.
    keeps_events = True
    # The facts of `rules` last read (`_rule_facts`).
    _facts: RuleFacts | None = None

    # Provided by the table.
    def _discard_hand(self, seat: int) -> None:
        """Seed 001's downfall: `seat`'s cards go face up and it holds none."""
        raise NotImplementedError

    def _end_round(self) -> None:
        raise NotImplementedError

    def _end_by_passes(self) -> None:
        """`pass_limit` passes in a row: every player still in gets a random remaining place."""
        raise NotImplementedError

    def _seat_after(self, seat: int, step: int) -> int:
        """The seat `step` places after `seat` (before it, for a negative step) in the seating order."""
        seating = self.seating
        if seating is None:
            return (seat + step) % self.seats
        return seating[(seating.index(seat) + step) % self.seats]

    def _rule_facts(self) -> RuleFacts:
        """The facts of this table's `rules` (`RuleFacts`): the hot path reads the options through them."""
        facts = self._facts
        if facts is None or facts.rules is not self.rules:
            facts = self._facts = rule_facts(self.rules)
        return facts

    def _next_of(self, seat: int, among: Sequence[bool], step: int = 1) -> int:
        """The first seat after `seat` in the seating order whose flag in `among` is set (`seat` if none is)."""
        if self.seating is None:
            return next_seat(seat, among, step)
        candidate = seat
        for _ in range(self.seats):
            candidate = self._seat_after(candidate, step)
            if among[candidate]:
                return candidate
        return seat

    def _next_active(self, seat: int) -> int:
        return self._next_of(seat, self.active, 1 if self.clockwise else -1)

    def _reset_trick(self, leader: int | None) -> None:
        self.trick_size = 0
        self.top_key = -1
        self.top_size = 0
        self.last_player = None
        self.trick = []
        self.trick_passed = [False] * self.seats
        self.obligation = None
        self.run_rank = None
        self.run_count = 0
        self.run_plays = 0
        self.jack_back = False
        self.lock = self.lock_prev = 0
        self.trick_sequence = False
        self.number_locked = False
        self.trick_leader = leader
        self.current = leader

    def restore_trick(
        self, current: int | None, trick: Sequence[tuple[int, Play]], passed: Sequence[bool], obligation: str | None
    ) -> None:
        """Set up a trick in progress from its plays (a position), with what `_apply_play` would have left:
        the trick's size, the top play's key (in the order now in force), the run of one rank."""
        self._reset_trick(current)
        self.trick = list(trick)
        self.trick_passed = list(passed)
        self.obligation = obligation
        if not trick:
            return
        self.trick_size = trick[0][1].size
        self.trick_sequence = trick[0][1].sequence
        if self.rules.number_lock:
            self._restore_number_lock(trick)
        for index, (seat, play) in enumerate(trick):
            if self.rules.suit_lock:
                self._note_suits(seat, play, keep_events=False)
            if self.rules.jack_back and self.holds(play.rank, play.size, play.jokers, JACK, play.sequence):
                self.jack_back = not self.jack_back
            if play.sequence:
                self.run_rank, self.run_count, self.run_plays = None, 0, 1
            elif index and play.rank is not None and play.rank == self.run_rank:
                self.run_count += play.size
                self.run_plays += 1
            else:
                self.run_rank, self.run_count, self.run_plays = play.rank, play.size, 1
        seat, last = trick[-1]
        self.last_player = seat
        self.top_key = self.shape_key(last.rank, last.size, last.jokers, last.sequence)
        self.top_size = last.size

    def _restore_number_lock(self, trick: Sequence[tuple[int, Play]]) -> None:
        """The number lock, replayed from the trick's plays in the order of strength each was made in: the order
        before the trick is the one now in force, turned back once per revolution and jack back inside it."""
        rules = self.rules
        turns = sum(
            self.makes_revolution(play.size, play.jokers, play.sequence)
            + (rules.jack_back and self.holds(play.rank, play.size, play.jokers, JACK, play.sequence))
            for _, play in trick
        )
        now = self.reversed
        self.reversed = now ^ bool(turns % 2)
        previous: int | None = None
        for _, play in trick:
            self.number_locked = self._number_lock_after(play.rank, play.size, play.jokers, play.sequence, previous)
            previous = None if play.sequence else play.rank
            if self.makes_revolution(play.size, play.jokers, play.sequence):
                self.reversed = not self.reversed
            if rules.jack_back and self.holds(play.rank, play.size, play.jokers, JACK, play.sequence):
                self.reversed = not self.reversed
        self.reversed = now

    def _number_lock_after(
        self, rank: int | None, size: int, jokers: int, sequence: bool, previous: int | None
    ) -> bool:
        """Is the trick number-locked after a play of `rank` that follows a play of `previous` (None: none, or
        one of no rank)? A joker played alone lifts the lock; a sequence never starts one."""
        lone_joker = size == jokers and self.rules.joker_mode != "wild"
        if sequence or rank is None or lone_joker:
            return False
        if self.number_locked:
            return True
        return previous is not None and self.strength(rank) == self.strength(previous) + 1

    # ------------------------------------------------------------- legality

    def holds(self, rank: int | None, size: int, jokers: int, wanted: int, sequence: bool = False) -> bool:
        """Does a play of `rank` hold a card of the rank `wanted`? Jokers alone hold none (UECda: "A joker
        played alone is never an 8"); jokers beside natural cards stand for that rank. A sequence from `rank`
        holds each rank it spans once (a joker standing in counts: UECda reads a sequence as its span); a joker
        past an end (rank -1 or 13, `sequence_joker_ends`) holds none."""
        if sequence:
            assert rank is not None
            if self.rules.sequence_wraps:
                return (wanted - rank) % 13 < size
            return rank <= wanted < rank + size
        return rank == wanted and size > jokers

    def strength(self, rank: int) -> int:
        return 12 - rank if self.reversed else rank

    def sequence_keys(self, rank: int, size: int) -> tuple[int, int]:
        """The keys of a sequence's weakest and strongest cards in the order in force. A sequence that wraps
        (K A 2 3, `sequence_wraps`) is read upward from its weakest card: the cards past the best rank count
        above it, so its keys may pass the best rank's. A joker past an end (`sequence_joker_ends`) lies one step
        beyond the 3 or the 2: "JK=<3S 3S 4S" is the weakest sequence (keys -2 .. 2), the strongest in reverse."""
        if self.reversed:
            # In reverse the cell past the 2 (13, `sequence_joker_ends`) is the weakest: strength -1.
            low = 12 - (rank + size - 1)
            if self.rules.sequence_wraps:
                low %= 13
        else:
            low = rank
        return 2 * low, 2 * (low + size - 1)

    def shape_key(self, rank: int | None, size: int, jokers: int, sequence: bool = False) -> int:
        if sequence:
            assert rank is not None
            return self.sequence_keys(rank, size)[1]
        if size == jokers and self.rules.joker_mode != "wild":
            return TRUMP_KEY if self.rules.joker_mode == "trump" else LONE_JOKER_KEY
        assert rank is not None
        key = NATURAL_KEYS[self.reversed][rank]
        if key == BEST_KEY and size == self.trick_size - 1:
            return ONE_FEWER_KEY
        return key

    def shape_error(self, rank: int | None, size: int, jokers: int, sequence: bool = False) -> Refusal | None:
        """Why a play of `size` cards (`jokers` of them jokers) of `rank` may not be made now, or None; with
        `sequence`, a sequence of `size` cards from `rank`."""
        if sequence:
            assert rank is not None
            return self.sequence_error(rank, size)
        rules = self.rules
        joker_only = size == jokers
        if self.must_include is not None and (joker_only or rank != THREE):
            return SPECIAL_THREE_FIRST
        wanted = self.trick_size
        if wanted == 0:
            return None
        mode = rules.joker_mode
        if self.trick_sequence:
            if joker_only and mode == "trump":
                return None  # seed 003: a trump joker "wins any hand no matter the size of the set"
            return _refusal("sequence_trick", "size", wanted)
        lone_joker = joker_only and mode != "wild"
        if size != wanted:
            one_fewer = (
                rules.one_fewer_two
                and wanted >= 2
                and size == wanted - 1
                and not lone_joker
                and rank is not None
                and self.strength(rank) == 12
            )
            if not one_fewer and not (joker_only and mode == "trump"):
                return _refusal("wrong_size", "size", wanted)
        key = self.shape_key(rank, size, jokers)
        equal = key == self.top_key and size == self.top_size
        if self.number_locked and not lone_joker:
            previous = self.run_rank
            assert previous is not None
            if rank is None or self.strength(rank) != self.strength(previous) + 1:
                following = next((r for r in range(13) if self.strength(r) == self.strength(previous) + 1), None)
                return (
                    NUMBER_LOCKED_AT_TOP
                    if following is None
                    else _refusal("number_locked", "rank", RANK_NAMES[following])
                )
        if self.obligation is not None:
            return None if equal else MUST_EQUAL
        if key > self.top_key:
            return None
        if not equal:
            return DOES_NOT_BEAT
        return self.equal_error(key, lone_joker)

    def sequence_error(self, rank: int, size: int) -> Refusal | None:
        """Why a sequence of `size` cards from `rank` may not be played now, or None. UECda: "A play must have
        the same form and size as the one on the table and be stronger; a sequence must be wholly above the
        table's (every card above its highest)."
        """
        rules = self.rules
        if not rules.sequences:
            return NO_SEQUENCES
        if size < rules.sequence_min:
            return _refusal("sequence_too_short", "min", rules.sequence_min)
        if rank < 0 or (not rules.sequence_wraps and rank + size > 13):
            if not rules.sequence_joker_ends:
                if rank < 0:
                    return JOKER_BELOW_THREE
                return TWO_THREE_NOT_CONNECTED
            if rank < -1 or rank + size > 14:
                return JOKER_TOO_FAR
        if self.must_include is not None and not self.holds(rank, size, 0, THREE, True):
            return SPECIAL_THREE_FIRST
        wanted = self.trick_size
        if wanted == 0:
            return None
        if not self.trick_sequence:
            return SEQUENCE_ANSWERS_SEQUENCE
        if size != wanted:
            return _refusal("wrong_sequence_size", "size", wanted)
        if self.obligation is not None:
            return MUST_EQUAL
        if self.sequence_keys(rank, size)[0] > self.top_key:
            return None
        return SEQUENCE_NOT_ABOVE

    def equal_error(self, key: int, lone_joker: bool) -> Refusal | None:
        """Why a play equal to the top (key `key`, a lone joker or not) may not be made, with no obligation
        pending, or None."""
        rules = self.rules
        if rules.equalize == "disallow":
            return NO_EQUAL_PLAYS
        if lone_joker:
            return LONE_JOKER_NOT_EQUALLED
        if rules.no_equal_best and key == BEST_KEY:
            return BEST_NOT_EQUALLED
        if rules.first_equalize_only_by_scum and self.roles.scum != self.current:
            return ONLY_SCUM_EQUALIZES
        return None

    def _play_error(self, play: Play) -> Refusal | None:
        seat = self.current
        assert seat is not None
        if self.owed is not None:
            return Refusal("owed_first", {"verb": self.owed.kind, "count": self.owed.count})
        hand = self.hands[seat]
        for card, count in play.cards:
            if hand[card] < count:
                return Refusal("not_held", {"cards": str(Play(((card, count),))), "count": count})
        rules = self._facts
        if rules is None or rules.rules is not self.rules:
            rules = self._rule_facts()
        mode = rules.joker_mode
        jokers, sequence = play.jokers, play.sequence
        naturals = play.size - jokers
        if jokers and naturals and mode == "trump":
            return TRUMP_JOKERS_ALONE
        if naturals == 0:
            if mode == "wild" and play.declared is None:
                return DECLARE_JOKER_RANK
            if mode != "wild" and play.declared is not None:
                return JOKERS_DECLARE_NO_RANK
        if self.must_include is not None and all(card != self.must_include for card, _ in play.cards):
            return SPECIAL_THREE_FIRST
        if jokers and naturals and not sequence:
            naming = self._joker_naming_error(play)
            if naming is not None:
                return naming
        if rules.spade_three_return and play == SPADE_THREE_PLAY and self.spade_three_returns():
            return None
        if sequence:
            if play.reaches_end() and not rules.sequence_joker_ends:
                return JOKER_BELOW_THREE if play.rank is not None and play.rank < 0 else JOKER_ABOVE_TWO
            if not rules.sequence_wraps and play.wraps():
                # The shape (first rank, length) cannot tell "AH 2H 3H" from "AH 2H JK=>2H": only a joker stands
                # past the 2 (`sequence_joker_ends`); a card of rank 3 there is the 3 below, so the sequence wraps.
                return TWO_THREE_NOT_CONNECTED
        return self.shape_error(play.rank, play.size, jokers, sequence) or (
            self.suit_error(play) if self.lock else None
        )

    def _joker_naming_error(self, play: Play) -> Refusal | None:
        """`joker_suits`: a group's jokers name cards of its rank in suits its natural cards do not hold (none in
        five of a kind, where no suit is left); without it, a group's jokers name nothing. (A joker naming a suit
        the group holds names a card of the play, which `Play` refuses; one deck: `joker_suits` needs it.)"""
        if not self.rules.joker_suits:
            if play.stands_for:
                return Refusal("jokers_name_no_card", {"instead": _unnamed(play)})
            return None
        if play.stands_for:
            return None
        held = {card % 4 for card, _ in play.cards if card != JOKER}
        return NAME_EACH_JOKER_CARD if 4 - len(held) >= play.jokers else None

    def suit_error(self, play: Play) -> Refusal | None:
        """Why `play` breaks the trick's suit lock, or None. UECda: "Lock: when a play has exactly the suits of
        the play before it, later plays until the table clears must have those suits. A joker played alone resets
        it." A joker beside natural cards stands for a locked suit."""
        lock = self.lock
        named = play.stands_for
        if lock and (
            any(card != JOKER and not lock >> (card % 4) & 1 for card, _ in play.cards)
            or any(not lock >> (card % 4) & 1 for card in named)
        ):
            suits = " ".join(name for bit, name in enumerate("CDHS") if lock >> bit & 1)
            return Refusal("suit_locked", {"suits": suits})
        return None

    def _note_suits(self, seat: int, play: Play, keep_events: bool = True) -> None:
        """Suit lock: a play with exactly the suits of the play before it (both of natural cards only) locks the
        trick to them; a joker played alone lifts the lock."""
        if play.naturals == 0:
            self.lock = self.lock_prev = 0
            return
        mask = 0
        if play.sequence:
            # A sequence's jokers name their cards, so its suit is known: "a sequence's suit set is its one suit".
            mask = 1 << play.suit
        elif self.rules.joker_suits:
            # Named jokers lend their suits; a joker in five of a kind is a fifth suit (`tndhms`' row 4).
            for card, _ in play.cards:
                mask |= 16 if card == JOKER else 1 << (card % 4)
            for card in play.stands_for:
                mask |= 1 << (card % 4)
            if len(play.stands_for) == play.jokers:
                mask &= 15
        elif not play.jokers:
            for card, _ in play.cards:
                mask |= 1 << (card % 4)
        if not self.lock and mask and mask == self.lock_prev:
            self.lock = mask
            if keep_events and self.keeps_events:
                self.events.append(Event("lock", seat, play))
        self.lock_prev = mask

    def _lock_suits(self, suits: tuple[int, ...]) -> tuple[int, ...]:
        """The cards of `suits` (one rank's four) that the suit lock allows."""
        lock = self.lock
        return tuple(card for card in suits if lock >> (card % 4) & 1) if lock else suits

    def spade_three_returns(self) -> bool:
        """Is the top a lone joker played as a single that the 3 of spades may now beat (`spade_three_return`)?
        UECda: "The joker played alone beats any single card, in a revolution too. Only the 3 of spades beats it
        (single, lock or not), and that clears the table"."""
        return (
            self.rules.spade_three_return
            and self.top_key == LONE_JOKER_KEY
            and self.trick_size == 1
            and self.obligation is None
            and self.must_include is None
        )

    def _spade_three_plays(self) -> list[Play]:
        seat = self.current
        assert seat is not None
        return [SPADE_THREE_PLAY] if self.hands[seat][SPADE_THREE] and self.spade_three_returns() else []

    def candidate_sizes(self, rank: int | None, available: int) -> range | tuple[int, ...]:
        """Play sizes worth checking for a rank when `available` cards (jokers included) could be used."""
        wanted = self.trick_size
        if wanted == 0:
            return range(1, available + 1)
        if rank is not None and wanted >= 2 and self.rules.one_fewer_two and self.strength(rank) == 12:
            return tuple(size for size in (wanted - 1, wanted) if size <= available)
        return (wanted,) if wanted <= available else ()

    def _legal_plays(self) -> list[Action]:
        seat = self.current
        assert seat is not None
        hand = self.hands[seat]
        rules = self._facts
        if rules is None or rules.rules is not self.rules:
            rules = self._rule_facts()
        wanted = self.trick_size
        jokers_held = hand[JOKER]
        actions: list[Action] = [PASS] if wanted or rules.lead_pass else []
        if (
            rules.decks == 1
            and jokers_held <= 2
            and self.must_include is None
            and not self.lock
            and not self.trick_sequence
            and (wanted == 0 or (wanted < len(_FOLLOW_SIZES) and self.obligation is None and not self.number_locked))
        ):
            # The common cases on a single deck, nothing owed or locked: a free lead, or a follow in which every
            # rank above the top plays all its plays of the trick's size (`_group_plays`' shortcuts, rank by rank
            # in the same order, with the hand's counts read directly and no call per rank).
            wild = 0 if rules.joker_mode == "trump" else jokers_held
            if wanted == 0:
                for c0, c1, c2, c3, leads in _LEAD_SCAN[self.reversed][wild]:
                    mask = hand[c0] | hand[c1] << 1 | hand[c2] << 2 | hand[c3] << 3
                    if mask:  # a rank not held adds nothing: no call
                        actions.extend(leads[mask])
            else:
                # The top's own rank (or the best one, above a lone joker) may only be equalled: asked rank by
                # rank; every rank above it beats it. One fewer 2 is asked too.
                start = min(12, max(0, self.top_key // 2))
                one_fewer = rules.one_fewer_two and wanted >= 2
                scan = _FOLLOW_SCAN[self.reversed][wild][wanted]
                c0, c1, c2, c3, _ = scan[start]
                naturals = hand[c0] + hand[c1] + hand[c2] + hand[c3]
                if naturals:
                    rank = _RANKS_BY_STRENGTH[self.reversed][start]
                    plays = _SINGLE_DECK_PLAYS[rank]
                    mask = hand[c0] | hand[c1] << 1 | hand[c2] << 2 | hand[c3] << 3
                    for size in (wanted - 1, wanted) if one_fewer and start == 12 else (wanted,):
                        low = size - naturals if size > naturals else 0
                        for jokers in range(low, (wild if wild < size else size - 1) + 1):
                            if self.shape_error(rank, size, jokers) is None:
                                actions.extend(plays[jokers][mask][size - jokers - 1])
                for c0, c1, c2, c3, follows in scan[start + 1 : 12 if one_fewer else 13]:
                    beating = follows[hand[c0] | hand[c1] << 1 | hand[c2] << 2 | hand[c3] << 3]
                    if beating:  # most ranks hold too few cards for the trick's size: no call
                        actions.extend(beating)
                if one_fewer and start < 12:
                    self._group_plays(actions, (12,))
        else:
            # No group answers a sequence: then no rank is looked at.
            start = 13 if self.trick_sequence else min(12, max(0, self.top_key // 2)) if wanted else 0
            self._group_plays(actions, range(start, 13))
        if jokers_held:
            actions.extend(self._lone_joker_plays(every_size=True))
        if rules.spade_three_return:
            actions.extend(self._spade_three_plays())
        if rules.sequences:
            actions.extend(self._sequence_plays())
        if rules.joker_suits and jokers_held:
            actions = self._name_jokers(actions)
        return actions

    def _group_plays(self, actions: list[Action], strengths: Iterable[int]) -> None:
        """Add to `actions` the legal group plays (natural cards of one rank, jokers may join them) of the ranks of
        `strengths` (0 the weakest in the order in force), in that order."""
        seat = self.current
        assert seat is not None
        hand = self.hands[seat]
        rules = self.rules
        wanted = self.trick_size
        mode = rules.joker_mode
        jokers_held = hand[JOKER]
        wild_jokers = 0 if mode == "trump" else jokers_held
        single_deck = rules.decks == 1 and jokers_held <= 2
        shape_error = self.shape_error
        obligation, top_key, must, lock = self.obligation, self.top_key, self.must_include, self.lock
        one_fewer = rules.one_fewer_two and wanted >= 2
        # Only ranks that could match or beat the top play are looked at (`strengths`); a play of the trick's size
        # that is strictly above the top, with no obligation pending, is legal without asking `shape_error` (that
        # is exactly the predicate's own first accepting case), so the common case costs no call.
        order = _RANKS_BY_STRENGTH[self.reversed]
        free_lead = wanted == 0 and must is None
        number_locked = self.number_locked
        tables = _SINGLE_DECK_PLAYS if single_deck else None
        # Following on a single deck with nothing owed: a rank above the top lists its plays in one lookup.
        quick_follow = (
            tables is not None
            and 0 < wanted < len(_FOLLOW_SIZES)
            and must is None
            and obligation is None
            and not number_locked
        )
        # Several decks with nothing owed: a free lead, or a rank above the top, lists the kept plays of its shape.
        kept_shapes = tables is None and must is None
        quick_kept = kept_shapes and wanted > 0 and obligation is None and not number_locked
        for strength in strengths:
            rank = order[strength]
            first = _FIRST_CARD[rank]
            c0, c1, c2, c3 = hand[first : first + 4]
            if lock:
                # Suit lock: only the locked suits' cards may be played.
                c0, c1, c2, c3 = (c if lock >> suit & 1 else 0 for suit, c in enumerate((c0, c1, c2, c3)))
            naturals = c0 + c1 + c2 + c3
            if not naturals:
                continue
            if tables is not None and free_lead:
                # Leading freely: every suit choice of every size, with any number of wild jokers.
                actions.extend(_FREE_LEADS[rank][wild_jokers][c0 | c1 << 1 | c2 << 2 | c3 << 3])
                continue
            if quick_follow and strength * 2 > top_key and not (one_fewer and strength == 12):
                # Above the top, in the trick's size only, no obligation: every play is legal (the shortcut below).
                actions.extend(_FOLLOWS[rank][wild_jokers][c0 | c1 << 1 | c2 << 2 | c3 << 3][wanted])
                continue
            if kept_shapes and max(c0, c1, c2, c3) <= _KEPT_COPIES:
                # Several decks: the same two shortcuts, from the kept plays of this hand shape.
                kept: tuple[Play, ...] | None = None
                if free_lead:
                    kept = _lead_choices(rank, (c0, c1, c2, c3), wild_jokers)
                elif quick_kept and strength * 2 > top_key and not (one_fewer and strength == 12):
                    kept = _follow_choices(rank, (c0, c1, c2, c3), wild_jokers, wanted)
                if kept is not None:
                    actions.extend(kept)
                    if len(actions) > MAX_LISTED_ACTIONS:
                        raise TooManyActionsError.of("too_many_actions")
                    continue
            if wanted == 0:
                sizes: tuple[int, ...] | range = range(1, naturals + wild_jokers + 1)
            elif one_fewer and strength == 12:
                sizes = (wanted - 1, wanted)
            else:
                sizes = (wanted,)
            for size in sizes:
                free = free_lead or (
                    size == wanted and obligation is None and not number_locked and strength * 2 > top_key
                )
                low = size - naturals if size > naturals else 0
                high = wild_jokers if wild_jokers < size else size - 1
                for jokers in range(low, high + 1):
                    if not free and shape_error(rank, size, jokers) is not None:
                        continue
                    if tables is not None and must is None:
                        mask = c0 | c1 << 1 | c2 << 2 | c3 << 3
                        actions.extend(tables[rank][jokers][mask][size - jokers - 1])
                    else:
                        self._extend_plays(actions, rank, (c0, c1, c2, c3), size - jokers, jokers)

    def _name_jokers(self, actions: list[Action]) -> list[Action]:
        """`joker_suits`: each group with jokers becomes its plays with the jokers named (every choice of free
        suits, those the lock allows), or stays as it is in five of a kind."""
        named: list[Action] = []
        for action in actions:
            if not isinstance(action, Play) or not action.jokers or not action.naturals or action.sequence:
                named.append(action)
                continue
            held = {card % 4 for card, _ in action.cards if card != JOKER}
            free = [suit for suit in range(4) if suit not in held]
            if len(free) < action.jokers:
                named.append(action)
                continue
            assert action.rank is not None
            suits = cards_of_rank(action.rank)
            for chosen in combinations(free, action.jokers):
                play = _named_group(action.cards, tuple(suits[suit] for suit in chosen))
                if not self.lock or self.suit_error(play) is None:
                    named.append(play)
        return named

    def _sequence_plays(self) -> list[Play]:
        """Every legal sequence: per suit, the windows of consecutive ranks the hand fills (jokers standing for
        the missing cards, or for held ones: each way is a play of its own), asked of `sequence_error`."""
        seat = self.current
        assert seat is not None
        rules = self.rules
        wanted = self.trick_size
        if (wanted and not self.trick_sequence) or self.obligation is not None:
            return []
        hand = self.hands[seat]
        jokers = 0 if rules.joker_mode == "trump" else hand[JOKER]
        lock, must = self.lock, self.must_include
        wraps = rules.sequence_wraps
        # With `sequence_joker_ends` a joker may fill the cell below the 3 (-1) or above the 2 (13).
        ends = rules.sequence_joker_ends and jokers > 0 and not wraps
        shortest = wanted or rules.sequence_min
        longest = wanted or 13 + 2 * ends
        plays: list[Play] = []
        for suit in range(4):
            if lock and not lock >> suit & 1:
                continue
            if must is not None and must % 4 != suit:
                continue
            held = [hand[cards_of_rank(rank)[suit]] > 0 for rank in range(13)]
            for start in range(-1 if ends else 0, 13):
                reach = 13 if wraps else (14 if ends else 13) - start
                missing: list[int] = []
                for length in range(1, min(reach, longest) + 1):
                    rank = (start + length - 1) % 13 if wraps else start + length - 1
                    if not (0 <= rank < 13 and held[rank]):
                        missing.append(rank)
                        if len(missing) > jokers:
                            break
                    if length < shortest or (length == 13 and start != THREE):
                        continue
                    if self.sequence_error(start, length) is not None:
                        continue
                    window = [(start + step) % 13 if wraps else start + step for step in range(length)]
                    present = [r for r in window if r not in missing and not (must is not None and r == THREE)]
                    for extra in range(jokers - len(missing) + 1):
                        if length - len(missing) - extra < 1:
                            break
                        for stand_ins in combinations(present, extra):
                            joker_ranks = tuple(sorted((*missing, *stand_ins)))
                            plays.append(_sequence_play(suit, start, length, joker_ranks, wraps))
        return plays

    def _extend_plays(
        self, actions: list[Action], rank: int, caps: tuple[int, ...], naturals: int, jokers: int
    ) -> None:
        """Every suit choice of `naturals` cards of `rank` from `caps` copies per suit, plus `jokers`."""
        must = self.must_include
        if max(caps) <= _KEPT_COPIES:
            plays = _suit_choices(rank, caps, naturals, jokers)
            if must is None:
                actions.extend(plays)
            else:
                actions.extend(play for play in plays if any(card == must for card, _ in play.cards))
            if len(actions) > MAX_LISTED_ACTIONS:
                raise TooManyActionsError.of("too_many_actions")
            return
        base = cards_of_rank(rank)[0]
        for split in _suit_splits(caps, naturals):
            cards: CardGroup = tuple((base + suit, n) for suit, n in enumerate(split) if n)
            if must is not None and all(card != must for card, _ in cards):
                continue
            actions.append(Play(cards + (((JOKER, jokers),) if jokers else ())))
            if len(actions) > MAX_LISTED_ACTIONS:
                raise TooManyActionsError.of("too_many_actions")

    def _may_list_plays(self) -> bool:
        """Can `_legal_plays` list every play without passing `MAX_LISTED_ACTIONS`? Answered from a cheap
        upper bound (sizes x suit splits x joker counts), so a huge hand is never listed only to give up."""
        seat = self.current
        assert seat is not None
        hand = self.hands[seat]
        if self.rules.decks == 1 and hand[JOKER] <= 2:
            return True
        wild_jokers = 0 if self.rules.joker_mode == "trump" else hand[JOKER]
        bound = 0
        for rank in range(13):
            naturals = sum(hand[card] for card in cards_of_rank(rank))
            if naturals:
                for size in self.candidate_sizes(rank, naturals + wild_jokers):
                    bound += (min(size, naturals) + 1) ** 3 * (min(wild_jokers, size) + 1)
                    if bound > MAX_LISTED_ACTIONS:
                        return False
        return bound + 13 * hand[JOKER] <= MAX_LISTED_ACTIONS

    def _representative_plays(self) -> list[Action]:
        """Legal plays for a hand too large to list (`TooManyActionsError`): one per shape — rank, size,
        jokers — with suits taken lowest first (the special 3 first when it must lead), since suits never
        decide a trick. Where a shape's size or joker count could take very many values (a lead from
        thousands of copies), the first `SHOWN_SIZES`, the whole natural set and the last are offered; any
        other legal play is still accepted by `apply`."""
        seat = self.current
        assert seat is not None
        hand = self.hands[seat]
        mode = self.rules.joker_mode
        jokers_held = hand[JOKER]
        wild_jokers = 0 if mode == "trump" else jokers_held
        shape_error = self.shape_error
        actions: list[Action] = [PASS] if self.trick_size or self.rules.lead_pass else []
        for rank in range(13):
            suits = self._lock_suits(cards_of_rank(rank))
            naturals = sum(hand[card] for card in suits)
            if not naturals:
                continue
            sizes = self.candidate_sizes(rank, naturals + wild_jokers)
            # The whole natural set too: the timeout move and the bots lead a rank whole.
            for size in sorted({*_shown(sizes), *((naturals,) if naturals in sizes else ())}):
                fewest = max(0, size - naturals)
                for jokers in _shown(range(fewest, min(wild_jokers, size - 1) + 1)):
                    if shape_error(rank, size, jokers) is None:
                        cards = self._lowest_suits(hand, suits, size - jokers)
                        actions.append(Play(cards + (((JOKER, jokers),) if jokers else ())))
        actions.extend(self._lone_joker_plays(every_size=False))
        actions.extend(self._spade_three_plays())
        if self.rules.sequences:
            # A sequence holds one card per rank: few, however many decks, so every one is offered.
            actions.extend(self._sequence_plays())
        return actions

    def _lone_joker_plays(self, every_size: bool) -> list[Play]:
        """The legal plays of jokers alone (each declared rank, in the wild mode); with `every_size` false, only
        the sizes `_shown` keeps."""
        seat = self.current
        assert seat is not None
        mode = self.rules.joker_mode
        jokers_held = self.hands[seat][JOKER]
        if not jokers_held:
            return []
        shape_error = self.shape_error
        if mode != "wild":
            sizes = range(1, jokers_held + 1) if mode == "trump" else self.candidate_sizes(None, jokers_held)
            return [
                _lone_jokers(size, None)
                for size in (sizes if every_size else _shown(sizes))
                if shape_error(None, size, size) is None
            ]
        wanted = self.trick_size
        if wanted == 0 and self.must_include is None:
            # A free lead: `shape_error` accepts every size of every declared rank.
            return list(_free_lone_jokers(jokers_held, every_size))
        if wanted > jokers_held + 1:
            return []  # too few jokers for the trick's size, or for one fewer 2
        # Wild jokers alone play as natural cards of the declared rank: `_legal_plays`'s own shortcut holds.
        free = (
            wanted > 0
            and wanted <= jokers_held
            and self.obligation is None
            and self.must_include is None
            and not self.number_locked
            and not self.trick_sequence
        )
        # Below the top, with nothing owed or locked, a declared rank plays only as one fewer 2: the others are
        # refused by `shape_error` ("does not beat"), so they are not asked.
        refused_below = wanted > 0 and self.obligation is None and self.must_include is None and not self.number_locked
        keys, top_key = NATURAL_KEYS[self.reversed], self.top_key
        plays: list[Play] = []
        for declared in range(13):
            key = keys[declared]
            if free and key > top_key and not (self.rules.one_fewer_two and key == BEST_KEY):
                plays.append(_lone_jokers(wanted, declared))
                continue
            if refused_below and key < top_key and key != BEST_KEY:
                continue
            sizes = self.candidate_sizes(declared, jokers_held)
            for size in sizes if every_size else _shown(sizes):
                if shape_error(declared, size, size) is None:
                    plays.append(_lone_jokers(size, declared))
        return plays

    def _lowest_suits(self, hand: list[int], suits: tuple[int, ...], naturals: int) -> CardGroup:
        """`naturals` cards of the rank of `suits`, the special 3 first if it must lead, then lowest suits."""
        must = self.must_include
        taken = dict.fromkeys(suits, 0)
        if must in taken and hand[must]:
            taken[must] = 1
        left = naturals - sum(taken.values())
        for card in suits:
            extra = min(hand[card] - taken[card], left)
            taken[card] += extra
            left -= extra
        return tuple((card, count) for card, count in taken.items() if count)

    def _play_counts(self) -> dict[str, tuple[int, int]]:
        """For each rank (and "JK" for jokers alone, "SEQ" for sequences), the fewest and most cards a legal play
        of it may hold, jokers included. Answers in constant space however many decks are in play."""
        seat = self.current
        assert seat is not None
        hand = self.hands[seat]
        mode = self.rules.joker_mode
        wild_jokers = 0 if mode == "trump" else hand[JOKER]
        result: dict[str, tuple[int, int]] = {}
        for rank in range(13):
            naturals = sum(hand[card] for card in self._lock_suits(cards_of_rank(rank)))
            if not naturals:
                continue
            if self.trick_size == 0:
                if self.shape_error(rank, 1, 0) is None:
                    result[RANK_NAMES[rank]] = (1, naturals + wild_jokers)
                continue
            allowed = [
                size
                for size in self.candidate_sizes(rank, naturals + wild_jokers)
                if any(
                    self.shape_error(rank, size, jokers) is None
                    for jokers in range(max(0, size - naturals), min(wild_jokers, size - 1) + 1)
                )
            ]
            if allowed:
                result[RANK_NAMES[rank]] = (min(allowed), max(allowed))
        jokers = hand[JOKER]
        if jokers:
            declared_ranks: tuple[int | None, ...] = tuple(range(13)) if mode == "wild" else (None,)
            sizes: list[int] = []
            for declared in declared_ranks:
                if self.trick_size == 0 or mode == "trump":
                    # Any number of jokers may lead (or, as trumps, follow): check the smallest only.
                    if self.shape_error(declared, 1, 1) is None:
                        sizes += [1, jokers]
                    continue
                sizes += [s for s in self.candidate_sizes(declared, jokers) if self.shape_error(declared, s, s) is None]
            if sizes:
                result["JK"] = (min(sizes), max(sizes))
        if self._spade_three_plays():
            result[RANK_NAMES[THREE]] = (1, 1)
        if self.rules.sequences:
            # "SEQ": the shortest and longest legal sequences (one card per rank: few, however many decks).
            lengths = [play.size for play in self._sequence_plays()]
            if lengths:
                result["SEQ"] = (min(lengths), max(lengths))
        return result

    # ------------------------------------------------------------- effects

    def makes_revolution(self, size: int, jokers: int, sequence: bool = False) -> bool:
        """Does a play of `size` cards, `jokers` of them jokers, reverse the order?"""
        rules = self.rules
        if sequence:
            # UECda: "or a sequence of five or more, reverses the strength of all cards except the joker".
            return 0 < rules.sequence_revolution <= size
        if rules.revolution == "off" or size < rules.revolution_cards:
            return False
        if rules.revolution == "strict":
            return jokers == 0
        if rules.revolution == "relaxed":
            return size - jokers >= rules.revolution_cards
        return True

    def penalized_finish(
        self, rank: int | None, jokers: int, best_before: bool, size: int = 1, sequence: bool = False
    ) -> bool:
        """Is going out with this play an illegal finish (`best_before`: it held the best rank)? A sequence is
        judged by every rank it spans."""
        rules = self.rules
        if sequence:
            two, eight = self.holds(rank, size, jokers, TWO, True), self.holds(rank, size, jokers, EIGHT, True)
        else:
            two, eight = rank == TWO, rank == EIGHT
        return (
            (rules.penalize_final_two and two)
            or (rules.penalize_final_joker and jokers > 0)
            or (rules.penalize_final_best and best_before)
            or (rules.penalize_final_eight and rules.eight_rule and eight)
        )

    def _apply_play(self, play: Play) -> None:
        seat = self.current
        assert seat is not None
        hand, played = self.hands[seat], self.played
        for card, count in play.cards:
            hand[card] -= count
            played[card] += count
        self.trick.append((seat, play))
        self.events.append(_new_event(Event, ("play", seat, play, None)))
        if self.rules.suit_lock:
            self._note_suits(seat, play)
        self.play_effects(seat, play.rank, play.size, play.jokers, play.sequence)

    def play_effects(self, seat: int, rank: int | None, size: int, jokers: int, sequence: bool = False) -> None:
        """What a play of `size` cards of `rank` (`jokers` of them jokers) by `seat`, the seat to move, does once
        its cards have left the hand: the trick's size and top, the run of one rank, revolution, going out, the
        trick's end or the next turn. The play must be legal (`shape_error`)."""
        rules = self._facts
        if rules is None or rules.rules is not self.rules:
            rules = self._rule_facts()
        self.sizes[seat] -= size
        self.passes_in_a_row = 0
        if sequence:
            best_before = self.holds(rank, size, jokers, THREE if self.reversed else TWO, True)
        else:
            best_before = rank == (THREE if self.reversed else TWO)  # the best rank (`strength` 12)
        leading = self.trick_size == 0
        if leading:
            self.trick_size = size
            self.trick_sequence = sequence
        key = self.shape_key(rank, size, jokers, sequence)
        equal = not leading and not sequence and key == self.top_key and size == self.top_size
        self.last_player = seat
        self.must_include = None
        self.obligation = None
        if rules.number_lock:
            was_locked = self.number_locked
            previous = None if leading else self.run_rank
            self.number_locked = self._number_lock_after(rank, size, jokers, sequence, previous)
            if self.number_locked and not was_locked and self.keeps_events:
                self.events.append(Event("number-lock", seat, rank))
        if sequence:
            self.run_rank, self.run_count, self.run_plays = None, 0, 1
        elif not leading and rank is not None and rank == self.run_rank:
            self.run_count += size
            self.run_plays += 1
        else:
            self.run_rank, self.run_count, self.run_plays = rank, size, 1
        # The rule that ends the trick with this play (a `TRICK_END_CAUSES` code; the first that applies), or None.
        ends: str | None = None
        if jokers == size and rules.joker_mode == "trump":
            ends = "trump_jokers"
        elif rules.eight_rule and (self.holds(rank, size, jokers, EIGHT, True) if sequence else rank == EIGHT):
            ends = "eight"
        elif rules.best_rank_ends_trick and best_before:
            ends = "best_rank"
        if rules.spade_three_return and rank == THREE and size == 1 and not jokers and self.spade_three_returns():
            # A single 3 on a lone joker can only be the spade-3 return: "that clears the table".
            ends = ends or "spade_three"
        if rules.eight_cut and not ends and self.holds(rank, size, jokers, EIGHT, sequence):
            # UECda: "8 cut: any play that contains an 8 ... clears the table, and its player leads again."
            ends = "eight_cut"
        if (
            rules.four_in_a_row != "off"
            and self.run_count >= 4
            and not ends
            and (rules.four_in_a_row == "on" or self.run_plays >= 2)
        ):
            # Seed 002: "If at least 4 cards of the same rank are played in a trick ... the trick ends";
            # seed 004 counts them across plays ("ta gueule" reaching the fourth).
            ends = "four_in_a_row"
        if equal and not ends:
            by_scum = self.roles.scum == seat
            ends_by = rules.equalize_ends_trick_by_scum if by_scum else rules.equalize_ends_trick_by_non_scum
            if ends_by:
                ends = "equalize"
        if (sequence or size >= rules.revolution_cards) and self.makes_revolution(size, jokers, sequence):
            self.reversed = not self.reversed
            if self.keeps_events:
                self.events.append(Event("revolution", seat, self.reversed))
            if rules.revolution_ends_trick and not ends:
                ends = "revolution"
            key = self.shape_key(rank, size, jokers, sequence)
        if rules.jack_back and self.holds(rank, size, jokers, JACK, sequence):
            # UECda's 11-back: "a jack reverses strength until the table clears" (each jack play turns it again).
            self.jack_back = not self.jack_back
            self.reversed = not self.reversed
            if self.keeps_events:
                self.events.append(Event("jack-back", seat, self.jack_back))
            key = self.shape_key(rank, size, jokers, sequence)
        if rules.nine_reverse and self.holds(rank, size, jokers, NINE, sequence):
            # Issue 12's 9 reverse: the turn order reverses (once per play, whatever the count of 9s).
            self.clockwise = not self.clockwise
            if self.keeps_events:
                self.events.append(Event("turn-order", seat, self.clockwise))
        self.top_key = key
        self.top_size = size
        if self.sizes[seat] == 0:
            self._go_out(seat, rank, jokers, best_before, size, sequence)
            if sum(self.active) <= 1:
                self._end_round()
                return
        if ends:
            self._end_trick(ends)
        else:
            if rules.pass_mode == "single":
                # "single turn: treated as passed unless starting a new trick".
                self.trick_passed[seat] = True
            effect = rules.equalize if equal and rules.equalize in EQUALIZE_EFFECTS else None
            # Issue 12's 5 skip: each 5 played (a joker standing for one counts) skips one following player.
            # A sequence holds one card of each rank it spans.
            fives = 1 if sequence else size
            skips = fives if rules.five_skip and self.holds(rank, size, jokers, FIVE, sequence) else 0
            self._advance(seat, effect, skips)
        if (rules.seven_give or rules.ten_discard) and self.sizes[seat]:
            self._owe(seat, rank, size, jokers, sequence)

    def _owe(self, seat: int, rank: int | None, size: int, jokers: int, sequence: bool = False) -> None:
        """Issue 12's 7 give and 10 discard: as many cards as the play held 7s (10s) are owed by `seat`, who
        moves again to choose them; the seat the turn went to moves after."""
        rules = self.rules
        if rules.seven_give and self.holds(rank, size, jokers, SEVEN, sequence):
            receiver: int | None = self._next_active(seat)
            kind = "give"
        elif rules.ten_discard and self.holds(rank, size, jokers, TEN, sequence):
            receiver, kind = None, "discard"
        else:
            return
        assert self.current is not None
        count = 1 if sequence else size  # a sequence holds one card of each rank it spans
        self.owed = Owed(kind, seat, min(count, self.sizes[seat]), receiver, self.current)
        self.current = seat

    def _go_out(
        self, seat: int, rank: int | None, jokers: int, best_before: bool, size: int = 1, sequence: bool = False
    ) -> None:
        """`seat` has just emptied their hand with a play of `rank` (`jokers` of them jokers)."""
        rules = self.rules
        self.active[seat] = False
        if self.penalized_finish(rank, jokers, best_before, size, sequence):
            # Seeds 001/002: disqualified, "ranked the lowest"; of several, the later one ranks higher.
            self.out.append(seat)
            if self.keeps_events:
                self.events.append(Event("penalized", seat, self.trick[-1][1]))
            return
        self.finished.append(seat)
        if self.keeps_events:
            self.events.append(Event("finish", seat, len(self.finished)))
        top = self.roles.top
        if rules.downfall and len(self.finished) == 1 and top is not None and top != seat and self.active[top]:
            # Seed 001: "When the President ... fails to get the first place, that player is automatically
            # eliminated from the round and ranked last".
            self._discard_hand(top)
            self.downfallen = top
            if self.keeps_events:
                self.events.append(Event("downfall", top))

    def pass_turn(self) -> None:
        """What a pass by the seat to move does (leading, only with `lead_pass`)."""
        seat = self.current
        assert seat is not None
        rules = self._facts
        if rules is None or rules.rules is not self.rules:
            rules = self._rule_facts()
        self.passes_in_a_row += 1
        if rules.pass_limit and self.passes_in_a_row >= rules.pass_limit:
            # UECda: "After 20 passes in a row, every player still in gets a random remaining rank."
            if self.keeps_events:
                self.events.append(Event("pass", seat))
                self.events.append(Event("pass-limit", None, rules.pass_limit))
            self._end_by_passes()
            return
        if self.trick_size == 0:
            self._pass_lead(seat)
            return
        if self.obligation == "or-skip":
            # "equalize or skip: the next player must equalize or skip a turn": a skip, not a pass.
            if self.keeps_events:
                self.events.append(Event("skip", seat))
        else:
            if self.keeps_events:
                self.events.append(_new_event(Event, ("pass", seat, None, None)))
            if rules.pass_mode != "turn":
                self.trick_passed[seat] = True
        self.obligation = None
        self._advance(seat, None)

    def _pass_lead(self, seat: int) -> None:
        """`lead_pass`: a pass on an empty table holds until it clears; the next player still in who has not
        passed is to lead, and when every one has passed, the seat that was to lead the trick leads again
        (UECda's server: the table clears and its last player, the leader, is to move)."""
        if self.keeps_events:
            self.events.append(Event("pass", seat))
        passed, active = self.trick_passed, self.active
        passed[seat] = True
        # The special 3 binds its holder's lead only: whoever leads after a pass leads freely.
        self.must_include = None
        step = 1 if self.clockwise else -1
        candidate = seat
        for _ in range(self.seats):
            candidate = self._seat_after(candidate, step)
            if active[candidate] and not passed[candidate]:
                self.current = candidate
                return
        leader = self.trick_leader
        if leader is None or not active[leader]:
            leader = self._next_active(seat if leader is None else leader)
        if self.keeps_events:
            self.events.append(Event("table-clears", leader))
        self._reset_trick(leader)

    def _advance(self, seat: int, effect: str | None, skips: int = 0) -> None:
        """Give the turn to the next player after `seat` (skipping `skips` players, and one more for a force-skip
        `effect`), or end the trick if it comes back around."""
        seats, active, passed, last = self.seats, self.active, self.trick_passed, self.last_player
        step = 1 if self.clockwise else -1
        seating = self.seating
        all_passed = self.rules.trick_end == "all-passed"
        if effect == "force-skip":
            effect = None
            skips += 1
        skipped = False  # a skip fell on someone: a trick that comes back to `last` ends by skips
        while True:
            seat = (seat + step) % seats if seating is None else self._seat_after(seat, step)
            if seat == last:
                if all_passed and not skips and active[seat] and not passed[seat]:
                    # UECda: "The table clears when every player still in has passed": the last player to play
                    # moves again, and may play on their own play.
                    self.current = seat
                    self.obligation = effect
                    return
                # "The effect is not triggered if the trick ends (if the next player is the current player)."
                self._end_trick("skips" if skipped else "passes")
                return
            if not active[seat] or passed[seat]:
                continue
            if skips:
                if self.keeps_events:
                    self.events.append(Event("skipped", seat))
                skips -= 1
                skipped = True
                continue
            self.current = seat
            self.obligation = effect
            return

    def _end_trick(self, cause: str = "passes") -> None:
        """The trick ends, for `cause` (a `TRICK_END_CAUSES` code: the rule that ended it, or "passes"); its last
        player leads the next one (the next player still in if it went out)."""
        winner = self.last_player
        assert winner is not None
        if self.keeps_events:
            self.events.append(Event("trick-end", winner, cause))
        leader = winner if self.active[winner] else self._next_active(winner)
        if self.jack_back:
            self.reversed = not self.reversed
            if self.keeps_events:
                self.events.append(Event("jack-back", None, False))
        if self.rules.revolution_scope == "trick" and self.reversed:
            # Seed 004: the revolution "lasts until the end of the round" (a trick, in that seed's words).
            self.reversed = False
            if self.keeps_events:
                self.events.append(Event("revolution", None, False))
        self._reset_trick(leader)

    def _auto_play(self) -> Play:
        """Seed 002's automatic lead: "all of the smallest cards"."""
        seat = self.current
        assert seat is not None
        hand = self.hands[seat]
        for rank in sorted(range(13), key=self.strength):
            held = tuple((card, hand[card]) for card in cards_of_rank(rank) if hand[card])
            if held and self.shape_error(rank, sum(n for _, n in held), 0) is None:
                return Play(held)
        jokers = hand[JOKER]
        declared = min(range(13), key=self.strength) if self.rules.joker_mode == "wild" else None
        return Play(((JOKER, jokers),), declared)


@cache
def _named_group(cards: CardGroup, stands_for: tuple[int, ...]) -> Play:
    return Play(cards, None, stands_for)


@lru_cache(maxsize=1024)
def _lone_jokers(size: int, declared: int | None) -> Play:
    """`size` jokers alone standing for `declared` (built once: listing legal actions then builds none)."""
    return Play(((JOKER, size),), declared)


@lru_cache(maxsize=256)
def _free_lone_jokers(jokers: int, every_size: bool) -> tuple[Play, ...]:
    """Every lead of wild jokers alone from `jokers` held, declared rank by rank (only the sizes `_shown` keeps
    without `every_size`), in `_lone_joker_plays`' order."""
    sizes = range(1, jokers + 1)
    return tuple(
        _lone_jokers(size, declared) for declared in range(13) for size in (sizes if every_size else _shown(sizes))
    )


def _unnamed(play: Play) -> str:
    return str(Play(play.cards))


@cache
def _sequence_play(suit: int, start: int, length: int, joker_ranks: tuple[int, ...], wraps: bool = True) -> Play:
    """The sequence of `suit` over `length` ranks from `start`, jokers standing for the cards of `joker_ranks`
    (-1 and 13: the end cells below the 3 and above the 2); past the 2 it goes round to the 3 with `wraps`
    (built once: listing legal actions then builds no new objects)."""
    window = [(start + step) % 13 if wraps else start + step for step in range(length)]
    naturals = tuple(sorted((cards_of_rank(rank)[suit], 1) for rank in window if rank not in joker_ranks))
    stands_for = tuple(sorted(cell_of(rank, suit) for rank in joker_ranks))
    cards = naturals + (((JOKER, len(stands_for)),) if stands_for else ())
    return Play(cards, None, stands_for)


def next_seat(seat: int, among: Sequence[bool], step: int = 1) -> int:
    """The first seat after `seat` whose flag in `among` is set (`seat` itself if none is), clockwise (`step` 1)
    or counter-clockwise (`step` -1)."""
    seats = len(among)
    for distance in range(1, seats + 1):
        candidate = (seat + step * distance) % seats
        if among[candidate]:
            return candidate
    return seat
