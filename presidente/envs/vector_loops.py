"""The vectorized engine's compiled calls: loops over a table axis around the one rules kernel (`table_kernel`).

`vector_bga.VectorTables` keeps one kernel board per table, `boards[table]` (hands as counts per rank kind: the
kernel's `R_BY_RANK`); each function here runs the kernel's `deal`, `apply` or `fill_mask` at the tables it is
given, one after the other (a move touches a few cells of one table: a loop per table is what pays,
benchmarks/env_speed.py measured it against numpy's array operations), and after a move or a deal makes the next
seat's mask and observation while that table's board is in cache. No rule is written here: `observe_tables` reads
a board into the vectorized engine's own observation (`OBSERVATION_LAYOUT`, counts per rank), and `sample_legal`
draws from masks.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba import njit, types
from numba.extending import intrinsic

from presidente.envs.president_actions import RANK_KINDS
from presidente.envs.table_kernel import (
    CURRENT,
    DOWNFALLEN,
    FACE_UP,
    GAVE,
    JOKER_KIND,
    KINDS,
    LAST,
    LOWEST,
    MAX_PLAYERS,
    MUST_INCLUDE,
    NEEDS_DEAL,
    OBLIGATION,
    PASSED,
    PLACE,
    PLAYED,
    PLAYERS,
    R_PLAYERS,
    RANKS,
    RECEIVED,
    REVERSED,
    ROLE,
    ROUND,
    RUN_COUNT,
    S_JOKERS,
    S_LONE,
    S_NATURALS,
    S_RANK,
    SCORES,
    SEAT_ROWS,
    SIZES,
    TABLE,
    TOP_SHAPE,
    TRANSFERRING,
    TRICK_PLAYS,
    TRICK_SIZE,
    apply,
    deal,
    fill_mask,
)

# numba keys this module's cached compiled loops on this file's content alone (a hash of it), though they inline
# `table_kernel`'s functions and constants: this file holds the kernel's SHA-256, so that it changes whenever the
# kernel does and no stale cached loop plays the old rules (tests/envs/test_vector_bga.py checks the hash).
KERNEL_SHA256: Final = "4b7262851f715fec382783dce36a780ed74442cf3a8c8974b0eacc98e423fe72"


def observation_layout(players: int) -> tuple[tuple[str, int, str], ...]:
    """(block, length, meaning) of the vectorized engine's observation at a table of `players` seats."""
    return (
        ("hand", RANK_KINDS, "own cards per rank (3 ... 2, then jokers)"),
        ("played", RANK_KINDS, "cards played this round per rank"),
        ("face_up", RANK_KINDS, "cards discarded face up this round (the downfallen President's hand)"),
        ("gave", RANK_KINDS, "cards this seat gave in this round's transfer"),
        ("received", RANK_KINDS, "cards this seat received in this round's transfer"),
        ("hand_sizes", players, "cards held by each seat, in order from the viewer"),
        ("finished", players, "1 for seats that went out among the winners"),
        ("out", players, "1 for seats ranked lowest this round (illegal finish, downfall)"),
        ("top_player", players, "1 for the seat whose play is on top"),
        ("scores", players, "match score of each seat (points, or credit)"),
        ("roles", 5 * players, "role of each seat this round, one-hot: president, vice, neutral, high-scum, scum"),
        ("trick_size", 1, "cards per play in this trick (0: to be led)"),
        ("trick_plays", 1, "plays made in this trick"),
        ("top_rank", RANK_KINDS, "rank of the top play, one-hot (jokers alone last)"),
        ("top_naturals", 1, "natural cards in the top play"),
        ("top_jokers", 1, "jokers in the top play"),
        ("reversed", 1, "1 during a revolution"),
        ("transfer", 1, "1 while the card transfer is under way (the seat to move gives)"),
        ("round", 1, "round number"),
        ("passed", players, "1 for seats out of this trick by passing (victorz's and trump-jokers' pass mode)"),
        ("obligation", 1, "1 when the seat to move must equalize or pass (college)"),
        ("run", 1, "cards of the top play's rank played in a row in this trick"),
        ("must_include", 1, "1 when this seat must lead the special 3 (victorz's first round)"),
    )


OBSERVATION_LAYOUT: Final = observation_layout(PLAYERS)
OBSERVATION_BLOCKS: Final = tuple(name for name, _length, _meaning in OBSERVATION_LAYOUT)


def _starts(players: int) -> list[int]:
    starts, at = [], 0
    for _name, length, _meaning in observation_layout(players):
        starts.append(at)
        at += length
    return [*starts, at]


# Where each block starts at a table of `players` seats: `OBSERVATION_STARTS[players, block]` (numba reads it as a
# constant), the last column the length.
OBSERVATION_STARTS: Final = np.array([_starts(players) for players in range(MAX_PLAYERS + 1)], dtype=np.int64)


def observation_size(players: int) -> int:
    """The length of the vectorized engine's observation at a table of `players` seats."""
    return int(OBSERVATION_STARTS[players, -1])


OBSERVATION_SIZE: Final = observation_size(PLAYERS)
(
    V_HAND,
    V_PLAYED,
    V_FACE_UP,
    V_GAVE,
    V_RECEIVED,
    V_SIZES,
    V_FINISHED,
    V_OUT,
    V_TOP_PLAYER,
    V_SCORES,
    V_ROLES,
    V_TRICK_SIZE,
    V_TRICK_PLAYS,
    V_TOP_RANK,
    V_TOP_NATURALS,
    V_TOP_JOKERS,
    V_REVERSED,
    V_TRANSFER,
    V_ROUND,
    V_PASSED,
    V_OBLIGATION,
    V_RUN,
    V_MUST_INCLUDE,
) = range(len(OBSERVATION_BLOCKS))


_PREFETCH: Final = "llvm.prefetch.p0i8"


@intrinsic
def _prefetch(typingctx: Any, array: Any, row: Any, offset: Any) -> Any:
    """Ask the CPU to bring into cache (for writing) the line at byte `offset` of `array[row]` (LLVM's
    `llvm.prefetch`): a hint, which changes no value."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        data = context.make_array(signature.args[0])(context, builder, args[0])
        base = builder.bitcast(data.data, ir.IntType(8).as_pointer())
        at = builder.add(builder.mul(args[1], builder.extract_value(data.strides, 0)), args[2])
        hint = ir.FunctionType(ir.VoidType(), [ir.IntType(8).as_pointer(), *[ir.IntType(32)] * 3])
        function = builder.module.globals.get(_PREFETCH) or ir.Function(builder.module, hint, _PREFETCH)
        write, locality, data_cache = (ir.Constant(ir.IntType(32), value) for value in (1, 3, 1))
        builder.call(function, [builder.gep(base, [at]), write, locality, data_cache])
        return context.get_dummy_value()

    return types.void(array, row, offset), codegen


@njit(cache=True, inline="always")
def _prefetch_row(array: Any, row: int) -> None:
    """Bring `array[row]` into cache, line by line (64 bytes)."""
    for offset in range(0, array.strides[0], 64):
        _prefetch(array, row, offset)  # type: ignore[call-arg]  # numba passes the typing context


# How many tables ahead a loop over thousands of them brings the next boards, masks and observations into cache: a
# board (about 1.5 kB), its mask and observation are read and written once per move, and with 4,096 tables they no
# longer fit the core's cache; without the hint each move waited for memory (step_tables 1.7x slower at 4,096 tables
# than at 256, per move; with it, about as fast).
AHEAD: Final = 2


@njit(cache=True, inline="always")
def _ready(board: Any, shapes: Any, follows: Any, choices: Any, consts: Any, mask: Any, seen: Any) -> None:
    """The mask of the seat to move and its observation (where a seat is to move), while the board is in cache."""
    fill_mask(board, shapes, follows, choices, consts, mask)
    current = board[TABLE, CURRENT]
    if current >= 0:
        _observe_one(board, current, shapes, consts, seen)


@njit(cache=True)
def deal_tables(
    tables: Any,
    boards: Any,
    shapes: Any,
    follows: Any,
    choices: Any,
    consts: Any,
    decks: Any,
    starts: Any,
    leaders: Any,
    masks: Any,
    seen: Any,
) -> None:
    """The kernel's `deal` at each of `tables` (their round numbers set): `decks[i]` from seat `starts[i]`, the
    first trick led by `leaders[i]` (-1: the special 3's holder); then `masks[t]` and `seen[t]` of the seat to move
    at each table `t`."""
    for i in range(tables.shape[0]):
        t = tables[i]
        deal(boards[t], consts, decks[i], starts[i], leaders[i])
        _ready(boards[t], shapes, follows, choices, consts, masks[t], seen[t])


@njit(cache=True)
def masks_of(tables: Any, boards: Any, shapes: Any, follows: Any, choices: Any, consts: Any, out: Any) -> None:
    """`out[i]`: the kernel's legal mask at table `tables[i]`."""
    n = tables.shape[0]
    for i in range(n):
        if i + AHEAD < n:
            _prefetch_row(boards, tables[i + AHEAD])
        fill_mask(boards[tables[i]], shapes, follows, choices, consts, out[i])


@njit(cache=True)
def step_tables(
    tables: Any,
    actions: Any,
    boards: Any,
    shapes: Any,
    choices: Any,
    consts: Any,
    follows: Any,
    no_cards: Any,
    earned: Any,
    needs_deal: Any,
    masks: Any,
    seen: Any,
) -> None:
    """The kernel's `apply` of `actions[i]` at table `tables[i]` (legal: checked by the caller); what each seat
    earned (its score's change: a round's end) in `earned[i]`, and `needs_deal[i]` where the next round is due,
    else the next seat's mask and observation in `masks[t]` and `seen[t]` (one pass over the board: a table's
    cells are read while they are in cache)."""
    n = tables.shape[0]
    for i in range(n):
        if i + AHEAD < n:
            ahead = tables[i + AHEAD]
            _prefetch_row(boards, ahead)
            _prefetch_row(masks, ahead)
            _prefetch_row(seen, ahead)
        t = tables[i]
        board = boards[t]
        players = consts[R_PLAYERS]
        for s in range(players):
            earned[i, s] = board[SCORES, s]
        result = apply(board, shapes, choices, consts, actions[i], no_cards, False)
        for s in range(players):
            earned[i, s] = board[SCORES, s] - earned[i, s]
        needs_deal[i] = (result & NEEDS_DEAL) != 0
        if not needs_deal[i]:
            _ready(board, shapes, follows, choices, consts, masks[t], seen[t])


@njit(cache=True, inline="always")
def _ranks_of(board: Any, row: int, out: Any, at: int) -> None:
    """`out[at:at + 14]`: board row `row` (counts per rank kind: the vectorized engine's boards are `R_BY_RANK`)."""
    for kind in range(KINDS):
        out[at + kind] = board[row, kind]


@njit(cache=True)
def observe_tables(tables: Any, viewers: Any, boards: Any, shapes: Any, consts: Any, out: Any) -> None:
    """Fill `out[i]` with the observation of seat `viewers[i]` at table `tables[i]` (`observation_layout`)."""
    n = tables.shape[0]
    for i in range(n):
        if i + AHEAD < n:
            _prefetch_row(boards, tables[i + AHEAD])
        _observe_one(boards[tables[i]], viewers[i], shapes, consts, out[i])


@njit(cache=True, inline="always")
def _observe_one(board: Any, viewer: int, shapes: Any, consts: Any, row: Any) -> None:
    """`row`: the observation of seat `viewer` at the table `board` (`observation_layout`)."""
    table = board[TABLE]
    players = consts[R_PLAYERS]
    at = OBSERVATION_STARTS[players]
    row[:] = 0
    _ranks_of(board, RANKS + SEAT_ROWS * viewer, row, at[V_HAND])
    _ranks_of(board, PLAYED, row, at[V_PLAYED])
    _ranks_of(board, FACE_UP, row, at[V_FACE_UP])
    _ranks_of(board, GAVE + SEAT_ROWS * viewer, row, at[V_GAVE])
    _ranks_of(board, RECEIVED + SEAT_ROWS * viewer, row, at[V_RECEIVED])
    for j in range(players):
        s = (viewer + j) % players
        out_of_round = board[LOWEST, s] or table[DOWNFALLEN] == s
        row[at[V_SIZES] + j] = board[SIZES, s]
        row[at[V_FINISHED] + j] = board[PLACE, s] >= 0 and not out_of_round
        row[at[V_OUT] + j] = out_of_round
        row[at[V_TOP_PLAYER] + j] = table[LAST] == s
        row[at[V_SCORES] + j] = board[SCORES, s]
        row[at[V_ROLES] + 5 * j + board[ROLE, s]] = 1
        row[at[V_PASSED] + j] = board[PASSED, s]
    row[at[V_TRICK_SIZE]] = table[TRICK_SIZE]
    row[at[V_TRICK_PLAYS]] = table[TRICK_PLAYS]
    shape = table[TOP_SHAPE]
    if shape >= 0:
        row[at[V_TOP_RANK] + (JOKER_KIND if shapes[shape, S_LONE] else shapes[shape, S_RANK])] = 1
        row[at[V_TOP_NATURALS]] = shapes[shape, S_NATURALS]
        row[at[V_TOP_JOKERS]] = shapes[shape, S_JOKERS]
    row[at[V_REVERSED]] = table[REVERSED]
    row[at[V_TRANSFER]] = table[TRANSFERRING]
    row[at[V_ROUND]] = table[ROUND]
    row[at[V_OBLIGATION]] = table[OBLIGATION]
    row[at[V_RUN]] = table[RUN_COUNT]
    row[at[V_MUST_INCLUDE]] = table[MUST_INCLUDE] and viewer == table[CURRENT]


@njit(cache=True)
def refused(actions: Any, masks: Any) -> int:
    """-1 where an action is outside `masks`' columns, else how many of `actions` (one per row) their row's
    mask refuses."""
    count = 0
    for i in range(actions.shape[0]):
        action = actions[i]
        if action < 0 or action >= masks.shape[1]:
            return -1
        count += masks[i, action] == 0
    return count


@njit(cache=True)
def sample_legal(masks: Any, uniforms: Any, out: Any) -> None:
    """`out[i]`: the legal index of `masks[i]` that `uniforms[i]` (in [0, 1)) falls on, each equally likely;
    0 for a row with none."""
    for i in range(masks.shape[0]):
        row = masks[i]
        count = 0
        for a in range(row.shape[0]):
            count += row[a]
        out[i] = 0
        if count == 0:
            continue
        wanted = int(uniforms[i] * count)
        for a in range(row.shape[0]):
            if row[a]:
                if wanted == 0:
                    out[i] = a
                    break
                wanted -= 1
