"""Issue 29's limits: renames limited as chat is and kept out of what a resync gives back, security headers on
every response, a text frame that is not UTF-8 closed without a traceback, the server's own bound on `decks`,
and a resync past the table's last event refused."""

from __future__ import annotations

import json
import logging
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_server import uvicorn_in_thread
from server_helpers import FRAME_LIMIT, Clock, join, make_client, new_player, new_table, receive, send, until
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosedError
from websockets.sync.client import connect

from presidente.server.actor import SERVER_MAX_DECKS
from presidente.server.app import RENAME_INTERVAL, create_app
from presidente.server.headers import CONTENT_SECURITY_POLICY
from presidente.server.main import INVALID_TEXT_CLOSE
from presidente.server.table import JOURNAL_SIZE


def frames(socket: Any) -> Iterator[dict[str, Any]]:
    """The frames a socket receives, at most FRAME_LIMIT of them."""
    for _ in range(FRAME_LIMIT):
        yield receive(socket)


def rename(client: TestClient, token: str, name: str) -> Any:
    return client.post("/api/me/name", json={"token": token, "name": name})


def test_renames_are_limited_as_chat_is(client: TestClient, clock: Clock) -> None:
    token = new_player(client, "Ann")
    assert rename(client, token, "Bea").status_code == 200
    refused = rename(client, token, "Cy")
    assert refused.status_code == 429
    assert refused.json()["error"] == "You can change your name once every 5 seconds: try again soon."
    assert client.get("/api/me", headers={"x-token": token}).json()["name"] == "Bea", "a refused name changes nothing"
    assert rename(client, token, "Bea").status_code == 200, "the same name again is no change, never refused"
    clock.advance(RENAME_INTERVAL)
    assert rename(client, token, "Cy").status_code == 200
    other = new_player(client, "Dan")
    assert rename(client, other, "Eve").status_code == 200, "each player has a limit of its own"


def test_renames_never_push_the_games_events_out_of_a_resync(client: TestClient, clock: Clock) -> None:
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    table = new_table(client, ann, bots=[None, None, "auto"])
    with client.websocket_connect(f"/ws/{table['id']}") as ann_socket:
        join(ann_socket, ann)
        with client.websocket_connect(f"/ws/{table['id']}") as bob_socket:
            start = join(bob_socket, bob)  # the last seat: the game starts
            for number in range(JOURNAL_SIZE + 10):  # the flood, each past the limit's interval
                clock.advance(RENAME_INTERVAL)
                assert rename(client, ann, f"Ann {number % 2}").status_code == 200
            send(bob_socket, type="resync", seq=start["seq"])
            sync = until(bob_socket, "sync")
    assert sync["complete"], "the renames pushed the game's events out of the journal"
    assert sync["view"]["table"]["seat_info"][0]["name"] == "Ann 1", "the view carries the new name"


def test_every_response_carries_the_security_headers(database: str, clock: Clock) -> None:
    with make_client(database, clock) as client:
        token = new_player(client, "Ann")
        table = new_table(client, token)
        responses = {
            "lobby": client.get("/"),
            "table page": client.get(f"/table/{table['id']}"),
            "replay page": client.get("/replay/position"),
            "script": client.get("/static/table.js"),
            "API": client.get("/api/games"),
            "404": client.get("/api/tables/nosuchtable"),
            "400": client.post("/api/tables", content=b"{"),
            "missing file": client.get("/static/nothing-here.js"),
        }
        storage = client.app.state.storage  # type: ignore[attr-defined]

        async def failing() -> None:
            raise RuntimeError("a test's failure")

        storage.finished_tables = failing
        # The same app, running (no second lifespan), as a client that gets the 500 instead of the exception.
        responses["500"] = TestClient(client.app, raise_server_exceptions=False).get("/api/finished")
    assert responses["500"].status_code == 500
    for what, response in responses.items():
        headers = response.headers
        assert headers.get("content-security-policy") == CONTENT_SECURITY_POLICY, what
        assert "frame-ancestors 'none'" in CONTENT_SECURITY_POLICY and "'unsafe-inline'" not in CONTENT_SECURITY_POLICY
        assert headers.get("x-frame-options") == "DENY", what
        assert headers.get("referrer-policy") == "no-referrer", what
        assert headers.get("x-content-type-options") == "nosniff", what


def test_the_pages_hold_no_inline_script_style_or_event_attribute() -> None:
    web = Path(__file__).resolve().parents[2] / "presidente" / "web"
    for page in web.glob("*.html"):
        text = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), f"{page.name}: an inline script"
        inline = re.search(r"<style\b|\sstyle=|\son[a-z]+=", text, re.IGNORECASE)
        assert not inline, f"{page.name}: an inline style or event handler"


def test_decks_past_the_servers_bound_are_refused_at_creation(client: TestClient) -> None:
    token = new_player(client, "Ann")
    for decks in (SERVER_MAX_DECKS + 1, 2**51):
        response = client.post(
            "/api/tables",
            json={"token": token, "name": "Many decks", "game": "president", "preset": "daifugo", "seats": 4,
                  "bots": [None, "auto", "auto", "auto"], "options": {"decks": decks}},
        )  # fmt: skip
        assert response.status_code == 400, response.text
        assert response.json()["error"] == (
            f"decks must be a whole number from 1 to {SERVER_MAX_DECKS} on this server, not {decks}: more decks make"
            " every move too slow for a shared server (`presidente play` takes up to 2**51)."
        )
    table = new_table(client, token, preset="bga", seats=4, options={"decks": SERVER_MAX_DECKS})
    assert client.get(f"/api/tables/{table['id']}").status_code == 200
    (president,) = [game for game in client.get("/api/games").json()["games"] if game["game"] == "president"]
    (decks_spec,) = [spec for spec in president["options"] if spec["name"] == "decks"]
    assert decks_spec["maximum"] == SERVER_MAX_DECKS, "the lobby's form offers what the server takes"
    assert decks_spec["allowed"] == f"a whole number from 1 to {SERVER_MAX_DECKS}"


def test_a_resync_past_the_tables_last_event_is_refused(client: TestClient) -> None:
    token = new_player(client, "Ann")
    table = new_table(client, token, bots=[None, "auto", "auto"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        frame = join(socket, token)
        send(socket, type="resync", seq=frame["seq"] + 1000)
        error = next(reply for reply in frames(socket) if reply["type"] in ("error", "sync"))
        assert error["type"] == "error", "a resync past the table's last event was answered as complete"
        assert error["message"].startswith(f"This table has no event {frame['seq'] + 1000} yet (its last is ")
        send(socket, type="resync", seq=frame["seq"])
        sync = until(socket, "sync")
        assert sync["complete"], "the connection stays usable"


# ------------------------------------------------------------------------------------------ a real server


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[str]:
    """The server as `presidente serve` runs it (uvicorn_options), on a free 127.0.0.1 port; uvicorn's logging
    left to the root logger, so caplog sees what it logs."""
    app = create_app(f"sqlite+aiosqlite:///{tmp_path / 'live.db'}", new_players_per_minute=None)
    with uvicorn_in_thread(app, log_config=None) as port:
        yield f"127.0.0.1:{port}"


def _post(host: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"http://{host}{path}", data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


def test_a_text_frame_that_is_not_utf8_closes_the_connection_without_a_traceback(
    live_server: str, caplog: pytest.LogCaptureFixture
) -> None:
    token = _post(live_server, "/api/players", {"name": "Ann"})["token"]
    table = _post(live_server, "/api/tables", {"token": token, "name": "T", "game": "president", "preset": "bga",
                                                "seats": 3, "bots": [None, "auto", "auto"]})  # fmt: skip
    caplog.set_level(logging.INFO)
    with connect(f"ws://{live_server}/ws/{table['id']}", open_timeout=10, close_timeout=5) as socket:
        socket.send(json.dumps({"type": "hello", "token": token}))
        for _ in range(50):
            if json.loads(socket.recv(timeout=10))["type"] == "welcome":
                break
        socket.send(b'{"type": "chat", "text": "\xff\xfe"}', text=True)
        with pytest.raises(ConnectionClosedError) as closed:
            for _ in range(50):
                socket.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == INVALID_TEXT_CLOSE
    time.sleep(0.2)  # the server's side of the close
    logged = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not logged, [r.getMessage() for r in logged]


def test_frames_read_and_written_by_the_protocol_itself_keep_the_tables_answers(live_server: str) -> None:
    """`presidente serve`'s protocol hands text frames to the table as it reads them and writes frames itself
    (inbound.py, outbox.py): a bad frame, a binary frame and a ping are each answered, and a flood is closed."""
    token = _post(live_server, "/api/players", {"name": "Ann"})["token"]
    table = _post(live_server, "/api/tables", {"token": token, "name": "T", "game": "president", "preset": "bga",
                                                "seats": 3, "bots": [None, "auto", "auto"]})  # fmt: skip
    with connect(f"ws://{live_server}/ws/{table['id']}", open_timeout=10, close_timeout=5) as socket:
        socket.send(json.dumps({"type": "hello", "token": token}))
        kinds = []
        socket.send('{"type": "nonsense"}')
        socket.send(b"\x00", text=False)
        socket.send(json.dumps({"type": "ping"}))
        for _ in range(50):
            frame = json.loads(socket.recv(timeout=10))
            kinds.append(frame.get("code", frame["type"]))
            if frame["type"] == "pong":
                break
        answers = [kind for kind in kinds if kind != "update"]
        # The connection refuses a bad or a binary frame at once, the table answers the hello and the ping in its
        # turn: each keeps its own order, and the two interleave as the table actor runs.
        assert sorted(answers) == ["bad_message", "binary_frame", "pong", "welcome"], answers
        assert [kind for kind in answers if kind in ("bad_message", "binary_frame")] == ["bad_message", "binary_frame"]
        assert [kind for kind in answers if kind in ("welcome", "pong")] == ["welcome", "pong"]
        for _ in range(120):
            socket.send(json.dumps({"type": "ping"}))
        with pytest.raises(ConnectionClosedError) as closed:
            for _ in range(500):
                kinds.append(json.loads(socket.recv(timeout=10)).get("code"))
    assert "flooded" in kinds and closed.value.rcvd is not None and closed.value.rcvd.code == 1008


def test_frames_the_protocol_reads_itself_and_frames_its_parser_reads_keep_their_order(live_server: str) -> None:
    """A whole text frame is read by `main.WebSocketProtocol` itself, anything else by websockets' parser: a message
    in fragments and one too long for the protocol, between single frames, are each answered, the table's answers
    in the order sent."""
    token = _post(live_server, "/api/players", {"name": "Ann"})["token"]
    table = _post(live_server, "/api/tables", {"token": token, "name": "T", "game": "president", "preset": "bga",
                                                "seats": 3, "bots": [None, "auto", "auto"]})  # fmt: skip
    with connect(f"ws://{live_server}/ws/{table['id']}", open_timeout=10, close_timeout=5) as socket:
        socket.send(json.dumps({"type": "hello", "token": token}))
        socket.send(['{"type": ', '"ping"}'])  # two frames of one message
        socket.send(json.dumps({"type": "chat", "text": "x" * 5000}))  # over the protocol's 4,096 bytes
        socket.send(json.dumps({"type": "resync", "seq": 10**6}))
        answers: list[str] = []
        for _ in range(50):
            frame = json.loads(socket.recv(timeout=10))
            if frame["type"] != "update":
                answers.append(frame.get("code", frame["type"]))
            if frame.get("code") == "resync_ahead":
                break
    # The connection refuses the long message at once, the table answers the rest in its turn, in order.
    assert sorted(answers) == ["bad_message", "pong", "resync_ahead", "welcome"], answers
    assert [answer for answer in answers if answer != "bad_message"] == ["welcome", "pong", "resync_ahead"], answers
