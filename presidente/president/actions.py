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

from dataclasses import dataclass
from typing import ClassVar, Final

from presidente.cards import (
    JOKER,
    RANK_LABELS,
    Card,
    CardGroup,
    format_cards,
    group_size,
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


def rank_name(rank: int) -> str:
    return RANK_NAMES[rank]


def cards_of_rank(rank: int) -> tuple[Card, Card, Card, Card]:
    """The four card kinds (clubs, diamonds, hearts, spades) of a President rank."""
    first = ((rank + 2) % 13) * 4
    return (first, first + 1, first + 2, first + 3)


class Play:
    """Cards put on the pile: natural cards of one rank, possibly with jokers.

    `declared` is the rank a play made only of jokers stands for, where jokers are wild on their own.
    """

    __slots__ = ("_hash", "_text", "cards", "declared", "jokers", "rank", "size")

    cards: CardGroup
    declared: int | None
    rank: int | None
    size: int
    jokers: int

    def __init__(self, cards: CardGroup, declared: int | None = None) -> None:
        ranks = {PRESIDENT_RANK[card] for card, _ in cards if card != JOKER}
        if len(ranks) > 1:
            raise ActionSyntaxError("A play is cards of one rank (jokers may join them).")
        if not cards:
            raise ActionSyntaxError("A play needs at least one card.")
        if declared is not None and ranks:
            raise ActionSyntaxError("Only a play made of jokers alone can say which rank it stands for.")
        self.cards = cards
        self.declared = declared
        self.rank = ranks.pop() if ranks else declared
        self.size = group_size(cards)
        self.jokers = sum(count for card, count in cards if card == JOKER)
        self._hash = hash((cards, declared))
        self._text: str | None = None

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Play)
            and self._hash == other._hash
            and self.cards == other.cards
            and self.declared == other.declared
        )

    def __str__(self) -> str:
        if self._text is None:
            text = format_cards(self.cards)
            self._text = text if self.declared is None else f"{text}={RANK_NAMES[self.declared]}"
        return self._text

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"

    @property
    def naturals(self) -> int:
        return self.size - self.jokers

    @staticmethod
    def parse(text: str) -> Play:
        # "JK JK=7": jokers alone standing for a rank ("as" would clash with the ace of spades).
        cards, equals, rank = text.partition("=")
        declared = (parse_rank(rank) - 2) % 13 if equals else None
        return Play(parse_cards(cards), declared)


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


def parse_action(text: str) -> Action:
    """Read any action from its text form; raises `ActionSyntaxError` with a hint when it cannot."""
    words = text.strip().split()
    if not words:
        raise ActionSyntaxError("Empty action: type cards to play (like '7H 7S'), or 'pass'.")
    verb, rest = words[0].lower(), " ".join(words[1:])
    if verb == "pass" and not rest:
        return PASS
    if verb == "give":
        return Give(parse_cards(rest))
    if verb == "discard":
        return Discard(parse_cards(rest))
    if verb == "take":
        return Take(parse_cards(rest))
    if verb in ("leave", "join"):
        if not rest.isdigit():
            raise ActionSyntaxError(f"'{verb}' needs a seat number, like '{verb} 2'.")
        return Leave(int(rest)) if verb == "leave" else Join(int(rest))
    if verb == "play":
        return Play.parse(rest)
    return Play.parse(text)
