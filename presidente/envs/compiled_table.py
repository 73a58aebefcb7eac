"""One President table played by compiled moves, card by card: the engine behind `president_v0` where it covers
the rules (`covers`: `bga`, `victorz`, `trump-jokers`, `college` and `college-draft`, with 3 to 8 players where
their roles exist, 1 to 4 decks of 0 to 2 jokers each, any `rounds` or `target_score`, and the option values the
kernel reads, `KERNEL_VALUES`).

It plays exactly the reference engine's match ``new_game(rules, players, seed)`` as `president_v0` drives it: the
same deals (drawn by `fast_deal` exactly as the engine's generator draws them), the canonical suits of
`ActionCodec.decode` for every index, the same observation vector and mask, the same payments and terminations.
tests/envs play seeded matches through `president_v0` on both engines and compare every observation, mask,
reward and termination.

>>> from presidente.president import find_preset
>>> table = CompiledTable(find_preset("bga"), reward="score")
>>> table.reset(7)
>>> int(table.mask.sum()) > 0 and table.observe(table.current).shape == (402,)
True
"""

from __future__ import annotations

from typing import Final

import numba
import numpy as np
import numpy.typing as npt

from presidente.envs import fast_deal
from presidente.envs import table_kernel as kernels
from presidente.envs.vector_bga import KERNEL_VALUES, PLAYERS, PRESETS, TABLE_OPTIONS, Layout, first_leader, kernel_gaps
from presidente.errors import RulesError
from presidente.president.roles import assign_roles
from presidente.president.rules import Rules

PAID_ROW: Final = kernels.PAID
PAYS: Final = kernels.PAYS
MATCH_OVER: Final = kernels.MATCH_OVER
CARDS: Final = kernels.CARDS
# Read at every move: module names, not the kernels module's attributes.
SEAT_SHIFT: Final = kernels.SEAT_SHIFT
NEEDS_DEAL: Final = kernels.NEEDS_DEAL
__all__ = [
    "CARDS",
    "COMPILED_PRESETS",
    "KERNEL_VALUES",
    "MATCH_OVER",
    "PAID_ROW",
    "PAYS",
    "PRESETS",
    "TABLE_OPTIONS",
    "CompiledTable",
    "check_covered",
    "covers",
]


# The presets the compiled table plays: the vectorized engine's, and the draft's.
COMPILED_PRESETS: Final = (*PRESETS, "college-draft")
MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = kernels.MAX_PLAYERS


def check_covered(rules: Rules, players: int) -> None:
    """A `RulesError` naming what the compiled table does not play, if anything: it plays `COMPILED_PRESETS` with
    3 to 8 players where their roles exist at that count, any `TABLE_OPTIONS` and the values of `KERNEL_VALUES`
    (`rules` must take `players`)."""
    rules.check_players(players)
    other = kernel_gaps(rules, COMPILED_PRESETS)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        other.append(f"{players} players")
    else:
        # Without roles the first leader is drawn every round, and president-first deals need a President.
        roles = assign_roles(range(players), range(players), rules)
        if not roles.exists or (rules.deal_extras == "president-first" and roles.president is None):
            other.append(f"{players} players (no roles at that count)")
    if other:
        raise RulesError(
            f"The compiled table plays {', '.join(COMPILED_PRESETS)} with {MIN_PLAYERS} to {MAX_PLAYERS} players"
            f" (where their roles exist), any rounds, target_score, decks or jokers_per_deck, and the option values"
            f" of KERNEL_VALUES; against {rules.name} it does not cover {', '.join(other)}: use engine='auto' or"
            f" 'reference'."
        )


def covers(rules: Rules, players: int) -> bool:
    """Whether the compiled table plays `rules` with `players` seats (else `president_v0` uses the engine)."""
    try:
        check_covered(rules, players)
    except RulesError:
        return False
    return True


class CompiledTable:
    """A table of `players` seats of one of the vectorized engine's presets (`check_covered`); `place_pay[i]` is
    what place `i` (0 = first) is paid in the match's last round, and `reward` says what a round pays ("score":
    the score's change)."""

    def __init__(
        self, rules: Rules, reward: str, place_pay: tuple[float, ...] | None = None, players: int = PLAYERS
    ) -> None:
        check_covered(rules, players)
        self.rules = rules
        self.players = players
        layout = Layout(rules, players)
        self.layout = layout
        self.actions = layout.actions
        # The one kernel's arrays, as the vectorized engine passes them.
        self.shapes = layout.shapes
        self.follows = layout.follows
        self.choices = layout.choices
        self.consts = layout.consts(reward, place_pay)
        # The deck in the engine's order (`cards.deal` lists the pool), to be shuffled for each deal.
        self._deck = np.array(layout.deck, dtype=np.int64)
        self.board = np.zeros((kernels.rows(players), kernels.CARDS), dtype=np.int32)
        self.table = self.board[kernels.TABLE]
        self.mask = np.zeros(self.actions, dtype=np.int8)
        # The observation of the seat to move (`current`), written by the kernels with each move and deal.
        self.seen = np.zeros(kernels.observation_size(players), dtype=np.float32)
        self._no_cards = np.zeros(kernels.CARDS, dtype=np.int32)
        # The kernels' compiled code for these arrays' types, called directly for a move with the codec's suits, a
        # deal and an observation (numba's dispatcher would type each of their arguments first, about a tenth of an
        # agent step); a move with given cards, whose array the caller makes, goes through the dispatcher.
        self._step_arrays = (self.board, self.shapes, self.follows, self.choices, self.consts, self.mask, self.seen)
        arrays = tuple(numba.typeof(value) for value in self._step_arrays)  # type: ignore[no-untyped-call]
        self._step = kernels.step.compile((*arrays, numba.int64, numba.typeof(self._no_cards), numba.boolean))  # type: ignore[no-untyped-call]
        self._start_round = kernels.start_round.compile((*arrays, numba.typeof(self._deck), numba.int64, numba.int64))  # type: ignore[no-untyped-call]
        self._observe = kernels.observe.compile((arrays[0], arrays[1], arrays[4], numba.int64, arrays[6]))
        self.seed = 0
        # The seat to move (-1 when the match is over), as the kernels last said.
        self.current = -1

    @property
    def over(self) -> bool:
        return bool(self.table[kernels.OVER])

    def reset(self, seed: int) -> None:
        """The engine's match ``new_game(rules, players, seed)``, its first round dealt."""
        self.seed = seed
        self.board[:] = 0
        self.board[kernels.SCORES, : self.players] = self.layout.start_score
        self._deal()

    def _deal(self) -> None:
        """The next round's deal, drawn as the engine draws it (`fast_deal`), and its set-up (the kernel's `deal`)."""
        number = int(self.table[kernels.ROUND]) + 1
        self.table[kernels.ROUND] = number
        deck = self._deck.copy()
        # The first deal starts at a random seat, drawn before the shuffle from the same generator.
        start = fast_deal.shuffle_one(f"{self.seed}:round:{number}", self.players if number == 1 else 0, deck)
        leader = -1
        if number == 1:
            # The first round's leader: a random seat, or the first holder of the special 3 from a random seat.
            leader = first_leader(self.seed, self.players)
            if self.layout.special_three >= 0:
                leader = -leader - 1
        started = self._start_round(*self._step_arrays, deck, start, leader)
        self.current = (started >> kernels.SEAT_SHIFT) - 1

    def step(self, index: int, cards: npt.NDArray[np.int32] | None = None) -> int:
        """Make the legal move `index` (checked by the caller against `mask`), with `cards` (counts per card, the
        move's own: checked by the caller) or else the suits `ActionCodec.decode` picks; the kernels' result bits
        (`PAYS`: `payments()` says who is paid what; `MATCH_OVER`). A round that ended is followed by the next
        deal."""
        result: int
        if cards is None:
            result = self._step(*self._step_arrays, index, self._no_cards, False)
        else:
            result = kernels.step(*self._step_arrays, index, cards, True)
        self.current = (result >> SEAT_SHIFT) - 1
        if result & NEEDS_DEAL:
            self._deal()
        return result

    def payments(self) -> list[tuple[int, float, bool]]:
        """(seat, amount, terminated) for every seat the last move paid."""
        board = self.board
        return [
            (seat, float(board[kernels.PAY, seat]), bool(board[kernels.TERMINATE, seat]))
            for seat in range(self.players)
            if board[kernels.PAYING, seat]
        ]

    def observe(self, seat: int) -> npt.NDArray[np.float32]:
        """`president_v0`'s observation vector of `seat` (a new array)."""
        if seat == self.current:
            return self.seen.copy()
        out = np.empty(self.seen.shape[0], dtype=np.float32)
        self._observe(self.board, self.shapes, self.consts, seat, out)
        return out

    def hand(self, seat: int) -> list[int]:
        """The cards of `seat`, counts per card kind."""
        held: list[int] = self.board[kernels.HAND + kernels.SEAT_ROWS * seat].tolist()
        return held
