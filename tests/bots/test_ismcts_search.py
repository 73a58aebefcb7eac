"""The default ismcts search: every move of the seat played out on the same deals, a deal met again looked up; both
searches find the same on the compiled playouts (`rank_playout`) as on `Table`."""

from __future__ import annotations

import math
import random
import time

import pytest
from bot_helpers import play_positions

from presidente.bots import ismcts, rank_playout
from presidente.bots.compiled_search import TreePlayouts
from presidente.bots.determinize import Dealer, Evidence, knowledge_of, public_state
from presidente.bots.ismcts import IsmctsBot, Node, place_reward
from presidente.bots.playout import Table
from presidente.bots.registry import make_bot
from presidente.president import find_preset


class ScriptedDeals:
    """Hands out the given deals in turn (a stand-in for the sampler, whose chain repeats deals)."""

    def __init__(self, deals: list[list[list[int]]]) -> None:
        self.deals = deals
        self.handed = 0

    def deal(self, rng: random.Random) -> list[list[int]]:
        hands = self.deals[self.handed % len(self.deals)]
        self.handed += 1
        return [hand[:] for hand in hands]


def test_a_deal_met_again_counts_as_a_simulation_with_the_same_result() -> None:
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    checked = 0
    for real in play_positions(rules, 4, seed=40, every=6):
        seat = real.current_player
        assert seat is not None
        observation = real.observation(seat)
        template = public_state(observation, rules)
        dealer, rng = Dealer(template, knowledge_of(observation, rules)), random.Random(checked)
        distinct = [dealer.deal(rng) for _ in range(3)]
        order = [distinct[index] for index in (0, 0, 1, 0, 2, 1, 1)]
        public = Table.from_state(template)
        moves = public.copy(distinct[0]).legal_moves()
        if len(moves) < 2 or len({tuple(map(tuple, deal)) for deal in distinct}) < 3:
            continue
        bot = IsmctsBot(time=0, iterations=1, rules=rules)
        deals = ScriptedDeals(order)
        root = bot._search_moves(Node(-1), public, deals, rng, math.inf, len(moves) * (len(order) - 1))
        # The first deal tells the moves; the search then takes the six deals after it.
        assert bot.last_iterations == len(moves) * 6
        assert bot.last_playouts == len(moves) * 3
        for move in moves:
            expected = 0.0
            for hands in order[1:]:
                table = public.copy([hand[:] for hand in hands])
                table.play(move)
                expected += place_reward(table.playout(rng), seat)
            child = root.children[move]
            assert child.visits == 6
            assert math.isclose(child.reward, expected)
        checked += 1
    assert checked > 3


# In the mypyc build's temporary copy (tests/president/test_compiled_engine.py) numba would compile the kernel anew,
# about 17 CPU-seconds: `ismcts_speed.py --check` on that build covers it (docs/bots.md).
@pytest.mark.skipif(not rank_playout.AVAILABLE, reason="numba (the envs extra) is not installed")
@pytest.mark.skipif(not ismcts.__file__.endswith(".py"), reason="the mypyc build: no numba cache in its copy")
@pytest.mark.parametrize("tree", [False, True])
def test_both_searches_find_the_same_on_the_compiled_playouts(tree: bool, search_kernel_compiled_once: None) -> None:
    """Same positions, seeds and budgets: every root move's visits and reward alike, the kernel's playouts or `Table`'s
    (the default search with the evidence's deals, the tree search with its walks handed to the kernel)."""
    assert rank_playout.ready(wait=True)
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    observations = []
    for real in play_positions(rules, 4, seed=41, every=7):
        seat = real.current_player
        assert seat is not None
        if len(real.legal_actions()) > 1 and len(observations) < 4:
            observations.append(real.observation(seat))
    found = []
    for compiled in (True, False):
        bot, rng = IsmctsBot(time=0, iterations=40, rules=rules, tree=tree, compiled=compiled), random.Random(3)
        stats = []
        for observation in observations:
            template = public_state(observation, rules)
            if compiled:  # the kernel takes these positions over
                assert TreePlayouts.start(Table.from_state(template), bot.rollout_depth) is not None
            evidence = None if tree else Evidence(observation, template)
            root = bot.search(template, knowledge_of(observation, rules), rng, evidence)
            stats.append(sorted((str(move), child.visits, child.reward) for move, child in root.children.items()))
        found.append(stats)
    assert found[0] == found[1] and len(found[0]) == 4


def test_the_time_budget_is_counted_on_the_bots_own_clock() -> None:
    """`clock=cpu` gives the search its budget of the thread's CPU time: whatever the clock, the deadline is a value of
    the bot's own. A clock that moves a second at every look ends a 3-second search after a few looks."""
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    real = next(state for state in play_positions(rules, 4, seed=42, every=4) if len(state.legal_actions()) > 1)
    bot = make_bot("ismcts:time=3,clock=cpu", rules=rules)
    assert isinstance(bot, IsmctsBot) and bot.clock is time.thread_time is bot.card_search.clock
    looks = iter(range(1, 1000))
    bot.clock = lambda: float(next(looks))
    seat = real.current_player
    assert seat is not None
    legal = real.legal_actions()
    assert bot.choose(real.observation(seat), legal, random.Random(1)).action in legal
    assert 2 <= next(looks) <= 10, "the deadline was looked at on the bot's clock, a few times"
    with pytest.raises(ValueError, match="clock must be wall or cpu"):
        make_bot("ismcts:clock=sundial")
