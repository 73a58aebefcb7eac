"""The President's and Vice's give chosen by search on suit tables (`suited_exchange`, `strong`'s default; `give=0`:
the heuristic's)."""

from __future__ import annotations

import random

import pytest

from presidente.bots import suited_playout
from presidente.bots.card_search import SETS, WEAKEST
from presidente.bots.president_heuristic import HeuristicBot
from presidente.bots.registry import make_bot
from presidente.bots.suited_exchange import WEAKEST_CARDS, GiveSearch, candidate_gives
from presidente.cards import CARD_KINDS, JOKER
from presidente.president import new_game
from presidente.president.actions import PRESIDENT_RANK, Give
from presidente.president.rules import find_preset
from presidente.president.state import Phase, State

pytestmark = pytest.mark.skipif(not suited_playout.AVAILABLE, reason="numba (the envs extra) is not installed")


@pytest.fixture(autouse=True, scope="module")
def _kernel_loaded(search_kernel_compiled_once: None) -> None:
    suited_playout.ready(wait=True)


def _presidents_give() -> State:
    """A `uecda` match's second game at the President's give (the heuristic bots played the first)."""
    rules = find_preset("uecda").replace(rounds=2)
    heuristic, rng = HeuristicBot(rules), random.Random(0)
    state = new_game(rules, 5, 3)
    while state.phase is not Phase.EXCHANGE:
        seat = state.current_player
        assert seat is not None
        state.apply(heuristic.choose(state.observation(seat), state.offered_actions(), rng).action)
    assert state.current_player == state.roles.president
    return state


def test_the_candidates_are_the_anchors_give_and_gives_of_the_weakest_cards() -> None:
    state = _presidents_give()
    seat = state.current_player
    assert seat is not None
    gives = [action for action in state.offered_actions() if isinstance(action, Give)]
    anchor = gives[-1]  # the strongest cards: not among the weakest, still the first candidate
    arms = candidate_gives(state.hands[seat], gives, anchor)
    held = [card for card in range(CARD_KINDS) if state.hands[seat][card] and card != JOKER]
    weakest = set(sorted(held, key=lambda card: (PRESIDENT_RANK[card], card & 3))[:WEAKEST_CARDS])
    assert arms[0] == anchor and len(arms) == 1 + WEAKEST_CARDS * (WEAKEST_CARDS - 1) // 2
    assert all({card for card, _ in give.cards} <= weakest for give in arms[1:])


def test_a_searched_deal_keeps_every_card_and_starts_the_round_as_the_engine_does() -> None:
    state = _presidents_give()
    seat = state.current_player
    assert seat is not None
    search = GiveSearch(state.observation(seat), state.rules, WEAKEST, SETS, 5)
    hands = search.deal(random.Random(1))
    assert hands[seat] == state.hands[seat]
    assert [sum(hand) for hand in hands] == state.sizes
    assert [sum(hand[card] for hand in hands) for card in range(CARD_KINDS)] == [1] * CARD_KINDS
    give = next(action for action in state.offered_actions() if isinstance(action, Give))
    assert 0 <= search.place(hands, give, 300) < 5
    started = search.template  # the round the playout began from: the give made, the Vice's weakest given
    assert sum(started.hands[seat]) == sum(state.hands[seat]) - 2
    assert started.phase is Phase.PLAY and started.hands[started.current or 0][started.special_three] == 1


def test_strong_searches_the_give_within_its_budget_and_gives_what_it_may() -> None:
    state = _presidents_give()
    seat = state.current_player
    assert seat is not None
    legal = state.offered_actions()
    bot = make_bot("strong:time=0,iterations=400", "president", state.rules)
    choice = bot.choose(state.observation(seat), legal, random.Random(0))
    assert choice.action in legal and isinstance(choice.action, Give)
    assert 0 < bot.last_deals <= 400  # type: ignore[attr-defined]
    plain = make_bot("strong:time=0,iterations=400,give=0", "president", state.rules)
    assert (
        plain.choose(state.observation(seat), legal, random.Random(0)).action
        == HeuristicBot(state.rules).choose(state.observation(seat), legal, random.Random(0)).action
    )
