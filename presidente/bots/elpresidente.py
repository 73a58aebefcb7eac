"""El Presidente bots: a random bot and a heuristic bot, both seeing only their seat's observation.

The heuristic bot plays the seed's advice: it collects the rank it holds most of and gets rid of the
others, takes any action that wins at once, beats so as to win when the rest of its hand completes a set,
throws in so that a team-mate can complete a set (and not so that an opponent can), and concedes an attack
by a King unless beating it wins.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from presidente.bots.base import Choice
from presidente.cards import Card, rank_of, suit_of
from presidente.elpresidente.actions import Action, Attack, Beat, Concede, Pass, PickUp, ThrowIn
from presidente.elpresidente.observation import Observation, Phase

KING = 12
RANK_SIZE = 4
# Taking the battle pile is worth it only while the hand stays small enough to empty in a few battles.
PICK_UP_LIMIT = 6


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Choice[Action]:
        return Choice(rng.choice(list(legal_actions)), "at random")


def _rank_counts(cards: Sequence[Card]) -> Counter[int]:
    return Counter(rank_of(card) for card in cards)


def _target_rank(hand: Sequence[Card]) -> int | None:
    """The rank being collected: the one held most often, the higher rank on a tie (harder to beat)."""
    counts = _rank_counts(hand)
    return max(counts, key=lambda rank: (counts[rank], rank)) if counts else None


def _wins_now(observation: Observation, action: Action) -> bool:
    """Would this play empty the hand while completing four of a rank on the battle pile?"""
    if not isinstance(action, Attack | ThrowIn | Beat):
        return False
    played = action.cards if isinstance(action, Attack | ThrowIn) else (action.card,)
    rank = rank_of(played[-1])
    on_pile = sum(1 for card in observation.battle_pile if rank_of(card) == rank)
    return len(observation.hand) == len(played) and on_pile + len(played) == RANK_SIZE


def _beat_then_win(observation: Observation, action: Action) -> bool:
    """A beat after which the defender, asked first, throws in the rest of its hand to complete a set."""
    if not isinstance(action, Beat):
        return False
    rank = rank_of(action.card)
    if any(rank_of(card) != rank for card in observation.hand):
        return False
    on_pile = sum(1 for card in observation.battle_pile if rank_of(card) == rank)
    return on_pile + len(observation.hand) == RANK_SIZE


def _hard_to_beat(observation: Observation, card: Card) -> int:
    """How many cards that could beat `card` by suit are out of this seat's hand (fewer is better)."""
    higher = {c for c in range(52) if suit_of(c) == suit_of(card) and rank_of(c) > rank_of(card)}
    return len(higher - set(observation.hand))


class HeuristicBot:
    """Collects a rank it can complete, dumps the others, and helps its team-mates complete theirs."""

    name = "heuristic"

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Choice[Action]:
        for action in legal_actions:
            if _wins_now(observation, action):
                return Choice(action, "this wins the game")
        if observation.phase is Phase.ATTACK:
            return self._attack(observation, legal_actions, rng)
        if observation.phase is Phase.DEFEND:
            return self._defend(observation, legal_actions)
        if observation.phase is Phase.PICK_UP:
            return self._pick_up(observation)
        return self._throw_in(observation, legal_actions)

    def _attack(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Choice[Action]:
        counts = _rank_counts(observation.hand)
        target = _target_rank(observation.hand)
        attacks = [action for action in legal_actions if isinstance(action, Attack)]
        # Dump a rank not collected (all of it), its top card hard to beat. Which one is left to chance:
        # bots that always dump the same way can pass the same cards round the table for ever.
        spare = sorted(rank for rank in counts if rank != target)
        dump = rng.choice(spare) if spare else target
        candidates = [a for a in attacks if rank_of(a.top) == dump and len(a.cards) == counts[dump]]
        best = min(candidates, key=lambda a: _hard_to_beat(observation, a.top))
        return Choice(best, "get rid of a rank I am not collecting")

    def _defend(self, observation: Observation, legal_actions: Sequence[Action]) -> Choice[Action]:
        beats = [action for action in legal_actions if isinstance(action, Beat)]
        for beat in beats:
            if _beat_then_win(observation, beat):
                return Choice(beat, "beat, then throw in the rest to complete the set")
        top = observation.battle_pile[-1]
        if rank_of(top) == KING:
            return Choice(Concede(), "no one can win against a King: pick it up for later")
        target = _target_rank(observation.hand)
        if rank_of(top) == target:
            return Choice(Concede(), "the battle pile holds the rank I am collecting")
        if not beats:
            return Choice(Concede(), "nothing beats this")
        counts = _rank_counts(observation.hand)
        # Beat with the card least needed; beating even with a collected card keeps the hand from growing,
        # and bots that always concede such attacks can pass the same cards round the table for ever.
        best = min(beats, key=lambda beat: (rank_of(beat.card) == target, counts[rank_of(beat.card)]))
        return Choice(best, "beat with the card I need least")

    def _pick_up(self, observation: Observation) -> Choice[Action]:
        target = _target_rank(observation.hand)
        wanted = sum(1 for card in observation.battle_pile if rank_of(card) == target)
        if wanted and len(observation.hand) + len(observation.battle_pile) <= PICK_UP_LIMIT:
            return Choice(PickUp(), "the pile holds the rank I am collecting")
        return Choice(Pass(), "a bigger hand is harder to empty")

    def _throw_in(self, observation: Observation, legal_actions: Sequence[Action]) -> Choice[Action]:
        throws = [action for action in legal_actions if isinstance(action, ThrowIn)]
        if not throws:
            return Choice(Pass(), "nothing to throw in")
        rank = rank_of(observation.battle_pile[-1])
        on_pile = sum(1 for card in observation.battle_pile if rank_of(card) == rank)
        everything = max(throws, key=lambda action: len(action.cards))
        missing = RANK_SIZE - on_pile - len(everything.cards)
        sizes = observation.hand_sizes
        mates = observation.team_mates
        opponents = [s for s in range(len(sizes)) if s != observation.seat and s not in mates and sizes[s]]
        if missing and any(sizes[mate] == missing for mate in mates):
            return Choice(everything, "a team-mate may hold the rest of this rank")
        if rank == _target_rank(observation.hand):
            return Choice(Pass(), "I am collecting this rank")
        # Never leave exactly an opponent's hand size missing: they might hold the rest and win.
        for action in sorted(throws, key=lambda action: -len(action.cards)):
            left = RANK_SIZE - on_pile - len(action.cards)
            if left and any(sizes[s] == left for s in opponents):
                continue
            if observation.phase is Phase.ATTACK_THROW_IN:
                if observation.defender in mates:
                    return Choice(Pass(), "do not add to a team-mate's burden")
                best = min(
                    (a for a in throws if len(a.cards) == len(action.cards)),
                    key=lambda a: _hard_to_beat(observation, a.top),
                )
                return Choice(best, "get rid of cards and make the attack harder to beat")
            return Choice(action, "get rid of cards I am not collecting")
        return Choice(Pass(), "throwing in could let an opponent complete the set")
