"""The one compiled rules kernel: one President table of 3 to 8 seats, card by card, on one int32 array, `board`.

Both compiled environments run it: `compiled_table.CompiledTable` (one table, behind `president_v0`) calls `step`
and `start_round` directly, and the vectorized engine (`vector_bga.VectorTables`) keeps a board per table, one
array `boards[table]`, and runs `apply` and `deal` over a table axis (`vector_loops`: a loop, nothing of the
rules). Every rule is written here once, checked move by move against the reference engine through both
environments (tests/envs: `vector_check`, `compiled_check`).

A table's hands hold cards, not counts per rank, so that `president_v0`'s observation (per card) is exact and every
card moves where the reference engine moves it: a play takes the canonical suits of `ActionCodec.decode` (the
special 3 first, then clubs, diamonds, hearts, spades), a chosen give the highest suits, a forced give the
engine's `best_cards` (the joker, then 2, A, K ..., spades first within a rank). The rows `RANKS` keep each seat's
counts per rank kind, which the masks read. The vectorized engine's boards count rank kinds instead of cards
(`R_BY_RANK`: 14 columns of int16, which keeps thousands of boards in cache; its observation is per rank): the
same code moves a rank's count where it would move its canonical suits.

The board's rows and the table row's columns are named constants below, as are the positions in `consts` (the
rule flags, declared once in `RULE_FIELDS`, then the points and payments, the seats, the roles each place gives
and the transfer's pairs: whatever depends on the player count is read from there, so that one compiled code
plays every count). Hands count copies, so several decks need nothing more. Seed 004's draft has a row for its
pool (`DRAFT`) and a phase in the table's row (`DRAFTING`). Whole numbers in one array, so that a
call from Python passes few arguments: numba's dispatch checks every argument, and a tuple of many arrays costs
more than the move itself.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
from numba import njit

from presidente.envs.president_observation import observation_layout
from presidente.president.actions import PRESIDENT_RANK, cards_of_rank

# The rule flags the moves read, in the order of the first positions of `consts` (`vector_bga.Layout` makes them).
RULE_FIELDS = (
    "rounds",
    "target_score",
    "revolution_cards",
    "strict_revolution",
    "trump",
    "pass_out_of_trick",
    "penalize_final_joker",
    "penalize_final_best",
    "downfall",
    "loser_first",
    "credit",
    "force_skip",
    "or_pass",
    "four_by_equalizing",
    "best_rank_ends_trick",
    "revolution_scope_trick",
    "in_return",
    "first_trick_president",
    "wild",
    "one_fewer_two",
    "equal_allowed",
    "draft",
)
# Keys on the engine's scale (trick.py): the best rank's, and N-1 cards of the best rank on N others.
BEST_KEY = 24
ONE_FEWER_KEY = 23

PLAYERS = 4
CARDS = 53
JOKER = 52
KINDS = 14
JOKER_KIND = 13
# The engine's tables (numba reads them as constants): a card's rank kind, and a rank's cards by suit.
KIND_OF_CARD = np.array([*PRESIDENT_RANK[:JOKER], JOKER_KIND], dtype=np.int64)
CARD_OF_RANK = np.array([cards_of_rank(rank) for rank in range(13)], dtype=np.int64)
# Roles, as `ROLE_KEYS` orders them.
PRESIDENT, VICE, NEUTRAL, HIGH_SCUM, SCUM = range(5)

# Rows of `board`: the table's rows first (per-card rows of 53 columns, per-seat rows of up to 8), then a block of
# `SEAT_ROWS` rows per seat (its cards, gives, cards in transit and counts per rank kind): seat `s`'s hand is row
# `HAND + SEAT_ROWS * s`. A board of `n` seats has `rows(n)` rows (a 4-seat board as small as before).
PLAYED = 0
FACE_UP = 1
SIZES = 2
ACTIVE = 3
PLACE = 4  # this round's place (0 = first) once a seat went out or was ranked lowest; -1 before
LOWEST = 5  # 1 for seats ranked lowest by an illegal finish
SCORES = 6
ROLE = 7
PASSED = 8
ORDER = 9  # the last finished round's seats, best first
PLACES = 10  # the last finished round's place of each seat, 1 = first (0 before the first round ends)
PAID = 11  # 1 for seats paid early in the match's last round
PAY = 12  # what each seat is paid by the last move
PAYING = 13  # 1 for seats the last move pays
TERMINATE = 14  # 1 for seats the last move terminates
TABLE = 15
DRAFT = 16  # the draft's pool (seed 004's `college-draft`)
HAND = 17  # each seat's cards
GAVE = 18  # what each seat gave in this round's transfer, or put down for the draft (as the engine notes them)
RECEIVED = 19
TRANSIT = 20  # a winner's chosen give held until every winner chose (winner-first)
RANKS = 21  # each seat's cards per rank kind
SEAT_ROWS = 5
MAX_PLAYERS = 8


def rows(players: int) -> int:
    """The rows of a board of `players` seats."""
    return HAND + SEAT_ROWS * players


ROWS = rows(PLAYERS)
# Columns of the table's row.
ROUND = 0
PRESIDENT_SEAT = 1  # the top role's seat (the President, or the Vice-President without one); -1 without roles
TRANSFERRING = 2
CURRENT = 3
TRICK_SIZE = 4
TRICK_PLAYS = 5
TOP_KEY = 6
TOP_SHAPE = 7
LAST = 8
REVERSED = 9
OVER = 10
OBLIGATION = 11
RUN_RANK = 12
RUN_COUNT = 13
RUN_PLAYS = 14
MUST_INCLUDE = 15
DOWNFALLEN = 16
WINNERS = 17
LOWEST_COUNT = 18
PAIR = 19  # the transfer's pair whose winner chooses now (`R_PAIRS`), or the draft's place in the queue to move
DRAFTING = 20  # the draft's phase: 0 none, 1 putting down, 2 picking up
TABLE_COLUMNS = DRAFTING + 1
# The width of a board whose hand rows count rank kinds (`R_BY_RANK`): the table's row is its widest.
RANK_BOARD_COLUMNS = max(KINDS, TABLE_COLUMNS)

# Columns of `shapes`, one row per play shape (action index - 1).
S_RANK, S_NATURALS, S_JOKERS, S_LONE, S_KEY, S_KEY_REVERSED = range(6)
# Positions in `consts`: the rule flags, each at its place in `RULE_FIELDS`, then the numbers below.
R_ROUNDS = RULE_FIELDS.index("rounds")
R_TARGET = RULE_FIELDS.index("target_score")
R_REVOLUTION_CARDS = RULE_FIELDS.index("revolution_cards")
R_STRICT_REVOLUTION = RULE_FIELDS.index("strict_revolution")
R_TRUMP = RULE_FIELDS.index("trump")
R_PASS_OUT = RULE_FIELDS.index("pass_out_of_trick")
R_PENALIZE_JOKER = RULE_FIELDS.index("penalize_final_joker")
R_PENALIZE_BEST = RULE_FIELDS.index("penalize_final_best")
R_DOWNFALL = RULE_FIELDS.index("downfall")
R_LOSER_FIRST = RULE_FIELDS.index("loser_first")
R_CREDIT = RULE_FIELDS.index("credit")
R_FORCE_SKIP = RULE_FIELDS.index("force_skip")
R_OR_PASS = RULE_FIELDS.index("or_pass")
R_FOUR_BY_EQUALIZING = RULE_FIELDS.index("four_by_equalizing")
R_BEST_ENDS = RULE_FIELDS.index("best_rank_ends_trick")
R_REVOLUTION_SCOPE_TRICK = RULE_FIELDS.index("revolution_scope_trick")
R_IN_RETURN = RULE_FIELDS.index("in_return")
R_FIRST_TRICK_PRESIDENT = RULE_FIELDS.index("first_trick_president")
R_WILD = RULE_FIELDS.index("wild")
R_ONE_FEWER = RULE_FIELDS.index("one_fewer_two")
R_EQUAL_ALLOWED = RULE_FIELDS.index("equal_allowed")
R_DRAFT = RULE_FIELDS.index("draft")
R_CHOICE_START = len(RULE_FIELDS)
R_POINTS = R_CHOICE_START + 1  # MAX_PLAYERS: what each place adds to the score
R_PLACE_PAY = R_POINTS + MAX_PLAYERS  # MAX_PLAYERS: what each place is paid (the score's points, or +1 / 0 / -1)
R_PAY_SCORE = R_PLACE_PAY + MAX_PLAYERS  # 1: a round pays the score's change, 0: the place reward
R_SPECIAL = R_PAY_SCORE + 1  # the special 3's card, or -1
R_DEAL_EXTRAS = R_SPECIAL + 1  # where a later round's deal starts: `DEAL_EXTRAS` (the first deal: a random seat)
# 1: the hand rows count rank kinds, not cards (the vectorized engine: its observation is per rank, and a board
# of 14 columns is what keeps thousands of tables in cache); `R_SPECIAL` is then the special 3's rank kind, and
# `deal` is given the first round's leader.
R_BY_RANK = R_DEAL_EXTRAS + 1
R_PLAYERS = R_BY_RANK + 1  # the seats at the table (3 to 8)
R_ROLE_OF_PLACE = R_PLAYERS + 1  # MAX_PLAYERS: the role last round's place gives (`assign_roles`)
# The card transfer's pairs in the engine's order (President and Scum, then Vice and High-Scum, those that
# exist with cards to swap): `R_PAIR_COUNT` of them, each the winner's place, the loser's place, the cards.
R_PAIR_COUNT = R_ROLE_OF_PLACE + MAX_PLAYERS
R_PAIRS = R_PAIR_COUNT + 1
R_LEADER_PLACE = R_PAIRS + 6  # the place whose seat leads a round with roles (the Scum's, or the President's)
R_DRAFT_CARDS = R_LEADER_PLACE + 1  # the cards each seat puts down and picks up in the draft
R_SIZE = R_DRAFT_CARDS + 1
DEAL_EXTRAS = ("lowest-first", "dealer-left", "president-first")

# `president_v0`'s observation: its blocks (`observation_layout`) start at `OBSERVATION_STARTS[players, block]`.
OBSERVATION_BLOCKS = tuple(name for name, _length, _meaning in observation_layout(PLAYERS))


def _starts(players: int) -> list[int]:
    starts, at = [], 0
    for _name, length, _meaning in observation_layout(players):
        starts.append(at)
        at += length
    return [*starts, at]


OBSERVATION_STARTS = np.array([_starts(players) for players in range(MAX_PLAYERS + 1)], dtype=np.int64)


# numba's cache keys this module's compiled code on this file's content alone, while the arrays above come from
# other modules (the engine's card tables, `president_v0`'s observation layout) and are frozen into that code as
# constants: this file holds their SHA-256, so that it changes whenever they do and no stale cached kernel reads
# old ones (tests/envs/test_compiled_table.py checks it; then vector_loops.KERNEL_SHA256 follows this file).
BORROWED_SHA256 = "4d69c841848e08047a2c579471650c4471b6fef278d0d5faac8e07a8c4864920"


def borrowed_sha256() -> str:
    """The SHA-256 of the constants this kernel takes from other modules (BORROWED_SHA256 must equal it)."""
    digest = hashlib.sha256()
    for array in (KIND_OF_CARD, CARD_OF_RANK, OBSERVATION_STARTS):
        digest.update(repr(array.shape).encode())
        digest.update(np.ascontiguousarray(array).tobytes())
    digest.update(repr(OBSERVATION_BLOCKS).encode())
    return digest.hexdigest()


def observation_size(players: int) -> int:
    """The length of `president_v0`'s observation with `players` seats."""
    size: int = OBSERVATION_STARTS[players, -1]
    return int(size)


OBSERVATION_SIZE = observation_size(PLAYERS)
(
    B_HAND,
    B_PLAYED,
    B_FACE_UP,
    B_GAVE,
    B_RECEIVED,
    B_DRAFT_POOL,
    B_SIZES,
    B_IN_ROUND,
    B_FINISHED,
    B_OUT,
    B_PASSED,
    B_TO_MOVE,
    B_TOP_PLAYER,
    B_SCORES,
    B_ROLES,
    B_PLACES,
    B_TRICK_SIZE,
    B_TRICK_PLAYS,
    B_TOP_RANK,
    B_TOP_NATURALS,
    B_TOP_JOKERS,
    B_RUN,
    B_REVERSED,
    B_OBLIGATION,
    B_MUST_INCLUDE,
    B_PHASE,
    B_ROUND,
) = range(len(OBSERVATION_BLOCKS))
assert OBSERVATION_BLOCKS[B_ROUND] == "round" and OBSERVATION_BLOCKS[B_SIZES] == "hand_sizes"
# The phase one-hot: exchange, draft put-down, draft pick-up, play; the second obligation flag is "or-pass".
PHASE_EXCHANGE, PHASE_PLAY = 0, 3
OR_PASS = 1

# Step results, as bits; the seat to move next (-1 when no one is) is the result shifted right by `SEAT_SHIFT`,
# less 1, so that the caller learns it without reading the board.
PAYS = 1
NEEDS_DEAL = 2
MATCH_OVER = 4
SEAT_SHIFT = 4


@njit(cache=True, inline="always")
def _columns(consts: Any) -> int:
    """How many columns of a hand row hold cards: a card's (53), or a rank kind's where `R_BY_RANK` (14)."""
    columns: int = KINDS if consts[R_BY_RANK] else CARDS
    return columns


@njit(cache=True, inline="always")
def _joker(consts: Any) -> int:
    """The joker's column."""
    joker: int = JOKER_KIND if consts[R_BY_RANK] else JOKER
    return joker


@njit(cache=True, inline="always")
def _kind(consts: Any, column: int) -> int:
    """The rank kind of a hand row's column."""
    kind: int = column if consts[R_BY_RANK] else KIND_OF_CARD[column]
    return kind


@njit(cache=True, inline="always")
def _card(consts: Any, rank: int, suit: int) -> int:
    """The column of a rank's card of `suit` (clubs, diamonds, hearts, spades): the rank's own where
    `R_BY_RANK`, whose hands are counts per rank kind."""
    card: int = rank if consts[R_BY_RANK] else CARD_OF_RANK[rank, suit]
    return card


@njit(cache=True, inline="always")
def _move(board: Any, seat: int, card: int, count: int, to: int, receiver: int, consts: Any) -> None:
    """`count` of `card` from `seat`'s hand to row `to`, or to `receiver`'s hand (`to` < 0)."""
    kind = _kind(consts, card)
    board[HAND + SEAT_ROWS * seat, card] -= count
    board[RANKS + SEAT_ROWS * seat, kind] -= count
    board[SIZES, seat] -= count
    if to >= 0:
        board[to, card] += count
    else:
        board[HAND + SEAT_ROWS * receiver, card] += count
        board[RANKS + SEAT_ROWS * receiver, kind] += count
        board[SIZES, receiver] += count


@njit(cache=True)
def _give_best(board: Any, loser: int, winner: int, count: int, consts: Any) -> None:
    """The loser's forced give to the winner, noted: its `count` best cards (the joker above the 2, spades
    first within a rank), as the engine's `best_cards`."""
    for card in range(_columns(consts)):
        board[GAVE + SEAT_ROWS * loser, card] = 0
        board[RECEIVED + SEAT_ROWS * winner, card] = 0
    for step in range(CARDS):
        if count == 0:
            break
        card = _joker(consts) if step == 0 else _card(consts, 12 - (step - 1) // 4, 3 - (step - 1) % 4)
        taken = min(count, board[HAND + SEAT_ROWS * loser, card])
        if taken:
            _move(board, loser, card, taken, -1, winner, consts)
            board[GAVE + SEAT_ROWS * loser, card] = taken
            board[RECEIVED + SEAT_ROWS * winner, card] = taken
            count -= taken


@njit(cache=True)
def _choose_highest(board: Any, seat: int, choice: int, choices: Any, to: int, receiver: int, consts: Any) -> None:
    """A chosen give: the counts per rank kind of card choice `choice`, the highest suits first
    (`ActionCodec.decode`), from `seat`'s hand to row `to` or to `receiver`'s hand."""
    for kind in range(KINDS):
        wanted = choices[choice, kind]
        if not wanted:
            continue
        if kind == JOKER_KIND:
            _move(board, seat, _joker(consts), wanted, to, receiver, consts)
            continue
        for suit in range(3, -1, -1):
            card = _card(consts, kind, suit)
            taken = min(wanted, board[HAND + SEAT_ROWS * seat, card])
            if taken:
                _move(board, seat, card, taken, to, receiver, consts)
                wanted -= taken


@njit(cache=True)
def _choose(
    board: Any, seat: int, choice: int, choices: Any, to: int, receiver: int, exact: Any, given: bool, consts: Any
) -> None:
    """A chosen give: the cards `exact` (counts per card) where `given`, else `_choose_highest`'s."""
    if not given:
        _choose_highest(board, seat, choice, choices, to, receiver, consts)
        return
    for card in range(_columns(consts)):
        if exact[card]:
            _move(board, seat, card, exact[card], to, receiver, consts)


@njit(cache=True, inline="always")
def _note(board: Any, giver: int, receiver: int, cards: Any, consts: Any) -> None:
    """The engine's note of a give: what `giver` gave and `receiver` received (the row `cards`)."""
    for card in range(_columns(consts)):
        board[GAVE + SEAT_ROWS * giver, card] = cards[card]
        board[RECEIVED + SEAT_ROWS * receiver, card] = cards[card]


@njit(cache=True, inline="always")
def _new_trick(board: Any, leader: int) -> None:
    table = board[TABLE]
    table[TRICK_SIZE] = 0
    table[TRICK_PLAYS] = 0
    table[TOP_KEY] = -1
    table[TOP_SHAPE] = -1
    table[LAST] = -1
    table[CURRENT] = leader
    for s in range(MAX_PLAYERS):
        board[PASSED, s] = 0
    table[OBLIGATION] = 0
    table[RUN_RANK] = -1
    table[RUN_COUNT] = 0
    table[RUN_PLAYS] = 0


@njit(cache=True, inline="always")
def _end_trick(board: Any, consts: Any) -> None:
    """The player of the top play leads the next trick, or (gone out) the first active seat after it; a
    revolution scoped to the trick ends with it (seed 004)."""
    winner = board[TABLE, LAST]
    leader = winner
    players = consts[R_PLAYERS]
    if not board[ACTIVE, winner]:
        for step in range(1, players):
            candidate = (winner + step) % players
            if board[ACTIVE, candidate]:
                leader = candidate
                break
    if consts[R_REVOLUTION_SCOPE_TRICK]:
        board[TABLE, REVERSED] = 0
    _new_trick(board, leader)


@njit(cache=True, inline="always")
def _advance(board: Any, seat: int, skip: bool, obligation: bool, consts: Any) -> None:
    """The turn to the next active seat after `seat` that has not passed out of the trick (the first skipped if
    `skip`), who must equalize or pass if `obligation`; or the trick's end where the turn comes back to the seat
    that played last."""
    players = consts[R_PLAYERS]
    for _ in range(players):
        seat = (seat + 1) % players
        if seat == board[TABLE, LAST]:
            _end_trick(board, consts)
            return
        if board[ACTIVE, seat] and not board[PASSED, seat]:
            if skip:
                skip = False
                continue
            board[TABLE, CURRENT] = seat
            board[TABLE, OBLIGATION] = obligation
            return


@njit(cache=True)
def _end_round(board: Any, consts: Any) -> int:
    """Places (winners, the seat left playing, the downfallen, the illegal finishes), points, what each seat not
    paid yet is paid, and the match's end or a deal to come. The seat left playing keeps its cards and no
    winner's place on the board, as in the engine's last state."""
    table = board[TABLE]
    players = consts[R_PLAYERS]
    winners = table[WINNERS]
    places = board[PLACE].copy()
    left = 0
    for s in range(players):
        if board[ACTIVE, s]:
            places[s] = winners + left
            left += 1
    if table[DOWNFALLEN] >= 0:
        places[table[DOWNFALLEN]] = winners + left
    reached = False
    for s in range(players):
        place = places[s]
        earned = consts[R_POINTS + place]
        board[SCORES, s] += earned
        board[ORDER, place] = s
        board[PLACES, s] = place + 1
        if not board[PAID, s]:
            board[PAYING, s] = 1
            board[PAY, s] = earned if consts[R_PAY_SCORE] else consts[R_PLACE_PAY + place]
        board[PAID, s] = 0
        score, target = board[SCORES, s], consts[R_TARGET]
        # Credit scoring ends the match when a player has no credit left; points, at the target score.
        if (consts[R_CREDIT] and score <= 0) or (not consts[R_CREDIT] and target and score >= target):
            reached = True
    if (consts[R_ROUNDS] and table[ROUND] >= consts[R_ROUNDS]) or reached:
        table[OVER] = 1
        table[CURRENT] = -1
        return PAYS | MATCH_OVER
    return PAYS | NEEDS_DEAL


@njit(cache=True)
def _go_out(board: Any, seat: int, penalized: bool, consts: Any) -> int:
    """`seat` emptied its hand: a winner's place, or (illegal finish) the worst place free; the first winner
    who is not the President downfalls the President. In the match's last round a seat whose place is settled
    is paid and terminated at once. The step's result bits where the round ended, else -1."""
    table = board[TABLE]
    board[ACTIVE, seat] = 0
    board[LOWEST, seat] = penalized
    if penalized:
        board[PLACE, seat] = consts[R_PLAYERS] - 1 - table[LOWEST_COUNT]
        table[LOWEST_COUNT] += 1
    else:
        board[PLACE, seat] = table[WINNERS]
        top = table[PRESIDENT_SEAT]
        if consts[R_DOWNFALL] and table[WINNERS] == 0 and top >= 0 and top != seat and board[ACTIVE, top]:
            for card in range(_columns(consts)):
                held = board[HAND + SEAT_ROWS * top, card]
                if held:
                    _move(board, top, card, held, FACE_UP, -1, consts)
            board[ACTIVE, top] = 0
            table[DOWNFALLEN] = top
        table[WINNERS] += 1
    still = 0
    for s in range(consts[R_PLAYERS]):
        still += board[ACTIVE, s]
    if still <= 1:
        return _end_round(board, consts)
    if consts[R_ROUNDS] and table[ROUND] == consts[R_ROUNDS]:
        board[PAID, seat] = 1
        board[PAYING, seat] = 1
        board[TERMINATE, seat] = 1
        board[PAY, seat] = consts[R_PLACE_PAY + board[PLACE, seat]]
        return PAYS
    return -1


@njit(cache=True)
def deal(board: Any, consts: Any, deck: Any, start: int, leader: int) -> None:
    """Deal the round whose number the caller set: the shuffled `deck` handed out in slices, the larger first,
    from seat `start` on in the first round, later (`R_DEAL_EXTRAS`) from last round's last place up the places,
    from the seat after it (the dealer's left), or from the President (`State._deal_order`); then roles from the
    last round's places and the transfer, or (the first round) the first trick led by `leader` (a negative
    `leader`: the first holder of the special 3 from seat ``-leader - 1`` on, as `State._first_leader` looks)."""
    table = board[TABLE]
    order = board[ORDER]
    players = consts[R_PLAYERS]
    seats = np.empty(players, dtype=np.int64)
    extras = consts[R_DEAL_EXTRAS]
    for k in range(players):
        if table[ROUND] == 1:
            seats[k] = (start + k) % players
        elif extras == 1:
            seats[k] = (order[players - 1] + 1 + k) % players
        elif extras == 2:
            seats[k] = (order[0] + k) % players
        else:
            seats[k] = order[players - 1 - k]
    for row in range(HAND, HAND + SEAT_ROWS * players):
        for card in range(_columns(consts)):
            board[row, card] = 0
    base, extra = deck.shape[0] // players, deck.shape[0] % players
    position = 0
    for k in range(players):
        for _ in range(base + (1 if k < extra else 0)):
            board[HAND + SEAT_ROWS * seats[k], deck[position]] += 1
            position += 1
    for card in range(_columns(consts)):
        board[PLAYED, card] = 0
        board[FACE_UP, card] = 0
        board[DRAFT, card] = 0
    for s in range(players):
        size = 0
        for card in range(_columns(consts)):
            held = board[HAND + SEAT_ROWS * s, card]
            board[RANKS + SEAT_ROWS * s, _kind(consts, card)] += held
            size += held
        board[SIZES, s] = size
        board[ACTIVE, s] = 1
        board[PLACE, s] = -1
        board[LOWEST, s] = 0
        board[PAID, s] = 0
    table[DOWNFALLEN] = -1
    table[WINNERS] = 0
    table[LOWEST_COUNT] = 0
    table[REVERSED] = 0
    table[MUST_INCLUDE] = 0
    table[PAIR] = 0
    table[DRAFTING] = 0
    if table[ROUND] == 1:
        for s in range(players):
            board[ROLE, s] = NEUTRAL
        table[PRESIDENT_SEAT] = -1
        table[TRANSFERRING] = 0
        # Seed 002: "the player with the special 3 starts (but must play that card)"; every card is dealt, so
        # someone holds it.
        table[MUST_INCLUDE] = consts[R_SPECIAL] >= 0
        if leader < 0:
            first = -leader - 1
            for k in range(players):
                s = (first + k) % players
                if board[HAND + SEAT_ROWS * s, consts[R_SPECIAL]]:
                    leader = s
                    break
        _new_trick(board, leader)
        return
    # Roles from last round's places (`assign_roles`); the top one (President, or Vice without a President)
    # is first place's.
    for place in range(players):
        board[ROLE, order[place]] = consts[R_ROLE_OF_PLACE + place]
    table[PRESIDENT_SEAT] = order[0]
    table[TRANSFERRING] = 0
    if consts[R_DRAFT]:
        # Seed 004's draft: each seat in last round's order puts cards down, then picks cards up.
        table[DRAFTING] = 1
        _new_trick(board, order[0])
        return
    pairs = consts[R_PAIR_COUNT]
    if pairs == 0:
        table[TRANSFERRING] = 0
        _new_trick(board, order[consts[R_LEADER_PLACE]])
        return
    table[TRANSFERRING] = 1
    if consts[R_LOSER_FIRST]:
        # Seed 002: the Beggar and the Peasant give their best cards first; the winners choose after.
        for pair in range(pairs):
            at = R_PAIRS + 3 * pair
            _give_best(board, order[consts[at + 1]], order[consts[at]], consts[at + 2], consts)
    # The first pair's winner chooses first.
    _new_trick(board, order[consts[R_PAIRS]])


@njit(cache=True)
def start_round(
    board: Any,
    shapes: Any,
    follows: Any,
    choices: Any,
    consts: Any,
    mask: Any,
    seen: Any,
    deck: Any,
    start: int,
    leader: int,
) -> int:
    """`deal`, then the seat to move, as `step` gives it; its mask and observation in `mask` and `seen`."""
    deal(board, consts, deck, start, leader)
    current = board[TABLE, CURRENT]
    fill_mask(board, shapes, follows, choices, consts, mask)
    observe(board, shapes, consts, current, seen)
    seat_bits: int = (current + 1) << SEAT_SHIFT
    return seat_bits


@njit(cache=True)
def fill_mask(board: Any, shapes: Any, follows: Any, choices: Any, consts: Any, mask: Any) -> None:
    """`mask`: the legal action indices of the seat to move (all zero when the match is over)."""
    table = board[TABLE]
    for index in range(mask.shape[0]):
        mask[index] = 0
    if table[OVER]:
        return
    seat = table[CURRENT]
    ranks = board[RANKS + SEAT_ROWS * seat]
    if table[DRAFTING]:
        _draft_mask(board, seat, choices, consts, mask)
        return
    if table[TRANSFERRING]:
        wanted = min(consts[R_PAIRS + 3 * table[PAIR] + 2], board[SIZES, seat])
        _mark_choices_within(choices, ranks, wanted, consts[R_CHOICE_START], mask)
        return
    size = table[TRICK_SIZE]
    mask[0] = size > 0
    rev = 1 if table[REVERSED] else 0
    top = table[TOP_KEY]
    allowed = follows[rev, size, top + 1]
    jokers = ranks[JOKER_KIND]
    # Seed 004's "equalize or pass": only a play equal to the top (same key, same size) may follow.
    bound = table[OBLIGATION]
    # Seed 002's special 3: the first lead must include it (a play of natural 3s: the 3 is the weakest rank).
    must = table[MUST_INCLUDE]
    for shape in range(shapes.shape[0]):
        naturals = shapes[shape, S_NATURALS]
        shape_jokers = shapes[shape, S_JOKERS]
        rank = shapes[shape, S_RANK]
        if shape_jokers > jokers or (naturals and ranks[rank] < naturals):
            continue
        if must and (naturals == 0 or rank != 0):
            continue
        key = shapes[shape, S_KEY_REVERSED if rev else S_KEY]
        if allowed[shape]:
            if bound and (key != top or naturals + shape_jokers != size):
                continue
            mask[1 + shape] = 1
        elif (
            consts[R_ONE_FEWER]
            and size >= 2
            and naturals + shape_jokers == size - 1
            and not shapes[shape, S_LONE]
            and key == BEST_KEY
        ):
            # Seed 002: "N-1 cards of the best rank beat N other cards".
            mask[1 + shape] = top < ONE_FEWER_KEY or (top == ONE_FEWER_KEY and consts[R_EQUAL_ALLOWED] and not bound)


@njit(cache=True)
def _draft_mask(board: Any, seat: int, choices: Any, consts: Any, mask: Any) -> None:
    """The draft's card choices: `R_DRAFT_CARDS` of the seat's cards to put down (or all it holds, if fewer), or
    as many of the pool's to pick up."""
    pile = np.zeros(KINDS, dtype=np.int64)
    total = 0
    if board[TABLE, DRAFTING] == 1:
        for kind in range(KINDS):
            pile[kind] = board[RANKS + SEAT_ROWS * seat, kind]
        total = board[SIZES, seat]
    else:
        for card in range(_columns(consts)):
            pile[_kind(consts, card)] += board[DRAFT, card]
            total += board[DRAFT, card]
    _mark_choices_within(choices, pile, min(consts[R_DRAFT_CARDS], total), consts[R_CHOICE_START], mask)


@njit(cache=True, inline="always")
def _mark_choices_within(choices: Any, counts: Any, wanted: int, start: int, mask: Any) -> None:
    """Mark `mask[start + c]` for each card choice `c` (cards per rank kind) of `wanted` cards within `counts`."""
    for c in range(choices.shape[0]):
        total = 0
        fits = True
        for k in range(KINDS):
            total += choices[c, k]
            if choices[c, k] > counts[k]:
                fits = False
                break
        if fits and total == wanted:
            mask[start + c] = 1


@njit(cache=True)
def _take(board: Any, seat: int, choice: int, choices: Any, consts: Any, exact: Any, given: bool) -> None:
    """A pick from the draft's pool into `seat`'s hand: the cards `exact` where `given`, else the counts per rank
    kind of card choice `choice`, the highest suits first (`ActionCodec.decode`)."""
    hand, ranks = HAND + SEAT_ROWS * seat, RANKS + SEAT_ROWS * seat
    for card in range(_columns(consts)):
        if given:
            taken = exact[card]
        else:
            kind = _kind(consts, card)
            taken = 0
            if choices[choice, kind]:
                # The rank's cards from spades down (the joker alone in its kind): this card's share.
                wanted = choices[choice, kind]
                if kind == JOKER_KIND:
                    taken = min(wanted, board[DRAFT, card])
                else:
                    for suit in range(3, -1, -1):
                        other = _card(consts, kind, suit)
                        share = min(wanted, board[DRAFT, other])
                        if other == card:
                            taken = share
                            break
                        wanted -= share
        if taken:
            board[DRAFT, card] -= taken
            board[hand, card] += taken
            board[ranks, _kind(consts, card)] += taken
            board[SIZES, seat] += taken


@njit(cache=True)
def _draft(board: Any, seat: int, choice: int, choices: Any, consts: Any, exact: Any, given: bool) -> None:
    """A move of the draft (seed 004): cards put down into the pool (noted as the seat's give), or picked up;
    then the next seat in last round's order, the pick-up once every seat put down, and the round's first trick
    (led as after a transfer) once every seat picked up or the pool is empty, its leftovers face up."""
    table = board[TABLE]
    order = board[ORDER]
    players = consts[R_PLAYERS]
    transit = TRANSIT + SEAT_ROWS * seat
    if table[DRAFTING] == 1:
        _choose(board, seat, choice, choices, transit, -1, exact, given, consts)
        for card in range(_columns(consts)):
            held = board[transit, card]
            if held:
                board[DRAFT, card] += held
                board[GAVE + SEAT_ROWS * seat, card] += held
                board[transit, card] = 0
        table[PAIR] += 1
        if table[PAIR] < players:
            table[CURRENT] = order[table[PAIR]]
            return
        table[DRAFTING] = 2
        table[PAIR] = 0
        table[CURRENT] = order[0]
        return
    _take(board, seat, choice, choices, consts, exact, given)
    table[PAIR] += 1
    left = 0
    for card in range(_columns(consts)):
        left += board[DRAFT, card]
    if table[PAIR] < players and left:
        table[CURRENT] = order[table[PAIR]]
        return
    for card in range(_columns(consts)):
        board[FACE_UP, card] += board[DRAFT, card]
        board[DRAFT, card] = 0
    table[DRAFTING] = 0
    table[PAIR] = 0
    _new_trick(board, order[consts[R_LEADER_PLACE]])


@njit(cache=True)
def _transfer(board: Any, seat: int, choice: int, choices: Any, consts: Any, exact: Any, given: bool) -> None:
    """A winner's chosen give (the pair `PAIR`'s), and what follows it in the preset's order of the transfer."""
    table = board[TABLE]
    order = board[ORDER]
    pair = table[PAIR]
    pairs = consts[R_PAIR_COUNT]
    at = R_PAIRS + 3 * pair
    # Who leads the round's first trick once the transfer is done: the Scum (or High-Scum), or the President.
    leader = order[consts[R_LEADER_PLACE]]
    loser = order[consts[at + 1]]
    last_pair = pair + 1 >= pairs
    if consts[R_LOSER_FIRST] or consts[R_IN_RETURN]:
        for card in range(_columns(consts)):
            board[TRANSIT + SEAT_ROWS * seat, card] = board[HAND + SEAT_ROWS * seat, card]
        _choose(board, seat, choice, choices, -1, loser, exact, given, consts)
        for card in range(_columns(consts)):
            board[TRANSIT + SEAT_ROWS * seat, card] -= board[HAND + SEAT_ROWS * seat, card]
        _note(board, seat, loser, board[TRANSIT + SEAT_ROWS * seat], consts)
        for card in range(_columns(consts)):
            board[TRANSIT + SEAT_ROWS * seat, card] = 0
        if consts[R_IN_RETURN]:
            # Seed 004: the loser gives its best cards back from the hand that now holds the winner's.
            _give_best(board, loser, seat, consts[at + 2], consts)
        if not last_pair:
            table[PAIR] = pair + 1
            table[CURRENT] = order[consts[at + 3]]
        else:
            table[TRANSFERRING] = 0
            _new_trick(board, leader)
        return
    # Seed 001, "at the same time": the choice is held until every winner chose.
    _choose(board, seat, choice, choices, TRANSIT + SEAT_ROWS * seat, -1, exact, given, consts)
    if not last_pair:
        table[PAIR] = pair + 1
        table[CURRENT] = order[consts[at + 3]]
        return
    # The engine hands the held choices over last pair first (the pairs still choosing move to its list's front).
    for k in range(pairs - 1, -1, -1):
        winner = order[consts[R_PAIRS + 3 * k]]
        giver = order[consts[R_PAIRS + 3 * k + 1]]
        _give_best(board, giver, winner, consts[R_PAIRS + 3 * k + 2], consts)
        for card in range(_columns(consts)):
            held = board[TRANSIT + SEAT_ROWS * winner, card]
            if held:
                board[HAND + SEAT_ROWS * giver, card] += held
                board[RANKS + SEAT_ROWS * giver, _kind(consts, card)] += held
                board[SIZES, giver] += held
        _note(board, winner, giver, board[TRANSIT + SEAT_ROWS * winner], consts)
        for card in range(_columns(consts)):
            board[TRANSIT + SEAT_ROWS * winner, card] = 0
    table[TRANSFERRING] = 0
    _new_trick(board, leader)


@njit(cache=True)
def _play(board: Any, seat: int, shape: int, shapes: Any, consts: Any, exact: Any, given: bool) -> int:
    """A play of shape `shape` by `seat` (of the cards `exact`, counts per card, where `given`); the step's
    result bits."""
    table = board[TABLE]
    naturals, jokers, rank = shapes[shape, S_NATURALS], shapes[shape, S_JOKERS], shapes[shape, S_RANK]
    size = naturals + jokers
    if given:
        for card in range(_columns(consts)):
            if exact[card]:
                _move(board, seat, card, exact[card], PLAYED, -1, consts)
    elif naturals:
        left = naturals
        if table[MUST_INCLUDE] and rank == 0 and board[HAND + SEAT_ROWS * seat, consts[R_SPECIAL]]:
            _move(board, seat, consts[R_SPECIAL], 1, PLAYED, -1, consts)
            left -= 1
        for suit in range(4):
            card = _card(consts, rank, suit)
            taken = min(left, board[HAND + SEAT_ROWS * seat, card])
            if taken:
                _move(board, seat, card, taken, PLAYED, -1, consts)
                left -= taken
    if jokers and not given:
        _move(board, seat, _joker(consts), jokers, PLAYED, -1, consts)
    leading = table[TRICK_SIZE] == 0
    if leading:
        table[TRICK_SIZE] = size
    key = shapes[shape, S_KEY_REVERSED if table[REVERSED] else S_KEY]
    ranked = naturals > 0 or consts[R_WILD]  # jokers alone have a rank only where they are wild (declared)
    best_before = ranked and key == BEST_KEY
    one_fewer_play = consts[R_ONE_FEWER] and not leading and best_before and size == table[TRICK_SIZE] - 1
    if one_fewer_play:
        key = ONE_FEWER_KEY
    equal = (not leading) and key == table[TOP_KEY]
    table[OBLIGATION] = 0
    table[MUST_INCLUDE] = 0
    if not leading and ranked and rank == table[RUN_RANK]:
        table[RUN_COUNT] += size
        table[RUN_PLAYS] += 1
    else:
        table[RUN_RANK] = rank if ranked else -1
        table[RUN_COUNT] = size
        table[RUN_PLAYS] = 1
    ends = (consts[R_TRUMP] and naturals == 0) or (consts[R_BEST_ENDS] and best_before)
    # Seed 004's "ta gueule": four cards of one rank across plays end the trick.
    ends = ends or (consts[R_FOUR_BY_EQUALIZING] and table[RUN_COUNT] >= 4 and table[RUN_PLAYS] >= 2)
    if size >= consts[R_REVOLUTION_CARDS] and not (consts[R_STRICT_REVOLUTION] and jokers):
        table[REVERSED] = 1 - table[REVERSED]
    # The engine's key in the order now in force (a revolution may have turned it): the best rank's N-1 cards on
    # N keep the key of that move.
    top_key = shapes[shape, S_KEY_REVERSED if table[REVERSED] else S_KEY]
    if one_fewer_play and top_key == BEST_KEY:
        top_key = ONE_FEWER_KEY
    table[TOP_KEY] = top_key
    table[TOP_SHAPE] = shape
    table[LAST] = seat
    table[TRICK_PLAYS] += 1
    penalized = (consts[R_PENALIZE_JOKER] and jokers > 0) or (consts[R_PENALIZE_BEST] and best_before)
    result = 0
    if board[SIZES, seat] == 0:
        out = _go_out(board, seat, penalized, consts)
        if out >= 0 and out != PAYS:
            return out
        result = max(out, 0)
    if ends:
        # Seed 003: a trump joker wins the trick; seed 004: so does the best rank, or four in a row.
        _end_trick(board, consts)
        return result
    _advance(board, seat, equal and consts[R_FORCE_SKIP], equal and consts[R_OR_PASS], consts)
    return result


@njit(cache=True)
def apply(board: Any, shapes: Any, choices: Any, consts: Any, index: int, exact: Any, given: bool) -> int:
    """One legal move (checked by the caller against `fill_mask`) of the seat to move, with the cards `exact`
    (counts per card, of the move's shape: the caller checks them) where `given`, else `ActionCodec.decode`'s
    suits; result bits (`PAYS`: the rows PAYING, PAY and TERMINATE say who is paid what; `NEEDS_DEAL`;
    `MATCH_OVER`). A round's end adds what each place earns to the row `SCORES`."""
    table = board[TABLE]
    for s in range(MAX_PLAYERS):
        board[PAYING, s] = 0
        board[PAY, s] = 0
        board[TERMINATE, s] = 0
    seat = table[CURRENT]
    if table[DRAFTING]:
        _draft(board, seat, index - consts[R_CHOICE_START], choices, consts, exact, given)
        return 0
    if index >= consts[R_CHOICE_START]:
        _transfer(board, seat, index - consts[R_CHOICE_START], choices, consts, exact, given)
        return 0
    if index == 0:
        if consts[R_PASS_OUT]:
            board[PASSED, seat] = 1
        table[OBLIGATION] = 0
        _advance(board, seat, False, False, consts)
        return 0
    return _play(board, seat, index - 1, shapes, consts, exact, given)


@njit(cache=True)
def step(
    board: Any,
    shapes: Any,
    follows: Any,
    choices: Any,
    consts: Any,
    mask: Any,
    seen: Any,
    index: int,
    exact: Any,
    given: bool,
) -> int:
    """`apply`, then the next seat's mask and observation (in `seen`: an agent step's next call asks for it, and
    one call costs less than two); the result bits and the seat to move."""
    result = apply(board, shapes, choices, consts, index, exact, given)
    current = board[TABLE, CURRENT]
    if not result & NEEDS_DEAL:
        fill_mask(board, shapes, follows, choices, consts, mask)
        if current >= 0:
            observe(board, shapes, consts, current, seen)
    seat_bits: int = (current + 1) << SEAT_SHIFT
    return result | seat_bits


@njit(cache=True)
def observe(board: Any, shapes: Any, consts: Any, viewer: int, out: Any) -> None:
    """`out`: `president_v0`'s observation vector of seat `viewer` (`observation_layout(players)`)."""
    table = board[TABLE]
    players = consts[R_PLAYERS]
    at = OBSERVATION_STARTS[players]
    viewer_hand, viewer_gave, viewer_received = (
        HAND + SEAT_ROWS * viewer,
        GAVE + SEAT_ROWS * viewer,
        RECEIVED + SEAT_ROWS * viewer,
    )
    for card in range(CARDS):
        out[at[B_HAND] + card] = board[viewer_hand, card]
        out[at[B_PLAYED] + card] = board[PLAYED, card]
        out[at[B_FACE_UP] + card] = board[FACE_UP, card]
        out[at[B_GAVE] + card] = board[viewer_gave, card]
        out[at[B_RECEIVED] + card] = board[viewer_received, card]
    # Everything after the card blocks this seat sees; the draft's pool once turned face up.
    for index in range(at[B_DRAFT_POOL], out.shape[0]):
        out[index] = 0
    if table[DRAFTING] == 2:
        for card in range(CARDS):
            out[at[B_DRAFT_POOL] + card] = board[DRAFT, card]
    current, last, fallen = table[CURRENT], table[LAST], table[DOWNFALLEN]
    for j in range(players):
        s = (viewer + j) % players
        out[at[B_SIZES] + j] = board[SIZES, s]
        out[at[B_IN_ROUND] + j] = 1
        out[at[B_FINISHED] + j] = board[PLACE, s] >= 0 and not board[LOWEST, s]
        out[at[B_OUT] + j] = board[LOWEST, s] or s == fallen
        out[at[B_PASSED] + j] = board[PASSED, s]
        out[at[B_TO_MOVE] + j] = s == current
        out[at[B_TOP_PLAYER] + j] = s == last
        out[at[B_SCORES] + j] = board[SCORES, s]
        out[at[B_ROLES] + 5 * j + board[ROLE, s]] = 1
        out[at[B_PLACES] + j] = board[PLACES, s]
    out[at[B_TRICK_SIZE]] = table[TRICK_SIZE]
    out[at[B_TRICK_PLAYS]] = table[TRICK_PLAYS]
    shape = table[TOP_SHAPE]
    if shape >= 0 and table[TRICK_PLAYS]:
        out[at[B_TOP_RANK] + (JOKER_KIND if shapes[shape, S_LONE] else shapes[shape, S_RANK])] = 1
        out[at[B_TOP_NATURALS]] = shapes[shape, S_NATURALS]
        out[at[B_TOP_JOKERS]] = shapes[shape, S_JOKERS]
        out[at[B_RUN]] = table[RUN_COUNT] if table[RUN_RANK] >= 0 else 0
    out[at[B_REVERSED]] = table[REVERSED]
    if not table[OVER]:
        if table[DRAFTING]:
            out[at[B_PHASE] + table[DRAFTING]] = 1
        elif table[TRANSFERRING]:
            out[at[B_PHASE] + PHASE_EXCHANGE] = 1
        else:
            out[at[B_PHASE] + PHASE_PLAY] = 1
            out[at[B_OBLIGATION] + OR_PASS] = table[OBLIGATION]
            out[at[B_MUST_INCLUDE]] = table[MUST_INCLUDE] and viewer == current
    out[at[B_ROUND]] = table[ROUND]
