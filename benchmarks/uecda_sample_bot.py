"""The official UECda sample client's policy (`client/daihinmin.c` of the development kit in ../shared/uecda), in
Python over the engine's legal actions: a training opponent for the `learned` bot on `uecda` tables, whose
benchmark (`benchmarks/uecda_strength.py`) seats it against four of these clients. Its plays are
`card_search.sample_client_play`, which the search's `SAMPLE` playout style makes too: one code for the client.

What the C client does, and what is kept here (columns are UECda's: 1 the 3 ... 13 the 2; rows spade, heart,
diamond, club, so ties go to the spade first; "weakest" is the lowest column, the highest in a revolution):
- exchange: it gives its weakest cards (never the joker);
- lead: its longest sequence (the joker filling one gap or an end where it holds it), the weakest of that length;
  else its largest group (with the joker it adds the joker to every group, so even a lone card leads as a pair),
  the weakest of that size; else its weakest card; else the joker;
- follow a single: its weakest card that is in no group (two or more of a rank) and no sequence (three or more
  in a suit) and beats the table; else the joker alone; never the 3 of spades against the joker;
- follow a group of n: the weakest rank of which it can play exactly n cards (it never breaks a larger group);
  else, with the joker, the weakest rank of n - 1 cards and the joker;
- follow a sequence of n: the weakest of the sequences formed by the top n cards of each run it holds above the
  table; else one with the joker;
- otherwise it passes. It never passes when something above qualifies.
Where a choice of the C client is not among the engine's legal actions, it passes (the server would refuse it,
which is a pass too).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from presidente.bots.base import Choice
from presidente.bots.card_search import sample_client_play
from presidente.cards import JOKER
from presidente.president.actions import PRESIDENT_RANK, Action, Give, Pass, Play
from presidente.president.observation import Observation


def column(card: int) -> int:
    return PRESIDENT_RANK[card] + 1


def row(card: int) -> int:
    return 3 - card % 4  # UECda's rows: spades 0, hearts 1, diamonds 2, clubs 3; ours: clubs 0 ... spades 3


def _naturals(play: Play) -> list[int]:
    return [card for card, count in play.cards for _ in range(count) if card != JOKER]


def _start(play: Play) -> int:
    """A sequence's first column (0 where a joker stands below the 3)."""
    return (play.rank if play.rank is not None else 0) + 1


class SampleClientBot:
    """The UECda sample client's moves (see the module's doc)."""

    name = "uecda-sample"

    def choose(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Choice[Action]:
        del rng
        return Choice(self.action(observation, legal), "the UECda sample client's move")

    def action(self, observation: Observation, legal: Sequence[Action]) -> Action:
        gives = [action for action in legal if isinstance(action, Give)]
        if gives:
            return self._give(observation, gives)
        plays = [action for action in legal if isinstance(action, Play)]
        passing = next((action for action in legal if isinstance(action, Pass)), None)
        hand = [0] * (JOKER + 1)
        for card, count in observation.hand:
            hand[card] += count
        top = observation.trick[-1][1] if observation.trick else None
        lone_joker = top is not None and top.size == 1 and top.jokers == 1
        chosen = sample_client_play(plays, hand, observation.reversed, top, lone_joker)
        if chosen is not None:
            return chosen
        return passing if passing is not None else legal[0]

    @staticmethod
    def _give(observation: Observation, gives: list[Give]) -> Action:
        cards = sorted(
            (card for card, count in observation.hand for _ in range(count) if card != JOKER),
            key=lambda card: (column(card), row(card)),
        )
        size = sum(count for _, count in gives[0].cards)
        wanted = sorted(cards[:size])
        for give in gives:
            if sorted(card for card, count in give.cards for _ in range(count)) == wanted:
                return give
        return gives[0]
