"""Seed 000's reshuffle at the moment the deck runs out, and El Presidente positions: `State.to_position()` /
`State.from_position()` rebuild a table that plays on exactly, the JSON form round-trips, and a position no
table could hold is refused with a `PositionError` that says why."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from elp_helpers import cards, play, position
from hypothesis import given, settings
from hypothesis import strategies as st
from test_elp_properties import rules_for, tables

from presidente.elpresidente import Phase, Rules, State
from presidente.elpresidente.position import Position, PositionError
from presidente.errors import RecordError


def test_the_discard_pile_becomes_the_deck_the_moment_the_deck_runs_out() -> None:
    """ "Any time that the "new cards" pile becomes empty, the discard pile is shuffled and stacked face down
    to make a new deck of "new cards" from which cards can be drawn." — at that moment, not when a later draw
    finds the deck empty: cards discarded afterwards start a new discard pile."""
    rest = sorted(set(range(52)) - set(cards("2C 3C 4C 5C 2D 3D 4D 5D 6D")))
    state = position(["2C 3C 4C 5C", "2D 3D 4D 5D"], deck=cards("6D"), discard=rest)
    play(state, "attack 2C", "pass", "concede")  # seat 1 keeps the pile; seat 0 draws 6D, the deck's last card
    assert sorted(state.deck) == rest and state.discard == [] and state.reshuffles == 1
    view = state.observation(1)
    assert (view.deck_size, view.discard_size) == (len(rest), 0)
    play(state, "attack 3C", "pass", "beat 3D", "pass", "pass", "pass")  # no one takes the pile
    assert sorted(state.discard) == cards("3C 3D") and len(state.deck) == len(rest) - 1 and state.reshuffles == 1


def test_a_pile_discarded_onto_an_empty_deck_becomes_the_deck() -> None:
    """The deck ran out while the discard pile was empty: the next discarded battle pile is the new deck."""
    everything = sorted(set(range(52)) - set(cards("2C 3C 4C 5C 2D 3D 4D 5D 6D")))
    hands = [cards("2C 3C 4C 5C"), cards("2D 3D 4D 5D"), everything]
    state = State.at_battle_start(Rules(players=3), hands, 0, deck=cards("6D"))
    play(state, "attack 2C", "pass", "pass", "concede")  # seat 0 draws 6D: both piles are empty
    assert state.deck == [] and state.discard == [] and state.reshuffles == 0
    play(state, "attack AC", "pass", "pass", "beat 3C", "pass", "pass", "pass", "pass", "pass")
    # AC and 3C were discarded and became the deck at once; seat 0 drew one of them.
    assert len(state.deck) == 1 and state.discard == [] and state.reshuffles == 1
    assert len(state.hands[0]) == 4 and state.deck[0] in cards("AC 3C")


def _walk(rules: Rules, seed: int, stops: int) -> list[tuple[State, random.Random]]:
    """Copies of a random game at a few random points, each with a generator for its continuation."""
    rng = random.Random(seed)
    state = State(rules, seed)
    found = []
    while not state.is_over and len(found) < stops:
        for _ in range(rng.randrange(1, 80)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
            assert state.deck or not state.discard  # never an empty deck beside a discard pile
        found.append((state.clone(), random.Random(rng.randrange(1 << 30))))
    return found


@settings(max_examples=40, deadline=None)
@given(table=tables, games=st.integers(1, 3), seed=st.integers(0, 10**6))
def test_a_rebuilt_table_plays_on_exactly(table: tuple[int, str | None], games: int, seed: int) -> None:
    for state, rng in _walk(rules_for(table, games), seed, stops=3):
        position = state.to_position()
        assert Position.from_json(position.to_json()) == position
        rebuilt = State.from_position(position)
        assert rebuilt == state
        seed = rng.randrange(1 << 30)
        chance, same_chance = random.Random(seed), random.Random(seed)
        for _ in range(60):
            assert rebuilt.legal_actions() == state.legal_actions()
            for seat in range(state.players):
                assert rebuilt.observation(seat) == state.observation(seat)
            if state.is_over:
                break
            state.apply(chance.choice(state.legal_actions()))
            rebuilt.apply(same_chance.choice(rebuilt.legal_actions()))
        assert rebuilt == state


def _start() -> Position:
    return position(["7C 2C 3C 4C", "9C 3D 4D 5D", "6C 8C 10C 9D"], attacker=0).to_position()


def test_a_position_set_up_by_hand_plays() -> None:
    start = _start()
    state = State.from_position(dataclasses.replace(start, attacker=1, defender=2, current_player=1))
    play(state, "attack 9C")
    assert state.phase is Phase.ATTACK_THROW_IN and state.current_player == 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: {"hands": ((*p.hands[0], 24), *p.hands[1:])}, r"7C is both in seat 0's hand and in seat 0's hand"),
        (lambda p: {"deck": p.deck[1:]}, "missing"),
        (lambda p: {"deck": (), "discard": p.deck}, "The deck is empty but the discard pile is not"),
        (lambda p: {"hands": p.hands[:2]}, "one hand per seat"),
        (lambda p: {"current_player": 2}, "In the attack phase seat 0 is to move, not seat 2"),
        (lambda p: {"current_player": 9}, "the seat to move must be a seat from 0 to 2"),
        (lambda p: {"phase": Phase.OVER}, "must not be over|needs the results"),
        (lambda p: {"defender": 0}, "two different seats"),
        (lambda p: {"phase": Phase.DEFEND, "current_player": 1}, "The battle pile is empty exactly before the attack"),
        (lambda p: {"game_winners": (1,), "end_reasons": ("won",)}, "needs the results"),
    ],
)
def test_a_position_no_table_could_hold_is_refused(change: object, message: str) -> None:
    start = _start()
    broken = dataclasses.replace(start, **change(start))  # type: ignore[operator]
    with pytest.raises(PositionError, match=message):
        State.from_position(broken)


@pytest.mark.parametrize(
    ("hands", "options", "message"),
    [
        (["2C 3C", "2D 3D", "4D"], {}, "one hand per seat: 3 for 2"),
        (["2C 3C", "2C 3D"], {}, "2C is both in seat 0's hand and in seat 1's hand"),
        (["2C 3C", "2D 3D"], {"deck": [], "discard": cards("4D")}, "The deck is empty but the discard pile is not"),
    ],
)
def test_a_battle_set_up_by_hand_is_checked_as_a_position_is(hands: list[str], options: dict, message: str) -> None:
    """Issue 25, one check, one error: `State.at_battle_start` refuses cards no table could hold with the check and
    the `PositionError` of positions (`position.check_cards`)."""
    with pytest.raises(PositionError, match=message):
        State.at_battle_start(Rules(players=2), [cards(hand) for hand in hands], 0, **options)


def test_the_json_form_is_checked() -> None:
    data = json.loads(_start().to_json())
    for broken, message in (
        ("[]", "A position is a JSON object"),
        ("{", "A position is JSON"),
        (json.dumps({**data, "game": "president"}), "Not an El Presidente position"),
        (json.dumps({k: v for k, v in data.items() if k != "deck"}), "exactly the fields of Position: deck"),
        (json.dumps({**data, "deck": ["7X"]}), "Broken position"),
        (json.dumps({**data, "deck": ["JK"]}), "without jokers"),
        (json.dumps({**data, "attacker": "0"}), "attacker must hold whole numbers"),
        (json.dumps({**data, "phase": "nap"}), "phase must be one of"),
        (json.dumps({**data, "log": [[0]]}), r"Each log entry is \[seat, action text\]"),
    ):
        with pytest.raises(PositionError, match=message):
            Position.from_json(broken)
    assert issubclass(PositionError, RecordError)
