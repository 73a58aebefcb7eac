"""The `ismcts` President bot: search over sampled deals of the cards this seat cannot see.

Each simulation deals the hidden cards anew (`determinize.Dealer`: consistent with the seat's hand, the
cards played, hand sizes, what it gave and received), drawn in proportion to how well the deal explains the
other seats' moves so far (`determinize.Evidence`, soft evidence: a seat that passed on a low single
probably holds no lone higher card; `determinize.Sampler` draws such deals by a chain of card swaps). The
round is then played out with the fast rank-count playout (`bots.playout`, on the engine's own rules), whose policy
plays as the heuristic bot does, and scored for every seat.

Two searches share this:
- by default (`tree=False`) every move of the seat is played out on the same deals, and the move with the
  best mean result is played: the deals' luck cancels out between moves, which a few hundred simulations
  per move could not otherwise average away (the "rollout algorithm" over the policy). Only the seat's own
  place counts here, so a playout stops once that place is settled; and since the policy is deterministic,
  a deal the sampler's chain stays on or comes back to is looked up rather than played out again (about
  half of them, in the benchmark's positions) — a simulation all the same, with the same result;
- `tree=True` is single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): one tree of the seat's
  information set, whose edges are the moves of every seat, walked by UCB1 with availability counts in a
  new deal each iteration; the most visited move is played.

Moves are searched by shape — rank, size, jokers — not by suit: suits never decide a trick, and merging them
keeps the search narrow. Rollouts stop after `rollout_depth` moves; an unfinished round is scored by the
cards each hand still holds. The card transfer and the draft are left to the heuristic bot. Tables the rank-count
playout cannot play (sequences, the suit and number locks, the spade-3 return, UECda's turn rules: see
`playout.plays_on_rank_counts`) are searched by `card_search.CardSearchBot` on the engine's own state, with
the same budgets (`iterations` counting its playouts).

Budgets: `time` seconds per move (0: no limit) and `iterations` per move (0: no limit); the search stops at
whichever comes first. `make_bot("ismcts:time=0.1,iterations=2000")` builds one (see `registry`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from presidente.bots.base import Choice, MoveValue
from presidente.bots.card_search import CardSearchBot, reward_at
from presidente.bots.determinize import (
    Dealer,
    Deals,
    DeterminizationError,
    Evidence,
    Knowledge,
    Sampler,
    knowledge_of,
    public_state,
    randbelow,
)
from presidente.bots.playout import Move, Table, plays_on_rank_counts
from presidente.bots.president_heuristic import HeuristicBot, rules_for
from presidente.president.actions import Action, Play
from presidente.president.mypyc_shim import mypyc_attr
from presidente.president.observation import Observation
from presidente.president.rules import Rules
from presidente.president.state import Phase, State

MoveKey = Move  # (rank, size, jokers, declared) of a play, -1 for none; None for a pass
# Beyond this many unseen cards (a table of many decks) deals are too large to sample card by card and a lead
# has too many sizes to play out: the heuristic bot decides.
MAX_SEARCH_CARDS = 1_000
EXPLORATION = 0.7


def move_key(action: Action) -> MoveKey:
    if isinstance(action, Play):
        rank = -1 if action.rank is None else action.rank
        declared = -1 if action.declared is None else action.declared
        return (rank, action.size, action.jokers, declared)
    return None


class Node:
    """A move's statistics: simulations, summed reward and (in the default search) summed places (0: first)
    and wins of the seat that made it."""

    __slots__ = ("avails", "children", "firsts", "mover", "places", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[MoveKey, Node] = {}
        self.visits = 0
        self.avails = 1
        self.reward = 0.0
        self.places = 0
        self.firsts = 0


# The reward of each place (`reward_at`), by the number of places.
_PLACE_REWARDS: dict[int, list[float]] = {}


def _rewards_by_place(places: int) -> list[float]:
    """`reward_at(position, places)` for every position, worked out once."""
    by_place = _PLACE_REWARDS.get(places)
    if by_place is None:
        by_place = _PLACE_REWARDS[places] = [reward_at(position, places) for position in range(places)]
    return by_place


def place_rewards(order: Sequence[int], seats: int) -> list[float]:
    """Reward of each seat for a finishing order (best first)."""
    by_place = _rewards_by_place(len(order))
    rewards = [0.0] * seats
    for position, seat in enumerate(order):
        rewards[seat] = by_place[position]
    return rewards


def place_reward(order: Sequence[int], seat: int) -> float:
    """`place_rewards(order, seats)[seat]`, for one seat."""
    if seat not in order:
        return 0.0
    return reward_at(order.index(seat), len(order))


# In the compiled build (setup.py) this module's functions are compiled, `Node` a native class; the bot stays a
# Python class (its methods compiled) that callers and tests may wrap or patch.
@mypyc_attr(native_class=False)
class IsmctsBot:
    """Search over deals weighed by the evidence, with a time budget and a simulation budget per move
    (`tree`: ISMCTS instead of playing every move out on the same deals; `infer`: weigh the deals)."""

    name = "ismcts"

    def __init__(
        self,
        time: float = 0.1,
        iterations: int = 0,
        rollout_depth: int = 500,
        exploration: float = EXPLORATION,
        rules: Rules | None = None,
        tree: bool = False,
        infer: bool = True,
    ) -> None:
        if time <= 0 and iterations <= 0:
            raise ValueError("ismcts needs a budget: time > 0 or iterations > 0.")
        self.time = time
        self.iterations = iterations
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.rules = rules
        self.tree = tree
        self.infer = infer
        self.fallback = HeuristicBot(rules)
        # For the tables whose suits the rank-count playout cannot follow.
        self.card_search = CardSearchBot(time, iterations, rules)
        self.last_iterations = 0  # simulations of the last search
        self.last_playouts = 0  # of which were played out (the rest were deals met before)

    def choose(self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random) -> Choice[Action]:
        if observation.phase == Phase.PLAY and not plays_on_rank_counts(rules_for(observation, self.rules)):
            return self.card_search.choose(observation, legal_actions, rng)
        visited = self._searched_moves(observation, legal_actions, rng)
        if not visited:
            return self.fallback.choose(observation, legal_actions, rng)
        if self.tree:
            key, child = max(visited, key=lambda item: item[1].visits)
        else:
            key, child = max(visited, key=lambda item: item[1].reward / item[1].visits)
        visits = child.visits
        action = next(a for a in legal_actions if move_key(a) == key)
        share = child.reward / max(1, child.visits)
        reason = f"search: {visits} of {self.last_iterations} simulations, expected result {share:.0%}"
        # For a player: each move was played out on `visits` deals of the hidden cards (the default search plays
        # every move on the same deals), and this one did best.
        return Choice(action, reason, "search", {"deals": visits})

    def evaluate(
        self,
        observation: Observation,
        legal_actions: Sequence[Action],
        rng: random.Random,
        keep: Action | None = None,
    ) -> list[MoveValue[Action]] | None:
        """What the default search expects of every legal move, best first (the move `choose` plays), from the
        seat's observation alone; None where `choose` would not search (one move, the card transfer or the
        draft, a huge table: moves left to the heuristic bot). On rules the rank-count playout cannot play, the
        card search's values: its moves with their suits, `keep` always among them (see `CardSearchBot.evaluate`)."""
        if self.tree:
            raise ValueError("evaluate() reads the default search's places: use tree=False.")
        if observation.phase == Phase.PLAY and not plays_on_rank_counts(rules_for(observation, self.rules)):
            return self.card_search.evaluate(observation, legal_actions, rng, keep) or None
        visited = self._searched_moves(observation, legal_actions, rng)
        if not visited:
            return None
        values = [
            MoveValue(
                next(a for a in legal_actions if move_key(a) == key),
                child.visits,
                child.reward / child.visits,
                1 + child.places / child.visits,
                child.firsts / child.visits,
            )
            for key, child in visited
        ]
        # `max` keeps the first of equal rewards, as `choose` does; a stable sort on the negated reward too.
        return sorted(values, key=lambda value: -value.reward)

    def _searched_moves(
        self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random
    ) -> list[tuple[MoveKey, Node]]:
        """The legal moves' nodes after a search, in the root's order; empty where the bot does not search."""
        keys = {move_key(action) for action in legal_actions}
        if len(keys) == 1 or observation.phase != Phase.PLAY:
            return []
        rules = rules_for(observation, self.rules)
        if not plays_on_rank_counts(rules):
            return []
        try:
            knowledge = knowledge_of(observation, rules)
            if sum(knowledge.unseen) > MAX_SEARCH_CARDS:
                return []
            template = public_state(observation, rules)
        except DeterminizationError:
            return []
        evidence = Evidence(observation, template) if self.infer else None
        root = self.search(template, knowledge, rng, evidence)
        return [(key, child) for key, child in root.children.items() if key in keys and child.visits]

    def search(
        self, template: State, knowledge: Knowledge, rng: random.Random, evidence: Evidence | None = None
    ) -> Node:
        """Run the iterations from the template (a public state) and return the root of the tree."""
        root = Node(-1)
        self.last_playouts = 0
        dealer = Dealer(template, knowledge)
        public = Table.from_state(template)
        deadline = time.perf_counter() + self.time if self.time > 0 else math.inf
        limit = self.iterations if self.iterations > 0 else 1 << 62
        deals: Deals = dealer
        if evidence is not None and evidence.decisions:
            deals = Sampler(dealer, evidence, rng)
        if not self.tree:
            return self._search_moves(root, public, deals, rng, deadline, limit)
        done = 0
        while done < limit:
            if done & 15 == 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, public.copy(deals.deal(rng)), rng)
            done += 1
        self.last_iterations = self.last_playouts = done
        return root

    def _search_moves(
        self,
        root: Node,
        public: Table,
        deals: Deals,
        rng: random.Random,
        deadline: float,
        limit: int,
    ) -> Node:
        """Every move of the seat, each played out on the same deals (so that luck cancels out between them)."""
        first = public.copy(deals.deal(rng))
        mover = first.current
        assert mover is not None
        children = [(move, root.children.setdefault(move, Node(mover))) for move in first.legal_moves()]
        # The playout policy is deterministic, so a deal met again (the evidence sampler's chain often stays on
        # one or comes back to it) gives every move the same result as before: it is looked up, not replayed.
        # Per deal, each move's (reward, place of the mover: 0 is first).
        results: dict[tuple[tuple[int, ...], ...], list[tuple[float, int]]] = {}
        done = 0
        while done < limit and time.perf_counter() < deadline:
            hands = deals.deal(rng)
            deal_key = tuple(map(tuple, hands))
            outcomes = results.get(deal_key)
            if outcomes is None:
                base = public.copy(hands)
                outcomes = results[deal_key] = []
                for move, _ in children:
                    table = base.copy()
                    table.play(move)
                    order = table.playout(rng, self.rollout_depth, mover)
                    position = order.index(mover)  # the mover is in the round: in every finishing order
                    outcomes.append((_rewards_by_place(len(order))[position], position))
                self.last_playouts += len(children)
            for (_, child), (reward, position) in zip(children, outcomes, strict=True):
                child.visits += 1
                child.reward += reward
                child.places += position
                child.firsts += position == 0
            done += len(children)
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
                move = untried[randbelow(rng, len(untried))]
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
