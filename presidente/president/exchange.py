"""Which cards a hand gives in the card transfer, and the choices a player has when giving or picking.

Hands are counts per card (see `presidente.cards`). For giving, jokers count above the 2 (seed 002:
"Jokers ... are considered to be above 2 during the card transfer"), and among cards of one rank the
higher suit goes first, so that a forced give is a single well-defined set.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, compress

from presidente.cards import CARD_KINDS, JOKER, Card, CardGroup
from presidente.president.actions import PRESIDENT_RANK


def _give_strength(card: Card) -> tuple[int, int]:
    return (13, 0) if card == JOKER else (PRESIDENT_RANK[card], card & 3)


# Card kinds from weakest to strongest for the transfer.
_WEAKEST_FIRST: tuple[Card, ...] = tuple(sorted(range(CARD_KINDS), key=_give_strength))


def _take(hand: Sequence[int], count: int, order: Sequence[Card]) -> CardGroup:
    chosen: dict[Card, int] = {}
    for card in order:
        if count == 0:
            break
        taken = min(hand[card], count)
        if taken:
            chosen[card] = taken
            count -= taken
    return tuple(sorted(chosen.items()))


def best_cards(hand: Sequence[int], count: int, keep_jokers: bool = False) -> CardGroup:
    """The `count` highest cards; with `keep_jokers`, jokers only when no other card is left."""
    order = list(reversed(_WEAKEST_FIRST))
    if keep_jokers:
        order.remove(JOKER)
        order.append(JOKER)
    return _take(hand, count, order)


def lowest_cards(hand: Sequence[int], count: int) -> CardGroup:
    return _take(hand, count, _WEAKEST_FIRST)


_CARDS = range(CARD_KINDS)


def card_combinations(hand: Sequence[int], count: int) -> list[CardGroup]:
    """Every distinct multiset of `count` cards the hand holds (the choices for a give or a pick), in order:
    by first card, then (for a card held more than once) by more copies first, then by the following cards."""
    kinds = list(compress(_CARDS, hand))
    if sum(hand) == len(kinds):
        # One copy of each card (a single deck, at most one joker): the plain combinations, in the same order.
        return list(combinations([(card, 1) for card in kinds], count))
    results: list[CardGroup] = []

    def extend(start: int, remaining: int, chosen: list[tuple[Card, int]]) -> None:
        if remaining == 0:
            results.append(tuple(chosen))
            return
        for index in range(start, len(kinds)):
            card = kinds[index]
            for copies in range(min(hand[card], remaining), 0, -1):
                chosen.append((card, copies))
                extend(index + 1, remaining - copies, chosen)
                chosen.pop()

    extend(0, count, [])
    return results
