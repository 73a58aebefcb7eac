"""Why a trick ended: the engine's `trick-end` event carries the rule that ended it (`TRICK_END_CAUSES`), one
scenario per cause, each quoting the sentence of its rule; a position keeps the cause, and one saved before causes
were kept still reads."""

from __future__ import annotations

import json

import pytest
from helpers import act, position

from presidente.errors import PositionError
from presidente.president import Position, State, find_preset
from presidente.president.events import TRICK_END_CAUSES
from presidente.president.roles import Roles

VICTORZ = find_preset("victorz")
COLLEGE = find_preset("college")
BASE = VICTORZ.replace(jokers_per_deck=1, joker_mode="bga", equalize="disallow", one_fewer_two=False, pass_mode="trick")
WILD = BASE.replace(joker_mode="wild", jokers_per_deck=2)
FOUR_HANDS = ["5C 5D 5H JK 9C", "6C 7C 8C", "6D 7D 8D", "6H 7H 8H"]


def causes(state: State) -> list[tuple[int | None, object]]:
    return [(event.seat, event.payload) for event in state.events if event.kind == "trick-end"]


def test_everyone_else_passed() -> None:
    """Seed 002: "When everyone except P (the last player to move) has passed, P starts a new trick"."""
    state = position(COLLEGE, ["4C 9C", "5D 3D", "6H 7H"])
    act(state, "4C", "5D", "pass", "pass")
    assert causes(state) == [(1, "passes")]


def test_a_skip_brings_the_turn_back() -> None:
    """Seed 002: "The effect is not triggered if the trick ends (if the next player is the current player)" —
    three 5s at a table of four skip everyone else (issue 12's 5 skip)."""
    state = position(BASE.replace(five_skip=True), FOUR_HANDS)
    act(state, "5C 5D 5H")
    assert causes(state) == [(0, "skips")]


def test_trump_jokers() -> None:
    """Seed 003: "A Joker is a "trump" card and wins any hand no matter the size of the set"."""
    state = position(find_preset("trump-jokers"), ["9C 9D 9H 3C", "JK 4C", "5D"])
    act(state, "9C 9D 9H", "JK")
    assert causes(state) == [(1, "trump_jokers")]


def test_eight_rule() -> None:
    """Seed 002's 8-rule: "If an 8 is played, the trick ends" (a joker played alone as an 8 too)."""
    for lead in ("8C", "JK=8"):
        state = position(WILD.replace(eight_rule=True), ["8C JK 5C", "QD 10D 4D", "6H 7H"])
        act(state, lead)
        assert causes(state) == [(0, "eight")], lead


def test_best_rank() -> None:
    """Seed 004: "2s are the highest ranked cards and immediately win you the round when played"."""
    state = position(COLLEGE, ["4C 9C", "2D 3D", "6H 7H"])
    act(state, "4C", "2D")
    assert causes(state) == [(1, "best_rank")]


def test_spade_three_return() -> None:
    """UECda: "Only the 3 of spades beats it (single, lock or not), and that clears the table"."""
    state = position(BASE.replace(spade_three_return=True), ["JK 9C", "3S 3C 2D", "6H 7H"])
    act(state, "JK", "3S")
    assert causes(state) == [(1, "spade_three")]


def test_eight_cut() -> None:
    """UECda: "8 cut: any play that contains an 8 — single, group or sequence — clears the table"."""
    state = position(BASE.replace(eight_cut=True), ["5C KC", "8D 4D", "6H 7H"])
    act(state, "5C", "8D")
    assert causes(state) == [(1, "eight_cut")]


def test_four_in_a_row() -> None:
    """Seed 002: "4-in-a-row: If at least 4 cards of the same rank are played in a trick (possibly by
    equalizing), the trick ends"; seed 004's "ta gueule" "ending the round if it's the fourth one"."""
    state = position(COLLEGE, ["7C 9C", "7D 3D", "7H 4H", "7S 5S"])
    act(state, "7C", "7D", "7H", "7S")
    assert causes(state) == [(3, "four_in_a_row")]
    state = position(VICTORZ.replace(four_in_a_row="on"), ["7C 7D 9C", "7H 7S 3D", "4H"])
    act(state, "7C 7D", "7H 7S")
    assert causes(state) == [(1, "four_in_a_row")]


def test_equalize() -> None:
    """Seed 002: "Equalize end trick by Scum" — "If on, the trick ends if the scum equalizes."."""
    rules = VICTORZ.replace(equalize_ends_trick_by_scum=True)
    state = position(rules, ["7C 3C", "7D 3D", "7S 3H", "7H 3S"], current=2, roles=Roles(president=0, scum=3))
    act(state, "7S", "7H")
    assert causes(state) == [(3, "equalize")]


def test_revolution_ends_trick() -> None:
    """Seed 002: "Revolution ends trick (default: off)" — "A revolution ends the current trick and starts a new
    one"."""
    rules = VICTORZ.replace(revolution="strict", revolution_ends_trick=True)
    state = position(rules, ["7C 7D 7H 7S 4C", "6C 6D 6H 6S 3C", "9H"])
    act(state, "7C 7D 7H 7S")
    assert causes(state) == [(0, "revolution")]


def test_every_cause_has_a_scenario() -> None:
    tested = {"passes", "skips", "trump_jokers", "eight", "best_rank", "spade_three", "eight_cut", "four_in_a_row"}
    assert tested | {"equalize", "revolution"} == set(TRICK_END_CAUSES)


def _saved_after_a_trick() -> dict[str, object]:
    state = position(COLLEGE, ["4C 9C", "2D 3D", "6H 7H"])
    act(state, "4C", "2D")
    data = state.to_position().to_dict()
    assert {"kind": "trick-end", "seat": 1, "payload": "best_rank", "secret_for": None} in data["events"]
    return data


def test_a_position_keeps_the_cause() -> None:
    data = _saved_after_a_trick()
    assert Position.from_dict(json.loads(json.dumps(data))).to_dict() == data


def test_a_position_saved_before_causes_reads_with_none() -> None:
    data = _saved_after_a_trick()
    for event in data["events"]:  # type: ignore[attr-defined]
        if event["kind"] == "trick-end":
            event["payload"] = None
    restored = Position.from_dict(data)
    assert ("trick-end", 1, None) in [(event.kind, event.seat, event.payload) for event in restored.events]


def test_a_position_with_an_unknown_cause_is_refused() -> None:
    data = _saved_after_a_trick()
    for event in data["events"]:  # type: ignore[attr-defined]
        if event["kind"] == "trick-end":
            event["payload"] = "magic"
    with pytest.raises(PositionError, match="cause"):
        Position.from_dict(data)
