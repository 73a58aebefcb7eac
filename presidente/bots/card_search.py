"""The `cardsearch` President bot: a search that plays every table, suits and all, on the engine itself.

`ismcts` plays its simulations on rank counts (`bots.playout`), which cannot follow sequences, the suit and number
locks, the spade-3 return or UECda's turn rules (a leader's pass, the pass limit, trick end when all passed). This
search simulates with the engine's own `State` instead, so whatever the engine plays, it plays:

- each deal gives the hidden cards out card by card, consistent with what the seat knows (`determinize`: its hand,
  the cards played and face up, hand sizes, cards it gave and received, bounds from the transfer) into a clone of
  the public state;
- every candidate move is applied to a clone of that deal and the round is played on with a cheap policy
  (`policy_action`) until the seat's own place is settled: the rollout algorithm over that policy, every move
  on the same deals (common random numbers), so a deal's luck cancels between moves;
- the move with the best mean reward (`ismcts.reward_at`: a share for the place, a bonus for winning) is played.

Moves are searched with their suits (a suit decides the suit lock and which sequences stay possible). A hand
with more legal moves than `max_moves` searches the likeliest ones (`candidates`). The card transfer, the draft,
a card owed after a play (7 give, 10 discard) and a position the search cannot set up go to the heuristic bot.

Budgets: `time` seconds per move (0: none) and `iterations` deals per move (0: none); at least one deal is
played. The figure `last_deals` (deals) and `last_playouts` (rollouts) tell what the last search did.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from presidente.bots.base import Choice
from presidente.bots.determinize import DeterminizationError, knowledge_of, public_state, sample_hidden
from presidente.bots.ismcts import reward_at
from presidente.bots.president_heuristic import HeuristicBot, rules_for
from presidente.cards import JOKER
from presidente.errors import PresidenteError
from presidente.president.actions import PRESIDENT_RANK, Action, Pass, Play
from presidente.president.observation import Observation
from presidente.president.rules import Rules
from presidente.president.state import Phase, State

# A hand this long keeps its strongest cards (jokers, the best rank) for later when following.
LONG_HAND = 5
# Moves searched at most per decision; the rest would leave too few deals to each in 100 ms.
MAX_MOVES = 10
# Playout moves at most (a guard: a UECda round ends by its pass limit long before).
MAX_PLAYOUT_MOVES = 400


def _strength(state: State, play: Play) -> int:
    """The play's key in the order now in force (higher beats lower)."""
    return state.shape_key(play.rank, play.size, play.jokers, play.sequence)


def _spends_strong_cards(state: State, play: Play) -> bool:
    """Does the play use a joker or a card of the best rank (the 2, or the 3 in a revolution)?"""
    if play.jokers:
        return True
    best = 0 if state.reversed else 12
    return any(card != JOKER and PRESIDENT_RANK[card] == best for card, _ in play.cards)


def _left_in_rank(hand: list[int], play: Play) -> int:
    """Cards of the play's ranks still held after it (a play that breaks a set leaves some)."""
    left = 0
    for card, count in play.cards:
        if card == JOKER:
            continue
        first = card & ~3  # the four suits of a rank are neighbours (cards.make_card)
        left += sum(hand[first : first + 4]) - count
    return left


def policy_action(state: State) -> Action:
    """The playout's move for the seat to move (deterministic): go out when one play empties the hand; leading,
    the weakest play, as many cards as it holds of it, jokers last; following, the weakest play that beats,
    breaking no set where it can, keeping jokers and the best rank while the hand is long; else pass."""
    actions = state.legal_actions()
    plays = [action for action in actions if type(action) is Play]
    if not plays:
        return actions[0]
    seat = state.current
    assert seat is not None
    size = state.sizes[seat]
    for play in plays:
        if play.size == size:
            return play
    if state.trick_size == 0:
        return min(plays, key=lambda play: (play.jokers > 0, _strength(state, play), -play.size))
    if size >= LONG_HAND:
        kept = [play for play in plays if not _spends_strong_cards(state, play)]
        if not kept:
            return next((action for action in actions if type(action) is Pass), plays[0])
        plays = kept
    hand = state.hands[seat]
    return min(plays, key=lambda play: (play.jokers, _strength(state, play), _left_in_rank(hand, play)))


def place_of(state: State, seat: int) -> int | None:
    """The seat's finishing place in the round (0: first) once it is settled, else None."""
    if state.phase is not Phase.PLAY:
        return state.places.index(seat) if seat in state.places else None
    if state.active[seat]:
        return None
    if seat in state.winners:
        return state.winners.index(seat)
    players = len(state.round_players)
    if seat in state.bottom:
        return players - 1 - state.bottom.index(seat)
    if state.downfallen == seat:
        return players - 1 - len(state.bottom)
    return None


def play_out(state: State, seat: int) -> int:
    """Play the round on with the policy until the seat's place is settled; that place (0: first)."""
    for _ in range(MAX_PLAYOUT_MOVES):
        place = place_of(state, seat)
        if place is not None:
            return place
        if state.owed is not None:
            state.apply(state.auto_action())
        else:
            state.apply(policy_action(state))
    # Unfinished (a guard only): placed by the cards still held, fewest first.
    holding = sorted((s for s in state.round_players if state.active[s]), key=lambda s: state.sizes[s])
    return len(state.winners) + holding.index(seat)


def candidates(state: State, actions: Sequence[Action], limit: int) -> list[Action]:
    """The moves searched: all of them, or for a long list the pass, the plays that empty the hand, the
    policy's own move, then the weakest plays (fewest jokers), up to `limit`."""
    if len(actions) <= limit:
        return list(actions)
    seat = state.current
    assert seat is not None
    chosen: list[Action] = [action for action in actions if type(action) is Pass]
    chosen += [a for a in actions if type(a) is Play and a.size == state.sizes[seat]]
    policy = policy_action(state)
    if policy not in chosen:
        chosen.append(policy)
    plays = sorted(
        (a for a in actions if type(a) is Play and a not in chosen),
        key=lambda play: (play.jokers, _strength(state, play), -play.size),
    )
    chosen += plays[: max(0, limit - len(chosen))]
    return chosen


class CardSearchBot:
    """Rollouts of every candidate move on the engine's `State`, over the same deals of the hidden cards."""

    name = "cardsearch"

    def __init__(
        self, time: float = 0.1, iterations: int = 0, rules: Rules | None = None, max_moves: int = MAX_MOVES
    ) -> None:
        if time <= 0 and iterations <= 0:
            raise ValueError("cardsearch needs a budget: time > 0 or iterations > 0.")
        if max_moves < 1:
            raise ValueError(f"cardsearch searches at least one move, not max_moves={max_moves}.")
        self.time = time
        self.iterations = iterations
        self.rules = rules
        self.max_moves = max_moves
        self.fallback = HeuristicBot(rules)
        self.last_deals = 0
        self.last_playouts = 0

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Choice[Action]:
        values = self.evaluate(observation, legal_actions, rng)
        if not values:
            return self.fallback.choose(observation, legal_actions, rng)
        action, reward = values[0]
        return Choice(action, f"search: {self.last_deals} deals, expected result {reward:.0%}")

    def evaluate(
        self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random
    ) -> list[tuple[Action, float]]:
        """Each searched move with its mean reward, best first (ties: the earlier legal move); empty where the
        bot does not search (one move, not the play phase, a card owed, a position it cannot set up)."""
        self.last_deals = self.last_playouts = 0
        if len(legal_actions) < 2 or observation.phase != Phase.PLAY:
            return []
        if any(type(action) not in (Play, Pass) for action in legal_actions):
            return []
        seat = observation.seat
        if seat is None:
            return []
        rules = rules_for(observation, self.rules)
        try:
            knowledge = knowledge_of(observation, rules)
            template = public_state(observation, rules)
        except (DeterminizationError, PresidenteError):
            return []
        if template.owed is not None or template.current != seat:
            return []
        moves = candidates(template, legal_actions, self.max_moves)
        totals = [0.0] * len(moves)
        counts = [0] * len(moves)
        deadline = time.perf_counter() + self.time if self.time > 0 else math.inf
        limit = self.iterations if self.iterations > 0 else 1 << 62
        players = len(template.round_players)
        while self.last_deals < limit and (self.last_deals == 0 or time.perf_counter() < deadline):
            deal = template.clone()
            sample_hidden(deal, knowledge, rng)
            for index, move in enumerate(moves):
                state = deal.clone()
                try:
                    state.apply(move)
                except PresidenteError:
                    continue  # the deal's public facts refuse it (a fact the observation does not carry)
                place = play_out(state, seat)
                totals[index] += reward_at(place, players)
                counts[index] += 1
                self.last_playouts += 1
            self.last_deals += 1
        values = [(move, totals[i] / counts[i]) for i, move in enumerate(moves) if counts[i]]
        return sorted(values, key=lambda value: -value[1])
