"""`strong`'s `prior` on rank-count tables: the anchor's move kept unless the race's best beats it by `keep`."""

from __future__ import annotations

import random
from collections.abc import Sequence

from presidente.bots.base import Choice
from presidente.bots.ismcts import move_key
from presidente.bots.registry import make_bot
from presidente.bots.strong import Race, StrongBot
from presidente.president import new_game
from presidente.president.actions import Action
from presidente.president.observation import Observation
from presidente.president.rules import find_preset


def test_kept_unless_the_best_beats_it_by_keep_standard_errors() -> None:
    bot = StrongBot(keep=1)
    race = Race(2, z=100)  # nothing dropped
    for rewards in ([1.0, 0.0], [0.0, 1.0], [1.0, 0.0]):
        race.record(rewards)
    assert race.best() == 0 and bot._kept(race, 1) == 1  # ahead by 0.33, one standard error 0.67
    for _ in range(2):
        race.record([1.0, 0.0])
    assert bot._kept(race, 1) == 0  # ahead by 0.6, one standard error 0.4


class LastMove:
    """An anchor that plays the last legal move."""

    name = "last"

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Choice[Action]:
        return Choice(legal_actions[-1], "last")


def test_the_rank_count_race_keeps_the_anchors_move_on_one_deal() -> None:
    state = new_game(find_preset("bga").replace(rounds=1, target_score=0), 4, 7)
    seat = state.current_player
    assert seat is not None
    observation, legal = state.observation(seat), list(state.offered_actions())
    bot = make_bot("strong:time=0,iterations=1,prior=1,solve=0", rules=state.rules)
    assert isinstance(bot, StrongBot) and bot.prior == 1
    bot.anchor_name, bot.anchor = "learned", LastMove()
    chosen = bot.choose(observation, legal, random.Random(3))
    assert bot.last_race is not None and bot.last_race.deals == 1  # one deal: no gain beats the anchor's move
    assert move_key(chosen.action) == move_key(legal[-1])
