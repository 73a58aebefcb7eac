"""Many whole matches of `bga`, `victorz`, `trump-jokers` or `college`, 4 players, stepped at once as arrays,
and a Gymnasium vector environment on them.

`VectorTables(n, rules)` (`BgaTables`) holds `n` tables, each playing a whole match: every round, with the
roles of the round before and the card transfer in the preset's order, and every rule of the preset (docs/envs.md
lists them: `bga`'s downfall and illegal finishes, `victorz`'s special 3, wild jokers and one fewer 2,
`trump-jokers`' trump jokers, passes out of the trick and credit, `college`'s equalize-or-pass and four in a
row), to the match's end. Hands are counts per rank (no rule of these presets lets a suit decide a trick; the
special 3 is followed by its holder). Each call to `step(actions)` makes one move at every table given, for that
table's seat to move — the batched self-play API: `current`, `legal_masks()`, `observe()` and the rewards
`step` returns cover every seat of every table. Actions are `president_v0`'s indices for the rules: 0 pass,
then the play shapes, then the card choices of the transfer (`ActionCodec(rules).describe(i)` names them). The
moves, masks and observations are compiled with numba (`vector_bga_kernels`); so are the deals, drawn exactly
as the engine draws them (`fast_deal`).

It plays exactly the engine's game: a table reset with seed `s` plays the engine's match
``new_game(rules, 4, s)``, and tests/envs play seeded matches through both (`vector_check`), comparing every
legal mask, every transition and every reward. It covers `PRESETS` with any `rounds` or `target_score`;
every other option value, preset (`college-draft`, the Daifugo presets) or player count is refused with a
`RulesError` naming it (`check_vector_rules`), never played differently.

`BgaVectorEnv(num_envs, rules)` is a `gymnasium.vector.VectorEnv`: seat 0 of each table learns, the other
seats play uniformly random legal moves; an episode is a match, paying the learner what each round earns it as
the round ends; sub-environments reset on the next step (autoreset ``NEXT_STEP``); `action_masks()` gives the
learner's masks.

>>> tables = BgaTables(3)
>>> tables.reset(seeds=[1, 2, 3])
>>> tables.legal_masks().shape, tables.observe().shape
((3, 225), (3, 138))
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from presidente.cards import parse_card
from presidente.envs import fast_deal
from presidente.envs import vector_bga_kernels as kernels
from presidente.envs.president_actions import JOKER_KIND, RANK_KINDS, ActionCodec, card_choices, choice_cards
from presidente.errors import IllegalActionError, RulesError
from presidente.president import find_preset
from presidente.president.actions import PRESIDENT_RANK
from presidente.president.rules import Rules

PLAYERS: Final = 4
BGA: Final = find_preset("bga")
# The presets the vectorized engine plays, with 4 players.
PRESETS: Final = ("bga", "victorz", "trump-jokers", "college")
# The options a table may change from its preset: when the match ends, and labels.
FREE_OPTIONS: Final = frozenset({"name", "turn_time", "rounds", "target_score", "role_titles"})
# Keys on the engine's scale (trick.py): a rank's strength doubled; jokers alone above every rank.
LONE_JOKER_KEY: Final = 26
TRUMP_KEY: Final = 28
# Roles, as in `ROLE_KEYS`: president, vice (Minister), neutral, high_scum (Peasant), scum (Beggar).
PRESIDENT, VICE, NEUTRAL, HIGH_SCUM, SCUM = range(5)
# The role of last round's place 1..4 with 4 players.
_ROLE_OF_PLACE = np.array([PRESIDENT, VICE, HIGH_SCUM, SCUM], dtype=np.int8)
# Card kind (0..52) -> rank kind (0..13).
_KIND_OF_CARD = np.array([*PRESIDENT_RANK[:52], JOKER_KIND], dtype=np.intp)
# Rank kinds from the strongest for the transfer (the joker above the 2), as the engine's `best_cards`.
_BEST_FIRST = np.array([JOKER_KIND, *range(12, -1, -1)], dtype=np.intp)
OBSERVATION_LAYOUT: Final = (
    ("hand", RANK_KINDS, "own cards per rank (3 ... 2, then jokers)"),
    ("played", RANK_KINDS, "cards played this round per rank"),
    ("face_up", RANK_KINDS, "cards discarded face up this round (the downfallen President's hand)"),
    ("gave", RANK_KINDS, "cards this seat gave in this round's transfer"),
    ("received", RANK_KINDS, "cards this seat received in this round's transfer"),
    ("hand_sizes", PLAYERS, "cards held by each seat, in order from the viewer"),
    ("finished", PLAYERS, "1 for seats that went out among the winners"),
    ("out", PLAYERS, "1 for seats ranked lowest this round (illegal finish, downfall)"),
    ("top_player", PLAYERS, "1 for the seat whose play is on top"),
    ("scores", PLAYERS, "match score of each seat (points, or credit)"),
    ("roles", 5 * PLAYERS, "role of each seat this round, one-hot: president, vice, neutral, high-scum, scum"),
    ("trick_size", 1, "cards per play in this trick (0: to be led)"),
    ("trick_plays", 1, "plays made in this trick"),
    ("top_rank", RANK_KINDS, "rank of the top play, one-hot (jokers alone last)"),
    ("top_naturals", 1, "natural cards in the top play"),
    ("top_jokers", 1, "jokers in the top play"),
    ("reversed", 1, "1 during a revolution"),
    ("transfer", 1, "1 while the card transfer is under way (the seat to move gives)"),
    ("round", 1, "round number"),
    ("passed", PLAYERS, "1 for seats out of this trick by passing (victorz's and trump-jokers' pass mode)"),
    ("obligation", 1, "1 when the seat to move must equalize or pass (college)"),
    ("run", 1, "cards of the top play's rank played in a row in this trick"),
    ("must_include", 1, "1 when this seat must lead the special 3 (victorz's first round)"),
)
OBSERVATION_SIZE: Final = sum(length for _name, length, _meaning in OBSERVATION_LAYOUT)


def check_vector_rules(rules: Rules) -> Rules:
    """`rules` if the vectorized engine plays them (one of `PRESETS`, only `FREE_OPTIONS` changed), else a
    `RulesError` naming the options it does not cover."""
    base = find_preset(rules.name) if rules.name in PRESETS else BGA
    other = [
        field.name
        for field in dataclasses.fields(base)
        if field.name not in FREE_OPTIONS and getattr(rules, field.name) != getattr(base, field.name)
    ]
    if other:
        raise RulesError(
            f"The vectorized engine plays the presets {', '.join(PRESETS)} (4 players) with any rounds or"
            f" target_score; against {base.name} it does not cover"
            f" {', '.join(f'{name}={getattr(rules, name)!r}' for name in other)} (use president_v0 for them)."
        )
    return rules


check_bga_rules = check_vector_rules


class Layout:
    """What the compiled moves read of one rules' action space and options: the play shapes, their keys, the
    shapes each trick accepts, the card choices, the rule flags and the points of each place."""

    def __init__(self, rules: Rules) -> None:
        codec = ActionCodec(rules)
        self.actions = codec.size  # pass, the play shapes, the card choices
        self.choice_start = codec.choice_start
        shapes = codec.shapes
        # Per play shape (index - 1): the rank kind its naturals take from (0 for jokers alone), naturals, jokers.
        self.s_rank = np.array([rank if rank is not None else 0 for rank, _n, _j in shapes], dtype=np.intp)
        self.s_naturals = np.array([n for _r, n, _j in shapes], dtype=np.int16)
        self.s_jokers = np.array([j for _r, _n, j in shapes], dtype=np.int16)
        self.s_size = self.s_naturals + self.s_jokers
        wild = rules.joker_mode == "wild"
        # Jokers alone: one shape per count (bga, trump), or per declared rank where they are wild (victorz).
        lone = (self.s_naturals == 0) & (not wild)
        self.s_lone = lone
        trump = rules.joker_mode == "trump"
        lone_key = TRUMP_KEY if trump else LONE_JOKER_KEY
        # [reversed][shape]
        self.s_key = np.array(
            [
                [lone_key if rank is None else 2 * (12 - rank if rev else rank) for rank, _n, _j in shapes]
                for rev in (0, 1)
            ],
            dtype=np.int16,
        )
        # Equal plays: bga's force-skip allows them (not a lone joker: "cannot be skipped"); disallow refuses.
        equal_allowed = rules.equalize != "disallow"
        # follows[reversed][trick size][top key + 1]: the shapes the rules accept on that trick (held or not); a
        # trick of size 0 is led, and any shape may lead it. Trump jokers follow any trick (seed 003: a trump
        # joker "wins any hand no matter the size of the set").
        sizes = int(self.s_size.max()) + 1
        self.follows = np.array(
            [
                [
                    [
                        np.ones(len(shapes), dtype=bool)
                        if size == 0
                        else ((size == self.s_size) | (trump & lone))
                        & ((self.s_key[rev] > top) | (equal_allowed & (self.s_key[rev] == top) & ~lone))
                        for top in range(-1, TRUMP_KEY + 1)
                    ]
                    for size in range(sizes)
                ]
                for rev in (0, 1)
            ]
        )
        # The transfer's card choices (index - choice_start) as counts per rank kind, and their sizes.
        self.choices = np.array(card_choices(choice_cards(rules)), dtype=np.int16)
        self.choice_sizes = self.choices.sum(axis=1)
        self.shape_table = (
            self.s_rank,
            self.s_naturals,
            self.s_jokers,
            self.follows,
            self.choices,
            self.choice_sizes,
            self.choice_start,
            self.s_lone,
        )
        flags = {
            "rounds": rules.rounds,
            "target_score": rules.target_score,
            # No play is that large where revolutions are off (victorz).
            "revolution_cards": rules.revolution_cards if rules.revolution != "off" else 99,
            "strict_revolution": rules.revolution == "strict",
            "trump": trump,
            "pass_out_of_trick": rules.pass_mode == "trick",
            "penalize_final_joker": rules.penalize_final_joker,
            "penalize_final_best": rules.penalize_final_best,
            "downfall": rules.downfall,
            "loser_first": rules.exchange_order == "loser-first",
            "credit": rules.scoring == "credit",
            "force_skip": rules.equalize == "force-skip",
            "or_pass": rules.equalize == "or-pass",
            "four_by_equalizing": rules.four_in_a_row == "by-equalizing",
            "best_rank_ends_trick": rules.best_rank_ends_trick,
            "revolution_scope_trick": rules.revolution_scope == "trick",
            "in_return": rules.exchange_order == "in-return",
            "first_trick_president": rules.first_trick == "president",
            "wild": wild,
            "one_fewer_two": rules.one_fewer_two,
            "equal_allowed": equal_allowed,
        }
        self.flags = tuple(int(flags[name]) for name in kernels.RULE_FIELDS)
        # What each place earns: a point per player beaten, or the credit change of the role it gives.
        if rules.scoring == "credit":
            changes = rules.credit_changes
            self.points = np.array([changes[PRESIDENT], changes[VICE], changes[HIGH_SCUM], changes[SCUM]], np.int32)
        else:
            self.points = np.arange(PLAYERS - 1, -1, -1, dtype=np.int32)
        self.start_score = rules.credit_start if rules.scoring == "credit" else 0
        # The deck, in the engine's order (`cards.deal` lists the pool), and which slice each position is in.
        jokers = rules.jokers_per_deck
        self.deck = list(range(52)) + [52] * jokers
        base, extra = divmod(len(self.deck), PLAYERS)
        sizes_dealt = [base + (1 if index < extra else 0) for index in range(PLAYERS)]
        self.slice_of_position = np.repeat(np.arange(PLAYERS), sizes_dealt)
        self.kind_of_card = _KIND_OF_CARD
        # Who gets the first slice of a later round's deal: the lowest ranked, left of the dealer (the Scum), or
        # the President.
        self.deal_extras = rules.deal_extras
        # The first round's leader: a random seat, or the holder of the special 3 (who must lead it).
        self.special_three = parse_card(rules.special_three) if rules.first_round_leader == "special-three" else -1


# The `bga` layout, named for the tests and the documentation.
_BGA_LAYOUT: Final = Layout(BGA)
ACTIONS: Final = _BGA_LAYOUT.actions
CHOICE_START: Final = _BGA_LAYOUT.choice_start
S_SIZE: Final = _BGA_LAYOUT.s_size


def best_cards(hands: npt.NDArray[np.int16], count: int) -> npt.NDArray[np.int16]:
    """(k, 14) the `count` strongest cards of each of `hands` (k, 14), the joker first, then 2, A, K ..."""
    ordered = hands[:, _BEST_FIRST]
    before = np.cumsum(ordered, axis=1) - ordered
    taken = np.clip(count - before, 0, ordered).astype(np.int16)
    out = np.zeros_like(hands)
    out[:, _BEST_FIRST] = taken
    return out


def deal_rounds(
    seeds: Sequence[int] | npt.NDArray[np.int64],
    round_numbers: Sequence[int] | npt.NDArray[np.int32],
    orders: npt.NDArray[np.intp],
    deck: Sequence[int] = tuple(range(53)),
    deal_extras: str = "lowest-first",
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.intp]]:
    """The deals of rounds `round_numbers` of 4-player matches of `PRESETS` from `seeds`, drawn exactly as the
    engine draws them (`State._deal_order` and `cards.deal`; tests/envs check them deal by deal), by compiled
    code (`fast_deal`): the first round's deal starts at a random seat, a later one at last round's last place
    and up the places (`orders[i]`, best first: the lowest ranked get the odd cards), or (`deal_extras`)
    `dealer-left` at the seat after last round's last place (the dealer), or `president-first` at last round's
    first; the `deck` (52 to 54 cards) is shuffled as a list and handed out in slices, the larger first. Returns
    the shuffled cards (deals, cards) and the seat each slice goes to (deals, 4)."""
    numbers = np.asarray(round_numbers)
    pairs = zip(np.asarray(seeds).tolist(), numbers.tolist(), strict=True)
    texts = [f"{seed}:round:{number}" for seed, number in pairs]
    first = numbers == 1
    decks, starts = fast_deal.shuffled(texts, first, deck, PLAYERS)
    orders = np.asarray(orders, dtype=np.intp).reshape(len(texts), PLAYERS)
    if deal_extras in ("dealer-left", "president-first"):
        # Seed 004: "The asshole deals": the deal starts on the dealer's left; seed 002: "Players are dealt
        # cards, starting with the President".
        later = (orders[:, -1] + 1) % PLAYERS if deal_extras == "dealer-left" else orders[:, 0]
        starts = np.where(first, starts, later)
        seats = (starts[:, None] + np.arange(PLAYERS)) % PLAYERS
    else:
        seats = np.where(first[:, None], (starts[:, None] + np.arange(PLAYERS)) % PLAYERS, orders[:, ::-1])
    return decks, seats.astype(np.intp)


def deal_round(
    seed: int,
    round_number: int,
    order: Sequence[int] | None,
    deck: Sequence[int] = tuple(range(53)),
    deal_extras: str = "lowest-first",
) -> tuple[list[int], list[int]]:
    """One deal of `deal_rounds` (`order` None for the first round): the shuffled cards and the seats."""
    orders = np.zeros((1, PLAYERS), dtype=np.intp) if order is None else np.array([order], dtype=np.intp)
    decks, seats = deal_rounds([seed], [1 if order is None else round_number], orders, deck, deal_extras)
    return decks[0].tolist(), seats[0].tolist()


def first_leaders(seeds: Sequence[int] | npt.NDArray[np.int64]) -> npt.NDArray[np.intp]:
    """Who leads the first round: a random seat (`State._first_leader` without roles, `bga`'s `random`)."""
    texts = [f"{seed}:round:1:leader" for seed in np.asarray(seeds).tolist()]
    return fast_deal.choices(texts, PLAYERS).astype(np.intp)


def first_leader(seed: int) -> int:
    """`first_leaders` of one seed (Python's own generator: one choice costs less than setting up compiled code)."""
    return random.Random(f"{seed}:round:1:leader").choice(range(PLAYERS))


class VectorTables:
    """`n` tables of one of `PRESETS`, 4 players, whole matches, stepped together (`rules`: a preset of
    `PRESETS` with its match end changed, see `check_vector_rules`; `bga` by default)."""

    def __init__(self, n: int, rules: Rules | None = None) -> None:
        self.rules = check_vector_rules(BGA if rules is None else rules)
        self.layout = layout = Layout(self.rules)
        self.actions = layout.actions
        self.n = n
        self.hands = np.zeros((n, PLAYERS, RANK_KINDS), dtype=np.int16)
        self.played = np.zeros((n, RANK_KINDS), dtype=np.int16)
        self.face_up = np.zeros((n, RANK_KINDS), dtype=np.int16)
        self.gave = np.zeros((n, PLAYERS, RANK_KINDS), dtype=np.int16)
        self.received = np.zeros((n, PLAYERS, RANK_KINDS), dtype=np.int16)
        self.sizes = np.zeros((n, PLAYERS), dtype=np.int16)
        self.active = np.zeros((n, PLAYERS), dtype=bool)
        # This round's place of each seat (0 = first) once settled, -1 before.
        self.place = np.full((n, PLAYERS), -1, dtype=np.int8)
        self.ranked_lowest = np.zeros((n, PLAYERS), dtype=bool)
        self.downfallen = np.full(n, -1, dtype=np.intp)
        self.winners = np.zeros(n, dtype=np.int8)
        self.lowest = np.zeros(n, dtype=np.int8)
        self.scores = np.zeros((n, PLAYERS), dtype=np.int32)
        self.round = np.zeros(n, dtype=np.int32)
        # Last round's seats by place (best first), and this round's role of each seat.
        self.order = np.zeros((n, PLAYERS), dtype=np.intp)
        self.role = np.full((n, PLAYERS), NEUTRAL, dtype=np.int8)
        self.president = np.full(n, -1, dtype=np.intp)
        self.transferring = np.zeros(n, dtype=bool)
        self.current = np.zeros(n, dtype=np.intp)
        self.trick_size = np.zeros(n, dtype=np.int16)
        self.trick_plays = np.zeros(n, dtype=np.int16)
        self.top_key = np.full(n, -1, dtype=np.int16)
        self.top_shape = np.full(n, -1, dtype=np.intp)
        self.last = np.full(n, -1, dtype=np.intp)
        self.reversed = np.zeros(n, dtype=bool)
        self.over = np.ones(n, dtype=bool)
        self.passed = np.zeros((n, PLAYERS), dtype=bool)
        self.obligation = np.zeros(n, dtype=bool)
        # The run of one rank in this trick (four in a row): its rank (-1: none), cards and plays.
        self.run_rank = np.full(n, -1, dtype=np.intp)
        self.run_count = np.zeros(n, dtype=np.int16)
        self.run_plays = np.zeros(n, dtype=np.int16)
        self.must_include = np.zeros(n, dtype=bool)
        self.seeds = np.zeros(n, dtype=np.int64)
        self._rows = np.arange(n)
        # Moves made at all tables since they were made (for measurements).
        self.moves = 0
        # The legal masks, kept until a table changes; what each seat earned in the last `step`.
        self._masks = np.zeros((n, layout.actions), dtype=bool)
        self._fresh = np.zeros(n, dtype=bool)
        self._earned = np.zeros((n, PLAYERS), dtype=np.float32)
        self._deal_next = np.zeros(n, dtype=bool)
        # Every array the compiled moves change, in the order `vector_bga_kernels` reads them.
        self._arrays = (
            self.hands,
            self.played,
            self.face_up,
            self.gave,
            self.received,
            self.sizes,
            self.active,
            self.place,
            self.ranked_lowest,
            self.downfallen,
            self.winners,
            self.lowest,
            self.scores,
            self.round,
            self.order,
            self.president,
            self.transferring,
            self.current,
            self.trick_size,
            self.trick_plays,
            self.top_key,
            self.top_shape,
            self.last,
            self.reversed,
            self.over,
            self.role,
            self.passed,
            self.obligation,
            self.run_rank,
            self.run_count,
            self.run_plays,
            self.must_include,
        )

    # ------------------------------------------------------------- set-up

    def reset(self, seeds: Sequence[int] | npt.NDArray[np.int64], tables: npt.NDArray[np.intp] | None = None) -> None:
        """Start a new match at `tables` (all by default), table `tables[i]` from match seed `seeds[i]`."""
        where = self._rows if tables is None else np.asarray(tables, dtype=np.intp)
        self.seeds[where] = np.asarray(seeds, dtype=np.int64)
        self.scores[where] = self.layout.start_score
        self.round[where] = 0
        self.over[where] = False
        self._start_round(where)

    def _start_round(self, tables: npt.NDArray[np.intp]) -> None:
        """Deal the next round at `tables`; from the second round on, roles and the transfer."""
        count = len(tables)
        self.round[tables] += 1
        first = self.round[tables] == 1
        layout = self.layout
        decks, owners = deal_rounds(
            self.seeds[tables], self.round[tables], self.order[tables], layout.deck, layout.deal_extras
        )
        seat = owners[:, layout.slice_of_position]
        cells = (np.arange(count)[:, None] * PLAYERS + seat) * RANK_KINDS + _KIND_OF_CARD[decks]
        by_rank = np.bincount(cells.ravel(), minlength=count * PLAYERS * RANK_KINDS)
        by_rank = by_rank.reshape(count, PLAYERS, RANK_KINDS).astype(np.int16)
        self.hands[tables] = by_rank
        self.sizes[tables] = by_rank.sum(axis=2)
        for array in (self.played, self.face_up, self.gave, self.received, self.ranked_lowest):
            array[tables] = 0
        self.active[tables] = True
        self.place[tables] = -1
        self.downfallen[tables] = -1
        self.winners[tables] = 0
        self.lowest[tables] = 0
        self.reversed[tables] = False
        self.must_include[tables] = False
        self._fresh[tables] = False
        opening, later = tables[first], tables[~first]
        if len(opening):
            self.role[opening] = NEUTRAL
            self.president[opening] = -1
            self.transferring[opening] = False
            if layout.special_three >= 0:
                # Seed 002: "the player with the special 3 starts (but must play that card)"; every card is dealt,
                # so someone holds it.
                holders = seat[np.arange(count), (decks == layout.special_three).argmax(axis=1)]
                leaders = holders[first]
                self.must_include[opening] = True
            else:
                leaders = first_leaders(self.seeds[opening])
            self._new_trick(opening, leaders)
        if len(later):
            order = self.order[later]
            roles = np.empty((len(later), PLAYERS), dtype=np.int8)
            roles[np.arange(len(later))[:, None], order] = _ROLE_OF_PLACE
            self.role[later] = roles
            self.president[later] = order[:, 0]
            self.transferring[later] = True
            if layout.flags[kernels.RULE_FIELDS.index("loser_first")]:
                # Seed 002's order: the Beggar and the Peasant give their best cards first; then the President
                # and the Minister choose theirs. (Winner-first: both choose, then all cards change hands.)
                for winner, loser, wanted in ((order[:, 0], order[:, 3], 2), (order[:, 1], order[:, 2], 1)):
                    back = best_cards(self.hands[later, loser], wanted)
                    self.hands[later, loser] -= back
                    self.hands[later, winner] += back
                    self.gave[later, loser] = back
                    self.received[later, winner] = back
                self.sizes[later] = self.hands[later].sum(axis=2)
            self._new_trick(later, order[:, 0])

    def _new_trick(self, tables: npt.NDArray[np.intp], leaders: npt.NDArray[np.intp]) -> None:
        self.trick_size[tables] = 0
        self.trick_plays[tables] = 0
        self.top_key[tables] = -1
        self.top_shape[tables] = -1
        self.last[tables] = -1
        self.passed[tables] = False
        self.obligation[tables] = False
        self.run_rank[tables] = -1
        self.run_count[tables] = 0
        self.run_plays[tables] = 0
        self.current[tables] = leaders

    # ------------------------------------------------------------- what the seat to move may do and sees

    def legal_masks(self, tables: npt.NDArray[np.intp] | None = None) -> npt.NDArray[np.bool_]:
        """(tables, actions) masks of the seat to move: the engine's legality, by shape and card choice (all false
        when the match is over)."""
        where = self._rows if tables is None else tables
        stale = where[~self._fresh[where]]
        if len(stale):
            masks = np.empty((len(stale), self.actions), dtype=bool)
            layout = self.layout
            kernels.masks_of(stale, self._arrays, masks, layout.shape_table, layout.s_key, layout.flags)
            self._masks[stale] = masks
            self._fresh[stale] = True
        return self._masks[where]

    def observe(
        self, tables: npt.NDArray[np.intp] | None = None, viewers: npt.NDArray[np.intp] | None = None
    ) -> npt.NDArray[np.float32]:
        """(tables, 138) observations (`OBSERVATION_LAYOUT`) of `viewers` (by default each table's seat to
        move): its own hand and gives, and the public table, seats in order from it."""
        where = self._rows if tables is None else tables
        viewer = self.current[where] if viewers is None else np.asarray(viewers, dtype=np.intp)
        out = np.empty((len(where), OBSERVATION_SIZE), dtype=np.float32)
        kernels.observe_tables(where, viewer, self._arrays, self.layout.shape_table, out)
        return out

    def random_actions(
        self, rng: np.random.Generator, tables: npt.NDArray[np.intp] | None = None
    ) -> npt.NDArray[np.intp]:
        """A uniformly random legal action at each of `tables` (all by default; 0 where the match is over)."""
        masks = self.legal_masks(tables)
        out = np.empty(len(masks), dtype=np.intp)
        kernels.sample_legal(masks, rng.random(len(masks)), out)
        return out

    # ------------------------------------------------------------- moves

    def step(self, actions: npt.ArrayLike, tables: npt.NDArray[np.intp] | None = None) -> npt.NDArray[np.float32]:
        """One move at each of `tables` (all by default) for its seat to move; returns (tables, 4) rewards:
        the points each seat earns (a point per player beaten) at the tables whose round this move ended.
        Raises `IllegalActionError`, changing nothing, if any action is outside its table's mask."""
        where = self._rows if tables is None else np.asarray(tables, dtype=np.intp)
        action = np.asarray(actions, dtype=np.intp)
        legal = self.legal_masks(where)
        if action.shape != where.shape or not np.all((action >= 0) & (action < self.actions)):
            raise IllegalActionError(f"Give one action from 0 to {self.actions - 1} per table.")
        refused = ~legal[np.arange(len(where)), action]
        if refused.any():
            bad = where[refused]
            raise IllegalActionError(f"Actions not legal at tables {bad[:10].tolist()}: see legal_masks().")
        self.moves += len(where)
        self._fresh[where] = False
        layout = self.layout
        kernels.step_tables(
            where,
            action,
            self._arrays,
            layout.shape_table,
            layout.s_key,
            self._earned,
            self._deal_next,
            layout.flags,
            layout.points,
        )
        dealing = where[self._deal_next[where]]
        if len(dealing):
            self._deal_next[dealing] = False
            self._start_round(dealing)
        return self._earned[where].copy()


BgaTables = VectorTables


class BgaVectorEnv(VectorEnv[npt.NDArray[np.float32], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """`num_envs` tables of one of `PRESETS` (`rules`: see `check_vector_rules`); seat 0 learns, the
    other seats play uniformly random legal moves. An episode is a match; each round pays the learner what it
    earned (points, or the credit change) as it ends.

    `reset(seed=s)` deals table `i` from match seed ``s + i``; later matches take seeds drawn from a
    generator seeded by `s`, as do the random seats, so a seed and the learner's actions replay exactly."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 - Gymnasium's attribute

    def __init__(self, num_envs: int = 64, rules: Rules | None = None) -> None:
        self.num_envs = num_envs
        self.tables = VectorTables(num_envs, rules)
        actions = self.tables.actions
        self.single_observation_space = spaces.Box(-1e6, 1e6, (OBSERVATION_SIZE,), np.float32)
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = spaces.Box(-1e6, 1e6, (num_envs, OBSERVATION_SIZE), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, actions))
        self._rng = np.random.default_rng()
        self._finished = np.zeros(num_envs, dtype=bool)
        self._masks = np.zeros((num_envs, actions), dtype=bool)
        self._all = np.arange(num_envs)

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        base = seed if isinstance(seed, int) else None
        self._rng = np.random.default_rng(base)
        first = base if base is not None else int(self._rng.integers(2**62))
        self.tables.reset(np.arange(first, first + self.num_envs, dtype=np.int64))
        self._finished[:] = False
        self._play_others(np.arange(self.num_envs))
        return self._observe()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        action = np.asarray(actions, dtype=np.intp)
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        restarting = np.flatnonzero(self._finished)
        moving = np.flatnonzero(~self._finished)
        if len(restarting):
            self.tables.reset(self._rng.integers(2**62, size=len(restarting)), restarting)
            self._finished[restarting] = False
        if len(moving):
            rewards[moving] += self.tables.step(action[moving], moving)[:, 0]
        rewards += self._play_others(self._all)
        terminated = self.tables.over.copy()
        terminated[restarting] = False
        self._finished = terminated.copy()
        observations, info = self._observe()
        return observations, rewards, terminated, np.zeros(self.num_envs, dtype=bool), info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """(num_envs, actions): the learner's legal actions at each table."""
        return self._masks.copy()

    def random_actions(self, rng: np.random.Generator) -> npt.NDArray[np.intp]:
        """A uniformly random legal action for the learner at each table (0 where it has none)."""
        out = np.empty(self.num_envs, dtype=np.intp)
        kernels.sample_legal(self._masks, rng.random(self.num_envs), out)
        return out

    def _play_others(self, tables: npt.NDArray[np.intp]) -> npt.NDArray[np.float32]:
        """Random moves for the other seats until seat 0 is to move or the match is over; what seat 0 earned
        meanwhile, per table."""
        t = self.tables
        earned = np.zeros(self.num_envs, dtype=np.float32)
        waiting = tables
        while True:
            waiting = waiting[(t.current[waiting] != 0) & ~t.over[waiting]]
            if not len(waiting):
                return earned
            earned[waiting] += t.step(t.random_actions(self._rng, waiting), waiting)[:, 0]

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        self._masks = self.tables.legal_masks().copy()
        self._masks[self.tables.over] = False
        learner = np.zeros(self.num_envs, dtype=np.intp)
        return self.tables.observe(viewers=learner), {"action_mask": self._masks.copy()}
