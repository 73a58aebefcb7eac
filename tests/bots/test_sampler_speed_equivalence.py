"""The sampler's shortcuts draw exactly what its plain form draws: same random draws, same deals, same moves.

`_ReferenceSampler` is the chain written the plain way (`rng.sample` for the seats, a walk over the hand for
the card, every decision scanned and nothing remembered); `Sampler` must hand out the same deals from the
same seed and leave the generator in the same state.
"""

from __future__ import annotations

import random
from operator import add

import pytest
from bot_helpers import play_positions

from presidente.bots.determinize import (
    Dealer,
    Evidence,
    Sampler,
    _sample_pairs,
    knowledge_of,
    public_state,
    randbelow,
    shuffle,
)
from presidente.president import find_preset


def _reference_misses(evidence: Evidence, mover: int, hand: list[int]) -> int:
    count = 0
    for seat, table, move, later in evidence.decisions:
        if seat == mover:
            table.ranks[mover] = list(map(add, hand, later))
            count += table.policy_move() != move
    return count


def _reference_free_rank(hand: list[int], fixed: list[int], rng: random.Random) -> int:
    free = sum(hand) - sum(fixed)
    if free <= 0:
        return -1
    pick = rng.randrange(free)
    for rank, count in enumerate(hand):
        pick -= count - fixed[rank]
        if pick < 0:
            return rank
    return -1


class _ReferenceSampler:
    def __init__(self, dealer: Dealer, evidence: Evidence, rng: random.Random) -> None:
        self.dealer, self.evidence = dealer, evidence
        bounded = {holder for holder, _, _ in dealer.bounded}
        self.movers = [seat for seat in dealer.others if seat not in bounded]
        self.hands = max((dealer.deal(rng) for _ in range(Sampler.STARTS)), key=evidence.likelihood)
        hidden = dealer.knowledge.hidden_sizes
        self.misses = {seat: _reference_misses(evidence, seat, self.hands[seat]) for seat in hidden}

    def deal(self, rng: random.Random) -> list[list[int]]:
        if len(self.movers) >= 2:
            for _ in range(Sampler.STEPS):
                self._step(rng)
        return [hand[:] for hand in self.hands]

    def _step(self, rng: random.Random) -> None:
        first, second = rng.sample(self.movers, 2)
        hands, fixed = self.hands, self.dealer.base
        give = _reference_free_rank(hands[first], fixed[first], rng)
        take = _reference_free_rank(hands[second], fixed[second], rng)
        if give < 0 or take < 0 or give == take:
            return
        hands[first][give] -= 1
        hands[first][take] += 1
        hands[second][take] -= 1
        hands[second][give] += 1
        evidence = self.evidence
        misses = _reference_misses(evidence, first, hands[first]), _reference_misses(evidence, second, hands[second])
        change = misses[0] + misses[1] - self.misses[first] - self.misses[second]
        if change <= 0 or rng.random() < Evidence.MISMATCH**change:
            self.misses[first], self.misses[second] = misses
            return
        hands[first][give] += 1
        hands[first][take] -= 1
        hands[second][take] += 1
        hands[second][give] -= 1


@pytest.mark.parametrize("size", range(2, 22))
def test_the_seat_pairs_are_the_ones_rng_sample_picks(size: int) -> None:
    population = [10 + 3 * index for index in range(size)]
    pairs = _sample_pairs(population)
    for seed in range(300):
        sampled, drawn = random.Random(seed), random.Random(seed)
        expected = tuple(sampled.sample(population, 2))
        assert pairs[drawn.randrange(size)][drawn.randrange(size - 1)] == expected
        assert drawn.getstate() == sampled.getstate()


@pytest.mark.parametrize(("preset", "players"), [("bga", 4), ("victorz", 5), ("college", 6), ("trump-jokers", 4)])
def test_the_sampler_deals_what_the_plain_chain_deals(preset: str, players: int) -> None:
    rules = find_preset(preset).replace(rounds=3, target_score=0)
    compared = with_known_cards = 0
    for real in play_positions(rules, players, seed=41, every=3):
        seat = real.current_player
        assert seat is not None
        observation = real.observation(seat)
        template, knowledge = public_state(observation, rules), knowledge_of(observation, rules)
        evidence, dealer = Evidence(observation, template), Dealer(template, knowledge)
        if not evidence.decisions:
            continue
        fast_rng, plain_rng = random.Random(compared), random.Random(compared)
        fast, plain = Sampler(dealer, evidence, fast_rng), _ReferenceSampler(dealer, evidence, plain_rng)
        for _ in range(30):
            assert fast.deal(fast_rng) == plain.deal(plain_rng)
            assert fast_rng.getstate() == plain_rng.getstate()
        assert fast.misses == plain.misses
        compared += 1
        with_known_cards += any(any(dealer.base[mover]) for mover in fast.movers)
    assert compared > 5
    assert with_known_cards  # some seats surely hold cards, which stay out of the draw


def test_the_misses_are_the_plain_count() -> None:
    rules = find_preset("bga").replace(rounds=2, target_score=0)
    rng = random.Random(3)
    checked = 0
    for real in play_positions(rules, 4, seed=42, every=4):
        seat = real.current_player
        assert seat is not None
        observation = real.observation(seat)
        template, knowledge = public_state(observation, rules), knowledge_of(observation, rules)
        evidence, dealer = Evidence(observation, template), Dealer(template, knowledge)
        for _ in range(10):
            hands = dealer.deal(rng)
            for mover in knowledge.hidden_sizes:
                hand = hands[mover]
                assert evidence.misses(mover, hand) == _reference_misses(evidence, mover, hand)
                checked += 1
    assert checked > 50


def test_randbelow_and_shuffle_draw_what_the_generator_methods_draw() -> None:
    """The search's own `randbelow` and `shuffle` give `randrange` and `shuffle`'s results from the same seed and
    leave the generator in the same state (a subclass of `Random` gets its own methods)."""

    class Counted(random.Random):
        pass

    for seed in range(30):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 7, 8, 13, 40, 1000, 2**40 + 3):
            assert randbelow(ours, n) == theirs.randrange(n)
        for length in (0, 1, 2, 5, 39, 52):
            cards, expected = list(range(length)), list(range(length))
            shuffle(cards, ours)
            theirs.shuffle(expected)
            assert cards == expected
        assert ours.getstate() == theirs.getstate()
        sub, plain = Counted(seed), random.Random(seed)
        assert [randbelow(sub, 9) for _ in range(5)] == [plain.randrange(9) for _ in range(5)]
