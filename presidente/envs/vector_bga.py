"""Many whole matches of `bga`, `victorz`, `trump-jokers` or `college` (4 players by default, 3 to 8), stepped at
once as arrays, and a Gymnasium vector environment on them.

`VectorTables(n, rules, players)` (`BgaTables`) holds `n` tables, each playing a whole match: every round, with the
roles of the round before and the card transfer in the preset's order, and every rule of the preset (docs/envs.md
lists them: `bga`'s downfall and illegal finishes, `victorz`'s special 3, wild jokers and one fewer 2,
`trump-jokers`' trump jokers, passes out of the trick and credit, `college`'s equalize-or-pass and four in a
row), to the match's end. Its observation shows hands per rank (no rule of these presets lets a suit decide a
trick). Each call to `step(actions)` makes one move at every table given, for that
table's seat to move — the batched self-play API: `current`, `legal_masks()`, `observe()` and the rewards
`step` returns cover every seat of every table. Actions are `president_v0`'s indices for the rules: 0 pass,
then the play shapes, then the card choices of the transfer (`ActionCodec(rules).describe(i)` names them). Each
table is a board of the one compiled rules kernel (`table_kernel`, which `compiled_table` plays too), stepped by
compiled loops over the tables (`vector_loops`); the deals are drawn exactly as the engine draws them
(`fast_deal`).

It plays exactly the engine's game: a table reset with seed `s` plays the engine's match
``new_game(rules, 4, s)``, and tests/envs play seeded matches through both (`vector_check`), comparing every
legal mask, every transition and every reward. It covers `PRESETS` at 4 players with any `rounds` or
`target_score`, 1 to 4 decks of 0 to 2 jokers, and the option values the kernel reads (`KERNEL_VALUES`) but the
draft; every other option value, preset (`college-draft`, the Daifugo presets) or player count is refused with a
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

from presidente.cards import full_deck, parse_card
from presidente.envs import fast_deal
from presidente.envs import table_kernel as kernel
from presidente.envs import vector_loops as loops
from presidente.envs.president_actions import RANK_KINDS, ActionCodec, card_choices, choice_cards
from presidente.envs.vector_loops import OBSERVATION_LAYOUT, OBSERVATION_SIZE
from presidente.errors import IllegalActionError, RulesError
from presidente.president import find_preset
from presidente.president.roles import assign_roles, score_round
from presidente.president.rules import ROLE_KEYS, Rules

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
__all__ = ["OBSERVATION_LAYOUT", "OBSERVATION_SIZE"]


# What a table may change from its preset and still play on the kernel: the match's end and labels, the player
# limits, and the pack: 1 to 4 decks (the action space's limit), 0 to 2 jokers per deck.
TABLE_OPTIONS: Final = FREE_OPTIONS | {"decks", "jokers_per_deck", "min_players", "max_players"}
# The other options whose values the kernel's rule flags and numbers express, whatever the preset: each the values
# it plays (None: every value). Every option not named here keeps its preset's value.
KERNEL_VALUES: Final[dict[str, frozenset[object] | None]] = {
    "joker_mode": None,
    "revolution": frozenset({"off", "strict", "jokers"}),
    "revolution_cards": None,
    "revolution_scope": None,
    "one_fewer_two": None,
    "pass_mode": frozenset({"turn", "trick"}),
    "equalize": frozenset({"disallow", "allow", "or-pass", "force-skip"}),
    "four_in_a_row": frozenset({"off", "by-equalizing"}),
    "best_rank_ends_trick": None,
    "penalize_final_joker": None,
    "penalize_final_best": None,
    "downfall": None,
    "first_trick": frozenset({"scum", "president"}),
    "first_round_leader": None,
    "special_three": None,
    "deal_extras": None,
    "top_roles_min_players": None,
    "vice_roles_min_players": None,
    "exchange": None,
    "exchange_order": None,
    "top_exchange_cards": None,
    "vice_exchange_cards": None,
    "draft_cards": None,
    "scoring": None,
    "credit_start": None,
    "credit_changes": None,
}


def kernel_gaps(rules: Rules, presets: Sequence[str]) -> list[str]:
    """What of `rules` the kernel does not play ("name=value" each), taking its preset among `presets` (else
    `bga`) as the base: options changed from it beyond `TABLE_OPTIONS` and the values of `KERNEL_VALUES`."""
    base = find_preset(rules.name) if rules.name in presets else BGA
    gaps = []
    for field in dataclasses.fields(base):
        name, value = field.name, getattr(rules, field.name)
        if name in TABLE_OPTIONS or value == getattr(base, name):
            continue
        values = KERNEL_VALUES.get(name, frozenset())
        if values is None or value in values:
            continue
        gaps.append(f"{name}={value!r}")
    # The best rank that may not be equalled (seed 003) is read only where equal plays are refused anyway, and an
    # obligation to equalize ignores the one-fewer move's key.
    if rules.no_equal_best and rules.equalize != "disallow":
        gaps.append("no_equal_best=True with equal plays")
    if rules.one_fewer_two and rules.equalize == "or-pass":
        gaps.append("one_fewer_two=True with equalize='or-pass'")
    return gaps


def check_vector_rules(rules: Rules, players: int = PLAYERS) -> Rules:
    """`rules` if the vectorized engine plays them at `players` seats (3 to 8, where the roles exist; `kernel_gaps`
    of `PRESETS` empty, no draft), else a `RulesError` naming the options it does not cover."""
    rules.check_players(players)
    gaps = kernel_gaps(rules, PRESETS)
    if rules.exchange == "draft":
        gaps.append("exchange='draft'")
    if not 3 <= players <= kernel.MAX_PLAYERS:
        gaps.append(f"{players} players")
    else:
        roles = assign_roles(range(players), range(players), rules)
        if not roles.exists or (rules.deal_extras == "president-first" and roles.president is None):
            gaps.append(f"{players} players (no roles at that count)")
    if gaps:
        raise RulesError(
            f"The vectorized engine plays {', '.join(PRESETS)} with 3 to 8 players (where the roles exist), any"
            f" rounds, target_score, decks or jokers_per_deck, and the option values of KERNEL_VALUES but the draft;"
            f" against {rules.name} it does not cover {', '.join(gaps)} (use president_v0 for them)."
        )
    return rules


check_bga_rules = check_vector_rules


class Layout:
    """What the compiled moves read of one rules' action space and options, at a table of `players` seats: the
    play shapes, their keys, the shapes each trick accepts, the card choices, the rule flags, the points of each
    place, the roles each place gives and the transfer's pairs."""

    def __init__(self, rules: Rules, players: int = PLAYERS) -> None:
        self.players = players
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
        self.follows = np.ascontiguousarray(
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
        # The transfer's card choices (index - choice_start) as counts per rank kind.
        self.choices = np.array(card_choices(choice_cards(rules)), dtype=np.int32).reshape(-1, RANK_KINDS)
        # The play shapes as the kernel reads them: one row per shape, its columns named `table_kernel.S_*`.
        self.shapes = np.zeros((len(shapes), 6), dtype=np.int32)
        self.shapes[:, kernel.S_RANK] = self.s_rank
        self.shapes[:, kernel.S_NATURALS] = self.s_naturals
        self.shapes[:, kernel.S_JOKERS] = self.s_jokers
        self.shapes[:, kernel.S_LONE] = self.s_lone
        self.shapes[:, kernel.S_KEY] = self.s_key[0]
        self.shapes[:, kernel.S_KEY_REVERSED] = self.s_key[1]
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
            "draft": rules.exchange == "draft",
        }
        self.flags = tuple(int(flags[name]) for name in kernel.RULE_FIELDS)
        # What each place earns: a point per player beaten, or the credit change of the role it gives.
        points = [0] * players
        score_round(range(players), rules, points)
        self.points = np.array(points, dtype=np.int32)
        self.start_score = rules.credit_start if rules.scoring == "credit" else 0
        # The roles last round's places give (every seat plays every round: the queue is the places), and the
        # transfer's pairs as `State._start_transfer` makes them: (winner's place, loser's place, cards).
        roles = assign_roles(range(players), range(players), rules)
        self.role_of_place = [ROLE_KEYS.index(roles.key_of(place)) for place in range(players)]
        self.pairs = [
            (winner, loser, count)
            for winner, loser, count in (
                (roles.president, roles.scum, rules.top_exchange_cards),
                (roles.vice, roles.high_scum, rules.vice_exchange_cards),
            )
            if winner is not None and loser is not None and count > 0 and rules.exchange == "trade"
        ]
        # Who leads a round with roles (`State._first_leader`): the Scum (or High-Scum), or the President (or Vice).
        leader = roles.top if rules.first_trick == "president" else roles.bottom
        self.leader_place = 0 if leader is None else leader
        self.draft_cards = rules.draft_cards
        # The deck, in the engine's order (`cards.deal` lists the pool), shuffled for each deal.
        pool = full_deck(rules.decks, rules.jokers_per_deck)
        self.deck = [card for card, count in enumerate(pool) for _ in range(count)]
        # Who gets the first slice of a later round's deal: the lowest ranked, left of the dealer (the Scum), or
        # the President.
        self.deal_extras = rules.deal_extras
        # The first round's leader: a random seat, or the holder of the special 3 (who must lead it).
        self.special_three = parse_card(rules.special_three) if rules.first_round_leader == "special-three" else -1

    def consts(
        self, reward: str = "score", place_pay: Sequence[float] | None = None, by_rank: bool = False
    ) -> npt.NDArray[np.int64]:
        """The kernel's `consts`: the rule flags, then (`table_kernel.R_*`) the first card choice's index, the
        points of each place, what each place is paid in the match's last round (`place_pay`, by default the
        points), whether a round pays the score's change (`reward` "score") or that place pay, and whether the
        board's hands count rank kinds (`by_rank`) or cards."""
        consts = np.zeros(kernel.R_SIZE, dtype=np.int64)
        consts[: len(self.flags)] = self.flags
        consts[kernel.R_CHOICE_START] = self.choice_start
        players = self.players
        consts[kernel.R_POINTS : kernel.R_POINTS + players] = self.points
        pay = self.points if place_pay is None else [int(p) for p in place_pay]
        consts[kernel.R_PLACE_PAY : kernel.R_PLACE_PAY + players] = pay
        consts[kernel.R_PAY_SCORE] = reward == "score"
        special = self.special_three
        consts[kernel.R_SPECIAL] = kernel.KIND_OF_CARD[special] if by_rank and special >= 0 else special
        consts[kernel.R_DEAL_EXTRAS] = kernel.DEAL_EXTRAS.index(self.deal_extras)
        consts[kernel.R_BY_RANK] = by_rank
        consts[kernel.R_PLAYERS] = players
        consts[kernel.R_ROLE_OF_PLACE : kernel.R_ROLE_OF_PLACE + players] = self.role_of_place
        consts[kernel.R_PAIR_COUNT] = len(self.pairs)
        for index, pair in enumerate(self.pairs):
            consts[kernel.R_PAIRS + 3 * index : kernel.R_PAIRS + 3 * index + 3] = pair
        consts[kernel.R_LEADER_PLACE] = self.leader_place
        consts[kernel.R_DRAFT_CARDS] = self.draft_cards
        return consts


# The `bga` layout, named for the tests and the documentation.
_BGA_LAYOUT: Final = Layout(BGA)
ACTIONS: Final = _BGA_LAYOUT.actions
CHOICE_START: Final = _BGA_LAYOUT.choice_start
S_SIZE: Final = _BGA_LAYOUT.s_size


def first_leaders(seeds: Sequence[int] | npt.NDArray[np.int64], players: int = PLAYERS) -> npt.NDArray[np.intp]:
    """Who leads the first round: a random seat (`State._first_leader` without roles, `bga`'s `random`)."""
    texts = [f"{seed}:round:1:leader" for seed in np.asarray(seeds).tolist()]
    return fast_deal.choices(texts, players).astype(np.intp)


def first_leader(seed: int, players: int = PLAYERS) -> int:
    """`first_leaders` of one seed (Python's own generator: one choice costs less than setting up compiled code)."""
    return random.Random(f"{seed}:round:1:leader").choice(range(players))


class VectorTables:
    """`n` tables of one of `PRESETS` at `players` seats, whole matches, stepped together (`rules`: a preset of
    `PRESETS` with the changes `check_vector_rules` takes; `bga` by default).

    Table `t` is the kernel board `boards[t]` (`table_kernel`'s rows, hands as counts per rank kind); the
    attributes below (`hands`, `scores`, `current`, ...) read those boards by name (views, or booleans made from
    them). A caller that writes into the boards should not expect `observe()` to see it before the next move."""

    def __init__(self, n: int, rules: Rules | None = None, players: int = PLAYERS) -> None:
        self.rules = check_vector_rules(BGA if rules is None else rules, players)
        self.players = players
        self.layout = layout = Layout(self.rules, players)
        self.actions = layout.actions
        self.n = n
        # The hands count rank kinds (`R_BY_RANK`): 14 columns of int16, so that thousands of boards stay in cache.
        self.boards = np.zeros((n, kernel.rows(players), kernel.RANK_BOARD_COLUMNS), dtype=np.int16)
        self._consts = layout.consts(by_rank=True)
        self._no_cards = np.zeros(kernel.KINDS, dtype=np.int32)
        # The slice of the deal each position of a shuffled deck goes to (the larger first).
        base, extra = divmod(len(layout.deck), players)
        self._slice_of = np.repeat(np.arange(players), [base + (index < extra) for index in range(players)])
        self.seeds = np.zeros(n, dtype=np.int64)
        self._rows = np.arange(n)
        # Moves made at all tables since they were made (for measurements).
        self.moves = 0
        # The legal masks (int8, read as booleans) and the observations of the seat to move, made with each move
        # and deal while the table's board is in cache; `_fresh` where they are this position's.
        self._masks = np.zeros((n, layout.actions), dtype=np.int8)
        self.observation_size = loops.observation_size(players)
        self._seen = np.zeros((n, self.observation_size), dtype=np.float32)
        self._fresh = np.zeros(n, dtype=bool)
        self.boards[:, kernel.TABLE, kernel.OVER] = 1

    # ------------------------------------------------------------- the boards, by name

    def _seats(self, row: int) -> npt.NDArray[np.int16]:
        return self.boards[:, row, : self.players]

    def _table(self, column: int) -> npt.NDArray[np.int16]:
        return self.boards[:, kernel.TABLE, column]

    def _flags(self, values: npt.NDArray[np.int16]) -> npt.NDArray[np.bool_]:
        flags: npt.NDArray[np.bool_] = values != 0
        return flags

    @property
    def hands(self) -> npt.NDArray[np.int16]:
        """(n, 4, 14) each seat's cards per rank kind (a view of the boards)."""
        return self.boards[:, kernel.RANKS : kernel.rows(self.players) : kernel.SEAT_ROWS, :RANK_KINDS]

    @property
    def played(self) -> npt.NDArray[np.int16]:
        return self.boards[:, kernel.PLAYED, :RANK_KINDS]

    @property
    def face_up(self) -> npt.NDArray[np.int16]:
        return self.boards[:, kernel.FACE_UP, :RANK_KINDS]

    @property
    def gave(self) -> npt.NDArray[np.int16]:
        return self.boards[:, kernel.GAVE : kernel.rows(self.players) : kernel.SEAT_ROWS, :RANK_KINDS]

    @property
    def received(self) -> npt.NDArray[np.int16]:
        return self.boards[:, kernel.RECEIVED : kernel.rows(self.players) : kernel.SEAT_ROWS, :RANK_KINDS]

    @property
    def sizes(self) -> npt.NDArray[np.int16]:
        return self._seats(kernel.SIZES)

    @property
    def place(self) -> npt.NDArray[np.int16]:
        """This round's place of each seat (0 = first) once settled, -1 before."""
        return self._seats(kernel.PLACE)

    @property
    def ranked_lowest(self) -> npt.NDArray[np.bool_]:
        return self._flags(self._seats(kernel.LOWEST))

    @property
    def passed(self) -> npt.NDArray[np.bool_]:
        return self._flags(self._seats(kernel.PASSED))

    @property
    def scores(self) -> npt.NDArray[np.int16]:
        return self._seats(kernel.SCORES)

    @property
    def role(self) -> npt.NDArray[np.int16]:
        """This round's role of each seat (`PRESIDENT` ... `SCUM`)."""
        return self._seats(kernel.ROLE)

    @property
    def order(self) -> npt.NDArray[np.int16]:
        """Last round's seats by place, best first."""
        return self._seats(kernel.ORDER)

    @property
    def round(self) -> npt.NDArray[np.int16]:
        return self._table(kernel.ROUND)

    @property
    def current(self) -> npt.NDArray[np.int16]:
        """The seat to move at each table (-1 where the match is over)."""
        return self._table(kernel.CURRENT)

    @property
    def over(self) -> npt.NDArray[np.bool_]:
        return self._flags(self._table(kernel.OVER))

    @property
    def transferring(self) -> npt.NDArray[np.bool_]:
        return self._flags(self._table(kernel.TRANSFERRING))

    @property
    def reversed(self) -> npt.NDArray[np.bool_]:
        return self._flags(self._table(kernel.REVERSED))

    @property
    def obligation(self) -> npt.NDArray[np.bool_]:
        return self._flags(self._table(kernel.OBLIGATION))

    @property
    def must_include(self) -> npt.NDArray[np.bool_]:
        return self._flags(self._table(kernel.MUST_INCLUDE))

    @property
    def president(self) -> npt.NDArray[np.int16]:
        return self._table(kernel.PRESIDENT_SEAT)

    @property
    def downfallen(self) -> npt.NDArray[np.int16]:
        return self._table(kernel.DOWNFALLEN)

    @property
    def trick_size(self) -> npt.NDArray[np.int16]:
        return self._table(kernel.TRICK_SIZE)

    @property
    def trick_plays(self) -> npt.NDArray[np.int16]:
        return self._table(kernel.TRICK_PLAYS)

    @property
    def last(self) -> npt.NDArray[np.int16]:
        """The seat whose play is on top (-1: none)."""
        return self._table(kernel.LAST)

    @property
    def run_count(self) -> npt.NDArray[np.int16]:
        return self._table(kernel.RUN_COUNT)

    # ------------------------------------------------------------- set-up

    def reset(self, seeds: Sequence[int] | npt.NDArray[np.int64], tables: npt.NDArray[np.intp] | None = None) -> None:
        """Start a new match at `tables` (all by default), table `tables[i]` from match seed `seeds[i]`."""
        where = self._rows if tables is None else np.asarray(tables, dtype=np.intp)
        self.seeds[where] = np.asarray(seeds, dtype=np.int64)
        self.boards[where] = 0
        self.boards[where, kernel.SCORES, : self.players] = self.layout.start_score
        self._start_round(where)

    def _start_round(self, tables: npt.NDArray[np.intp]) -> None:
        """Deal the next round at `tables` (the kernel's `deal`: from the second round on, roles and the
        transfer), from decks drawn as the engine draws them."""
        self.boards[tables, kernel.TABLE, kernel.ROUND] += 1
        numbers = self.boards[tables, kernel.TABLE, kernel.ROUND]
        first = numbers == 1
        seeds = self.seeds[tables]
        texts = [f"{seed}:round:{number}" for seed, number in zip(seeds.tolist(), numbers.tolist(), strict=True)]
        players = self.players
        decks, starts = fast_deal.shuffled(texts, first, self.layout.deck, players)
        leaders = np.full(len(tables), -1, dtype=np.int64)
        if first.any():
            leaders[first] = first_leaders(seeds[first], players)
        special = self.layout.special_three
        if special >= 0:
            # Seed 002: the holder of the special 3 leads the first round, the first one clockwise from the drawn
            # seat with several decks (`State._first_leader`; the board counts ranks: found here, in the deck).
            holds = np.zeros((len(tables), players), dtype=bool)
            rows = np.arange(len(tables))
            for k in range(players):
                holds[rows, (starts + k) % players] |= (decks[:, self._slice_of == k] == special).any(axis=1)
            # Each seat's distance clockwise from the drawn seat, the nearest holder leading.
            distance = np.where(holds, (np.arange(players)[None, :] - leaders[:, None]) % players, players)
            leaders = np.where(first, distance.argmin(axis=1), -1)
        decks = kernel.KIND_OF_CARD[decks]
        layout = self.layout
        loops.deal_tables(
            tables,
            self.boards,
            layout.shapes,
            layout.follows,
            layout.choices,
            self._consts,
            decks,
            starts,
            leaders,
            self._masks,
            self._seen,
        )
        self._fresh[tables] = True

    # ------------------------------------------------------------- what the seat to move may do and sees

    def legal_masks(self, tables: npt.NDArray[np.intp] | None = None) -> npt.NDArray[np.bool_]:
        """(tables, actions) masks of the seat to move: the engine's legality, by shape and card choice (all false
        when the match is over)."""
        return self._current_masks(tables).view(np.bool_).copy() if tables is None else self._current_masks(tables)

    def _current_masks(self, tables: npt.NDArray[np.intp] | None) -> npt.NDArray[Any]:
        """The masks of `tables`, made where stale: the tables' own array where `tables` is None (all of them,
        in order: no copy, for the callers here that read it at once), else a copy as booleans."""
        where = self._rows if tables is None else tables
        stale = where[~self._fresh[where]] if tables is not None else np.flatnonzero(~self._fresh)
        if len(stale):
            masks = np.empty((len(stale), self.actions), dtype=np.int8)
            layout = self.layout
            loops.masks_of(stale, self.boards, layout.shapes, layout.follows, layout.choices, self._consts, masks)
            self._masks[stale] = masks
        if tables is None:
            return self._masks
        return self._masks[where].view(np.bool_)

    def observe(
        self, tables: npt.NDArray[np.intp] | None = None, viewers: npt.NDArray[np.intp] | None = None
    ) -> npt.NDArray[np.float32]:
        """(tables, 138) observations (`OBSERVATION_LAYOUT`) of `viewers` (by default each table's seat to
        move): its own hand and gives, and the public table, seats in order from it."""
        where = self._rows if tables is None else tables
        current = self.current[where]
        viewer = current if viewers is None else np.asarray(viewers, dtype=np.intp)
        out = self._seen[where]
        # The observation made with the last move serves where it is the viewer's (the seat to move's).
        other = np.flatnonzero(~self._fresh[where] | (viewer != current) | (current < 0))
        if len(other):
            seen = np.empty((len(other), self.observation_size), dtype=np.float32)
            loops.observe_tables(where[other], viewer[other], self.boards, self.layout.shapes, self._consts, seen)
            out[other] = seen
        return out

    def random_actions(
        self, rng: np.random.Generator, tables: npt.NDArray[np.intp] | None = None
    ) -> npt.NDArray[np.intp]:
        """A uniformly random legal action at each of `tables` (all by default; 0 where the match is over)."""
        masks = self._current_masks(tables)
        out = np.empty(len(masks), dtype=np.intp)
        loops.sample_legal(masks, rng.random(len(masks)), out)
        return out

    # ------------------------------------------------------------- moves

    def step(self, actions: npt.ArrayLike, tables: npt.NDArray[np.intp] | None = None) -> npt.NDArray[np.float32]:
        """One move at each of `tables` (all by default) for its seat to move; returns (tables, 4) rewards:
        the points each seat earns (a point per player beaten) at the tables whose round this move ended.
        Raises `IllegalActionError`, changing nothing, if any action is outside its table's mask."""
        where = self._rows if tables is None else np.asarray(tables, dtype=np.intp)
        action = np.asarray(actions, dtype=np.intp)
        if action.shape != where.shape:
            raise IllegalActionError(f"Give one action from 0 to {self.actions - 1} per table.")
        masks = self._current_masks(None if tables is None else where)
        refused = loops.refused(action, masks)
        if refused == -1:
            raise IllegalActionError(f"Give one action from 0 to {self.actions - 1} per table.")
        if refused:
            legal = masks.view(np.bool_)[np.arange(len(where)), action]
            bad = where[~legal]
            raise IllegalActionError(f"Actions not legal at tables {bad[:10].tolist()}: see legal_masks().")
        self.moves += len(where)
        self._fresh[where] = False
        layout = self.layout
        earned = np.empty((len(where), self.players), dtype=np.float32)
        deal_next = np.empty(len(where), dtype=np.bool_)
        loops.step_tables(
            where,
            action,
            self.boards,
            layout.shapes,
            layout.choices,
            self._consts,
            layout.follows,
            self._no_cards,
            earned,
            deal_next,
            self._masks,
            self._seen,
        )
        self._fresh[where] = True
        dealing = where[deal_next]
        if len(dealing):
            self._start_round(dealing)
        return earned


BgaTables = VectorTables


class BgaVectorEnv(VectorEnv[npt.NDArray[np.float32], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """`num_envs` tables of one of `PRESETS` at `players` seats (see `check_vector_rules`); seat 0 learns, the
    other seats play uniformly random legal moves. An episode is a match; each round pays the learner what it
    earned (points, or the credit change) as it ends.

    `reset(seed=s)` deals table `i` from match seed ``s + i``; later matches take seeds drawn from a
    generator seeded by `s`, as do the random seats, so a seed and the learner's actions replay exactly."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 - Gymnasium's attribute

    def __init__(self, num_envs: int = 64, rules: Rules | None = None, players: int = PLAYERS) -> None:
        self.num_envs = num_envs
        self.tables = VectorTables(num_envs, rules, players)
        actions = self.tables.actions
        size = self.tables.observation_size
        self.single_observation_space = spaces.Box(-1e6, 1e6, (size,), np.float32)
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = spaces.Box(-1e6, 1e6, (num_envs, size), np.float32)
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
        loops.sample_legal(self._masks, rng.random(self.num_envs), out)
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
