"""The card search's playouts compiled with numba: the play phase of a Daifugo/UECda round on bitboards.

`card_search` plays each playout on the engine's `State`; on the tables whose suits decide a trick this kernel
plays the same playouts (the same rules, the same policy, the same moves in the same order) many times faster.
It is an optional speed-up: `suited_playout` checks that numba is importable and that the rules and the position
are ones this kernel covers (`suited_playout.covers`), and the search uses the engine otherwise.

A table is one int64 array, `board`, of named positions (below): each hand a mask of natural cards, bit
`rank * 4 + suit` (President ranks, 0 the 3 … 12 the 2; suits clubs, diamonds, hearts, spades), and a joker count;
the seats' flags and the finishing order; the trick's size, top key (the engine's scale, trick.py), sequence,
suit lock, number lock, jack back, revolution, turn order and passes. The rules are another array, `rules`, of
named flags (`RULE_NAMES`). A move is a row of `moves` (`M_*` columns): its kind (pass, group, sequence), rank
(a group's; a sequence's first, -1 for a joker below the 3; `NONE` for jokers alone), natural cards as a mask,
jokers, what the jokers name (a group's: a suit mask, -1 unnamed; a sequence's: its joker cells as a mask of
rank + 1), size and suit (a sequence's).

Every rule here is the engine's, written after `trick.py` (`_legal_plays`, `shape_error`, `_note_suits`,
`play_effects`, `pass_turn`, `_advance`, `_end_trick`) for the options `suited_playout.covers` accepts, and
checked move by move against the engine: the legal moves (the same list, in the same order), the state after each
move, and the policy's choice (tests/bots/test_suited_playout.py, benchmarks/suited_playout_check.py).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

MAX_SEATS = 8
# Board rows of one slot per seat (up to `MAX_SEATS`).
HAND = 0  # natural cards, bit rank * 4 + suit
JOK = 8  # jokers held
SIZE = 16  # cards held
ACTIVE = 24  # still in the round
PASSED = 32  # passed in this trick
ORDER = 40  # the seating order (turns go along it)
POS = 48  # each seat's place in `ORDER`
FIN = 56  # the finishing order so far (`N_FIN` of them)
OUT = 64  # seats placed at the bottom (`N_OUT` of them; the later one ranks higher)
RP = 72  # the round's players, in the engine's `round_players` order (`PLAYERS` of them)
# Scalars.
N_FIN = 80
N_OUT = 81
DOWN = 82  # the downfallen seat, -1 none
SEATS = 83
PLAYERS = 84
CUR = 85  # the seat to move, -1 none
LAST = 86  # the trick's last player, -1 none
LEADER = 87  # the seat that was to lead the trick, -1 none
TSIZE = 88
TSEQ = 89
TOPKEY = 90
TOPSIZE = 91
RUNRANK = 92  # the last play's rank while it may extend a number lock, `NONE` none
NLOCKED = 93
LOCK = 94
LOCKPREV = 95
JBACK = 96
REV = 97
CW = 98
PASSES = 99
TOP_ROLE = 100  # the President (or Vice) whom the downfall reads, -1 none
OVER = 101  # the round has ended
RNG = 102  # a xorshift state, for the pass limit's random places
BOARD_SIZE = 103

# The rules' flags, in `rules` order.
RULE_NAMES = (
    "revolution_mode",  # 0 off, 1 strict, 2 relaxed, 3 jokers
    "revolution_cards",
    "revolution_scope_trick",
    "revolution_ends_trick",
    "eight_rule",
    "best_rank_ends_trick",
    "penalize_final_two",
    "penalize_final_joker",
    "penalize_final_best",
    "penalize_final_eight",
    "downfall",
    "jack_back",
    "eight_cut",
    "five_skip",
    "nine_reverse",
    "spade_three_return",
    "suit_lock",
    "sequences",
    "sequence_min",
    "sequence_joker_ends",
    "sequence_revolution",
    "joker_suits",
    "number_lock",
    "all_passed",
    "lead_pass",
    "pass_limit",
)
(
    R_REV_MODE,
    R_REV_CARDS,
    R_REV_SCOPE_TRICK,
    R_REV_ENDS,
    R_EIGHT_RULE,
    R_BEST_ENDS,
    R_PEN_TWO,
    R_PEN_JOKER,
    R_PEN_BEST,
    R_PEN_EIGHT,
    R_DOWNFALL,
    R_JACK_BACK,
    R_EIGHT_CUT,
    R_FIVE_SKIP,
    R_NINE_REVERSE,
    R_SPADE3,
    R_SUIT_LOCK,
    R_SEQUENCES,
    R_SEQ_MIN,
    R_SEQ_ENDS,
    R_SEQ_REV,
    R_JOKER_SUITS,
    R_NUMBER_LOCK,
    R_ALL_PASSED,
    R_LEAD_PASS,
    R_PASS_LIMIT,
) = range(len(RULE_NAMES))

# Move rows.
M_KIND, M_RANK, M_MASK, M_JOK, M_NAMED, M_SIZE, M_SUIT = range(7)
MOVE_COLUMNS = 7
PASS, GROUP, SEQ = 0, 1, 2
NONE = -100  # no rank (jokers alone; no run)
# Moves listed at most for one position (a UECda hand lists a few hundred at most).
MAX_MOVES = 4096

THREE, FIVE, EIGHT, NINE, JACK, TWO = 0, 2, 5, 6, 8, 12
LONE_JOKER_KEY = 26

# The bit of each of the engine's card kinds (the joker has none: -1): a card is `label * 4 + suit` with the labels
# A, 2 ... K (`presidente.cards`), and its President rank `(label - 2) % 13`. Written here rather than imported:
# numba freezes it into the cached code, which is keyed on this file alone (a test checks it against the engine's).
BIT_OF_CARD = np.array([*(((card // 4 - 2) % 13) * 4 + card % 4 for card in range(52)), -1], dtype=np.int64)
POP4 = np.array([bin(mask).count("1") for mask in range(16)], dtype=np.int64)


def _subsets(numeric: bool) -> tuple[Any, Any]:
    """For each 4-bit mask and count k, its sub-masks of k bits: in numeric order (the engine's suit choices,
    `trick._SUBMASKS`) or in `itertools.combinations`' order of its suits (the jokers' names, `_name_jokers`)."""
    from itertools import combinations

    table = np.zeros((16, 5, 6), dtype=np.int64)
    counts = np.zeros((16, 5), dtype=np.int64)
    for mask in range(16):
        suits = [suit for suit in range(4) if mask >> suit & 1]
        for k in range(5):
            if numeric:
                subs = [sub for sub in range(16) if sub & mask == sub and bin(sub).count("1") == k]
            else:
                subs = [sum(1 << suit for suit in chosen) for chosen in combinations(suits, k)]
            counts[mask, k] = len(subs)
            table[mask, k, : len(subs)] = subs
    return table, counts


SUB, SUB_N = _subsets(numeric=True)
COMB, COMB_N = _subsets(numeric=False)


# ----------------------------------------------------------------- small rules


@njit(cache=True, inline="always")
def _strength(rank: int, rev: int) -> int:
    value: int = 12 - rank if rev else rank
    return value


@njit(cache=True, inline="always")
def _holds(rank: int, size: int, jokers: int, wanted: int, seq: bool) -> bool:
    """`TrickMixin.holds`: does the play hold a card of rank `wanted` (a sequence: does it span it)?"""
    if seq:
        return rank <= wanted < rank + size
    return rank == wanted and size > jokers


@njit(cache=True, inline="always")
def _shape_key(board: Any, rank: int, size: int, jokers: int, seq: bool) -> int:
    """`TrickMixin.shape_key` (no one fewer 2; jokers alone are the bga mode's lone joker)."""
    rev = board[REV]
    if seq:
        low = 12 - (rank + size - 1) if rev else rank
        key: int = 2 * (low + size - 1)
        return key
    if size == jokers:
        return LONE_JOKER_KEY
    key = 2 * _strength(rank, rev)
    return key


@njit(cache=True, inline="always")
def _seat_after(board: Any, seat: int, step: int) -> int:
    seats = board[SEATS]
    after: int = board[ORDER + (board[POS + seat] + step) % seats]
    return after


@njit(cache=True)
def _next_active(board: Any, seat: int) -> int:
    step = 1 if board[CW] else -1
    candidate = seat
    for _ in range(board[SEATS]):
        candidate = _seat_after(board, candidate, step)
        if board[ACTIVE + candidate]:
            return candidate
    return seat


@njit(cache=True)
def _actives(board: Any) -> int:
    count = 0
    for seat in range(board[SEATS]):
        count += board[ACTIVE + seat]
    return count


# ----------------------------------------------------------------- legal moves


@njit(cache=True, inline="always")
def _emit(moves: Any, n: int, kind: int, rank: int, mask: int, jokers: int, named: int, size: int, suit: int) -> int:
    if n >= MAX_MOVES:
        return n
    moves[n, M_KIND] = kind
    moves[n, M_RANK] = rank
    moves[n, M_MASK] = mask
    moves[n, M_JOK] = jokers
    moves[n, M_NAMED] = named
    moves[n, M_SIZE] = size
    moves[n, M_SUIT] = suit
    return n + 1


@njit(cache=True)
def _emit_group(moves: Any, n: int, rules: Any, lock: int, rank: int, sub: int, jokers: int) -> int:
    """A group of the suits `sub` of `rank` with `jokers`: with `joker_suits`, one move per choice of names for
    its jokers among the free suits (`_name_jokers`: those the lock allows), unnamed in five of a kind."""
    mask = sub << (4 * rank)
    size = POP4[sub] + jokers
    if jokers == 0:
        return _emit(moves, n, GROUP, rank, mask, 0, 0, size, -1)
    if not rules[R_JOKER_SUITS]:
        return _emit(moves, n, GROUP, rank, mask, jokers, -1, size, -1)
    free = 15 & ~sub
    if POP4[free] < jokers:
        return _emit(moves, n, GROUP, rank, mask, jokers, -1, size, -1)
    for index in range(COMB_N[free, jokers]):
        named = COMB[free, jokers, index]
        if lock and named & ~lock & 15:
            continue
        n = _emit(moves, n, GROUP, rank, mask, jokers, named, size, -1)
    return n


@njit(cache=True)
def _sequence_refused(board: Any, rules: Any, start: int, length: int) -> bool:
    """`TrickMixin.sequence_error` is not None (sequences on, no wrap, nothing owed, no special 3 to lead)."""
    if length < rules[R_SEQ_MIN]:
        return True
    if start < 0 or start + length > 13:
        if not rules[R_SEQ_ENDS]:
            return True
        if start < -1 or start + length > 14:
            return True
    wanted = board[TSIZE]
    if wanted == 0:
        return False
    if not board[TSEQ] or length != wanted:
        return True
    low = 12 - (start + length - 1) if board[REV] else start
    return not 2 * low > board[TOPKEY]


@njit(cache=True)
def _sequences(board: Any, rules: Any, moves: Any, n: int, hand: int, jokers: int) -> int:
    """`TrickMixin._sequence_plays`: per suit, each window of consecutive ranks the hand fills, jokers standing
    for the missing cards (or for held ones: each way a move of its own)."""
    wanted = board[TSIZE]
    lock = board[LOCK]
    ends = rules[R_SEQ_ENDS] != 0 and jokers > 0
    shortest = wanted if wanted else rules[R_SEQ_MIN]
    longest = wanted if wanted else 13 + 2 * ends
    first = -1 if ends else 0
    for suit in range(4):
        if lock and not lock >> suit & 1:
            continue
        for start in range(first, 13):
            reach = (14 if ends else 13) - start
            missing = 0
            cells = 0  # the missing cells, bit rank + 1
            naturals = 0  # the window's cards held
            top = min(reach, longest)
            for length in range(1, top + 1):
                rank = start + length - 1
                if 0 <= rank < 13 and hand >> (rank * 4 + suit) & 1:
                    naturals |= 1 << (rank * 4 + suit)
                else:
                    missing += 1
                    cells |= 1 << (rank + 1)
                    if missing > jokers:
                        break
                if length < shortest or (length == 13 and start != THREE):
                    continue
                if _sequence_refused(board, rules, start, length):
                    continue
                held = length - missing
                for extra in range(jokers - missing + 1):
                    if held - extra < 1:
                        break
                    if extra == 0:
                        n = _emit(moves, n, SEQ, start, naturals, missing, cells, length, suit)
                        continue
                    # Jokers standing for held cards too: every choice of `extra` of them, in order.
                    for one in range(start, start + length):
                        if not (0 <= one < 13 and naturals >> (one * 4 + suit) & 1):
                            continue
                        if extra == 1:
                            n = _emit(
                                moves,
                                n,
                                SEQ,
                                start,
                                naturals & ~(1 << (one * 4 + suit)),
                                missing + 1,
                                cells | 1 << (one + 1),
                                length,
                                suit,
                            )
                            continue
                        for two in range(one + 1, start + length):
                            if not (0 <= two < 13 and naturals >> (two * 4 + suit) & 1):
                                continue
                            n = _emit(
                                moves,
                                n,
                                SEQ,
                                start,
                                naturals & ~(1 << (one * 4 + suit)) & ~(1 << (two * 4 + suit)),
                                missing + 2,
                                cells | 1 << (one + 1) | 1 << (two + 1),
                                length,
                                suit,
                            )
    return n


@njit(cache=True)
def legal_moves(board: Any, rules: Any, moves: Any) -> int:
    """The seat to move's legal moves into `moves`, in the engine's order (`_legal_plays`); how many."""
    seat = board[CUR]
    hand = board[HAND + seat]
    jokers = board[JOK + seat]
    wanted = board[TSIZE]
    rev = board[REV]
    top = board[TOPKEY]
    lock = board[LOCK]
    n = 0
    if wanted or rules[R_LEAD_PASS]:
        n = _emit(moves, n, PASS, NONE, 0, 0, 0, 0, -1)
    if not board[TSEQ]:
        suits = lock & 15 if lock else 15
        locked = wanted and board[NLOCKED]
        following = _strength(board[RUNRANK], rev) + 1 if locked else -1
        for strength in range(13):
            if wanted:
                if 2 * strength <= top:
                    continue  # equal plays are refused (`equalize` disallow)
                if locked and strength != following:
                    continue
            rank = 12 - strength if rev else strength
            held = hand >> (4 * rank) & suits
            if held == 0:
                continue
            if wanted == 0:
                for joker_count in range(jokers + 1):
                    for k in range(1, 5):
                        for index in range(SUB_N[held, k]):
                            n = _emit_group(moves, n, rules, lock, rank, SUB[held, k, index], joker_count)
            else:
                count = POP4[held]
                low = wanted - count if wanted > count else 0
                high = jokers if jokers < wanted else wanted - 1
                for joker_count in range(low, high + 1):
                    k = wanted - joker_count
                    for index in range(SUB_N[held, k]):
                        n = _emit_group(moves, n, rules, lock, rank, SUB[held, k, index], joker_count)
    if jokers:
        if wanted == 0:
            for size in range(1, jokers + 1):
                n = _emit(moves, n, GROUP, NONE, 0, size, 0, size, -1)
        elif not board[TSEQ] and wanted <= jokers and top < LONE_JOKER_KEY:
            n = _emit(moves, n, GROUP, NONE, 0, wanted, 0, wanted, -1)
    if rules[R_SPADE3] and hand >> 3 & 1 and top == LONE_JOKER_KEY and wanted == 1:
        n = _emit(moves, n, GROUP, THREE, 1 << 3, 0, 0, 1, -1)
    if rules[R_SEQUENCES] and (wanted == 0 or board[TSEQ]):
        n = _sequences(board, rules, moves, n, hand, jokers)
    return n


# ----------------------------------------------------------------- what a move does


@njit(cache=True)
def _reset_trick(board: Any, leader: int) -> None:
    board[TSIZE] = 0
    board[TOPKEY] = -1
    board[TOPSIZE] = 0
    board[LAST] = -1
    for seat in range(board[SEATS]):
        board[PASSED + seat] = 0
    board[RUNRANK] = NONE
    board[JBACK] = 0
    board[LOCK] = 0
    board[LOCKPREV] = 0
    board[TSEQ] = 0
    board[NLOCKED] = 0
    board[LEADER] = leader
    board[CUR] = leader


@njit(cache=True)
def _end_trick(board: Any, rules: Any) -> None:
    winner = board[LAST]
    leader = winner if board[ACTIVE + winner] else _next_active(board, winner)
    if board[JBACK]:
        board[REV] ^= 1
    if rules[R_REV_SCOPE_TRICK] and board[REV]:
        board[REV] = 0
    _reset_trick(board, leader)


@njit(cache=True)
def _advance(board: Any, rules: Any, seat: int, skips: int) -> None:
    """`TrickMixin._advance`: the turn to the next player still in who has not passed (skipping `skips`), or the
    trick's end when it comes back to its last player (who plays on, with `trick_end` all-passed)."""
    step = 1 if board[CW] else -1
    last = board[LAST]
    while True:
        seat = _seat_after(board, seat, step)
        if seat == last:
            if rules[R_ALL_PASSED] and not skips and board[ACTIVE + seat] and not board[PASSED + seat]:
                board[CUR] = seat
                return
            _end_trick(board, rules)
            return
        if not board[ACTIVE + seat] or board[PASSED + seat]:
            continue
        if skips:
            skips -= 1
            continue
        board[CUR] = seat
        return


@njit(cache=True)
def _end_round(board: Any) -> None:
    board[OVER] = 1
    board[CUR] = -1


@njit(cache=True)
def _discard_hand(board: Any, seat: int) -> None:
    board[HAND + seat] = 0
    board[JOK + seat] = 0
    board[SIZE + seat] = 0
    board[ACTIVE + seat] = 0


@njit(cache=True)
def _random(board: Any, bound: int) -> int:
    """A number below `bound` from the board's xorshift state."""
    x = board[RNG]
    x ^= (x << 13) & 0x7FFFFFFFFFFFFFFF
    x ^= x >> 7
    x ^= (x << 17) & 0x7FFFFFFFFFFFFFFF
    x &= 0x7FFFFFFFFFFFFFFF
    if x == 0:
        x = 88172645463325252
    board[RNG] = x
    value: int = x % bound
    return value


@njit(cache=True)
def _end_by_passes(board: Any) -> None:
    """The pass limit: every player still in gets a random remaining place (the engine draws its own order)."""
    remaining = np.empty(MAX_SEATS, dtype=np.int64)
    count = 0
    for index in range(board[PLAYERS]):
        seat = board[RP + index]
        if board[ACTIVE + seat]:
            remaining[count] = seat
            count += 1
    for index in range(count - 1, 0, -1):
        other = _random(board, index + 1)
        remaining[index], remaining[other] = remaining[other], remaining[index]
    for index in range(count):
        seat = remaining[index]
        _discard_hand(board, seat)
        board[FIN + board[N_FIN]] = seat
        board[N_FIN] += 1
    _end_round(board)


@njit(cache=True)
def _pass(board: Any, rules: Any) -> None:
    """`TrickMixin.pass_turn` (passes for the trick)."""
    seat = board[CUR]
    board[PASSES] += 1
    if rules[R_PASS_LIMIT] and board[PASSES] >= rules[R_PASS_LIMIT]:
        _end_by_passes(board)
        return
    board[PASSED + seat] = 1
    if board[TSIZE]:
        _advance(board, rules, seat, 0)
        return
    # `_pass_lead`: the next player still in who has not passed leads; when all have, the trick's leader again.
    step = 1 if board[CW] else -1
    candidate = seat
    for _ in range(board[SEATS]):
        candidate = _seat_after(board, candidate, step)
        if board[ACTIVE + candidate] and not board[PASSED + candidate]:
            board[CUR] = candidate
            return
    leader = board[LEADER]
    if leader < 0 or not board[ACTIVE + leader]:
        leader = _next_active(board, seat if leader < 0 else leader)
    _reset_trick(board, leader)


@njit(cache=True)
def _note_suits(board: Any, rules: Any, rank: int, mask: int, jokers: int, named: int, size: int, seq: bool) -> None:
    """`TrickMixin._note_suits`: two plays in a row with the same suits lock the trick to them."""
    if size == jokers:
        board[LOCK] = 0
        board[LOCKPREV] = 0
        return
    if seq:
        suits = 0
        for rank_index in range(13):
            suits |= mask >> (4 * rank_index) & 15
    elif rules[R_JOKER_SUITS]:
        suits = mask >> (4 * rank) & 15
        if jokers:
            suits |= 16
        if named > 0:
            suits |= named
        if jokers == 0 or (named > 0 and POP4[named] == jokers):
            suits &= 15
    elif jokers == 0:
        suits = mask >> (4 * rank) & 15
    else:
        suits = 0
    if not board[LOCK] and suits and suits == board[LOCKPREV]:
        board[LOCK] = suits
    board[LOCKPREV] = suits


@njit(cache=True)
def _makes_revolution(rules: Any, size: int, jokers: int, seq: bool) -> bool:
    if seq:
        spans: bool = 0 < rules[R_SEQ_REV] <= size
        return spans
    mode = rules[R_REV_MODE]
    if mode == 0 or size < rules[R_REV_CARDS]:
        return False
    if mode == 1:
        return jokers == 0
    if mode == 2:
        naturals: bool = size - jokers >= rules[R_REV_CARDS]
        return naturals
    return True


@njit(cache=True)
def _go_out(board: Any, rules: Any, seat: int, rank: int, jokers: int, best_before: bool, size: int, seq: bool) -> None:
    board[ACTIVE + seat] = 0
    two = _holds(rank, size, jokers, TWO, True) if seq else rank == TWO
    eight = _holds(rank, size, jokers, EIGHT, True) if seq else rank == EIGHT
    if (
        (rules[R_PEN_TWO] != 0 and two)
        or (rules[R_PEN_JOKER] != 0 and jokers > 0)
        or (rules[R_PEN_BEST] != 0 and best_before)
        or (rules[R_PEN_EIGHT] != 0 and rules[R_EIGHT_RULE] != 0 and eight)
    ):
        board[OUT + board[N_OUT]] = seat
        board[N_OUT] += 1
        return
    board[FIN + board[N_FIN]] = seat
    board[N_FIN] += 1
    top = board[TOP_ROLE]
    if rules[R_DOWNFALL] and board[N_FIN] == 1 and top >= 0 and top != seat and board[ACTIVE + top]:
        _discard_hand(board, top)
        board[DOWN] = top


@njit(cache=True)
def _play(board: Any, rules: Any, rank: int, mask: int, jokers: int, named: int, size: int, seq: bool) -> None:
    """`_apply_play` and `play_effects`: the cards leave the hand; the trick, locks, order and turn follow."""
    seat = board[CUR]
    board[HAND + seat] &= ~mask
    board[JOK + seat] -= jokers
    if rules[R_SUIT_LOCK]:
        _note_suits(board, rules, rank, mask, jokers, named, size, seq)
    board[SIZE + seat] -= size
    board[PASSES] = 0
    rev = board[REV]
    best = THREE if rev else TWO
    best_before = _holds(rank, size, jokers, best, True) if seq else rank == best
    leading = board[TSIZE] == 0
    top_before = board[TOPKEY]
    size_before = board[TSIZE]
    if leading:
        board[TSIZE] = size
        board[TSEQ] = seq
    key = _shape_key(board, rank, size, jokers, seq)
    board[LAST] = seat
    if rules[R_NUMBER_LOCK]:
        previous = NONE if leading else board[RUNRANK]
        if seq or rank == NONE or size == jokers:
            board[NLOCKED] = 0
        elif not board[NLOCKED]:
            board[NLOCKED] = previous != NONE and _strength(rank, rev) == _strength(previous, rev) + 1
    if seq:
        board[RUNRANK] = NONE
    elif leading or rank == NONE or rank != board[RUNRANK]:
        board[RUNRANK] = rank
    ends = False
    if rules[R_EIGHT_RULE] and (_holds(rank, size, jokers, EIGHT, True) if seq else rank == EIGHT):
        ends = True  # the 8-rule
    if rules[R_BEST_ENDS] and best_before:
        ends = True
    if (
        rules[R_SPADE3]
        and rank == THREE
        and size == 1
        and jokers == 0
        and not seq
        and top_before == LONE_JOKER_KEY
        and size_before == 1
    ):
        ends = True
    if rules[R_EIGHT_CUT] and not ends and _holds(rank, size, jokers, EIGHT, seq):
        ends = True
    if _makes_revolution(rules, size, jokers, seq):
        board[REV] ^= 1
        if rules[R_REV_ENDS]:
            ends = True
        key = _shape_key(board, rank, size, jokers, seq)
    if rules[R_JACK_BACK] and _holds(rank, size, jokers, JACK, seq):
        board[JBACK] ^= 1
        board[REV] ^= 1
        key = _shape_key(board, rank, size, jokers, seq)
    if rules[R_NINE_REVERSE] and _holds(rank, size, jokers, NINE, seq):
        board[CW] ^= 1
    board[TOPKEY] = key
    board[TOPSIZE] = size
    if board[SIZE + seat] == 0:
        _go_out(board, rules, seat, rank, jokers, best_before, size, seq)
        if _actives(board) <= 1:
            _end_round(board)
            return
    if ends:
        _end_trick(board, rules)
        return
    skips = 0
    if rules[R_FIVE_SKIP] and _holds(rank, size, jokers, FIVE, seq):
        skips = 1 if seq else size
    _advance(board, rules, seat, skips)


@njit(cache=True)
def apply_move(board: Any, rules: Any, moves: Any, index: int) -> None:
    """Make the move `moves[index]` (a legal one) for the seat to move."""
    kind = moves[index, M_KIND]
    if kind == PASS:
        _pass(board, rules)
        return
    _play(
        board,
        rules,
        moves[index, M_RANK],
        moves[index, M_MASK],
        moves[index, M_JOK],
        moves[index, M_NAMED],
        moves[index, M_SIZE],
        kind == SEQ,
    )


# ----------------------------------------------------------------- the playout


@njit(cache=True)
def place_of(board: Any, seat: int) -> int:
    """`card_search.place_of`: the seat's place in the round once it is settled (0: first), else -1."""
    if board[OVER]:
        for index in range(board[N_FIN]):
            if board[FIN + index] == seat:
                return index
        place: int = board[N_FIN]
        for index in range(board[PLAYERS]):
            other = board[RP + index]
            if board[ACTIVE + other]:
                if other == seat:
                    return place
                place += 1
        if board[DOWN] >= 0:
            if board[DOWN] == seat:
                return place
            place += 1
        for index in range(board[N_OUT] - 1, -1, -1):
            if board[OUT + index] == seat:
                return place
            place += 1
        return -1
    if board[ACTIVE + seat]:
        return -1
    for index in range(board[N_FIN]):
        if board[FIN + index] == seat:
            return index
    players = board[PLAYERS]
    for index in range(board[N_OUT]):
        if board[OUT + index] == seat:
            value: int = players - 1 - index
            return value
    if board[DOWN] == seat:
        value = players - 1 - board[N_OUT]
        return value
    return -1


@njit(cache=True)
def _sets_move(board: Any, moves: Any, n: int, first_play: int, hand: int) -> int:
    """`card_search.policy_action`'s `SETS` style (after the UECda development kit's sample client): leading,
    a sequence before a group, the most cards first, then the weakest (jokers last); following, the weakest play
    that breaks no set (a group taking every natural card of its rank the hand holds; a sequence; jokers alone),
    fewest jokers first; else pass."""
    best = -1
    best_score = 0
    lead = board[TSIZE] == 0
    for index in range(first_play, n):
        kind = moves[index, M_KIND]
        if kind == PASS:
            continue
        jokers = moves[index, M_JOK]
        size = moves[index, M_SIZE]
        rank = moves[index, M_RANK]
        key = _shape_key(board, rank, size, jokers, kind == SEQ)
        if lead:
            score = (1 if jokers else 0) * 1_000_000_000 + (0 if kind == SEQ else 1) * 10_000_000
            score += (100 - size) * 1000 + key + 10
        else:
            if kind == GROUP and size > jokers:
                held = POP4[hand >> (4 * rank) & 15]
                if held > size - jokers:
                    continue
            score = jokers * 1_000_000 + key + 10
        if best < 0 or score < best_score:
            best, best_score = index, score
    if best < 0:
        return 0  # following, every play breaks a set: pass (listed first)
    return best


@njit(cache=True, inline="always")
def _weak(rank: int, rev: int) -> int:
    """The UECda sample client's order of choice: the weakest rank first."""
    value: int = -rank if rev else rank
    return value


@njit(cache=True, inline="always")
def _suit(mask: int, rank: int) -> int:
    """The suit of a natural single of `rank`."""
    cells = mask >> (4 * rank) & 15
    suit = 0
    while not cells >> suit & 1:
        suit += 1
    return suit


@njit(cache=True)
def runs_of(hand: int, shortest: int) -> tuple[int, int]:
    """The hand's natural cards in a run of `shortest` or more consecutive ranks of one suit, as a mask; and the
    longest run's length (1 for a card alone in its suit's run)."""
    held = 0
    longest = 0
    for suit in range(4):
        run = 0
        length = 0
        for rank in range(14):
            if rank < 13 and hand >> (rank * 4 + suit) & 1:
                run |= 1 << (rank * 4 + suit)
                length += 1
                continue
            longest = max(longest, length)
            if length >= shortest:
                held |= run
            run = 0
            length = 0
    return held, longest


@njit(cache=True)
def _sample_move(board: Any, moves: Any, n: int, hand: int, joker: int) -> int:
    """`card_search.policy_action`'s `SAMPLE` style: the UECda development kit's sample client's move (as
    `benchmarks/uecda_sample_bot.py` ports it; `joker`: 1 where the seat holds one); the pass (listed first) where
    it finds none. Ties go to the first move listed."""
    rev = board[REV]
    size = board[TSIZE]
    best = -1
    best_score = 0
    if size == 0:
        for index in range(n):  # the longest sequence (one joker at most), the weakest, spades first
            if moves[index, M_KIND] != SEQ or moves[index, M_JOK] > 1:
                continue
            score = (100 - moves[index, M_SIZE]) * 10_000 + (_weak(moves[index, M_RANK], rev) + 20) * 100
            score += (3 - moves[index, M_SUIT]) * 10 + moves[index, M_JOK]
            if best < 0 or score < best_score:
                best, best_score = index, score
        if best >= 0:
            return best
        most = 0
        for rank in range(13):
            held = POP4[hand >> (4 * rank) & 15]
            if held and held + joker > most:
                most = held + joker
        if most >= 2:  # the biggest group (with the joker where held), the weakest
            for strength in range(13):
                rank = 12 - strength if rev else strength
                if POP4[hand >> (4 * rank) & 15] + joker != most:
                    continue
                for index in range(n):
                    if (
                        moves[index, M_KIND] == GROUP
                        and moves[index, M_RANK] == rank
                        and moves[index, M_SIZE] == most
                        and moves[index, M_JOK] == joker
                    ):
                        return index
    elif not board[TSEQ] and size == 1:
        if board[TOPKEY] >= LONE_JOKER_KEY:
            return 0  # the client sees nothing above a lone joker
        runs = runs_of(hand, 3)[0]  # the sample client's runs: three cards or more
        for index in range(n):  # the weakest single in no group and no run, spades first
            rank = moves[index, M_RANK]
            if moves[index, M_KIND] != GROUP or moves[index, M_SIZE] != 1 or moves[index, M_JOK] or rank == NONE:
                continue
            if POP4[hand >> (4 * rank) & 15] != 1 or moves[index, M_MASK] & runs:
                continue
            score = (_weak(rank, rev) + 20) * 10 + 3 - _suit(moves[index, M_MASK], rank)
            if best < 0 or score < best_score:
                best, best_score = index, score
        if best >= 0 or not joker:
            return max(best, 0)
        for index in range(n):
            if moves[index, M_KIND] == GROUP and moves[index, M_SIZE] == 1 and moves[index, M_JOK] == 1:
                return index
        return 0
    elif not board[TSEQ]:
        ways = np.zeros(13, dtype=np.int64)
        for index in range(n):
            if moves[index, M_KIND] == GROUP and moves[index, M_SIZE] == size and moves[index, M_JOK] == 0:
                ways[moves[index, M_RANK]] += 1
        for index in range(n):  # the weakest rank of which it plays exactly `size` cards one way
            rank = moves[index, M_RANK]
            if moves[index, M_KIND] != GROUP or moves[index, M_SIZE] != size or moves[index, M_JOK] or ways[rank] != 1:
                continue
            if best < 0 or _weak(rank, rev) < best_score:
                best, best_score = index, _weak(rank, rev)
        if best >= 0 or not joker:
            return max(best, 0)
        for index in range(n):  # else `size` - 1 cards of a rank and the joker
            rank = moves[index, M_RANK]
            if moves[index, M_KIND] != GROUP or moves[index, M_SIZE] != size or moves[index, M_JOK] != 1:
                continue
            if rank == NONE or POP4[hand >> (4 * rank) & 15] != size - 1:
                continue
            if best < 0 or _weak(rank, rev) < best_score:
                best, best_score = index, _weak(rank, rev)
        return max(best, 0)
    else:
        # The table's first rank: its top key is twice its highest strength.
        below = 12 - board[TOPKEY] // 2 if rev else board[TOPKEY] // 2 - size + 1
        for index in range(n):  # the weakest run's top cards (no card of the suit just above it)
            if moves[index, M_KIND] != SEQ or moves[index, M_SIZE] != size or moves[index, M_JOK]:
                continue
            rank = moves[index, M_RANK]
            above = rank + size
            if (not rev or above < below) and above < 13 and hand >> (above * 4 + moves[index, M_SUIT]) & 1:
                continue
            if best < 0 or _weak(rank, rev) < best_score:
                best, best_score = index, _weak(rank, rev)
        if best >= 0 or not joker:
            return max(best, 0)
        for index in range(n):  # else one with the joker
            if moves[index, M_KIND] != SEQ or moves[index, M_SIZE] != size or moves[index, M_JOK] != 1:
                continue
            if best < 0 or _weak(moves[index, M_RANK], rev) < best_score:
                best, best_score = index, _weak(moves[index, M_RANK], rev)
        return max(best, 0)
    for index in range(n):  # leading: the weakest single, spades first; else a lone joker
        rank = moves[index, M_RANK]
        if moves[index, M_KIND] != GROUP or moves[index, M_SIZE] != 1 or moves[index, M_JOK] or rank == NONE:
            continue
        score = (_weak(rank, rev) + 20) * 10 + 3 - _suit(moves[index, M_MASK], rank)
        if best < 0 or score < best_score:
            best, best_score = index, score
    if best >= 0:
        return best
    for index in range(n):
        if moves[index, M_KIND] == GROUP and moves[index, M_SIZE] == 1 and moves[index, M_JOK] == 1:
            return index
    return 0


@njit(cache=True)
def policy_move(board: Any, rules: Any, moves: Any, n: int, long_hand: int, style: int = 0) -> int:
    """`card_search.policy_action` on the listed moves: the index of its move. Going out when one play empties
    the hand; `style` 0 (`card_search.WEAKEST`): leading, the weakest play (jokers last, then the most cards);
    following, the weakest play that beats (fewest jokers, then fewest cards of its ranks left behind), keeping
    jokers and the best rank while the hand is long; else pass. `style` 1 (`card_search.SETS`): see
    `_sets_move`; `style` 2 (`card_search.SAMPLE`, with no going out first): see `_sample_move`. Ties go to the
    first move listed, as Python's `min` and `next` do."""
    seat = board[CUR]
    hand = board[HAND + seat]
    if style == 2:
        return _sample_move(board, moves, n, hand, 1 if board[JOK + seat] else 0)
    size = board[SIZE + seat]
    first_play = -1
    for index in range(n):
        if moves[index, M_KIND] != PASS:
            if first_play < 0:
                first_play = index
            if moves[index, M_SIZE] == size:
                return index
    if first_play < 0:
        return 0
    if style == 1:
        return _sets_move(board, moves, n, first_play, hand)
    best = -1
    best_score = 0
    if board[TSIZE] == 0:
        for index in range(first_play, n):
            if moves[index, M_KIND] == PASS:
                continue
            jokers = moves[index, M_JOK]
            key = _shape_key(board, moves[index, M_RANK], moves[index, M_SIZE], jokers, moves[index, M_KIND] == SEQ)
            score = (1 if jokers else 0) * 1_000_000 + (key + 10) * 1000 + (100 - moves[index, M_SIZE])
            if best < 0 or score < best_score:
                best, best_score = index, score
        return best
    strong = 0 if board[REV] else 12
    keep = size >= long_hand
    for index in range(first_play, n):
        if moves[index, M_KIND] == PASS:
            continue
        jokers = moves[index, M_JOK]
        mask = moves[index, M_MASK]
        if keep and (jokers or mask >> (4 * strong) & 15):
            continue
        key = _shape_key(board, moves[index, M_RANK], moves[index, M_SIZE], jokers, moves[index, M_KIND] == SEQ)
        left = 0
        for rank in range(13):
            cards = POP4[mask >> (4 * rank) & 15]
            if cards:
                left += cards * (POP4[hand >> (4 * rank) & 15] - 1)
        score = jokers * 1_000_000 + (key + 10) * 1000 + left
        if best < 0 or score < best_score:
            best, best_score = index, score
    if best < 0:
        return 0  # every play spends a strong card: pass (following, the pass is listed first)
    return best


@njit(cache=True)
def play_out(
    board: Any, rules: Any, moves: Any, seat: int, long_hand: int, max_moves: int, own: int = 0, others: int = 0
) -> int:
    """`card_search.play_out`: the policy plays the round on until the seat's place is settled (in style `own`
    for the seat, `others` for the other seats); that place."""
    for _ in range(max_moves):
        settled = place_of(board, seat)
        if settled >= 0:
            return settled
        n = legal_moves(board, rules, moves)
        style = own if board[CUR] == seat else others
        apply_move(board, rules, moves, policy_move(board, rules, moves, n, long_hand, style))
    return _unsettled_place(board, seat)


@njit(cache=True)
def play_out_looking(
    board: Any,
    rules: Any,
    moves: Any,
    seat: int,
    long_hand: int,
    max_moves: int,
    own: int,
    others: int,
    look: int,
    inner: Any,
    inner_moves: Any,
) -> int:
    """`play_out`, but the seat, once it holds at most `look` cards, makes the move after which `play_out` on this
    deal places it best (the policy's own move on a tie): a one-step lookahead for its endgame, so that a hand that
    can go out by playing its masters first does (`inner`, `inner_moves`: work arrays as `board` and `moves`)."""
    for _ in range(max_moves):
        settled = place_of(board, seat)
        if settled >= 0:
            return settled
        n = legal_moves(board, rules, moves)
        mover = board[CUR]
        chosen = policy_move(board, rules, moves, n, long_hand, own if mover == seat else others)
        if mover == seat and n > 1 and board[SIZE + seat] <= look:
            inner[:] = board
            apply_move(inner, rules, moves, chosen)
            best = play_out(inner, rules, inner_moves, seat, long_hand, max_moves, own, others)
            for index in range(n):
                if best == board[N_FIN]:
                    break  # the best place left: nothing betters it
                if index == chosen:
                    continue
                inner[:] = board
                apply_move(inner, rules, moves, index)
                place = play_out(inner, rules, inner_moves, seat, long_hand, max_moves, own, others)
                if place < best:
                    best, chosen = place, index
        apply_move(board, rules, moves, chosen)
    return _unsettled_place(board, seat)


@njit(cache=True)
def _unsettled_place(board: Any, seat: int) -> int:
    """Unfinished (a guard only): placed by the cards still held, fewest first (a stable sort of the round's
    players still in)."""
    place: int = board[N_FIN]
    size = board[SIZE + seat]
    before = True
    for index in range(board[PLAYERS]):
        other = board[RP + index]
        if other == seat:
            before = False
            continue
        if board[ACTIVE + other] and (board[SIZE + other] < size or (before and board[SIZE + other] == size)):
            place += 1
    return place


@njit(cache=True)
def set_hands(board: Any, hands: Any) -> None:
    """Each seat's hand from the engine's counts per card kind (`hands[seat, card]`, one deck)."""
    for seat in range(board[SEATS]):
        mask = 0
        size = 0
        for card in range(52):
            if hands[seat, card]:
                mask |= 1 << BIT_OF_CARD[card]
                size += 1
        board[HAND + seat] = mask
        board[JOK + seat] = hands[seat, 52]
        board[SIZE + seat] = size + hands[seat, 52]


@njit(cache=True, inline="always")
def same_move(moves: Any, row: int, others: Any, other: int) -> bool:
    """Is `moves[row]` the move `others[other]` (every column equal)?"""
    for column in range(MOVE_COLUMNS):  # noqa: SIM110 (numba compiles no generator into all())
        if moves[row, column] != others[other, column]:
            return False
    return True


@njit(cache=True)
def _find(moves: Any, n: int, candidates: Any, index: int) -> int:
    """The listed move equal to `candidates[index]`, or -1."""
    for listed in range(n):
        if same_move(moves, listed, candidates, index):
            return listed
    return -1


@njit(cache=True)
def play_deal(
    base: Any,
    rules: Any,
    hands: Any,
    candidates: Any,
    arms: Any,
    seat: int,
    long_hand: int,
    max_moves: int,
    work: Any,
    moves: Any,
    places: Any,
    own: int = 0,
    others: int = 0,
    look: int = 0,
    inner: Any = None,
    inner_moves: Any = None,
) -> None:
    """One deal of the hidden cards (`hands`) into the position `base`: each candidate move of `arms` (indices)
    made on it and the round played out (policy styles `own` and `others`, as `play_out`; with `look` > 0 and the
    work arrays `inner` and `inner_moves`, `play_out_looking`); its place into `places`, in `arms`' order (-2: the
    deal refuses the move, as the engine would)."""
    set_hands(base, hands)
    for slot in range(arms.shape[0]):
        work[:] = base
        n = legal_moves(work, rules, moves)
        listed = _find(moves, n, candidates, arms[slot])
        if listed < 0:
            places[slot] = -2
            continue
        apply_move(work, rules, moves, listed)
        if look > 0 and inner is not None and inner_moves is not None:
            places[slot] = play_out_looking(
                work, rules, moves, seat, long_hand, max_moves, own, others, look, inner, inner_moves
            )
        else:
            places[slot] = play_out(work, rules, moves, seat, long_hand, max_moves, own, others)
