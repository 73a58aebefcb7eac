"""The `ismcts` President bot: information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012).

Single-observer ISMCTS: one tree of the seat's information set, whose edges are the moves of every seat.
Each iteration deals the cards this seat cannot see anew (`determinize.sample_hidden`, consistent with its
hand, the cards played, hand sizes, what it gave and received), walks the tree choosing among the moves
legal in that deal by UCB1 with availability counts, adds one node, plays on with a fast default policy, and
scores the round for every seat. The most visited move at the root is played.

Moves are searched by shape — rank, size, jokers — not by suit: suits never decide a trick, and merging them
keeps the tree narrow. Rollouts stop after `rollout_depth` moves; an unfinished round is scored by how many
sets each hand still has to play. The card transfer and the draft are left to the heuristic bot.

Budgets: `time` seconds per move (0: no limit) and `iterations` per move (0: no limit); the search stops at
whichever comes first. `make_bot("ismcts:time=0.1,iterations=2000")` builds one (see `registry`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from presidente.bots.base import Choice
from presidente.bots.determinize import DeterminizationError, Knowledge, knowledge_of, public_state, sample_hidden
from presidente.bots.president_heuristic import HeuristicBot, rules_for
from presidente.cards import JOKER, CardGroup
from presidente.president.actions import PASS, Action, Play
from presidente.president.observation import Observation
from presidente.president.rules import Rules
from presidente.president.state import Phase, State

MoveKey = tuple[int, int, int, int] | None  # (rank, size, jokers, declared) of a play; None for a pass
EXPLORATION = 0.7
# Reward of a round: a share for the place (linear, first = 1) and a bonus for winning it.
WIN_BONUS = 0.5


def move_key(action: Action) -> MoveKey:
    if isinstance(action, Play):
        rank = -1 if action.rank is None else action.rank
        declared = -1 if action.declared is None else action.declared
        return (rank, action.size, action.jokers, declared)
    return None


class Node:
    __slots__ = ("avails", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[MoveKey, Node] = {}
        self.visits = 0
        self.avails = 1
        self.reward = 0.0


def place_rewards(order: Sequence[int], seats: int) -> list[float]:
    """Reward of each seat for a finishing order (best first)."""
    rewards = [0.0] * seats
    last = max(1, len(order) - 1)
    for position, seat in enumerate(order):
        rewards[seat] = (1 - position / last + (WIN_BONUS if position == 0 else 0.0)) / (1 + WIN_BONUS)
    return rewards


def _strength(state: State, rank: int | None) -> int:
    if rank is None:
        return 13
    return 12 - rank if state.reversed else rank


def default_move(state: State, legal: Sequence[Action], rng: random.Random) -> Action:
    """The rollout policy: lead the weakest set whole; follow with the weakest play, jokers last."""
    best: Action | None = None
    best_cost = (1 << 30, 0)
    leading = state.trick_size == 0
    for action in legal:
        if not isinstance(action, Play):
            continue
        strength = 13 if action.naturals == 0 else _strength(state, action.rank)
        # Leading: weakest rank, most cards of it; following: weakest, fewest jokers.
        cost = (strength * 4 + action.jokers * 60, -action.size if leading else 0)
        if cost < best_cost:
            best, best_cost = action, cost
    if best is None:
        return PASS
    if not leading and best_cost[0] >= 44 and state.sizes[state.current or 0] > 4 and rng.random() < 0.5:
        return PASS  # keep aces, 2s and jokers now and then while the hand is long
    return best


_PLAYS: dict[CardGroup, Play] = {}


def _natural_play(hand: list[int], rank: int, size: int) -> Play:
    """`size` natural cards of `rank` from the hand, lowest suits first (interned)."""
    first = ((rank + 2) % 13) * 4
    cards: list[tuple[int, int]] = []
    for card in range(first, first + 4):
        take = min(hand[card], size)
        if take:
            cards.append((card, take))
            size -= take
            if not size:
                break
    group = tuple(cards)
    play = _PLAYS.get(group)
    if play is None:
        play = _PLAYS[group] = Play(group)
    return play


def rollout_move(state: State, rng: random.Random) -> Action:
    """`default_move` without listing the legal actions in the common cases (natural plays, no
    obligation or special 3): those plays are legal by construction, the rest asks `legal_actions`."""
    if state.obligation is not None or state.must_include is not None:
        return default_move(state, state.legal_actions(), rng)
    seat = state.current
    assert seat is not None
    hand = state.hands[seat]
    reversed_order = state.reversed
    wanted = state.trick_size
    top_key = state.top_key
    ranks = range(12, -1, -1) if reversed_order else range(13)
    for rank in ranks:
        strength = 12 - rank if reversed_order else rank
        if wanted and strength * 2 <= top_key:
            continue
        first = ((rank + 2) % 13) * 4
        held = hand[first] + hand[first + 1] + hand[first + 2] + hand[first + 3]
        if not held:
            continue
        if not wanted:
            return _natural_play(hand, rank, held)
        if held < wanted:
            continue
        if strength >= 11 and state.sizes[seat] > 4 and rng.random() < 0.5:
            return PASS
        return _natural_play(hand, rank, wanted)
    if wanted and not hand[JOKER]:
        return PASS
    return default_move(state, state.legal_actions(), rng)


def estimated_order(state: State) -> list[int]:
    """The finishing order of an unfinished round: finished seats first, then by sets still to play."""
    active = [seat for seat in state.round_players if state.active[seat]]

    def sets_left(seat: int) -> float:
        hand = state.hands[seat]
        sets = 0.0
        for rank in range(13):
            first = ((rank + 2) % 13) * 4
            if hand[first] or hand[first + 1] or hand[first + 2] or hand[first + 3]:
                sets += 0.4 if _strength(state, rank) >= 11 else 1.0
        if hand[JOKER]:
            sets += 0.3
        return sets + 0.01 * state.sizes[seat]

    active.sort(key=sets_left)
    order = state.winners + active
    if state.downfallen is not None:
        order.append(state.downfallen)
    return order + state.bottom[::-1]


class IsmctsBot:
    """Information-set MCTS with a time budget and an iteration budget per move."""

    name = "ismcts"

    def __init__(
        self,
        time: float = 0.1,
        iterations: int = 0,
        rollout_depth: int = 40,
        exploration: float = EXPLORATION,
        rules: Rules | None = None,
    ) -> None:
        if time <= 0 and iterations <= 0:
            raise ValueError("ismcts needs a budget: time > 0 or iterations > 0.")
        self.time = time
        self.iterations = iterations
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.rules = rules
        self.fallback = HeuristicBot(rules)
        self.last_iterations = 0

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Choice[Action]:
        keys = {move_key(action) for action in legal_actions}
        if len(keys) == 1 or observation.phase != Phase.PLAY:
            return self.fallback.choose(observation, legal_actions, rng)
        rules = rules_for(observation, self.rules)
        try:
            template = public_state(observation, rules)
            knowledge = knowledge_of(observation, rules)
        except DeterminizationError:
            return self.fallback.choose(observation, legal_actions, rng)
        root = self.search(template, knowledge, rng)
        visited = [(child.visits, key) for key, child in root.children.items() if key in keys]
        if not visited:
            return self.fallback.choose(observation, legal_actions, rng)
        visits, key = max(visited, key=lambda item: item[0])
        child = root.children[key]
        action = next(a for a in legal_actions if move_key(a) == key)
        share = child.reward / max(1, child.visits)
        reason = f"search: {visits} of {self.last_iterations} simulations, expected result {share:.0%}"
        return Choice(action, reason)

    def search(self, template: State, knowledge: Knowledge, rng: random.Random) -> Node:
        """Run the iterations from the template (a public state) and return the root of the tree."""
        root = Node(-1)
        deadline = time.perf_counter() + self.time if self.time > 0 else math.inf
        limit = self.iterations if self.iterations > 0 else 1 << 62
        done = 0
        while done < limit:
            if done & 15 == 0 and time.perf_counter() >= deadline:
                break
            state = template.clone()
            sample_hidden(state, knowledge, rng)
            self._iterate(root, state, rng)
            done += 1
        self.last_iterations = done
        return root

    def _iterate(self, root: Node, state: State, rng: random.Random) -> None:
        node = root
        path: list[Node] = []
        exploration = self.exploration
        while state.phase is Phase.PLAY:
            legal = state.legal_actions()
            by_key: dict[MoveKey, Action] = {}
            for action in legal:
                by_key.setdefault(move_key(action), action)
            children = node.children
            untried = [key for key in by_key if key not in children]
            mover = state.current
            assert mover is not None
            if untried:
                key = untried[rng.randrange(len(untried))]
                child = children[key] = Node(mover)
                state.apply(by_key[key])
                path.append(child)
                break
            best_key: MoveKey = None
            best_score = -math.inf
            for key in by_key:
                child = children[key]
                child.avails += 1
                score = child.reward / child.visits + exploration * math.sqrt(math.log(child.avails) / child.visits)
                if score > best_score:
                    best_key, best_score = key, score
            node = children[best_key]
            state.apply(by_key[best_key])
            path.append(node)
        depth = self.rollout_depth
        while state.phase is Phase.PLAY and depth > 0:
            state.apply(rollout_move(state, rng))
            depth -= 1
        order = state.results[-1] if state.phase is not Phase.PLAY and state.results else estimated_order(state)
        rewards = place_rewards(order, state.seats)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.mover]
