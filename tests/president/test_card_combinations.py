"""The choices of a give or a pick (`exchange.card_combinations`): every distinct multiset of cards the hand
holds, in one order whether the hand holds single copies (the fast path) or several copies of a card."""

from __future__ import annotations

import random

from presidente.cards import CARD_KINDS, JOKER, parse_card
from presidente.president.exchange import card_combinations


def _reference(hand: list[int], count: int) -> list[tuple[tuple[int, int], ...]]:
    """The definition, card by card: first card first, more copies of it first, then the cards after it."""
    kinds = [card for card in range(CARD_KINDS) if hand[card]]

    def choices(start: int, remaining: int) -> list[tuple[tuple[int, int], ...]]:
        if remaining == 0:
            return [()]
        found = []
        for index in range(start, len(kinds)):
            card = kinds[index]
            for copies in range(min(hand[card], remaining), 0, -1):
                found += [((card, copies), *rest) for rest in choices(index + 1, remaining - copies)]
        return found

    return choices(0, count)


def _hand(*cards: str, jokers: int = 0) -> list[int]:
    hand = [0] * CARD_KINDS
    for text in cards:
        hand[parse_card(text)] += 1
    hand[JOKER] = jokers
    return hand


def test_two_of_a_hand_with_two_jokers_in_card_order() -> None:
    three_clubs, three_diamonds = parse_card("3C"), parse_card("3D")
    assert card_combinations(_hand("3C", "3D", jokers=2), 2) == [
        ((three_clubs, 1), (three_diamonds, 1)),
        ((three_clubs, 1), (JOKER, 1)),
        ((three_diamonds, 1), (JOKER, 1)),
        ((JOKER, 2),),
    ]


def test_single_copies_list_every_pair_once_in_card_order() -> None:
    hand = _hand("3C", "9H", "KS", jokers=1)
    assert card_combinations(hand, 2) == _reference(hand, 2)
    assert len(card_combinations(hand, 2)) == 6
    assert card_combinations(hand, 0) == [()] and card_combinations(hand, 5) == []


def test_random_hands_of_one_or_several_decks_match_the_definition() -> None:
    rng = random.Random(4)
    for trial in range(300):
        copies = 1 if trial % 2 else rng.randint(1, 3)
        hand = [0] * CARD_KINDS
        for card in rng.sample(range(CARD_KINDS), rng.randint(0, 14)):
            hand[card] = rng.randint(1, copies)
        count = rng.randint(0, 4)
        assert card_combinations(hand, count) == _reference(hand, count), (hand, count)
