"""The hidden cards of a suit table dealt and weighed on the kernel, for the card search and `strong`.

`deal_hidden` deals what one seat has not seen as `determinize.sample_hidden` does (the same facts: its own hand,
the exchange's bounds, each hand's size); `deal_misses` counts the other seats' decisions a deal leaves
unexplained under the playout policy (`suited_kernel.policy_move`), `weighed_deal` draws one of several deals in
proportion to `mismatch ** misses`, and `evidence_chain` walks a deal by card swaps towards the likelier ones
(Metropolis). The rules and the policy are the kernel's (`bots/suited_kernel.py`); `suited_playout.SuitedDealer`
and `SuitedEvidence` call these.
"""

from __future__ import annotations

from typing import Any, Final

from numba import njit

from presidente.bots.suited_kernel import (
    BIT_OF_CARD,
    HAND,
    JOK,
    M_NAMED,
    MOVE_COLUMNS,
    _random,
    legal_moves,
    policy_move,
)

# numba keys this module's cached code on this file's content alone, though the code it compiles holds the suit
# kernel's (its rules and `policy_move`): this file names that file's SHA-256 (tests/bots/test_suited_playout.py
# checks it), so that it changes whenever the kernel does and no stale cached evidence weighs by an old policy.
KERNEL_SHA256: Final = "43e363c31def2270d29e7916f97dcd7dee33492c638acd5de822cebff3a35834"


@njit(cache=True)
def deal_misses(
    snapshots: Any,
    movers: Any,
    later: Any,
    observed: Any,
    hands: Any,
    rules: Any,
    long_hand: int,
    style: int,
    work: Any,
    moves: Any,
    misses: Any,
) -> None:
    """For each deal `hands[k]` (counts per card kind, seat by seat), how many of the other seats' past decisions
    the playout policy (in `style`) would have made otherwise, into `misses[k]`: decision `d` was made at the
    board `snapshots[d]` by `movers[d]`, whose hand then was its hand in the deal plus `later[d]` (the cards it
    played since, counts per card kind), and was the move row `observed[d]` (compared on everything but what its
    jokers name)."""
    for k in range(hands.shape[0]):
        count = 0
        for d in range(snapshots.shape[0]):
            work[:] = snapshots[d]
            mover = movers[d]
            mask = 0
            jokers = 0
            for card in range(52):
                if hands[k, mover, card] + later[d, card]:
                    mask |= 1 << BIT_OF_CARD[card]
            jokers = hands[k, mover, 52] + later[d, 52]
            work[HAND + mover] = mask
            work[JOK + mover] = jokers
            n = legal_moves(work, rules, moves)
            chosen = policy_move(work, rules, moves, n, long_hand, style)
            for column in range(MOVE_COLUMNS):
                if column != M_NAMED and moves[chosen, column] != observed[d, column]:
                    count += 1
                    break
        misses[k] = count


@njit(cache=True)
def _seat_misses(
    snapshots: Any,
    movers: Any,
    later: Any,
    observed: Any,
    hands: Any,
    seat: int,
    rules: Any,
    long_hand: int,
    style: int,
    work: Any,
    moves: Any,
) -> int:
    """`deal_misses` for one seat's decisions, its hand `hands[seat]`."""
    count = 0
    for d in range(snapshots.shape[0]):
        if movers[d] != seat:
            continue
        work[:] = snapshots[d]
        mask = 0
        for card in range(52):
            if hands[seat, card] + later[d, card]:
                mask |= 1 << BIT_OF_CARD[card]
        work[HAND + seat] = mask
        work[JOK + seat] = hands[seat, 52] + later[d, 52]
        n = legal_moves(work, rules, moves)
        chosen = policy_move(work, rules, moves, n, long_hand, style)
        for column in range(MOVE_COLUMNS):
            if column != M_NAMED and moves[chosen, column] != observed[d, column]:
                count += 1
                break
    return count


@njit(cache=True)
def _draw_card(free: Any, seat: int, random: Any) -> int:
    """A card kind drawn from `free[seat]` (counts), each card alike; -1 if it holds none."""
    total = 0
    for card in range(53):
        total += free[seat, card]
    if total == 0:
        return -1
    pick = _random(random, total)
    for card in range(53):
        pick -= free[seat, card]
        if pick < 0:
            return card
    return -1


@njit(cache=True)
def evidence_chain(
    snapshots: Any,
    movers: Any,
    later: Any,
    observed: Any,
    hands: Any,
    free: Any,
    swappers: Any,
    steps: int,
    mismatch: float,
    rules: Any,
    long_hand: int,
    style: int,
    work: Any,
    moves: Any,
    random: Any,
) -> None:
    """A Metropolis chain over deals (`hands`, changed in place): each step swaps one card between two seats of
    `swappers`, drawn among the cards each may give (`free`: its hand less the cards it surely holds, changed
    alongside), and keeps the swap with probability `mismatch ** (misses after - misses before)` (`deal_misses`,
    the two seats' decisions only). `random`: a board whose random state the chain draws from."""
    count = swappers.shape[0]
    if count < 2:
        return
    for _ in range(steps):
        first = swappers[_random(random, count)]
        second = swappers[_random(random, count - 1)]
        if second == first:
            second = swappers[count - 1]
        give = _draw_card(free, first, random)
        take = _draw_card(free, second, random)
        if give < 0 or take < 0 or give == take:
            continue
        before = _seat_misses(snapshots, movers, later, observed, hands, first, rules, long_hand, style, work, moves)
        before += _seat_misses(snapshots, movers, later, observed, hands, second, rules, long_hand, style, work, moves)
        hands[first, give] -= 1
        hands[first, take] += 1
        hands[second, take] -= 1
        hands[second, give] += 1
        after = _seat_misses(snapshots, movers, later, observed, hands, first, rules, long_hand, style, work, moves)
        after += _seat_misses(snapshots, movers, later, observed, hands, second, rules, long_hand, style, work, moves)
        change = after - before
        if change <= 0 or _random(random, 1_000_000) < mismatch**change * 1_000_000:
            free[first, give] -= 1
            free[first, take] += 1
            free[second, take] -= 1
            free[second, give] += 1
            continue
        hands[first, give] += 1
        hands[first, take] -= 1
        hands[second, take] += 1
        hands[second, give] -= 1


@njit(cache=True)
def deal_hidden(
    fixed: Any,
    cards: Any,
    deck: Any,
    bounds: Any,
    card_order: Any,
    sizes: Any,
    random: Any,
    hands: Any,
) -> None:
    """One deal of the hidden cards into `hands` (seats x 53 counts), as `determinize.sample_hidden` deals them
    (no undealt pile): `fixed` the cards each seat surely holds (this seat's whole hand), `cards` the other unseen
    card kinds, one entry a card (`deck` a work array as long), `bounds` rows (seat, give-order index, ceiling 1 or
    floor 0, cards wanted) drawn first, each among the cards left that its bound allows (dropped where too few are),
    then `sizes[seat]` cards in all for each seat (0 for this one), the rest of them shuffled out. `card_order`:
    each card kind's give-order index. `random`: a board whose random state the deal draws from."""
    hands[:, :] = fixed
    remaining = cards.shape[0]
    deck[:] = cards
    for b in range(bounds.shape[0]):
        seat, bound, ceiling, wanted = bounds[b, 0], bounds[b, 1], bounds[b, 2], bounds[b, 3]
        allowed = 0
        for i in range(remaining):
            order = card_order[deck[i]]
            if (order <= bound) == (ceiling == 1) or order == bound:
                deck[i], deck[allowed] = deck[allowed], deck[i]
                allowed += 1
        if allowed < wanted or wanted <= 0:
            continue
        for j in range(wanted):
            pick = j + _random(random, allowed - j)
            deck[j], deck[pick] = deck[pick], deck[j]
            hands[seat, deck[j]] += 1
        for j in range(remaining - wanted):
            deck[j] = deck[j + wanted]
        remaining -= wanted
    for seat in range(sizes.shape[0]):
        if sizes[seat] == 0:
            continue
        need = sizes[seat]
        for card in range(53):
            need -= hands[seat, card]
        for _ in range(need):
            if remaining == 0:
                break
            pick = _random(random, remaining)
            hands[seat, deck[pick]] += 1
            remaining -= 1
            deck[pick] = deck[remaining]


@njit(cache=True)
def weighed_deal(
    fixed: Any,
    cards: Any,
    deck: Any,
    bounds: Any,
    card_order: Any,
    sizes: Any,
    options: Any,
    snapshots: Any,
    movers: Any,
    later: Any,
    observed: Any,
    mismatch: float,
    rules: Any,
    long_hand: int,
    style: int,
    work: Any,
    moves: Any,
    misses: Any,
    random: Any,
) -> int:
    """`options.shape[0]` deals (`deal_hidden`) into `options`, then the index of one of them drawn in proportion
    to `mismatch ** misses` (`deal_misses`: the other seats' decisions it leaves unexplained; no decisions, the
    first): sampling-importance-resampling in one call."""
    count: int = options.shape[0]
    for k in range(count):
        deal_hidden(fixed, cards, deck, bounds, card_order, sizes, random, options[k])
    if snapshots.shape[0] == 0 or count == 1:
        return 0
    deal_misses(snapshots, movers, later, observed, options, rules, long_hand, style, work, moves, misses)
    fewest = misses[0]
    for k in range(count):
        fewest = min(fewest, misses[k])
    total = 0.0
    for k in range(count):
        total += mismatch ** (misses[k] - fewest)
    pick = _random(random, 1 << 30) / (1 << 30) * total
    for k in range(count):
        pick -= mismatch ** (misses[k] - fewest)
        if pick < 0:
            return k
    return count - 1
