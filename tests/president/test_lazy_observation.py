"""A lazy observation (`State.observation(seat, lazy=True)`, what the server hands its bots) holds exactly the
values of the eager one: the fields it fills later are filled from the position it was made at, even when the
state has moved on before they are read. And `State.is_over`, a field, says whether the phase is OVER."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

from presidente.president import PRESETS, Observation, State, new_game
from presidente.president.position import Phase

FIELDS = [field.name for field in dataclasses.fields(Observation)]
# Every preset: transfers, the draft, sequences and locks, Daifugo effects, UECda turns.
PRESETS_SEEN = sorted(PRESETS)


def _rules(preset: str) -> tuple[object, int]:
    rules = PRESETS[preset].rules.replace(rounds=2, target_score=0)
    return rules, max(rules.min_players, 4)


def _values(observation: Observation) -> dict[str, object]:
    return {name: getattr(observation, name) for name in FIELDS}


@pytest.mark.parametrize("preset", PRESETS_SEEN)
def test_lazy_observations_equal_eager_ones_read_now_or_after_the_state_moved_on(preset: str) -> None:
    rules, players = _rules(preset)
    state = new_game(rules, players, 11)  # type: ignore[arg-type]
    rng = random.Random(11)
    checked = 0
    for step in range(160):
        if state.is_over:
            break
        viewers = (*range(players), None)
        # Read at once, field by field in a random order (any first field fills the rest).
        for seat in viewers:
            lazy = state.observation(seat, lazy=True)
            names = FIELDS[:]
            rng.shuffle(names)
            eager = _values(state.observation(seat))
            assert {name: getattr(lazy, name) for name in names} == eager
            checked += 1
        # Not read before the next move: `apply` fills them from the position they were made at.
        unread = [(state.observation(seat, lazy=True), _values(state.observation(seat))) for seat in viewers]
        actions = state.legal_actions()
        if step % 17 == 5 and state.phase is Phase.PLAY:
            state.apply(actions[0])
        else:
            state.apply(actions[rng.randrange(len(actions))])
        for lazy, eager in unread:
            assert _values(lazy) == eager
            assert set(vars(lazy)) == set(FIELDS)  # nothing but the fields once filled
    assert checked > 100


def test_a_lazy_observation_equals_hashes_copies_and_pickles_as_the_eager_one() -> None:
    rules, players = _rules("victorz")
    state = new_game(rules, players, 3)  # type: ignore[arg-type]
    for _ in range(9):
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    eager = state.observation(seat)
    assert state.observation(seat, lazy=True) == eager
    assert hash(state.observation(seat, lazy=True)) == hash(eager)
    assert repr(state.observation(seat, lazy=True)) == repr(eager)
    assert pickle.loads(pickle.dumps(state.observation(seat, lazy=True))) == eager
    assert copy.deepcopy(state.observation(seat, lazy=True)) == eager
    assert dataclasses.replace(state.observation(seat, lazy=True)) == eager
    with pytest.raises(AttributeError, match="no attribute 'hands'"):
        state.observation(seat, lazy=True).hands  # type: ignore[attr-defined]  # noqa: B018


def test_a_clone_moving_on_leaves_its_originals_lazy_observation_as_it_was_made() -> None:
    rules, players = _rules("bga")
    state = new_game(rules, players, 8)  # type: ignore[arg-type]
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    lazy, eager = state.observation(seat, lazy=True), state.observation(seat)
    other = state.clone()
    other.apply(other.legal_actions()[-1])
    assert lazy == eager
    lazy = state.observation(seat, lazy=True)
    state.apply(state.legal_actions()[-1])
    assert lazy == eager


@pytest.mark.parametrize("preset", ["victorz", "college"])
def test_is_over_is_true_exactly_when_the_phase_is_over(preset: str) -> None:
    rules = PRESETS[preset].rules.replace(rounds=2, target_score=0)
    state = new_game(rules, 4, 5)
    rng = random.Random(5)
    seen_over = False
    while True:
        assert state.is_over == (state.phase is Phase.OVER)
        assert State.from_position(state.to_position()).is_over == state.is_over
        assert state.clone().is_over == state.is_over
        if state.is_over:
            seen_over = True
            break
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    assert seen_over


def test_a_state_asked_for_many_lazy_observations_without_a_move_keeps_only_those_still_held() -> None:
    rules, players = _rules("victorz")
    state = new_game(rules, players, 2)  # type: ignore[arg-type]
    seat = state.current_player
    held = [state.observation(seat, lazy=True) for _ in range(3)]
    for _ in range(1000):
        state.observation(seat, lazy=True)  # dropped at once, as the server's bot drops it
    assert state._unsettled is not None and len(state._unsettled) <= 64 + len(held)
    eager = state.observation(seat)
    state.apply(state.legal_actions()[0])
    assert all(observation == eager for observation in held)
