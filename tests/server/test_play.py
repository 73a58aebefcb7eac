"""A full game, the lobby, table creation, and ratings through the HTTP and websocket protocol."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import FRAME_LIMIT, join, my_turn, new_player, new_table, receive, send
from starlette.testclient import TestClient

from presidente.server import actor


def play_to_end(socket: Any, frame: dict[str, Any]) -> dict[str, Any]:
    """Play the first legal action whenever it is our turn, until the match is over."""
    last_seq = frame["seq"]
    for _ in range(FRAME_LIMIT):
        game = frame["view"]["game"] if "view" in frame else None
        if game is not None and game["over"]:
            return frame
        if my_turn(frame):
            send(socket, type="act", action=frame["view"]["game"]["legal"][0])
        frame = receive(socket)
        assert frame["type"] in ("update", "error"), frame
        if frame["type"] == "update":
            assert frame["seq"] > last_seq, "sequence numbers only grow"
            last_seq = frame["seq"]
    raise AssertionError("the game did not end")


def test_lobby_lists_open_tables_with_players(client: TestClient) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "random"])
    lobby = client.get("/api/tables").json()["tables"]
    entry = next(t for t in lobby if t["id"] == table["id"])
    assert entry["game"] == "president" and entry["preset"] == "victorz" and entry["seats"] == 3
    assert [p["kind"] for p in entry["players"]] == ["empty", "bot", "bot"]


def test_games_catalogue_prefills_preset_values(client: TestClient) -> None:
    games = client.get("/api/games").json()
    president = games["games"][0]
    assert president["presets"]["bga"]["jokers_per_deck"] == 1
    assert "turn_time" in president["meanings"]
    assert "auto" in games["bots"]["president"]


def test_create_refuses_invalid_options_with_a_clear_message(client: TestClient) -> None:
    token = new_player(client)
    cases = [
        ({"options": {"turn_time": 3}}, "turn_time must be a whole number from 5 to 60"),
        ({"options": {"equalize": "sometimes"}}, "equalize must be one of"),
        ({"options": {"colour": "red"}}, "Unknown option(s): colour"),
        ({"preset": "poker"}, "Unknown preset 'poker'"),
        ({"seats": 9}, "seats must be a whole number from 2 to 8"),
        ({"preset": "trump-jokers", "seats": 3}, "played by 4 to 8 players"),
        ({"bots": [None, "genius"]}, "bot 'genius'"),
        ({"name": ""}, "name must have 1 to 60 characters"),
    ]
    for fields, message in cases:
        body = {"token": token, "name": "T", "game": "president", "preset": "victorz", "seats": 3, **fields}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400, fields
        assert message in response.json()["error"], (fields, response.json())
    assert client.post("/api/tables", json={"name": "T"}).status_code == 401


def test_full_president_game_against_bots_then_ratings_and_replay(client: TestClient) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "random"], options={"rounds": 2})
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        frame = join(socket, token)
        assert frame["view"]["table"]["you"] == 0
        assert frame["view"]["game"]["hand"], "my own hand is in my view"
        final = play_to_end(socket, frame)
    game = final["view"]["game"]
    assert game["over"] and len(game["results"]) == 2 and game["winners"]
    finished = client.get("/api/finished").json()["tables"]
    assert table["id"] in [t["id"] for t in finished]
    board = client.get("/api/leaderboard").json()["players"]
    assert {"Ann", "auto bot", "random bot"} <= {entry["name"].replace("president ", "") for entry in board}
    replay = client.get(f"/api/replay/{table['id']}?step=1").json()
    assert replay["step"] == 1 and replay["steps"] > 10 and len(replay["view"]["hands"]) == 3
    assert replay["move"]["text"]


def test_el_presidente_game_with_a_player_and_heuristic_bots(client: TestClient) -> None:
    token = new_player(client)
    table = new_table(client, token, game="el-presidente", seats=4, bots=[None, "heuristic", "heuristic", "random"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        frame = join(socket, token)
        view = frame["view"]["game"]
        assert view["game"] == "el-presidente" and len(view["hand"]) == 4 and view["deck_size"] == 36
        final = play_to_end(socket, frame)
    assert final["view"]["game"]["over"]


def test_spectator_sees_the_public_view_only(client: TestClient) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "auto"])
    with client.websocket_connect(f"/ws/{table['id']}") as player:
        join(player, token)
        with client.websocket_connect(f"/ws/{table['id']}") as spectator:
            frame = join(spectator, None)
            view = frame["view"]
            assert view["table"]["you"] is None and view["game"]["hand"] == [] and view["game"]["legal"] == []
            assert sum(s["hand_size"] for s in view["game"]["seats"]) <= 54


def test_a_table_of_2_to_the_51_decks_offers_moves_and_takes_them(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 002's "Decks (default: 1, min: 1, max: 2^51)": the view offers one play of each shape when the
    hand is too large to list every play, and the moves (the player's and the bots') go through. The server
    makes tables of at most `SERVER_MAX_DECKS` decks; one of more (stored before that bound) still plays."""
    monkeypatch.setattr(actor, "SERVER_MAX_DECKS", 2**51)
    token = new_player(client)
    table = new_table(client, token, bots=[None, "heuristic", "ismcts"], options={"decks": 2**51, "rounds": 1})
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        frame = join(socket, token)
        moves = 0
        for _ in range(FRAME_LIMIT):
            if my_turn(frame):
                legal = frame["view"]["game"]["legal"]
                assert 0 < len(legal) < 1000
                send(socket, type="act", action=legal[-1])
                moves += 1
                if moves == 3:
                    break
            frame = receive(socket)
            assert frame["type"] != "error", frame
        assert moves == 3
        assert sum(seat["hand_size"] for seat in frame["view"]["game"]["seats"]) > 10**15
