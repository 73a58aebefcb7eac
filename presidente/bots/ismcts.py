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
whichever comes first. `clock` says what `time` is measured on: the wall clock (`wall`, the default) or the
searching thread's CPU time (`cpu`: a loaded machine then slows the move but does not weaken it).
`make_bot("ismcts:time=0.1,iterations=2000")` builds one (see `registry`).

Compiled playouts: where numba is installed (the `envs` extra) and the one rules kernel covers the table
(`rank_playout.covers_table`: `bga`, `victorz`, `trump-jokers`, `college`), both searches play their playouts on
`rank_kernel` as `strong` does, once it is loaded (`rank_playout.ready`: in a thread, `Table` until then), and the
evidence's misses are counted there (`rank_playout.sampler`). The kernel plays `Table`'s policy move for move, so the
places, and with them every visit, reward and choice, are the same on both paths (tests/bots/test_ismcts_search.py;
`IsmctsBot(compiled=False)` forces `Table`). The tree search makes each deal a board and walks its tree there
(`TreePlayouts`: the kernel's legal moves in `Table.legal_moves`' order, so the same draws and ties), then plays on
until the place of every seat on the walk is settled; unless a seat's deal is bounded by the transfer, whole
iterations run in one compiled call instead (`compiled_search.CompiledTree`, `search_kernel`: the deal, the dealer's
or the evidence chain's, the walk with the tree as arrays, the playouts, on the generator's own state; the same draws
and results). The default search runs its whole loop there too (`compiled_search.CompiledChain`: the chain's deals,
the deals met again looked up, every move played out, the sums). A search whose round might outlast `rollout_depth`
moves stays on `Table` (`compiled_search.kernel_finishes`), and so does the level-by-level walk in the mypyc build
(`_NATIVE_TABLE`), whose native `Table` is faster than the kernel's calls from Python.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from presidente.bots import compiled_search, rank_playout
from presidente.bots.base import Choice, MoveValue, clock_named
from presidente.bots.card_search import CardSearchBot, reward_at, rewards_by_place
from presidente.bots.compiled_search import TreePlayouts
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
# Is `Table` a native class of the compiled build (setup.py, mypyc; `playout._NATIVE`)? There the tree search's
# walk and playouts stay on `Table`: 1.2 times as fast as on the kernel there (docs/bots.md).
_NATIVE_TABLE = "__mypyc_attrs__" in vars(Table)


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


def place_rewards(order: Sequence[int], seats: int) -> list[float]:
    """Reward of each seat for a finishing order (best first)."""
    by_place = rewards_by_place(len(order))
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
        compiled: bool = True,
        clock: str = "wall",
    ) -> None:
        if time <= 0 and iterations <= 0:
            raise ValueError("ismcts needs a budget: time > 0 or iterations > 0.")
        self.time = time
        self.clock = clock_named("ismcts", clock)
        self.iterations = iterations
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.rules = rules
        self.tree = tree
        self.infer = infer
        self.compiled = compiled  # playouts on the compiled kernel where it is loaded (`rank_playout`)
        self.fallback = HeuristicBot(rules)
        # For the tables whose suits the rank-count playout cannot follow.
        self.card_search = CardSearchBot(time, iterations, rules, clock=clock)
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
        deadline = self.clock() + self.time if self.time > 0 else math.inf
        limit = self.iterations if self.iterations > 0 else 1 << 62
        deals: Deals = dealer
        if evidence is not None and evidence.decisions:
            # The misses counted on the compiled kernel where it is loaded: the same numbers, the same deals.
            if self.compiled:
                deals = rank_playout.sampler(dealer, evidence, rng, public)
            else:
                deals = Sampler(dealer, evidence, rng)
        if not self.tree:
            return self._search_moves(root, public, deals, rng, deadline, limit)
        kernel = TreePlayouts.start(public, self.rollout_depth) if self.compiled else None
        by_place = rewards_by_place(public.seats)
        whole = compiled_search.CompiledTree.start(kernel, deals, rng, self.exploration, by_place)
        if whole is not None:  # every iteration in the kernel: the same draws, walks and rewards
            self.last_iterations = self.last_playouts = whole.search(rng, limit, deadline, self.clock)
            for key, mover, visits, avails, reward in whole.root_children():
                child = root.children[key] = Node(mover)
                child.visits, child.avails, child.reward = visits, avails, reward
            return root
        if _NATIVE_TABLE:  # the mypyc build's native `Table` walks faster than the kernel's calls from Python
            kernel = None
        done = 0
        while done < limit:
            if done & 15 == 0 and self.clock() >= deadline:
                break
            if kernel is not None:
                self._iterate_on_kernel(root, kernel.board(deals.deal(rng)), rng, kernel)
            else:
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
        moves = [move for move, _ in children]
        # The compiled playouts where the kernel is loaded and covers the table (None: `Table`'s).
        compiled = None
        if self.compiled and compiled_search.kernel_finishes(public, self.rollout_depth):
            compiled = rank_playout.RankPlayouts.start(public, mover, moves)
        by_place = rewards_by_place(len(public.round_players))
        # The playout policy is deterministic, so a deal met again (the evidence sampler's chain often stays on
        # one or comes back to it) gives every move the same result as before: it is looked up, not replayed.
        # Per deal, each move's (reward, place of the mover: 0 is first).
        results: dict[tuple[tuple[int, ...], ...], list[tuple[float, int]]] = {}
        done = 0
        # With the compiled playouts, the evidence's deals too in the kernel: the same loop, there (`CompiledChain`),
        # which leaves the one below nothing to do.
        chain = compiled_search.CompiledChain.start(deals, rng, compiled, by_place) if compiled is not None else None
        if chain is not None:
            done, played = chain.search(rng, limit, done, deadline, self.clock)
            self.last_playouts = played * len(children)
            visits, rewards, places, firsts = chain.stats
            for index, (_, child) in enumerate(children):
                child.visits += int(visits[index])
                child.reward += float(rewards[index])
                child.places += int(places[index])
                child.firsts += int(firsts[index])
        while done < limit and self.clock() < deadline:
            hands = deals.deal(rng)
            deal_key = tuple(map(tuple, hands))
            outcomes = results.get(deal_key)
            if outcomes is None:
                outcomes = results[deal_key] = []
                if compiled is not None:
                    # Each move's place as `Table.playout` gives it (-1: past the kernel's moves, played on `Table`).
                    for move, position in zip(moves, compiled.play(hands), strict=True):
                        if position >= 0:
                            outcomes.append((by_place[position], position))
                        else:
                            outcomes.append(self._outcome(public.copy([hand[:] for hand in hands]), move, rng))
                else:
                    base = public.copy(hands)
                    outcomes.extend(self._outcome(base.copy(), move, rng) for move in moves)
                self.last_playouts += len(children)
            for (_, child), (reward, position) in zip(children, outcomes, strict=True):
                child.visits += 1
                child.reward += reward
                child.places += position
                child.firsts += position == 0
            done += len(children)
        self.last_iterations = done
        return root

    def _outcome(self, table: Table, move: MoveKey, rng: random.Random) -> tuple[float, int]:
        """The mover's reward and place (0: first) after `move` on `table`, the round played on by `Table`'s policy."""
        mover = table.current
        assert mover is not None
        table.play(move)
        order = table.playout(rng, self.rollout_depth, mover)
        position = order.index(mover)  # the mover is in the round: in every finishing order
        return rewards_by_place(len(order))[position], position

    def _iterate(self, root: Node, table: Table, rng: random.Random) -> None:
        node = root
        path: list[Node] = []
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
            best_move = self._select(children, moves)
            node = children[best_move]
            table.play(best_move)
            path.append(node)
        rewards = place_rewards(table.playout(rng, self.rollout_depth), table.seats)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.mover]

    def _iterate_on_kernel(self, root: Node, board: Any, rng: random.Random, kernel: TreePlayouts) -> None:
        """`_iterate` on the kernel's board: the same moves in the same order (`TreePlayouts.legal`), so the same
        draws, walk and rewards."""
        node = root
        path: list[Node] = []
        over = False
        while not over:
            moves = kernel.legal(board)
            children = node.children
            untried = [move for move in moves if move not in children]
            mover = kernel.current(board)
            if untried:
                move = untried[randbelow(rng, len(untried))]
                node = children[move] = Node(mover)
                over = kernel.play(board, move)
                path.append(node)
                break
            best_move = self._select(children, moves)
            node = children[best_move]
            over = kernel.play(board, best_move)
            path.append(node)
        rewards = kernel.rewards(board, [visited.mover for visited in path])
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.mover]

    def _select(self, children: dict[MoveKey, Node], moves: list[MoveKey]) -> MoveKey:
        """UCB1 with availability counts: the first of the best scores among `moves` (each counted available)."""
        exploration = self.exploration
        best_move: MoveKey = None
        best_score = -math.inf
        for move in moves:
            child = children[move]
            child.avails += 1
            score = child.reward / child.visits + exploration * math.sqrt(math.log(child.avails) / child.visits)
            if score > best_score:
                best_move, best_score = move, score
        return best_move
