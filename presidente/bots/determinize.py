"""Determinizations: whole President states consistent with everything one seat knows.

`public_state(observation, rules)` builds, once per decision, a `State` holding the seat's own hand and every
public fact of the observation (trick, passes, roles, finishing order, played and face-up cards, revolution,
obligation); the other hands are left empty. `sample_hidden(state, knowledge, rng)` then deals the unseen
cards into the other hands and the undealt pile, so each search iteration gets a fresh clone of the template
with a new deal. `determinize(observation, rules, rng)` does both. `Dealer(knowledge, hand)` deals the same
way straight into rank counts (`playout.rank_counts`), much faster, for the search's many iterations.
`Evidence` weighs a deal by how well it explains the other seats' moves, and `Sampler` draws deals in
proportion to that weight.

The deal respects what the seat knows for certain:
- every hand's size, and which cards were played, discarded face up or are in the draft pool;
- cards it gave in the transfer and that have not been played are in the receiver's hand;
- cards taken from the face-up draft pool (a public event) and not played are in the taker's hand;
- a seat that had to give its best cards in the transfer holds nothing better than the weakest of them
  (and a seat that had to give its lowest cards holds nothing lower than the strongest of them).

The observation does not carry the trick's top key; it is the key of the last play in `observation.trick`,
computed by the engine's own key function on the determinized state (same order, same trick size).
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import add, sub
from typing import Final, Protocol

from presidente.bots.playout import JOKERS, Move, Table, rank_counts
from presidente.cards import CARD_KINDS, JOKER, CardGroup, counts_from_group, deal, full_deck, parse_card
from presidente.errors import PresidenteError
from presidente.president.actions import PRESIDENT_RANK, Play
from presidente.president.mypyc_shim import mypyc_attr
from presidente.president.observation import Observation
from presidente.president.roles import Roles
from presidente.president.rules import Rules
from presidente.president.state import Phase, State, new_game

# Order of cards in the transfer (jokers above the 2), as `exchange.best_cards` ranks them.
_GIVE_ORDER = tuple((13, 0) if card == JOKER else (PRESIDENT_RANK[card], card & 3) for card in range(CARD_KINDS))
_COUNTERPART = {"president": "scum", "scum": "president", "vice": "high_scum", "high_scum": "vice"}
_LOSERS = ("scum", "high_scum")


@dataclass
class Knowledge:
    """The hidden-card facts of one observation, worked out once per decision."""

    seat: int
    unseen: list[int]  # counts of cards in other hands or undealt
    hidden_sizes: dict[int, int]  # other seats still holding cards -> hand size
    undealt: int
    known: dict[int, list[int]] = field(default_factory=dict)  # seat -> cards it surely holds
    ceiling: dict[int, int] = field(default_factory=dict)  # seat -> it holds no card above this give-order index
    floor: dict[int, int] = field(default_factory=dict)  # seat -> it holds no card below this give-order index


_ORDER_INDEX = {order: index for index, order in enumerate(sorted(set(_GIVE_ORDER)))}
_CARD_INDEX = tuple(_ORDER_INDEX[_GIVE_ORDER[card]] for card in range(CARD_KINDS))


class DeterminizationError(PresidenteError):
    """The observation cannot be turned into a state (a phase the search does not handle)."""


def knowledge_of(observation: Observation, rules: Rules, lowest_given: bool = False) -> Knowledge:
    """What `observation`'s seat knows of the hidden cards. `lowest_given`: the seat that gave this one cards in
    the exchange by choice (the President or Vice) is taken to have given its weakest (as the UECda sample client
    does, and as `must_give_lowest` makes everyone), so it holds nothing weaker than the strongest of them."""
    seat = observation.seat
    if seat is None:
        raise DeterminizationError("A spectator has no hand to search from.")
    unseen = full_deck(rules.decks, rules.jokers_per_deck)
    for group in (observation.hand, observation.played, observation.face_up, observation.draft_pool or ()):
        for card, count in group:
            unseen[card] -= count
    if min(unseen) < 0:
        raise DeterminizationError("The observation shows more cards than the rules' deck holds.")
    hidden_sizes = {view.seat: view.hand_size for view in observation.seats if view.seat != seat and view.hand_size > 0}
    knowledge = Knowledge(seat, unseen, hidden_sizes, observation.undealt)
    available = unseen[:]
    gone = counts_from_group(observation.played)
    for card, count in observation.face_up:
        gone[card] += count

    def surely_holds(holder: int, cards: CardGroup) -> None:
        if holder not in hidden_sizes:
            return
        held = knowledge.known.setdefault(holder, [0] * CARD_KINDS)
        room = hidden_sizes[holder] - sum(held)
        for card, count in cards:
            # Any copy played or discarded since may have been this one.
            taken = max(0, min(count - gone[card], available[card], room))
            held[card] += taken
            available[card] -= taken
            room -= taken

    role = observation.seats[seat].role
    partner = next((v.seat for v in observation.seats if v.role == _COUNTERPART.get(role)), None)
    if partner is not None and observation.gave:
        surely_holds(partner, observation.gave)
    if partner is not None and observation.received and role in _COUNTERPART:
        received = [_CARD_INDEX[card] for card, _ in observation.received]
        if role not in _LOSERS:
            # The loser had to give its best cards (keep_jokers aside): nothing it kept is better.
            if not rules.keep_jokers:
                knowledge.ceiling[partner] = min(received)
        elif rules.must_give_lowest or lowest_given:
            knowledge.floor[partner] = max(received)
    for event in observation.events:
        if event.kind == "draft-take" and event.seat is not None and event.seat != seat:
            surely_holds(event.seat, event.payload)  # type: ignore[arg-type]  # the cards taken, face up
    return knowledge


# `Rules.replace` checks every option (about a millisecond): the rules of a searched round, by rules and round.
_ROUND_RULES: dict[tuple[Rules, int], Rules] = {}


def _round_rules(rules: Rules, rounds: int) -> Rules:
    """`rules` ending the match with round `rounds`, nothing scored towards a target (worked out once)."""
    key = (rules, rounds)
    found = _ROUND_RULES.get(key)
    if found is None:
        if len(_ROUND_RULES) >= 256:
            _ROUND_RULES.clear()
        found = _ROUND_RULES[key] = rules.replace(rounds=rounds, target_score=0)
    return found


def public_state(observation: Observation, rules: Rules) -> State:
    """A state with the seat's hand and the public facts of a play-phase observation; other hands empty.

    The match ends with this round (so a search scores the round, not the match)."""
    if observation.phase != Phase.PLAY or observation.current_player is None:
        raise DeterminizationError(f"Only the play phase is searched, not {observation.phase!r}.")
    seat = observation.seat
    assert seat is not None
    players = len(observation.seats)
    round_rules = _round_rules(rules, max(1, observation.round_number))
    state = new_game(round_rules, players, seed=0)
    views = observation.seats
    state.round_number = observation.round_number
    state.phase = Phase.PLAY
    state.current = observation.current_player
    state.present = [v.present for v in views]
    state.scores = [v.score for v in views]
    state.in_round = [v.in_round for v in views]
    state.round_players = [v.seat for v in views if v.in_round]
    state.finished = list(observation.finished)
    state.out = list(observation.out)
    gone = set(state.finished) | set(state.out)
    downfallen = [v.seat for v in views if v.finished and v.seat not in gone]
    state.downfallen = downfallen[0] if downfallen else None
    state.active = [v.in_round and not v.finished and v.hand_size > 0 for v in views]
    by_role = {v.role: v.seat for v in views if v.in_round and v.role != "neutral"}
    state.roles = Roles(by_role.get("president"), by_role.get("vice"), by_role.get("high_scum"), by_role.get("scum"))
    state.last_round = list(observation.last_round)
    state.results = []
    state.history = []
    state.events = []
    state.hands = [[0] * CARD_KINDS for _ in range(players)]
    state.hands[seat] = counts_from_group(observation.hand)
    state.sizes = [v.hand_size for v in views]
    state.played = counts_from_group(observation.played)
    state.face_up = counts_from_group(observation.face_up)
    state.undealt = [0] * CARD_KINDS
    state.transit = [0] * CARD_KINDS
    state.draft_pool = [0] * CARD_KINDS
    state.transfers = []
    state.reversed = observation.reversed
    state.clockwise = observation.clockwise
    state.must_include = parse_card(observation.must_include) if observation.must_include else None
    state.seating = list(observation.seating) or None
    state.passes_in_a_row = observation.passes_in_a_row
    passed = [v.passed for v in views]
    state.restore_trick(observation.current_player, observation.trick, passed, observation.obligation)
    state.trick_leader = observation.trick_leader
    return state


def sample_hidden(state: State, knowledge: Knowledge, rng: random.Random) -> None:
    """Deal the unseen cards into the other hands and the undealt pile of `state` (changed in place)."""
    pool = knowledge.unseen[:]
    hands: dict[int, list[int]] = {}
    for holder, cards in knowledge.known.items():
        hands[holder] = cards[:]
        for card, count in enumerate(cards):
            pool[card] -= count
    bounds = [(holder, bound, True) for holder, bound in knowledge.ceiling.items()]
    bounds += [(holder, bound, False) for holder, bound in knowledge.floor.items()]
    for holder, bound, is_ceiling in bounds:
        if holder not in knowledge.hidden_sizes:
            continue
        hand = hands.setdefault(holder, [0] * CARD_KINDS)
        wanted = knowledge.hidden_sizes[holder] - sum(hand)
        allowed = [
            count if (_CARD_INDEX[card] <= bound) == is_ceiling or _CARD_INDEX[card] == bound else 0
            for card, count in enumerate(pool)
        ]
        if sum(allowed) < wanted:
            continue  # the facts cannot all hold (e.g. a seat left): drop this one
        (drawn,) = deal(allowed, [wanted], rng)
        for card, count in enumerate(drawn):
            hand[card] += count
            pool[card] -= count
    others = sorted(knowledge.hidden_sizes)
    sizes = [knowledge.hidden_sizes[s] - sum(hands.get(s, ())) for s in others]
    dealt = deal(pool, [*sizes, min(knowledge.undealt, sum(pool) - sum(sizes))], rng)
    for holder, drawn in zip(others, dealt, strict=False):
        known = hands.get(holder)
        if known is not None:
            for card, count in enumerate(known):
                drawn[card] += count
        state.hands[holder] = drawn
    state.undealt = dealt[-1]


# The rank-count index of each card kind (jokers last).
_RANK_INDEX = tuple(JOKERS if card == JOKER else PRESIDENT_RANK[card] for card in range(CARD_KINDS))
# Beyond this many unseen cards (many decks) the dealer falls back to `sample_hidden`'s counting deal.
_LISTED_CARDS = 2_000


class Dealer:
    """Deals the unseen cards as rank-count hands, under the same facts as `sample_hidden`, for many
    iterations of one decision: everything that does not change between deals is worked out once."""

    def __init__(self, template: State, knowledge: Knowledge) -> None:
        self.template = template
        self.knowledge = knowledge
        self.own = rank_counts(template.hands[knowledge.seat])
        self.base = [[0] * (JOKERS + 1) for _ in range(template.seats)]
        self.base[knowledge.seat] = self.own
        pool = knowledge.unseen[:]
        for holder, cards in knowledge.known.items():
            for card, count in enumerate(cards):
                self.base[holder][_RANK_INDEX[card]] += count
                pool[card] -= count
        self.pool = pool
        self.bounded = [
            (holder, bound, is_ceiling)
            for is_ceiling, bounds in ((True, knowledge.ceiling), (False, knowledge.floor))
            for holder, bound in bounds.items()
            if holder in knowledge.hidden_sizes
        ]
        self.others = sorted(knowledge.hidden_sizes)
        self.listed = sum(pool) <= _LISTED_CARDS
        self.cards = [card for card, count in enumerate(pool) for _ in range(count)] if self.listed else []

    def plain_deal(self) -> tuple[list[int], list[int]] | None:
        """Where `deal` only shuffles the listed unseen cards (no seat bounded by the transfer): those cards' rank
        indices in `cards`' order, and how many go to each of `others` in turn; else None."""
        if not self.listed or self.bounded:
            return None
        wanted = [self.knowledge.hidden_sizes[holder] - sum(self.base[holder]) for holder in self.others]
        return [_RANK_INDEX[card] for card in self.cards], wanted

    def deal(self, rng: random.Random) -> list[list[int]]:
        """Every seat's hand as rank counts: this seat's own, the others dealt at random."""
        knowledge = self.knowledge
        if not self.listed:
            state = self.template.clone()
            sample_hidden(state, knowledge, rng)
            return [rank_counts(hand) for hand in state.hands]
        hands = [hand[:] for hand in self.base]
        cards = self.cards[:]
        wanted = {holder: knowledge.hidden_sizes[holder] - sum(hands[holder]) for holder in self.others}
        for holder, bound, is_ceiling in self.bounded:
            allowed = [
                index
                for index, card in enumerate(cards)
                if (_CARD_INDEX[card] <= bound) == is_ceiling or _CARD_INDEX[card] == bound
            ]
            if len(allowed) < wanted[holder]:
                continue  # the facts cannot all hold (e.g. a seat left): drop this one
            chosen = sorted(rng.sample(allowed, wanted[holder]), reverse=True)
            hand = hands[holder]
            for index in chosen:
                hand[_RANK_INDEX[cards.pop(index)]] += 1
            wanted[holder] = 0
        shuffle(cards, rng)
        start = 0
        rank_index = _RANK_INDEX
        for holder in self.others:
            hand = hands[holder]
            end = start + wanted[holder]
            for card in cards[start:end]:
                hand[rank_index[card]] += 1
            start = end
        return hands


class Evidence:
    """Soft evidence from the round's play so far: the moves other seats made hint at what they hold.

    The round is replayed from its public events on a `playout.Table` (hands unknown, sizes known), keeping
    each other seat's decision with the position it was made in. A deal is then judged by how many of those
    decisions the playout policy, given the hand that seat held then (its hand in the deal plus the cards it
    played since), would have made the same way: `likelihood(hands)` is `MISMATCH ** disagreements`. A seat
    that passed on a low single while holding a lone queen, say, becomes unlikely, not impossible.
    """

    # Final: class constants (read through the class too) in the compiled build's native class.
    MISMATCH: Final = 0.1
    RECENT: Final = 24  # decisions looked at, the latest ones

    def __init__(self, observation: Observation, template: State) -> None:
        self.decisions: list[tuple[int, Table, Move, list[int]]] = []
        # The same decisions by seat, for `misses`; the cards played since are `None` when there are none.
        self.by_mover: dict[int, list[tuple[Table, Move, list[int] | None]]] = {}
        seat = observation.seat
        moves: list[tuple[int, Move]] = []
        for event in observation.events:
            if event.seat is None or event.kind not in ("play", "pass", "skip"):
                continue
            if event.kind != "play":
                moves.append((event.seat, None))
                continue
            play = event.payload
            assert isinstance(play, Play)
            rank = -1 if play.rank is None else play.rank
            moves.append((event.seat, (rank, play.size, play.jokers, -1 if play.declared is None else play.declared)))
        if not moves:
            return
        played = [[0] * (JOKERS + 1) for _ in range(template.seats)]
        for mover, move in moves:
            if move is not None:
                _add_move(played[mover], move)
        table = Table.from_state(template, [[0] * (JOKERS + 1) for _ in range(template.seats)])
        table.sizes = [size + sum(played[s]) for s, size in enumerate(template.sizes)]
        table.gone = [gone - sum(counts[rank] for counts in played) for rank, gone in enumerate(table.gone)]
        table.active = [template.in_round[s] and table.sizes[s] > 0 for s in range(template.seats)]
        table.finished, table.out, table.downfallen = [], [], None
        table.reversed, table.must_include, table.over = False, None, False
        table.clockwise = True  # a round starts clockwise (9 reverse turns it as the replay goes)
        table._reset_trick(moves[0][0])
        later = [[0] * (JOKERS + 1) for _ in range(template.seats)]
        kept: list[tuple[int, Table, Move]] = []
        for mover, move in moves:
            if table.over or table.current != mover:
                return  # an event this replay does not follow (a seat left, say): no evidence
            if mover != seat:
                kept.append((mover, table.copy(), move))
            table.play(move)
        for mover, snapshot, move in reversed(kept):
            if move is not None:
                _add_move(later[mover], move)
            self.decisions.append((mover, snapshot, move, later[mover][:]))
        self.decisions = self.decisions[: self.RECENT]
        for mover, snapshot, move, since in self.decisions:
            self.by_mover.setdefault(mover, []).append((snapshot, move, since if any(since) else None))

    def likelihood(self, hands: list[list[int]], floor: float = 0.0) -> float:
        """How well a deal explains the other seats' moves (1: every one of them); once it falls below
        `floor`, the rest is not looked at."""
        weight = 1.0
        for mover, table, move, later in self.decisions:
            table.ranks[mover] = list(map(add, hands[mover], later))
            if table.policy_move() != move:
                weight *= self.MISMATCH
                if weight < floor:
                    break
        return weight

    def misses(self, mover: int, hand: list[int]) -> int:
        """How many of `mover`'s decisions the policy would have made otherwise, with this hand now."""
        count = 0
        for table, move, later in self.by_mover.get(mover, ()):
            # The table gets a list of its own, never the caller's `hand` (as in `likelihood`).
            table.ranks[mover] = hand[:] if later is None else list(map(add, hand, later))
            if table.policy_move() != move:
                count += 1
        return count


class Deals(Protocol):
    """What hands out the search's deals: a `Dealer`, a `Sampler` (or a test's stand-in)."""

    def deal(self, rng: random.Random) -> list[list[int]]:
        """Every seat's hand as rank counts."""
        ...


# A native class in the compiled build (setup.py) that Python classes may subclass (the tests do).
@mypyc_attr(allow_interpreted_subclasses=True)
class Sampler:
    """Deals drawn in proportion to `Evidence.likelihood`, by a Metropolis chain: each step swaps one card
    between two other hands and keeps the swap with probability `MISMATCH ** (new misses - old misses)`.

    The chain starts from the likeliest of a few independent deals; `STEPS` swaps separate the deals it hands
    out. Cards a seat surely holds stay put, and a seat with a bound from the transfer is left as dealt.
    """

    STEPS: Final = 4
    STARTS: Final = 10

    def __init__(self, dealer: Dealer, evidence: Evidence, rng: random.Random) -> None:
        self.dealer = dealer
        self.evidence = evidence
        knowledge = dealer.knowledge
        bounded = {holder for holder, _, _ in dealer.bounded}
        self.movers = [seat for seat in dealer.others if seat not in bounded]
        self.pairs = _sample_pairs(self.movers)
        # Misses by seat and hand: the chain comes back to the same hands often, and a hand's misses never change.
        self.known_misses: dict[int, dict[tuple[int, ...], int]] = {seat: {} for seat in knowledge.hidden_sizes}
        starts = [dealer.deal(rng) for _ in range(self.STARTS)]
        self.hands, likeliest = starts[0], self._likelihood(starts[0])
        for hands in starts[1:]:
            # The first of the likeliest starts, as `max` picks it: a start already less likely than the
            # likeliest so far need not be judged to the end.
            weight = self._likelihood(hands, likeliest)
            if weight > likeliest:
                self.hands, likeliest = hands, weight
        # The cards each seat may give (not those it surely holds), one rank per card in rank order: the
        # card `_free_rank` draws is then a mere index, and a kept swap updates it.
        self.free_ranks = {seat: _one_per_card(map(sub, self.hands[seat], dealer.base[seat])) for seat in self.movers}
        self.misses = {seat: self._misses(seat, self.hands[seat]) for seat in knowledge.hidden_sizes}

    def _likelihood(self, hands: list[list[int]], floor: float = 0.0) -> float:
        """`Evidence.likelihood` of a start (a subclass may count it otherwise: the same number below `floor`)."""
        return self.evidence.likelihood(hands, floor)

    def _misses(self, seat: int, hand: list[int]) -> int:
        known = self.known_misses[seat]
        key = tuple(hand)
        misses = known.get(key)
        if misses is None:
            misses = known[key] = self.evidence.misses(seat, hand)
        return misses

    def deal(self, rng: random.Random) -> list[list[int]]:
        if len(self.movers) >= 2:
            for _ in range(self.STEPS):
                self._step(rng)
        return [hand[:] for hand in self.hands]

    def _step(self, rng: random.Random) -> None:
        # The two seats `rng.sample(self.movers, 2)` would pick, from the same two draws.
        count = len(self.movers)
        first, second = self.pairs[randbelow(rng, count)][randbelow(rng, count - 1)]
        give = self._free_rank(first, rng)
        take = self._free_rank(second, rng)
        if give < 0 or take < 0 or give == take:
            return
        giver, taker = self.hands[first], self.hands[second]
        giver[give] -= 1
        giver[take] += 1
        taker[take] -= 1
        taker[give] += 1
        misses = self._misses(first, giver), self._misses(second, taker)
        change = misses[0] + misses[1] - self.misses[first] - self.misses[second]
        if change <= 0 or rng.random() < self.evidence.MISMATCH**change:
            self.misses[first], self.misses[second] = misses
            _trade(self.free_ranks[first], give, take)
            _trade(self.free_ranks[second], take, give)
            return
        giver[give] += 1
        giver[take] -= 1
        taker[take] += 1
        taker[give] -= 1

    def _free_rank(self, seat: int, rng: random.Random) -> int:
        """The rank of a card drawn at random from those `seat` may give, or -1 if none."""
        ranks = self.free_ranks[seat]
        return ranks[randbelow(rng, len(ranks))] if ranks else -1


# CPython's `Random` draws `randrange(n)` (n > 0) and each step of `shuffle` with `_randbelow_with_getrandbits`:
# `getrandbits(n.bit_length())` until the draw is below n. `randbelow` and `shuffle` make the same draws without the
# Python-level calls between (the search makes millions); for another generator they ask it (the tests compare both
# with the `Random` methods themselves).
_BITS_DRAWS = getattr(random.Random, "_randbelow", None) is getattr(random.Random, "_randbelow_with_getrandbits", 0)


def draws_by_bits(rng: random.Random) -> bool:
    """Does `rng` draw `randrange` and `shuffle` from `getrandbits` (a plain CPython `Random`), as `randbelow`,
    `shuffle` and the compiled tree search (`search_kernel`, on the generator's own state) draw them?"""
    return _BITS_DRAWS and type(rng) is random.Random


def randbelow(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)`, the same draw, for n > 0."""
    if not _BITS_DRAWS or type(rng) is not random.Random:
        return rng.randrange(n)
    getrandbits = rng.getrandbits
    bits = n.bit_length()
    drawn = getrandbits(bits)
    while drawn >= n:
        drawn = getrandbits(bits)
    return drawn


def shuffle(cards: list[int], rng: random.Random) -> None:
    """`rng.shuffle(cards)`, the same draws: each card from the last down swapped with one at or below it."""
    if not _BITS_DRAWS or type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for index in range(len(cards) - 1, 0, -1):
        n = index + 1
        bits = n.bit_length()
        other = getrandbits(bits)
        while other >= n:
            other = getrandbits(bits)
        cards[index], cards[other] = cards[other], cards[index]


def _one_per_card(counts: Iterable[int]) -> list[int]:
    """The index of each count, repeated that many times: `[2, 0, 1]` -> `[0, 0, 2]`."""
    return [index for index, count in enumerate(counts) for _ in range(count)]


def _trade(ranks: list[int], out: int, into: int) -> None:
    """One card of rank `out` leaves the ordered `ranks`, one of rank `into` joins it."""
    del ranks[bisect_left(ranks, out)]
    insort(ranks, into)


def _sample_pairs(population: list[int]) -> list[list[tuple[int, int]]]:
    """`pairs[i][j]` is what `rng.sample(population, 2)` returns when its two draws are `i` (below n) and
    `j` (below n - 1).

    For fewer than 22 items (a table has at most 8 seats) CPython's `sample` draws `i` below n, as
    `randrange(n)` does, and takes `population[i]`, moves the last item into its place, then draws `j` below
    n - 1 and takes item `j` of what is left; the tests check the pairs against `rng.sample` itself."""
    last = len(population) - 1
    return [
        [(population[i], population[last] if j == i else population[j]) for j in range(last)]
        for i in range(len(population))
    ]


def _add_move(counts: list[int], move: Move) -> None:
    assert move is not None
    rank, size, jokers, _ = move
    if size > jokers:
        counts[rank] += size - jokers
    counts[JOKERS] += jokers


def determinize(observation: Observation, rules: Rules, rng: random.Random) -> State:
    """One state consistent with the observation, the hidden cards dealt at random."""
    state = public_state(observation, rules)
    sample_hidden(state, knowledge_of(observation, rules), rng)
    return state
