"""Positions: `State.to_position()` and `State.from_position()` rebuild a table that plays on exactly like the
original (same legal actions, same observations for every seat, same future), the JSON form round-trips, and
a position no table could hold is refused with a `PositionError` that says why."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from helpers import live_fields
from hypothesis import given
from hypothesis import strategies as st
from test_properties import PROPERTY_SETTINGS, random_rules, table_action

from presidente.cards import JOKER, parse_card, parse_cards
from presidente.errors import RecordError
from presidente.president import PRESETS, Leave, Phase, Play, Rules, State, find_preset, new_game, record_of
from presidente.president.position import PendingTransfer, Position, PositionError


def _step(state: State, rng: random.Random, table_actions: bool = True) -> None:
    extra = table_action(state, rng) if table_actions else None
    if extra is not None:
        state.apply(extra, extra.seat)
        return
    actions = state.legal_actions()
    state.apply(actions[rng.randrange(len(actions))])


def _same_table(one: State, two: State) -> None:
    assert one.current_player == two.current_player and one.is_over == two.is_over
    assert one.legal_actions() == two.legal_actions()
    for seat in (*range(one.seats), None):
        assert one.observation(seat) == two.observation(seat)


def _fields(state: State) -> dict[str, Any]:
    values = live_fields(state)
    values.pop("history")
    return values


def check_round_trip(state: State, continuation: random.Random, steps: int = 40) -> None:
    """The position of `state` survives JSON, and the state rebuilt from it plays on like `state` itself."""
    position = state.to_position()
    assert Position.from_json(position.to_json()) == position
    assert Position.from_dict(json.loads(json.dumps(position.to_dict()))) == position
    original, rebuilt = state.clone(), State.from_position(position)
    assert _fields(rebuilt) == _fields(original)
    seed = continuation.randrange(1 << 30)
    chance, same_chance = random.Random(seed), random.Random(seed)
    for _ in range(steps):
        _same_table(original, rebuilt)
        if original.is_over:
            break
        table_actions = original.phase is not Phase.WAITING or not all(original.present)
        _step(original, chance, table_actions)
        _step(rebuilt, same_chance, table_actions)
    _same_table(original, rebuilt)
    assert _fields(rebuilt) == _fields(original)


def _play_and_check(rules: Rules, players: int, seed: int, checks: int = 4) -> set[str]:
    """Random points of a random match (players leave and join now and then); returns the phases met."""
    rng = random.Random(seed)
    state = new_game(rules, players, seed)
    phases: set[str] = set()
    for _ in range(checks):
        for _ in range(rng.randrange(1, 60)):
            if state.is_over:
                break
            _step(state, rng)
        phases.add(str(state.phase))
        check_round_trip(state, rng)
        if state.is_over:
            break
    return phases


@PROPERTY_SETTINGS
@given(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 8), seed=st.integers(0, 10**6))
def test_every_preset_plays_on_from_its_positions(preset: str, players: int, seed: int) -> None:
    rules = PRESETS[preset].rules.replace(rounds=3, target_score=0)
    players = min(max(players, rules.min_players), rules.max_players)
    _play_and_check(rules, players, seed)


@PROPERTY_SETTINGS
@given(rules=random_rules(), players=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_any_options_play_on_from_their_positions(rules: Rules, players: int, seed: int) -> None:
    players = min(max(players, rules.min_players), rules.max_players)
    _play_and_check(rules, players, seed)


def test_every_phase_a_player_can_face_round_trips() -> None:
    wanted = {str(phase) for phase in Phase}
    met: set[str] = set()
    for preset in sorted(PRESETS):
        rules = PRESETS[preset].rules.replace(rounds=2, target_score=0)
        for seed in range(3):
            rng = random.Random(seed)
            state = new_game(rules, 4 if rules.min_players <= 4 else rules.min_players, seed)
            while not state.is_over:
                if str(state.phase) not in met or rng.random() < 0.02:
                    met.add(str(state.phase))
                    check_round_trip(state, rng, steps=8)
                _step(state, rng)
            met.add(str(state.phase))
            check_round_trip(state, rng, steps=1)
    waiting = new_game(find_preset("victorz"), 3, 1)
    for seat in (0, 1):
        waiting.apply(Leave(seat), seat)
    assert waiting.phase is Phase.WAITING
    met.add(str(waiting.phase))
    check_round_trip(waiting, random.Random(1), steps=4)
    assert met == wanted


# ----------------------------------------------------------------- a position set up by hand


def _college_trick() -> Position:
    """College, 3 players: seat 0 led a pair of 7s, seat 1 passed, seat 2 to move."""
    base = new_game(find_preset("college"), 3, 4).to_position()
    hands = (parse_cards("3C 9D 9S KH"), parse_cards("4C 5D 2S"), parse_cards("8C 8D JH 2H 2C"))
    played = parse_cards("7C 7S")
    known = {card for group in (*hands, played) for card, _ in group}
    undealt = tuple((card, 1) for card in range(52) if card not in known)
    return dataclasses.replace(
        base,
        phase=Phase.PLAY,
        current_player=2,
        hands=hands,
        played=played,
        undealt=undealt,
        trick=((0, Play.parse("7C 7S")),),
        passed=(False, False, False),
        events=(),
    )


def test_a_position_set_up_by_hand_plays() -> None:
    """A puzzle: these hands, this trick, this seat to move."""
    state = State.from_position(_college_trick())
    assert {str(action) for action in state.legal_actions()} == {"pass", "8C 8D", "2C 2H"}
    state.apply(Play.parse("8C 8D"))
    assert state.current_player == 0 and state.observation(0).trick[-1] == (2, Play.parse("8C 8D"))
    assert State.from_position(state.to_position()).legal_actions() == state.legal_actions()


def _refused(position: Position, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        State.from_position(position)


def test_a_card_not_in_the_deck_is_refused() -> None:
    position = _college_trick()
    hands = (position.hands[0] + ((JOKER, 1),), *position.hands[1:])
    _refused(dataclasses.replace(position, hands=hands), r"JK in seat 0's hand is not in this deck")


def test_cards_must_be_conserved() -> None:
    position = _college_trick()
    _refused(dataclasses.replace(position, undealt=position.undealt[1:]), "Cards are not conserved")
    doubled = (position.hands[0], position.hands[1] + ((parse_card("KS"), 1),), position.hands[2])
    _refused(dataclasses.replace(position, hands=doubled), "Cards are not conserved: the position holds 2")


def test_the_seat_to_move_must_be_in_the_round() -> None:
    position = _college_trick()
    out = dataclasses.replace(position, finished=(2,), hands=(*position.hands[:2], ()))
    with pytest.raises(PositionError):
        State.from_position(out)
    finished = dataclasses.replace(
        position,
        finished=(1,),
        hands=(position.hands[0], (), position.hands[2]),
        undealt=tuple(sorted(position.undealt + position.hands[1])),
        current_player=1,
    )
    _refused(finished, "Seat 1 is to move but is out of the round")
    _refused(dataclasses.replace(position, current_player=7), "seat to move must be a seat from 0 to 2")
    _refused(dataclasses.replace(position, passed=(False, False, True)), "Seat 2 is to move but passed")


def test_the_phase_must_fit_the_table() -> None:
    position = _college_trick()
    _refused(dataclasses.replace(position, phase=Phase.OVER), "No one moves in the over phase")
    _refused(dataclasses.replace(position, phase=Phase.EXCHANGE), "No trick is played in the exchange phase")
    _refused(
        dataclasses.replace(position, transfers=(PendingTransfer(2, 0, 2),)), "No card transfer is pending in the play"
    )
    _refused(dataclasses.replace(position, present=(True, True)), "has 3 entries for 2 seats")
    _refused(dataclasses.replace(position, obligation="sometimes"), "obligation must be one of")
    # The same table before the lead is fine: the 7s go back to the undealt cards.
    start = dataclasses.replace(
        position, trick=(), played=(), undealt=tuple(sorted(position.undealt + position.played))
    )
    State.from_position(start)


def test_the_json_form_is_checked() -> None:
    text = _college_trick().to_json()
    data = json.loads(text)
    assert Position.from_json(text) == _college_trick()
    for broken, message in (
        ("[1, 2]", "A position is a JSON object"),
        ("{", "A position is JSON"),
        (json.dumps({**data, "format": "presidente-record/1"}), "Not a President position"),
        (json.dumps({k: v for k, v in data.items() if k != "hands"}), "A position needs 'hands'"),
        (json.dumps({**data, "hands": ["3C 9D 9S KH", "4C 5X", ""]}), r"Broken position \(hands\)"),
        (json.dumps({**data, "present": [True, "yes", True]}), "present must be true or false"),
        (json.dumps({**data, "phase": "lunch"}), "phase must be one of"),
        (json.dumps({**data, "rules": {**data["rules"], "decks": 0}}), r"Broken position \(rules\)"),
        (json.dumps({**data, "trick": [[0]]}), r"Each play of the trick is \[seat, cards\]"),
    ):
        with pytest.raises(PositionError, match=message):
            Position.from_json(broken)
    assert issubclass(PositionError, RecordError)


def test_a_transfer_in_progress_round_trips() -> None:
    """The exchange phase with a winner-first (simultaneous) choice already made and one still to make."""
    state = new_game(find_preset("bga").replace(rounds=2, target_score=0), 4, 3)
    rng = random.Random(3)
    while state.round_number == 1:
        _step(state, rng, table_actions=False)
    assert state.phase is Phase.EXCHANGE
    state.apply(state.legal_actions()[5])
    position = state.to_position()
    assert position.transfers[-1].chosen is not None and any(count for _, count in position.transfers[-1].chosen)
    check_round_trip(state, rng)


def test_a_table_set_up_from_a_position_has_no_record() -> None:
    """A record starts from the seed's deal: one written from a position would replay another game."""
    state = new_game(find_preset("bga"), 4, 2)
    record_of(state)
    rebuilt = State.from_position(state.to_position())
    with pytest.raises(RecordError, match="set up from a position"):
        record_of(rebuilt)
    with pytest.raises(RecordError):
        record_of(rebuilt.clone())


def test_a_table_of_2_to_the_51_decks_round_trips() -> None:
    """Seed 002 allows 2**51 decks: counts like 3Hx2251799813685248 survive the JSON form."""
    state = new_game(find_preset("victorz").replace(decks=2**51), 4, 1)
    rng = random.Random(1)
    for _ in range(6):
        state.apply(rng.choice(state.offered_actions()))
    position = Position.from_json(state.to_position().to_json())
    assert position == state.to_position()
    rebuilt = State.from_position(position)
    assert rebuilt.legal_play_counts() == state.legal_play_counts()
    assert rebuilt.offered_actions() == state.offered_actions() and rebuilt.observation(2) == state.observation(2)


@pytest.mark.parametrize(("preset", "players"), [("uecda", 5), ("daifugo", 4), ("bga", 4)])
def test_a_round_ended_by_its_order_deals_the_next_as_its_play_does(preset: str, players: int) -> None:
    # `end_round_as`: a round played elsewhere (the environments' kernels) handed back by its finishing order.
    rules = find_preset(preset).replace(rounds=3)
    for seed in (0, 1):
        played, rng = new_game(rules, players, seed), random.Random(seed)
        while played.round_number == 1:
            _step(played, rng, table_actions=False)
        skipped = new_game(rules, players, seed)
        skipped.end_round_as(played.results[-1])
        assert skipped.to_position() == played.to_position() and skipped.phase is Phase.EXCHANGE
    refused = new_game(rules, players, 0)
    before = refused.to_position()
    with pytest.raises(ValueError, match="not a finishing order"):
        refused.end_round_as(list(range(players - 1)))
    assert refused.to_position() == before


@pytest.mark.parametrize(("preset", "players"), [("uecda", 5), ("college-draft", 4), ("bga", 4)])
def test_card_choices_are_the_cards_of_the_legal_transfer_and_draft_actions(preset: str, players: int) -> None:
    state, rng, chose = new_game(find_preset(preset).replace(rounds=3), players, 2), random.Random(2), 0
    while not state.is_over:
        fresh = state.card_choices()  # before `legal_actions` kept the position's actions
        listed = [getattr(action, "cards", None) for action in state.legal_actions()]
        assert fresh == state.card_choices() == (listed if state.phase is not Phase.PLAY else [])
        chose += bool(fresh)
        _step(state, rng, table_actions=False)
    assert chose >= 2
