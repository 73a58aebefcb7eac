"""Move hints: what the strongest bot would play, and why.

`hint(observation, legal_actions, game="president", rng=None, think=0.3) -> Choice` asks the strongest bot of
the game (President: ismcts searching `think` seconds; El Presidente: heuristic). When the heuristic bot
would make the same move, its reason, which names the idea, is given; otherwise the search's own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from presidente.bots.base import Choice
from presidente.bots.ismcts import IsmctsBot
from presidente.bots.president_heuristic import HeuristicBot
from presidente.bots.registry import STRONGEST, make_bot
from presidente.president.observation import Observation
from presidente.president.rules import Rules


def hint(
    observation: Any,
    legal_actions: Sequence[Any],
    game: str = "president",
    rng: random.Random | None = None,
    think: float = 0.3,
    rules: Rules | None = None,
) -> Choice[Any]:
    """The strongest bot's move for this seat, with a short reason a player can read."""
    if not legal_actions:
        raise ValueError("There is nothing to hint: this seat has no legal action now.")
    rng = rng or random.Random()
    if game != "president":
        bot = make_bot(STRONGEST.get(game, "heuristic"), game)
        return bot.choose(observation, legal_actions, rng)
    assert isinstance(observation, Observation)
    searched = IsmctsBot(time=think, rules=rules).choose(observation, legal_actions, rng)
    simple = HeuristicBot(rules).choose(observation, legal_actions, random.Random(0))
    if simple.action == searched.action or not searched.reason.startswith("search"):
        return Choice(searched.action, simple.reason)
    return searched
