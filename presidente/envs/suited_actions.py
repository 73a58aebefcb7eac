"""A suit-aware action space and observation for the tables whose suits decide a trick: the Daifugo and UECda
options of issue 12 (`uecda`, `daifugo` and any table with those options), one deck.

`ActionCodec` names a play by its shape and picks the suits itself, which is exact only where no suit matters.
Under a suit lock, sequences, the spade-3 return or jokers that name their suit, *which* cards are played decides
what may follow, so here every index is one exact engine action:

- index 0: pass;
- then every *group* (natural cards of one rank, each suit subset, with the jokers that may join them, named to
  a suit's cell or not) and the jokers alone (one per declared rank where jokers are wild);
- then every *sequence* (`sequences`): a suit, a first cell and a length, each cell a natural card or a joker
  standing for it (`sequence_joker_ends`: the cells below the 3 and above the 2; `sequence_wraps`: K A 2 3 …);
- then every set of 1 … k cards (suits and jokers), k the transfer's larger count: the card transfer's gives.

`encode` maps an engine action to its index, `decode` gives the exact action of an index (the engine's `apply`
refuses it, changing nothing, where the seat cannot make it), `mask` marks the legal ones. The universe is listed
from the rules once (a few thousand indices: 4,219 for `uecda`, 4,123 for `daifugo`); tests play random matches
and check that every legal action has its own index. `seven_give` and `ten_discard` add one give or discard
index per card kind: the engine asks for owed cards one at a time. Not covered: several decks, and a transfer of
more than three cards.

`SuitedObservationEncoder` is `ObservationEncoder` with the blocks these rules need: the top play's exact cards
and what its jokers stand for, whether it is a sequence, the suits the trick is locked to, the number lock, and
the turn order (seat shuffle, 9 reverse) and passes in a row; with 7 give or 10 discard, the cards owed and the
7 gives the seat made or received this round.

>>> from presidente.president import find_preset, new_game
>>> codec = SuitedCodec(find_preset("uecda"))
>>> codec.size, codec.describe(0), codec.describe(codec.encode(Play.parse("3H JK=4H 5H")))
(4219, 'pass', '3H JK=4H 5H')
>>> state = new_game(find_preset("uecda"), players=5, seed=3)
>>> all(codec.encode(codec.decode(i, state)) == i for i in codec.legal_indices(state))
True
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable, Iterator
from typing import Final, SupportsInt

import numpy as np
import numpy.typing as npt

from presidente.cards import CARD_KINDS, JOKER, CardGroup
from presidente.envs.aec import layout_slices
from presidente.envs.president_actions import choice_cards, uncovered_options
from presidente.envs.president_observation import ObservationEncoder, observation_layout
from presidente.errors import ActionSyntaxError, IllegalActionError, RulesError
from presidente.president.actions import (
    ABOVE_TWO,
    BELOW_THREE,
    PASS,
    RANK_COUNT,
    Action,
    Discard,
    Give,
    Pass,
    Play,
    Take,
    cards_of_rank,
    cell_of,
)
from presidente.president.rules import Rules
from presidente.president.state import Phase, State

# The options this encoding adds to `COVERED_OPTIONS`: every Daifugo and UECda option.
SUITED_OPTIONS: Final = frozenset(
    [
        "special_three_must_lead",
        "jack_back",
        "eight_cut",
        "five_skip",
        "nine_reverse",
        "spade_three_return",
        "suit_lock",
        "sequences",
        "sequence_min",
        "sequence_wraps",
        "sequence_joker_ends",
        "sequence_revolution",
        "joker_suits",
        "number_lock",
        "trick_end",
        "lead_pass",
        "pass_limit",
        "seat_shuffle",
        "rank_reset",
        "seven_give",
        "ten_discard",
    ]
)
# The most cards of one give the card block lists (C(53, 3) + … = 24,857 indices at 3).
MAX_SUITED_CHOICE = 3
# Cells a joker of a play may stand for: the 52 cards, then the four below the 3 and the four above the 2.
STAND_IN_CELLS = 60


def needs_suits(rules: Rules) -> bool:
    """Do `rules` set an option that only the suit-aware encoding expresses?"""
    return bool(uncovered_options(rules))


def check_suited(rules: Rules) -> None:
    """Raise a `RulesError` saying what the suit-aware encoding cannot express in `rules`."""
    left = [name for name in uncovered_options(rules) if name not in SUITED_OPTIONS]
    if left:
        raise RulesError(
            f"The environments do not cover the option(s) {', '.join(left)} (added after the encodings): their"
            " moves or effects have no place in the action space or the observation; docs/envs.md lists what is"
            " covered."
        )
    if rules.decks != 1:
        raise RulesError(f"The suit-aware action space plays one deck, not {rules.decks}.")
    if choice_cards(rules) > MAX_SUITED_CHOICE:
        raise RulesError(
            f"The suit-aware action space lists gives of at most {MAX_SUITED_CHOICE} cards, not {choice_cards(rules)}."
        )


def action_key(action: Action) -> Hashable:
    """What tells one action of the space from another: its exact cards, jokers' cells and declared rank."""
    if isinstance(action, Pass):
        return PASS
    if isinstance(action, Play):
        return ("play", tuple(sorted(action.cards)), action.declared, tuple(sorted(action.stands_for)))
    if isinstance(action, Discard):
        return ("discard", tuple(sorted(action.cards)))
    if isinstance(action, Give | Take):
        return ("cards", tuple(sorted(action.cards)))
    raise IllegalActionError(f"'{action}' is not a move of this action space.")


def _play(cards: list[tuple[int, int]], declared: int | None = None, cells: tuple[int, ...] = ()) -> Play | None:
    try:
        return Play(tuple(sorted(cards)), declared, cells)
    except ActionSyntaxError:
        return None


def _groups(rules: Rules, jokers: int) -> Iterator[Play | None]:
    """Natural cards of one rank (every suit subset) with 0 … `jokers` jokers, unnamed or each naming a free
    suit of the rank; then jokers alone."""
    joining = 0 if rules.joker_mode == "trump" else jokers
    for rank in range(RANK_COUNT):
        suits = cards_of_rank(rank)
        for size in range(1, 5):
            for naturals in itertools.combinations(suits, size):
                cards = [(card, 1) for card in naturals]
                for count in range(joining + 1):
                    with_jokers = cards + ([(JOKER, count)] if count else [])
                    yield _play(with_jokers)
                    free = [card for card in suits if card not in naturals]
                    for cells in itertools.combinations(free, count) if count else ():
                        yield _play(with_jokers, cells=cells)
    for count in range(1, jokers + 1):
        yield _play([(JOKER, count)])
        if rules.joker_mode == "wild":
            for rank in range(RANK_COUNT):
                yield _play([(JOKER, count)], declared=rank)


def _sequences(rules: Rules, jokers: int) -> Iterator[Play | None]:
    """Every sequence of one suit, `sequence_min` cells or more, each cell a card or a joker naming it."""
    if not rules.sequences:
        return
    ends = rules.sequence_joker_ends
    first, last = (-1, RANK_COUNT) if ends else (0, RANK_COUNT - 1)
    for suit in range(4):
        for start in range(first, last + 1) if not rules.sequence_wraps else range(RANK_COUNT):
            longest = (last - start + 1) if not rules.sequence_wraps else RANK_COUNT
            for length in range(rules.sequence_min, longest + 1):
                ranks = [start + i if not rules.sequence_wraps else (start + i) % RANK_COUNT for i in range(length)]
                cells = [cell_of(rank, suit) for rank in ranks]
                forced = [i for i, rank in enumerate(ranks) if not 0 <= rank < RANK_COUNT]
                free = [i for i in range(length) if i not in forced]
                for count in range(len(forced), jokers + 1):
                    for named in itertools.combinations(free, count - len(forced)):
                        joker_at = set(named) | set(forced)
                        if len(joker_at) == length:
                            continue
                        cards = [(cell, 1) for i, cell in enumerate(cells) if i not in joker_at]
                        if joker_at:
                            cards.append((JOKER, len(joker_at)))
                        yield _play(cards, cells=tuple(cells[i] for i in sorted(joker_at)))


def _card_sets(most: int, jokers: int) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every set of 1 … `most` cards of one deck with `jokers` jokers, as a card group."""
    for size in range(1, most + 1):
        for count in range(min(size, jokers) + 1):
            for naturals in itertools.combinations(range(JOKER), size - count):
                yield tuple(sorted([(card, 1) for card in naturals] + ([(JOKER, count)] if count else [])))


class SuitedCodec:
    """The suit-aware action space of one `Rules` (see the module): its size, and the mapping both ways."""

    def __init__(self, rules: Rules) -> None:
        check_suited(rules)
        self.rules = rules
        jokers = rules.jokers_per_deck
        actions: list[Action] = [PASS]
        for play in itertools.chain(_groups(rules, jokers), _sequences(rules, jokers)):
            if play is not None:
                actions.append(play)
        self.choice_start = len(actions)
        actions += [Give(cards) for cards in _card_sets(choice_cards(rules), jokers)]
        # 7 give and 10 discard: the engine asks for the owed cards one at a time (one card kind each).
        if rules.seven_give:
            actions += [Give(cards) for cards in _card_sets(1, jokers)]
        if rules.ten_discard:
            actions += [Discard(cards) for cards in _card_sets(1, jokers)]
        self._index: dict[Hashable, int] = {}
        self.actions: list[Action] = []
        for action in actions:
            key = action_key(action)
            if key not in self._index:
                self._index[key] = len(self.actions)
                self.actions.append(action)
        self.size: Final = len(self.actions)
        self._known: dict[Action, int] = {}
        # Each card set's index (a give, or a take of the same cards) by its cards in card order, as the engine
        # lists the transfer's and the draft's choices: found by a tuple's hash, made in C, not an action's.
        self._card_sets: dict[CardGroup, int] = {}
        for index, action in enumerate(self.actions):
            if type(action) is Give:
                self._card_sets[tuple(sorted(action.cards))] = index

    def encode(self, action: Action) -> int:
        """The index of an engine action."""
        index = self._known.get(action)
        if index is None:
            index = self._index.get(action_key(action))
            if index is None:
                raise IllegalActionError(f"'{action}' has no index in this action space.")
            self._known[action] = index
        return index

    def decode(self, index: SupportsInt, state: State) -> Action:
        """The exact engine action of `index` (a `Take` of its cards in the draft's pick-up). Like `ActionCodec`'s,
        it is checked where it is made: the engine's `apply` refuses an action the seat cannot make, changing
        nothing (`mask` says which it can)."""
        index = int(index)
        if state.current_player is None:
            raise IllegalActionError("No one is to move.")
        if not 0 <= index < self.size:
            raise IllegalActionError(f"Action {index} is outside the action space (0 to {self.size - 1}).")
        action = self.actions[index]
        if isinstance(action, Give) and state.phase is Phase.DRAFT_PICK:
            return Take(action.cards)
        return action

    def mask(self, state: State) -> npt.NDArray[np.int8]:
        """1 for the index of every action the engine accepts now from the seat to move, else 0."""
        mask = np.zeros(self.size, dtype=np.int8)
        mask[list(self.legal_indices(state))] = 1
        return mask

    def legal_indices(self, state: State) -> Iterable[int]:
        if state.current_player is None:
            return ()
        if state.phase is not Phase.PLAY:
            # The transfer's or the draft's choices: gives or takes (never a discard, owed in play), dozens of them,
            # asked for as cards (no action made of each).
            card_sets = self._card_sets
            try:
                return [card_sets[cards] for cards in state.card_choices()]
            except KeyError:
                pass  # cards not in card order, or not in this space: `encode` sorts them, or refuses them
        return [self.encode(action) for action in state.legal_actions()]

    def describe(self, index: int) -> str:
        """The index in words: 'pass', '3H JK=4H 5H', 'cards 2C JK'."""
        action = self.actions[index]
        if isinstance(action, Give):
            return str(action).replace("give", "cards", 1)
        return str(action)


def suited_layout(players: int, owed: bool = False) -> tuple[tuple[str, int, str], ...]:
    """`observation_layout(players)` and the blocks of the suit-aware observation after it; with `owed` (7 give or
    10 discard in the rules) the blocks of the cards owed and given in play."""
    owed_blocks = (
        ("owed", 2, "the seat to move owes cards to give (7 give) / to discard (10 discard)"),
        ("owed_count", 1, "cards it still owes"),
        ("gave_in_play", CARD_KINDS, "cards this seat gave by 7 give this round"),
        ("received_in_play", CARD_KINDS, "cards this seat received by 7 give this round"),
    )
    return (
        *observation_layout(players),
        ("top_cards", CARD_KINDS, "the top play's cards: each natural card, and its jokers at 52"),
        ("top_stand_ins", STAND_IN_CELLS, "the cards its jokers stand for (52 cards, 4 below the 3, 4 above the 2)"),
        ("top_sequence", 1, "1 when the top play is a sequence"),
        ("lock", 4, "the suits the trick is locked to (clubs, diamonds, hearts, spades)"),
        ("number_locked", 1, "1 while the number lock holds"),
        ("turn_order", players, "turns from the viewer to each seat in the turn order (seat shuffle, 9 reverse)"),
        ("passes_in_a_row", 1, "passes in a row (pass_limit)"),
        *(owed_blocks if owed else ()),
    )


class SuitedObservationEncoder(ObservationEncoder):
    """`ObservationEncoder` with the suit-aware blocks (`suited_layout`)."""

    def __init__(self, rules: Rules, players: int) -> None:
        super().__init__(rules, players)
        self._base = self.size
        self._owed = rules.seven_give or rules.ten_discard
        self.layout = suited_layout(players, self._owed)
        self.slices = layout_slices(self.layout)
        self.size = sum(length for _, length, _ in self.layout)  # type: ignore[misc]

    def encode_base(self, state: State, seat: int) -> npt.NDArray[np.float32]:
        """`ObservationEncoder`'s blocks alone: the first `base_size` values of `encode`."""
        return super().encode(state, seat)

    @property
    def base_size(self) -> int:
        return int(self._base)

    def encode(self, state: State, seat: int) -> npt.NDArray[np.float32]:
        base = super().encode(state, seat)
        out = np.zeros(self.size, dtype=np.float32)
        out[: self._base] = base
        slices = self.slices
        trick = state.trick
        if trick:
            top = trick[-1][1]
            if top.sequence:  # the base block reads a group's rank: a sequence shows its first rank, if a card's
                top_rank = out[slices["top_rank"]]
                top_rank[:] = 0
                if top.rank is not None and 0 <= top.rank < RANK_COUNT:
                    top_rank[top.rank] = 1
            for card, count in top.cards:
                out[slices["top_cards"].start + card] += count
            for cell in top.stands_for:
                out[slices["top_stand_ins"].start + _cell_index(cell)] = 1
            out[slices["top_sequence"]] = top.sequence
        lock = state.lock
        out[slices["lock"]] = [lock >> suit & 1 for suit in range(4)]
        out[slices["number_locked"]] = state.number_locked
        players = self.players
        seating = state.seating or list(range(players))
        where = {s: i for i, s in enumerate(seating)}
        step = 1 if state.clockwise else -1
        out[slices["turn_order"]] = [((where[s] - where[seat]) * step) % players for s in self._orders[seat]]
        out[slices["passes_in_a_row"]] = state.passes_in_a_row
        if self._owed:
            self._encode_owed(state, seat, out)
        return out

    def _encode_owed(self, state: State, seat: int, out: npt.NDArray[np.float32]) -> None:
        """The cards owed now, and the 7 gives this seat made or received this round (the transfer's gives come
        before the round's first play; cards discarded face up are in `face_up`)."""
        slices = self.slices
        owed = state.owed
        if owed is not None:
            out[slices["owed"].start + (owed.kind != "give")] = 1
            out[slices["owed_count"]] = owed.count
        gave, received = slices["gave_in_play"].start, slices["received_in_play"].start
        playing = False
        for event in state.events:
            if event.kind == "play":
                playing = True
            elif event.kind == "give" and playing:
                payload: tuple[int, CardGroup] = event.payload  # type: ignore[assignment]
                receiver, cards = payload
                if seat in (event.seat, receiver):
                    for card, count in cards:
                        out[(gave if seat == event.seat else received) + card] += count


def _cell_index(cell: int) -> int:
    """A joker's cell in the `top_stand_ins` block: a card, or an end cell below the 3 / above the 2."""
    if cell < CARD_KINDS - 1:
        return cell
    return 52 + (cell - BELOW_THREE) if cell < ABOVE_TWO else 56 + (cell - ABOVE_TWO)
