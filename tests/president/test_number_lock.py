"""The number lock (issue 12: "the variants people use (suit lock; number lock; both)"), one test per sentence of
its meaning: "once a play of one rank is one rank above the play before it, every later play of the trick is one
rank above the last; a joker played alone lifts it. With suit_lock: both.\""""

from __future__ import annotations

import pytest
from helpers import act, legal, position, snapshot

from presidente.errors import IllegalActionError
from presidente.president import Position, Rules, State, find_preset

BASE: Rules = find_preset("victorz").replace(
    jokers_per_deck=1,
    joker_mode="bga",
    equalize="disallow",
    one_fewer_two=False,
    pass_mode="turn",
    number_lock=True,
)


def test_two_plays_one_rank_apart_lock_the_numbers() -> None:
    """ "once a play of one rank is one rank above the play before it, every later play of the trick is one rank
    above the last"."""
    state = position(BASE, ["5C 7C 3S", "6D 8D 9D", "7H 8H KH"])
    act(state, "5C", "6D")
    assert state.number_locked
    assert legal(state) == {"pass", "7H"}
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="number-locked: play 7"):
        act(state, "KH")
    assert snapshot(state) == before
    act(state, "7H")
    assert legal(state) == {"pass"}  # seat 0 holds no 8
    act(state, "pass")
    assert legal(state) == {"pass", "8D"}
    assert any(event.kind == "number-lock" for event in state.events)


def test_plays_further_apart_do_not_lock() -> None:
    state = position(BASE, ["5C 9C 3S", "7D 8D", "10H KH"])
    act(state, "5C", "7D")
    assert not state.number_locked
    assert legal(state) == {"pass", "10H", "KH"}


def test_the_number_lock_holds_for_groups_of_the_trick_size() -> None:
    state = position(BASE, ["5C 5D 3S", "6C 6D 9H 9S", "7H 7S 8C 8D"])
    act(state, "5C 5D", "6C 6D")
    assert legal(state) == {"pass", "7H 7S"}


def test_in_a_revolution_one_rank_above_is_one_rank_stronger() -> None:
    state = position(BASE, ["9C 3S", "8D 10D", "7H 6H"], reversed=True)
    act(state, "9C", "8D")
    assert state.number_locked and legal(state) == {"pass", "7H"}


def test_a_joker_played_alone_lifts_the_number_lock() -> None:
    """ "a joker played alone lifts it"."""
    state = position(BASE, ["5C 3S", "6D JK 9D", "7H KH"])
    act(state, "5C", "6D", "pass", "pass")
    assert state.current == 1 and "JK" in legal(state)
    act(state, "JK")
    assert not state.number_locked


def test_suit_lock_and_number_lock_together_ask_for_both() -> None:
    """ "With suit_lock: both"."""
    state = position(BASE.replace(suit_lock=True), ["5C 3S", "6C 9D", "7C 7H 8C"])
    act(state, "5C", "6C")
    assert state.number_locked and state.lock == 1
    assert legal(state) == {"pass", "7C"}


def test_a_position_keeps_the_number_lock_through_a_jack_back() -> None:
    # 10 then J locks the numbers; the jack reverses the order, so one rank above the jack is now the 10.
    state = position(BASE.replace(jack_back=True), ["10C 3S", "JD 9D", "10H KH 9H"])
    act(state, "10C", "JD")
    assert state.reversed and state.number_locked
    assert legal(state) == {"pass", "10H"}
    again = State.from_position(Position.from_json(state.to_position().to_json()))
    assert again.number_locked and legal(again) == legal(state)


def test_the_number_lock_is_off_by_default() -> None:
    state = position(BASE.replace(number_lock=False), ["5C 7C 3S", "6D 8D 9D", "7H 8H KH"])
    act(state, "5C", "6D")
    assert legal(state) == {"pass", "7H", "8H", "KH"}
