"""Bad input: malformed text, illegal moves, moves out of turn, bad options and broken records each raise their
own `ValueError` subclass and leave the state as it was."""

from __future__ import annotations

import json

import pytest
from helpers import act, after_round, position, snapshot

from presidente.errors import (
    ActionSyntaxError,
    IllegalActionError,
    NotYourTurnError,
    PresidenteError,
    RecordError,
    RulesError,
)
from presidente.president import PASS, Join, Leave, Record, Rules, find_preset, new_game, parse_action, record_of


@pytest.mark.parametrize(
    "text", ["", "7X", "play", "3H 4", "give", "take 1Z", "leave", "join two", "JK=Z", "3Hx0", "pass now"]
)
def test_malformed_action_text(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


@pytest.mark.parametrize("text", ["3H 4S", "3H 5H", "3H 3H 4H", "3H 4H JK", "JK=5H"])
def test_mixed_ranks_are_a_syntax_error_unless_a_sequence(text: str) -> None:
    # Cards of several ranks are a play only as a sequence: one suit, consecutive ranks, each joker naming its card.
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


@pytest.mark.parametrize("text", ["5C", "9C 9D", "KD", "3C 3C", "give 3C", "take 3C", "JK"])
def test_illegal_moves_leave_the_state_unchanged(text: str) -> None:
    state = position("victorz", ["7C 9C 9H", "8C 3D", "4H"])
    act(state, "7C")
    before = snapshot(state)
    with pytest.raises(IllegalActionError):
        state.apply(parse_action(text))
    assert snapshot(state) == before


def test_pass_when_leading_is_illegal() -> None:
    state = position("victorz", ["7C 9C", "8C 3D"])
    before = snapshot(state)
    with pytest.raises(IllegalActionError):
        state.apply(PASS)
    assert snapshot(state) == before


def test_out_of_turn() -> None:
    state = position("victorz", ["7C 9C", "8C 3D", "4H"])
    before = snapshot(state)
    for seat in (1, 2):
        with pytest.raises(NotYourTurnError, match="isn't your turn"):
            state.apply(parse_action("8C"), seat)
    with pytest.raises(NotYourTurnError):
        state.apply(Leave(1), seat=2)
    assert snapshot(state) == before


def test_transfer_errors() -> None:
    state = after_round("victorz", [0, 1, 2, 3], seed=2)
    before = snapshot(state)
    for action, seat in (
        (parse_action("give 3C"), 0),
        (PASS, 0),
        (parse_action("7C"), 0),
        (parse_action("give 3C 4C"), 1),
    ):
        with pytest.raises(PresidenteError):
            state.apply(action, seat)
    assert snapshot(state) == before


def test_table_action_errors() -> None:
    state = position("victorz", ["7C 9C", "8C 3D", "4H"])
    before = snapshot(state)
    for action in (Leave(5), Join(1), Join(-1)):
        with pytest.raises(IllegalActionError):
            state.apply(action)
    assert snapshot(state) == before
    state.apply(Leave(2))
    with pytest.raises(IllegalActionError, match="empty"):
        state.apply(Leave(2))


def test_leave_and_join_twice_keeps_one_place_in_the_queue() -> None:
    """Seed 002's new queue holds each newcomer once, however often they come and go."""
    state = position("victorz", ["5C", "6C 3H", "7C 4S", ""])
    for _ in range(2):
        state.apply(Leave(3))
        state.apply(Join(3))
    assert state.new_queue == [3]
    while state.round_number == 1:
        state.apply(state.legal_actions()[0])
    assert sorted(state.round_players) == [0, 1, 2, 3] and state.round_players[-1] == 3


def test_match_over_refuses_actions() -> None:
    state = position(find_preset("bga").replace(target_score=1), ["5C", "6C 3C"])
    act(state, "5C")
    assert state.is_over
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(PASS)


@pytest.mark.parametrize(
    "changes",
    [
        {"equalize": "sometimes"},
        {"turn_time": 4},
        {"decks": 0},
        {"jokers_per_deck": 3},
        {"revolution": "on"},
        {"pass_mode": "never"},
        {"special_three": "4C"},
        {"max_players": 9},
        {"rounds": 0, "target_score": 0},
        {"credit_changes": (1, 2)},
        {"no_such_option": 1},
        {"decks": True},
    ],
)
def test_bad_option_values(changes: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        Rules().replace(**changes)


def test_unknown_preset_and_bad_option_types() -> None:
    with pytest.raises(RulesError):
        find_preset("poker")
    with pytest.raises(RulesError):
        Rules.from_dict({"decks": "two"})
    with pytest.raises(RulesError):
        Rules.from_dict({"keep_jokers": 1})


def _saved_game() -> str:
    state = new_game(find_preset("college"), 3, seed=4)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    return record_of(state).to_json()


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: "{not json",
        lambda data: "[1, 2]",
        lambda data: json.dumps({**data, "format": "other/1"}),
        lambda data: json.dumps({**data, "game": "el-presidente"}),
        lambda data: json.dumps({key: value for key, value in data.items() if key != "actions"}),
        lambda data: json.dumps({**data, "rules": {"equalize": "sometimes"}}),
        lambda data: json.dumps({**data, "players": "many"}),
        lambda data: json.dumps({**data, "actions": [[0, "7X"]]}),
        lambda data: json.dumps({**data, "actions": [[2, "pass"], *data["actions"]]}),
        lambda data: json.dumps({**data, "actions": data["actions"] + [[1, "AS AS"]]}),
    ],
)
def test_broken_records(damage: object) -> None:
    data = json.loads(_saved_game())
    text = damage(data)  # type: ignore[operator]
    with pytest.raises(RecordError):
        Record.from_json(text).final_state()


def test_a_good_record_replays() -> None:
    text = _saved_game()
    state = Record.from_json(text).final_state()
    assert record_of(state).to_json() == text
