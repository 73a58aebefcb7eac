"""A table's views keep, between positions, what did not change (the seats' entries, the trick, the cards face
up, the finished seats, a seat's hand and transfer cards ...): at every position each view equals the view a
fresh `PresidentViews` builds from nothing, and a view once handed out never changes afterwards (frames and the
table's encoding cache share it)."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from presidente import president as pres
from presidente.server.views import PRIVATE_KEYS, PresidentViews

# Tables whose fields the views keep all move: a transfer (cards given and received), the draft
# (its pool face up, the cards placed), Daifugo effects (cards discarded face up, a suit lock, owed cards), seats
# leaving and joining (present, in round, the finished and bottom seats).
TABLES = [
    ("victorz", {}),
    ("college-draft", {}),
    ("bga", {"ten_discard": True, "seven_give": True, "suit_lock": True, "jack_back": True}),
]


def play_on(state: pres.State, rng: random.Random, moves: int) -> Iterator[None]:
    """Random moves, now and then a seat leaving or an empty seat taken; yields after each."""
    for _ in range(moves):
        if state.is_over:
            return
        empty = [seat for seat in range(state.seats) if not state.present[seat]]
        if empty and rng.random() < 0.1:
            state.apply(pres.Join(empty[0]), empty[0])
        elif not empty and rng.random() < 0.02:
            seat = rng.randrange(state.seats)
            state.apply(pres.Leave(seat), seat)
        else:
            state.apply(rng.choice(state.offered_actions()))
        yield


@pytest.mark.parametrize(("preset", "options"), TABLES, ids=[preset for preset, _ in TABLES])
def test_every_view_equals_one_built_afresh_and_none_handed_out_changes(preset: str, options: dict[str, Any]) -> None:
    rules = dataclasses.replace(pres.find_preset(preset), **options)
    state = pres.new_game(rules, 4, 7)
    kept = PresidentViews()
    handed_out: list[tuple[dict[str, Any], dict[str, Any]]] = []
    rng = random.Random(7)
    viewers: list[int | None] = [None, 0, 1, 2, 3]
    for _ in play_on(state, rng, 400):
        for viewer in viewers:
            view = kept.view(state, viewer)
            assert view == PresidentViews().view(state, viewer), f"seat {viewer}, {state.phase}"
            handed_out.append((view, copy.deepcopy(view)))
    for view, as_handed_out in handed_out:
        assert view == as_handed_out
    assert state.round_number >= 3, "the table played into a third round"


def test_a_seat_view_differs_from_the_spectators_only_in_its_private_keys_and_holds_no_log() -> None:
    """Issue 26: the view holds no sentence (the events travel typed beside it); a seat's view differs from the
    spectators' only in its own cards and moves, here the cards it gave and received in the transfer."""
    state = pres.new_game(pres.find_preset("victorz"), 4, 3)
    views = PresidentViews()
    rng = random.Random(3)
    told_otherwise = 0
    for _ in range(120):
        state.apply(rng.choice(state.offered_actions()))
        spectators = views.view(state, None)
        assert "log" not in spectators
        for seat in range(state.seats):
            view = views.view(state, seat)
            differs = {key for key in view if view[key] != spectators[key]}
            assert differs <= set(PRIVATE_KEYS)
            told_otherwise += bool(differs & {"gave", "received"})
    assert told_otherwise > 0, "some seat was told cards the spectators were not"
