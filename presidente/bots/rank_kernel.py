"""The search's playouts on rank-count tables compiled with numba: the rules kernel's moves, `playout.Table`'s policy.

`ismcts` and `strong` play their playouts on `playout.Table`, the engine's rules on rank counts, in Python. On the
tables the one rules kernel (`presidente/envs/table_kernel.py`, docs/envs.md) plays — `bga`, `victorz`,
`trump-jokers`, `college` and their covered options — this module plays the same playouts compiled: the moves are
the kernel's own (`table_kernel.apply` on a board whose hands count rank kinds, `R_BY_RANK`; `fill_mask` where a
move's legality is asked), so no rule is written here a second time; what is written here is the playout policy,
`Table.policy_move` and the fast path of `Table.playout` move for move (`_lead`, `_follow`, `_revolution`,
`_master_lead`, `_joker_follow`, `_equalize`, `_danger`), reading the board. `rank_playout.py` makes the board of
a position and checks the coverage; tests/bots/test_rank_playout.py checks the policy's moves and the places
against `Table` on seeded positions of every covered preset.

A move here is a play shape of `ActionCodec` (`president_actions.play_shapes`), its kernel index `1 + shape`, or
0 for a pass. `facts` holds what the policy reads of the rules (`F_*` below); `shape_of[rank + 1, naturals,
jokers]` is the shape of a Table move (rank -1: jokers alone), -1 where none.
"""

from __future__ import annotations

from typing import Any, Final

from numba import njit

from presidente.envs.table_kernel import (
    ACTIVE,
    CURRENT,
    HAND,
    JOKER_KIND,
    MATCH_OVER,
    MUST_INCLUDE,
    NEEDS_DEAL,
    OBLIGATION,
    PLACE,
    PLACES,
    PLAYED,
    R_PLAYERS,
    R_SPECIAL,
    RANKS,
    REVERSED,
    S_JOKERS,
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

# numba keys this module's cached code on this file's content alone, though it inlines `table_kernel`'s functions:
# this file holds the kernel's SHA-256 (as `vector_loops` does), so that it changes whenever the kernel does
# (tests/bots/test_rank_playout.py checks it).
KERNEL_SHA256: Final = "4b7262851f715fec382783dce36a780ed74442cf3a8c8974b0eacc98e423fe72"

# `facts`: what the policy reads of the rules (`rank_playout.facts_of`).
F_MODE = 0  # jokers: 0 bga (a lone joker the highest single), 1 wild, 2 trump
F_PENALIZE_JOKER = 1
F_REVOLUTION = 2  # 0 off, 1 strict, 2 with jokers
F_REVOLUTION_CARDS = 3
F_COPIES = 4  # copies of a rank in the deck
F_DECK_JOKERS = 5
F_PENALIZED = 6  # 26: [reversed * 13 + rank]: going out with natural cards of it is penalized
F_SIZE = F_PENALIZED + 26
BGA, WILD, TRUMP = 0, 1, 2
# `playout.LONG_HAND` and `playout.DANGER`.
LONG_HAND = 5
DANGER = 2
NO_MOVE = -1  # a policy's "none" (its caller passes or goes on)


@njit(cache=True, inline="always")
def _rank(strength: int, reversed_order: int) -> int:
    """The rank of a strength in the order in force (and the strength of a rank: the map is its own inverse)."""
    return 12 - strength if reversed_order else strength


@njit(cache=True, inline="always")
def _shape(shape_of: Any, rank: int, size: int, jokers: int) -> int:
    """The play shape of a Table move (rank -1: jokers alone; a wild joker's declared rank otherwise), or -1."""
    naturals = size - jokers
    if naturals < 0 or naturals >= shape_of.shape[1] or jokers >= shape_of.shape[2] or rank < -1 or rank > 12:
        return -1
    shape: int = shape_of[rank + 1, naturals, jokers]
    return shape


@njit(cache=True, inline="always")
def _danger(board: Any, seat: int, consts: Any) -> bool:
    """Is an opponent about to go out?"""
    for other in range(consts[R_PLAYERS]):
        if board[SIZES, other] <= DANGER and board[ACTIVE, other] and other != seat:
            return True
    return False


@njit(cache=True)
def _legal(board: Any, shapes: Any, follows: Any, choices: Any, consts: Any, mask: Any, shape: int) -> bool:
    """Does the kernel accept `shape` from the seat to move (`fill_mask`, the one rules source)?"""
    if shape < 0:
        return False
    fill_mask(board, shapes, follows, choices, consts, mask)
    legal: bool = mask[1 + shape] != 0
    return legal


@njit(cache=True)
def _revolution(board: Any, seat: int, facts: Any, shape_of: Any, total: int, most: int) -> int:
    """`Table._revolution`: four of a kind (or the rules' count) when the hand is weak in this order; a shape or -1."""
    if facts[F_REVOLUTION] == 0:
        return NO_MOVE
    row = RANKS + SEAT_ROWS * seat
    needed = facts[F_REVOLUTION_CARDS]
    jokers = board[row, JOKER_KIND]
    if needed >= total or most + jokers < needed:
        return NO_MOVE
    reversed_order = board[TABLE, REVERSED]
    weight = 0
    for rank in range(13):
        weight += (_rank(rank, reversed_order) - 6) * board[row, rank]
    if weight >= 0:
        return NO_MOVE
    for strength in range(13):
        rank = _rank(strength, reversed_order)
        if board[row, rank] >= needed:
            return _shape(shape_of, rank, needed, 0)
    if facts[F_REVOLUTION] != 1 and facts[F_MODE] != TRUMP and jokers:
        for strength in range(13):
            rank = _rank(strength, reversed_order)
            if board[row, rank] + 1 >= needed:
                return _shape(shape_of, rank, needed, 1)
    return NO_MOVE


@njit(cache=True)
def _master_lead(board: Any, seat: int, facts: Any) -> int:
    """`Table._master_lead`: the weakest master set when all sets but at most one are masters; a rank or -1."""
    row = RANKS + SEAT_ROWS * seat
    copies = facts[F_COPIES]
    unseen_jokers = facts[F_DECK_JOKERS] - board[row, JOKER_KIND] - board[PLAYED, JOKER_KIND]
    mode = facts[F_MODE]
    if unseen_jokers > 0 and mode == TRUMP:
        return -1
    lone_beaten = unseen_jokers > 0 and mode == BGA
    wild = unseen_jokers if unseen_jokers > 0 else 0
    reversed_order = board[TABLE, REVERSED]
    sets = 0
    others = 0
    weakest = -1
    most = 0
    for strength in range(12, -1, -1):
        rank = _rank(strength, reversed_order)
        count = board[row, rank]
        if count:
            sets += 1
            need = count - wild if count - wild > 1 else 1
            if not (lone_beaten and count == 1) and most < need:
                weakest = rank
            else:
                others += 1
                if others > 1:
                    return -1
        unseen = copies - count - board[PLAYED, rank]
        if unseen > most:
            most = unseen
    return weakest if sets > 1 else -1


@njit(cache=True)
def _lead(board: Any, seat: int, consts: Any, facts: Any, shape_of: Any) -> int:
    """`Table._lead`: the policy's lead, a shape."""
    table = board[TABLE]
    row = RANKS + SEAT_ROWS * seat
    total = board[SIZES, seat]
    jokers = board[row, JOKER_KIND]
    mode = facts[F_MODE]
    if table[MUST_INCLUDE]:
        three = consts[R_SPECIAL]
        return _shape(shape_of, three, board[row, three], 0)
    reversed_order = table[REVERSED]
    weakest_rank = _rank(0, reversed_order)
    penalized = F_PENALIZED + 13 * reversed_order
    ordinary = -1
    ordinary_sets = 0
    awkward = -1
    most = 0
    for strength in range(13):
        rank = _rank(strength, reversed_order)
        count = board[row, rank]
        if not count:
            continue
        if count > most:
            most = count
        if facts[penalized + rank]:
            awkward = rank
            continue
        if count == total:
            return _shape(shape_of, rank, total, 0)
        if ordinary < 0:
            ordinary = rank
        ordinary_sets += 1
    penalize_joker = facts[F_PENALIZE_JOKER]
    wild_finish = mode != TRUMP and not penalize_joker
    if jokers and wild_finish and ordinary >= 0 and board[row, ordinary] + jokers == total:
        return _shape(shape_of, ordinary, total, jokers)
    if ordinary_sets <= 1 and (awkward >= 0 or (jokers and penalize_joker)):
        if jokers and (awkward < 0 or mode != WILD):
            return _shape(shape_of, weakest_rank if mode == WILD else -1, jokers, jokers)
        if awkward >= 0:
            return _shape(shape_of, awkward, board[row, awkward], 0)
    revolution = _revolution(board, seat, facts, shape_of, total, most)
    if revolution >= 0:
        return revolution
    master = _master_lead(board, seat, facts)
    if master >= 0:
        return _shape(shape_of, master, board[row, master], 0)
    if ordinary >= 0:
        return _shape(shape_of, ordinary, board[row, ordinary], 0)
    if awkward >= 0:
        return _shape(shape_of, awkward, board[row, awkward], 0)
    return _shape(shape_of, weakest_rank if mode == WILD else -1, jokers, jokers)


@njit(cache=True)
def _joker_follow(
    board: Any,
    seat: int,
    wanted: int,
    above: int,
    shapes: Any,
    follows: Any,
    choices: Any,
    consts: Any,
    facts: Any,
    shape_of: Any,
    mask: Any,
) -> int:
    """`Table._joker_follow`: beat with jokers, a set they make whole (weakest first from strength `above`), else
    jokers alone; a shape or -1 (pass)."""
    row = RANKS + SEAT_ROWS * seat
    jokers = board[row, JOKER_KIND]
    total = board[SIZES, seat]
    if total - wanted > LONG_HAND and not _danger(board, seat, consts):
        return NO_MOVE
    if total == wanted and facts[F_PENALIZE_JOKER]:
        return NO_MOVE
    mode = facts[F_MODE]
    reversed_order = board[TABLE, REVERSED]
    if mode != TRUMP:
        for strength in range(above, 13):
            rank = _rank(strength, reversed_order)
            count = board[row, rank]
            if 0 < count < wanted <= count + jokers:
                shape = _shape(shape_of, rank, wanted, wanted - count)
                if _legal(board, shapes, follows, choices, consts, mask, shape):
                    return shape
    if mode != WILD and wanted <= jokers:
        shape = _shape(shape_of, -1, wanted, wanted)
        if _legal(board, shapes, follows, choices, consts, mask, shape):
            return shape
    return NO_MOVE


@njit(cache=True)
def _equalize(board: Any, shapes: Any, follows: Any, choices: Any, consts: Any, mask: Any) -> int:
    """`Table._equalize`: under an obligation, the first equal play (the engine's order) with no joker and no strong
    card, else a pass."""
    fill_mask(board, shapes, follows, choices, consts, mask)
    reversed_order = board[TABLE, REVERSED]
    for shape in range(shapes.shape[0]):
        natural = shapes[shape, S_JOKERS] == 0 and shapes[shape, S_NATURALS] > 0
        if mask[1 + shape] and natural and _rank(shapes[shape, S_RANK], reversed_order) < 11:
            return shape
    return NO_MOVE


@njit(cache=True)
def _follow(
    board: Any, seat: int, shapes: Any, follows: Any, choices: Any, consts: Any, facts: Any, shape_of: Any, mask: Any
) -> int:
    """`Table._follow`: the policy's move on a trick, a shape or -1 (pass)."""
    table = board[TABLE]
    if table[OBLIGATION]:
        return _equalize(board, shapes, follows, choices, consts, mask)
    row = RANKS + SEAT_ROWS * seat
    wanted = table[TRICK_SIZE]
    top_key = table[TOP_KEY]
    reversed_order = table[REVERSED]
    above = (top_key >> 1) + 1
    if not top_key & 1 and top_key <= 24:
        equal = above - 1
        top = table[TOP_SHAPE]
        top_size = shapes[top, S_NATURALS] + shapes[top, S_JOKERS] if top >= 0 else -1
        equal_rank = _rank(equal, reversed_order)
        if (
            board[row, equal_rank] >= wanted
            and top_size == wanted
            and _legal(board, shapes, follows, choices, consts, mask, _shape(shape_of, equal_rank, wanted, 0))
        ):
            above = equal
    first = -1
    whole = -1
    for strength in range(above, 13):
        count = board[row, _rank(strength, reversed_order)]
        if count >= wanted:
            if first < 0:
                first = strength
            if count == wanted:
                whole = strength
                break
    jokers = board[row, JOKER_KIND]
    if first < 0:
        if jokers:
            return _joker_follow(board, seat, wanted, above, shapes, follows, choices, consts, facts, shape_of, mask)
        return NO_MOVE
    if whole < 0 and jokers and facts[F_MODE] != TRUMP:
        for strength in range(above, 13):
            count = board[row, _rank(strength, reversed_order)]
            if 0 < count < wanted <= count + jokers:
                if _danger(board, seat, consts):
                    break
                return _joker_follow(
                    board, seat, wanted, above, shapes, follows, choices, consts, facts, shape_of, mask
                )
    strength = first if whole < 0 or (first != whole and _danger(board, seat, consts)) else whole
    choice = _rank(strength, reversed_order)
    left = board[SIZES, seat] - wanted
    if left == 0:
        if facts[F_PENALIZED + 13 * reversed_order + choice]:
            return NO_MOVE
        return _shape(shape_of, choice, wanted, 0)
    if (
        left > LONG_HAND
        and (strength >= 11 or (strength != whole and strength >= 6))
        and not _danger(board, seat, consts)
    ):
        return NO_MOVE
    return _shape(shape_of, choice, wanted, 0)


@njit(cache=True)
def _lead_fallback(board: Any, shapes: Any, follows: Any, choices: Any, consts: Any, mask: Any) -> int:
    """`Table.policy_move`'s lead where its choice is refused: the legal play with the fewest jokers, then the most
    cards, the first in the engine's order."""
    fill_mask(board, shapes, follows, choices, consts, mask)
    best = NO_MOVE
    for shape in range(shapes.shape[0]):
        if not mask[1 + shape]:
            continue
        if best < 0:
            best = shape
            continue
        jokers, size = shapes[shape, S_JOKERS], shapes[shape, S_NATURALS] + shapes[shape, S_JOKERS]
        best_jokers, best_size = shapes[best, S_JOKERS], shapes[best, S_NATURALS] + shapes[best, S_JOKERS]
        if jokers < best_jokers or (jokers == best_jokers and size > best_size):
            best = shape
    return best


@njit(cache=True)
def policy_index(
    board: Any, shapes: Any, follows: Any, choices: Any, consts: Any, facts: Any, shape_of: Any, mask: Any
) -> int:
    """The playout policy's move at the board's position, as `Table.playout` makes it: the kernel's action index
    (0 a pass, else 1 + the play shape)."""
    table = board[TABLE]
    seat = table[CURRENT]
    wanted = table[TRICK_SIZE]
    if not wanted:
        shape = _lead(board, seat, consts, facts, shape_of)
        if table[MUST_INCLUDE] and not _legal(board, shapes, follows, choices, consts, mask, shape):
            shape = _lead_fallback(board, shapes, follows, choices, consts, mask)
        # With no special 3 to include any shape may lead: `Table.playout` plays the lead unchecked.
        return 1 + shape if shape >= 0 else 0
    shape = _follow(board, seat, shapes, follows, choices, consts, facts, shape_of, mask)
    if shape < 0:
        return 0
    naturals, jokers = shapes[shape, S_NATURALS], shapes[shape, S_JOKERS]
    rank = shapes[shape, S_RANK]
    reversed_order = table[REVERSED]
    key = 2 * _rank(rank, reversed_order)
    if naturals and naturals + jokers == wanted and key > table[TOP_KEY] and not table[OBLIGATION]:
        return 1 + shape  # `_beats_freely`: a natural play of the trick's size above the top
    if not table[OBLIGATION] and not jokers and key == table[TOP_KEY]:
        return 1 + shape  # `_follow`'s equal play, checked where it was chosen
    if not _legal(board, shapes, follows, choices, consts, mask, shape):
        return 0  # refused: the first legal move on a trick, a pass
    return 1 + shape


@njit(cache=True)
def _settled(board: Any, seat: int, result: int) -> int:
    """The seat's place once settled (after a move with kernel result bits `result`), else -1."""
    if result & (NEEDS_DEAL | MATCH_OVER):
        place: int = board[PLACES, seat] - 1
        return place
    settled: int = board[PLACE, seat]
    return settled


@njit(cache=True)
def play_out(
    board: Any,
    shapes: Any,
    follows: Any,
    choices: Any,
    consts: Any,
    facts: Any,
    shape_of: Any,
    seat: int,
    max_moves: int,
    mask: Any,
    no_cards: Any,
) -> int:
    """Play the round on with the policy until `seat`'s place is settled (or the round ends); that place (0: first),
    or -1 past `max_moves` moves."""
    for _ in range(max_moves):
        index = policy_index(board, shapes, follows, choices, consts, facts, shape_of, mask)
        result = apply(board, shapes, choices, consts, index, no_cards, False)
        place = _settled(board, seat, result)
        if place >= 0:
            return place
    return -1


@njit(cache=True)
def _place_after(
    board: Any,
    shapes: Any,
    follows: Any,
    choices: Any,
    consts: Any,
    facts: Any,
    shape_of: Any,
    seat: int,
    max_moves: int,
    mask: Any,
    no_cards: Any,
    index: int,
) -> int:
    """The seat's place after the move `index` (a kernel action index) at `board`, the round played on by the policy
    (`board` changed); the round's players count past `max_moves` moves (worse than any place)."""
    result = apply(board, shapes, choices, consts, index, no_cards, False)
    place = _settled(board, seat, result)
    if place < 0:
        place = play_out(board, shapes, follows, choices, consts, facts, shape_of, seat, max_moves, mask, no_cards)
    return place if place >= 0 else consts[R_PLAYERS]


@njit(cache=True)
def looking_index(
    board: Any,
    shapes: Any,
    follows: Any,
    choices: Any,
    consts: Any,
    facts: Any,
    shape_of: Any,
    seat: int,
    max_moves: int,
    mask: Any,
    no_cards: Any,
    inner: Any,
    legal: Any,
) -> int:
    """The seat's move at `board` (its turn) one step ahead: of its legal moves (`fill_mask` into `legal`), the one
    after which the policy's playout on this deal places it best; the policy's own move on a tie, else the first in
    the kernel's index order (`inner`: a work board)."""
    chosen = policy_index(board, shapes, follows, choices, consts, facts, shape_of, mask)
    fill_mask(board, shapes, follows, choices, consts, legal)
    inner[:, :] = board
    best = _place_after(
        inner, shapes, follows, choices, consts, facts, shape_of, seat, max_moves, mask, no_cards, chosen
    )
    first = board[TABLE, WINNERS]  # the best place left
    policy = chosen
    for index in range(1 + shapes.shape[0]):
        if best == first:
            break  # nothing betters it
        if not legal[index] or index == policy:
            continue
        inner[:, :] = board
        place = _place_after(
            inner, shapes, follows, choices, consts, facts, shape_of, seat, max_moves, mask, no_cards, index
        )
        if place < best:
            best, chosen = place, index
    return chosen


@njit(cache=True)
def play_out_looking(
    board: Any,
    shapes: Any,
    follows: Any,
    choices: Any,
    consts: Any,
    facts: Any,
    shape_of: Any,
    seat: int,
    max_moves: int,
    mask: Any,
    no_cards: Any,
    look: int,
    inner: Any,
    legal: Any,
) -> int:
    """`play_out`, but the seat, once it holds `look` cards or fewer, makes `looking_index`'s move (the one after
    which the policy's playout places it best); that place, or -1 past `max_moves` moves."""
    for _ in range(max_moves):
        table = board[TABLE]
        if table[CURRENT] == seat and board[SIZES, seat] <= look:
            index = looking_index(
                board, shapes, follows, choices, consts, facts, shape_of, seat, max_moves, mask, no_cards, inner, legal
            )
        else:
            index = policy_index(board, shapes, follows, choices, consts, facts, shape_of, mask)
        result = apply(board, shapes, choices, consts, index, no_cards, False)
        place = _settled(board, seat, result)
        if place >= 0:
            return place
    return -1


@njit(cache=True, inline="always")
def _set_hands(work: Any, base: Any, hands: Any, players: int) -> None:
    """`work`: the position `base` with the deal `hands` (counts per rank kind, seat by seat)."""
    work[:, :] = base
    for other in range(players):
        for kind in range(hands.shape[1]):
            work[RANKS + SEAT_ROWS * other, kind] = hands[other, kind]
            work[HAND + SEAT_ROWS * other, kind] = hands[other, kind]


@njit(cache=True, inline="always")
def play_candidate(
    work: Any, base: Any, hands: Any, shapes: Any, choices: Any, consts: Any, candidate: int, no_cards: Any, seat: int
) -> int:
    """Set `work` to the position `base` with the deal `hands` and play `candidate` (a kernel action index) there:
    the seat's place if that settled it, else -1 (the round to be played on from `work`)."""
    _set_hands(work, base, hands, consts[R_PLAYERS])
    result = apply(work, shapes, choices, consts, candidate, no_cards, False)
    return _settled(work, seat, result)


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
    seat: int,
    max_moves: int,
    work: Any,
    mask: Any,
    no_cards: Any,
    places: Any,
    look: int,
    inner: Any,
    legal: Any,
) -> None:
    """`places[i]`: the seat's place after candidate move `candidates[arms[i]]` (a kernel action index) on the deal
    `hands` (counts per rank kind, seat by seat) of the position `base`, played on by the policy; the seat's later
    moves one step ahead once it holds `look` cards or fewer (`play_out_looking`, with the work arrays `inner` and
    `legal`; unread where `look` is 0)."""
    for i in range(arms.shape[0]):
        place = play_candidate(work, base, hands, shapes, choices, consts, candidates[arms[i]], no_cards, seat)
        if place < 0 and look > 0:
            place = play_out_looking(
                work, shapes, follows, choices, consts, facts, shape_of, seat, max_moves, mask, no_cards, look, inner,
                legal,
            )  # fmt: skip
        elif place < 0:
            place = play_out(work, shapes, follows, choices, consts, facts, shape_of, seat, max_moves, mask, no_cards)
        places[i] = place


@njit(cache=True)
def count_misses(
    boards: Any,
    recorded: Any,
    laters: Any,
    start: int,
    stop: int,
    mover: int,
    hand: Any,
    shapes: Any,
    follows: Any,
    choices: Any,
    consts: Any,
    facts: Any,
    shape_of: Any,
    mask: Any,
) -> int:
    """`determinize.Evidence.misses` on the kernel: of `mover`'s decisions `start` to `stop` (`boards[d]` the
    position it met, `recorded[d]` the kernel index of the move it made, `laters[d]` the rank counts it played since),
    how many the policy would have made otherwise with `hand` (rank counts) now."""
    count = 0
    for d in range(start, stop):
        board = boards[d]
        for kind in range(hand.shape[0]):
            held = hand[kind] + laters[d, kind]
            board[RANKS + SEAT_ROWS * mover, kind] = held
            board[HAND + SEAT_ROWS * mover, kind] = held
        if policy_index(board, shapes, follows, choices, consts, facts, shape_of, mask) != recorded[d]:
            count += 1
    return count
