"""President actions as values with a text form that round-trips.

>>> str(parse_action("3h 3s"))
'3H 3S'
>>> str(parse_action("jk 9c 9d"))
'JK 9C 9D'
>>> str(parse_action("jk = 7"))
'JK=7'
>>> parse_action("pass") is PASS
True
>>> str(parse_action("give 2c ah"))
'give AH 2C'

Ranks here are President ranks: 0 is the 3, 11 the Ace, 12 the 2 (the printed order of seeds 001-004).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

from presidente.cards import (
    CARD_KINDS,
    JOKER,
    JOKER_TEXT,
    RANK_LABELS,
    SUITS,
    Card,
    CardGroup,
    card_text,
    format_cards,
    group_size,
    parse_card,
    parse_cards,
    parse_rank,
    rank_of,
)
from presidente.errors import ActionSyntaxError

RANK_COUNT = 13
# President rank of each card kind (the joker has none).
PRESIDENT_RANK: Final = (*((rank_of(card) - 2) % 13 for card in range(52)), -1)
RANK_NAMES: Final = tuple(RANK_LABELS[(rank + 2) % 13] for rank in range(RANK_COUNT))
TWO: Final = 12
THREE: Final = 0
FIVE: Final = 2
SEVEN: Final = 4
EIGHT: Final = 5
NINE: Final = 6
TEN: Final = 7
JACK: Final = 8
# A joker may stand beyond a sequence's ends where the rules allow it (`sequence_joker_ends`; UECda: "columns 0
# and 14 exist so that a joker can extend a sequence below the 3 or above the 2"). Such a cell holds no card, so
# it is numbered past the cards, suit last as a card's is: BELOW_THREE + suit, ABOVE_TWO + suit. It stands for
# no rank: in rank terms it lies at -1 (below the 3) or 13 (above the 2). Text: "JK=<3S", "JK=>2S".
BELOW_THREE: Final = 56
ABOVE_TWO: Final = 60
_END_CELL_TEXT: Final = {"<3": BELOW_THREE, ">2": ABOVE_TWO}


def rank_name(rank: int) -> str:
    return RANK_NAMES[rank]


def cards_of_rank(rank: int) -> tuple[Card, Card, Card, Card]:
    """The four card kinds (clubs, diamonds, hearts, spades) of a President rank."""
    first = ((rank + 2) % 13) * 4
    return (first, first + 1, first + 2, first + 3)


def is_end_cell(card: Card) -> bool:
    """Is `card` a cell beyond a sequence's ends (below the 3 or above the 2), not a card?"""
    return card >= CARD_KINDS


def cell_rank(card: Card) -> int:
    """The President rank of a card, or of an end cell: -1 below the 3, 13 above the 2."""
    if card < CARD_KINDS:
        return PRESIDENT_RANK[card]
    return -1 if card < ABOVE_TWO else RANK_COUNT


def cell_of(rank: int, suit: int) -> Card:
    """The card of `rank` (-1 and 13: the end cells below the 3 and above the 2) in `suit`."""
    if rank < 0:
        return BELOW_THREE + suit
    if rank >= RANK_COUNT:
        return ABOVE_TWO + suit
    return cards_of_rank(rank)[suit]


def stand_in_text(card: Card) -> str:
    """What a joker stands for, as text: a card ("5H") or an end cell ("<3S" below the 3, ">2S" above the 2)."""
    if not is_end_cell(card):
        return card_text(card)
    return f"{'<3' if card < ABOVE_TWO else '>2'}{SUITS[card % 4]}"


def _parse_stand_in(text: str) -> Card:
    """A card's text, or an end cell's ("<3S", ">2S"); `ActionSyntaxError` otherwise."""
    cell = _END_CELL_TEXT.get(text[:2])
    if cell is None:
        return parse_card(text)
    return cell + parse_card(text[1:]) % 4  # "<3S": the 3 of spades parsed, its suit kept


class Play:
    """Cards put on the pile, in one of two forms.

    A *group*: natural cards of one rank, possibly with jokers (`declared` is the rank a play made only of jokers
    stands for, where jokers are wild on their own). A *sequence* (kaidan, issue 12): cards of one suit over
    consecutive ranks, each rank once; a joker in a sequence names the card it stands for (`stands_for`), since
    "3H 4H JK" could mean 2H or 5H: text `3H 4H JK=5H`. A sequence's `rank` is its first rank (its weakest in the
    normal order; where the 2 and the 3 connect, the rank after the gap), `suit` its suit; its `size` is its
    length. Whether a sequence may be played (its length, whether it wraps) is for the rules to say. A joker may
    also stand beyond the ends, in a cell that holds no card (`BELOW_THREE`, `ABOVE_TWO`): "JK=<3S 3S 4S" starts at
    rank -1, "AS 2S JK=>2S" ends at rank 13; `ranks()` lists only the ranks of cards.

    >>> play = Play.parse("5h jk=4h 3h")
    >>> str(play), play.sequence, play.rank, play.size, play.jokers, play.ranks()
    ('3H JK=4H 5H', True, 0, 3, 1, (0, 1, 2))
    >>> str(Play.parse("3S 2S AS")), Play.parse("3S 2S AS").ranks()
    ('AS 2S 3S', (11, 12, 0))
    >>> low = Play.parse("3s 4s jk=<3s")
    >>> str(low), low.rank, low.size, low.ranks()
    ('JK=<3S 3S 4S', -1, 3, (0, 1))
    >>> group = Play.parse("9s jk=9h")
    >>> str(group), group.sequence, group.rank, group.stands_for == (Play.parse("9H").cards[0][0],)
    ('JK=9H 9S', False, 6, True)
    """

    __slots__ = ("_hash", "_text", "cards", "declared", "jokers", "rank", "sequence", "size", "stands_for", "suit")

    cards: CardGroup
    declared: int | None
    rank: int | None
    size: int
    jokers: int
    sequence: bool
    stands_for: tuple[Card, ...]
    suit: int
    _hash: int
    _text: str | None

    def __init__(self, cards: CardGroup, declared: int | None = None, stands_for: tuple[Card, ...] = ()) -> None:
        if not cards:
            raise ActionSyntaxError.of("play_without_cards")
        if not stands_for and declared is None:
            # The common play, natural cards of one rank (jokers may join them): read in one pass, no set built.
            rank: int | None = None
            jokers = size = 0
            for card, count in cards:
                size += count
                if card == JOKER:
                    jokers += count
                elif rank is None:
                    rank = PRESIDENT_RANK[card]
                elif PRESIDENT_RANK[card] != rank:
                    break
            else:
                self.cards = cards
                self.size = size
                self.jokers = jokers
                self.stands_for = stands_for
                self.declared = None
                self.sequence = False
                self.rank = rank
                self.suit = -1
                self._hash = hash((cards, None, stands_for))
                self._text = None
                return
        ranks = {PRESIDENT_RANK[card] for card, _ in cards if card != JOKER}
        self.cards = cards
        self.size = group_size(cards)
        self.jokers = sum(count for card, count in cards if card == JOKER)
        self.stands_for = stands_for
        named_group = bool(stands_for) and len(ranks) == 1 and {cell_rank(card) for card in stands_for} == ranks
        if named_group:
            # A group whose jokers name their cards (`joker_suits`, UECda: the joker sits in a suit's cell).
            if declared is not None or len(stands_for) != self.jokers:
                raise ActionSyntaxError.of("name_each_joker")
            if len(set(stands_for)) != len(stands_for) or any(card in dict(cards) for card in stands_for):
                raise ActionSyntaxError.of("joker_names_held_card")
            self.declared = None
            self.sequence = False
            self.rank = ranks.pop()
            self.suit = -1
        elif stands_for or len(ranks) > 1:
            if declared is not None:
                raise ActionSyntaxError.of("sequence_declares_rank")
            self.declared = None
            self.sequence = True
            self.rank, self.suit = _sequence_start(cards, stands_for, self.jokers)
        else:
            if declared is not None and ranks:
                raise ActionSyntaxError.of("rank_declared_beside_cards")
            self.declared = declared
            self.sequence = False
            self.rank = ranks.pop() if ranks else declared
            self.suit = -1
        self._hash = hash((cards, declared, stands_for))
        self._text = None

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Play)
            and self._hash == other._hash
            and self.cards == other.cards
            and self.declared == other.declared
            and self.stands_for == other.stands_for
        )

    def __str__(self) -> str:
        if self._text is None:
            if self.sequence:
                named = dict.fromkeys(self.stands_for, True)
                tokens = []
                for rank in self.cells():
                    card = cell_of(rank, self.suit)
                    tokens.append(f"{JOKER_TEXT}={stand_in_text(card)}" if card in named else card_text(card))
                self._text = " ".join(tokens)
            elif self.stands_for:
                naturals = tuple(pair for pair in self.cards if pair[0] != JOKER)
                names = " ".join(f"{JOKER_TEXT}={card_text(card)}" for card in self.stands_for)
                self._text = f"{names} {format_cards(naturals)}"
            else:
                text = format_cards(self.cards)
                self._text = text if self.declared is None else f"{text}={RANK_NAMES[self.declared]}"
        return self._text

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"

    @property
    def naturals(self) -> int:
        return self.size - self.jokers

    def ranks(self) -> tuple[int, ...]:
        """The ranks the play holds, in the order of its cards: a sequence's every rank from its first; a group's
        one rank (none for jokers alone)."""
        if self.sequence:
            return tuple(rank for rank in self.cells() if 0 <= rank < RANK_COUNT)
        return () if self.rank is None or self.naturals == 0 else (self.rank,)

    def reaches_end(self) -> bool:
        """Does a joker of this sequence stand beyond its ends (below the 3 or above the 2)?"""
        return any(is_end_cell(card) for card in self.stands_for)

    def wraps(self) -> bool:
        """Does this sequence go round from the 2 to the 3 (its cells past the 2 hold cards, not an end joker)?"""
        if not self.sequence or self.reaches_end():
            return False
        assert self.rank is not None
        return self.rank + self.size > RANK_COUNT

    def cells(self) -> tuple[int, ...]:
        """A sequence's ranks from its first, end cells included (-1 below the 3, 13 above the 2); wrapping past
        the 2 when it reaches no end cell."""
        assert self.rank is not None
        if self.reaches_end():
            return tuple(range(self.rank, self.rank + self.size))
        return tuple((self.rank + step) % RANK_COUNT for step in range(self.size))

    @staticmethod
    def parse(text: str, sequences: bool = True) -> Play:
        """A play from its text. Where the table plays no `sequences`, cards of several ranks are refused as
        such, and the error says nothing of sequences.

        >>> Play.parse("3h 5s", sequences=False)
        Traceback (most recent call last):
        ...
        presidente.errors.ActionSyntaxError: A play is cards of one rank (jokers may join them).
        """
        # "JK JK=7": jokers alone standing for a rank ("as" would clash with the ace of spades);
        # "3H 4H JK=5H": a joker in a sequence standing for one card.
        if not text.strip():
            raise ActionSyntaxError.of("empty_play")
        joined = _AROUND_EQUALS.sub("=", text.strip())
        tokens = joined.replace(",", " ").split()
        named = [token.partition("=") for token in tokens if "=" in token]
        if named and all(_is_stand_in_text(value) for _, _, value in named):
            stands_for: list[Card] = []
            for name, _, value in named:
                if name.upper() != JOKER_TEXT:
                    raise ActionSyntaxError.of("only_jokers_stand_in", name=name, value=value)
                stands_for.append(_parse_stand_in(value))
            naturals = " ".join(token for token in tokens if "=" not in token)
            group = parse_cards(naturals) if naturals else ()
            if not sequences:
                _check_one_rank(group, stands_for)
            counts = dict(group)
            counts[JOKER] = counts.get(JOKER, 0) + len(stands_for)
            return Play(tuple(sorted(counts.items())), None, tuple(sorted(stands_for)))
        cards, equals, rank = text.partition("=")
        if equals and not cards.strip():
            raise ActionSyntaxError.of("jokers_missing_before_equals")
        if equals and not rank.strip():
            raise ActionSyntaxError.of("rank_missing_after_equals")
        declared = (parse_rank(rank) - 2) % 13 if equals else None
        group = parse_cards(cards)
        if not sequences:
            _check_one_rank(group, ())
        return Play(group, declared)


_AROUND_EQUALS = re.compile(r"\s*=\s*")


def _check_one_rank(naturals: CardGroup, stands_for: Sequence[Card]) -> None:
    """At a table without sequences, cards of several ranks are no play (`ActionSyntaxError`)."""
    ranks = {PRESIDENT_RANK[card] for card, _ in naturals if card != JOKER}
    if stands_for and not ranks:
        raise ActionSyntaxError.of("jokers_alone_name_no_card")
    ranks.update(cell_rank(card) for card in stands_for)
    if len(ranks) > 1:
        raise ActionSyntaxError.of("not_one_rank")


def _is_stand_in_text(text: str) -> bool:
    """Is `text` a card ("5H") or an end cell ("<3S")? (Else "JK=7" names a rank.)"""
    try:
        parse_card(text[1:] if text[:2] in _END_CELL_TEXT else text)
    except ActionSyntaxError:
        return False
    return True


def _sequence_start(cards: CardGroup, stands_for: tuple[Card, ...], jokers: int) -> tuple[int, int]:
    """The first rank and the suit of a sequence, or `ActionSyntaxError` saying why the cards are none."""
    if len(stands_for) != jokers:
        raise ActionSyntaxError.of("sequence_joker_unnamed")
    naturals = [card for card, count in cards for _ in range(count) if card != JOKER]
    if not naturals:
        raise ActionSyntaxError.of("joker_card_needs_sequence")
    if any(card == JOKER for card in stands_for):
        raise ActionSyntaxError.of("joker_stands_for_joker")
    members = naturals + list(stands_for)
    suits = {card % 4 for card in members}
    ranks = [cell_rank(card) for card in members]
    if len(suits) > 1 or len(set(ranks)) != len(ranks) or len(ranks) < 2:
        raise ActionSyntaxError.of("sequence_not_one_suit")
    held = set(ranks)
    if any(is_end_cell(card) for card in stands_for):
        # A joker beyond an end: the cells run straight from below the 3 to above the 2, never round.
        if held != set(range(min(held), min(held) + len(held))):
            raise ActionSyntaxError.of("sequence_not_consecutive")
        return min(held), suits.pop()
    starts = [rank for rank in held if (rank - 1) % RANK_COUNT not in held]
    if len(held) == RANK_COUNT:
        return THREE, suits.pop()
    if len(starts) != 1:
        raise ActionSyntaxError.of("sequence_not_consecutive")
    return starts[0], suits.pop()


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


PASS: Final = Pass()


@dataclass(frozen=True)
class _CardsAction:
    """An action that names cards: written as its verb, then the cards."""

    verb: ClassVar[str]
    cards: CardGroup

    def __str__(self) -> str:
        return f"{self.verb} {format_cards(self.cards)}"


class Give(_CardsAction):
    """Cards handed over in the card transfer, or put face down for the draft."""

    verb = "give"


class Discard(Give):
    """Cards put face up out of play: what a play of 10s owes with `ten_discard` (issue 12). A kind of give
    (to no one), so code that chooses cards to hand over chooses these alike; the engine tells them apart.

    >>> str(parse_action("discard 3c 4d")), parse_action("discard 3C") == Give(parse_cards("3C"))
    ('discard 3C 4D', False)
    """

    verb = "discard"


class Take(_CardsAction):
    """Cards picked up from the face-up draft pool."""

    verb = "take"


@dataclass(frozen=True)
class _SeatAction:
    """A table action by one seat, at any moment and out of turn: written as its verb, then the seat."""

    verb: ClassVar[str]
    seat: int

    def __str__(self) -> str:
        return f"{self.verb} {self.seat}"


class Leave(_SeatAction):
    """A seat leaves the table (seed 002)."""

    verb = "leave"


class Join(_SeatAction):
    """A player takes an empty seat; they wait in the new queue for the next round (seed 002)."""

    verb = "join"


Action = Play | Pass | Give | Discard | Take | Leave | Join


_CARD_VERBS: Final[dict[str, type[Give] | type[Take]]] = {"give": Give, "discard": Discard, "take": Take}


def parse_action(text: str, sequences: bool = True) -> Action:
    """Read any action from its text form; raises `ActionSyntaxError` with a hint when it cannot: a verb alone
    is told what follows it. Where the table plays no `sequences`, a play's error says nothing of them.

    >>> parse_action("give")
    Traceback (most recent call last):
    ...
    presidente.errors.ActionSyntaxError: Name the cards to give after 'give', like 'give 3C 4D'.
    """
    words = text.strip().split()
    if not words:
        raise ActionSyntaxError.of("empty_action")
    verb, rest = words[0].lower(), " ".join(words[1:])
    if verb == "pass":
        if rest:
            raise ActionSyntaxError.of("pass_alone")
        return PASS
    if verb in _CARD_VERBS:
        if not rest:
            raise ActionSyntaxError.of("verb_needs_cards", verb=verb)
        return _CARD_VERBS[verb](parse_cards(rest))
    if verb in ("leave", "join"):
        if not rest.isdigit():
            raise ActionSyntaxError.of("verb_needs_seat", verb=verb)
        return Leave(int(rest)) if verb == "leave" else Join(int(rest))
    if verb == "play":
        return Play.parse(rest, sequences)
    return Play.parse(text, sequences)
