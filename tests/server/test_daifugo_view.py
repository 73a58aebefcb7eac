"""The President game view names the Daifugo effects in force (issue 12) for the table page's banners: the turn
order after a 9 reverse, a jack back, the suits a suit lock keeps, the cards a play still owes, and which of
these options the table plays."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import presidente.president as pres
from presidente.server.games import PresidentGame

GAME = PresidentGame()
DAIFUGO = {
    "nine_reverse": True,
    "jack_back": True,
    "suit_lock": True,
    "seven_give": True,
    "ten_discard": True,
    "eight_cut": True,
}
MOVES = 4000


def views_of_random_play(seed: int) -> list[tuple[list[str], dict[str, Any]]]:
    """Each move's new event kinds beside the spectator's view after it, over random play of a Daifugo table."""
    rules = dataclasses.replace(pres.find_preset("bga"), **DAIFUGO)
    state = pres.new_game(rules, 4, seed)
    rng = random.Random(seed)
    seen = []
    for _ in range(MOVES):
        if state.is_over:
            break
        before = len(state.events) if state.events else 0
        round_number = state.round_number
        state.apply(rng.choice(state.legal_actions()), state.current_player)
        kinds = [event.kind for event in state.events[before:]] if state.round_number == round_number else []
        seen.append((kinds, GAME.view(state, None)))
    return seen


def test_the_view_follows_the_turn_order_jack_back_lock_and_owed_cards() -> None:
    seen = views_of_random_play(5)
    found = set()
    for kinds, view in seen:
        assert set(view["effects"]) == set(DAIFUGO)
        if "turn-order" in kinds:
            found.add("turn-order")
        if "lock" in kinds and view["trick"]:
            # "a play with exactly the suits of the play before it locks the trick to them"
            last = view["trick"][-1][1].split()
            assert set(view["lock"]) == {card[-1] for card in last}
            found.add("lock")
        if "jack-back" in kinds and view["jack_back"]:
            # "a play holding a jack reverses strength until the trick ends": the view says so while it lasts
            found.add("jack-back")
        if view["owed"] is not None:
            owed = view["owed"]
            assert view["current"] == owed["seat"] and owed["count"] >= 1
            assert owed["kind"] in ("give", "discard")
            assert (owed["receiver"] is None) == (owed["kind"] == "discard")
            found.add(owed["kind"])
        if not view["trick"]:
            assert view["lock"] == "" and not view["jack_back"], "both end with the trick"
    assert found >= {"turn-order", "lock", "jack-back", "give", "discard"}, found
    orders = {view["clockwise"] for _, view in seen}
    assert orders == {True, False}, "a 9 turned the order at least once"


def test_the_view_names_a_number_lock_and_the_sequence_options() -> None:
    rules = dataclasses.replace(pres.find_preset("bga"), sequences=True, number_lock=True)
    state = pres.new_game(rules, 4, 1)
    rng = random.Random(1)
    locked = False
    for _ in range(MOVES):
        if state.is_over or locked:
            break
        before = len(state.events)
        state.apply(rng.choice(state.legal_actions()), state.current_player)
        view = GAME.view(state, None)
        assert view["effects"] == ["sequences", "number_lock"]
        # "once a play of one rank is one rank above the play before it, every later play of the trick is one
        # rank above the last": the view says so from that play until the trick ends.
        if any(event.kind == "number-lock" for event in state.events[before:]):
            assert view["number_locked"] and view["trick"]
            locked = True
        if not view["trick"]:
            assert not view["number_locked"]
    assert locked, "random play locked the numbers once"


def test_a_table_without_daifugo_options_shows_none_in_force() -> None:
    state = pres.new_game(pres.find_preset("bga"), 4, 1)
    view = GAME.view(state, 0)
    assert view["effects"] == [] and view["clockwise"] is True
    assert view["lock"] == "" and view["owed"] is None and view["jack_back"] is False
    assert view["number_locked"] is False
