"""Reconnect, resync, leaving and joining, turn timers, staged moves, intermission, chat, restart-and-resume."""

from __future__ import annotations

from typing import Any

from server_helpers import Clock, join, make_client, new_player, new_table, receive, send, until
from starlette.testclient import TestClient


def settle(socket: Any, frame: dict[str, Any], seat: int) -> dict[str, Any]:
    """Frames until it is `seat`'s turn (the bots move at once)."""
    for _ in range(300):
        view = frame.get("view")
        if view and view["game"] and view["game"]["current"] == seat:
            return frame
        frame = receive(socket)
    raise AssertionError(f"never seat {seat}'s turn")


def test_reconnect_resumes_the_same_seat_with_the_full_view(client: TestClient) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "auto"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        frame = settle(socket, join(socket, token), 0)
        hand = frame["view"]["game"]["hand"]
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        send(socket, type="hello", token=token)
        welcome = until(socket, "welcome")
        assert welcome["view"]["table"]["you"] == 0
        assert welcome["view"]["game"]["hand"] == hand
        assert welcome["view"]["game"]["legal"], "still our turn: no automatic move within the grace time"


def test_resync_from_a_sequence_number_returns_the_missed_events(client: TestClient) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "auto"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        frame = settle(socket, join(socket, token), 0)
        send(socket, type="resync", seq=0)
        sync = until(socket, "sync")
        assert sync["seq"] == frame["seq"] and sync["complete"]
        assert [m["seq"] for m in sync["missed"]] == list(range(1, frame["seq"] + 1))
        assert any(e["type"] == "sit" and e["seat"] == 0 for m in sync["missed"] for e in m["events"])


def test_the_turn_timer_makes_the_automatic_move(client: TestClient, clock: Clock) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "auto"], options={"turn_time": 5})
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        frame = settle(socket, join(socket, token), 0)
        assert frame["view"]["table"]["turn_left"] <= 5
        clock.advance(6)
        send(socket, type="ping")
        until(socket, "pong")
        update = until(socket, "update")
        first = update["events"][0]
        assert first["timed"] == "automatic" and first["seat"] == 0


def test_a_staged_move_is_played_when_the_timer_runs_out(client: TestClient, clock: Clock) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "auto"], options={"turn_time": 5})
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        frame = settle(socket, join(socket, token), 0)
        staged = frame["view"]["game"]["legal"][-1]
        send(socket, type="stage", action=staged)
        assert until(socket, "staged")["action"] == staged
        clock.advance(6)
        send(socket, type="ping")
        update = until(socket, "update")
        first = update["events"][0]
        assert first["timed"] == "staged" and first["seat"] == 0
        assert first == {"type": "play", "seat": 0, "play": staged, "timed": "staged"} or staged == "pass"


def test_leaving_mid_round_and_joining_waits_for_the_next_round(client: TestClient) -> None:
    ann, bob, cat = new_player(client), new_player(client, "Bob"), new_player(client, "Cat")
    table = new_table(client, ann, seats=3, bots=[None, None, "auto"])
    with client.websocket_connect(f"/ws/{table['id']}") as a, client.websocket_connect(f"/ws/{table['id']}") as b:
        join(a, ann, seat=0)
        join(b, bob, seat=1)
        send(b, type="leave")
        for _ in range(100):
            update = until(a, "update")
            if any(e["type"] == "leave" for e in update["events"]):
                break
        assert {"type": "leave", "seat": 1} in update["events"]
        seats = update["view"]["game"]["seats"]
        assert not seats[1]["present"] and seats[1]["hand_size"] == 0
        assert update["view"]["table"]["seat_info"][1]["kind"] == "empty"
        with client.websocket_connect(f"/ws/{table['id']}") as c:
            frame = join(c, cat, seat=1)
            assert frame["view"]["table"]["you"] == 1
            assert {"type": "join", "seat": 1} in frame["events"], "the engine's join: it waits for the next round"
            assert frame["view"]["game"]["seats"][1]["present"] and frame["view"]["game"]["seats"][1]["hand_size"] == 0


def test_intermission_ends_early_when_everyone_is_ready(database: str, clock: Clock) -> None:
    with make_client(database, clock, intermission=30.0) as client:
        token = new_player(client)
        table = new_table(client, token, bots=[None, "auto", "auto"], options={"rounds": 2})
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            frame = join(socket, token)
            for _ in range(2000):
                view = frame.get("view")
                if view and view["table"]["intermission_left"] is not None:
                    break
                if view and view["game"] and view["game"]["legal"]:
                    send(socket, type="act", action=view["game"]["legal"][0])
                frame = receive(socket)
            assert frame["view"]["table"]["intermission_left"] > 0
            send(socket, type="act", action="pass")
            refused = until(socket, "error")
            assert refused["code"] == "between_rounds" and "Between rounds" in refused["message"]
            send(socket, type="ready")
            update = until(socket, "update")
            assert {"type": "next_round"} in update["events"]
            assert update["view"]["table"]["intermission_left"] is None


def test_chat_is_rate_limited_and_sent_to_everyone(client: TestClient, clock: Clock) -> None:
    token, other = new_player(client), new_player(client, "Bob")
    table = new_table(client, token, bots=[None, "auto", "auto"])
    with client.websocket_connect(f"/ws/{table['id']}") as a, client.websocket_connect(f"/ws/{table['id']}") as b:
        join(a, token)
        send(b, type="hello", token=other)
        until(b, "welcome")
        send(a, type="chat", text="<script>hi</script>")
        message = until(b, "chat")
        assert message["text"] == "<script>hi</script>" and message["name"] == "Ann" and message["seq"] > 0
        send(a, type="chat", text="again")
        assert "one message per second" in until(a, "error")["message"]
        clock.advance(1.5)
        send(a, type="chat", text="again")
        assert until(b, "chat")["text"] == "again"


def test_a_restarted_server_resumes_every_unfinished_table(database: str, clock: Clock) -> None:
    with make_client(database, clock) as client:
        token = new_player(client)
        table = new_table(client, token, bots=[None, "auto", "auto"])
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            frame = settle(socket, join(socket, token), 0)
            send(socket, type="act", action=frame["view"]["game"]["legal"][0])
            frame = settle(socket, receive(socket), 0)
        before = frame["view"]["game"]
    with make_client(database, clock) as client:
        assert table["id"] in [t["id"] for t in client.get("/api/tables").json()["tables"]]
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            send(socket, type="hello", token=token)
            after = until(socket, "welcome")["view"]["game"]
    assert after["hand"] == before["hand"] and after["trick"] == before["trick"] and after["current"] == 0
    assert after["seats"] == before["seats"]


def test_chat_is_stored_and_shown_again_after_a_restart(database: str, clock: Clock) -> None:
    with make_client(database, clock) as client:
        ann, bob = new_player(client), new_player(client, "Bob")
        table = new_table(client, ann, bots=[None, "auto", "auto"])
        with client.websocket_connect(f"/ws/{table['id']}") as a, client.websocket_connect(f"/ws/{table['id']}") as b:
            join(a, ann)
            send(b, type="hello", token=bob)
            until(b, "welcome")
            send(a, type="chat", text="hello   there")
            first = until(b, "chat")
            send(b, type="chat", text="<i>hi</i> from the rail")
            second = until(b, "chat")
    with make_client(database, clock) as client, client.websocket_connect(f"/ws/{table['id']}") as socket:
        send(socket, type="hello")
        welcome = until(socket, "welcome")
        assert [(c["name"], c["seat"], c["text"]) for c in welcome["chat"]] == [
            ("Ann", 0, "hello there"),
            ("Bob", None, "<i>hi</i> from the rail"),
        ]
        assert [c["seq"] for c in welcome["chat"]] == [first["seq"], second["seq"]]
        assert welcome["seq"] >= second["seq"], "numbering goes on after the stored chat"
        send(socket, type="resync", seq=0)
        assert [c["text"] for c in until(socket, "sync")["chat"]] == ["hello there", "<i>hi</i> from the rail"]
