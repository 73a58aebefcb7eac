"""The ismcts searches' loops compiled with numba: the tree search's iterations, the default search's evidence chain.

`compiled_search.CompiledTree` hands this module a batch of iterations; each one deals the hidden cards as
`determinize.Dealer.deal` does, makes the deal a board, walks the tree with UCB1 and availability counts as
`IsmctsBot._iterate_on_kernel` does (the legal moves from the rules kernel's `fill_mask`, listed in
`Table.legal_moves`' order through `order`), then plays the round on with `rank_kernel.play_out` until the place of
every seat on the walk is settled, and adds the rewards along the walk. No rule is written here: the moves are
`table_kernel`'s (`fill_mask`, `apply`) and the policy is `rank_kernel`'s.

The random draws are CPython's own: `mt` holds a `random.Random`'s Mersenne Twister state (its 624 words and the
index, `Random.getstate()`), drawn by `envs.fast_deal`'s twister (the engine's deals' one copy of it):
`getrandbits` is `genrand_uint32` shifted as `getrandbits(k)` does for k <= 32, and `randbelow`/the shuffle draw
as `determinize.randbelow`/`determinize.shuffle` do; the caller puts the state back (`Random.setstate`), so the
generator ends where the Python walk leaves it, every draw the same.

`search_moves` runs the default search's deals (`compiled_search.CompiledChain`): each drawn as
`determinize.Sampler.deal` draws it (the chain's swaps, each hand's misses counted by `rank_kernel.count_misses`,
`rank_playout.CompiledSampler`'s numbers), looked up if met before, else every move played out on it
(`rank_kernel.play_deal`), and each move's statistics summed in the deals' order.

The tree is arrays, one row per node (`movers`, `visits`, `avails`, `rewards`; `children[node, p]` the child
reached by the move at position `p` of `order`, -1 for none); node 0 is the root, and a node's index is the order in
which it was made (the order of a Python `Node`'s children dict).
"""

from __future__ import annotations

import math
from typing import Any, Final

from numba import njit

from presidente.bots.rank_kernel import count_misses, play_deal, play_out
from presidente.envs.fast_deal import N as TWISTER_WORDS
from presidente.envs.fast_deal import below, next_word
from presidente.envs.table_kernel import (
    CURRENT,
    HAND,
    MATCH_OVER,
    NEEDS_DEAL,
    PLACE,
    PLACES,
    RANKS,
    SEAT_ROWS,
    TABLE,
    apply,
    fill_mask,
)

# numba keys this module's cached code on this file's content alone, though the code it compiles holds the rules
# kernel's, the policy's and the twister's functions: this file names those files' SHA-256
# (tests/bots/test_compiled_search.py checks them), so that it changes whenever they do.
KERNEL_SHA256: Final = "4b7262851f715fec382783dce36a780ed74442cf3a8c8974b0eacc98e423fe72"
POLICY_SHA256: Final = "eee77d6a77f16ae73e2b4b85f0006449bd291b905659f64de2550bc96480be5a"
TWISTER_SHA256: Final = "a7a97fb9d3f6de7f5aefbb5bbcf432f29ba581ad2666cd24c195b36ec0d7d935"

_N: Final = TWISTER_WORDS


@njit(cache=True, inline="always")
def getrandbits(mt: Any, bits: int) -> int:
    """`Random.getrandbits(bits)` for 1 <= bits <= 32 (`mt`: the 624 words, then the index)."""
    word: int = next_word(mt[:_N], mt[_N:]) >> (32 - bits)
    return word


@njit(cache=True)
def random(mt: Any) -> float:
    """`Random.random()`: 53 bits from two words, as `random_random` makes them."""
    high = next_word(mt[:_N], mt[_N:]) >> 5
    low = next_word(mt[:_N], mt[_N:]) >> 6
    drawn: float = (high * 67108864.0 + low) * (1.0 / 9007199254740992.0)
    return drawn


@njit(cache=True)
def randbelow(mt: Any, n: int) -> int:
    """`Random.randrange(n)` for n > 0."""
    drawn: int = below(mt[:_N], mt[_N:], n)
    return drawn


@njit(cache=True)
def deal(mt: Any, base: Any, cards: Any, others: Any, wanted: Any, hands: Any) -> None:
    """`Dealer.deal` (no bounded seat, the cards listed): `hands` = `base` (rank counts, seat by seat) plus the
    unseen `cards` (their rank indices), shuffled as `Random.shuffle` does, `wanted[i]` of them to seat `others[i]`
    in turn. `cards` is shuffled in place (a permutation of the last deal's order draws the same as the first's
    would not: the caller hands a fresh copy)."""
    hands[:, :] = base
    for index in range(cards.shape[0] - 1, 0, -1):
        other = randbelow(mt, index + 1)
        cards[index], cards[other] = cards[other], cards[index]
    start = 0
    for i in range(others.shape[0]):
        holder = others[i]
        for at in range(start, start + wanted[i]):
            hands[holder, cards[at]] += 1
        start += wanted[i]


@njit(cache=True)
def _rewards(
    board: Any,
    path: Any,
    length: int,
    movers: Any,
    by_place: Any,
    found: Any,
    shapes: Any,
    follows: Any,
    choices: Any,
    consts: Any,
    facts: Any,
    shape_of: Any,
    depth: int,
    mask: Any,
    no_cards: Any,
) -> bool:
    """`found[seat]`: the reward of each mover on the walk (`TreePlayouts.rewards`), the round played on by the
    policy for each mover whose place is not settled, in the walk's order; False past the rollout depth."""
    found[:] = math.nan
    for i in range(length):
        mover = movers[path[i]]
        if not math.isnan(found[mover]):
            continue
        if board[PLACES, mover] > 0:  # the round is over: every seat's place, 1 = first
            place = board[PLACES, mover] - 1
        elif board[PLACE, mover] >= 0:  # settled already
            place = board[PLACE, mover]
        else:
            place = play_out(board, shapes, follows, choices, consts, facts, shape_of, mover, depth, mask, no_cards)
            if place < 0:
                return False
        found[mover] = by_place[place]
    return True


@njit(cache=True)
def search(
    iterations: int,
    mt: Any,
    base_board: Any,
    dealt: Any,
    chain: Any,
    evidence: Any,
    shapes: Any,
    follows: Any,
    choices: Any,
    consts: Any,
    facts: Any,
    shape_of: Any,
    order: Any,
    by_place: Any,
    exploration: float,
    depth: int,
    movers: Any,
    visits: Any,
    avails: Any,
    rewards: Any,
    children: Any,
    used: Any,
    work: Any,
) -> int:
    """Run `iterations` ISMCTS iterations into the tree arrays (`used[0]` nodes made; each iteration makes at most
    one, so the caller leaves room for `iterations` more); the iterations done (fewer only where a playout passed
    the rollout depth, which `kernel_finishes` rules out). Each iteration's deal is the evidence chain's next
    (`_chain_deal`) where its arrays are given (`chain[0]` not empty), else the dealer's (`dealt`: its hands' base,
    the unseen cards' ranks, the seats dealt to and how many each)."""
    board, hands, cards, mask, no_cards, path, legal, untried, found = work
    base_hands, unseen, others, wanted = dealt
    chained = chain[0].shape[0] > 0
    rules = (shapes, follows, choices, consts, facts, shape_of, mask)
    over_bits = NEEDS_DEAL | MATCH_OVER
    positions = order.shape[0]
    for done in range(iterations):
        if chained:
            _chain_deal(mt, chain, evidence, rules)
            hands[:, :] = chain[0]
        else:
            cards[:] = unseen
            deal(mt, base_hands, cards, others, wanted, hands)
        board[:, :] = base_board
        for seat in range(hands.shape[0]):
            for kind in range(hands.shape[1]):
                board[HAND + SEAT_ROWS * seat, kind] = hands[seat, kind]
                board[RANKS + SEAT_ROWS * seat, kind] = hands[seat, kind]
        node = 0
        length = 0
        over = False
        while not over:
            fill_mask(board, shapes, follows, choices, consts, mask)
            mover = board[TABLE, CURRENT]
            legal_count = 0
            untried_count = 0
            for p in range(positions):
                if mask[order[p]]:
                    legal[legal_count] = p
                    legal_count += 1
                    if children[node, p] < 0:
                        untried[untried_count] = p
                        untried_count += 1
            if untried_count:
                p = untried[randbelow(mt, untried_count)]
                child = used[0]
                used[0] += 1
                movers[child] = mover
                visits[child] = 0
                avails[child] = 1
                rewards[child] = 0.0
                children[child, :] = -1
                children[node, p] = child
                apply(board, shapes, choices, consts, order[p], no_cards, False)
                path[length] = child
                length += 1
                break
            best = -1
            best_score = -math.inf
            for i in range(legal_count):
                child = children[node, legal[i]]
                avails[child] += 1
                score = rewards[child] / visits[child] + exploration * math.sqrt(
                    math.log(avails[child]) / visits[child]
                )
                if score > best_score:
                    best, best_score = legal[i], score
            node = children[node, best]
            over = (apply(board, shapes, choices, consts, order[best], no_cards, False) & over_bits) != 0
            path[length] = node
            length += 1
        if not _rewards(
            board, path, length, movers, by_place, found, shapes, follows, choices, consts, facts, shape_of, depth,
            mask, no_cards,
        ):  # fmt: skip
            return done
        for i in range(length):
            visited = path[i]
            visits[visited] += 1
            rewards[visited] += found[movers[visited]]
    return iterations


@njit(cache=True)
def _free_rank(mt: Any, free: Any, seat: int) -> int:
    """`Sampler._free_rank`: the rank of a card drawn among those `seat` may give (`free[seat]`, counts by rank; the
    Python list holds one rank per card in rank order, so the draw's index is counted off the same way), or -1."""
    total = 0
    for kind in range(free.shape[1]):
        total += free[seat, kind]
    if total == 0:
        return -1
    index = randbelow(mt, total)
    for kind in range(free.shape[1]):
        if index < free[seat, kind]:
            return kind
        index -= free[seat, kind]
    return -1


@njit(cache=True)
def _misses(
    evidence: Any, seat: int, hand: Any, shapes: Any, follows: Any, choices: Any, consts: Any, facts: Any,
    shape_of: Any, mask: Any,
) -> int:  # fmt: skip
    """`Evidence.misses` on the kernel (`rank_playout._MissCounter.misses`)."""
    boards, recorded, laters, spans = evidence
    start, stop = spans[seat, 0], spans[seat, 1]
    if start == stop:
        return 0
    count: int = count_misses(
        boards, recorded, laters, start, stop, seat, hand, shapes, follows, choices, consts, facts, shape_of, mask
    )
    return count


# A hand's memo code counts each rank kind in base `_CODE_BASE` (14 kinds: below 2**61); a hand holding as many of a
# kind is counted afresh each time.
_CODE_BASE = 20


@njit(cache=True)
def _known_misses(evidence: Any, memo: Any, seat: int, hand: Any, rules: Any) -> int:
    """`_misses`, looked up in `memo` (by seat, open addressing on the hand's code; -1 an empty slot) where the chain
    met the hand before, as `Sampler._misses` looks it up (a hand's misses never change, so this is only speed);
    inserts stop once a seat's table is half full."""
    keys, values, counts = memo
    shapes, follows, choices, consts, facts, shape_of, mask = rules
    code = 0
    for kind in range(hand.shape[0]):
        if hand[kind] >= _CODE_BASE:
            return _misses(evidence, seat, hand, shapes, follows, choices, consts, facts, shape_of, mask)
        code = code * _CODE_BASE + hand[kind]
    size = keys.shape[1]
    at = ((code ^ (code >> 29)) * 0x9E3779B1) & (size - 1)
    while keys[seat, at] >= 0:
        if keys[seat, at] == code:
            known: int = values[seat, at]
            return known
        at = (at + 1) & (size - 1)
    count = _misses(evidence, seat, hand, shapes, follows, choices, consts, facts, shape_of, mask)
    if 2 * (counts[seat] + 1) <= size:
        keys[seat, at] = code
        values[seat, at] = count
        counts[seat] += 1
    return count


@njit(cache=True)
def _chain_deal(mt: Any, chain: Any, evidence: Any, rules: Any) -> None:
    """The chain's next deal, in its `hands`, as `determinize.Sampler.deal` makes it: `steps` swaps, where it has two
    seats to swap between. `chain` is the sampler's state: `hands` (rank counts, seat by seat), `free` (the ranks each
    seat may give, counted), `misses` by seat, the seats that swap (`movers`) and `pairs` (`Sampler.pairs`, the two
    seats of each pair of draws, as `first * seats + second`), `accept[c]` (`MISMATCH ** c`, Python's own power),
    `steps` and the misses met (`_known_misses`' memo); `evidence` the decisions' boards, moves, cards played since
    and each seat's span (`rank_playout._MissCounter`)."""
    hands, free, misses, movers, pairs, accept, steps, memo = chain
    seats = hands.shape[0]
    n = movers.shape[0]
    if n < 2:
        return
    for _ in range(steps[0]):
        i = randbelow(mt, n)
        pair = pairs[i, randbelow(mt, n - 1)]
        first, second = pair // seats, pair % seats
        give = _free_rank(mt, free, first)
        take = _free_rank(mt, free, second)
        if give < 0 or take < 0 or give == take:
            continue
        giver, taker = hands[first], hands[second]
        giver[give] -= 1
        giver[take] += 1
        taker[take] -= 1
        taker[give] += 1
        gave = _known_misses(evidence, memo, first, giver, rules)
        took = _known_misses(evidence, memo, second, taker, rules)
        change = gave + took - misses[first] - misses[second]
        if change <= 0 or random(mt) < accept[change]:
            misses[first], misses[second] = gave, took
            free[first, give] -= 1
            free[first, take] += 1
            free[second, take] -= 1
            free[second, give] += 1
            continue
        giver[give] += 1
        giver[take] -= 1
        taker[take] += 1
        taker[give] -= 1


@njit(cache=True)
def _slot(keys: Any, filled: Any, hands: Any) -> int:
    """The memo's slot of a deal: where it is kept, or the empty slot where it goes (open addressing)."""
    code = 0
    for seat in range(hands.shape[0]):
        for kind in range(hands.shape[1]):
            code = code * 1000003 + hands[seat, kind] + 1
    size = filled.shape[0]
    at: int = (code ^ (code >> 29)) & (size - 1)
    while filled[at]:
        same = True
        for seat in range(hands.shape[0]):
            for kind in range(hands.shape[1]):
                if keys[at, seat, kind] != hands[seat, kind]:
                    same = False
        if same:
            return at
        at = (at + 1) & (size - 1)
    return at


@njit(cache=True)
def rehash(keys: Any, filled: Any, outcomes: Any, into: Any) -> None:
    """Every kept deal of one memo (`keys`, `filled`, `outcomes`) into a larger one (`into`, empty)."""
    new_keys, new_filled, new_outcomes, entries = into
    for at in range(filled.shape[0]):
        if filled[at]:
            slot = _slot(new_keys, new_filled, keys[at])
            new_filled[slot] = 1
            new_keys[slot] = keys[at]
            new_outcomes[slot] = outcomes[at]
            entries[0] += 1


@njit(cache=True)
def search_moves(
    count: int, mt: Any, chain: Any, evidence: Any, rules: Any, play: Any, memo: Any, stats: Any, by_place: Any
) -> int:
    """`count` deals of the default search (`IsmctsBot._search_moves`): each the chain's next (`_chain_deal`), looked
    up in `memo` (the deals met before: `keys`, `filled`, each move's place in `outcomes`, `entries`; the caller
    leaves it at most half full) or played out, every move from the position `base` by `rank_kernel.play_deal`; each
    move's `stats` (visits, summed reward by `by_place`, summed place, firsts) updated in the deals' order. The deals
    played out (not met before), or -1 where a playout passed `max_moves` (`kernel_finishes` rules it out)."""
    hands = chain[0]
    shapes, follows, choices, consts, facts, shape_of, mask = rules
    base, candidates, arms, seat, max_moves, work, no_cards, places = play
    keys, filled, outcomes, entries = memo
    visits, rewards, place_sums, firsts = stats
    moves = arms.shape[0]
    played = 0
    for _ in range(count):
        _chain_deal(mt, chain, evidence, rules)
        slot = _slot(keys, filled, hands)
        if not filled[slot]:
            # look 0: the search's playouts are the policy's alone (the look's `inner` and `legal` unread)
            play_deal(
                base, hands, candidates, arms, shapes, follows, choices, consts, facts, shape_of, seat, max_moves,
                work, mask, no_cards, places, 0, work, mask,
            )  # fmt: skip
            for i in range(moves):
                if places[i] < 0:
                    return -1
                outcomes[slot, i] = places[i]
            keys[slot] = hands
            filled[slot] = 1
            entries[0] += 1
            played += 1
        for i in range(moves):
            position = outcomes[slot, i]
            visits[i] += 1
            rewards[i] += by_place[position]
            place_sums[i] += position
            firsts[i] += position == 0
    return played
