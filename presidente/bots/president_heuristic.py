"""The `heuristic` President bot: sensible play from one seat's observation only.

It reads the hand as sets (all held cards of one rank) and plays them so that the hand empties in as few
tricks as possible while the strong sets win the lead back:

- leading: it goes out at once when one legal play empties the hand; plays a set no unseen card can beat
  when that leaves at most one set to lead (winning the lead back); starts a revolution when its hand is
  weak and the reversed order would make it strong; otherwise leads its weakest set whole;
- following: it beats with the weakest play that does not break a set, keeps aces, 2s and jokers for later
  while its hand is still long (unless an opponent is about to go out), and takes an equalize when the
  rules make the next player skip;
- it never goes out with a card whose finish is illegal (penalized 2s, jokers, best rank, 8s), and plays
  such a card before its last ordinary set;
- in the card transfer it gives the weakest cards that break no set; in the draft it takes the cards that
  add most to its sets;
- it counts the cards played, face up and in its own hand, so it knows which plays are masters.

The rules come from the constructor, or the observation (the table's rules are public).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from presidente.bots.base import Choice
from presidente.cards import JOKER, CardGroup
from presidente.president.actions import EIGHT, PASS, PRESIDENT_RANK, TWO, Action, Give, Play, Take
from presidente.president.observation import Observation
from presidente.president.rules import Rules

RANKS = 13
BEST = 12
# A hand this long still has tricks to win later: no need to spend the strongest cards now.
LONG_HAND = 5
# An opponent with this few cards may go out on the next trick: stop them.
DANGER = 2
JOKER_STRENGTH = 13


def rules_for(observation: Observation, rules: Rules | None = None) -> Rules:
    """The table's rules: the given ones, else the observation's (public at a real table)."""
    return rules if rules is not None else observation.rules


@dataclass
class HandView:
    """The seat's hand and what it knows of the unseen cards, by President rank (0 = 3 ... 12 = 2)."""

    ranks: list[int]
    jokers: int
    unseen: list[int]
    unseen_jokers: int
    reversed: bool

    def strength(self, rank: int) -> int:
        return RANKS - 1 - rank if self.reversed else rank

    @property
    def size(self) -> int:
        return sum(self.ranks) + self.jokers

    def sets(self) -> list[int]:
        """Ranks held, weakest first."""
        return sorted((r for r in range(RANKS) if self.ranks[r]), key=self.strength)


def rank_counts(cards: CardGroup) -> tuple[list[int], int]:
    ranks = [0] * RANKS
    jokers = 0
    for card, count in cards:
        if card == JOKER:
            jokers += count
        else:
            ranks[PRESIDENT_RANK[card]] += count
    return ranks, jokers


def hand_view(observation: Observation, rules: Rules) -> HandView:
    """Own hand by rank, and the cards this seat cannot see (in other hands, undealt or handed over)."""
    ranks, jokers = rank_counts(observation.hand)
    played, played_jokers = rank_counts(observation.played)
    face_up, face_up_jokers = rank_counts(observation.face_up)
    pool, pool_jokers = rank_counts(observation.draft_pool or ())
    decks = rules.decks
    unseen = [max(0, 4 * decks - ranks[r] - played[r] - face_up[r] - pool[r]) for r in range(RANKS)]
    total_jokers = decks * rules.jokers_per_deck
    unseen_jokers = max(0, total_jokers - jokers - played_jokers - face_up_jokers - pool_jokers)
    return HandView(ranks, jokers, unseen, unseen_jokers, observation.reversed)


def penalized_finish(play: Play, rules: Rules, reversed_order: bool) -> bool:
    """Would going out with `play` be an illegal finish (ranked lowest)? A sequence is judged by every rank it
    spans."""
    ranks = play.ranks() if play.sequence else (play.rank,)
    best = any(rank is not None and (RANKS - 1 - rank if reversed_order else rank) == BEST for rank in ranks)
    return (
        (rules.penalize_final_two and TWO in ranks)
        or (rules.penalize_final_joker and play.jokers > 0)
        or (rules.penalize_final_best and best)
        or (rules.penalize_final_eight and rules.eight_rule and EIGHT in ranks)
    )


def _penalized_rank(rank: int, rules: Rules, view: HandView) -> bool:
    return (
        (rules.penalize_final_two and rank == TWO)
        or (rules.penalize_final_best and view.strength(rank) == BEST)
        or (rules.penalize_final_eight and rules.eight_rule and rank == EIGHT)
    )


def play_strength(play: Play, view: HandView) -> int:
    """A play's strength in the order in force; a sequence's is its strongest card's (what the next one must
    pass)."""
    if play.sequence:
        # A joker past an end counts one step beyond it (above the 2 or, in a revolution, below the 3).
        return max(view.strength(rank) for rank in play.cells())
    if play.naturals == 0:
        return JOKER_STRENGTH if play.declared is None else view.strength(play.declared)
    assert play.rank is not None
    return view.strength(play.rank)


def is_master(play: Play, view: HandView, rules: Rules) -> bool:
    """Can no combination of unseen cards beat `play` (ties aside)? A sequence is never counted a master."""
    if play.sequence:
        return False
    strength = play_strength(play, view)
    size = play.size
    mode = rules.joker_mode
    if view.unseen_jokers and (mode == "trump" or (mode == "bga" and size == 1)) and strength < JOKER_STRENGTH:
        return False
    wild = view.unseen_jokers if mode != "trump" else 0
    for rank in range(RANKS):
        if view.strength(rank) > strength and view.unseen[rank] and view.unseen[rank] + wild >= size:
            return False
    if rules.one_fewer_two and size >= 2 and strength < BEST:
        best_rank = next(r for r in range(RANKS) if view.strength(r) == BEST)
        if view.unseen[best_rank] + wild >= size - 1 and view.unseen[best_rank]:
            return False
    return True


class HeuristicBot:
    """Plays sets weakest first, keeps the strongest cards to win the lead back, avoids illegal finishes."""

    name = "heuristic"

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Choice[Action]:
        rules = rules_for(observation, self.rules)
        view = hand_view(observation, rules)
        first = legal_actions[0]
        if isinstance(first, Give):
            return self._give(legal_actions, view)
        if isinstance(first, Take):
            return self._take(legal_actions, view)
        plays = [a for a in legal_actions if isinstance(a, Play)]
        if not plays:
            return Choice(first, "nothing to play: pass")
        if PASS not in legal_actions or not observation.trick:
            # An empty trick is a lead, even where a leader may pass (UECda): the heuristic always leads.
            return self._lead(observation, plays, view, rules)
        return self._follow(observation, plays, view, rules)

    # ------------------------------------------------------------- card transfer and draft

    def _give(self, legal_actions: Sequence[Action], view: HandView) -> Choice[Action]:
        def loss(action: Action) -> tuple[int, int]:
            assert isinstance(action, Give)
            broken = 0
            value = 0
            for card, count in action.cards:
                if card == JOKER:
                    value += 100 * count
                    continue
                rank = PRESIDENT_RANK[card]
                value += (view.strength(rank) + 1) * 3 * count
                if view.ranks[rank] > count:
                    broken += 1
            return value + 4 * broken, broken

        action = min(legal_actions, key=loss)
        return Choice(action, "give my weakest cards that break no set")

    def _take(self, legal_actions: Sequence[Action], view: HandView) -> Choice[Action]:
        def gain(action: Action) -> int:
            assert isinstance(action, Take)
            value = 0
            for card, count in action.cards:
                if card == JOKER:
                    value += 60 * count
                    continue
                rank = PRESIDENT_RANK[card]
                value += (view.strength(rank) + 1) * 3 * count + 5 * view.ranks[rank] * count
            return value

        return Choice(max(legal_actions, key=gain), "take the strongest cards that join my sets")

    # ------------------------------------------------------------- leading

    def _lead(self, observation: Observation, plays: list[Play], view: HandView, rules: Rules) -> Choice[Action]:
        reversed_order = view.reversed
        finishing = [p for p in plays if p.size == view.size and not penalized_finish(p, rules, reversed_order)]
        if finishing:
            return Choice(finishing[0], "this play empties my hand")
        sets = view.sets()
        whole = {r: self._whole_set(plays, r, view) for r in sets}
        safe = [p for p in plays if not penalized_finish(p, rules, reversed_order) or p.size < view.size]
        plays = safe or plays
        # Illegal-finish cards must go before the last ordinary set, while they still win the lead back.
        ordinary = [r for r in sets if not _penalized_rank(r, rules, view)]
        awkward = [p for p in plays if p.size < view.size and (p.jokers or _penalized_rank(p.rank or 0, rules, view))]
        if awkward and len(ordinary) <= 1 and (rules.penalize_final_joker or any(p.naturals for p in awkward)):
            best = max(awkward, key=lambda p: (play_strength(p, view), p.size))
            return Choice(best, "play my strong cards now: finishing with them is illegal")
        revolution = self._revolution(plays, view, rules)
        if revolution is not None:
            return Choice(revolution, "revolution: my hand is stronger with the order reversed")
        sequence = self._sequence_lead(plays, view)
        if sequence is not None:
            return Choice(sequence, "lead a sequence of my loose weak cards")
        masters = [play for play in whole.values() if play is not None and is_master(play, view, rules)]
        if masters and len(sets) - len(masters) <= 1 and len(sets) > 1:
            master = min(masters, key=lambda p: play_strength(p, view))
            return Choice(master, "no one can beat this: I keep the lead")
        for rank in sets:
            play = whole[rank]
            if play is not None and not (play.size == view.size and penalized_finish(play, rules, reversed_order)):
                if _penalized_rank(rank, rules, view) and len(ordinary) > 0 and rank not in ordinary:
                    continue
                return Choice(play, "lead my weakest set")
        return Choice(min(plays, key=lambda p: (p.jokers, play_strength(p, view))), "lead my weakest cards")

    @staticmethod
    def _sequence_lead(plays: list[Play], view: HandView) -> Play | None:
        """The longest sequence without jokers that breaks no set (each of its cards the only one of its rank)
        and starts in the weak half of the order: it sheds several loose cards at once."""
        loose = [
            p
            for p in plays
            if p.sequence
            and not p.jokers
            and all(view.ranks[rank] == 1 for rank in p.ranks())
            and min(view.strength(rank) for rank in p.ranks()) < RANKS // 2
        ]
        if not loose:
            return None
        return max(loose, key=lambda p: (p.size, -play_strength(p, view)))

    @staticmethod
    def _whole_set(plays: list[Play], rank: int, view: HandView) -> Play | None:
        """The lead of every natural card of `rank` held, without jokers."""
        wanted = view.ranks[rank]
        plays = [p for p in plays if not p.sequence]
        for play in plays:
            if play.rank == rank and play.jokers == 0 and play.naturals == wanted:
                return play
        candidates = [p for p in plays if p.rank == rank and p.jokers == 0 and p.naturals > 0]
        return max(candidates, key=lambda p: p.size) if candidates else None

    @staticmethod
    def _revolution(plays: list[Play], view: HandView, rules: Rules) -> Play | None:
        if rules.revolution == "off":
            return None
        quads = [p for p in plays if not p.sequence and p.size >= rules.revolution_cards and p.size < view.size]
        if not quads:
            return None
        # Strength above the middle now, against after the order flips (the revolution cards leave).
        now = sum((view.strength(r) - 6) * view.ranks[r] for r in range(RANKS))
        if now >= 0:
            return None
        quad = min(quads, key=lambda p: (p.jokers, play_strength(p, view)))
        if rules.revolution == "strict" and quad.jokers:
            return None
        return quad

    # ------------------------------------------------------------- following

    def _follow(self, observation: Observation, plays: list[Play], view: HandView, rules: Rules) -> Choice[Action]:
        reversed_order = view.reversed
        plays = [p for p in plays if not (p.size == view.size and penalized_finish(p, rules, reversed_order))]
        if not plays:
            return Choice(PASS, "going out with these cards would be an illegal finish")
        finishing = [p for p in plays if p.size == view.size]
        if finishing:
            return Choice(finishing[0], "this play empties my hand")
        seat = observation.seat
        opponents = [
            s.hand_size for s in observation.seats if s.seat != seat and s.in_round and not s.finished and s.hand_size
        ]
        danger = bool(opponents) and min(opponents) <= DANGER

        def cost(play: Play) -> tuple[int, int, int]:
            strength = play_strength(play, view)
            broken = 0
            if play.sequence:
                # A sequence breaks each set it takes one card from.
                broken = sum(1 for rank in play.ranks() if view.ranks[rank] > 1)
            elif play.naturals and play.rank is not None:
                broken = view.ranks[play.rank] - play.naturals
            return (broken > 0 and not danger, play.jokers, strength)

        best = min(plays, key=cost)
        if observation.obligation is not None:
            if play_strength(best, view) >= BEST - 1 and view.size > LONG_HAND and not danger:
                return Choice(PASS, "equalizing would spend a strong card")
            return Choice(best, "equalize")
        strength = play_strength(best, view)
        precious = strength >= BEST - 1 or best.jokers > 0
        left = view.size - best.size
        if precious and left > LONG_HAND and not danger:
            return Choice(PASS, "keep my strongest cards for later")
        if cost(best)[0] and left > LONG_HAND and strength >= 6:
            return Choice(PASS, "beating would break a set")
        if danger and precious:
            return Choice(best, "an opponent is about to go out: beat them")
        skip = rules.equalize in ("force-skip", "or-skip", "or-pass")
        top_size = observation.trick[-1][1].size if observation.trick else 0
        equal_plays = [
            p
            for p in plays
            if observation.trick
            and p.size == top_size
            and play_strength(p, view) == play_strength(observation.trick[-1][1], view)
        ]
        if skip and equal_plays and equal_plays[0] == best:
            return Choice(best, "equalize: the next player is skipped")
        return Choice(best, "beat with my weakest cards")
