"""POST /api/record and GET /api/record/{id}?step=N: a record file replayed through the engine within bounds, then
stepped through like a stored table's replay; anything it cannot show is a clear 400 / 413, never a hang."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import jsonschema
import pytest
from server_helpers import join, new_player, new_table
from starlette.testclient import TestClient
from test_play import play_to_end

from presidente.president import Record, State, find_preset, new_game, record_of
from presidente.server import record_replay
from presidente.server.games import game_of
from presidente.uecda.server import serve


def played(seed: int, moves: int) -> State:
    state = new_game(find_preset("college"), players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


def view_after(record: Record, step: int) -> object:
    state = new_game(record.rules, record.players, record.seed)
    for seat, text in record.actions[:step]:
        state.apply(record_replay.parse_action(text), seat)
    return json.loads(json.dumps(game_of("president").full_view(state)))


def test_a_record_opens_at_the_deal_and_steps_like_a_replay(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(record_replay, "CHECKPOINT_EVERY", 7)  # steps on both sides of kept states
    record = record_of(played(5, 30), ("Ann", "Bo", "Cy", "Di"))
    response = client.post("/api/record", content=record.to_json())
    assert response.status_code == 200, response.text
    opened = response.json()
    assert (opened["step"], opened["steps"], opened["move"]) == (0, 30, None)
    assert opened["names"] == ["Ann", "Bo", "Cy", "Di"] and opened["preset"] == "college"
    assert opened["view"] == view_after(record, 0)
    for step in (1, 7, 13, 14, 30):
        answer = client.get(f"/api/record/{opened['id']}?step={step}").json()
        assert answer["view"] == view_after(record, step), step
        seat, text = record.actions[step - 1]
        assert answer["move"] == {"seat": seat, "text": text}
    assert client.get(f"/api/record/{opened['id']}?step=999").json()["step"] == 30


def test_a_record_naming_no_one_sends_empty_names_for_the_page_to_word(client: TestClient) -> None:
    """Issue 26: no English made up by the server ("Seat 0"): an unnamed seat's name is empty, and the page names
    it by its number in its language (replay.js, `replay-seat`)."""
    record = record_of(played(5, 6))
    assert record.names == () or len(record.names) != record.players
    opened = client.post("/api/record", content=record.to_json()).json()
    assert opened["names"] == [""] * record.players


def test_a_uecda_match_saved_by_the_bridge_opens(client: TestClient, tmp_path: Path) -> None:
    """Issue 12: a match saved by `presidente uecda serve --record FILE` ... "the browser's replay page shows it"."""
    path = tmp_path / "match.json"
    serve(0, 2, bots=("random",) * 5, seed=4, record_path=path, out=io.StringIO())
    record = Record.from_json(path.read_text())
    opened = client.post("/api/record", content=path.read_bytes()).json()
    assert opened["steps"] == len(record.actions) and opened["preset"] == "uecda"
    assert opened["names"] == list(record.names) and len(opened["view"]["hands"]) == 5
    last = client.get(f"/api/record/{opened['id']}?step={opened['steps']}").json()
    assert last["view"] == view_after(record, len(record.actions))
    # The page goes from game to game: the step at which each is dealt comes with the opening answer only.
    assert "rounds" not in last
    first, second = opened["rounds"]
    assert first == 0 and 0 < second < opened["steps"]
    before, dealt = (client.get(f"/api/record/{opened['id']}?step={step}").json() for step in (second - 1, second))
    assert (before["view"]["round"], dealt["view"]["round"]) == (1, 2)


def test_records_it_cannot_show_are_refused_with_the_reason(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = record_of(played(2, 12))
    data = json.loads(record.to_json())
    broken = dict(data, actions=[*data["actions"][:5], [data["actions"][5][0], "9H 9H 9H"]])
    cases = {
        "{not json": "not valid JSON",
        "": "Not a President record",
        json.dumps(dict(data, format="other")): "Not a President record",
        json.dumps(broken): "Move 6 ('9H 9H 9H'",
        played(2, 3).to_position().to_json(): "position file",
    }
    for body, words in cases.items():
        response = client.post("/api/record", content=body)
        assert response.status_code == 400, (body[:60], response.text)
        assert words in response.json()["error"], (body[:60], response.json())
    monkeypatch.setattr(record_replay, "MAX_RECORD_MOVES", 10)
    response = client.post("/api/record", content=record.to_json())
    assert response.status_code == 400 and "holds 12 moves" in response.json()["error"]


def test_a_record_too_large_or_too_slow_is_refused_not_waited_for(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file over the size bound is refused by its size, before any of it is replayed."""
    response = client.post("/api/record", content=" " * (record_replay.MAX_RECORD_BYTES + 1))
    assert response.status_code == 413
    assert "presidente replay FILE" in response.json()["error"]
    # A replay past its time is stopped where it stands (here at once: no time at all).
    monkeypatch.setattr(record_replay, "REPLAY_SECONDS", 0.0)
    monkeypatch.setattr(record_replay, "CHECKPOINT_EVERY", 1)
    response = client.post("/api/record", content=record_of(played(3, 10)).to_json())
    assert response.status_code == 400 and "did not replay within 0 s" in response.json()["error"]


def test_an_unknown_record_or_a_bad_step_says_so(client: TestClient) -> None:
    assert client.get("/api/record/0123abcd?step=1").status_code == 404
    assert "open its file again" in client.get("/api/record/0123abcd").json()["error"]
    opened = client.post("/api/record", content=record_of(played(1, 4)).to_json()).json()
    assert client.get(f"/api/record/{opened['id']}?step=-1").status_code == 400


def test_an_el_presidente_record_opens_and_steps_game_by_game(client: TestClient, tmp_path: Path) -> None:
    """A match saved by `presidente play --game el-presidente --save FILE` steps through like a stored El Presidente
    table; its moves are listed without seats, so each is shown as the current player's."""
    from presidente.elpresidente import Record as ElpRecord
    from presidente.elpresidente import State as ElpState
    from presidente.elpresidente import parse_action as parse_elp_action
    from presidente.terminal.elpresidente import play_match

    path = tmp_path / "elp.json"
    play_match(players=3, seed=2, bots_only=True, save=path, console=None, bot="random", games=2)
    record = ElpRecord.from_json(path.read_text())
    opened = client.post("/api/record", content=path.read_bytes())
    assert opened.status_code == 200, opened.text
    first = opened.json()
    assert (first["game"], first["steps"], first["names"]) == ("el-presidente", len(record.actions), record.players)
    state, seats, starts = ElpState(record.rules, record.seed), [], [0]
    for step, text in enumerate(record.actions, start=1):
        seats.append(state.current_player)
        game_number = state.game_number
        state.apply(parse_elp_action(text))
        if state.game_number != game_number:
            starts.append(step)
    assert first["rounds"] == starts and len(starts) == 2
    for step in (1, starts[1], len(record.actions)):
        answer = client.get(f"/api/record/{first['id']}?step={step}").json()
        assert answer["move"] == {"seat": seats[step - 1], "text": record.actions[step - 1]}
        replayed = ElpState(record.rules, record.seed)
        for text in record.actions[:step]:
            replayed.apply(parse_elp_action(text))
        assert answer["view"] == json.loads(json.dumps(game_of("el-presidente").full_view(replayed)))


SCHEMA = json.loads((Path(record_replay.__file__).parent / "schema" / "server.json").read_text())


def schema_of(name: str) -> jsonschema.Draft202012Validator:
    """The validator of one of the server schema's answers that are not websocket frames (`$defs/<name>`)."""
    schema = {key: value for key, value in SCHEMA.items() if key != "oneOf"}
    return jsonschema.Draft202012Validator({**schema, "$ref": f"#/$defs/{name}"})


REPLAY_STEP = schema_of("replay_step")


def valid_step(answer: dict[str, object]) -> dict[str, object]:
    errors = list(REPLAY_STEP.iter_errors(answer))
    assert not errors, f"step {answer.get('step')} breaks the schema: {errors[0].message} at {list(errors[0].path)}"
    return answer


def test_record_steps_carry_the_move_and_the_log_as_typed_events(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: the replay's log and move are the live table's typed events (presidente/typed_events.py), not
    English words: each step's `events` are what `events_since` makes of its move, its `log` the round's
    `round_events`."""
    monkeypatch.setattr(record_replay, "CHECKPOINT_EVERY", 7)
    record = record_of(played(8, 60), ("Ann", "Bo", "Cy", "Di"))
    opened = valid_step(client.post("/api/record", content=record.to_json()).json())
    assert opened["events"] == [] and [event["type"] for event in opened["log"]] == ["deal"]
    game = game_of("president")
    state = new_game(record.rules, record.players, record.seed)
    for step, (seat, text) in enumerate(record.actions, start=1):
        mark = game.mark(state)
        state.apply(record_replay.parse_action(text), seat)
        answer = valid_step(client.get(f"/api/record/{opened['id']}?step={step}").json())
        assert answer["events"] == json.loads(json.dumps(game.events_since(state, mark, None))), step
        assert answer["log"] == json.loads(json.dumps(game.round_events(state, None)[-record_replay.LOG_EVENTS :]))
        first = answer["events"][0]
        assert first["type"] in {"pass", "play", "give", "skip", "draft_take", "draft_place"}, first
        assert first.get("seat") == seat
        assert not any(isinstance(value, str) and " " in value and value.endswith(".") for value in first.values())


def test_el_presidente_record_steps_carry_battle_events(client: TestClient, tmp_path: Path) -> None:
    from presidente.terminal.elpresidente import play_match

    path = tmp_path / "elp.json"
    play_match(players=3, seed=5, bots_only=True, save=path, console=None, bot="random", games=1)
    opened = valid_step(client.post("/api/record", content=path.read_bytes()).json())
    assert [event["type"] for event in opened["log"]] == ["battle_start"]
    for step in range(1, min(opened["steps"], 40) + 1):
        answer = valid_step(client.get(f"/api/record/{opened['id']}?step={step}").json())
        assert answer["events"][0]["type"] in {"attack", "throw_in", "beat", "pass", "concede", "pick_up"}
        assert answer["events"][0]["seat"] == answer["move"]["seat"]


def test_a_stored_games_replay_steps_carry_typed_events(client: TestClient) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "random"], options={"rounds": 1})
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        play_to_end(socket, join(socket, token))
    first = valid_step(client.get(f"/api/replay/{table['id']}?step=0").json())
    assert first["events"] == [] and first["log"][0]["type"] == "deal"
    for step in range(1, first["steps"] + 1):
        answer = valid_step(client.get(f"/api/replay/{table['id']}?step={step}").json())
        assert answer["events"], step
        if answer["move"]["seat"] is not None:
            assert answer["events"][0].get("seat") == answer["move"]["seat"]
    assert any(event["type"] == "round_end" for event in answer["events"])


def test_a_positions_log_is_typed_events(client: TestClient) -> None:
    state = played(3, 20)
    answer = client.post("/api/position", content=state.to_position().to_json()).json()
    errors = list(schema_of("position_answer").iter_errors(answer))
    assert not errors, errors[0].message
    assert answer["log"] == json.loads(json.dumps(game_of("president").round_events(state, None)[-40:]))
