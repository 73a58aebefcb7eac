"""Observations cost the same late in a round as early: events are read once per viewer and shared.

The timings are in `benchmarks/observation_speed.py`; these tests pin the behaviour that makes them flat (only
new events are read) and that sharing changes nothing a seat sees: an observation equals one built from
scratch, and stays as it was while the game goes on, in the state and in its clones.
"""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from presidente.president import PRESETS, Observation, State, new_game
from presidente.president import observation as observation_module
from presidente.president.events import Event, seen_by
from presidente.president.observation import EventLog


def _game(preset: str, players: int, seed: int, moves: int) -> State:
    state = new_game(PRESETS[preset].rules.replace(rounds=3, target_score=0), players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state


def _fresh_events(state: State, seat: int | None) -> tuple[Event, ...]:
    return tuple(seen_by(event, seat) for event in state.events)


def test_an_observation_has_exactly_the_fields_of_its_class() -> None:
    state = _game("college", 4, 1, 30)
    for seat in (*range(4), None):
        observation = state.observation(seat)
        assert set(vars(observation)) == {field.name for field in dataclasses.fields(Observation)}
        assert dataclasses.replace(observation) == observation


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_events_are_those_read_from_scratch_and_do_not_change_later(preset: str) -> None:
    rules = PRESETS[preset].rules
    players = max(rules.min_players, 4)
    state = _game(preset, players, 7, 0)
    rng = random.Random(7)
    kept: list[tuple[Observation, tuple[Event, ...]]] = []
    for step in range(400):
        if state.is_over:
            break
        for seat in (*range(players), None):
            if (step + (seat or 0)) % 3 == 0:
                observation = state.observation(seat)
                expected = _fresh_events(state, seat if seat is not None else None)
                assert observation.events == expected and tuple(observation.events) == expected
                kept.append((observation, expected))
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    for observation, expected in kept:
        assert tuple(observation.events) == expected


def test_only_new_events_are_read() -> None:
    state = _game("victorz", 6, 3, 120)
    for seat in range(6):
        state.observation(seat)
    read: list[object] = []
    original = observation_module._event_view

    def counting(event: object, secret: bool) -> Event:
        read.append(event)
        return original(event, secret)  # type: ignore[arg-type]

    observation_module._event_view = counting  # type: ignore[assignment]
    try:
        before = len(state.events)
        state.apply(state.legal_actions()[0])
        new = len(state.events) - before
        for seat in range(6):
            state.observation(seat)
        assert len(read) == 6 * new
    finally:
        observation_module._event_view = original


def test_a_clone_and_its_original_keep_their_own_events() -> None:
    state = _game("bga", 4, 5, 25)
    seat = state.current_player
    assert seat is not None
    first = state.observation(seat)
    other = state.clone()
    actions = state.legal_actions()
    state.apply(actions[0])
    other.apply(actions[-1])
    for game in (state, other):
        for viewer in range(4):
            assert tuple(game.observation(viewer).events) == _fresh_events(game, viewer)
    assert tuple(first.events) == tuple(first.events[: len(first.events)])
    assert len(first.events) < len(state.events)


def test_a_replaced_event_list_is_read_again() -> None:
    state = _game("college", 4, 2, 20)
    state.observation(0)
    del state.events[5:]  # shortened in place
    assert tuple(state.observation(0).events) == _fresh_events(state, 0)
    state.events = state.events[:3]
    assert tuple(state.observation(0).events) == _fresh_events(state, 0)
    state.events = []
    assert len(state.observation(0).events) == 0


def test_an_event_log_reads_like_a_tuple() -> None:
    views = [Event("pass", seat) for seat in range(5)]
    log = EventLog(views, 3)
    views.append(Event("pass", 9))  # appended after: not part of this log
    assert len(log) == 3 and list(log) == views[:3] and log[-1] == views[2] and log[0] == views[0]
    assert log[1:] == tuple(views[1:3]) and log[::-1] == tuple(views[2::-1]) and log[-2:] == tuple(views[1:3])
    assert log == tuple(views[:3]) and tuple(views[:3]) == log and log != tuple(views[:2])
    assert hash(log) == hash(tuple(views[:3])) and views[1] in log and log.index(views[2]) == 2
    with pytest.raises(IndexError):
        log[3]
    assert pickle.loads(pickle.dumps(log)) == log
    assert "EventLog" in repr(log)
