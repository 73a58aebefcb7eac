"""The compiled deal draws exactly what Python's `random.Random` draws from the same seed text: the engine's
deals, dealers and first leaders, for small, negative and huge match seeds."""

from __future__ import annotations

import random

import numpy as np

from presidente.envs import fast_deal

SEEDS = [0, 1, 7, -3, 99_999, 2**40 + 7, 2**62 + 5, 10**30]


def test_shuffles_and_first_choices_are_pythons() -> None:
    texts = [f"{seed}:round:{number}" for seed in SEEDS for number in (1, 2, 13)]
    decks, chosen = fast_deal.shuffled(texts, [index % 2 == 0 for index in range(len(texts))], range(54))
    for row, text in enumerate(texts):
        rng = random.Random(text)
        expected_choice = rng.choice(range(4)) if row % 2 == 0 else -1
        cards = list(range(54))
        rng.shuffle(cards)
        assert (decks[row].tolist(), int(chosen[row])) == (cards, expected_choice)


def test_one_deal_and_leader_choices_are_pythons() -> None:
    for seed in SEEDS:
        text = f"{seed}:round:1"
        deck = np.arange(52, dtype=np.int64)
        chosen = fast_deal.shuffle_one(text, 4, deck)
        rng = random.Random(text)
        expected = rng.choice(range(4))
        cards = list(range(52))
        rng.shuffle(cards)
        assert (chosen, deck.tolist()) == (expected, cards)
    leaders = fast_deal.choices([f"{seed}:round:1:leader" for seed in SEEDS])
    assert leaders.tolist() == [random.Random(f"{seed}:round:1:leader").choice(range(4)) for seed in SEEDS]


def test_the_seed_key_is_cpythons_version_two_seeding() -> None:
    # Seeding the twister with the key's words as one integer gives the text's generator.
    for text in ("7:round:1", "x" * 300):
        key = fast_deal.seed_key(text)
        number = sum(word << (32 * index) for index, word in enumerate(key))
        assert random.Random(number).random() == random.Random(text).random()
