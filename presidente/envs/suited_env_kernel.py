"""The environment's entry points on the suit kernel: the play phase of a suit table (`uecda`, `daifugo`) for
`president_v0`.

`president_v0` plays the play phase of a covered suit table on the kernel (`envs/suited_table.py`): one call per
agent step (`env_move`) makes the move, lists the next seat's legal moves as the action space's indices
(`SuitedCodec`) and writes its observation (`SuitedObservationEncoder`'s vector); `env_mask` and `env_observe` do
the last two alone. The rules are the kernel's (`bots/suited_kernel.py`: `legal_moves`, `apply_move`, the board's
named positions); this module only translates between the board and the environment's arrays.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from numba import njit

from presidente.bots.suited_kernel import (
    BIT_OF_CARD,
    BOARD_SIZE,
    CUR,
    CW,
    DOWN,
    FIN,
    HAND,
    JOK,
    LAST,
    LEADER,
    LOCK,
    M_KIND,
    MAX_MOVES,
    MOVE_COLUMNS,
    N_FIN,
    N_OUT,
    NLOCKED,
    NONE,
    ORDER,
    OUT,
    OVER,
    PASS,
    PASSED,
    PASSES,
    POS,
    R_PASS_LIMIT,
    REV,
    SEATS,
    SIZE,
    TSIZE,
    apply_move,
    legal_moves,
    same_move,
)
from presidente.envs.fast_deal import draw_one

# numba keys this module's cached code on this file's content alone, though the code it compiles holds the suit
# kernel's rules and the twister's draws: this file names those files' SHA-256 (tests/envs/test_suited_compiled.py
# checks them), so that it changes whenever they do and no stale cached entry point plays old rules.
KERNEL_SHA256: Final = "43e363c31def2270d29e7916f97dcd7dee33492c638acd5de822cebff3a35834"
TWISTER_SHA256: Final = "a7a97fb9d3f6de7f5aefbb5bbcf432f29ba581ad2666cd24c195b36ec0d7d935"

# `track`: what the observation reads beyond the board.
T_PLAYED = 0  # cards played this round, per card kind of the engine (53, the joker at 52)
T_FACE_UP = 53  # cards discarded face up this round (the downfall)
T_PLAYS = 106  # plays in the trick
T_TOP = 107  # the action index of the trick's top play, -1 for none
T_RUN = 108  # cards of the top play's rank played in a row
T_FINISH = 109  # 1 where the kernel makes the round's last move (`ENV_OVER`), else the engine (`ENV_ENGINE`)
TRACK_SIZE = 110

# `info`: per action index, what the observation shows of it as the top play.
I_RANK, I_SLOT, I_NATURALS, I_JOKERS, I_SIZE, I_SEQ = range(6)
INFO_COLUMNS = 6

# `offsets`: where each block the kernel writes starts in the observation vector.
(
    O_HAND,
    O_PLAYED,
    O_FACE_UP,
    O_SIZES,
    O_FINISHED,
    O_OUT,
    O_PASSED,
    O_TO_MOVE,
    O_TOP_PLAYER,
    O_TRICK_SIZE,
    O_TRICK_PLAYS,
    O_TOP_RANK,
    O_TOP_NATURALS,
    O_TOP_JOKERS,
    O_RUN,
    O_REVERSED,
    O_TOP_CARDS,
    O_TOP_STAND_INS,
    O_TOP_SEQUENCE,
    O_LOCK,
    O_NUMBER_LOCKED,
    O_TURN_ORDER,
    O_PASSES,
) = range(23)
OFFSET_BLOCKS = (
    "hand",
    "played",
    "face_up",
    "hand_sizes",
    "finished",
    "out",
    "passed",
    "to_move",
    "top_player",
    "trick_size",
    "trick_plays",
    "top_rank",
    "top_naturals",
    "top_jokers",
    "run",
    "reversed",
    "top_cards",
    "top_stand_ins",
    "top_sequence",
    "lock",
    "number_locked",
    "turn_order",
    "passes_in_a_row",
)

# `env_move`'s results besides the next seat: the move is the engine's to make (it ends the round without
# `T_FINISH`, or reaches the pass limit, whose random places are the engine's draw); a legal move has no action
# index; the move ended the round (`T_FINISH`): the board, `track` and the table's cards are as it left them, no
# seat is to move (the mask is all zero) and the round's places are `kernel.place_of`'s.
ENV_ENGINE = -2
ENV_UNKNOWN = -3
ENV_OVER = -4
_MIX = 0x5851F42D4C957F2D

# `env_move`'s arguments are three buffers and the index: numba unboxes each array argument at every call (about
# 46 ns an array), and the move reads 15 arrays. `ints` starts with a header (`H_*`: where each of its arrays
# starts, `H_END` where the last ends, and `H_OBS` the observation's size), then the board, its backup, the rules
# row, `track`, `offsets`, the action rows' keys and order, the rows, `info` and the listed moves; `int8s` holds the
# mask, `top_cards` and `top_stand_ins`; `floats` the observation of the seat to move (`seen`), then `base`, a row
# per seat. `env_buffers` lays them out and returns each array as a view, which the environment reads and writes.
H_BOARD, H_BACKUP, H_RULES, H_TRACK, H_OFFSETS, H_KEYS, H_ORDER, H_ROWS, H_INFO, H_MOVES, H_END, H_OBS = range(12)
HEADER = 12


@njit(cache=True)
def move_key(rows: Any, index: int) -> int:
    """A hash of the move row `rows[index]` (wrapping arithmetic), to find its action index."""
    key = 0
    for column in range(MOVE_COLUMNS):
        key = key * _MIX + rows[index, column] + 1
    return key


@njit(cache=True)
def move_keys(rows: Any, out: Any) -> None:
    for index in range(rows.shape[0]):
        out[index] = move_key(rows, index)


@njit(cache=True)
def _action_index(moves: Any, listed: int, keys: Any, order: Any, rows: Any) -> int:
    """The action index whose row equals `moves[listed]` (`keys` sorted, `order` their indices), or -1."""
    key = move_key(moves, listed)
    at = np.searchsorted(keys, key)
    while at < keys.shape[0] and keys[at] == key:
        index = order[at]
        if same_move(rows, index, moves, listed):
            return int(index)
        at += 1
    return -1


@njit(cache=True)
def env_mask(board: Any, rules: Any, moves: Any, keys: Any, order: Any, rows: Any, mask: Any) -> int:
    """1 in `mask` at the action index of every legal move of the seat to move; how many, or `ENV_UNKNOWN`."""
    mask[:] = 0
    n = legal_moves(board, rules, moves)
    for listed in range(n):
        index = _action_index(moves, listed, keys, order, rows)
        if index < 0:
            return ENV_UNKNOWN
        mask[index] = 1
    return n


@njit(cache=True)
def env_observe(
    board: Any,
    track: Any,
    base: Any,
    info: Any,
    top_cards: Any,
    top_stand_ins: Any,
    offsets: Any,
    seat: int,
    out: Any,
) -> None:
    """`SuitedObservationEncoder`'s vector of `seat` into `out`: `base[seat]` (the blocks a play phase does not
    change: gives, the draft, who is in, scores, roles, places, phase, round) with the board's and `track`'s
    blocks written over it."""
    out[:] = base[seat]
    players = base.shape[0]
    bits = board[HAND + seat]
    at = offsets[O_HAND]
    for card in range(52):
        out[at + card] = bits >> BIT_OF_CARD[card] & 1
    out[at + 52] = board[JOK + seat]
    for card in range(53):
        out[offsets[O_PLAYED] + card] = track[T_PLAYED + card]
        out[offsets[O_FACE_UP] + card] = track[T_FACE_UP + card]
    step = 1 if board[CW] else -1
    for k in range(players):
        other = (seat + k) % players
        out[offsets[O_SIZES] + k] = board[SIZE + other]
        finished = 0
        for index in range(board[N_FIN]):
            if board[FIN + index] == other:
                finished = 1
        out[offsets[O_FINISHED] + k] = finished
        placed_last = 1 if board[DOWN] == other else 0
        for index in range(board[N_OUT]):
            if board[OUT + index] == other:
                placed_last = 1
        out[offsets[O_OUT] + k] = placed_last
        out[offsets[O_PASSED] + k] = board[PASSED + other]
        out[offsets[O_TO_MOVE] + k] = 1 if board[CUR] == other else 0
        out[offsets[O_TOP_PLAYER] + k] = 1 if board[LAST] == other else 0
        out[offsets[O_TURN_ORDER] + k] = ((board[POS + other] - board[POS + seat]) * step) % players
    out[offsets[O_TRICK_SIZE]] = board[TSIZE]
    out[offsets[O_TRICK_PLAYS]] = track[T_PLAYS]
    for slot in range(14):
        out[offsets[O_TOP_RANK] + slot] = 0
    for card in range(53):
        out[offsets[O_TOP_CARDS] + card] = 0
    for cell in range(top_stand_ins.shape[1]):
        out[offsets[O_TOP_STAND_INS] + cell] = 0
    top = track[T_TOP]
    if top >= 0:
        if info[top, I_SLOT] >= 0:
            out[offsets[O_TOP_RANK] + info[top, I_SLOT]] = 1
        out[offsets[O_TOP_NATURALS]] = info[top, I_NATURALS]
        out[offsets[O_TOP_JOKERS]] = info[top, I_JOKERS]
        out[offsets[O_RUN]] = track[T_RUN]
        for card in range(53):
            out[offsets[O_TOP_CARDS] + card] = top_cards[top, card]
        for cell in range(top_stand_ins.shape[1]):
            out[offsets[O_TOP_STAND_INS] + cell] = top_stand_ins[top, cell]
        out[offsets[O_TOP_SEQUENCE]] = info[top, I_SEQ]
    else:
        out[offsets[O_TOP_NATURALS]] = 0
        out[offsets[O_TOP_JOKERS]] = 0
        out[offsets[O_RUN]] = 0
        out[offsets[O_TOP_SEQUENCE]] = 0
    out[offsets[O_REVERSED]] = board[REV]
    for suit in range(4):
        out[offsets[O_LOCK] + suit] = board[LOCK] >> suit & 1
    out[offsets[O_NUMBER_LOCKED]] = board[NLOCKED]
    out[offsets[O_PASSES]] = board[PASSES]


@njit(cache=True)
def _env_move(
    board: Any,
    rules: Any,
    track: Any,
    info: Any,
    rows: Any,
    index: int,
    backup: Any,
    moves: Any,
    keys: Any,
    order: Any,
    mask: Any,
    base: Any,
    top_cards: Any,
    top_stand_ins: Any,
    offsets: Any,
    seen: Any,
) -> int:
    """Make the legal move of action index `index` (`rows[index]`); then the next seat's mask into `mask` and its
    observation into `seen`. The next seat, or `ENV_ENGINE` (nothing changed: the engine makes this move),
    `ENV_OVER` (the round ended, `T_FINISH`) or `ENV_UNKNOWN`."""
    kind = rows[index, M_KIND]
    if kind == PASS and rules[R_PASS_LIMIT] > 0 and board[PASSES] + 1 >= rules[R_PASS_LIMIT]:
        return ENV_ENGINE
    backup[:] = board
    mover = board[CUR]
    apply_move(board, rules, rows, index)
    if board[OVER] and not track[T_FINISH]:
        board[:] = backup
        return ENV_ENGINE
    # The cards that left the hands: the mover's were played, any other seat's laid face up (the downfall).
    for seat in range(board[SEATS]):
        lost = backup[HAND + seat] & ~board[HAND + seat]
        at = T_PLAYED if seat == mover else T_FACE_UP
        if lost:
            for card in range(52):
                if lost >> BIT_OF_CARD[card] & 1:
                    track[at + card] += 1
        track[at + 52] += backup[JOK + seat] - board[JOK + seat]
    if board[LAST] < 0:
        track[T_PLAYS] = 0
        track[T_TOP] = -1
        track[T_RUN] = 0
    elif kind != PASS:
        before = track[T_TOP]
        rank = info[index, I_RANK]
        if rank == NONE:
            track[T_RUN] = 0
        elif before >= 0 and info[before, I_RANK] == rank:
            track[T_RUN] += info[index, I_SIZE]
        else:
            track[T_RUN] = info[index, I_SIZE]
        track[T_PLAYS] += 1
        track[T_TOP] = index
    if board[OVER]:
        mask[:] = 0
        return ENV_OVER
    seat = board[CUR]
    if env_mask(board, rules, moves, keys, order, rows, mask) < 0:
        return ENV_UNKNOWN
    env_observe(board, track, base, info, top_cards, top_stand_ins, offsets, seat, seen)
    return int(seat)


@njit(cache=True, inline="always")
def _views(ints: Any, int8s: Any, floats: Any) -> Any:
    """The arrays `env_buffers` lays out in `ints`, `int8s` and `floats` (views: no copy), in `_env_move`'s order
    of arguments without the index: board, rules, track, info, rows, backup, moves, keys, order, mask, base,
    top_cards, top_stand_ins, offsets, seen."""
    size = ints[H_ORDER] - ints[H_KEYS]
    rows = ints[ints[H_ROWS] : ints[H_INFO]].reshape((size, MOVE_COLUMNS))
    info = ints[ints[H_INFO] : ints[H_MOVES]].reshape((size, INFO_COLUMNS))
    moves = ints[ints[H_MOVES] : ints[H_END]].reshape((MAX_MOVES, MOVE_COLUMNS))
    cells = (int8s.shape[0] - 54 * size) // size
    top_cards = int8s[size : 54 * size].reshape((size, 53))
    top_stand_ins = int8s[54 * size :].reshape((size, cells))
    width = ints[H_OBS]
    base = floats[width:].reshape((floats.shape[0] // width - 1, width))
    return (
        ints[ints[H_BOARD] : ints[H_BACKUP]],
        ints[ints[H_RULES] : ints[H_TRACK]],
        ints[ints[H_TRACK] : ints[H_OFFSETS]],
        info,
        rows,
        ints[ints[H_BACKUP] : ints[H_RULES]],
        moves,
        ints[ints[H_KEYS] : ints[H_ORDER]],
        ints[ints[H_ORDER] : ints[H_ROWS]],
        int8s[:size],
        base,
        top_cards,
        top_stand_ins,
        ints[ints[H_OFFSETS] : ints[H_KEYS]],
        floats[:width],
    )


@njit(cache=True)
def env_move(ints: Any, int8s: Any, floats: Any, index: int) -> int:
    """`_env_move` on the arrays `env_buffers` lays out in `ints`, `int8s` and `floats` (views: no copy)."""
    board, rules, track, info, rows, backup, moves, keys, order, mask, base, cards, stand_ins, offsets, seen = _views(
        ints, int8s, floats
    )
    return _env_move(
        board, rules, track, info, rows, index, backup, moves, keys, order, mask, base, cards, stand_ins, offsets, seen
    )


@njit(cache=True)
def _first_board(board: Any, template: Any, data: Any, ends: Any, deck: Any, seating: Any, special: int) -> int:
    """The first round's board as `State` deals it for one seed, from `template` (the board of any seed's first
    round): `data[:ends[0]]`, `data[ends[0]:ends[1]]` and `data[ends[1]:ends[2]]` are the bytes CPython's seeding
    makes of the seed's texts ``"S:round:1"``, ``"S:round:1:seating"`` and ``"S:round:1:leader"``
    (`fast_deal.seed_bytes`). The round's generator draws the dealer and shuffles `deck` (the pack listed as
    `cards.deal` lists it); the seating's shuffles `seating` (empty: no seat shuffle); the deck is handed out in
    slices, the larger first, along the seating from the dealer (`State._deal`); the leader's generator draws a
    seat, and where `special` (a card, else -1) is held, its first holder along the seating from that seat leads
    (`State._first_leader`). The seat to lead, or -1 where no seat holds `special` (the engine draws again)."""
    mt = np.zeros(624, dtype=np.int64)
    at = np.zeros(1, dtype=np.int64)
    key = np.zeros((max(ends[0], ends[1] - ends[0], ends[2] - ends[1]) + 3) // 4 + 1, dtype=np.int64)
    board[:] = template
    players = board[SEATS]
    dealer = draw_one(mt, at, key, data, 0, ends[0], players, deck)
    if seating.shape[0]:
        draw_one(mt, at, key, data, ends[0], ends[1], 0, seating)
        for index in range(players):
            board[ORDER + index] = seating[index]
            board[POS + seating[index]] = index
    none = np.zeros(0, dtype=np.int64)
    start = draw_one(mt, at, key, data, ends[1], ends[2], players, none)
    base, extra = deck.shape[0] // players, deck.shape[0] % players
    first, position = board[POS + dealer], 0
    for k in range(players):
        seat = board[ORDER + (first + k) % players]
        mask, jokers, size = 0, 0, base + (1 if k < extra else 0)
        for _ in range(size):
            card = deck[position]
            position += 1
            if card == 52:
                jokers += 1
            else:
                mask |= 1 << BIT_OF_CARD[card]
        board[HAND + seat] = mask
        board[JOK + seat] = jokers
        board[SIZE + seat] = size
    leader = start
    if special >= 0:
        leader = -1
        first = board[POS + start]
        for k in range(players):
            seat = board[ORDER + (first + k) % players]
            held = board[JOK + seat] if special == 52 else board[HAND + seat] >> BIT_OF_CARD[special] & 1
            if held:
                leader = seat
                break
    board[CUR] = leader
    board[LEADER] = leader
    return int(leader)


@njit(cache=True)
def env_first_deal(
    ints: Any, int8s: Any, floats: Any, template: Any, data: Any, ends: Any, deck: Any, seating: Any, special: int
) -> int:
    """A match's first round on the kernel (`_first_board`), the track of a round not begun, and the leader's
    mask and observation (`base` holds the round's rows already): the seat to lead, -1 where the engine must deal
    (`_first_board`), or `ENV_UNKNOWN`. `track[T_FINISH]` is kept (the caller's: does the kernel end the round)."""
    board, rules, track, info, rows, _, moves, keys, order, mask, base, cards, stand_ins, offsets, seen = _views(
        ints, int8s, floats
    )
    leader = _first_board(board, template, data, ends, deck, seating, special)
    if leader < 0:
        return -1
    finish = track[T_FINISH]
    track[:] = 0
    track[T_FINISH] = finish
    track[T_TOP] = -1
    if env_mask(board, rules, moves, keys, order, rows, mask) < 0:
        return ENV_UNKNOWN
    env_observe(board, track, base, info, cards, stand_ins, offsets, leader, seen)
    return leader


def env_buffers(
    size: int, rules_size: int, observation_size: int, players: int, stand_in_cells: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int8], npt.NDArray[np.float32], dict[str, npt.NDArray[Any]]]:
    """`env_move`'s three buffers for an action space of `size` (zeros), and each array in them by name (views)."""
    lengths = (
        BOARD_SIZE,
        BOARD_SIZE,
        rules_size,
        TRACK_SIZE,
        len(OFFSET_BLOCKS),
        size,
        size,
        size * MOVE_COLUMNS,
        size * INFO_COLUMNS,
        MAX_MOVES * MOVE_COLUMNS,
    )
    starts = np.cumsum((HEADER, *lengths))
    ints = np.zeros(int(starts[-1]), dtype=np.int64)
    ints[: H_END + 1] = starts
    ints[H_OBS] = observation_size
    int8s = np.zeros(size * (54 + stand_in_cells), dtype=np.int8)
    floats = np.zeros(observation_size * (players + 1), dtype=np.float32)
    part: dict[str, npt.NDArray[Any]] = dict(
        zip(
            ("board", "backup", "rules", "track", "offsets", "keys", "order", "rows", "info", "moves"),
            (ints[start:end] for start, end in pairwise(starts)),
            strict=True,
        )
    )
    views: dict[str, npt.NDArray[Any]] = {
        **part,
        "rows": part["rows"].reshape(size, MOVE_COLUMNS),
        "info": part["info"].reshape(size, INFO_COLUMNS),
        "moves": part["moves"].reshape(MAX_MOVES, MOVE_COLUMNS),
        "mask": int8s[:size],
        "top_cards": int8s[size : 54 * size].reshape(size, 53),
        "top_stand_ins": int8s[54 * size :].reshape(size, stand_in_cells),
        "seen": floats[:observation_size],
        "base": floats[observation_size:].reshape(players, observation_size),
    }
    return ints, int8s, floats, views
