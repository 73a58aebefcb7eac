"""One El Presidente table played by compiled moves (`elpresidente_kernel`): the engine behind `el_presidente_v0`
where numba is installed.

It plays exactly the reference engine's match ``State(rules, seed)`` as `el_presidente_v0` drives it: the kernel
makes the moves, writes the next seat's mask and any seat's observation; the random events are the engine's own
functions (`chance.random_seats`, `chance.deal`, `chance.shuffle_discard`), called here when the kernel asks for
them (a game to deal, a discard pile to shuffle into the deck). tests/envs and `benchmarks/envs_differential.py
--elpresidente` play seeded matches through `el_presidente_v0` on both engines and compare every observation,
mask, reward and termination.

>>> from presidente.elpresidente import Rules
>>> table = ElPresidenteTable(Rules(players=4, teams="2v2"))
>>> table.reset(7)
>>> int(table.mask.sum()) > 0 and table.observe(table.current).shape == (455,)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import numpy as np
import numpy.typing as npt

from presidente.elpresidente import Phase, Rules, State
from presidente.elpresidente.chance import deal, random_seats, shuffle_discard

try:
    from presidente.envs import elpresidente_kernel as kernel
except ImportError:  # numba comes with the optional `envs` extra
    AVAILABLE = False
else:
    AVAILABLE = True

# The kernel's result bits, also here so that this module imports without numba.
GAME_ENDED: Final = 1
MATCH_OVER: Final = 2
_MORE: Final = 4 | 8  # NEEDS_SHUFFLE | NEEDS_DEAL
_SEAT_SHIFT: Final = 4
# The kernel's phase numbers.
PHASES: Final = (Phase.ATTACK, Phase.ATTACK_THROW_IN, Phase.DEFEND, Phase.BEAT_THROW_IN, Phase.PICK_UP, Phase.OVER)


def _card_set(cards: Iterable[int]) -> int:
    return sum(1 << card for card in cards)


class ElPresidenteTable:
    """The kernel's board of one match of `rules` (every El Presidente option: 2 to 8 players, teams, games and
    the battle limit), the seat to move's mask, and the Python half of the random events."""

    def __init__(self, rules: Rules) -> None:
        if not AVAILABLE:
            raise ImportError("The compiled El Presidente table needs numba (the `envs` extra).")
        self.rules = rules
        self.players = rules.players
        self.s = np.zeros(kernel.SIZE, dtype=np.int64)
        self.deck = np.zeros(kernel.CARDS, dtype=np.int64)
        self.mask = np.zeros(kernel.ACTIONS, dtype=np.int8)
        self.size = kernel.observation_size(rules.players)
        # The observation of the seat to move, written with each move (`seen_seat`: whose it is, -1 for none).
        self.seen = np.zeros(self.size, dtype=np.float32)
        self.seen_seat = -1
        self.seed = 0
        self.current = -1  # the seat to move, -1 once the match is over
        self._arrays = (self.s, self.deck, self.mask, self.seen)

    def reset(self, seed: int) -> None:
        """The engine's match ``State(rules, seed)``: the first game dealt, its first battle begun."""
        self.seed = seed
        s, rules = self.s, self.rules
        s[:] = 0
        s[kernel.PLAYERS], s[kernel.TEAM_COUNT] = rules.players, rules.team_count
        s[kernel.GAMES], s[kernel.BATTLE_LIMIT] = rules.games, rules.battle_limit
        self._finish(self._start_game(*random_seats(seed, 0, rules.players)))

    def load(self, state: State, known: list[set[int]]) -> bool:
        """Take the position of `state` (of these rules), with `known` the cards each seat was seen taking; False,
        leaving the table unchanged, where the kernel cannot hold it: a pick-up queue set by hand that is not the
        rules' order from the attacker (the kernel keeps only its position in that order)."""
        rules, p = self.rules, self.players
        queue = 0
        if state.pickup_queue:
            queue = (state.pickup_queue[0] - state.attacker) % p
            order = [(state.attacker + step) % p for step in range(queue, p)]
            if not state.others_added_after_beat and state.defender in order:
                order.remove(state.defender)
            if list(state.pickup_queue) != order:
                return False
        s = self.s
        s[:] = 0
        s[kernel.PLAYERS], s[kernel.TEAM_COUNT] = p, rules.team_count
        s[kernel.GAMES], s[kernel.BATTLE_LIMIT] = rules.games, rules.battle_limit
        s[kernel.GAME], s[kernel.GAMES_PLAYED] = state.game_number, len(state.game_winners)
        for winner in state.game_winners:
            if winner is not None:
                s[kernel.WINS + rules.team_of(winner)] += 1
        fields = {
            kernel.DEALER: state.dealer,
            kernel.ATTACKER: state.attacker,
            kernel.DEFENDER: state.defender,
            kernel.PHASE: PHASES.index(state.phase),
            kernel.CURRENT: -1 if state.current_player is None else state.current_player,
            kernel.BATTLE: state.battle_number,
            kernel.RESHUFFLES: state.reshuffles,
            kernel.PASSES: state.passes,
            kernel.EXCLUDED: -1 if state.round_excluded is None else state.round_excluded,
            kernel.OTHERS_ADDED: state.others_added_after_beat,
            kernel.QUEUE: queue,
            kernel.DECK_LEN: len(state.deck),
            kernel.DISCARD: _card_set(state.discard),
            kernel.PILE: _card_set(state.pile),
            kernel.TOP: state.pile[-1] if state.pile else -1,
        }
        for field, value in fields.items():
            s[field] = value
        for seat in range(p):
            s[kernel.HAND + seat] = _card_set(state.hands[seat])
            s[kernel.KNOWN + seat] = _card_set(known[seat])
        self.deck[: len(state.deck)] = state.deck
        self.seed = state.seed
        kernel.write_mask(s, self.mask)
        self.current = self.seen_seat = int(s[kernel.CURRENT])
        if self.current >= 0:
            kernel.observe(s, self.current, self.seen)
        return True

    def _start_game(self, dealer: int, starter: int) -> int:
        s = self.s
        hands, deck = deal(self.seed, int(s[kernel.GAME]), dealer, self.players)
        for seat, hand in enumerate(hands):
            s[kernel.HAND + seat] = _card_set(hand)
        self.deck[: len(deck)] = deck
        s[kernel.DECK_LEN] = len(deck)
        result: int = kernel.start_game(s, self.deck, self.mask, self.seen, dealer, starter)
        return result

    def _finish(self, result: int) -> int:
        """Serve the kernel's requests (a reshuffle, the next game's deal) until the move is complete; the result
        bits of the whole move."""
        s = self.s
        bits = result
        while result & _MORE:
            if result & 8:  # NEEDS_DEAL
                winner = int(s[kernel.LAST_WINNER])
                game = int(s[kernel.GAME])
                seats = (
                    random_seats(self.seed, game, self.players) if winner < 0 else ((winner - 1) % self.players, winner)
                )
                result = self._start_game(*seats)
            else:  # NEEDS_SHUFFLE: the discard pile, in card order, becomes the deck
                discard = int(s[kernel.DISCARD])
                cards = [card for card in range(kernel.CARDS) if discard >> card & 1]
                deck = shuffle_discard(self.seed, int(s[kernel.GAME]), int(s[kernel.RESHUFFLES]), cards)
                self.deck[: len(deck)] = deck
                s[kernel.DECK_LEN] = len(deck)
                s[kernel.RESHUFFLES] += 1
                s[kernel.DISCARD] = 0
                result = kernel.resume(s, self.deck, self.mask, self.seen)
            bits |= result
        self.current = self.seen_seat = (result >> _SEAT_SHIFT) - 1
        return bits & (GAME_ENDED | MATCH_OVER)

    def step(self, index: int) -> int:
        """Make the legal move `index` (checked by the caller against `mask`); `GAME_ENDED` (`last_winner` says
        who won it) and `MATCH_OVER` bits."""
        result: int = kernel.step(*self._arrays, index)
        if result & _MORE:
            return self._finish(result)
        self.current = self.seen_seat = (result >> _SEAT_SHIFT) - 1
        return result & (GAME_ENDED | MATCH_OVER)

    @property
    def last_winner(self) -> int | None:
        """The winner of the game that ended last (None: drawn or blocked)."""
        winner = int(self.s[kernel.LAST_WINNER])
        return None if winner < 0 else winner

    @property
    def phase(self) -> int:
        """The phase's index in `el_presidente_v0.PILE_PHASES` (5 once the match is over)."""
        return int(self.s[kernel.PHASE])

    def observe(self, seat: int) -> npt.NDArray[np.float32]:
        """`el_presidente_v0`'s observation vector of `seat` (a new array)."""
        if seat == self.seen_seat:
            return self.seen.copy()
        out = np.empty(self.size, dtype=np.float32)
        kernel.observe(self.s, seat, out)
        return out

    def known(self) -> list[set[int]]:
        """The cards each seat was seen taking and still holds."""
        return [
            {card for card in range(kernel.CARDS) if int(self.s[kernel.KNOWN + seat]) >> card & 1}
            for seat in range(self.players)
        ]
