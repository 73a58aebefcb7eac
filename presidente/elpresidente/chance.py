"""Every random event of El Presidente, each drawn from its own generator seeded by the match seed.

A generator is named by ``"{seed}:el-presidente:{game}:{purpose}"``, so one event never shifts another's
draws and ``rules + seed + actions`` rebuilds every state exactly.
"""

from __future__ import annotations

import random

from presidente.cards import Card
from presidente.elpresidente.rules import HAND_SIZE

PACK = tuple(range(52))


def _rng(seed: int, game_number: int, purpose: str) -> random.Random:
    return random.Random(f"{seed}:el-presidente:{game_number}:{purpose}")


def random_seats(seed: int, game_number: int, players: int) -> tuple[int, int]:
    """(dealer, starting player) chosen at random, each on its own, as for the first game."""
    rng = _rng(seed, game_number, "seats")
    return rng.randrange(players), rng.randrange(players)


def deal(seed: int, game_number: int, dealer: int, players: int) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle the pack and deal four cards each, one at a time clockwise beginning with the dealer.

    Returns the hands and the deck; the deck's top card is its last element.
    """
    pack = list(PACK)
    _rng(seed, game_number, "deal").shuffle(pack)
    hands: list[list[Card]] = [[] for _ in range(players)]
    # Deal from the top of the shuffled pack (its end), as a dealer would.
    for turn in range(HAND_SIZE * players):
        hands[(dealer + turn) % players].append(pack.pop())
    return hands, pack


def shuffle_discard(seed: int, game_number: int, count: int, discard: list[Card]) -> list[Card]:
    """The discard pile shuffled into a new deck; `count` numbers the reshuffles of this game."""
    # Sorted first so the new deck depends only on which cards were discarded, not on how they were kept.
    deck = sorted(discard)
    _rng(seed, game_number, f"reshuffle:{count}").shuffle(deck)
    return deck
