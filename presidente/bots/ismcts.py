"""The `ismcts` President bot: information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012).

Single-observer ISMCTS: one tree of the seat's information set, whose edges are the moves of every seat.
Each iteration deals the cards this seat cannot see anew (`determinize.Dealer`, consistent with its hand, the
cards played, hand sizes, what it gave and received), walks the tree choosing among the moves legal in that
deal by UCB1 with availability counts, adds one node, plays the round out with the engine's fast rank-count
playout (`president.playout`), and scores the round for every seat. The most visited move at the root is
played.

Moves are searched by shape — rank, size, jokers — not by suit: suits never decide a trick, and merging them
keeps the tree narrow. Rollouts stop after `rollout_depth` moves; an unfinished round is scored by the cards
each hand still holds. The card transfer and the draft are left to the heuristic bot.

Budgets: `time` seconds per move (0: no limit) and `iterations` per move (0: no limit); the search stops at
whichever comes first. `make_bot("ismcts:time=0.1,iterations=2000")` builds one (see `registry`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from presidente.bots.base import Choice
from presidente.bots.determinize import Dealer, DeterminizationError, Knowledge, knowledge_of, public_state
from presidente.bots.president_heuristic import HeuristicBot, rules_for
from presidente.president.actions import Action, Play
from presidente.president.observation import Observation
from presidente.president.playout import Move, Table
from presidente.president.rules import Rules
from presidente.president.state import Phase, State

MoveKey = Move  # (rank, size, jokers, declared) of a play, -1 for none; None for a pass
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


class IsmctsBot:
    """Information-set MCTS with a time budget and an iteration budget per move."""

    name = "ismcts"

    def __init__(
        self,
        time: float = 0.1,
        iterations: int = 0,
        rollout_depth: int = 500,
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
        dealer = Dealer(template, knowledge)
        public = Table.from_state(template)
        deadline = time.perf_counter() + self.time if self.time > 0 else math.inf
        limit = self.iterations if self.iterations > 0 else 1 << 62
        done = 0
        while done < limit:
            if done & 15 == 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, public.copy(dealer.deal(rng)), rng)
            done += 1
        self.last_iterations = done
        return root

    def _iterate(self, root: Node, table: Table, rng: random.Random) -> None:
        node = root
        path: list[Node] = []
        exploration = self.exploration
        while not table.over:
            moves = table.legal_moves()
            children = node.children
            untried = [move for move in moves if move not in children]
            mover = table.current
            assert mover is not None
            if untried:
                move = untried[rng.randrange(len(untried))]
                node = children[move] = Node(mover)
                table.play(move)
                path.append(node)
                break
            best_move: MoveKey = None
            best_score = -math.inf
            for move in moves:
                child = children[move]
                child.avails += 1
                score = child.reward / child.visits + exploration * math.sqrt(math.log(child.avails) / child.visits)
                if score > best_score:
                    best_move, best_score = move, score
            node = children[best_move]
            table.play(best_move)
            path.append(node)
        rewards = place_rewards(table.playout(rng, self.rollout_depth), table.seats)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.mover]
