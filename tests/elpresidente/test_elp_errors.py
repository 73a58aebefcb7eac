"""Bad input raises a clear ValueError subclass and leaves the state exactly as it was."""

from __future__ import annotations

import random

import pytest
from elp_helpers import position

from presidente.elpresidente import Attack, Concede, PickUp, Rules, State, parse_action
from presidente.errors import ActionSyntaxError, IllegalActionError, NotYourTurnError, PresidenteError


@pytest.mark.parametrize(
    "text", ["", "attack", "attack 7X", "beat 7C 7D", "attack JK", "throw 7C 7C", "fold", "take 7C"]
)
def test_malformed_text_is_a_syntax_error(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


@pytest.mark.parametrize("text", ["attack 7d 7c", "throw KH KC KS", "beat 10d", "concede", "take", "pass"])
def test_text_round_trips(text: str) -> None:
    action = parse_action(text)
    assert parse_action(str(action)) == action


def _unchanged(state: State, action: object, error: type[PresidenteError], seat: int | None = None) -> None:
    before = state.snapshot()
    with pytest.raises(error) as caught:
        state.apply(action, seat=seat)  # type: ignore[arg-type]
    assert str(caught.value)
    assert state.snapshot() == before


def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = position(["7C 7D 2C 3C", "8C 2D 3D 4D", "9C 5D 6D 4C"])
    _unchanged(state, "attack KS", IllegalActionError)  # not held
    _unchanged(state, "attack 7C 2C", IllegalActionError)  # unequal
    _unchanged(state, Concede(), IllegalActionError)  # wrong phase
    _unchanged(state, "attack 7C", NotYourTurnError, seat=1)
    _unchanged(state, "attack 7X", ActionSyntaxError)
    state.apply("attack 7C")
    _unchanged(state, "throw 2C", IllegalActionError)  # seat 2 holds no 7
    _unchanged(state, "throw 9C", IllegalActionError)
    _unchanged(state, PickUp(), IllegalActionError)
    state.apply("pass")
    state.apply("pass")
    _unchanged(state, "beat 2D", IllegalActionError)  # lower, other suit
    _unchanged(state, Attack((0,)), IllegalActionError)


def test_nothing_is_allowed_after_the_match() -> None:
    state, rng = State(Rules(players=8), 4), random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert state.current_player is None and state.legal_actions() == []
    _unchanged(state, "pass", IllegalActionError)


def test_no_such_seat() -> None:
    with pytest.raises(IllegalActionError):
        State(Rules(players=2), 1).observation(2)
