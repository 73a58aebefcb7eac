"""El Presidente actions as small values whose text form round-trips through `parse_action`.

Cards played together are written in the order they land on the battle pile, so the last card written is
the top card, the one the defender must beat. Cards under the top are kept in card order, because only the
top card's suit matters to the rules.

>>> str(parse_action("attack 7d 7c"))
'attack 7D 7C'
>>> parse_action(str(Beat(parse_action("beat 10d").card))) == Beat(parse_action("beat 10d").card)
True
>>> [str(parse_action(text)) for text in ("throw KH KC KS", "concede", "pick up", "pass")]
['throw KC KH KS', 'concede', 'take', 'pass']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from presidente.cards import JOKER, Card, card_text, parse_card
from presidente.errors import ActionSyntaxError


def _canonical(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Cards under the top in card order, the top card last."""
    if not cards:
        raise ActionSyntaxError.of("attack_without_cards")
    return (*sorted(cards[:-1]), cards[-1])


def _cards_text(cards: tuple[Card, ...]) -> str:
    return " ".join(card_text(card) for card in cards)


@dataclass(frozen=True)
class _CardsToPile:
    """Cards played together to the battle pile, ``cards[-1]`` on top."""

    cards: tuple[Card, ...]
    verb: ClassVar[str]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _canonical(self.cards))

    @property
    def top(self) -> Card:
        return self.cards[-1]

    def __str__(self) -> str:
        return f"{self.verb} {_cards_text(self.cards)}"


@dataclass(frozen=True)
class Attack(_CardsToPile):
    """The attacker's opening play: one card or several of equal rank."""

    verb: ClassVar[str] = "attack"


@dataclass(frozen=True)
class ThrowIn(_CardsToPile):
    """Cards equal in rank to the top card, thrown in on the attack or after the beat."""

    verb: ClassVar[str] = "throw"


@dataclass(frozen=True)
class Beat:
    """The defender's single card: the top card's rank, or a higher card of the top card's suit."""

    card: Card

    def __str__(self) -> str:
        return f"beat {card_text(self.card)}"


@dataclass(frozen=True)
class Concede:
    """The defender does not beat the attack and picks up the battle pile."""

    def __str__(self) -> str:
        return "concede"


@dataclass(frozen=True)
class PickUp:
    """After a beat, claim the whole battle pile into one's hand."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True)
class Pass:
    """Decline to throw in, or decline to pick up the battle pile."""

    def __str__(self) -> str:
        return "pass"


Action = Attack | ThrowIn | Beat | Concede | PickUp | Pass

_VERBS = ("attack", "throw", "beat")
_BARE: dict[str, Action] = {
    "concede": Concede(),
    "take": PickUp(),
    "pick up": PickUp(),
    "pickup": PickUp(),
    "pass": Pass(),
}


def _parse_played(text: str) -> tuple[Card, ...]:
    cards = tuple(parse_card(token) for token in text.replace(",", " ").split())
    if not cards:
        raise ActionSyntaxError.of("name_the_cards")
    if JOKER in cards:
        raise ActionSyntaxError.of("no_jokers")
    if len(set(cards)) != len(cards):
        raise ActionSyntaxError.of("card_twice")
    return cards


def parse_action(text: str) -> Action:
    """Read an action from its text form (any case, extra spaces allowed)."""
    words = " ".join(text.lower().split())
    if words in _BARE:
        return _BARE[words]
    verb, _, rest = words.partition(" ")
    if verb not in _VERBS:
        raise ActionSyntaxError.of("not_an_el_presidente_action", text=repr(text))
    cards = _parse_played(rest)
    if verb == "beat":
        if len(cards) != 1:
            raise ActionSyntaxError.of("beat_one_card")
        return Beat(cards[0])
    return Attack(cards) if verb == "attack" else ThrowIn(cards)
