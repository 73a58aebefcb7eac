"""`strong`'s time bank (`bank`): a search settled early leaves its unused time to the round's later searches."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

from presidente.bots.base import Choice
from presidente.bots.registry import make_bot
from presidente.bots.strong import StrongBot
from presidente.president import new_game
from presidente.president.actions import Action
from presidente.president.observation import Observation
from presidente.president.rules import find_preset


class FakeSearch:
    """A clock that the fake search moves on, and a search that takes its deadline and spends `spend` seconds."""

    def __init__(self, bot: StrongBot) -> None:
        self.now = 100.0
        self.spend = 0.0
        self.deadlines: list[float] = []
        self.bot = bot
        bot.clock = lambda: self.now

    def search(
        self, observation: Observation, legal_actions: Sequence[Action], rules: object, rng: random.Random
    ) -> Choice[Action]:
        self.deadlines.append(self.bot._deadline() - self.now)  # the time this search is given
        self.now += self.spend
        return Choice(legal_actions[0], "fake")


def _decision() -> tuple[Observation, list[Action]]:
    """The first decision of a bga round (a lead: several moves)."""
    state = new_game(find_preset("bga").replace(rounds=1, target_score=0), 4, 7)
    seat = state.current_player
    assert seat is not None
    return state.observation(seat), list(state.offered_actions())


def _bot(bank: float) -> tuple[StrongBot, FakeSearch]:
    bot = StrongBot(time=0.1, bank=bank, compiled=False)
    fake = FakeSearch(bot)
    bot._rank_count_search = fake.search  # type: ignore[method-assign]
    return bot, fake


def test_an_early_settled_search_banks_its_unused_time_for_the_next_capped() -> None:
    observation, legal = _decision()
    assert len(legal) > 1
    bot, fake = _bot(bank=2)
    rng = random.Random(1)
    fake.spend = 0.02  # settled early: 0.08 s of its 0.1 s left
    bot.choose(observation, legal, rng)
    assert bot.banked == pytest.approx(0.08)
    bot.choose(observation, legal, rng)
    assert fake.deadlines[-1] == pytest.approx(0.18)  # its time and the bank
    for _ in range(3):
        bot.choose(observation, legal, rng)
    assert bot.banked == pytest.approx(0.2)  # at most bank x time
    fake.spend = 0.25  # an open race spends its time and 0.15 s of the bank
    bot.choose(observation, legal, rng)
    assert fake.deadlines[-1] == pytest.approx(0.3)
    assert bot.banked == pytest.approx(0.05)
    fake.spend = 0.5  # an overrun empties it, never below zero
    bot.choose(observation, legal, rng)
    assert bot.banked == 0.0


def test_a_new_round_empties_the_bank_and_bank_0_keeps_the_plain_deadline() -> None:
    observation, legal = _decision()
    bot, fake = _bot(bank=4)
    rng = random.Random(1)
    fake.spend = 0.0
    bot.choose(observation, legal, rng)
    assert bot.banked == pytest.approx(0.1)
    bot.choose(dataclasses.replace(observation, round_number=observation.round_number + 1), legal, rng)
    assert fake.deadlines[-1] == pytest.approx(0.1)  # emptied at the new round, then filled again
    plain, fake = _bot(bank=0)
    for _ in range(2):
        plain.choose(observation, legal, rng)
    assert fake.deadlines == [pytest.approx(0.1)] * 2
    assert plain.banked == 0.0


def test_it_is_made_by_name() -> None:
    bot = make_bot("strong:clock=cpu,bank=4")
    assert isinstance(bot, StrongBot) and bot.bank == 4.0
    with pytest.raises(ValueError, match="bank is a number"):
        StrongBot(bank=-1)


def test_early_searches_borrow_down_to_the_floor_and_the_later_repay() -> None:
    observation, legal = _decision()  # 13 cards: 11 later searches reckoned, so a floor of -11 x 0.75 x 0.1 s
    bot, fake = _bot(bank=0)
    bot.borrow = 2
    rng = random.Random(1)
    fake.spend = 0.3  # open races: each draws 0.2 s ahead of the round's later searches
    for _ in range(4):
        bot.choose(observation, legal, rng)
    assert fake.deadlines == [pytest.approx(0.3)] * 4
    assert bot.banked == pytest.approx(-0.8)
    fake.spend = 0.125
    bot.choose(observation, legal, rng)
    assert fake.deadlines[-1] == pytest.approx(0.125)  # only what is left above the floor
    fake.spend = 0.0  # an easy move repays its whole time (the bank's savings capped at 0: bank=0)
    bot.choose(observation, legal, rng)
    assert fake.deadlines[-1] == pytest.approx(0.1) and bot.banked == pytest.approx(-0.725)
    five_cards = dataclasses.replace(observation, hand=observation.hand[:5])  # 3 later searches: floor -0.225 s
    bot.choose(five_cards, legal, rng)
    assert fake.deadlines[-1] == pytest.approx(0.025)  # in debt below the floor: the least share of its time
    bot.choose(dataclasses.replace(observation, round_number=observation.round_number + 1), legal, rng)
    assert fake.deadlines[-1] == pytest.approx(0.3)  # a new round: no debt
    made = make_bot("strong:borrow=2")
    assert isinstance(made, StrongBot) and made.borrow == 2.0
    with pytest.raises(ValueError, match="borrow is a number"):
        StrongBot(borrow=-1)
