"""The ismcts searches' compiled parts (`search_kernel`): the bridge from `ismcts`.

`IsmctsBot.search(tree=True)` on the compiled playouts (`TreePlayouts`) used to cross from Python to numba
twice a tree level (`fill_mask`, `apply`) and once a seat for the playouts, and drew each deal and walked the tree in
Python. Where the deals are a plain `determinize.Dealer`'s (`Dealer.plain_deal`: no seat bounded by the transfer) or
the evidence chain's on the kernel (`rank_playout.CompiledSampler`) and the generator a plain `random.Random`
(`determinize.draws_by_bits`), `CompiledTree` runs the iterations in `search_kernel.search` instead — 16 at a time
under a time budget, so that the deadline is looked at after the same iterations as in `IsmctsBot.search`, all at
once under a simulation budget — on the generator's own state, which it then hands back (`Random.setstate`). The
deals, the draws, the walk and the rewards are the Python walk's, so every visit and reward is the same
(tests/bots/test_compiled_search.py, `benchmarks/ismcts_fingerprint.py`). The tree stays in arrays: the search hands
`ismcts` its root's children.

The default search's deals from the evidence (`rank_playout.CompiledSampler`'s chain of card swaps) are drawn there
too, a batch at a time (`CompiledChain`), on the generator's own state likewise.

The kernel loads in a thread of its own (`ready`, as `rank_playout`'s: from numba's cache, or compiled the first time
after an install); until then the tree search walks and the chain steps in Python, with the same results.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from presidente.bots import rank_playout
from presidente.bots.background_load import BackgroundLoad
from presidente.bots.card_search import rewards_by_place
from presidente.bots.determinize import Dealer, Deals, draws_by_bits
from presidente.bots.playout import Move, Table

if TYPE_CHECKING:
    from presidente.bots.rank_playout import CompiledSampler

# Iterations between two looks at the clock under a time budget (`IsmctsBot.search` looks every 16).
BATCH = 16


def kernel_finishes(table: Table, depth: int) -> bool:
    """Does the round surely end within `depth` moves and the kernel's own limit? Each play takes at least a card,
    and between two plays each other seat passes at most once (a trick ends when the turn comes back to its last
    player), so a round with C cards in hand ends within (C + 1) * seats moves. Where that is within the rollout
    depth, `Table.playout(rng, depth)` and the kernel play the same round to its end."""
    bound = (sum(table.sizes) + 1) * table.seats
    return bound <= depth and bound <= rank_playout.MAX_MOVES


class TreePlayouts:
    """The tree search on the compiled kernel: each iteration's deal made a board (`board`), the tree walked on it
    with the kernel's legal moves (`fill_mask`, listed in `Table.legal_moves`' order: the same draws and the same
    UCB1 ties) and moves (`apply`), then the round played on by the policy (`rank_kernel.play_out`) until the place
    of every seat on the walk is settled (the policy reads only the board, so playing on for one seat and then for
    the next plays the one round `Table.playout` plays)."""

    def __init__(self, playouts: rank_playout.RankPlayouts, public: Table, depth: int) -> None:
        import numpy as np

        from presidente.bots import rank_kernel  # numba: only once `rank_playout` found it
        from presidente.envs import table_kernel as k

        self.playouts = playouts
        self.depth = depth
        self.base = playouts.board_of(public)
        self.hand_rows = [k.HAND + k.SEAT_ROWS * seat for seat in range(public.seats)]
        self.rank_rows = [k.RANKS + k.SEAT_ROWS * seat for seat in range(public.seats)]
        self.kinds = k.KINDS
        self.current_at = (k.TABLE, k.CURRENT)
        self.places_row, self.place_row = k.PLACES, k.PLACE
        self.round_over = k.NEEDS_DEAL | k.MATCH_OVER
        # numba's dispatchers, typed Any: the compiled build type-checks without numba (tools/build_compiled.py).
        self.play_out: Any = rank_kernel.play_out
        self.fill_mask: Any = k.fill_mask
        self.apply: Any = k.apply
        self.array = np.array
        # Every play shape as a Table move, in `Table.legal_moves`' order: a pass, the natural ranks (rank, size,
        # jokers used, ascending), then jokers alone (declared rank, size).
        shape_of = playouts.arrays.shape_of
        ordered: list[tuple[tuple[int, int, int, int], int, Move]] = []
        for first in range(shape_of.shape[0]):
            for naturals in range(shape_of.shape[1]):
                for jokers in range(shape_of.shape[2]):
                    shape = int(shape_of[first, naturals, jokers])
                    if shape < 0:
                        continue
                    rank, size = first - 1, naturals + jokers
                    if naturals:
                        ordered.append(((0, rank, size, jokers), 1 + shape, (rank, size, jokers, -1)))
                    else:  # jokers alone: no rank (-1), or the rank a wild joker declares
                        ordered.append(((1, rank, size, 0), 1 + shape, (rank, size, size, rank)))
        ordered.sort()
        self.order = np.array([0] + [index for _, index, _ in ordered], dtype=np.int64)
        self.keys: list[Move] = [None]
        self.keys.extend(key for _, _, key in ordered)
        self.index_of: dict[Move, int] = {key: int(index) for key, index in zip(self.keys, self.order, strict=True)}

    @classmethod
    def start(cls, public: Table, depth: int) -> TreePlayouts | None:
        """The kernel's tree search from `public`, or None where `Table` must play it."""
        if not kernel_finishes(public, depth):
            return None
        playouts = rank_playout.RankPlayouts.start(public, -1, [])
        return None if playouts is None else cls(playouts, public, depth)

    def board(self, hands: list[list[int]]) -> Any:
        """The search's position with this deal's hands (rank counts, seat by seat)."""
        board = self.base.copy()
        counts = self.array(hands)
        board[self.hand_rows, : self.kinds] = counts
        board[self.rank_rows, : self.kinds] = counts
        return board

    def current(self, board: Any) -> int:
        return int(board[self.current_at])

    def legal(self, board: Any) -> list[Move]:
        """`Table.legal_moves()` at the board's position: the kernel's legal moves, in that order."""
        arrays, playouts = self.playouts.arrays, self.playouts
        mask = playouts.mask
        self.fill_mask(board, arrays.shapes, arrays.follows, arrays.choices, arrays.consts, mask)
        keys = self.keys
        return [keys[at] for at in mask.take(self.order).nonzero()[0].tolist()]

    def play(self, board: Any, move: Move) -> bool:
        """Make `move` for the seat to move; has the round ended?"""
        arrays = self.playouts.arrays
        result = self.apply(
            board, arrays.shapes, arrays.choices, arrays.consts, self.index_of[move], self.playouts.no_cards, False
        )
        return bool(result & self.round_over)

    def rewards(self, board: Any, movers: Sequence[int]) -> dict[int, float]:
        """The reward of each of `movers` (the walk's, in its order) for the round played on from the board, as
        `place_rewards(table.playout(rng, depth), seats)` gives it."""
        playouts = self.playouts
        arrays = playouts.arrays
        places_row, place_row = self.places_row, self.place_row
        by_place = rewards_by_place(len(self.hand_rows))
        found: dict[int, float] = {}
        for mover in movers:
            if mover in found:
                continue
            if board[places_row, mover] > 0:  # the round is over: every seat's place, 1 = first
                place = int(board[places_row, mover]) - 1
            elif board[place_row, mover] >= 0:  # settled already
                place = int(board[place_row, mover])
            else:
                place = int(
                    self.play_out(
                        board,
                        arrays.shapes,
                        arrays.follows,
                        arrays.choices,
                        arrays.consts,
                        playouts.facts,
                        arrays.shape_of,
                        mover,
                        self.depth,
                        playouts.mask,
                        playouts.no_cards,
                    )
                )
                # Within `kernel_finishes`' bound every round ends, so every place is settled.
                assert place >= 0, "a playout past the rollout depth"
            found[mover] = by_place[place]
        return found


def _load() -> None:
    """Run short searches in the kernel on a `bga` position with moves to weigh (numba compiles its entry points, or
    loads them from its cache): the tree search on the dealer's deals and on the chain's, the default search."""
    from presidente.bots.determinize import Evidence, knowledge_of, public_state
    from presidente.bots.playout import Table
    from presidente.president import new_game
    from presidente.president.rules import find_preset
    from presidente.president.state import Phase

    if not rank_playout.ready(wait=True):
        raise RuntimeError("the rank kernel did not load")
    rules = find_preset("bga")
    state = new_game(rules, 4, 0)
    for _ in range(200):
        seat = state.current_player
        assert seat is not None
        observation, legal = state.observation(seat), state.legal_actions()
        template = public_state(observation, rules) if state.phase is Phase.PLAY else None
        if template is not None and len(legal) > 1 and Evidence(observation, template).decisions:
            break
        state.apply(legal[0])
    assert template is not None
    public = Table.from_state(template)
    by_place = [1.0, 0.5, 0.25, 0.0]
    dealer = Dealer(template, knowledge_of(observation, rules))
    samplers = [rank_playout.sampler(dealer, Evidence(observation, template), random.Random(0), public) for _ in "ab"]
    assert all(type(sampler) is rank_playout.CompiledSampler for sampler in samplers)
    chained: Any = samplers[0]
    for deals in (dealer, chained):
        playouts = TreePlayouts.start(public, 500)
        assert playouts is not None
        CompiledTree(playouts, deals, 0.7, by_place).search(random.Random(0), 2, math.inf)
    sampler: Any = samplers[1]
    moves = public.copy(dealer.deal(random.Random(0))).legal_moves()
    assert public.current is not None
    rank_playouts = rank_playout.RankPlayouts.start(public, public.current, moves)
    assert rank_playouts is not None
    CompiledChain(sampler, rank_playouts, by_place).search(random.Random(0), 2 * len(moves), 0, math.inf)


_KERNEL = BackgroundLoad("search-kernel", _load, rank_playout.AVAILABLE)


def ready(wait: bool = False) -> bool:
    """Are the searches' compiled loops loaded? The first call starts loading them; `wait`: until they are loaded."""
    return _KERNEL.ready(wait)


def _misses_memo(seats: int, size: int = 2048) -> tuple[Any, Any, Any]:
    """An empty memo of the misses the chain met (`search_kernel._known_misses`): `size` slots a seat."""
    import numpy as np

    keys = np.full((seats, size), -1, dtype=np.int64)
    return keys, np.zeros((seats, size), dtype=np.int64), np.zeros(seats, dtype=np.int64)


def _chain_arrays(sampler: CompiledSampler) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The evidence chain's state (`search_kernel._chain_deal`'s `chain`) where the sampler's Python steps left it,
    and the decisions it weighs (`evidence`)."""
    import numpy as np

    from presidente.envs import table_kernel as k

    counter = sampler.counter
    seats = len(sampler.hands)
    free = np.zeros((seats, k.KINDS), dtype=np.int64)
    for seat, ranks in sampler.free_ranks.items():
        for rank in ranks:
            free[seat, rank] += 1
    misses = np.zeros(seats, dtype=np.int64)
    for seat, count in sampler.misses.items():
        misses[seat] = count
    movers = np.array(sampler.movers, dtype=np.int64)
    pairs = [[first * seats + second for first, second in row] for row in sampler.pairs]
    decisions = len(counter.recorded)
    chain = (
        np.array(sampler.hands, dtype=np.int64).reshape(seats, k.KINDS),
        free,
        misses,
        movers,
        np.array(pairs, dtype=np.int64).reshape(len(movers), max(0, len(movers) - 1)),
        np.array([sampler.evidence.MISMATCH**change for change in range(decisions + 2)], dtype=np.float64),
        np.array([sampler.STEPS], dtype=np.int64),
        _misses_memo(seats),
    )
    spans = np.zeros((seats, 2), dtype=np.int64)
    for seat, span in counter.spans.items():
        spans[seat] = span
    return chain, (counter.boards, counter.recorded, counter.laters, spans)


class CompiledTree:
    """One decision's tree search in the kernel: the position, the deal's facts and the tree's arrays."""

    def __init__(
        self, playouts: TreePlayouts, deals: Dealer | CompiledSampler, exploration: float, by_place: list[float]
    ) -> None:
        import numpy as np

        from presidente.bots import search_kernel
        from presidente.envs import table_kernel as k

        self.np = np
        self.kernel: Any = search_kernel.search  # numba's dispatcher (the compiled build type-checks without numba)
        self.playouts = playouts
        self.exploration = exploration
        arrays = playouts.playouts.arrays
        seats = len(playouts.hand_rows)
        nothing = np.zeros(0, dtype=np.int64)
        self.dealt: tuple[Any, ...]
        self.chain: tuple[Any, ...]
        self.evidence: tuple[Any, ...]
        if isinstance(deals, Dealer):
            plain = deals.plain_deal()
            assert plain is not None, "a deal the kernel does not make"
            cards, wanted = plain
            self.dealt = (
                np.array(deals.base, dtype=np.int64).reshape(seats, k.KINDS),
                np.array(cards, dtype=np.int64),
                np.array(deals.others, dtype=np.int64),
                np.array(wanted, dtype=np.int64),
            )
            # No chain: its arrays empty (of the types the kernel takes).
            no_hands = np.zeros((0, k.KINDS), dtype=np.int64)
            self.chain = (
                no_hands, no_hands, nothing, nothing, np.zeros((0, 0), dtype=np.int64), np.zeros(0, dtype=np.float64),
                np.zeros(1, dtype=np.int64), _misses_memo(0, 1),
            )  # fmt: skip
            self.evidence = (np.zeros((0, 1, 1), dtype=np.int64), nothing, no_hands, np.zeros((0, 2), dtype=np.int64))
        else:
            self.chain, self.evidence = _chain_arrays(deals)
            self.dealt = (np.zeros((seats, k.KINDS), dtype=np.int64), nothing, nothing, nothing)
        self.rules = (arrays.shapes, arrays.follows, arrays.choices, arrays.consts, playouts.playouts.facts)
        self.shape_of = arrays.shape_of
        self.order = playouts.order
        self.by_place = np.array(by_place, dtype=np.float64)
        positions = len(playouts.order)
        self.work = (
            np.empty_like(playouts.base),  # the iteration's board
            np.empty((seats, k.KINDS), dtype=np.int64),  # its deal
            np.empty_like(self.dealt[1]),  # the unseen cards, shuffled
            playouts.playouts.mask,
            playouts.playouts.no_cards,
            np.empty(playouts.depth + 2, dtype=np.int64),  # the walk's nodes (a round ends within the depth)
            np.empty(positions, dtype=np.int64),  # the legal moves' positions in `order`
            np.empty(positions, dtype=np.int64),  # the untried ones
            np.empty(seats, dtype=np.float64),  # each mover's reward
        )
        self.used = np.ones(1, dtype=np.int64)  # the root
        self.movers = np.full(1, -1, dtype=np.int64)
        self.visits = np.zeros(1, dtype=np.int64)
        self.avails = np.ones(1, dtype=np.int64)
        self.rewards = np.zeros(1, dtype=np.float64)
        self.children = np.full((1, positions), -1, dtype=np.int64)

    @classmethod
    def start(
        cls,
        playouts: TreePlayouts | None,
        deals: Deals,
        rng: random.Random,
        exploration: float,
        by_place: list[float],
    ) -> CompiledTree | None:
        """The search in the kernel, or None where it walks in Python: no kernel playouts, deals other than a plain
        `Dealer`'s (`plain_deal`) or the evidence chain's on the kernel (`rank_playout.CompiledSampler`), a generator
        other than a plain `Random`, or the kernel not loaded yet."""
        if playouts is None or not draws_by_bits(rng) or not ready():
            return None
        if type(deals) is rank_playout.CompiledSampler:
            return cls(playouts, deals, exploration, by_place)
        if type(deals) is not Dealer or deals.plain_deal() is None:
            return None
        return cls(playouts, deals, exploration, by_place)

    def _room(self, more: int) -> None:
        """Room for `more` nodes in the tree's arrays."""
        np = self.np
        needed = int(self.used[0]) + more
        size = self.movers.shape[0]
        if needed <= size:
            return
        grow = max(needed, 2 * size) - size
        self.movers = np.concatenate((self.movers, np.full(grow, -1, dtype=np.int64)))
        self.visits = np.concatenate((self.visits, np.zeros(grow, dtype=np.int64)))
        self.avails = np.concatenate((self.avails, np.ones(grow, dtype=np.int64)))
        self.rewards = np.concatenate((self.rewards, np.zeros(grow, dtype=np.float64)))
        rows = np.full((grow, self.children.shape[1]), -1, dtype=np.int64)
        self.children = np.concatenate((self.children, rows))

    def search(
        self, rng: random.Random, limit: int, deadline: float, clock: Callable[[], float] = time.perf_counter
    ) -> int:
        """Iterate until `limit` iterations or `deadline` (a value of `clock`), drawing from `rng`'s state and
        leaving it where the Python walk would; the iterations done."""
        version, internal, gauss = rng.getstate()
        mt = self.np.array(internal, dtype=self.np.int64)
        shapes, follows, choices, consts, facts = self.rules
        playouts = self.playouts
        batch = limit if deadline == math.inf else BATCH
        done = 0
        try:
            while done < limit:
                if clock() >= deadline:
                    break
                count = min(batch, limit - done)
                self._room(count)
                ran: int = self.kernel(
                    count, mt, playouts.base, self.dealt, self.chain, self.evidence, shapes, follows, choices, consts,
                    facts, self.shape_of, self.order, self.by_place, self.exploration, playouts.depth, self.movers,
                    self.visits, self.avails, self.rewards, self.children, self.used, self.work,
                )  # fmt: skip
                done += ran
                assert ran == count, "a playout past the rollout depth"
        finally:
            rng.setstate((version, tuple(mt.tolist()), gauss))
        return done

    def root_children(self) -> list[tuple[Move, int, int, int, float]]:
        """The root's children in the order they were made: each move's key, its mover, visits, availability
        count and summed reward."""
        row = self.children[0]
        made = sorted((int(row[p]), p) for p in (row >= 0).nonzero()[0].tolist())
        keys = self.playouts.keys
        return [
            (keys[p], int(self.movers[node]), int(self.visits[node]), int(self.avails[node]), float(self.rewards[node]))
            for node, p in made
        ]


class CompiledChain:
    """The default search's deals in the kernel (`search_kernel.search_moves`): the evidence's chain
    (`rank_playout.CompiledSampler`, its misses counted on the kernel) taken over where its Python steps left it
    (after the search's first deal), each deal looked up if met before or played out (`rank_playout.RankPlayouts`'
    position and moves), every move's statistics summed there; on the generator's own state, handed back at the end.
    The same swaps, draws, deals and sums as `IsmctsBot._search_moves` in Python; under a time budget the clock is
    looked at every `TIMED` deals rather than every deal."""

    TIMED: Final = 8
    MEMO = 1024  # the memo's first slots (it doubles as it fills)

    def __init__(self, sampler: CompiledSampler, playouts: rank_playout.RankPlayouts, by_place: list[float]) -> None:
        import numpy as np

        from presidente.bots import search_kernel

        self.np = np
        self.kernel: Any = search_kernel.search_moves  # numba's dispatchers
        self.rehash: Any = search_kernel.rehash
        self.chain, self.evidence = _chain_arrays(sampler)
        arrays = playouts.arrays
        self.rules = (
            arrays.shapes, arrays.follows, arrays.choices, arrays.consts, playouts.facts, arrays.shape_of,
            playouts.mask,
        )  # fmt: skip
        moves = len(playouts.candidates)
        self.moves = moves
        self.play = (
            playouts.base, playouts.candidates, playouts.every_arm, playouts.seat, rank_playout.MAX_MOVES,
            playouts.work, playouts.no_cards, playouts.places,
        )  # fmt: skip
        self.memo = self._memo(self.MEMO)
        self.stats = (
            np.zeros(moves, dtype=np.int64),
            np.zeros(moves, dtype=np.float64),
            np.zeros(moves, dtype=np.int64),
            np.zeros(moves, dtype=np.int64),
        )
        self.by_place = np.array(by_place, dtype=np.float64)

    @classmethod
    def start(
        cls, deals: Deals, rng: random.Random, playouts: rank_playout.RankPlayouts, by_place: list[float]
    ) -> CompiledChain | None:
        """The search's deals in the kernel, or None where they stay in Python: deals other than a `CompiledSampler`'s,
        a generator other than a plain `Random`, or the kernel not loaded yet."""
        if type(deals) is not rank_playout.CompiledSampler or not draws_by_bits(rng) or not ready():
            return None
        return cls(deals, playouts, by_place)

    def _memo(self, size: int) -> tuple[Any, Any, Any, Any]:
        """An empty memo of `size` slots (a power of two)."""
        np = self.np
        seats, kinds = self.chain[0].shape
        return (
            np.zeros((size, seats, kinds), dtype=np.int64),
            np.zeros(size, dtype=np.int8),
            np.zeros((size, self.moves), dtype=np.int64),
            np.zeros(1, dtype=np.int64),
        )

    def _room(self, more: int) -> None:
        """A memo at most half full after `more` deals more."""
        keys, filled, outcomes, entries = self.memo
        size = filled.shape[0]
        needed = 2 * (int(entries[0]) + more)
        if needed <= size:
            return
        while size < needed:
            size *= 2
        memo = self._memo(size)
        self.rehash(keys, filled, outcomes, memo)
        self.memo = memo

    def search(
        self,
        rng: random.Random,
        limit: int,
        done: int,
        deadline: float,
        clock: Callable[[], float] = time.perf_counter,
    ) -> tuple[int, int]:
        """Deals until `done` (the simulations so far, `moves` a deal) reaches `limit` or the clock `deadline`: the
        simulations done and the deals played out; `stats` holds each move's visits, summed reward, summed place
        and firsts."""
        version, internal, gauss = rng.getstate()
        mt = self.np.array(internal, dtype=self.np.int64)
        played = 0
        try:
            while done < limit and clock() < deadline:
                count = -(-(limit - done) // self.moves)
                if deadline != math.inf:
                    count = min(count, self.TIMED)
                self._room(count)
                new: int = self.kernel(
                    count, mt, self.chain, self.evidence, self.rules, self.play, self.memo, self.stats, self.by_place
                )
                assert new >= 0, "a playout past the kernel's moves"
                played += new
                done += count * self.moves
        finally:
            rng.setstate((version, tuple(mt.tolist()), gauss))
        return done, played
