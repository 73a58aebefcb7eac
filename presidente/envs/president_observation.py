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

from typing import Final

import numpy as np
import numpy.typing as npt

from presidente.cards import CARD_KINDS
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
        self.slices: dict[str, slice] = {}
        start = 0
        for name, length, _meaning in self.layout:
            self.slices[name] = slice(start, start + length)
            start += length
        self.size: Final = start
        self._offsets = {name: s.start for name, s in self.slices.items()}

    def encode(self, state: State, seat: int) -> npt.NDArray[np.float32]:
        out = np.zeros(self.size, dtype=np.float32)
        o = self._offsets
        players = self.players
        order = [(seat + step) % players for step in range(players)]
        out[o["hand"] : o["hand"] + CARD_KINDS] = state.hands[seat]
        out[o["played"] : o["played"] + CARD_KINDS] = state.played
        out[o["face_up"] : o["face_up"] + CARD_KINDS] = state.face_up
        _put_cards(out, o["gave"], state.gave[seat])
        if state.draft_placed[seat]:
            _put_cards(out, o["gave"], state.draft_placed[seat])
        _put_cards(out, o["received"], state.received[seat])
        if state.draft_revealed:
            out[o["draft_pool"] : o["draft_pool"] + CARD_KINDS] = state.draft_pool
        winners, bottom = set(state.winners), {*state.bottom, state.downfallen}
        roles = state.roles
        holders = (roles.president, roles.vice, None, roles.high_scum, roles.scum)
        role_of = {holder: key for key, holder in zip(ROLE_KEYS, holders, strict=True) if holder is not None}
        places = {s: place for place, s in enumerate(state.places, 1)}
        for k, s in enumerate(order):
            out[o["hand_sizes"] + k] = state.sizes[s]
            out[o["in_round"] + k] = state.in_round[s]
            out[o["finished"] + k] = s in winners
            out[o["out"] + k] = s in bottom
            out[o["passed"] + k] = state.trick_passed[s]
            out[o["to_move"] + k] = state.current_player == s
            out[o["top_player"] + k] = state.last_player == s
            out[o["scores"] + k] = state.scores[s]
            if state.in_round[s]:
                out[o["roles"] + 5 * k + ROLE_KEYS.index(role_of.get(s, "neutral"))] = 1
            out[o["places"] + k] = places.get(s, 0)
        trick = state.trick
        out[o["trick_size"]] = state.trick_size
        out[o["trick_plays"]] = len(trick)
        if trick:
            top = trick[-1][1]
            out[o["top_rank"] + (13 if top.naturals == 0 and top.declared is None else (top.rank or 0))] = 1
            out[o["top_naturals"]] = top.naturals
            out[o["top_jokers"]] = top.jokers
            run = 0
            for _s, play in reversed(trick):
                if play.rank is None or play.rank != top.rank:
                    break
                run += play.size
            out[o["run"]] = run
        out[o["reversed"]] = state.reversed
        if state.phase is Phase.PLAY and state.obligation in OBLIGATIONS:
            out[o["obligation"] + OBLIGATIONS.index(state.obligation)] = 1
        out[o["must_include"]] = state.must_include is not None and state.current_player == seat
        if state.phase in PHASES:
            out[o["phase"] + PHASES.index(state.phase)] = 1
        out[o["round"]] = state.round_number
        return out


def _put_cards(out: npt.NDArray[np.float32], start: int, group: tuple[tuple[int, int], ...] | None) -> None:
    for card, count in group or ():
        out[start + card] += count
