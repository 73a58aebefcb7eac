"""Every kind of bad input gets a clear error for that client alone; the table does not change."""

from __future__ import annotations

import json
from typing import Any

import pytest
from server_helpers import Clock, join, make_client, new_player, new_table, receive, send, until
from starlette.testclient import TestClient


def seated(client: TestClient) -> tuple[Any, dict[str, Any], str, str]:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "auto"])
    return token, table, table["id"], token


def assert_usable(socket: Any, seq: int) -> None:
    """The connection still answers, and the table's sequence number has not moved."""
    send(socket, type="ping")
    frame = until(socket, "pong")
    assert frame["seq"] == seq


def latest_turn(socket: Any, frame: dict[str, Any]) -> dict[str, Any]:
    """Frames until it is our turn (bots move at once)."""
    for _ in range(200):
        if frame.get("view") and frame["view"]["game"] and frame["view"]["game"]["legal"]:
            return frame
        frame = receive(socket)
    raise AssertionError("never our turn")


def test_each_bad_message_gets_its_own_clear_error(client: TestClient) -> None:
    token = new_player(client)
    other = new_player(client, "Bob")
    table = new_table(client, token, seats=2)
    with client.websocket_connect(f"/ws/{table['id']}") as ann, client.websocket_connect(f"/ws/{table['id']}") as bob:
        join(ann, token, seat=0)
        frame = join(bob, other, seat=1)
        until(ann, "update")  # Bob sat down
        seq = frame["seq"]
        game = frame["view"]["game"]
        mover = game["current"]
        idle, idle_seat = (bob, 1) if mover == 0 else (ann, 0)
        cases: list[tuple[str, str]] = [
            ("{not json", "Malformed JSON"),
            ("[1, 2]", "a JSON object with a 'type'"),
            (json.dumps({"type": "teleport"}), "Unknown message type 'teleport'"),
            (json.dumps({"type": "act"}), "Bad 'act' message: action"),
            (json.dumps({"type": "act", "action": "7X"}), "is not a card"),
            (json.dumps({"type": "act", "action": "3H"}), "isn't your turn"),
            (json.dumps({"type": "act", "action": "pass", "seat": 2}), f"You hold seat {idle_seat}, not seat 2"),
            (json.dumps({"type": "chat", "text": "x" * 101}), "at most 100 characters"),
            (json.dumps({"type": "act", "action": "x" * 5000}), "Message too large"),
            (json.dumps({"type": "hello"}), "Already connected"),
            (json.dumps({"type": "sit", "seat": 1}), "already hold seat"),
            (json.dumps({"type": "ready"}), "Nothing to be ready for"),
        ]
        for text, message in cases:
            idle.send_text(text)
            error = until(idle, "error")
            assert message in error["message"], (text, error)
            assert error["seq"] == seq
        assert_usable(idle, seq)
        assert_usable(bob if idle is ann else ann, seq)


def test_an_illegal_move_leaves_the_state_unchanged(client: TestClient) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "auto"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        frame = latest_turn(socket, join(socket, token))
        hand = frame["view"]["game"]["hand"]
        not_held = next(f"{r}{s}" for r in "3456789JQKA" for s in "CDHS" if [f"{r}{s}", 1] not in hand)
        send(socket, type="act", action=not_held)
        error = until(socket, "error")
        assert "hold" in error["message"] or "not" in error["message"]
        send(socket, type="resync", seq=frame["seq"])
        sync = until(socket, "sync")
        assert sync["seq"] == frame["seq"] and sync["missed"] == []
        assert sync["view"]["game"]["hand"] == hand


def test_unknown_token_and_message_before_hello(client: TestClient) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "auto"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        send(socket, type="act", action="pass")
        assert "Say hello first" in until(socket, "error")["message"]
        send(socket, type="hello", token="not-a-token")
        assert "Unknown session token" in until(socket, "error")["message"]
        frame = join(socket, token)
        assert frame["view"]["table"]["you"] == 0


def test_a_flood_is_refused_then_an_abusive_client_is_disconnected(database: str, clock: Clock) -> None:
    with make_client(database, clock, burst=30, rate=1.0) as client:
        token = new_player(client)
        table = new_table(client, token, bots=[None, "auto", "auto"])
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            join(socket, token)
            for _ in range(40):
                send(socket, type="ping")
            frames = [receive(socket) for _ in range(40)]
            errors = [f for f in frames if f["type"] == "error"]
            assert errors and all("Too many messages" in f["message"] for f in errors)
            clock.advance(5)  # the bucket refills
            assert_usable(socket, frames[-1]["seq"])
            for _ in range(200):
                send(socket, type="ping")
            kinds = []
            for _ in range(200):
                try:
                    frame = receive(socket)
                except Exception:  # the server closed the connection
                    break
                kinds.append(frame.get("message", frame["type"]))
            assert "Too many messages: disconnected." in kinds


def test_private_table_needs_its_invite_secret(client: TestClient) -> None:
    token = new_player(client)
    other = new_player(client, "Eve")
    table = new_table(client, token, bots=[None, None, "auto"], private=True)
    assert table["secret"] and table["invite"].endswith(table["secret"])
    assert table["id"] not in [t["id"] for t in client.get("/api/tables").json()["tables"]]
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        send(socket, type="hello", token=other)
        assert "private" in until(socket, "error")["message"]
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        frame = join(socket, other, secret=table["secret"])
        assert frame["view"]["table"]["you"] == 0


def test_a_play_of_two_ranks_is_refused_in_words_of_this_tables_rules(client: TestClient) -> None:
    """Issue 25: "errors name only rules that exist at this table": victorz plays no sequences, so a play of two
    ranks is told that a play is one rank, and nothing of sequences."""
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "auto"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        latest_turn(socket, join(socket, token))
        send(socket, type="act", action="3H 4H 5H")
        message = until(socket, "error")["message"]
        assert "one rank" in message and "sequence" not in message.lower()


@pytest.mark.parametrize(
    "text",
    [
        '{"type": "act", "action": "3C"}',
        '{"type":"act","action":"3C 3D","seat":null}',
        '{"type":"act","action":"pass","seat":2}',
        '{"type":"act","action":"a","action":"b"}',
        '{"type":"act","action":"\\u00e9"}',
        '{"type":"act","action":"3C","seat":true}',
        '{"type":"act","action":"3C","seat":2.0}',
        '{"type":"act","action":"3C","extra":1}',
        '{"type":"act","action":"\\ud800"}',
        '{"type":"act","action":NaN}',
        '{"type":"act","action":"' + "x" * 1001 + '"}',
    ],
)
def test_a_move_is_read_as_the_adapter_reads_it(text: str) -> None:
    """`protocol._plain_move` reads the common move without pydantic's union: the same message, or the same refusal."""
    from presidente.server import protocol

    def adapter(text: str) -> Any:
        try:
            return protocol._ADAPTER.validate_python(json.loads(text))
        except (ValueError, protocol.ValidationError):
            return "refused"

    expected = adapter(text)
    try:
        read: Any = protocol.parse_client_message(text)
    except protocol.ProtocolError:
        read = "refused"
    assert read == expected
    assert getattr(read, "model_fields_set", None) == getattr(expected, "model_fields_set", None)
