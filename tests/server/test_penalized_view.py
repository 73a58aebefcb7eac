"""The view tells a seat placed at the bottom for its last card from a seat someone left: both are in `out`, only
the first in `penalized` (the page told such a player "You play from the next round on.", a newcomer's words)."""

from __future__ import annotations

import random

from presidente.president import find_preset, new_game
from presidente.server.games import game_of


def test_a_penalized_finish_is_named_apart_from_a_seat_left() -> None:
    """Seed 001: a player who goes out with a forbidden card is "ranked the lowest"."""
    game = game_of("president")
    for seed in range(200):
        state = new_game(find_preset("bga"), players=4, seed=seed)
        rng = random.Random(seed)
        while state.round_number == 1 and not state.is_over:
            state.apply(rng.choice(state.offered_actions()))
            penalized = [event.seat for event in state.events if event.kind == "penalized"]
            if penalized:
                view = game.view(state, penalized[0])
                assert view["penalized"] == penalized and penalized[0] in view["out"]
                assert view["seats"][penalized[0]]["finished"] and view["seats"][penalized[0]]["in_round"]
                return
    raise AssertionError("no penalized finish in 200 random rounds")
