"""The compiled moves and masks of `vector_bga.BgaTables`: one loop over the tables, each move made in full.

numba compiles these functions on first use (and caches them on disk). A loop per table is what pays here:
a move touches a few cells of one table, and the numpy version spent its time on hundreds of small array
operations per step (benchmarks/env_speed.py measured the difference). The deal is drawn apart (`fast_deal`,
exactly as the engine draws it): `step_tables` marks the tables whose next round must be dealt.

The arrays are `VectorTables`' own (see its `_arrays`), passed as one tuple in this order: hands, played,
face_up, gave, received, sizes, active, place, ranked_lowest, downfallen, winners, lowest, scores, round, order,
president, transferring, current, trick_size, trick_plays, top_key, top_shape, last, reversed, over, role,
passed, obligation, run_rank, run_count, run_plays, must_include. The rules are a tuple of whole numbers
(`RULE_FIELDS`, built by `vector_bga.Layout`), and the points each place earns an array.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

PLAYERS = 4
JOKER_KIND = 13
KINDS = 14
# The rule flags the moves read, in the order of the rules tuple.
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
)
# Keys on the engine's scale (trick.py): the best rank's, and N-1 cards of the best rank on N others.
BEST_KEY = 24
ONE_FEWER_KEY = 23
# Rank kinds from the strongest for the transfer: the joker, then 2, A, K ... 3.
BEST_FIRST = np.array([13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0], dtype=np.int64)


@njit(cache=True)
def masks_of(tables: Any, arrays: Any, tables_out: Any, shape_table: Any, s_key: Any, rules: Any) -> None:
    """Fill `tables_out[i]` with the legal mask of table `tables[i]`'s seat to move."""
    hands = arrays[0]
    president, transferring, current = arrays[15], arrays[16], arrays[17]
    trick_size, top_key, reversed_, over = arrays[18], arrays[20], arrays[23], arrays[24]
    s_rank, s_naturals, s_jokers, follows, choices, choice_sizes, choice_start, s_lone = shape_table
    one_fewer, equal_allowed = rules[19], rules[20]
    for i in range(tables.shape[0]):
        t = tables[i]
        row = tables_out[i]
        row[:] = False
        if over[t]:
            continue
        seat = current[t]
        if transferring[t]:
            wanted = 2 if seat == president[t] else 1
            for c in range(choices.shape[0]):
                if choice_sizes[c] != wanted:
                    continue
                fits = True
                for k in range(KINDS):
                    if choices[c, k] > hands[t, seat, k]:
                        fits = False
                        break
                row[choice_start + c] = fits
            continue
        size = trick_size[t]
        row[0] = size > 0
        rev = 1 if reversed_[t] else 0
        allowed = follows[rev, size, top_key[t] + 1]
        jokers = hands[t, seat, JOKER_KIND]
        # Seed 004's "equalize or pass": only a play equal to the top (same key, same size) may follow.
        bound = arrays[27][t]
        # Seed 002's special 3: the first lead must include it (a play of natural 3s: the 3 is the weakest rank).
        must = arrays[31][t]
        for shape in range(s_rank.shape[0]):
            naturals = s_naturals[shape]
            if s_jokers[shape] > jokers or (naturals and hands[t, seat, s_rank[shape]] < naturals):
                continue
            if must and (naturals == 0 or s_rank[shape] != 0):
                continue
            if allowed[shape]:
                if bound and (s_key[rev, shape] != top_key[t] or naturals + s_jokers[shape] != size):
                    continue
                row[1 + shape] = True
            elif (
                one_fewer
                and size >= 2
                and naturals + s_jokers[shape] == size - 1
                and not s_lone[shape]
                and s_key[rev, shape] == BEST_KEY
            ):
                # Seed 002: "N-1 cards of the best rank beat N other cards".
                top = top_key[t]
                row[1 + shape] = top < ONE_FEWER_KEY or (top == ONE_FEWER_KEY and equal_allowed and not bound)


@njit(cache=True, inline="always")
def _new_trick(arrays: Any, t: int, leader: int) -> None:
    arrays[18][t] = 0
    arrays[19][t] = 0
    arrays[20][t] = -1
    arrays[21][t] = -1
    arrays[22][t] = -1
    arrays[17][t] = leader
    for s in range(PLAYERS):
        arrays[26][t, s] = False
    arrays[27][t] = False
    arrays[28][t] = -1
    arrays[29][t] = 0
    arrays[30][t] = 0


@njit(cache=True, inline="always")
def _end_trick(arrays: Any, t: int, rules: Any) -> None:
    """The player of the top play leads the next trick, or (gone out) the first active seat after it; a
    revolution scoped to the trick ends with it (seed 004)."""
    active, last = arrays[6], arrays[22]
    winner = last[t]
    leader = winner
    if not active[t, winner]:
        for step in range(1, PLAYERS):
            candidate = (winner + step) % PLAYERS
            if active[t, candidate]:
                leader = candidate
                break
    if rules[15]:
        arrays[23][t] = False
    _new_trick(arrays, t, leader)


@njit(cache=True, inline="always")
def _advance(arrays: Any, t: int, seat: int, skip: bool, obligation: bool, rules: Any) -> None:
    """The turn to the next active seat after `seat` that has not passed out of the trick (the first skipped if
    `skip`), who must equalize or pass if `obligation`; or the trick's end where the turn comes back to the seat
    that played last."""
    active, last, passed = arrays[6], arrays[22], arrays[26]
    for _ in range(PLAYERS):
        seat = (seat + 1) % PLAYERS
        if seat == last[t]:
            _end_trick(arrays, t, rules)
            return
        if active[t, seat] and not passed[t, seat]:
            if skip:
                skip = False
                continue
            arrays[17][t] = seat
            arrays[27][t] = obligation
            return


@njit(cache=True, inline="always")
def _end_round(arrays: Any, t: int, earned: Any, needs_deal: Any, rules: Any, points: Any) -> None:
    """Places (winners, the seat left playing, the downfallen, the illegal finishes), points, and the match's
    end or a deal to come."""
    active, place, downfallen, winners = arrays[6], arrays[7], arrays[9], arrays[10]
    scores, round_, order, over = arrays[12], arrays[13], arrays[14], arrays[24]
    left = 0
    for s in range(PLAYERS):
        if active[t, s]:
            place[t, s] = winners[t]
            left += 1
            active[t, s] = False
    if downfallen[t] >= 0:
        place[t, downfallen[t]] = winners[t] + left
    rounds, target, credit = rules[0], rules[1], rules[10]
    reached = False
    for s in range(PLAYERS):
        earned_now = points[place[t, s]]
        scores[t, s] += earned_now
        earned[t, s] = earned_now
        order[t, place[t, s]] = s
        # Credit scoring ends the match when a player has no credit left; points, at the target score.
        if (credit and scores[t, s] <= 0) or (not credit and target and scores[t, s] >= target):
            reached = True
    if (rounds and round_[t] >= rounds) or reached:
        over[t] = True
        arrays[17][t] = -1
    else:
        needs_deal[t] = True


@njit(cache=True, inline="always")
def _go_out(
    arrays: Any, t: int, seat: int, penalized: bool, earned: Any, needs_deal: Any, rules: Any, points: Any
) -> bool:
    """`seat` emptied its hand: a winner's place, or (illegal finish) the worst place free; the first winner
    who is not the President downfalls the President. True where the round ended."""
    hands, face_up, sizes, active = arrays[0], arrays[2], arrays[5], arrays[6]
    place, ranked_lowest, downfallen, winners, lowest, president = (
        arrays[7],
        arrays[8],
        arrays[9],
        arrays[10],
        arrays[11],
        arrays[15],
    )
    active[t, seat] = False
    ranked_lowest[t, seat] = penalized
    if penalized:
        place[t, seat] = PLAYERS - 1 - lowest[t]
        lowest[t] += 1
    else:
        place[t, seat] = winners[t]
        top = president[t]
        if rules[8] and winners[t] == 0 and top >= 0 and top != seat and active[t, top]:
            for k in range(KINDS):
                face_up[t, k] += hands[t, top, k]
                hands[t, top, k] = 0
            sizes[t, top] = 0
            active[t, top] = False
            downfallen[t] = top
        winners[t] += 1
    still = 0
    for s in range(PLAYERS):
        still += active[t, s]
    if still <= 1:
        _end_round(arrays, t, earned, needs_deal, rules, points)
        return True
    return False


@njit(cache=True, inline="always")
def _best_cards(hands: Any, t: int, loser: int, wanted: int) -> Any:
    """The `wanted` best cards of `loser`'s hand per rank kind (the joker above the 2), as the engine's forced
    give takes them."""
    back = np.zeros(KINDS, dtype=np.int16)
    for k in BEST_FIRST:
        taken = min(wanted, hands[t, loser, k])
        back[k] = taken
        wanted -= taken
    return back


@njit(cache=True, inline="always")
def _recount(hands: Any, sizes: Any, t: int, seat: int) -> None:
    """`seat`'s hand size from its cards."""
    total = 0
    for k in range(KINDS):
        total += hands[t, seat, k]
    sizes[t, seat] = total


@njit(cache=True)
def step_tables(
    tables: Any,
    actions: Any,
    arrays: Any,
    shape_table: Any,
    s_key: Any,
    earned: Any,
    needs_deal: Any,
    rules: Any,
    points: Any,
) -> None:
    """One legal move at each of `tables` (checked by the caller) for its seat to move."""
    hands, played, gave, received, sizes = arrays[0], arrays[1], arrays[3], arrays[4], arrays[5]
    order, president, transferring, current = arrays[14], arrays[15], arrays[16], arrays[17]
    trick_size, trick_plays, top_key, top_shape, last, reversed_ = (
        arrays[18],
        arrays[19],
        arrays[20],
        arrays[21],
        arrays[22],
        arrays[23],
    )
    s_rank, s_naturals, s_jokers, _follows, choices, _sizes, choice_start, _lone = shape_table
    wild, one_fewer = rules[18], rules[19]
    must_include = arrays[31]
    revolution_cards, strict_revolution, trump, pass_out, penalize_joker, penalize_best = rules[2:8]
    loser_first, force_skip, or_pass, four_by_equalizing, best_ends, in_return, first_trick_president = (
        rules[9],
        rules[11],
        rules[12],
        rules[13],
        rules[14],
        rules[16],
        rules[17],
    )
    obligation, run_rank, run_count, run_plays = arrays[27], arrays[28], arrays[29], arrays[30]
    passed = arrays[26]
    for i in range(tables.shape[0]):
        t = tables[i]
        action = actions[i]
        seat = current[t]
        for s in range(PLAYERS):
            earned[t, s] = 0
        if action >= choice_start:
            choice = action - choice_start
            # Who leads the round's first trick once the transfer is done: the Scum, or the President.
            leader = order[t, 0] if first_trick_president else order[t, 3]
            for k in range(KINDS):
                hands[t, seat, k] -= choices[choice, k]
                gave[t, seat, k] = choices[choice, k]
                sizes[t, seat] -= choices[choice, k]
            if loser_first:
                # The loser gave its best cards when the round began; the winner's choice goes over at once.
                loser = order[t, 3] if seat == president[t] else order[t, 2]
                for k in range(KINDS):
                    hands[t, loser, k] += choices[choice, k]
                    received[t, loser, k] = choices[choice, k]
                for k in range(KINDS):
                    sizes[t, loser] += choices[choice, k]
                if seat == president[t]:
                    current[t] = order[t, 1]
                else:
                    transferring[t] = False
                    _new_trick(arrays, t, leader)
                continue
            if in_return:
                # Seed 004: the winner's choice goes over, and the loser gives its best cards back from the hand
                # that now holds them.
                loser = order[t, 3] if seat == president[t] else order[t, 2]
                wanted = 2 if seat == president[t] else 1
                for k in range(KINDS):
                    hands[t, loser, k] += choices[choice, k]
                    received[t, loser, k] = choices[choice, k]
                back = _best_cards(hands, t, loser, wanted)
                for k in range(KINDS):
                    hands[t, loser, k] -= back[k]
                    hands[t, seat, k] += back[k]
                    gave[t, loser, k] = back[k]
                    received[t, seat, k] = back[k]
                for s in (seat, loser):
                    _recount(hands, sizes, t, s)
                if seat == president[t]:
                    current[t] = order[t, 1]
                else:
                    transferring[t] = False
                    _new_trick(arrays, t, leader)
                continue
            if seat == president[t]:
                current[t] = order[t, 1]
                continue
            # Both chose: the Peasant and the Beggar give their best cards from their hands as dealt, and
            # every give changes hands (the winners' chosen cards left their hands when they chose them).
            for pair in range(2):
                winner = order[t, 1] if pair == 0 else order[t, 0]
                loser = order[t, 2] if pair == 0 else order[t, 3]
                wanted = 1 if pair == 0 else 2
                back = _best_cards(hands, t, loser, wanted)
                for k in range(KINDS):
                    chosen = gave[t, winner, k]
                    hands[t, loser, k] += chosen - back[k]
                    hands[t, winner, k] += back[k]
                    gave[t, loser, k] = back[k]
                    received[t, loser, k] = chosen
                    received[t, winner, k] = back[k]
            for s in range(PLAYERS):
                _recount(hands, sizes, t, s)
            transferring[t] = False
            _new_trick(arrays, t, leader)
            continue
        if action == 0:
            if pass_out:
                passed[t, seat] = True
            obligation[t] = False
            _advance(arrays, t, seat, False, False, rules)
            continue
        shape = action - 1
        naturals, jokers = s_naturals[shape], s_jokers[shape]
        size = naturals + jokers
        rank = s_rank[shape]
        hands[t, seat, rank] -= naturals
        hands[t, seat, JOKER_KIND] -= jokers
        played[t, rank] += naturals
        played[t, JOKER_KIND] += jokers
        sizes[t, seat] -= size
        leading = trick_size[t] == 0
        if leading:
            trick_size[t] = size
        rev = 1 if reversed_[t] else 0
        key = s_key[rev, shape]
        ranked = naturals > 0 or wild  # jokers alone have a rank only where they are wild (a declared one)
        best_before = ranked and key == BEST_KEY
        one_fewer_play = one_fewer and not leading and best_before and size == trick_size[t] - 1
        if one_fewer_play:
            key = ONE_FEWER_KEY
        equal = (not leading) and key == top_key[t]
        obligation[t] = False
        must_include[t] = False
        if not leading and ranked and rank == run_rank[t]:
            run_count[t] += size
            run_plays[t] += 1
        else:
            run_rank[t] = rank if ranked else -1
            run_count[t] = size
            run_plays[t] = 1
        ends = (trump and naturals == 0) or (best_ends and best_before)
        # Seed 004's "ta gueule": four cards of one rank across plays end the trick.
        ends = ends or (four_by_equalizing and run_count[t] >= 4 and run_plays[t] >= 2)
        if size >= revolution_cards and not (strict_revolution and jokers):
            reversed_[t] = not reversed_[t]
        top_key[t] = ONE_FEWER_KEY if one_fewer_play else s_key[1 if reversed_[t] else 0, shape]
        top_shape[t] = shape
        last[t] = seat
        trick_plays[t] += 1
        penalized = (penalize_joker and jokers > 0) or (penalize_best and best_before)
        if sizes[t, seat] == 0 and _go_out(arrays, t, seat, penalized, earned, needs_deal, rules, points):
            continue
        if ends:
            # Seed 003: a trump joker wins the trick; seed 004: so does the best rank, or four in a row.
            _end_trick(arrays, t, rules)
            continue
        _advance(arrays, t, seat, equal and force_skip, equal and or_pass, rules)


@njit(cache=True)
def observe_tables(tables: Any, viewers: Any, arrays: Any, shape_table: Any, out: Any) -> None:
    """Fill `out[i]` with the observation of seat `viewers[i]` at table `tables[i]` (`OBSERVATION_LAYOUT`)."""
    hands, played, face_up, gave, received, sizes = arrays[0], arrays[1], arrays[2], arrays[3], arrays[4], arrays[5]
    place, ranked_lowest, downfallen, scores, round_ = arrays[7], arrays[8], arrays[9], arrays[12], arrays[13]
    role, transferring = arrays[25], arrays[16]
    trick_size, trick_plays, top_shape, last, reversed_ = arrays[18], arrays[19], arrays[21], arrays[22], arrays[23]
    s_rank, s_naturals, s_jokers, s_lone = shape_table[0], shape_table[1], shape_table[2], shape_table[7]
    for i in range(tables.shape[0]):
        t, viewer = tables[i], viewers[i]
        row = out[i]
        row[:] = 0
        for k in range(KINDS):
            row[k] = hands[t, viewer, k]
            row[14 + k] = played[t, k]
            row[28 + k] = face_up[t, k]
            row[42 + k] = gave[t, viewer, k]
            row[56 + k] = received[t, viewer, k]
        for j in range(PLAYERS):
            s = (viewer + j) % PLAYERS
            out_of_round = ranked_lowest[t, s] or downfallen[t] == s
            row[70 + j] = sizes[t, s]
            row[74 + j] = place[t, s] >= 0 and not out_of_round
            row[78 + j] = out_of_round
            row[82 + j] = last[t] == s
            row[86 + j] = scores[t, s]
            row[90 + 5 * j + role[t, s]] = 1
        row[110] = trick_size[t]
        row[111] = trick_plays[t]
        shape = top_shape[t]
        if shape >= 0:
            row[112 + (JOKER_KIND if s_lone[shape] else s_rank[shape])] = 1
            row[126] = s_naturals[shape]
            row[127] = s_jokers[shape]
        row[128] = reversed_[t]
        row[129] = transferring[t]
        row[130] = round_[t]
        for j in range(PLAYERS):
            row[131 + j] = arrays[26][t, (viewer + j) % PLAYERS]
        row[135] = arrays[27][t]
        row[136] = arrays[29][t]
        row[137] = arrays[31][t] and viewer == arrays[17][t]


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
