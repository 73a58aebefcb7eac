"""The proof of the legal list, like perft in chess: at a position, every action the mover's cards could make is
built and applied, and `apply` must accept exactly the actions `legal_actions()` lists — no more, no fewer — and
refuse every other one with an error that says why, changing nothing.

What "every action" means:
- Plays: every multiset of the mover's cards (jokers included) up to the hand's size, each with every joker
  declaration the play's form has: jokers alone standing for each rank (`JK JK=7`), and jokers beside natural cards
  naming any card of the naturals' rank or suit, or an end cell below the 3 or above the 2 (`JK=9H 9S`,
  `3H 4H JK=5H`, `JK=<3S 3S 4S`). A multiset whose natural cards span two ranks and two suits (or hold one card twice
  over two ranks) is neither a group nor a sequence: `Play` refuses to build it, which is checked at the first
  such card, and no larger multiset holding it is built (they are all of that kind).
- Gives, discards and takes: every multiset of the cards chosen from (the hand, or the draft pool for a take) of
  one fewer, as many, and one more cards than the phase asks for (cards owed after a 7 or a 10, given one at a
  time: from one card to one more than all that is owed); a take of a card outside the pool.
- And the actions of the other phases (a pass, a give, a take, a discard of one card), which must be refused.
Leaving and joining are table actions, not the mover's, and are not enumerated.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations

from helpers import snapshot, unchanged

from presidente.cards import CARD_KINDS, JOKER, Card, CardGroup
from presidente.errors import ActionSyntaxError, PresidenteError
from presidente.president import PASS, Phase, Play, State
from presidente.president.actions import PRESIDENT_RANK, Action, Discard, Give, Take, cards_of_rank, cell_of

# Ranks a joker may stand in within a sequence's suit: every card, and the end cells below the 3 and above the 2.
SEQUENCE_CELLS = range(-1, 14)


@dataclass
class Tally:
    """What one enumeration counted: positions, candidate actions, accepted ones, and refusals by reason."""

    positions: int = 0
    candidates: int = 0
    accepted: int = 0
    reasons: Counter[str] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        self.positions += other.positions
        self.candidates += other.candidates
        self.accepted += other.accepted
        self.reasons.update(other.reasons)

    def line(self) -> str:
        return f"positions {self.positions} candidates {self.candidates} accepted {self.accepted}"


def check_position(state: State) -> Tally:
    """Enumerate every candidate at `state` and check `apply` against `legal_actions()`; AssertionError names the
    first disagreement with the position, as JSON, to replay it."""
    tally = Tally(positions=1)
    mover = state.current_player
    if mover is None:
        return tally
    legal = state.legal_actions()
    listed = set(legal)
    assert len(listed) == len(legal), f"legal_actions() lists an action twice: {sorted(map(str, legal))}"
    candidates = set(candidate_actions(state))
    missing = listed - candidates
    assert not missing, f"listed but never enumerated (the enumeration is incomplete): {sorted(map(str, missing))}"
    before, original = snapshot(state), state.clone()
    for action in candidates:
        tally.candidates += 1
        if action in listed:
            state.clone().apply(action, mover)
            tally.accepted += 1
            continue
        try:
            state.apply(action, mover)
        except PresidenteError as error:
            reason = str(error)
            assert reason.strip(), f"{action} was refused without a reason"
            tally.reasons[reason] += 1
        else:
            raise AssertionError(
                f"apply accepted {action}, which legal_actions() does not list, at {original.to_position().to_json()}"
            )
    assert unchanged(state, before), "a refused action changed the state"
    return tally


def candidate_actions(state: State) -> Iterator[Action]:
    """Every action the mover's cards could make in any phase (see the module's docstring)."""
    mover = state.current_player
    assert mover is not None
    hand = state.hands[mover]
    owned = [card for card in range(CARD_KINDS) if hand[card]]
    yield PASS
    if owned:
        yield Give(((owned[0], 1),))
        yield Discard(((owned[0], 1),))
        yield Take(((owned[0], 1),))
    phase = state.phase
    if phase is Phase.PLAY and state.owed is not None:
        # Owed cards go one at a time: every multiset up to one more than all that is owed.
        for cards in multisets(hand, 1, state.owed.count + 1):
            yield Give(cards)
            yield Discard(cards)
    if phase is Phase.PLAY:
        yield from plays_of(hand)
    elif phase in (Phase.EXCHANGE, Phase.DRAFT_PLACE):
        wanted = max((len_of(action) for action in state.legal_actions()), default=1)
        for cards in multisets(hand, wanted - 1, wanted + 1):
            yield Give(cards)
    elif phase is Phase.DRAFT_PICK:
        pool = state.draft_pool
        wanted = max((len_of(action) for action in state.legal_actions()), default=1)
        for cards in multisets(pool, wanted - 1, wanted + 1):
            yield Take(cards)
        outside = next((card for card in range(CARD_KINDS) if not pool[card]), None)
        if outside is not None:
            yield Take(((outside, 1),))


def len_of(action: Action) -> int:
    cards: CardGroup = getattr(action, "cards", ())
    return sum(count for _, count in cards)


def multisets(counts: list[int], smallest: int, largest: int) -> Iterator[CardGroup]:
    """Every multiset of the cards `counts` holds with `smallest` to `largest` cards (the empty one excluded)."""
    kinds = [(card, counts[card]) for card in range(CARD_KINDS) if counts[card]]

    def extend(index: int, chosen: list[tuple[Card, int]], size: int) -> Iterator[CardGroup]:
        if index == len(kinds):
            if max(smallest, 1) <= size:
                yield tuple(chosen)
            return
        card, held = kinds[index]
        for count in range(min(held, largest - size) + 1):
            if count:
                chosen.append((card, count))
            yield from extend(index + 1, chosen, size + count)
            if count:
                chosen.pop()

    yield from extend(0, [], 0)


def plays_of(hand: list[int]) -> Iterator[Play]:
    """Every play of the hand's cards with every joker declaration, built depth-first over the natural cards; a
    set of naturals that no play can be made of is checked to be refused by `Play`, and not extended."""
    naturals = [(card, hand[card]) for card in range(JOKER) if hand[card]]
    jokers = hand[JOKER]

    def extend(
        index: int, chosen: list[tuple[Card, int]], ranks: frozenset[int], suits: frozenset[int]
    ) -> Iterator[Play]:
        if index == len(naturals):
            yield from _declarations(tuple(chosen), jokers, ranks, suits)
            return
        yield from extend(index + 1, chosen, ranks, suits)
        card, held = naturals[index]
        more_ranks, more_suits = ranks | {PRESIDENT_RANK[card]}, suits | {card % 4}
        for count in range(1, held + 1):
            chosen.append((card, count))
            twice = any(n > 1 for _, n in chosen)
            if (len(more_ranks) > 1 and len(more_suits) > 1) or (twice and len(more_ranks) > 1):
                _assert_no_play(tuple(chosen))
            else:
                yield from extend(index + 1, chosen, more_ranks, more_suits)
            chosen.pop()

    yield from extend(0, [], frozenset(), frozenset())


def _assert_no_play(cards: CardGroup) -> None:
    try:
        Play(cards)
    except ActionSyntaxError:
        return
    raise AssertionError(f"{cards} spans two ranks and two suits, yet Play built it")


def _declarations(naturals: CardGroup, jokers: int, ranks: frozenset[int], suits: frozenset[int]) -> Iterator[Play]:
    """The plays of `naturals` with 0 to `jokers` jokers, each way the jokers can be declared."""
    for used in range(jokers + 1):
        if not naturals and not used:
            continue
        cards = tuple(sorted((*naturals, (JOKER, used)))) if used else naturals
        yield from _built(cards)
        if not used:
            continue
        if not naturals:
            for rank in range(13):
                yield from _built(cards, declared=rank)
            continue
        cells: set[Card] = set()
        if len(ranks) == 1:
            cells.update(cards_of_rank(next(iter(ranks))))
        if len(suits) == 1:
            suit = next(iter(suits))
            cells.update(cell_of(rank, suit) for rank in SEQUENCE_CELLS)
        for stands_for in combinations(sorted(cells), used):
            yield from _built(cards, stands_for=stands_for)


def _built(cards: CardGroup, declared: int | None = None, stands_for: tuple[Card, ...] = ()) -> Iterator[Play]:
    try:
        yield Play(cards, declared, stands_for)
    except ActionSyntaxError:
        return
