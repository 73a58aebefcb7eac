"""The fixed, discrete action space of a President table, and its exact mapping to and from engine actions.

An index names one *shape* of move; suits are chosen the canonical way, since no President rule of the
engine lets a suit decide a trick (see docs/envs.md):

- index 0: pass;
- then one index per play shape: natural cards of one rank with a number of naturals and of jokers
  (ranks weakest first, 3 ... 2), then jokers alone (one index per declared rank where jokers are wild,
  one per count otherwise);
- then one index per multiset of 1 to `choice_cards` cards counted by rank (13 ranks and the joker), for
  the card transfer (give), the draft's put-down (give) and the draft's pick-up (take).

`ActionCodec(rules).encode(action)` maps any engine action to its index (many suit variants share one);
`decode(index, state)` gives the engine action for the seat to move: the special 3 first when the first lead
must include it, then the lowest suits for a play; the highest suits first for a give or a take, the order
in which the engine's own forced gives hand cards over. `mask(state)` marks exactly the indices whose
decoded action the engine accepts now.

>>> from presidente.president import find_preset, new_game
>>> codec = ActionCodec(find_preset("bga"))
>>> codec.size, codec.describe(0), codec.describe(1)
(225, 'pass', 'play one 3')
>>> state = new_game(find_preset("bga"), players=4, seed=3)
>>> all(codec.encode(codec.decode(i, state)) == i for i in codec.legal_indices(state))
True
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Sequence
from typing import Final, SupportsInt

import numpy as np
import numpy.typing as npt

from presidente.cards import JOKER, CardGroup
from presidente.errors import IllegalActionError, RulesError
from presidente.president.actions import (
    PASS,
    PRESIDENT_RANK,
    RANK_NAMES,
    THREE,
    Action,
    Give,
    Pass,
    Play,
    Take,
    cards_of_rank,
)
from presidente.president.rules import Rules
from presidente.president.state import Phase, State

# The environments support at most this many decks: the action space grows with the decks (4 naturals of a
# rank per deck), and a play's shape must be listable. Seed 002's 2**51 decks need another encoding.
MAX_ENV_DECKS = 4
# The options the action space and the observation express: the seeds' options. Any other option (the
# Daifugo options of issue 12 and whatever is added later) is refused unless it keeps its default (off):
# seven_give and ten_discard add in-play Give/Discard moves; spade_three_return and suit_lock make a play's
# suits decide the trick; jack_back, eight_cut, five_skip and nine_reverse put effects in force that the
# observation does not show. `suited_actions` gives the environments a suit-aware space and observation for
# them (docs/envs.md).
COVERED_OPTIONS: Final = frozenset(
    [
        "name",
        "turn_time",
        "decks",
        "jokers_per_deck",
        "keep_jokers",
        "must_give_lowest",
        "revolution",
        "revolution_ends_trick",
        "one_fewer_two",
        "pass_mode",
        "equalize",
        "equalize_ends_trick_by_scum",
        "equalize_ends_trick_by_non_scum",
        "first_equalize_only_by_scum",
        "four_in_a_row",
        "eight_rule",
        "penalize_final_two",
        "penalize_final_joker",
        "first_trick",
        "first_round_leader",
        "special_three",
        "deal_extras",
        "joker_mode",
        "min_players",
        "max_players",
        "two_player_hand",
        "top_roles_min_players",
        "vice_roles_min_players",
        "role_titles",
        "exchange",
        "exchange_order",
        "top_exchange_cards",
        "vice_exchange_cards",
        "draft_cards",
        "revolution_cards",
        "revolution_scope",
        "best_rank_ends_trick",
        "no_equal_best",
        "penalize_final_best",
        "penalize_final_eight",
        "downfall",
        "scoring",
        "target_score",
        "credit_start",
        "credit_changes",
        "rounds",
    ]
)
# Rank kinds of the card-choice block: the 13 President ranks, then the joker.
RANK_KINDS = 14
JOKER_KIND = 13
JOKERS_ALONE = None
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")

# A play shape: (rank or None for jokers alone without a declared rank, naturals, jokers).
Shape = tuple[int | None, int, int]


def _words(count: int) -> str:
    return _NUMBER_WORDS[count] if count < len(_NUMBER_WORDS) else str(count)


def _kind_name(kind: int) -> str:
    return "JK" if kind == JOKER_KIND else RANK_NAMES[kind]


def choice_cards(rules: Rules) -> int:
    """The most cards one give or take can hold under `rules` (0 when there is no transfer or draft)."""
    if rules.exchange == "trade":
        return max(rules.top_exchange_cards, rules.vice_exchange_cards)
    if rules.exchange == "draft":
        return rules.draft_cards
    return 0


def play_shapes(rules: Rules) -> tuple[Shape, ...]:
    """Every shape a play can take under `rules`, in index order."""
    naturals_max = 4 * rules.decks
    jokers_max = rules.jokers_per_deck * rules.decks
    # Trump jokers are played on their own; otherwise jokers may join natural cards.
    joining = 0 if rules.joker_mode == "trump" else jokers_max
    shapes: list[Shape] = [
        (rank, naturals, jokers)
        for rank in range(13)
        for naturals in range(1, naturals_max + 1)
        for jokers in range(joining + 1)
    ]
    if rules.joker_mode == "wild":
        shapes += [(rank, 0, jokers) for rank in range(13) for jokers in range(1, jokers_max + 1)]
    else:
        shapes += [(JOKERS_ALONE, 0, jokers) for jokers in range(1, jokers_max + 1)]
    return tuple(shapes)


def card_choices(most: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of 1 to `most` rank kinds, as counts per kind, by size and then in lexical order."""
    choices: list[tuple[int, ...]] = []
    for size in range(1, most + 1):
        for kinds in itertools.combinations_with_replacement(range(RANK_KINDS), size):
            counts = [0] * RANK_KINDS
            for kind in kinds:
                counts[kind] += 1
            choices.append(tuple(counts))
    return tuple(choices)


_FIRST_CARDS = tuple(cards_of_rank(rank)[0] for rank in range(13))


def rank_counts(hand: Sequence[int]) -> list[int]:
    """A hand of counts per card kind as counts per rank kind (13 ranks, then jokers)."""
    counts = [hand[first] + hand[first + 1] + hand[first + 2] + hand[first + 3] for first in _FIRST_CARDS]
    counts.append(hand[JOKER])
    return counts


def uncovered_options(rules: Rules) -> list[str]:
    """The options of `rules` set away from their defaults that the environments do not express."""
    return [
        field.name
        for field in dataclasses.fields(rules)
        if field.name not in COVERED_OPTIONS and getattr(rules, field.name) != field.default
    ]


def check_covered(rules: Rules) -> None:
    """Raise a `RulesError` naming the options of `rules` the environments do not express (see
    `COVERED_OPTIONS`), rather than play a game whose moves or effects the encodings would mis-map."""
    uncovered = uncovered_options(rules)
    if uncovered:
        raise RulesError(
            f"The environments do not cover the option(s) {', '.join(uncovered)}: their moves or effects"
            " (in-play gives and discards, suits that decide a trick, effects in force) have no place in the"
            " action space or the observation; docs/envs.md lists what is covered."
        )


class ActionCodec:
    """The action space of one `Rules`: its size, and the mapping both ways."""

    def __init__(self, rules: Rules) -> None:
        check_covered(rules)
        if rules.decks > MAX_ENV_DECKS:
            raise RulesError(
                f"The environments play with at most {MAX_ENV_DECKS} decks (the action space lists every play"
                f" shape), not {rules.decks}."
            )
        self.rules = rules
        self.shapes = play_shapes(rules)
        self.choices = card_choices(choice_cards(rules))
        self.play_start = 1
        self.choice_start = 1 + len(self.shapes)
        self.size: Final = self.choice_start + len(self.choices)
        self._shape_index = {shape: self.play_start + i for i, shape in enumerate(self.shapes)}
        self._choice_index = {choice: self.choice_start + i for i, choice in enumerate(self.choices)}
        self._choice_array = np.array(self.choices, dtype=np.int64).reshape(len(self.choices), RANK_KINDS)
        self._choice_sizes = self._choice_array.sum(axis=1)
        self._wild = rules.joker_mode == "wild"
        self._play_indices: dict[Action, int] = {}

    # ------------------------------------------------------------- engine action -> index

    def encode(self, action: Action) -> int:
        """The index of an engine action (every suit variant of one shape has the same index)."""
        if isinstance(action, Pass):
            return 0
        if isinstance(action, Play):
            rank = action.rank if (action.naturals or self._wild) else JOKERS_ALONE
            shape = (rank, action.naturals, action.jokers)
            if shape not in self._shape_index:
                raise IllegalActionError(f"'{action}' has no index in this action space.")
            return self._shape_index[shape]
        if isinstance(action, Give | Take):
            counts = [0] * RANK_KINDS
            for card, count in action.cards:
                counts[JOKER_KIND if card == JOKER else PRESIDENT_RANK[card]] += count
            choice = tuple(counts)
            if choice not in self._choice_index:
                raise IllegalActionError(f"'{action}' has no index in this action space.")
            return self._choice_index[choice]
        raise IllegalActionError(f"'{action}' is a table action, not a move of this action space.")

    # ------------------------------------------------------------- index -> engine action

    def decode(self, index: SupportsInt, state: State) -> Action:
        """The engine action that `index` stands for, for the seat to move in `state`; raises an
        `IllegalActionError` when the seat cannot make it (use `mask` to know which it can)."""
        index = int(index)
        seat = state.current_player
        if seat is None:
            raise IllegalActionError("No one is to move.")
        if not 0 <= index < self.size:
            raise IllegalActionError(f"Action {index} is outside the action space (0 to {self.size - 1}).")
        hand = state.hands[seat]
        if index == 0:
            return PASS
        if index < self.choice_start:
            rank, naturals, jokers = self.shapes[index - self.play_start]
            cards: list[tuple[int, int]] = []
            if naturals:
                assert rank is not None
                cards += _lowest_suits(hand, rank, naturals, state.must_include)
            if jokers:
                if hand[JOKER] < jokers:
                    raise IllegalActionError(f"You hold {hand[JOKER]} jokers, not {jokers}.")
                cards.append((JOKER, jokers))
            declared = rank if not naturals and self._wild else None
            return Play(tuple(sorted(cards)), declared)
        counts = self.choices[index - self.choice_start]
        if state.phase is Phase.DRAFT_PICK:
            return Take(_highest_suits(state.draft_pool, counts))
        return Give(_highest_suits(hand, counts))

    # ------------------------------------------------------------- legal indices

    def mask(self, state: State) -> npt.NDArray[np.int8]:
        """1 for every index whose action the engine accepts now from the seat to move, else 0."""
        mask = np.zeros(self.size, dtype=np.int8)
        mask[list(self.legal_indices(state))] = 1
        return mask

    def legal_indices(self, state: State) -> Iterable[int]:
        seat = state.current_player
        if seat is None:
            return ()
        phase = state.phase
        if phase is Phase.PLAY:
            if self.rules.decks == 1:
                return self._listed_plays(state)
            return self.legal_plays_by_shape(state)
        if phase is Phase.DRAFT_PICK:
            pool, count = state.draft_pool, min(self.rules.draft_cards, sum(state.draft_pool))
            return self._legal_choices(rank_counts(pool), count)
        if phase is Phase.EXCHANGE:
            wanted = state.transfers[0].count
        elif phase is Phase.DRAFT_PLACE:
            wanted = self.rules.draft_cards
        else:
            return ()
        return self._legal_choices(rank_counts(state.hands[seat]), min(wanted, state.sizes[seat]))

    def _legal_choices(self, held: list[int], count: int) -> list[int]:
        fits = (self._choice_sizes == count) & np.all(self._choice_array <= np.array(held), axis=1)
        return [self.choice_start + int(i) for i in np.flatnonzero(fits)]

    def _listed_plays(self, state: State) -> set[int]:
        """The indices of the engine's own list of legal plays: with one deck it is short and built from
        prebuilt plays, and each play's index is looked up once and kept."""
        known = self._play_indices
        indices = set()
        for action in state.legal_actions():
            index = known.get(action)
            if index is None:
                index = known[action] = self.encode(action)
            indices.add(index)
        return indices

    def legal_plays_by_shape(self, state: State) -> list[int]:
        """The play shapes the engine's one legality predicate (`State.shape_error`) accepts, for a hand that
        holds them; the canonical suits always include the special 3 when the lead must. Used where the
        engine's list of plays would be long (several decks); tests check it against that list."""
        seat = state.current_player
        assert seat is not None
        held = rank_counts(state.hands[seat])
        legal = [0] if state.trick_size else []
        wanted = state.trick_size
        trump = self.rules.joker_mode == "trump"
        jokers_held = held[JOKER_KIND]
        shape_error = state.shape_error
        for index, (rank, naturals, jokers) in enumerate(self.shapes, self.play_start):
            if jokers > jokers_held or (naturals and held[rank] < naturals):  # type: ignore[index]
                continue
            size = naturals + jokers
            # Other sizes never follow (the predicate refuses them); skipping them only saves its calls.
            if wanted and size != wanted and size != wanted - 1 and not (trump and not naturals):
                continue
            if shape_error(rank, size, jokers) is None:
                legal.append(index)
        return legal

    def describe(self, index: int) -> str:
        """The index in words: 'pass', 'play two 7 and one JK', 'cards 3 3 JK'."""
        if index == 0:
            return "pass"
        if index < self.choice_start:
            rank, naturals, jokers = self.shapes[index - self.play_start]
            parts = []
            if naturals:
                assert rank is not None
                parts.append(f"{_words(naturals)} {RANK_NAMES[rank]}")
            if jokers:
                parts.append(
                    f"{_words(jokers)} JK" + (f" as {RANK_NAMES[rank]}" if rank is not None and not naturals else "")
                )
            return "play " + " and ".join(parts)
        counts = self.choices[index - self.choice_start]
        return "cards " + " ".join(_kind_name(kind) for kind in range(RANK_KINDS) for _ in range(counts[kind]))


def _lowest_suits(hand: Sequence[int], rank: int, naturals: int, must_include: int | None) -> list[tuple[int, int]]:
    """`naturals` cards of `rank` from the hand: the special 3 first when the lead must include it, then
    clubs, diamonds, hearts, spades."""
    suits = cards_of_rank(rank)
    first = must_include if rank == THREE and must_include in suits and hand[must_include] else None
    left = naturals if first is None else naturals - 1
    cards: list[tuple[int, int]] = []
    for card in suits:
        kept = card == first
        extra = min(hand[card] - kept, left)
        left -= extra
        if extra or kept:
            cards.append((card, extra + kept))
    if left:
        raise IllegalActionError(f"You hold fewer than {naturals} {RANK_NAMES[rank]}.")
    return cards


def _highest_suits(pile: Sequence[int], counts: Sequence[int]) -> CardGroup:
    """The cards counted by rank kind in `counts`, spades first within a rank (as the engine's forced gives)."""
    cards: list[tuple[int, int]] = []
    for kind, wanted in enumerate(counts):
        if not wanted:
            continue
        if kind == JOKER_KIND:
            if pile[JOKER] < wanted:
                raise IllegalActionError(f"There are {pile[JOKER]} jokers to choose from, not {wanted}.")
            cards.append((JOKER, wanted))
            continue
        left = wanted
        for card in reversed(cards_of_rank(kind)):
            taken = min(pile[card], left)
            if taken:
                cards.append((card, taken))
                left -= taken
        if left:
            raise IllegalActionError(f"There are fewer than {wanted} {RANK_NAMES[kind]} to choose from.")
    return tuple(sorted(cards))
