"""The observation vector of one President seat: its own cards and the public table, seats in order from it.

The vector is the concatenation of named blocks (`observation_layout`), every value a count, a flag or a
score as a float32. Seat blocks are *relative*: entry 0 is the viewer, entry 1 the seat to its left (next
clockwise), and so on. It is built from exactly the facts `State.observation(seat)` shows that seat — its
own hand, gives and draft cards, and what the whole table sees — never another seat's hidden card
(tests/envs prove it by swapping hidden cards between the other hands).

>>> from presidente.president import find_preset, new_game
>>> encoder = ObservationEncoder(find_preset("bga"), players=4)
>>> vector = encoder.encode(new_game(find_preset("bga"), players=4, seed=1), seat=0)
>>> vector.shape == (encoder.size,) and int(vector[encoder.slices["hand"]].sum()) in (13, 14)
True
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from presidente.cards import CARD_KINDS
from presidente.envs.aec import layout_slices
from presidente.president.rules import ROLE_KEYS, Rules
from presidente.president.state import Phase, State

PHASES: Final = (Phase.EXCHANGE, Phase.DRAFT_PLACE, Phase.DRAFT_PICK, Phase.PLAY)
OBLIGATIONS: Final = ("or-skip", "or-pass")
# Scores stay within these bounds (rules cap targets and credit changes); counts are far below them.
BOUND = 1e6


def observation_layout(players: int) -> tuple[tuple[str, int, str], ...]:
    """(block, length, meaning) for every block of the vector, in order."""
    p = players
    return (
        ("hand", CARD_KINDS, "own cards: count of each card kind (card = rank label * 4 + suit, 52 = joker)"),
        ("played", CARD_KINDS, "cards played this round, by every seat (public)"),
        ("face_up", CARD_KINDS, "cards discarded face up this round (downfall, draft leftovers; public)"),
        ("gave", CARD_KINDS, "cards this seat gave in this round's transfer or put down for the draft"),
        ("received", CARD_KINDS, "cards this seat received in this round's transfer"),
        ("draft_pool", CARD_KINDS, "the draft pool once turned face up"),
        ("hand_sizes", p, "cards held by each seat, relative order"),
        ("in_round", p, "1 for seats dealt into this round"),
        ("finished", p, "1 for seats that went out (a place among the winners)"),
        ("out", p, "1 for seats ranked lowest this round (illegal finish, downfall, left)"),
        ("passed", p, "1 for seats out of this trick by passing (pass modes trick and single)"),
        ("to_move", p, "1 for the seat to move"),
        ("top_player", p, "1 for the seat whose play is on top of the trick"),
        ("scores", p, "match score of each seat (points, or credit)"),
        ("roles", 5 * p, "role of each seat this round, one-hot: president, vice, neutral, high-scum, scum"),
        ("places", p, "last round's place of each seat (1 = first, 0 = did not play)"),
        ("trick_size", 1, "cards per play in this trick (0: the trick is to be led)"),
        ("trick_plays", 1, "plays made in this trick"),
        ("top_rank", 14, "rank of the top play, one-hot (3 ... 2, then jokers alone)"),
        ("top_naturals", 1, "natural cards in the top play"),
        ("top_jokers", 1, "jokers in the top play"),
        ("run", 1, "cards of the top play's rank played in a row (four in a row)"),
        ("reversed", 1, "1 during a revolution"),
        ("obligation", 2, "the seat to move must equalize or skip / or pass"),
        ("must_include", 1, "1 when this seat must lead the special 3"),
        ("phase", len(PHASES), "exchange, draft put-down, draft pick-up, play (one-hot)"),
        ("round", 1, "round number"),
    )


class ObservationEncoder:
    """Builds the observation vector of any seat of a table of `players` under `rules`."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.layout = observation_layout(players)
        self.slices = layout_slices(self.layout)
        self.size: Final = self.slices["round"].stop
        self._scores = self.slices["scores"]
        # Per viewer: the seats in order from it, and one call that reads a per-seat list in that order.
        self._orders = [tuple((seat + step) % players for step in range(players)) for seat in range(players)]
        self._pickers = [operator.itemgetter(*order) for order in self._orders]
        self._order_rows = np.array(self._orders, dtype=np.intp)  # row v: the seats in order from viewer v
        self._no_scores = (0,) * players

    def encode(self, state: State, seat: int) -> npt.NDArray[np.float32]:
        """The vector of `seat`, built as one list in layout order (a numpy write per value costs more)."""
        order = self._orders[seat]
        pick = self._pickers[seat]
        gave_cards, placed = state.gave[seat], state.draft_placed[seat]
        gave: Sequence[int] = _NO_CARDS
        if gave_cards or placed:
            gave = _counts(gave_cards)
            for card, count in placed or ():
                gave[card] += count
        received = state.received[seat]
        values: list[int] = [
            *state.hands[seat],
            *state.played,
            *state.face_up,
            *gave,
            *(_counts(received) if received else _NO_CARDS),
            *(state.draft_pool if state.draft_revealed else _NO_CARDS),
        ]
        finished, placed_last = state.finished, state.out
        downfallen = state.downfallen
        in_round = state.in_round
        current, last = state.current_player, state.last_player
        values += pick(state.sizes)  # at most 216 (4 decks, 2 players)
        values += pick(in_round)
        values += [s in finished for s in order]
        values += [s in placed_last or s == downfallen for s in order]
        values += pick(state.trick_passed)
        values += [s == current for s in order]
        values += [s == last for s in order]
        values += self._no_scores  # written below, as they may be negative or large
        roles = state.roles
        president, vice, high_scum, scum = roles.president, roles.vice, roles.high_scum, roles.scum
        for s in order:
            # A seat named twice (never in the presets) shows the lower role, as `ROLE_KEYS` orders them.
            if not in_round[s]:
                values += _NO_ROLE
            elif s == scum:
                values += _ROLE_ONE_HOT[_SCUM]
            elif s == high_scum:
                values += _ROLE_ONE_HOT[_HIGH_SCUM]
            elif s == vice:
                values += _ROLE_ONE_HOT[_VICE]
            elif s == president:
                values += _ROLE_ONE_HOT[_PRESIDENT]
            else:
                values += _ROLE_ONE_HOT[_NEUTRAL]
        places = state.last_round
        if places:
            place_of = {s: place for place, s in enumerate(places, 1)}
            values += [place_of.get(s, 0) for s in order]
        else:
            values += self._no_scores
        trick = state.trick
        values += (state.trick_size, len(trick))
        if trick:
            top = trick[-1][1]
            top_rank = [0] * 14
            top_rank[13 if top.naturals == 0 and top.declared is None else (top.rank or 0)] = 1
            run = 0
            for _s, play in reversed(trick):
                if play.rank is None or play.rank != top.rank:
                    break
                run += play.size
            values += top_rank
            values += (top.naturals, top.jokers, run, state.reversed)
        else:
            values += _NO_TOP
            values.append(state.reversed)
        phase = state.phase
        obligation = state.obligation if phase is Phase.PLAY else None
        values += [obligation == kind for kind in OBLIGATIONS]
        values.append(state.must_include is not None and current == seat)
        values += _PHASE_ONE_HOT[phase]
        values.append(0)  # the round number, written below
        # Every other value is a count or a flag below 256: one bytes object converts them all at once, far
        # faster than a float conversion per value.
        out = np.frombuffer(bytes(values), dtype=np.uint8).astype(np.float32)
        out[self._scores] = pick(state.scores)
        out[-1] = state.round_number
        return out

    def round_key(self, state: State) -> tuple[object, ...]:
        """Every field of `state` that `encode` reads for the blocks other than the cards' and the trick's (gave,
        received, draft_pool, in_round, scores, roles, places, obligation, must_include, phase, round), for every
        seat: two states with the same key give every seat the same values in those blocks. A block added to them
        must add what it reads here."""
        phase = state.phase
        return (
            state.round_number,
            phase,
            state.obligation if phase is Phase.PLAY else None,
            state.current_player if state.must_include is not None else -1,
            tuple(state.in_round),
            tuple(state.scores),
            state.roles,
            tuple(state.last_round),
            tuple(state.gave),
            tuple(state.received),
            tuple(state.draft_placed),
            tuple(state.draft_pool) if state.draft_revealed else None,
        )

    def write_match_end(self, rows: npt.NDArray[np.float32], scores: Sequence[int], order: Sequence[int]) -> None:
        """Write into `rows` (each seat's vector, `encode`'s blocks first) the blocks that the round end that ends
        the match changes, as `encode` writes them from the engine's `State` after it: the match `scores`, `places`
        (the round's `order`, best first) and `phase` (none: the match is over)."""
        places = np.zeros(self.players, dtype=np.float32)
        places[list(order)] = np.arange(1, len(order) + 1)
        slices, seats = self.slices, self._order_rows
        rows[:, slices["scores"]] = np.asarray(scores, dtype=np.float32)[seats]
        rows[:, slices["places"]] = places[seats]
        rows[:, slices["phase"]] = _PHASE_ONE_HOT[Phase.OVER]


_NO_CARDS = (0,) * CARD_KINDS
_PRESIDENT, _VICE, _NEUTRAL, _HIGH_SCUM, _SCUM = (
    ROLE_KEYS.index(key) for key in ("president", "vice", "neutral", "high_scum", "scum")
)
_ROLE_ONE_HOT = tuple(tuple(int(i == role) for i in range(len(ROLE_KEYS))) for role in range(len(ROLE_KEYS)))
_NO_ROLE = (0,) * len(ROLE_KEYS)
# No trick: no top rank, naturals, jokers or run.
_NO_TOP = (0,) * (14 + 3)
_PHASE_ONE_HOT = {phase: tuple(int(phase is other) for other in PHASES) for phase in Phase}


def _counts(group: tuple[tuple[int, int], ...] | None) -> list[int]:
    counts = [0] * CARD_KINDS
    for card, count in group or ():
        counts[card] += count
    return counts
