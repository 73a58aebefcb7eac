"""The `learned` bot's policy on the suit kernel's board, compiled with numba: playouts by the learned policy on the
suit tables (`uecda`, `daifugo`).

`suited_kernel` plays the card search's playouts with fixed heuristic policies (`policy_move`'s styles). This module
plays this seat's moves in them (or every seat's, `every_seat`) with the `learned` bot's policy instead: for the seat
to move on the kernel's board it writes the state row and each legal move's action row exactly as
`learned.encode(observation, legal, rules, advice, suited=True)` writes them for the same position seen by that
seat — its hand and the cards it has not seen (every card in another hand: the covered tables deal every card, and
`start_learned` refuses an undealt pile) by strength, the trick's top and size, the lead and revolution flags, the
other seats' sizes, passes, whether out and whether they played last, its role, the seats finished, whether the top
is a sequence; the suited extras: the cards it gave in the exchange, whether the last two plays show the same suits
(`learned._SuitFacts.locked`: the encoder's reading, not the kernel's lock), its longest run of one suit and its
cards in runs; per move its kind, strength, shape, the hand it leaves, whether it empties the hand, finishes
illegally, is a master, breaks a set, equals the top, the sets left, whether the advice plays it, whether it is a
sequence and its cards beyond 4, an 8 cut, a run broken, a revolution, a lock — runs the network (the weights file's
arrays, float32, as `Weights.scores`) and plays the best-scored legal move (the first of equals, as `np.argmax`).
The legal moves, their order and what they do are the kernel's (`legal_moves`, `apply_move`): no rule is written
here. Neither the kernel's board nor its move rows keep the trick's plays, so the two suit sets the lock feature
reads (the top play's and the one before it, as the encoder reads them from the trick) are kept beside the board
(`track`), from the template's trick and each move made.

The advice. `LearnedBot.choose` passes `HeuristicBot`'s move (`president_heuristic`); the kernel has no port of it,
so the advice here is the kernel's own policy in style `ADVICE_STYLE` (`suited_kernel.policy_move`'s `WEAKEST`,
`card_search.policy_action`), the style closest to the heuristic bot on `uecda`:
`suited_learned_check` counts where the network's move with that advice is the learned bot's own: on 1,200 checked
positions (`benchmarks/suited_learned_speed.py --check 10 --check-positions 120`) 96% with `WEAKEST`, 88% with
`SETS`, 88% with `SAMPLE`. Where they differ: the heuristic bot plays a
master to keep the lead when it leaves one set, starts a revolution with a weak hand, leads a sequence of loose weak
cards only, plays illegal-finish cards before its last set, passes rather than break a set with a strong card, and
beats anyway when an opponent is about to go out; `WEAKEST` leads the weakest play with as many cards as it holds,
follows with the weakest that beats keeping jokers and the best rank while the hand is long, and goes out when one
play empties the hand.

The other seats' exchange: a seat's gave row is known for this seat only (its observation); the other seats' rows are
0 in their learned moves (`every_seat`), where the learned bot reads what they gave.

Supported: the tables `suited_playout.covers` for which a shipped weights file was trained (`Weights.trained_for`:
the same rules at the same player count), whatever its layout (`trained_layout`): the kernel writes the suited rows,
whose leading columns are the full rows (and theirs the base rows, `learned.LAYOUT_WIDTHS`), and the network reads as
many as its first layer has, as `Weights.scores` does. So `uecda` at 5 players (`learned_uecda.npz`, the suited
layout) and `daifugo` at 3 to 6 (`learned_daifugo.npz`, `-3p`, `-5p`, `-6p`: the full layout, whose extras the
network does not read). Elsewhere `SuitedLearnedPlayouts.start_learned` gives None and the caller keeps the
heuristic's playouts. `suited_learned_check` checks the rows and the move against `learned.encode` and the
network on seeded positions (tests/bots/test_suited_learned.py a few; `benchmarks/suited_learned_speed.py
--check` more: 0 differences on 1,200 `uecda` positions; with `--preset daifugo`, 0 on 1,200 at 4 players and on
400 each at 3, 5 and 6, beside 3 ties, plays of one rank whose rows the full file reads alike, `suited_learned_check`);
`benchmarks/suited_learned_speed.py` measures the playouts a CPU-second: 0.22x the heuristic styles' with this seat
learned, 0.05x with every seat (`uecda`, 12 positions, 3 rounds, the ratio within each round, load average 6.7; in
`strong`'s search 0.32x and 0.09x): the network's 128 x 64 layer per legal move costs more than a whole heuristic
move. Yet `strong` is stronger with them (this seat learned): +0.118 points a game (+0.087 to +0.149) against four
sample clients over 2,800 paired `uecda` games (`benchmarks/uecda_paired.py --single`, strong.py's docstring), its
default on `uecda` since; every seat learned, -0.048 (-0.137 to +0.042) over 400. On `daifugo` at 4 players, against
`rollout=heuristic` two and two on the CPU clock: -0.174 (-0.220 to -0.129) places over 560 deals
(`benchmarks/strong_strength.py`, strong.py's docstring), its default there since (`strong.SUITED_DEFAULT_LAYOUTS`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
from numba import njit

from presidente.bots import suited_playout
from presidente.bots.background_load import BackgroundLoad
from presidente.bots.learned import (
    LAYOUT_WIDTHS,
    ROLES,
    SHIPPED_WEIGHTS,
    SUITED_ACTION_FEATURES,
    SUITED_STATE_FEATURES,
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
    AC_SEQUENCE,
    AC_SHAPE,
    AC_STRENGTH,
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
    ST_SEQUENCE,
    ST_SIZE,
    ST_TOP,
    ST_UNSEEN,
    end_action_row,
    first_layer,
    network_arrays,
    score,
    units,
)
from presidente.bots.suited_kernel import (
    ACTIVE,
    CUR,
    HAND,
    JOK,
    LAST,
    M_JOK,
    M_KIND,
    M_MASK,
    M_NAMED,
    M_RANK,
    M_SIZE,
    M_SUIT,
    MAX_MOVES,
    MOVE_COLUMNS,
    N_FIN,
    PASS,
    PASSED,
    POP4,
    R_EIGHT_CUT,
    R_EIGHT_RULE,
    R_PEN_BEST,
    R_PEN_EIGHT,
    R_PEN_JOKER,
    R_PEN_TWO,
    R_REV_CARDS,
    R_REV_MODE,
    R_SEQ_MIN,
    R_SEQ_REV,
    R_SUIT_LOCK,
    REV,
    RNG,
    SEATS,
    SEQ,
    SIZE,
    TOPKEY,
    TOPSIZE,
    TSEQ,
    TSIZE,
    _find,
    _unsettled_place,
    apply_move,
    legal_moves,
    place_of,
    policy_move,
    runs_of,
    set_hands,
)
from presidente.cards import JOKER
from presidente.president.actions import PRESIDENT_RANK, Action, Pass, Play
from presidente.president.rules import Rules
from presidente.president.state import State

# numba keys this module's cached code on this file's content alone, though it inlines `suited_kernel`'s and
# `learned_network`'s functions: it holds their SHA-256, so that it changes whenever they do
# (tests/bots/test_suited_learned.py).
KERNEL_SHA256: Final = "43e363c31def2270d29e7916f97dcd7dee33492c638acd5de822cebff3a35834"
NETWORK_SHA256: Final = "749d352cd4f48c18a205d127383f63e2ff9bd9ca3a6197e52df21e1ca7d1cfb6"

# The kernel policy's style that stands for the heuristic bot's advice (`card_search.WEAKEST`; module docstring).
ADVICE_STYLE = 0
EIGHT = 5
TWO = 12
THREE = 0
NO_SUITS = -1  # a play that shows no suit (jokers alone), or no play
# The suited extras after the full rows' blocks (`learned_network`): the state row's (`_SuitFacts.state_extras`)
ST_GAVE = ST_SEQUENCE + 1
ST_LOCKED = ST_GAVE + SLOTS
ST_LONGEST = ST_LOCKED + 1
ST_IN_RUNS = ST_LONGEST + 1
# and the action row's (`_SuitFacts.action_extras`).
AC_CUT = AC_LONGER + 1
AC_BREAKS_RUN = AC_CUT + 1
AC_REVOLUTION = AC_BREAKS_RUN + 1
AC_LOCKS = AC_REVOLUTION + 1
assert ST_IN_RUNS + 1 == SUITED_STATE_FEATURES and AC_LOCKS + 1 == SUITED_ACTION_FEATURES
# `track`: the suits of the trick's top play and of the play before it, as `_SuitFacts` reads them (NO_SUITS: none).
TOP_SUITS, BEFORE_SUITS = 0, 1


@njit(cache=True, inline="always")
def _strength(rank: int, rev: int) -> int:
    value: int = 12 - rank if rev else rank
    return value


@njit(cache=True)
def move_suits(moves: Any, index: int) -> int:
    """`learned._play_suits` of the move as a mask (its natural cards' suits, and those its jokers name), NO_SUITS
    for a pass or jokers alone (the encoder reads no suits there)."""
    kind = moves[index, M_KIND]
    mask = moves[index, M_MASK]
    if kind == PASS or mask == 0:
        return NO_SUITS
    if kind == SEQ:
        suit: int = 1 << moves[index, M_SUIT]  # its cards and the cells its jokers fill: one suit
        return suit
    rank = moves[index, M_RANK]
    suits: int = mask >> (4 * rank) & 15
    named = moves[index, M_NAMED]
    if named > 0:
        suits |= named
    return suits


@njit(cache=True)
def apply_tracked(board: Any, rules: Any, moves: Any, index: int, track: Any) -> None:
    """`suited_kernel.apply_move`, and the trick's last two plays' suits in `track` after it."""
    suits = move_suits(moves, index)
    played = moves[index, M_KIND] != PASS
    apply_move(board, rules, moves, index)
    if board[TSIZE] == 0:
        track[TOP_SUITS] = NO_SUITS
        track[BEFORE_SUITS] = NO_SUITS
    elif played:
        track[BEFORE_SUITS] = track[TOP_SUITS]
        track[TOP_SUITS] = suits


@njit(cache=True)
def encode_state(board: Any, rules: Any, roles: Any, gave: Any, track: Any, unseen: Any, state: Any) -> int:
    """`state`: the suited state row for the seat to move; `unseen` its unseen cards by rank kind (the joker's
    last). The hand's cards in runs of one suit (`_SuitFacts.in_runs`), a mask, returned."""
    seat = board[CUR]
    seats = board[SEATS]
    rev = board[REV]
    hand = board[HAND + seat]
    state[:] = 0.0
    unseen[:] = 0
    for other in range(seats):
        if other != seat:
            for rank in range(13):
                unseen[rank] += POP4[board[HAND + other] >> (4 * rank) & 15]
            unseen[JOKER_SLOT] += board[JOK + other]
    for rank in range(13):
        slot = _strength(rank, rev)
        state[ST_HAND + slot] = 0.25 * POP4[hand >> (4 * rank) & 15]
        state[ST_UNSEEN + slot] = 0.25 * unseen[rank]
        state[ST_GAVE + slot] = 0.25 * gave[seat, rank]
    state[ST_HAND + JOKER_SLOT] = 0.25 * board[JOK + seat]
    state[ST_UNSEEN + JOKER_SLOT] = 0.25 * unseen[JOKER_SLOT]
    state[ST_GAVE + JOKER_SLOT] = 0.25 * gave[seat, JOKER_SLOT]
    if board[TSIZE]:
        top = board[TOPKEY] >> 1  # a play's strength in the order in force (a lone joker's key: the joker's slot)
        state[ST_TOP + (top if top < JOKER_SLOT else JOKER_SLOT)] = 1.0
        size = board[TOPSIZE]
        state[ST_SIZE + (size if size < 4 else 4) - 1] = 1.0
        state[ST_SEQUENCE] = 1.0 if board[TSEQ] else 0.0
    state[ST_FLAGS + 1] = 0.0 if board[TSIZE] else 1.0  # no obligation on the covered tables: ST_FLAGS stays 0
    state[ST_FLAGS + 2] = 1.0 if rev else 0.0
    state[ST_PHASE] = 1.0  # the play phase
    state[ST_CARDS] = board[SIZE + seat] / 13
    for step in range(1, 5):
        at = ST_OTHERS + 4 * (step - 1) if step <= 3 else ST_FOURTH
        if step < seats:
            other = (seat + step) % seats
            state[at] = board[SIZE + other] / 13
            state[at + 1] = 1.0 if board[PASSED + other] else 0.0
            state[at + 2] = 0.0 if board[ACTIVE + other] else 1.0
            state[at + 3] = 1.0 if board[LAST] == other else 0.0
        else:
            state[at + 2] = 1.0
    state[ST_ROLE + roles[seat]] = 1.0
    state[ST_FINISHED] = board[N_FIN] / seats
    top_suits = track[TOP_SUITS]
    locked = rules[R_SUIT_LOCK] != 0 and top_suits != NO_SUITS and top_suits == track[BEFORE_SUITS]
    state[ST_LOCKED] = 1.0 if locked else 0.0
    in_runs, longest = runs_of(hand, rules[R_SEQ_MIN] if rules[R_SEQ_MIN] > 3 else 3)
    state[ST_LONGEST] = longest / 13
    count = 0
    for rank in range(13):
        count += POP4[in_runs >> (4 * rank) & 15]
    state[ST_IN_RUNS] = count / 13
    return in_runs


@njit(cache=True)
def _spans(rank: int, size: int, wanted: int) -> bool:
    """Does a sequence from `rank`, `size` long, hold a card of rank `wanted` (end cells hold none)?"""
    return rank <= wanted < rank + size


@njit(cache=True)
def encode_action(
    board: Any, rules: Any, moves: Any, index: int, advice: int, unseen: Any, in_runs: int, track: Any, state: Any,
    action: Any,
) -> None:  # fmt: skip
    """`action`: the suited action row of the listed move `index` for the seat to move (`state` its state row,
    `advice` the advice's move, `in_runs` the hand's cards in runs)."""
    seat = board[CUR]
    rev = board[REV]
    hand = board[HAND + seat]
    action[:] = 0.0
    for slot in range(SLOTS):
        action[AC_AFTER + slot] = state[ST_HAND + slot]
    kind = moves[index, M_KIND]
    if kind == PASS:
        action[AC_KIND] = 1.0
    else:
        sequence = kind == SEQ
        rank = moves[index, M_RANK]
        mask = moves[index, M_MASK]
        jokers = moves[index, M_JOK]
        size = moves[index, M_SIZE]
        naturals = size - jokers
        if sequence:  # its strongest cell's strength (an end cell one beyond the 2, or below the 3 reversed)
            played = 12 - rank if rev else rank + size - 1
        elif naturals == 0:
            played = JOKER_SLOT  # jokers alone (the bga mode declares no rank)
        else:
            played = _strength(rank, rev)
        action[AC_KIND + 1] = 1.0
        action[AC_STRENGTH + (played if played < JOKER_SLOT else JOKER_SLOT)] = 1.0
        action[AC_SHAPE] = size / 4
        action[AC_SHAPE + 1] = jokers
        action[AC_SHAPE + 2] = naturals / 4
        for held in range(13):
            cards = POP4[mask >> (4 * held) & 15]
            if cards:
                slot = _strength(held, rev)
                action[AC_MOVED + slot] = 0.25 * cards
                action[AC_AFTER + slot] -= 0.25 * cards
        if jokers:
            action[AC_MOVED + JOKER_SLOT] = 0.25 * jokers
            action[AC_AFTER + JOKER_SLOT] -= 0.25 * jokers
        flags = AC_FLAGS
        action[flags] = 1.0 if size == board[SIZE + seat] else 0.0
        # `president_heuristic.penalized_finish`: a sequence by every rank it spans, a group by its rank.
        best_rank = THREE if rev else TWO
        if sequence:
            two, best, eight = _spans(rank, size, TWO), _spans(rank, size, best_rank), _spans(rank, size, EIGHT)
        else:
            two, best, eight = rank == TWO, rank == best_rank, rank == EIGHT
        penalized = (
            (rules[R_PEN_TWO] != 0 and two)
            or (rules[R_PEN_JOKER] != 0 and jokers > 0)
            or (rules[R_PEN_BEST] != 0 and best)
            or (rules[R_PEN_EIGHT] != 0 and rules[R_EIGHT_RULE] != 0 and eight)
        )
        action[flags + 1] = 1.0 if penalized else 0.0
        # `president_heuristic.is_master` in the bga joker mode (the covered tables'): never a sequence.
        master = not sequence
        unseen_jokers = unseen[JOKER_SLOT]
        if master and unseen_jokers and size == 1 and played < JOKER_SLOT:
            master = False
        if master:
            for other in range(13):
                if _strength(other, rev) > played and unseen[other] and unseen[other] + unseen_jokers >= size:
                    master = False
                    break
        action[flags + 2] = 1.0 if master else 0.0
        if naturals:  # the hand's cards of the play's rank (a sequence's first; below the 3: Python's ranks[-1])
            first = rank + 13 if rank < 0 else rank
            action[flags + 3] = 1.0 if POP4[hand >> (4 * first) & 15] > naturals else 0.0
        if board[TSIZE]:
            action[flags + 4] = 1.0 if board[TOPKEY] >> 1 == played else 0.0
        action[AC_SEQUENCE] = 1.0 if sequence else 0.0
        if size > 4:
            action[AC_LONGER] = (size - 4) / 4
        # `_SuitFacts.action_extras`.
        cuts = _spans(rank, size, EIGHT) if sequence else (naturals > 0 and rank == EIGHT)
        action[AC_CUT] = 1.0 if rules[R_EIGHT_CUT] != 0 and cuts else 0.0
        action[AC_BREAKS_RUN] = 1.0 if not sequence and mask & in_runs else 0.0
        spans_revolution = 0 < rules[R_SEQ_REV] <= size
        revolution = spans_revolution if sequence else rules[R_REV_MODE] != 0 and size >= rules[R_REV_CARDS]
        action[AC_REVOLUTION] = 1.0 if revolution else 0.0
        top_suits = track[TOP_SUITS]
        locked = top_suits != NO_SUITS and top_suits == track[BEFORE_SUITS]
        locks = rules[R_SUIT_LOCK] != 0 and not locked and top_suits != NO_SUITS
        action[AC_LOCKS] = 1.0 if locks and move_suits(moves, index) == top_suits else 0.0
    end_action_row(action, index, advice)


@njit(cache=True)
def encode(
    board: Any, rules: Any, moves: Any, long_hand: int, roles: Any, gave: Any, track: Any, unseen: Any, state: Any,
    actions: Any,
) -> int:  # fmt: skip
    """The rows `learned.encode(..., suited=True)` writes for the seat to move: `state`, and `actions[i]` for the
    legal move listed `i` in `moves` (the kernel's order, `legal_moves`); their count."""
    n = legal_moves(board, rules, moves)
    advice = policy_move(board, rules, moves, n, long_hand, ADVICE_STYLE)
    in_runs = encode_state(board, rules, roles, gave, track, unseen, state)
    for index in range(n):
        encode_action(board, rules, moves, index, advice, unseen, in_runs, track, state, actions[index])
    return n


@njit(cache=True)
def learned_move(
    board: Any, rules: Any, moves: Any, n: int, long_hand: int, roles: Any, gave: Any, track: Any, unseen: Any,
    state: Any, action: Any, first: Any, hidden: Any, second: Any, state_in: Any, action_in: Any, bias_in: Any,
    hidden_weights: Any, bias_hidden: Any, out_weights: Any, bias_out: Any,
) -> int:  # fmt: skip
    """The learned policy's move among the `n` listed moves (`legal_moves` of the board, its seat to move): the only
    one, else the best-scored (the first of equals)."""
    if n == 1:
        return 0
    advice = policy_move(board, rules, moves, n, long_hand, ADVICE_STYLE)
    in_runs = encode_state(board, rules, roles, gave, track, unseen, state)
    first_layer(state, state_in, bias_in, first)
    best = 0
    best_score = 0.0
    for index in range(n):
        encode_action(board, rules, moves, index, advice, unseen, in_runs, track, state, action)
        value = score(action, first, action_in, hidden_weights, bias_hidden, out_weights, bias_out, hidden, second)
        if index == 0 or value > best_score:
            best, best_score = index, value
    return best


@njit(cache=True)
def _move_of(
    board: Any, rules: Any, moves: Any, n: int, seat: int, long_hand: int, others: int, every_seat: int, roles: Any,
    gave: Any, track: Any, unseen: Any, state: Any, action: Any, first: Any, hidden: Any, second: Any, state_in: Any,
    action_in: Any, bias_in: Any, hidden_weights: Any, bias_hidden: Any, out_weights: Any, bias_out: Any,
) -> int:  # fmt: skip
    """The playouts' move for the seat to move: the learned policy's for `seat` (for every seat with
    `every_seat`), the kernel policy's in style `others` for the rest."""
    if every_seat or board[CUR] == seat:
        return learned_move(
            board, rules, moves, n, long_hand, roles, gave, track, unseen, state, action, first, hidden, second,
            state_in, action_in, bias_in, hidden_weights, bias_hidden, out_weights, bias_out,
        )  # fmt: skip
    index: int = policy_move(board, rules, moves, n, long_hand, others)
    return index


@njit(cache=True)
def play_out(
    board: Any, rules: Any, moves: Any, seat: int, long_hand: int, max_moves: int, others: int, every_seat: int,
    roles: Any, gave: Any, track: Any, unseen: Any, state: Any, action: Any, first: Any, hidden: Any, second: Any,
    state_in: Any, action_in: Any, bias_in: Any, hidden_weights: Any, bias_hidden: Any, out_weights: Any,
    bias_out: Any,
) -> int:  # fmt: skip
    """`suited_kernel.play_out` with the learned policy for the seat (every seat's moves with `every_seat`; the
    others in style `others`): the round played on until the seat's place is settled; that place."""
    for _ in range(max_moves):
        settled = place_of(board, seat)
        if settled >= 0:
            return settled
        n = legal_moves(board, rules, moves)
        index = _move_of(
            board, rules, moves, n, seat, long_hand, others, every_seat, roles, gave, track, unseen, state, action,
            first, hidden, second, state_in, action_in, bias_in, hidden_weights, bias_hidden, out_weights, bias_out,
        )  # fmt: skip
        apply_tracked(board, rules, moves, index, track)
    return _unsettled_place(board, seat)


@njit(cache=True)
def play_out_looking(
    board: Any, rules: Any, moves: Any, seat: int, long_hand: int, max_moves: int, others: int, every_seat: int,
    look: int, inner: Any, inner_moves: Any, inner_track: Any, roles: Any, gave: Any, track: Any, unseen: Any,
    state: Any, action: Any, first: Any, hidden: Any, second: Any, state_in: Any, action_in: Any, bias_in: Any,
    hidden_weights: Any, bias_hidden: Any, out_weights: Any, bias_out: Any,
) -> int:  # fmt: skip
    """`play_out`, but the seat, once it holds at most `look` cards, makes the move after which `play_out` on this
    deal places it best (the learned move on a tie), as `suited_kernel.play_out_looking` does with its policy."""
    for _ in range(max_moves):
        settled = place_of(board, seat)
        if settled >= 0:
            return settled
        n = legal_moves(board, rules, moves)
        chosen = _move_of(
            board, rules, moves, n, seat, long_hand, others, every_seat, roles, gave, track, unseen, state, action,
            first, hidden, second, state_in, action_in, bias_in, hidden_weights, bias_hidden, out_weights, bias_out,
        )  # fmt: skip
        if board[CUR] == seat and n > 1 and board[SIZE + seat] <= look:
            best = -1
            for trial in range(-1, n):  # the learned move first, then the others in the kernel's order
                index = chosen if trial < 0 else trial
                if trial >= 0 and (trial == chosen or best == board[N_FIN]):
                    continue  # the best place left: nothing betters it
                inner[:] = board
                inner_track[:] = track
                apply_tracked(inner, rules, moves, index, inner_track)
                place = play_out(
                    inner, rules, inner_moves, seat, long_hand, max_moves, others, every_seat, roles, gave,
                    inner_track, unseen, state, action, first, hidden, second, state_in, action_in, bias_in,
                    hidden_weights, bias_hidden, out_weights, bias_out,
                )  # fmt: skip
                if best < 0 or place < best:
                    best, chosen = place, index
        apply_tracked(board, rules, moves, chosen, track)
    return _unsettled_place(board, seat)


@njit(cache=True)
def play_deal(
    base: Any, rules: Any, hands: Any, candidates: Any, arms: Any, seat: int, long_hand: int, max_moves: int,
    work: Any, moves: Any, places: Any, others: int, every_seat: int, look: int, inner: Any, inner_moves: Any,
    start_track: Any, track: Any, inner_track: Any, roles: Any, gave: Any, unseen: Any, state: Any, action: Any,
    first: Any, hidden: Any, second: Any, state_in: Any, action_in: Any, bias_in: Any, hidden_weights: Any,
    bias_hidden: Any, out_weights: Any, bias_out: Any,
) -> None:  # fmt: skip
    """`suited_kernel.play_deal` with the learned policy: the deal `hands` set into `base`, each candidate move of
    `arms` made on it and the round played on (`play_out`, with `look` > 0 `play_out_looking`); its place into
    `places` (-2: the deal refuses the move). `start_track`: the suits of the position's last two plays."""
    set_hands(base, hands)
    for slot in range(arms.shape[0]):
        work[:] = base
        n = legal_moves(work, rules, moves)
        listed = _find(moves, n, candidates, arms[slot])
        if listed < 0:
            places[slot] = -2
            continue
        track[:] = start_track
        apply_tracked(work, rules, moves, listed, track)
        if look > 0:
            places[slot] = play_out_looking(
                work, rules, moves, seat, long_hand, max_moves, others, every_seat, look, inner, inner_moves,
                inner_track, roles, gave, track, unseen, state, action, first, hidden, second, state_in, action_in,
                bias_in, hidden_weights, bias_hidden, out_weights, bias_out,
            )  # fmt: skip
        else:
            places[slot] = play_out(
                work, rules, moves, seat, long_hand, max_moves, others, every_seat, roles, gave, track, unseen,
                state, action, first, hidden, second, state_in, action_in, bias_in, hidden_weights, bias_hidden,
                out_weights, bias_out,
            )  # fmt: skip


@functools.lru_cache(maxsize=32)
def trained_weights(rules: Rules, players: int) -> Weights | None:
    """The shipped weights file trained for this table (`learned.weights_for`: these rules at this many players),
    whatever its layout, else None; read once per table (a search asks at every decision). The kernel writes the
    suited rows, and each layout's rows are the leading columns of the next (`learned.LAYOUT_WIDTHS`: the full rows
    append their extras to the base rows', the suited rows theirs to the full rows'), so the network reads as many
    of them as its first layer has (`learned_network.first_layer`, `score`), as `Weights.scores` does."""
    return weights_for(tuple(load_weights(path) for path in SHIPPED_WEIGHTS), rules, players)


def trained_layout(rules: Rules, players: int) -> str | None:
    """The layout of the rows that file reads ("base", "full" or "suited", `learned.LAYOUT_WIDTHS`), or None where no
    shipped file was trained for this table."""
    weights = trained_weights(rules, players)
    if weights is None:
        return None
    width = len(weights.arrays["state_in"])
    return next(layout for layout, (state, _) in LAYOUT_WIDTHS.items() if state == width)


@functools.lru_cache(maxsize=32)
def trained_network(rules: Rules, players: int) -> tuple[Any, ...] | None:
    """The arrays of that network as the kernel reads them (contiguous float32, in `play_deal`'s order), or None."""
    weights = trained_weights(rules, players)
    if weights is None:
        return None
    return network_arrays(weights)


def play_suits(play: Play) -> int:
    """`learned._play_suits` of an engine play as a mask, NO_SUITS for jokers alone (`move_suits`)."""
    if not play.naturals:
        return NO_SUITS
    suits = 0
    for card in (*(card for card, _ in play.cards if card != JOKER), *play.stands_for):
        suits |= 1 << (card % 4)
    return suits


def track_of(trick: Sequence[tuple[int, Play]]) -> Any:
    """The suits of a trick's last two plays (`TOP_SUITS`, `BEFORE_SUITS`), as `apply_tracked` keeps them."""
    top = play_suits(trick[-1][1]) if trick else NO_SUITS
    before = play_suits(trick[-2][1]) if len(trick) >= 2 else NO_SUITS
    return np.array([top, before], dtype=np.int64)


def gave_rows(seats: int, seat: int, gave: Sequence[tuple[int, int]] | None) -> Any:
    """Each seat's cards given in the exchange by rank kind (the joker's last): `gave` for `seat`, 0 for the others
    (their gifts are hidden)."""
    rows = np.zeros((seats, SLOTS), dtype=np.int64)
    for card, count in gave or ():
        rows[seat, JOKER_SLOT if card == JOKER else PRESIDENT_RANK[card]] += count
    return rows


def roles_of(template: State) -> Any:
    """Each seat's role as `learned.ROLES` indexes them ("neutral" for a seat without one)."""
    return np.array([ROLES.index(template.roles.key_of(seat)) for seat in range(template.seats)], dtype=np.int64)


def _load() -> None:
    """Call the entry points once on a `uecda` position (numba compiles them, or loads them from its cache)."""
    from presidente.president import new_game
    from presidente.president.rules import find_preset

    suited_playout.ready(wait=True)
    state = new_game(find_preset("uecda"), 5, 0)
    assert state.current is not None
    moves = state.legal_actions()[:2]
    for look in (0, 4):
        playouts = SuitedLearnedPlayouts(state, state.current, moves, 5, 400, 1, look, None, every_seat=bool(look))
        playouts.play(state.hands)
    playouts.rows(suited_playout.board_of(state))
    playouts.learned_move(suited_playout.board_of(state))


_KERNEL = BackgroundLoad("suited-learned", _load, suited_playout.AVAILABLE)


def ready(wait: bool = False) -> bool:
    """Are the compiled learned playouts loaded? The first call starts loading them in a thread of their own."""
    return _KERNEL.ready(wait)


class SuitedLearnedPlayouts(suited_playout.SuitedPlayouts):
    """`SuitedPlayouts` whose playouts the learned policy plays for this seat (every seat's moves with
    `every_seat`; the others in style `others`)."""

    def __init__(
        self,
        template: State,
        seat: int,
        moves: Sequence[Action],
        long_hand: int,
        max_moves: int,
        others: int,
        look: int,
        gave: Sequence[tuple[int, int]] | None,
        every_seat: bool = False,
        network: tuple[Any, ...] | None = None,
    ) -> None:
        super().__init__(template, seat, moves, long_hand, max_moves, 0, others, look)
        found = network if network is not None else trained_network(template.rules, template.seats)
        assert found is not None, "no weights trained for this table"
        self.network = found
        self.every_seat = int(every_seat)
        self.roles = roles_of(template)
        self.gave = gave_rows(template.seats, seat, gave)
        self.start_track = track_of(template.trick)
        self.track = np.empty(2, dtype=np.int64)
        self.inner_track = np.empty(2, dtype=np.int64)
        width = units(found, "bias_in")
        self.unseen = np.zeros(SLOTS, dtype=np.int64)
        self.state = np.zeros(SUITED_STATE_FEATURES, dtype=np.float32)
        self.action = np.zeros(SUITED_ACTION_FEATURES, dtype=np.float32)
        self.first = np.zeros(width, dtype=np.float32)
        self.hidden = np.zeros(width, dtype=np.float32)
        self.second = np.zeros(units(found, "bias_hidden"), dtype=np.float32)

    @classmethod
    def start_learned(
        cls,
        template: State,
        seat: int,
        moves: Sequence[Action],
        long_hand: int,
        max_moves: int,
        others: int,
        look: int,
        gave: Sequence[tuple[int, int]] | None,
        undealt: int,
        every_seat: bool = False,
    ) -> SuitedLearnedPlayouts | None:
        """The learned playouts for this decision, or None where they are not supported (module docstring: a table no
        shipped suited file was trained for, an undealt pile) or not loaded yet."""
        if undealt or not suited_playout.covers_state(template) or not suited_playout.ready():
            return None
        if any(type(move) not in (Play, Pass) for move in moves):
            return None
        network = trained_network(template.rules, template.seats)
        if network is None or not ready():
            return None
        return cls(template, seat, moves, long_hand, max_moves, others, look, gave, every_seat, network)

    def play(self, hands: Sequence[Sequence[int]], arms: Sequence[int] | None = None) -> list[int | None]:
        """`SuitedPlayouts.play`, the playouts by the learned policy."""
        self.base[RNG] += 1  # the pass limit's draws differ from deal to deal
        chosen = self.every_arm if arms is None else np.array(arms, dtype=np.int64)
        play_deal(
            self.base, self.rules, np.array(hands, dtype=np.int64), self.candidates, chosen, self.seat,
            self.long_hand, self.max_moves, self.work, self.moves, self.places, self.others, self.every_seat,
            self.look, self.inner, self.inner_moves, self.start_track, self.track, self.inner_track, self.roles,
            self.gave, self.unseen, self.state, self.action, self.first, self.hidden, self.second, *self.network,
        )  # fmt: skip
        return [None if place < 0 else int(place) for place in self.places[: len(chosen)].tolist()]

    def rows(self, board: Any, track: Any | None = None) -> tuple[Any, Any, list[tuple[int, ...]]]:
        """The state row, the legal moves' action rows (the suited rows) and their kernel move rows at `board` (its
        seat to move); `track`: its trick's last two plays' suits (the template's by default)."""
        moves = np.zeros((MAX_MOVES, MOVE_COLUMNS), dtype=np.int64)
        actions = np.zeros((MAX_MOVES, SUITED_ACTION_FEATURES), dtype=np.float32)
        state = np.zeros(SUITED_STATE_FEATURES, dtype=np.float32)
        track = self.start_track if track is None else track
        count = encode(
            board, self.rules, moves, self.long_hand, self.roles, self.gave, track, self.unseen, state, actions
        )
        return state, actions[:count], [tuple(int(value) for value in moves[index]) for index in range(count)]

    def advice(self, board: Any) -> tuple[int, ...]:
        """The advice's move row at `board` (the kernel policy in `ADVICE_STYLE`)."""
        return suited_playout.policy(board, self.rules, self.long_hand, ADVICE_STYLE)

    def learned_move(self, board: Any, track: Any | None = None) -> tuple[int, ...]:
        """The learned policy's move row at `board` (its seat to move)."""
        moves = np.zeros((MAX_MOVES, MOVE_COLUMNS), dtype=np.int64)
        n = legal_moves(board, self.rules, moves)
        index = learned_move(
            board, self.rules, moves, n, self.long_hand, self.roles, self.gave,
            self.start_track if track is None else track, self.unseen, self.state, self.action, self.first,
            self.hidden, self.second, *self.network,
        )  # fmt: skip
        return tuple(int(value) for value in moves[index])
