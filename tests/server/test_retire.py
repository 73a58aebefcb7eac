"""A finished table nobody watches leaves memory after a while; its replay stays, and its page says so."""

from __future__ import annotations

import time
from typing import Any

import pytest
from server_helpers import Clock, make_client, new_player, new_table, receive, send, until
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

RETIRE_AFTER = 0.2
# Every wait below polls at most this long (real seconds).
WAIT_LIMIT = 30.0


def wait_for_status(client: TestClient, table_id: str, status: int) -> Any:
    """Poll the table's lobby line until it answers `status` (bounded by WAIT_LIMIT)."""
    deadline = time.monotonic() + WAIT_LIMIT
    while True:
        response = client.get(f"/api/tables/{table_id}")
        if response.status_code == status or time.monotonic() > deadline:
            return response
        time.sleep(0.05)


def bots_only_table(client: TestClient) -> str:
    token = new_player(client)
    table = new_table(client, token, bots=["random", "random", "random"], allow_all_bots=True, options={"rounds": 1})
    table_id: str = table["id"]
    return table_id


def watch_until_over(socket: Any) -> None:
    """Watch a bots-only table (it plays only while someone is there) until its match is over."""
    send(socket, type="hello", token=None)
    frame = until(socket, "welcome")
    for _ in range(3000):
        if frame["view"]["game"]["over"]:
            break
        frame = until(socket, "update")
    assert frame["view"]["game"]["over"]


def watch_to_the_end(client: TestClient, table_id: str) -> None:
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        watch_until_over(socket)


def test_a_finished_table_nobody_watches_leaves_memory_and_points_to_its_replay(database: str, clock: Clock) -> None:
    with make_client(database, clock, retire_after=RETIRE_AFTER) as client:
        table_id = bots_only_table(client)
        watch_to_the_end(client, table_id)
        gone = wait_for_status(client, table_id, 404)
        assert gone.status_code == 404
        assert gone.json()["error"] == f"This game is over: watch its replay at /replay/{table_id}."
        assert table_id not in [t["id"] for t in client.get("/api/tables").json()["tables"]]
        assert client.get(f"/api/replay/{table_id}").json()["steps"] > 10
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            frame = receive(socket)
            assert frame["type"] == "error" and f"/replay/{table_id}" in frame["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_text()
        assert closed.value.code == 4410


def test_a_finished_table_stays_while_someone_watches_it(database: str, clock: Clock) -> None:
    with make_client(database, clock, retire_after=RETIRE_AFTER) as client:
        table_id = bots_only_table(client)
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            watch_until_over(socket)
            time.sleep(5 * RETIRE_AFTER)
            assert client.get(f"/api/tables/{table_id}").status_code == 200, "watched: still in memory"
        assert wait_for_status(client, table_id, 404).status_code == 404, "nobody left: retired"


def test_an_unknown_table_is_refused_once_not_retried(client: TestClient) -> None:
    assert client.get("/api/tables/nosuchtable").json()["error"] == "No such table."
    with client.websocket_connect("/ws/nosuchtable") as socket:
        assert receive(socket)["message"] == "No such table."
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_text()
    assert closed.value.code == 4404
