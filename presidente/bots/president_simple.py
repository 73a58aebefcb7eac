"""The two simplest President bots: `random` and `auto` (seed 002's timeout move)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from presidente.bots.base import Choice
from presidente.cards import JOKER
from presidente.president.actions import PASS, Action, Give, Play, Take
from presidente.president.exchange import best_cards, lowest_cards
from presidente.president.observation import Observation
from presidente.president.trick import BEST_KEY


class RandomBot:
    """Any legal action, uniformly."""

    name = "random"

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Choice[Action]:
        return Choice(legal_actions[rng.randrange(len(legal_actions))], "a random legal move")


class AutoBot:
    """The server's timeout move (seed 002): "when starting a trick, all of the smallest cards; otherwise,
    pass". In the transfer and draft it gives its lowest cards and takes the best ones."""

    name = "auto"

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Choice[Action]:
        first = legal_actions[0]
        if isinstance(first, Give):
            return Choice(_matching(legal_actions, Give(lowest_cards(_counts(observation), _size(first)))), "lowest")
        if isinstance(first, Take):
            pool = _pool_counts(observation)
            return Choice(_matching(legal_actions, Take(best_cards(pool, _size(first)))), "best cards")
        if observation.trick and PASS in legal_actions:
            return Choice(PASS, "automatic move: pass")
        # As `State.auto_action`, a lead of one rank: sequences only when nothing else may lead. One pass keeps
        # the first play of the largest key among groups, and among sequences for when no group is legal.
        reversed_order = observation.reversed
        best_group: Play | None = None
        best_sequence: Play | None = None
        group_key = sequence_key = (0, 0, 0, 0)
        for action in legal_actions:
            if not isinstance(action, Play):
                continue
            key = _auto_key(action, reversed_order)
            if action.sequence:
                if best_sequence is None or key > sequence_key:
                    best_sequence, sequence_key = action, key
            elif best_group is None or key > group_key:
                best_group, group_key = action, key
        best = best_group or best_sequence
        if best is None:
            raise ValueError("The automatic move needs a play among the legal actions.")
        return Choice(best, "smallest cards")


def _auto_key(play: Play, reversed_order: bool) -> tuple[int, int, int, int]:
    """Larger for the automatic lead: the weakest rank, no jokers, every card of it; jokers alone come
    last, all of them, standing for the weakest rank (as `State.auto_action`)."""
    if play.naturals == 0:
        declared = -1 if play.declared is None else (12 - play.declared if reversed_order else play.declared)
        return (-(BEST_KEY + 10), 0, play.size, -declared)
    assert play.rank is not None
    return (-(12 - play.rank if reversed_order else play.rank), -play.jokers, play.size, 0)


def _size(action: Give | Take) -> int:
    return sum(count for _, count in action.cards)


def _counts(observation: Observation) -> list[int]:
    counts = [0] * (JOKER + 1)
    for card, count in observation.hand:
        counts[card] = count
    return counts


def _pool_counts(observation: Observation) -> list[int]:
    counts = [0] * (JOKER + 1)
    for card, count in observation.draft_pool or ():
        counts[card] = count
    return counts


def _matching(legal_actions: Sequence[Action], wanted: Action) -> Action:
    return wanted if wanted in legal_actions else legal_actions[0]
