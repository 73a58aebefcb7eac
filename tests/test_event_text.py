"""The one English renderer of the typed events (issue 26, `presidente/event_text.py`): every event the protocol
declares has its words, every event of random games of every preset and of El Presidente is worded as its
viewer may know it, and the clients that write English (the terminal, the environments) write it from there."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from presidente.event_text import _WORDS, TRICK_RULES, cards_text, event_text
from presidente.president import PRESETS, new_game
from presidente.president.events import TRICK_END_CAUSES
from presidente.server.games import ElPresidenteGame, PresidentGame
from presidente.typed_events import battle_event, game_end_event, president_event

SCHEMA = Path(__file__).resolve().parents[1] / "presidente" / "server" / "schema" / "server.json"


def test_every_declared_event_type_and_trick_end_cause_has_words() -> None:
    declared = set(json.loads(SCHEMA.read_text())["$defs"]["events"])
    assert declared, "the schema declares the events under $defs/events"
    assert declared <= set(_WORDS), sorted(declared - set(_WORDS))
    assert set(TRICK_RULES) == set(TRICK_END_CAUSES) - {"passes"}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_event_of_random_games_is_worded_for_every_viewer(preset: str) -> None:
    rules = PRESETS[preset].rules.replace(rounds=2, target_score=0)
    players = max(rules.min_players, 4)
    state, game, rng = new_game(rules, players, 5), PresidentGame(), random.Random(5)
    kinds: set[str] = set()
    for _ in range(300):
        if state.is_over:
            break
        mark = game.mark(state)
        state.apply(rng.choice(state.offered_actions()))
        for viewer in (None, *range(players)):
            for event in game.events_since(state, mark, viewer):
                text = event_text(event)
                kinds.add(event["type"])
                assert text.endswith((".", ")")) and "None" not in text and "{" not in text, text
    assert {"deal", "play", "trick_end"} <= kinds


def test_a_hidden_give_is_a_count_and_the_audience_reads_its_cards() -> None:
    state = new_game(PRESETS["bga"].rules, 4, 3)
    for _ in range(1000):  # through the first round, to the second's card exchange
        if any(event.kind == "give" for event in state.events):
            break
        state.apply(state.offered_actions()[0])
    # The scum's two best cards to the president.
    give = next(event for event in state.events if event.kind == "give" and len(event.payload[1]) == 2)  # type: ignore[index]
    giver, receiver = give.seat, give.payload[0]  # type: ignore[index]
    assert giver is not None
    outsider = next(seat for seat in range(4) if seat not in (giver, receiver))
    names = ["Ana", "Bo", "Cy", "Di"]
    hidden = event_text(president_event(give, outsider), names)
    assert hidden == f"{names[giver]} gives 2 cards to {names[receiver]}."
    shown = event_text(president_event(give, receiver), names)
    assert shown == f"{names[giver]} gives {cards_text(president_event(give, receiver)['cards'])} to {names[receiver]}."
    # An observation's events are already as its seat may know them: the same words.
    outsider_view = state.observation(outsider).events
    seen = next(event for event in outsider_view if event.kind == "give" and event.seat == giver)
    assert event_text(president_event(seen, outsider), names) == hidden


def test_el_presidente_moves_keep_the_cards_in_their_order() -> None:
    """The last card of an attack goes on top: the words keep the action's order."""
    assert event_text(battle_event(1, "attack 4H 4C")) == "Seat 1 attacks with 4H 4C."
    assert event_text(battle_event(2, "take")) == "Seat 2 picks up the battle pile."
    game = ElPresidenteGame()
    state = game.new_state({}, 3, 4)
    rng = random.Random(4)
    for _ in range(60):
        if state.is_over:
            break
        mark = game.mark(state)
        state.apply(rng.choice(state.legal_actions()))
        for event in game.events_since(state, mark, None):
            assert event_text(event).endswith("."), event


def test_words_name_seats_and_say_a_timed_move_and_the_rule_that_ended_a_trick() -> None:
    assert event_text({"type": "pass", "seat": 1, "timed": "automatic"}, ["A", "B"]) == "B passes. (automatic)"
    assert event_text({"type": "trick_end", "seat": 0, "cause": "passes"}) == "Seat 0 wins the trick."
    assert (
        event_text({"type": "round_end", "round": 2, "order": [2, 0, 1]})
        == "Round 2 over. Order: Seat 2, Seat 0 and Seat 1."
    )
    assert cards_text([["JK", 5], ["7H", 2]]) == "JKx5 7H 7H"
    draw = game_end_event(1, None, "battle limit")
    assert event_text(draw) == "Game 2 over: a draw (the battle limit was reached)."
    assert event_text(game_end_event(0, 2, "won"), ["A", "B", "C"]) == "Game 1 over: C wins."
