"""Cards, their text form, card counts and the deal — shared by every game.

A card is a small int: ``rank * 4 + suit`` for the 52 natural cards, where ``rank`` indexes
``RANK_LABELS`` (Ace=0 ... King=12, a label order, not a strength order: each game ranks cards its own
way) and ``suit`` indexes ``SUITS`` (clubs, diamonds, hearts, spades). ``JOKER`` (52) is the joker.

Hands and piles are *counts per card*, a list of ``CARD_KINDS`` ints, so that a table playing with many
decks (up to 2**51) holds a hand in constant space. The deal samples such counts without listing every card.

>>> card_text(parse_card("10h")), card_text(parse_card("7♥")), card_text(parse_card("q♠"))
('10H', '7H', 'QS')
>>> format_cards(parse_cards("jk 9c 9d"))
'JK 9C 9D'
>>> format_cards(parse_cards("3Hx6 JK"))
'JK 3Hx6'
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable, Sequence
from typing import Final

from presidente.errors import ActionSyntaxError
from presidente.options import shown

SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER: Final = 52
CARD_KINDS: Final = 53
JOKER_TEXT = "JK"

Card = int
# A multiset of cards: (card, count) pairs, sorted by card, every count positive.
CardGroup = tuple[tuple[Card, int], ...]

# Suits may be typed as letters in any case or as their symbols (black or white): 7H, 7h and 7♥ are one card.
_SUIT_LETTERS = str.maketrans(dict(zip(SUIT_SYMBOLS + "♧♢♡♤", SUITS + SUITS, strict=True)))
_CARD_TEXT = (*(label + suit for label in RANK_LABELS for suit in SUITS), JOKER_TEXT)
_CARD_BY_TEXT = {text: card for card, text in enumerate(_CARD_TEXT)}
_RANK_BY_LABEL = {label: rank for rank, label in enumerate(RANK_LABELS)}
# Beyond this many copies a card's text uses "3Hx6" instead of repeating "3H".
_REPEAT_LIMIT = 4
_REPEAT = re.compile(r"(.+?)[xX](\d+)")
# Decks with at most this many cards are dealt by a plain shuffle, so ordinary games are exact and simple.
_SHUFFLE_LIMIT: Final = 20_000


def make_card(rank: int, suit: int) -> Card:
    return rank * 4 + suit


def rank_of(card: Card) -> int:
    """Label index of a natural card (Ace=0 ... King=12); -1 for the joker."""
    return -1 if card == JOKER else card >> 2


def suit_of(card: Card) -> int:
    return -1 if card == JOKER else card & 3


def card_text(card: Card) -> str:
    return _CARD_TEXT[card]


def parse_rank(text: str) -> int:
    """Label index of a rank written "A", "2" ... "10", "J", "Q", "K" (any case; "T" means ten)."""
    label = text.strip().upper()
    label = "10" if label == "T" else label
    if label not in _RANK_BY_LABEL:
        raise ActionSyntaxError.of("not_a_rank", text=shown(text))
    return _RANK_BY_LABEL[label]


def parse_card(text: str) -> Card:
    """A card from its text: rank then suit, the suit a letter (any case) or a symbol — "7H", "7h", "7♥"."""
    token = text.strip().upper().translate(_SUIT_LETTERS)
    if token.startswith("T"):
        token = "10" + token[1:]
    if token not in _CARD_BY_TEXT:
        raise ActionSyntaxError.of("not_a_card", text=shown(text))
    return _CARD_BY_TEXT[token]


def parse_cards(text: str) -> CardGroup:
    """Read cards separated by spaces or commas; "3Hx6" stands for six copies of 3H."""
    counts: dict[Card, int] = {}
    for token in text.replace(",", " ").split():
        repeated = _REPEAT.fullmatch(token)
        name, copies = (repeated[1], int(repeated[2])) if repeated else (token, 1)
        if copies < 1:
            raise ActionSyntaxError.of("bad_repeat_count", text=shown(token))
        card = parse_card(name)
        counts[card] = counts.get(card, 0) + copies
    if not counts:
        raise ActionSyntaxError.of("no_cards")
    return tuple(sorted(counts.items()))


def format_cards(group: CardGroup) -> str:
    """Jokers first, then natural cards in card order; the inverse of `parse_cards`."""
    ordered = sorted(group, key=lambda pair: (pair[0] != JOKER, pair[0]))
    tokens: list[str] = []
    for card, count in ordered:
        text = _CARD_TEXT[card]
        tokens.extend([text] * count if count <= _REPEAT_LIMIT else [f"{text}x{count}"])
    return " ".join(tokens)


def group_size(group: CardGroup) -> int:
    return sum(count for _, count in group)


def group_from_counts(counts: Sequence[int]) -> CardGroup:
    """The group of a hand held as counts per card (`counts_from_group`'s inverse).

    >>> format_cards(group_from_counts(counts_from_group(parse_cards("3H JK 3H"))))
    'JK 3H 3H'
    """
    return tuple((card, count) for card, count in enumerate(counts) if count)


def group_of(cards: Iterable[Card]) -> CardGroup:
    """The group of cards listed one by one (a card listed twice is two copies), in card order."""
    return group_from_counts(counts_from_group((card, 1) for card in cards))


def counts_from_group(group: Iterable[tuple[Card, int]]) -> list[int]:
    counts = [0] * CARD_KINDS
    for card, count in group:
        counts[card] += count
    return counts


def full_deck(decks: int = 1, jokers_per_deck: int = 0) -> list[int]:
    """Counts of every card in `decks` shuffled-together packs."""
    counts = [decks] * 52 + [decks * jokers_per_deck]
    return counts


def deal(pool: list[int], hand_sizes: Sequence[int], rng: random.Random) -> list[list[int]]:
    """Deal hands of the given sizes from `pool` (counts), uniformly at random; `pool` keeps what is left.

    Dealing one card at a time around the table and handing out shuffled slices give the same
    distribution, so ordinary decks are shuffled as a list; huge multi-deck pools are sampled per card
    kind (multivariate hypergeometric) without ever listing their cards.
    """
    total = sum(pool)
    if sum(hand_sizes) > total:
        raise ValueError(f"Cannot deal {sum(hand_sizes)} cards from {total}.")
    hands: list[list[int]] = []
    if total <= _SHUFFLE_LIMIT:
        deck = [card for card, count in enumerate(pool) for _ in range(count)]
        rng.shuffle(deck)
        start = 0
        for size in hand_sizes:
            hand = [0] * CARD_KINDS
            for card in deck[start : start + size]:
                hand[card] += 1
            start += size
            hands.append(hand)
        for card in deck[:start]:
            pool[card] -= 1
        return hands
    for size in hand_sizes:
        hand = sample_counts(pool, size, rng)
        for card, count in enumerate(hand):
            pool[card] -= count
        hands.append(hand)
    return hands


def sample_counts(pool: Sequence[int], draws: int, rng: random.Random) -> list[int]:
    """Counts of `draws` cards taken uniformly without replacement from `pool` (not changed)."""
    remaining_total = sum(pool)
    remaining_draws = draws
    drawn = [0] * len(pool)
    for card, available in enumerate(pool):
        if remaining_draws == 0:
            break
        taken = _hypergeometric(remaining_total, available, remaining_draws, rng)
        drawn[card] = taken
        remaining_draws -= taken
        remaining_total -= available
    return drawn


# Exact sampling costs one random number per card drawn; past this many draws a normal
# approximation takes over (its error is far below one card in millions).
_EXACT_DRAW_LIMIT: Final = 2_000


def _hypergeometric(population: int, successes: int, draws: int, rng: random.Random) -> int:
    """How many of `draws` cards taken from `population` are among its `successes`."""
    low, high = max(0, draws - (population - successes)), min(draws, successes)
    if low == high:
        return low
    if draws <= _EXACT_DRAW_LIMIT:
        taken = 0
        for _ in range(draws):
            if rng.randrange(population) < successes:
                successes -= 1
                taken += 1
            population -= 1
        return taken
    share = successes / population
    mean = draws * share
    variance = draws * share * (1 - share) * (population - draws) / max(1, population - 1)
    value = round(rng.gauss(mean, math.sqrt(variance)))
    return min(high, max(low, value))
