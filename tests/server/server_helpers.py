"""Helpers of the protocol tests: a clock we move, players, tables, frames."""

from __future__ import annotations

import json
import time
from typing import Any

from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket

from presidente.server.app import create_app

# Every wait loop in these tests is bounded by this many frames.
FRAME_LIMIT = 3000


class Clock:
    """time.monotonic plus an offset the test moves forward to make turn timers run out at once."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


def make_client(
    database: str,
    clock: Clock,
    intermission: float = 0.0,
    bot_delay: float = 0.0,
    burst: int = 10_000,
    rate: float = 1e4,
    retire_after: float = 600.0,
) -> TestClient:
    """An app whose bots move at once; the flood limits are lifted because these clients play at machine speed
    (tests/server/test_hardening.py tests them on apps of their own)."""
    app = create_app(
        database,
        intermission=intermission,
        bot_delay=bot_delay,
        clock=clock,
        message_burst=burst,
        message_rate=rate,
        retire_after=retire_after,
        new_players_per_minute=None,
    )
    return TestClient(app)


def new_player(client: TestClient, name: str = "Ann") -> str:
    response = client.post("/api/players", json={"name": name})
    assert response.status_code == 200, response.text
    token: str = response.json()["token"]
    return token


def new_table(client: TestClient, token: str, **fields: Any) -> dict[str, Any]:
    body = {"token": token, "name": "Test table", "game": "president", "preset": "victorz", "seats": 3}
    body.update(fields)
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def send(socket: Socket, **message: Any) -> None:
    socket.send_text(json.dumps(message))


def receive(socket: Socket) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(socket.receive_text())
    return frame


def until(socket: Socket, kind: str) -> dict[str, Any]:
    """The next frame of this type (skipping others)."""
    for _ in range(FRAME_LIMIT):
        frame = receive(socket)
        if frame["type"] == kind:
            return frame
    raise AssertionError(f"no {kind} frame")


def join(socket: Socket, token: str | None, seat: int | None = None, secret: str | None = None) -> dict[str, Any]:
    """Hello and (with a token) sit; returns the latest view frame."""
    send(socket, type="hello", token=token, secret=secret)
    frame = until(socket, "welcome")
    if token is not None and frame["view"]["table"]["you"] is None:
        send(socket, type="sit", seat=seat)
        frame = until(socket, "update")
    return frame


def my_turn(frame: dict[str, Any]) -> bool:
    view = frame.get("view") or {}
    game = view.get("game")
    return bool(game and game["legal"] and view["table"]["intermission_left"] is None)
