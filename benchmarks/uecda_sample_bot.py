"""The official UECda sample client's policy (`client/daihinmin.c` of the development kit in ../shared/uecda), in
Python over the engine's legal actions: a training opponent for the `learned` bot on `uecda` tables, whose
benchmark (`benchmarks/uecda_strength.py`) seats it against four of these clients.

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
from collections.abc import Callable, Sequence

from presidente.bots.base import Choice
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
        held = [card for card, count in observation.hand for _ in range(count) if card != JOKER]
        joker = any(card == JOKER for card, _ in observation.hand)
        rev = observation.reversed

        def weak(col: int) -> int:
            return -col if rev else col

        if not observation.trick:
            chosen = self._lead(plays, held, joker, weak)
        else:
            chosen = self._follow(observation.trick[-1][1], plays, held, joker, weak, rev)
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

    @staticmethod
    def _lead(plays: list[Play], held: list[int], joker: bool, key: Callable[[int], int]) -> Play | None:
        sequences = [play for play in plays if play.sequence and play.jokers <= 1]
        if sequences:
            longest = max(play.size for play in sequences)
            return min(
                (play for play in sequences if play.size == longest),
                key=lambda play: (key(_start(play)), 3 - play.suit, play.jokers),
            )
        counts = [0] * 13
        for card in held:
            counts[PRESIDENT_RANK[card]] += 1
        sizes = {rank: counts[rank] + int(joker) for rank in range(13) if counts[rank]}
        groups = {rank: size for rank, size in sizes.items() if size >= 2}
        if groups:
            size = max(groups.values())
            for rank in sorted(groups, key=lambda rank: key(rank + 1)):
                if groups[rank] != size:
                    continue
                for play in plays:
                    if not play.sequence and play.rank == rank and play.size == size and play.jokers == int(joker):
                        return play
        singles = [play for play in plays if play.size == 1 and play.jokers == 0]
        if singles:
            return min(singles, key=lambda play: (key(column(_naturals(play)[0])), row(_naturals(play)[0])))
        return next((play for play in plays if play.size == 1 and play.jokers == 1), None)

    @staticmethod
    def _follow(
        top: Play, plays: list[Play], held: list[int], joker: bool, key: Callable[[int], int], rev: bool
    ) -> Play | None:
        size = top.size
        if size == 1:
            if top.jokers == 1:
                return None  # the C client sees nothing above a lone joker
            counts = [0] * 13
            for card in held:
                counts[PRESIDENT_RANK[card]] += 1
            in_run = _cards_in_runs(held)
            free = [
                play
                for play in plays
                if play.size == 1
                and play.jokers == 0
                and counts[PRESIDENT_RANK[_naturals(play)[0]]] == 1
                and _naturals(play)[0] not in in_run
            ]
            if free:
                return min(free, key=lambda play: (key(column(_naturals(play)[0])), row(_naturals(play)[0])))
            return next((play for play in plays if play.size == 1 and play.jokers == 1), None) if joker else None
        if not top.sequence:
            natural = [play for play in plays if not play.sequence and play.size == size and play.jokers == 0]
            ways: dict[int | None, int] = {}
            for play in natural:
                ways[play.rank] = ways.get(play.rank, 0) + 1
            exact = [play for play in natural if ways[play.rank] == 1]
            if exact:
                return min(exact, key=lambda play: key((play.rank or 0) + 1))
            if joker:
                counts = [0] * 13
                for card in held:
                    counts[PRESIDENT_RANK[card]] += 1
                with_joker = [
                    play
                    for play in plays
                    if not play.sequence
                    and play.size == size
                    and play.jokers == 1
                    and play.rank is not None
                    and counts[play.rank] == size - 1
                ]
                if with_joker:
                    return min(with_joker, key=lambda play: key((play.rank or 0) + 1))
            return None
        natural = [play for play in plays if play.sequence and play.size == size and play.jokers == 0]
        owned = set(held)
        tops = []
        for play in natural:
            cards = _naturals(play)
            high = max(cards, key=column)
            low = min(cards, key=column)
            if rev:
                # Below the table: runs cut at the table's first column; the C client takes each run's top part.
                above = column(high) + 1
                if above < _start(top) and any(column(card) == above and card % 4 == high % 4 for card in owned):
                    continue
            else:
                above = column(high) + 1
                if any(column(card) == above and card % 4 == high % 4 for card in owned):
                    continue
            tops.append((play, column(low)))
        if tops:
            return min(tops, key=lambda pair: key(pair[1]))[0]
        if joker:
            with_joker = [play for play in plays if play.sequence and play.size == size and play.jokers == 1]
            if with_joker:
                return min(with_joker, key=lambda play: key(_start(play)))
        return None


def _cards_in_runs(held: list[int]) -> set[int]:
    """Cards in a run of three or more consecutive ranks of one suit (the C client's `makeKaidanTable`)."""
    result: set[int] = set()
    for suit in range(4):
        ranks = sorted(PRESIDENT_RANK[card] for card in held if card % 4 == suit)
        run: list[int] = []
        for rank in [*ranks, 99]:
            if run and rank == run[-1] + 1:
                run.append(rank)
                continue
            if len(run) >= 3:
                result.update(card for card in held if card % 4 == suit and PRESIDENT_RANK[card] in run)
            run = [rank]
    return result
