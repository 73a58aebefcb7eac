"""The rank-count search's playouts on the compiled kernel (`rank_kernel`), where numba is installed and the one
rules kernel covers the table; the bridge between `playout.Table` and the kernel's board.

`strong` asks `RankPlayouts.start(public, seat, moves)` once per decision: None where numba (the `envs` extra) is
missing, the rules are not the kernel's (`covers`: `envs.compiled_table.covers`, the `bga`, `victorz`,
`trump-jokers` and `college` family at 3 to 8 seats), the position is not (`covers_table`: an obligation other than
"equalize or pass", a seat out of the round) or the kernel is not loaded yet (`ready`: the first ask loads it in a
thread of its own, compiling it the first time after an install, so no move waits for it); the search then plays
on `Table`, with the same places. `play(hands, arms)` plays each move's playout on one deal and returns the
seat's places, as `Table.playout(...).index(seat)` gives them.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from presidente.bots.background_load import BackgroundLoad
from presidente.bots.determinize import Dealer, Evidence, Sampler
from presidente.bots.playout import Move, Table
from presidente.president.rules import Rules

try:
    import numpy as np

    from presidente.bots import rank_kernel as kernel
    from presidente.envs import table_kernel as rules_kernel
except ImportError:  # numba and numpy come with the optional `envs` extra
    AVAILABLE = False
else:
    AVAILABLE = True

# Moves a playout may make before it is abandoned (a round of 8 seats of 2 decks ends far sooner).
MAX_MOVES = 2_000
_REVOLUTIONS = {"off": 0, "strict": 1, "jokers": 2}
_JOKER_MODES = {"bga": 0, "wild": 1, "trump": 2}


def _load() -> None:
    """Call the kernel's entry points once on a `bga` position (numba compiles them, or loads them from its cache),
    then mark the kernel ready. A failure leaves the search on `Table`."""
    from presidente.president import new_game
    from presidente.president.rules import find_preset

    state = new_game(find_preset("bga"), 4, 0)
    assert state.current is not None
    table = Table.from_state(state)
    moves = table.legal_moves()[:2]
    playouts = RankPlayouts(table, state.current, moves)
    playouts.play(table.ranks)
    RankPlayouts(table, state.current, moves, look=table.sizes[state.current]).play(table.ranks)
    board = playouts.board_of(table)
    playouts.policy_index(board)
    counter = _MissCounter.__new__(_MissCounter)
    counter.playouts, counter.spans = playouts, {state.current: (0, 1)}
    counter.boards, counter.recorded = board[None], np.zeros(1, dtype=np.int64)
    counter.laters = np.zeros((1, rules_kernel.KINDS), dtype=np.int64)
    counter.misses(state.current, table.ranks[state.current])


_KERNEL = BackgroundLoad("rank-kernel", _load, AVAILABLE)


def ready(wait: bool = False) -> bool:
    """Is the compiled kernel loaded? The first call starts loading it in a thread of its own
    (`background_load`); `wait`: until it is loaded."""
    return _KERNEL.ready(wait)


@functools.lru_cache(maxsize=32)
def covers(rules: Rules, players: int) -> bool:
    """Does the one rules kernel play these rules at `players` seats (`compiled_table.covers`)?"""
    if not AVAILABLE:
        return False
    from presidente.envs.compiled_table import covers as kernel_covers

    return kernel_covers(rules, players) and rules.revolution in _REVOLUTIONS and rules.pass_mode != "single"


def covers_table(table: Table) -> bool:
    """Can the kernel take this position over: covered rules, every seat in the round, a seat to move, no
    obligation but "equalize or pass"?"""
    return (
        not table.over
        and table.current is not None
        and len(table.round_players) == table.seats
        and table.obligation in (None, "or-pass")
        and covers(table.rules, table.seats)
    )


def kernel_order(move: Move) -> tuple[int, int, int, int]:
    """A Table move's place in the kernel's action order (`president_actions.play_shapes`): the pass, then the
    plays with natural cards by rank, naturals and jokers, then jokers alone by declared rank and count."""
    if move is None:
        return (0, 0, 0, 0)
    rank, size, jokers, _ = move
    naturals = size - jokers
    return (1, rank, naturals, jokers) if naturals else (2, rank, jokers, 0)


def _place_after(table: Table, move: Move, seat: int, rng: random.Random) -> int:
    """The seat's place after `move` on a copy of `table`, the round played on by the policy."""
    child = table.copy()
    child.play(move)
    return child.playout(rng, 1 << 30, seat).index(seat)


def looking_move(table: Table, seat: int, rng: random.Random) -> Move:
    """`rank_kernel.looking_index` on `Table`: of the seat's legal moves (its turn), the one after which the policy's
    playout places it best; the policy's own move on a tie, else the first in the kernel's order."""
    chosen = table.policy_move()
    best = _place_after(table, chosen, seat, rng)
    first = len(table.finished)  # the best place left
    for move in sorted(table.legal_moves(), key=kernel_order):
        if best == first:
            break  # nothing betters it
        if move == chosen:
            continue
        place = _place_after(table, move, seat, rng)
        if place < best:
            best, chosen = place, move
    return chosen


def looking_place(table: Table, seat: int, look: int, rng: random.Random) -> int:
    """`Table.playout(rng, watched=seat).index(seat)`, but the seat, once it holds `look` cards or fewer, makes
    `looking_move`'s move (`table` played on): `rank_kernel.play_out_looking` on `Table`, the same places
    (tests/bots/test_rank_playout.py)."""
    while not table.over:
        looking = table.current == seat and table.sizes[seat] <= look
        table.play(looking_move(table, seat, rng) if looking else table.policy_move())
        if not table.active[seat] and seat != table.downfallen:
            break
    return table.finishing_order().index(seat)


class _Arrays:
    """What the kernel reads of one rules at one player count: the play shapes, the tricks they follow, the rule
    numbers (`table_kernel`'s `consts`, hands by rank kind, no match to end) and the policy's `shape_of`."""

    def __init__(self, rules: Rules, players: int) -> None:
        from presidente.envs.vector_bga import Layout

        layout = Layout(rules, players)
        self.shapes = layout.shapes
        self.follows = layout.follows
        self.choices = layout.choices
        consts = layout.consts(by_rank=True)
        # A playout ends with its round: no match to end, nothing paid early.
        for flag in (rules_kernel.R_ROUNDS, rules_kernel.R_TARGET, rules_kernel.R_CREDIT):
            consts[flag] = 0
        self.consts = consts
        naturals = int(layout.s_naturals.max())
        jokers = int(layout.s_jokers.max()) if len(layout.s_jokers) else 0
        self.shape_of = np.full((14, naturals + 1, jokers + 1), -1, dtype=np.int64)
        wild = rules.joker_mode == "wild"
        for shape, (rank, count, used) in enumerate(
            zip(layout.s_rank, layout.s_naturals, layout.s_jokers, strict=True)
        ):
            lone = count == 0 and not wild
            self.shape_of[0 if lone else int(rank) + 1, int(count), int(used)] = shape
        self.sizes = layout.s_size


@functools.lru_cache(maxsize=32)
def _arrays(rules: Rules, players: int) -> _Arrays:
    return _Arrays(rules, players)


def facts_of(table: Table) -> Any:
    """The kernel's `facts` of a table: what the policy reads of the rules (`rank_kernel.F_*`)."""
    facts = np.zeros(kernel.F_SIZE, dtype=np.int64)
    facts[kernel.F_MODE] = _JOKER_MODES[table.joker_mode]
    facts[kernel.F_PENALIZE_JOKER] = table.penalize_final_joker
    facts[kernel.F_REVOLUTION] = _REVOLUTIONS[table.revolution]
    facts[kernel.F_REVOLUTION_CARDS] = table.revolution_cards
    facts[kernel.F_COPIES] = table.copies
    facts[kernel.F_DECK_JOKERS] = table.deck_jokers
    for reversed_order in (0, 1):
        for rank in range(13):
            facts[kernel.F_PENALIZED + 13 * reversed_order + rank] = table.penalized_ranks[reversed_order][rank]
    return facts


class RankPlayouts:
    """One decision's playouts on the kernel: the position's board once, then each deal's hands."""

    def __init__(self, public: Table, seat: int, moves: Sequence[Move], look: int = 0) -> None:
        players = public.seats
        arrays = _arrays(public.rules, players)
        self.arrays = arrays
        self.players = players
        self.facts = facts_of(public)
        self.base = self.board_of(public)
        self.candidates = np.array([self.index_of(move) for move in moves], dtype=np.int64)
        self.seat = seat
        self.work = np.empty_like(self.base)
        self.mask = np.zeros(arrays.shapes.shape[0] + 1 + arrays.choices.shape[0], dtype=np.int8)
        self.no_cards = np.zeros(rules_kernel.CARDS, dtype=np.int64)
        self.places = np.zeros(len(moves), dtype=np.int64)
        self.every_arm = np.arange(len(moves), dtype=np.int64)
        # The seat's moves in a playout look one step ahead once it holds this many cards or fewer (0: never).
        self.look = look
        self.inner = np.empty_like(self.base)
        self.legal = np.zeros_like(self.mask)

    @classmethod
    def start(cls, public: Table, seat: int, moves: Sequence[Move], look: int = 0) -> RankPlayouts | None:
        """The kernel's playouts for this decision, or None where `Table` must play them."""
        if not covers_table(public) or not ready():
            return None
        playouts = cls(public, seat, moves, look)
        return playouts if all(index >= 0 for index in playouts.candidates.tolist()) else None

    def index_of(self, move: Move) -> int:
        """The kernel's action index of a Table move (0 a pass), or -1 where it has no play shape."""
        if move is None:
            return 0
        rank, size, jokers, _ = move
        naturals = size - jokers
        shape_of = self.arrays.shape_of
        if not (-1 <= rank <= 12 and 0 <= naturals < shape_of.shape[1] and 0 <= jokers < shape_of.shape[2]):
            return -1
        shape = int(shape_of[rank + 1, naturals, jokers])
        return 1 + shape if shape >= 0 else -1

    def board_of(self, table: Table) -> Any:
        """The kernel's board of a Table's position (hands counted by rank kind; cards seen in `PLAYED`)."""
        k = rules_kernel
        players = self.players
        board = np.zeros((k.rows(players), k.RANK_BOARD_COLUMNS), dtype=np.int64)
        for seat in range(players):
            board[k.HAND + k.SEAT_ROWS * seat, : k.KINDS] = table.ranks[seat]
            board[k.RANKS + k.SEAT_ROWS * seat, : k.KINDS] = table.ranks[seat]
            board[k.SIZES, seat] = table.sizes[seat]
            board[k.ACTIVE, seat] = table.active[seat]
            board[k.PASSED, seat] = table.trick_passed[seat]
            board[k.PLACE, seat] = -1
        for place, seat in enumerate(table.finished):
            board[k.PLACE, seat] = place
        for index, seat in enumerate(table.out):
            board[k.PLACE, seat] = players - 1 - index
            board[k.LOWEST, seat] = 1
        board[k.PLAYED, : k.KINDS] = table.gone
        row = board[k.TABLE]
        row[k.ROUND] = 1
        top = table.roles.top
        row[k.PRESIDENT_SEAT] = -1 if top is None else top
        row[k.CURRENT] = -1 if table.current is None else table.current
        row[k.TRICK_SIZE] = table.trick_size
        row[k.TRICK_PLAYS] = 1 if table.trick_size else 0
        row[k.TOP_KEY] = table.top_key if table.trick_size else -1
        row[k.TOP_SHAPE] = self._top_shape(table)
        row[k.LAST] = -1 if table.last_player is None else table.last_player
        row[k.REVERSED] = table.reversed
        row[k.OBLIGATION] = table.obligation == "or-pass"
        row[k.RUN_RANK] = -1 if table.run_rank is None else table.run_rank
        row[k.RUN_COUNT] = table.run_count
        row[k.RUN_PLAYS] = table.run_plays
        row[k.MUST_INCLUDE] = table.must_include is not None
        row[k.DOWNFALLEN] = -1 if table.downfallen is None else table.downfallen
        row[k.WINNERS] = len(table.finished)
        row[k.LOWEST_COUNT] = len(table.out)
        return board

    def _top_shape(self, table: Table) -> int:
        """A play shape of the trick's top size (the policy reads the top's size from it), or -1."""
        if not table.trick_size:
            return -1
        for shape, size in enumerate(self.arrays.sizes.tolist()):
            if size == table.top_size:
                return shape
        return -1

    def policy_index(self, board: Any) -> int:
        """The policy's move at `board` as a kernel action index (0 a pass, else 1 + the play shape)."""
        a = self.arrays
        index: int = kernel.policy_index(
            board, a.shapes, a.follows, a.choices, a.consts, self.facts, a.shape_of, self.mask
        )
        return index

    def play(self, hands: Sequence[Sequence[int]], arms: Sequence[int] | None = None) -> list[int]:
        """The seat's place (0: first) after each move (or those of `arms`, indices, in that order) on the deal
        `hands` (rank counts, seat by seat), the round played on by the policy (the seat's moves looking one step
        ahead once it holds `look` cards or fewer: `looking_place`)."""
        a = self.arrays
        chosen = self.every_arm if arms is None else np.array(arms, dtype=np.int64)
        deal = np.array(hands, dtype=np.int64)
        kernel.play_deal(
            self.base, deal, self.candidates, chosen, a.shapes, a.follows, a.choices, a.consts, self.facts,
            a.shape_of, self.seat, MAX_MOVES, self.work, self.mask, self.no_cards, self.places, self.look, self.inner,
            self.legal,
        )  # fmt: skip
        places: list[int] = self.places[: len(chosen)].tolist()
        return places


class _MissCounter:
    """`Evidence.misses` on the kernel: each other seat's decisions as boards, its moves as kernel indices."""

    def __init__(self, evidence: Evidence, playouts: RankPlayouts) -> None:
        self.playouts = playouts
        boards: list[Any] = []
        recorded: list[int] = []
        laters: list[list[int]] = []
        self.spans: dict[int, tuple[int, int]] = {}
        for mover, decisions in evidence.by_mover.items():
            start = len(boards)
            for table, move, later in decisions:
                boards.append(playouts.board_of(table))
                recorded.append(playouts.index_of(move))
                laters.append(later if later is not None else [0] * rules_kernel.KINDS)
            self.spans[mover] = (start, len(boards))
        self.boards = np.array(boards, dtype=np.int64)
        self.recorded = np.array(recorded, dtype=np.int64)
        self.laters = np.array(laters, dtype=np.int64).reshape(len(laters), rules_kernel.KINDS)

    def misses(self, mover: int, hand: list[int]) -> int:
        start, stop = self.spans.get(mover, (0, 0))
        if start == stop:
            return 0
        a, playouts = self.playouts.arrays, self.playouts
        count: int = kernel.count_misses(
            self.boards,
            self.recorded,
            self.laters,
            start,
            stop,
            mover,
            np.array(hand, dtype=np.int64),
            a.shapes,
            a.follows,
            a.choices,
            a.consts,
            playouts.facts,
            a.shape_of,
            playouts.mask,
        )
        return count


class CompiledSampler(Sampler):
    """`determinize.Sampler`, its deals' misses (`Evidence.misses`) counted on the kernel: the same numbers, so the
    same chain and the same deals from the same generator (tests/bots/test_rank_playout.py)."""

    def __init__(self, dealer: Dealer, evidence: Evidence, rng: random.Random, counter: _MissCounter) -> None:
        self.counter = counter
        super().__init__(dealer, evidence, rng)

    def _misses(self, seat: int, hand: list[int]) -> int:
        known = self.known_misses[seat]
        key = tuple(hand)
        misses = known.get(key)
        if misses is None:
            misses = known[key] = self.counter.misses(seat, hand)
        return misses

    def _likelihood(self, hands: list[list[int]], floor: float = 0.0) -> float:
        """`Evidence.likelihood` from the misses counted on the kernel: `MISMATCH` multiplied in once a miss, as there
        (so the same number; the whole count, where `Evidence` stops below `floor`, the start is then passed over
        alike). The starts' hands join the misses the chain looks up."""
        counter = self.counter
        total = 0
        for seat in counter.spans:
            total += self._misses(seat, hands[seat]) if seat in self.known_misses else counter.misses(seat, hands[seat])
        weight = 1.0
        for _ in range(total):
            weight *= self.evidence.MISMATCH
        return weight


def sampler(dealer: Dealer, evidence: Evidence, rng: random.Random, public: Table) -> Sampler:
    """A `Sampler` of the deals, its misses counted on the kernel where it is loaded and covers every decision's
    position (`CompiledSampler`), else `determinize.Sampler`."""
    snapshots = [table for decisions in evidence.by_mover.values() for table, _, _ in decisions]
    if not snapshots or not covers_table(public) or not ready() or not all(map(covers_table, snapshots)):
        return Sampler(dealer, evidence, rng)
    playouts = RankPlayouts(public, -1, [])
    try:
        return CompiledSampler(dealer, evidence, rng, _MissCounter(evidence, playouts))
    except TypeError:  # a build whose native `Sampler` takes no Python subclass: the same deals, on `Table`
        return Sampler(dealer, evidence, rng)
