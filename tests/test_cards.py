"""Cards, their text form, and the deal."""

import random

import pytest

from presidente.cards import (
    CARD_KINDS,
    JOKER,
    card_text,
    deal,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
    sample_counts,
)
from presidente.errors import ActionSyntaxError


def test_every_card_text_round_trips() -> None:
    for card in range(CARD_KINDS):
        assert parse_card(card_text(card)) == card


def test_card_group_text_round_trips_with_repeats() -> None:
    for text in ["JK 9C 9D", "3H 3S", "JK JK 2C", "3Hx6", "AS"]:
        assert format_cards(parse_cards(text)) == text


@pytest.mark.parametrize("bad", ["", "7X", "11H", "3Hx0", "3Hxx", "7X", "J"])
def test_bad_card_text_is_a_syntax_error(bad: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_cards(bad)


def test_deal_conserves_cards_and_sizes() -> None:
    pool = full_deck(1, 2)
    hands = deal(pool, [13, 13, 14], random.Random(3))
    assert [sum(hand) for hand in hands] == [13, 13, 14]
    totals = [sum(hand[card] for hand in hands) + pool[card] for card in range(CARD_KINDS)]
    assert totals == full_deck(1, 2)
    assert pool[JOKER] + sum(hand[JOKER] for hand in hands) == 2


def test_deal_is_deterministic_for_a_seed() -> None:
    first = deal(full_deck(), [13] * 4, random.Random(7))
    second = deal(full_deck(), [13] * 4, random.Random(7))
    assert first == second


def test_huge_deck_deal_stays_compact_and_exact_in_total() -> None:
    decks = 2**51
    pool = full_deck(decks, 2)
    total = sum(pool)
    sizes = [total // 4] * 4
    hands = deal(pool, sizes, random.Random(1))
    assert [sum(hand) for hand in hands] == sizes
    assert all(count >= 0 for count in pool)
    assert sum(pool) == total - sum(sizes)


def test_sample_counts_draws_exactly() -> None:
    pool = [5, 0, 3, 10]
    drawn = sample_counts(pool, 7, random.Random(0))
    assert sum(drawn) == 7
    assert all(0 <= d <= p for d, p in zip(drawn, pool, strict=True))
