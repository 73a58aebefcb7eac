"""Shared set-ups for the President tests: exact positions, a round after a given finishing order,
actions by text, and a snapshot that shows whether a refused action changed anything."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from typing import Any

from presidente.cards import CARD_KINDS, JOKER, counts_from_group, full_deck, parse_cards
from presidente.president import Phase, Play, Rules, State, find_preset, new_game, parse_action
from presidente.president.roles import Roles
from presidente.president.state import FIELDS


def counts(text: str) -> list[int]:
    """A hand as counts per card ("" is an empty hand)."""
    return counts_from_group(parse_cards(text)) if text.strip() else [0] * CARD_KINDS


def hand_text(state: State, seat: int) -> str:
    return str(Play(tuple((card, n) for card, n in enumerate(state.hands[seat]) if n))) if state.sizes[seat] else ""


def _install_hands(state: State, rules: Rules, hands: Mapping[int, str]) -> None:
    undealt = full_deck(rules.decks, rules.jokers_per_deck)
    for seat in range(state.seats):
        hand = counts(hands.get(seat, ""))
        state.hands[seat] = hand
        state.sizes[seat] = sum(hand)
        for card, count in enumerate(hand):
            undealt[card] -= count
    assert min(undealt) >= 0, "the position holds more cards than the deck"
    state.undealt = undealt


def position(
    rules: Rules | str,
    hands: Mapping[int, str] | Sequence[str],
    current: int = 0,
    *,
    players: int | None = None,
    reversed: bool = False,
    roles: Roles | None = None,
    seed: int = 0,
) -> State:
    """A state in the play phase at the start of a trick led by `current`, with exactly these hands.

    Seats with no cards are out of the round already (they finished); the cards nobody holds are undealt.
    """
    rules = find_preset(rules) if isinstance(rules, str) else rules
    hand_map = dict(enumerate(hands)) if isinstance(hands, Sequence) else dict(hands)
    players = players or max(hand_map) + 1
    state = new_game(rules.replace(min_players=min(players, rules.min_players)), players, seed)
    state.rules = rules
    state._reset_round_fields()
    state.round_players = list(range(players))
    _install_hands(state, rules, hand_map)
    for seat in range(players):
        state.in_round[seat] = True
        state.active[seat] = state.sizes[seat] > 0
    state.roles = roles or Roles()
    state.seating = None  # seat order, whatever a seat shuffle drew for the first round
    state.reversed = reversed
    state.history, state.events = [], []
    state.phase = Phase.PLAY
    state._reset_trick(current)
    return state


def after_round(
    rules: Rules | str,
    places: Sequence[int],
    hands: Mapping[int, str] | Sequence[str] | None = None,
    *,
    players: int | None = None,
    absent: Sequence[int] = (),
    seed: int = 0,
) -> State:
    """The start of a second round whose previous finishing order was `places` (best first), optionally with
    the deal replaced by exactly `hands`; the `absent` seats left the table before it."""
    rules = find_preset(rules) if isinstance(rules, str) else rules
    state = new_game(rules, players or len(places), seed)
    state.last_round = list(places)
    state.new_queue = []
    for seat in absent:
        state.present[seat] = False
    if hands is not None:
        hand_map = dict(enumerate(hands)) if isinstance(hands, Sequence) else dict(hands)

        def fixed_deal(dealt: State, rng: random.Random) -> None:
            _install_hands(dealt, rules, hand_map)

        state.fixed_deal = fixed_deal
    state._start_round()
    return state


def with_options(rules: Rules, **changes: Any) -> Rules:
    """`rules.replace(**changes)`: the checked copy, so a test never plays options a table could not have."""
    return rules.replace(**changes)


def act(state: State, *texts: str) -> None:
    """Apply actions by text, each made by the seat to move (checked through `seat=`)."""
    for text in texts:
        state.apply(parse_action(text), state.current_player)


def legal(state: State) -> set[str]:
    return {str(action) for action in state.legal_actions()}


def snapshot(state: State) -> dict[str, Any]:
    """Everything a state holds, as plain comparable values (not its private caches, such as the
    observations' event views), copied: it stays as it is while the state goes on."""
    return copy.deepcopy(live_fields(state))


def live_fields(state: State) -> dict[str, Any]:
    """What `snapshot` holds, without copying: the state's own values, to compare two states at one moment."""
    if hasattr(state, "__dict__"):  # the Python engine: no field is left out of `FIELDS`
        unlisted = {key for key in vars(state) if not key.startswith("_")} - set(FIELDS)
        assert not unlisted, f"fields missing from state.FIELDS: {sorted(unlisted)}"
    values: dict[str, Any] = {}
    for key in FIELDS:
        value = getattr(state, key)
        if key == "transfers":
            values[key] = [(t.winner, t.loser, t.count, t.chosen, t.loser_left) for t in value]
        else:
            values[key] = value
    return values


def unchanged(state: State, before: dict[str, Any]) -> bool:
    """`snapshot(state) == before`, without copying the state again: its live values are compared with the
    copies `before` holds. (Deep-copying a long history after each refused action was most of the property
    tests' time.)"""
    return live_fields(state) == before


def conserved(state: State) -> bool:
    """Hands, pile, face-up discards, undealt cards, cards in transit and the draft pool make one full deck."""
    total = [0] * CARD_KINDS
    for pile in (*state.hands, state.played, state.face_up, state.undealt, state.transit, state.draft_pool):
        for card in range(CARD_KINDS):
            total[card] += pile[card]
    return total == full_deck(state.rules.decks, state.rules.jokers_per_deck)


__all__ = [
    "JOKER",
    "Roles",
    "act",
    "after_round",
    "conserved",
    "counts",
    "hand_text",
    "legal",
    "live_fields",
    "position",
    "snapshot",
    "unchanged",
    "with_options",
]
