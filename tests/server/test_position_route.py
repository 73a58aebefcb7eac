"""POST /api/position: a position file checked by its engine and shown as the replay shows a table; anything
else is a 400 that says what is wrong, never a 500."""

from __future__ import annotations

import json
import random

from starlette.testclient import TestClient

from presidente.elpresidente import Rules as ElpRules
from presidente.elpresidente import State as ElpState
from presidente.president import State, find_preset, new_game
from presidente.server.games import game_of


def played_position(seed: int, moves: int) -> State:
    state = new_game(find_preset("college"), players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_president_position_round_trips_to_the_replay_view(client: TestClient) -> None:
    state = played_position(7, 15)
    response = client.post("/api/position", content=state.to_position().to_json())
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["game"] == "president"
    assert answer["view"] == json.loads(json.dumps(game_of("president").full_view(state)))
    assert answer["view"]["hands"] and answer["view"]["trick"] is not None


def test_an_el_presidente_position_is_detected_from_its_json(client: TestClient) -> None:
    state = ElpState(ElpRules(players=3), seed=4)
    response = client.post("/api/position", content=state.to_position().to_json())
    assert response.status_code == 200, response.text
    assert response.json()["game"] == "el-presidente"
    assert response.json()["view"] == json.loads(json.dumps(game_of("el-presidente").full_view(state)))


def test_broken_json_a_non_object_and_an_invalid_position_get_a_clear_400(client: TestClient) -> None:
    good = json.loads(played_position(3, 5).to_position().to_json())
    stolen = dict(good, hands=["", *good["hands"][1:]])
    cases = {
        "{not json": "not valid JSON",
        "[1, 2]": "must be a JSON object",
        '"a string"': "must be a JSON object",
        "": "Not a President position",
        '{"format": "presidente-position/1", "game": "president"}': "needs 'rules'",
        '{"format": "presidente-position/1", "game": "el-presidente"}': "exactly the fields",
        json.dumps(dict(good, format="other")): "Not a President position",
        json.dumps(dict(good, phase="nap")): "phase",
        json.dumps(dict(good, current_player=9)): "seat",
        json.dumps(stolen): "not conserved",
        json.dumps(dict(good, rules="college")): "rules",
    }
    for body, words in cases.items():
        response = client.post("/api/position", content=body)
        assert response.status_code == 400, (body[:80], response.status_code, response.text)
        error = response.json()["error"]
        assert words in error and len(error) > 10, (body[:80], error)


def test_a_position_body_is_bounded(client: TestClient) -> None:
    response = client.post("/api/position", content=" " * (64 * 1024 + 1))
    assert response.status_code == 413
