"""The `learned` bot's policy on the rank-count kernel's board, compiled with numba: playouts by the learned policy.

`rank_kernel` plays the search's playouts with `playout.Table`'s heuristic policy. This module plays them (for the
first `depth` moves of a playout, or all of them) with the `learned` bot's policy instead: for the seat to move on
the board (`envs/table_kernel.py`'s layout with hands counted by rank kind, as `rank_kernel` reads it) it writes the
state row and each legal move's action row as `learned.encode` writes them for the same position seen by that seat
— its hand; the cards it has not seen (every card neither in its hand nor played nor face up); the trick's top and
size; the obligation, lead and revolution flags; the other seats' hand sizes, passes, whether out of the round and
whether they played last; its role; the seats finished; per move its shape, the hand it leaves, whether it empties
the hand, finishes illegally, is a master, breaks a set, equals the top, the sets left, and whether the heuristic
would play it (the advice: `rank_kernel.policy_index`, `playout.Table`'s policy, where the learned bot asks
`HeuristicBot`: the two agree on most moves, not all) — runs the network (the weights file's arrays, float32) and
plays the best-scored legal move (the first of equals, as `np.argmax`). The legal moves are the rules kernel's
(`table_kernel.fill_mask`), the moves made by its `apply`: no rule is written here.

Supported: every table that `rank_playout.covers` and that a shipped weights file was trained for
(`Weights.trained_for`: the same rules, deck count included, at that many players) when the file reads the `base` or the
`full` rows: `bga`, `victorz`, `college` and `college-draft` at 3 to 8 players, `trump-jokers` at 4 to 8 (one deck each,
as trained). The kernel writes the full rows (`learned.STATE_FEATURES`, `ACTION_FEATURES`: the base rows, then the
fourth other seat, the top's and the move's sequence flags, 0 on these tables, and a play's cards beyond 4, a group's
too) and the network reads as many leading columns as its first layer has, as `Weights.scores` does (the `bga` 4-player
file the base rows, the others the full rows). The three joker modes (`rank_kernel.F_MODE`) as `president_heuristic`
reads them: a play's strength is its rank's, a wild joker's (`victorz`) its declared rank's, jokers alone where they are
not wild the joker's slot (`bga`'s lone joker, a trump); `is_master` by the mode; the trick's top from its key, the best
rank's N-1 cards on N (`one_fewer_two`) the best's. `LearnedPlayouts.start_learned` refuses every other table or file
(the suit tables' suited rows, rules or player counts no file was trained on): None, the caller keeps the heuristic's
playouts. tests/bots/test_rank_learned.py checks the rows against `learned.encode` and the move against the network's on
seeded positions of each joker mode and of 3 to 6 players; `benchmarks/rank_learned_speed.py` measures the playouts a
CPU-second and checks more positions.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
from numba import njit

from presidente.bots import rank_playout
from presidente.bots.background_load import BackgroundLoad
from presidente.bots.learned import (
    ACTION_FEATURES,
    LAYOUT_WIDTHS,
    OTHER_SEATS,
    ROLES,
    SHIPPED_WEIGHTS,
    STATE_FEATURES,
    Weights,
    load_weights,
    weights_for,
)
from presidente.bots.learned_network import (
    AC_AFTER,
    AC_FLAGS,
    AC_KIND,
    AC_LONGER,
    AC_MOVED,
    AC_SHAPE,
    AC_STRENGTH,
    BEST,
    JOKER_SLOT,
    SLOTS,
    ST_CARDS,
    ST_FINISHED,
    ST_FLAGS,
    ST_FOURTH,
    ST_HAND,
    ST_OTHERS,
    ST_PHASE,
    ST_ROLE,
    ST_SIZE,
    ST_TOP,
    ST_UNSEEN,
    end_action_row,
    first_layer,
    network_arrays,
    score,
    units,
)
from presidente.bots.playout import Move, Table
from presidente.bots.rank_kernel import (
    BGA,
    F_COPIES,
    F_DECK_JOKERS,
    F_MODE,
    F_PENALIZE_JOKER,
    F_PENALIZED,
    TRUMP,
    _settled,
    play_candidate,
    policy_index,
)
from presidente.envs.table_kernel import (
    ACTIVE,
    CURRENT,
    FACE_UP,
    JOKER_KIND,
    LAST,
    OBLIGATION,
    ONE_FEWER_KEY,
    PASSED,
    PLAYED,
    R_ONE_FEWER,
    R_PLAYERS,
    RANKS,
    REVERSED,
    S_JOKERS,
    S_LONE,
    S_NATURALS,
    S_RANK,
    SEAT_ROWS,
    SIZES,
    TABLE,
    TOP_KEY,
    TOP_SHAPE,
    TRICK_SIZE,
    WINNERS,
    apply,
    fill_mask,
)
from presidente.president.rules import Rules

# numba keys this module's cached code on this file's content alone, though it inlines `table_kernel`'s,
# `rank_kernel`'s and `learned_network`'s functions: it holds their SHA-256 (as `rank_kernel` does), so that it changes
# whenever they do (tests/bots/test_rank_learned.py checks them).
KERNEL_SHA256: Final = "4b7262851f715fec382783dce36a780ed74442cf3a8c8974b0eacc98e423fe72"
POLICY_SHA256: Final = "eee77d6a77f16ae73e2b4b85f0006449bd291b905659f64de2550bc96480be5a"
NETWORK_SHA256: Final = "749d352cd4f48c18a205d127383f63e2ff9bd9ca3a6197e52df21e1ca7d1cfb6"

# The rows' blocks are `learned_network`'s. Of the full layout's extras, the trick's sequence (state) and the play's
# (action) are never set on a rank-count table; a play's cards beyond 4 are (a group of five or more).
# The layouts a network here may read: it reads the leading columns of the full rows, as many as its first layer has.
LAYOUTS = ("base", "full")


@njit(cache=True, inline="always")
def _strength(rank: int, reversed_order: int) -> int:
    return 12 - rank if reversed_order else rank


@njit(cache=True)
def _unseen(board: Any, seat: int, facts: Any, unseen: Any) -> None:
    """`unseen[kind]`: the copies of each rank kind (the joker's last) the seat has not seen."""
    row = RANKS + SEAT_ROWS * seat
    for kind in range(SLOTS):
        total = facts[F_DECK_JOKERS] if kind == JOKER_KIND else facts[F_COPIES]
        left = total - board[row, kind] - board[PLAYED, kind] - board[FACE_UP, kind]
        unseen[kind] = left if left > 0 else 0


@njit(cache=True, inline="always")
def _top_strength(table: Any) -> int:
    """`president_heuristic.play_strength` of the trick's top play (a trick in progress), from its key: a rank's
    strength; the best rank's N-1 cards on N (`one_fewer_two`) the best's; jokers alone where not wild (a lone or a
    trump joker) the joker's slot. The key is in the order in force, a wild joker's its declared rank's."""
    key = table[TOP_KEY]
    if key == ONE_FEWER_KEY:
        return BEST
    top = key >> 1
    return top if top < JOKER_SLOT else JOKER_SLOT


@njit(cache=True)
def encode_state(board: Any, shapes: Any, consts: Any, facts: Any, roles: Any, unseen: Any, state: Any) -> None:
    """`state`: `learned.encode_state`'s full row for the seat to move (`unseen` filled by `_unseen`): the base
    row, then the fourth other seat and a 0 (no sequence on the trick)."""
    table = board[TABLE]
    seat = table[CURRENT]
    players = consts[R_PLAYERS]
    reversed_order = table[REVERSED]
    row = RANKS + SEAT_ROWS * seat
    state[:] = 0.0
    for rank in range(13):
        slot = _strength(rank, reversed_order)
        state[ST_HAND + slot] = 0.25 * board[row, rank]
        state[ST_UNSEEN + slot] = 0.25 * unseen[rank]
    state[ST_HAND + JOKER_SLOT] = 0.25 * board[row, JOKER_KIND]
    state[ST_UNSEEN + JOKER_SLOT] = 0.25 * unseen[JOKER_KIND]
    if table[TRICK_SIZE]:
        state[ST_TOP + _top_strength(table)] = 1.0
        shape = table[TOP_SHAPE]
        size = shapes[shape, S_NATURALS] + shapes[shape, S_JOKERS] if shape >= 0 else table[TRICK_SIZE]
        state[ST_SIZE + (size if size < 4 else 4) - 1] = 1.0
    state[ST_FLAGS] = 1.0 if table[OBLIGATION] else 0.0
    state[ST_FLAGS + 1] = 0.0 if table[TRICK_SIZE] else 1.0
    state[ST_FLAGS + 2] = 1.0 if reversed_order else 0.0
    state[ST_PHASE] = 1.0  # the play phase
    state[ST_CARDS] = board[SIZES, seat] / 13
    for step in range(1, OTHER_SEATS + 2):
        at = ST_OTHERS + 4 * (step - 1) if step <= OTHER_SEATS else ST_FOURTH
        if step < players:
            other = (seat + step) % players
            state[at] = board[SIZES, other] / 13
            state[at + 1] = 1.0 if board[PASSED, other] else 0.0
            state[at + 2] = 0.0 if board[ACTIVE, other] else 1.0
            state[at + 3] = 1.0 if table[LAST] == other else 0.0
        else:
            state[at + 2] = 1.0
    state[ST_ROLE + roles[seat]] = 1.0
    state[ST_FINISHED] = table[WINNERS] / players


@njit(cache=True)
def _is_master(strength: int, size: int, consts: Any, facts: Any, unseen: Any, reversed_order: int) -> bool:
    """`president_heuristic.is_master` (a play of `strength` and `size`) on the seat's unseen counts."""
    mode = facts[F_MODE]
    unseen_jokers = unseen[JOKER_KIND]
    if unseen_jokers and (mode == TRUMP or (mode == BGA and size == 1)) and strength < JOKER_SLOT:
        return False
    wild = unseen_jokers if mode != TRUMP else 0
    for rank in range(13):
        if _strength(rank, reversed_order) > strength and unseen[rank] and unseen[rank] + wild >= size:
            return False
    if consts[R_ONE_FEWER] and size >= 2 and strength < BEST:
        best_rank = _strength(BEST, reversed_order)
        if unseen[best_rank] + wild >= size - 1 and unseen[best_rank]:
            return False
    return True


@njit(cache=True)
def encode_action(
    board: Any, shapes: Any, consts: Any, facts: Any, unseen: Any, state: Any, index: int, advice: int, action: Any
) -> None:
    """`action`: `learned.encode_action`'s full row of the kernel move `index` (0 a pass, else 1 + a play shape) for
    the seat to move, `state` its state row, `advice` the heuristic's move (a kernel index). A play's strength is
    its rank's (a wild joker's: its declared rank's), the joker's slot for jokers alone where they are not wild."""
    table = board[TABLE]
    seat = table[CURRENT]
    reversed_order = table[REVERSED]
    row = RANKS + SEAT_ROWS * seat
    action[:] = 0.0
    for slot in range(SLOTS):
        action[AC_AFTER + slot] = state[ST_HAND + slot]
    if index == 0:
        action[AC_KIND] = 1.0
    else:
        shape = index - 1
        rank, naturals, jokers = shapes[shape, S_RANK], shapes[shape, S_NATURALS], shapes[shape, S_JOKERS]
        size = naturals + jokers
        lone = shapes[shape, S_LONE] != 0  # jokers alone, not wild: `bga`'s highest single, a trump
        played = JOKER_SLOT if lone else _strength(rank, reversed_order)
        action[AC_KIND + 1] = 1.0
        action[AC_STRENGTH + (played if played < JOKER_SLOT else JOKER_SLOT)] = 1.0
        action[AC_SHAPE] = size / 4
        action[AC_SHAPE + 1] = jokers
        action[AC_SHAPE + 2] = naturals / 4
        if naturals:
            action[AC_MOVED + played] = 0.25 * naturals
            action[AC_AFTER + played] -= 0.25 * naturals
        if jokers:
            action[AC_MOVED + JOKER_SLOT] += 0.25 * jokers
            action[AC_AFTER + JOKER_SLOT] -= 0.25 * jokers
        flags = AC_FLAGS
        action[flags] = 1.0 if size == board[SIZES, seat] else 0.0
        # `penalized_finish` reads a play's rank: a wild joker's declared one too.
        penalized = (not lone and facts[F_PENALIZED + 13 * reversed_order + rank] != 0) or (
            jokers > 0 and facts[F_PENALIZE_JOKER] != 0
        )
        action[flags + 1] = 1.0 if penalized else 0.0
        master = _is_master(played, size, consts, facts, unseen, reversed_order)
        action[flags + 2] = 1.0 if master else 0.0
        if naturals:
            action[flags + 3] = 1.0 if board[row, rank] > naturals else 0.0
        if table[TRICK_SIZE]:
            action[flags + 4] = 1.0 if _top_strength(table) == played else 0.0
        if size > 4:
            action[AC_LONGER] = (size - 4) / 4
    end_action_row(action, index, advice)


@njit(cache=True)
def encode(
    board: Any,
    shapes: Any,
    follows: Any,
    choices: Any,
    consts: Any,
    facts: Any,
    shape_of: Any,
    roles: Any,
    mask: Any,
    unseen: Any,
    state: Any,
    actions: Any,
    indices: Any,
) -> int:
    """The rows `learned.encode` writes for the seat to move: `state`, and `actions[i]` for the legal move
    `indices[i]` (kernel indices, in the kernel's order); their count."""
    advice = policy_index(board, shapes, follows, choices, consts, facts, shape_of, mask)
    fill_mask(board, shapes, follows, choices, consts, mask)
    _unseen(board, board[TABLE, CURRENT], facts, unseen)
    encode_state(board, shapes, consts, facts, roles, unseen, state)
    count = 0
    for index in range(1 + shapes.shape[0]):
        if mask[index]:
            encode_action(board, shapes, consts, facts, unseen, state, index, advice, actions[count])
            indices[count] = index
            count += 1
    return count


@njit(cache=True)
def learned_index(
    board: Any,
    shapes: Any,
    follows: Any,
    choices: Any,
    consts: Any,
    facts: Any,
    shape_of: Any,
    roles: Any,
    mask: Any,
    unseen: Any,
    state: Any,
    action: Any,
    first: Any,
    hidden: Any,
    second: Any,
    state_in: Any,
    action_in: Any,
    bias_in: Any,
    hidden_weights: Any,
    bias_hidden: Any,
    out_weights: Any,
    bias_out: Any,
) -> int:
    """The learned policy's move at the board's position (its seat to move), a kernel index: the only legal move,
    else the best-scored (the first of equals)."""
    fill_mask(board, shapes, follows, choices, consts, mask)
    legal = 0
    only = 0
    for index in range(1 + shapes.shape[0]):
        if mask[index]:
            legal += 1
            only = index
    if legal == 1:
        return only
    # Asked only where there is a choice. It leaves `mask` as it is or refills it for this same board (`_legal`).
    advice = policy_index(board, shapes, follows, choices, consts, facts, shape_of, mask)
    _unseen(board, board[TABLE, CURRENT], facts, unseen)
    encode_state(board, shapes, consts, facts, roles, unseen, state)
    first_layer(state, state_in, bias_in, first)
    best = -1
    best_score = 0.0
    for index in range(1 + shapes.shape[0]):
        if not mask[index]:
            continue
        encode_action(board, shapes, consts, facts, unseen, state, index, advice, action)
        value = score(action, first, action_in, hidden_weights, bias_hidden, out_weights, bias_out, hidden, second)
        if best < 0 or value > best_score:
            best, best_score = index, value
    return best


@njit(cache=True)
def play_deal(
    base: Any,
    hands: Any,
    candidates: Any,
    arms: Any,
    shapes: Any,
    follows: Any,
    choices: Any,
    consts: Any,
    facts: Any,
    shape_of: Any,
    roles: Any,
    seat: int,
    max_moves: int,
    depth: int,
    work: Any,
    mask: Any,
    no_cards: Any,
    places: Any,
    unseen: Any,
    state: Any,
    action: Any,
    first: Any,
    hidden: Any,
    second: Any,
    state_in: Any,
    action_in: Any,
    bias_in: Any,
    hidden_weights: Any,
    bias_hidden: Any,
    out_weights: Any,
    bias_out: Any,
) -> None:
    """`rank_kernel.play_deal` with the learned policy: `places[i]`, the seat's place after candidate move
    `candidates[arms[i]]` on the deal `hands` of the position `base`, the round played on by the learned policy for
    its first `depth` moves (every seat's; 0: all of them), then by the heuristic (`rank_kernel.policy_index`);
    -1 past `max_moves` moves."""
    for i in range(arms.shape[0]):
        place = play_candidate(work, base, hands, shapes, choices, consts, candidates[arms[i]], no_cards, seat)
        moves = 0
        while place < 0 and moves < max_moves:
            if depth <= 0 or moves < depth:
                index = learned_index(
                    work, shapes, follows, choices, consts, facts, shape_of, roles, mask, unseen, state, action, first,
                    hidden, second, state_in, action_in, bias_in, hidden_weights, bias_hidden, out_weights, bias_out,
                )  # fmt: skip
            else:
                index = policy_index(work, shapes, follows, choices, consts, facts, shape_of, mask)
            result = apply(work, shapes, choices, consts, index, no_cards, False)
            place = _settled(work, seat, result)
            moves += 1
        places[i] = place


@functools.lru_cache(maxsize=32)
def _trained_weights(rules: Rules, players: int) -> Weights | None:
    """The shipped weights file trained for this table (`Weights.trained_for`: these rules, deck count included, at
    this many players), if it reads the base or the full rows (the layouts supported here, not the suit tables'
    suited rows); read once per table (a search asks at every decision)."""
    weights = weights_for(tuple(load_weights(path) for path in SHIPPED_WEIGHTS), rules, players)
    widths = {LAYOUT_WIDTHS[layout] for layout in LAYOUTS}
    if weights is None:
        return None
    if (weights.arrays["state_in"].shape[0], weights.arrays["action_in"].shape[0]) not in widths:
        return None
    return weights


@functools.lru_cache(maxsize=32)
def trained_network(rules: Rules, players: int) -> tuple[Any, ...] | None:
    """The arrays of the network trained for this table as the kernel reads them (contiguous float32, in
    `play_deal`'s order), or None where no shipped file reading the base or the full rows was trained for it."""
    weights = _trained_weights(rules, players)
    if weights is None:
        return None
    return network_arrays(weights)


def _load() -> None:
    """Call the entry points once on a `bga` position (numba compiles them, or loads them from its cache)."""
    from presidente.president import new_game
    from presidente.president.rules import find_preset

    rank_playout.ready(wait=True)
    state = new_game(find_preset("bga"), 4, 0)
    assert state.current is not None
    table = Table.from_state(state)
    network = trained_network(table.rules, table.seats)
    assert network is not None
    playouts = LearnedPlayouts(table, state.current, table.legal_moves()[:2], network, 0)
    playouts.play(table.ranks)
    playouts.rows(playouts.base)


_KERNEL = BackgroundLoad("rank-learned", _load, rank_playout.AVAILABLE)


def ready(wait: bool = False) -> bool:
    """Are the compiled learned playouts loaded? The first call starts loading them in a thread of their own."""
    return _KERNEL.ready(wait)


def roles_of(table: Table) -> Any:
    """Each seat's role as `learned.ROLES` indexes them ("neutral" for a seat without one)."""
    return np.array([ROLES.index(table.roles.key_of(seat)) for seat in range(table.seats)], dtype=np.int64)


class LearnedPlayouts(rank_playout.RankPlayouts):
    """`RankPlayouts` whose playouts the learned policy plays (their first `depth` moves; 0: all)."""

    def __init__(self, public: Table, seat: int, moves: Sequence[Move], network: tuple[Any, ...], depth: int) -> None:
        super().__init__(public, seat, moves)
        self.depth = depth
        self.roles = roles_of(public)
        self.network = network
        width = units(network, "bias_in")
        self.unseen = np.zeros(SLOTS, dtype=np.int64)
        self.state = np.zeros(STATE_FEATURES, dtype=np.float32)
        self.action = np.zeros(ACTION_FEATURES, dtype=np.float32)
        self.first = np.zeros(width, dtype=np.float32)
        self.hidden = np.zeros(width, dtype=np.float32)
        self.second = np.zeros(units(network, "bias_hidden"), dtype=np.float32)

    @classmethod
    def start_learned(cls, public: Table, seat: int, moves: Sequence[Move], depth: int) -> LearnedPlayouts | None:
        """The learned playouts for this decision, or None where they are not supported (see the module docstring)
        or not loaded yet."""
        if not rank_playout.covers_table(public):
            return None
        network = trained_network(public.rules, public.seats)
        if network is None or not rank_playout.ready() or not ready():
            return None
        playouts = cls(public, seat, moves, network, depth)
        return playouts if all(index >= 0 for index in playouts.candidates.tolist()) else None

    def play(self, hands: Sequence[Sequence[int]], arms: Sequence[int] | None = None) -> list[int]:
        """`RankPlayouts.play`, the playouts by the learned policy (their first `depth` moves)."""
        a = self.arrays
        chosen = self.every_arm if arms is None else np.array(arms, dtype=np.int64)
        deal = np.array(hands, dtype=np.int64)
        play_deal(
            self.base, deal, self.candidates, chosen, a.shapes, a.follows, a.choices, a.consts, self.facts,
            a.shape_of, self.roles, self.seat, rank_playout.MAX_MOVES, self.depth, self.work, self.mask,
            self.no_cards, self.places, self.unseen, self.state, self.action, self.first, self.hidden, self.second,
            *self.network,
        )  # fmt: skip
        places: list[int] = self.places[: len(chosen)].tolist()
        return places

    def rows(self, board: Any) -> tuple[Any, Any, list[int]]:
        """The state row, the legal moves' action rows (the full rows) and their kernel indices at `board` (its seat
        to move)."""
        a = self.arrays
        actions = np.zeros((1 + a.shapes.shape[0], ACTION_FEATURES), dtype=np.float32)
        indices = np.zeros(1 + a.shapes.shape[0], dtype=np.int64)
        state = np.zeros(STATE_FEATURES, dtype=np.float32)
        count = encode(
            board, a.shapes, a.follows, a.choices, a.consts, self.facts, a.shape_of, self.roles, self.mask,
            self.unseen, state, actions, indices,
        )  # fmt: skip
        return state, actions[:count], indices[:count].tolist()

    def learned_index(self, board: Any) -> int:
        """The learned policy's move at `board` (its seat to move), a kernel index."""
        a = self.arrays
        index: int = learned_index(
            board, a.shapes, a.follows, a.choices, a.consts, self.facts, a.shape_of, self.roles, self.mask,
            self.unseen, self.state, self.action, self.first, self.hidden, self.second, *self.network,
        )  # fmt: skip
        return index
