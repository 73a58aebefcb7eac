"""Bots see only their seat: same observation, same choice, whatever the hidden cards; determinizations
agree with everything the seat knows."""

from __future__ import annotations

import random

import pytest
from bot_helpers import play_positions, rule_sets

from presidente.bots.determinize import (
    _CARD_INDEX,
    Dealer,
    Evidence,
    Sampler,
    determinize,
    knowledge_of,
    public_state,
    sample_hidden,
)
from presidente.bots.ismcts import IsmctsBot
from presidente.bots.playout import JOKERS, rank_counts
from presidente.bots.registry import make_bot
from presidente.cards import CARD_KINDS, counts_from_group
from presidente.president import Rules, State, find_preset


def _card_totals(state: State) -> list[int]:
    return [
        sum(hand[card] for hand in state.hands) + state.played[card] + state.face_up[card] + state.undealt[card]
        for card in range(CARD_KINDS)
    ]


@pytest.mark.parametrize("preset", ["bga", "victorz", "trump-jokers", "college", "college-draft"])
def test_determinizations_are_consistent_with_the_observation(preset: str) -> None:
    rules = find_preset(preset).replace(rounds=3, target_score=0)
    rng = random.Random(7)
    checked = 0
    for real in play_positions(rules, 4, seed=11, every=3):
        seat = real.current_player
        assert seat is not None
        observation = real.observation(seat)
        sample = determinize(observation, rules, rng)
        assert sample.hands[seat] == real.hands[seat]
        assert [sum(hand) for hand in sample.hands] == real.sizes
        assert sample.played == real.played and sample.face_up == real.face_up
        assert _card_totals(sample) == _card_totals(real)
        for name in ("top_key", "top_size", "trick_size", "last_player", "trick_passed", "obligation", "reversed"):
            assert getattr(sample, name) == getattr(real, name), name
        for name in ("run_rank", "run_count", "run_plays", "active", "finished", "out", "current", "roles"):
            assert getattr(sample, name) == getattr(real, name), name
        assert {str(a) for a in sample.legal_actions()} == set(observation.legal_actions)
        # Cards this seat gave and that were not played yet are in the receiver's hand.
        knowledge = knowledge_of(observation, rules)
        for holder, cards in knowledge.known.items():
            assert all(sample.hands[holder][c] >= n and real.hands[holder][c] >= n for c, n in enumerate(cards))
        for holder, bound in knowledge.ceiling.items():
            known = knowledge.known.get(holder, [0] * CARD_KINDS)
            for state in (real, sample):
                extra = [c for c in range(CARD_KINDS) if state.hands[holder][c] > known[c]]
                assert all(_CARD_INDEX[c] <= bound for c in extra)
        checked += 1
    assert checked > 20


def test_received_cards_bound_the_givers_hand() -> None:
    rules = find_preset("victorz").replace(rounds=3, target_score=0)
    found = 0
    for real in play_positions(rules, 4, seed=3, every=2):
        seat = real.current_player
        assert seat is not None
        observation = real.observation(seat)
        if observation.received and real.role_of(seat) == "president":
            knowledge = knowledge_of(observation, rules)
            assert knowledge.ceiling, "the Scum gave its best cards: nothing it kept is better"
            found += 1
    assert found


def test_a_president_taken_to_give_its_weakest_cards_bounds_its_hand_from_below() -> None:
    rules = find_preset("victorz").replace(rounds=3, target_score=0)
    for real in play_positions(rules, 4, seed=3, every=2):
        seat = real.current_player
        assert seat is not None
        observation = real.observation(seat)
        if observation.received and real.role_of(seat) == "scum":
            assert not knowledge_of(observation, rules).floor  # the President chose what to give
            floor = knowledge_of(observation, rules, lowest_given=True).floor
            assert list(floor) == [real.roles.president]
            return
    raise AssertionError("no Scum with received cards in these rounds")


def test_the_hidden_cards_change_between_samples() -> None:
    rules = find_preset("bga")
    real = next(iter(play_positions(rules, 4, seed=5)))
    seat = real.current_player
    observation = real.observation(seat)
    template, knowledge = public_state(observation, rules), knowledge_of(observation, rules)
    rng = random.Random(1)
    deals = set()
    for _ in range(10):
        sample = template.clone()
        sample_hidden(sample, knowledge, rng)
        deals.add(tuple(tuple(hand) for hand in sample.hands))
        assert sample.hands[seat] == counts_from_group(observation.hand)
    assert len(deals) > 5


@pytest.mark.parametrize("name", ["heuristic", "ismcts:time=0,iterations=60,depth=10"])
def test_a_bot_decides_from_the_observation_alone(name: str) -> None:
    """Two tables with the same public facts and this seat's hand, but other hidden hands: same move."""
    for label, rules in list(rule_sets())[:6]:
        players = 4 if rules.min_players <= 4 <= rules.max_players else rules.min_players
        for real in list(play_positions(rules, players, seed=9, every=7))[:5]:
            seat = real.current_player
            assert seat is not None
            observation = real.observation(seat)
            other = determinize(observation, rules, random.Random(99))
            other.events = list(real.events)
            twin = other.observation(seat)
            assert twin.hand == observation.hand and twin.trick == observation.trick
            legal = real.legal_actions()
            bot = make_bot(name, rules=rules)
            first = bot.choose(observation, legal, random.Random(4)).action
            second = make_bot(name, rules=rules).choose(twin, other.legal_actions(), random.Random(4)).action
            assert first == second, label


def test_a_spectator_or_custom_rules_fall_back_safely() -> None:
    rules = Rules(name="house-rules", revolution="strict")
    real = next(iter(play_positions(rules.replace(rounds=1), 4, seed=2)))
    seat = real.current_player
    assert seat is not None
    choice = make_bot("ismcts:time=0,iterations=30").choose(
        real.observation(seat), real.legal_actions(), random.Random()
    )
    assert choice.action in real.legal_actions()


@pytest.mark.parametrize("preset", ["bga", "victorz", "college-draft"])
def test_the_rank_dealer_deals_what_the_seat_cannot_see(preset: str) -> None:
    rules = find_preset(preset).replace(rounds=3, target_score=0)
    rng = random.Random(3)
    for real in play_positions(rules, 4, seed=12, every=4):
        seat = real.current_player
        assert seat is not None
        observation = real.observation(seat)
        template, knowledge = public_state(observation, rules), knowledge_of(observation, rules)
        unseen = rank_counts(knowledge.unseen)
        hands = Dealer(template, knowledge).deal(rng)
        assert hands[seat] == rank_counts(real.hands[seat])
        assert [sum(hand) for hand in hands] == real.sizes
        dealt = [sum(hand[rank] for s, hand in enumerate(hands) if s != seat) for rank in range(JOKERS + 1)]
        assert all(dealt[rank] <= unseen[rank] for rank in range(JOKERS + 1))
        for holder, cards in knowledge.known.items():
            assert all(hands[holder][r] >= n for r, n in enumerate(rank_counts(cards)))


def test_the_evidence_favours_the_real_hands() -> None:
    """Heuristic seats play as the playout policy does: their real hands explain their moves better than
    random deals do."""
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    rng = random.Random(5)
    real_total = random_total = 0.0
    looked = 0
    for real in play_positions(rules, 4, seed=21, every=4):
        seat = real.current_player
        assert seat is not None
        observation = real.observation(seat)
        template, knowledge = public_state(observation, rules), knowledge_of(observation, rules)
        evidence = Evidence(observation, template)
        if not evidence.decisions:
            continue
        assert all(mover != seat for mover, _, _, _ in evidence.decisions)
        looked += 1
        real_total += evidence.likelihood([rank_counts(hand) for hand in real.hands])
        random_total += evidence.likelihood(Dealer(template, knowledge).deal(rng))
    assert looked > 5
    assert real_total > 0.9 * looked and random_total < 0.5 * real_total


def test_the_tree_search_chooses_a_legal_move() -> None:
    rules = find_preset("victorz").replace(rounds=1, target_score=0)
    for real in list(play_positions(rules, 4, seed=6, every=5))[:6]:
        seat = real.current_player
        assert seat is not None
        legal = real.legal_actions()
        bot = IsmctsBot(time=0, iterations=40, rules=rules, tree=True)
        assert bot.choose(real.observation(seat), legal, random.Random(1)).action in legal


def test_the_sampler_keeps_the_facts_and_prefers_likely_deals() -> None:
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    rng = random.Random(8)
    sampled = independent = 0.0
    for real in play_positions(rules, 4, seed=30, every=5):
        seat = real.current_player
        assert seat is not None
        observation = real.observation(seat)
        template, knowledge = public_state(observation, rules), knowledge_of(observation, rules)
        evidence, dealer = Evidence(observation, template), Dealer(template, knowledge)
        if not evidence.decisions:
            continue
        sampler = Sampler(dealer, evidence, rng)
        for _ in range(5):
            hands = sampler.deal(rng)
            assert hands[seat] == rank_counts(real.hands[seat])
            assert [sum(hand) for hand in hands] == real.sizes
            assert sum(map(sum, hands)) == sum(map(sum, dealer.deal(rng)))
            sampled += evidence.likelihood(hands)
            independent += evidence.likelihood(dealer.deal(rng))
    assert sampled > 2 * independent > 0


class _UncachedSampler(Sampler):
    """The sampler asking the evidence every time, as before its misses were remembered."""

    def _misses(self, seat: int, hand: list[int]) -> int:
        return self.evidence.misses(seat, hand)


def test_remembered_misses_leave_the_sampled_deals_unchanged() -> None:
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    compared = 0
    for real in play_positions(rules, 4, seed=31, every=4):
        seat = real.current_player
        assert seat is not None
        observation = real.observation(seat)
        template, knowledge = public_state(observation, rules), knowledge_of(observation, rules)
        evidence, dealer = Evidence(observation, template), Dealer(template, knowledge)
        if not evidence.decisions:
            continue
        cached_rng, plain_rng = random.Random(compared), random.Random(compared)
        cached, plain = Sampler(dealer, evidence, cached_rng), _UncachedSampler(dealer, evidence, plain_rng)
        for _ in range(20):
            assert cached.deal(cached_rng) == plain.deal(plain_rng)
        assert cached.misses == plain.misses
        compared += 1
    assert compared > 5
