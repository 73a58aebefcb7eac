"""Lobby truth (issue 27): a table whose people are all away is listed as "paused", a spectator does not wake it
(no automatic move for the absent player, no bot move), and it plays on when its player comes back."""

from __future__ import annotations

from typing import Any

from server_helpers import Clock, join, new_player, new_table, receive, send, until
from starlette.testclient import TestClient


def listed_status(client: TestClient, table_id: str) -> str:
    status: str = client.get(f"/api/tables/{table_id}").json()["status"]
    lobby = {line["id"]: line["status"] for line in client.get("/api/tables").json()["tables"]}
    assert lobby[table_id] == status, "the lobby's list and the table's line agree"
    return status


def my_turn_now(socket: Any, frame: dict[str, Any]) -> dict[str, Any]:
    """Frames until it is seat 0's turn (the bots move at once)."""
    for _ in range(300):
        game = (frame.get("view") or {}).get("game")
        if game and game["current"] == 0 and game["legal"]:
            return frame
        frame = receive(socket)
    raise AssertionError("never seat 0's turn")


def frames_until_pong(socket: Any) -> list[dict[str, Any]]:
    frames = []
    for _ in range(300):
        frame = receive(socket)
        if frame["type"] == "pong":
            return frames
        frames.append(frame)
    raise AssertionError("no pong")


def moves_in(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [event for frame in frames for event in frame.get("events", []) if event["type"] in ("play", "pass")]


def test_a_table_without_its_player_is_paused_and_a_spectator_does_not_wake_it(
    client: TestClient, clock: Clock
) -> None:
    ann, watcher = new_player(client, "Ann"), new_player(client, "Wat")
    table = new_table(client, ann, bots=[None, "auto", "auto"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        my_turn_now(socket, join(socket, ann))
        assert listed_status(client, table["id"]) == "playing"
    assert listed_status(client, table["id"]) == "paused", "nobody at the table: not 'playing'"

    with client.websocket_connect(f"/ws/{table['id']}") as spectator:
        send(spectator, type="hello", token=watcher)
        welcome = until(spectator, "welcome")
        assert welcome["view"]["table"]["status"] == "paused" and welcome["view"]["table"]["turn_left"] is None
        assert listed_status(client, table["id"]) == "paused", "watching does not make it 'playing'"
        clock.advance(3600)  # far past the grace time and the turn time
        send(spectator, type="ping")
        frames = frames_until_pong(spectator)
        send(spectator, type="ping")  # a tick due after the first ping has run before this one is answered
        frames += frames_until_pong(spectator)
        assert moves_in(frames) == [], "no automatic move for the absent player, no bot move"

        # Ann comes back: her seat waited, the table plays on.
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            frame = join(socket, ann)
            assert frame["view"]["table"]["you"] == 0 and frame["view"]["game"]["legal"], "still her turn"
            assert listed_status(client, table["id"]) == "playing"
            send(socket, type="act", action=frame["view"]["game"]["legal"][0])
            send(spectator, type="ping")
            frames = frames_until_pong(spectator)
            send(spectator, type="ping")
            frames += frames_until_pong(spectator)
            seats = [event["seat"] for event in moves_in(frames)]
            assert seats[0] == 0 and set(seats) - {0}, "her move, then the bots' moves"


def test_an_away_seat_still_moves_automatically_while_another_player_is_there(client: TestClient, clock: Clock) -> None:
    """(Before issue 27 a spectator was enough; tests/server/test_seats_and_time.py had this test.)"""
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    table = new_table(client, ann, bots=[None, None, "auto"])
    with client.websocket_connect(f"/ws/{table['id']}") as bobs:
        frame = join(bobs, bob, seat=1)
        with client.websocket_connect(f"/ws/{table['id']}") as anns:
            join(anns, ann, seat=0)
        assert listed_status(client, table["id"]) == "playing", "Bob is there"
        for _ in range(40):
            frames = [frame]
            game = (frame.get("view") or {}).get("game")
            if game and game["current"] == 1 and game["legal"]:
                send(bobs, type="act", action=game["legal"][0])  # Bob plays his own turns
            clock.advance(4)  # past Ann's grace time, within a turn's time
            for _ in range(2):
                send(bobs, type="ping")
                frames += frames_until_pong(bobs)
            anns_moves = [event for event in moves_in(frames) if event["seat"] == 0]
            if anns_moves:
                assert anns_moves[0]["timed"] == "automatic"
                return
            frame = next((f for f in reversed(frames) if "view" in f), frame)
        raise AssertionError("Ann's seat never moved")
