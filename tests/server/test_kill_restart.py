"""kill -9 during play (issue 13): a real server process is killed while a client plays; after each restart no
acknowledged move is lost, none is stored twice, and the sequence number never goes back.

The server runs as a child process on 127.0.0.1 with a SQLite file; every wait is bounded."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

KILLS = 3
MOVES_BETWEEN_KILLS = 6
START_SECONDS = 30.0
FRAME_SECONDS = 10.0

SERVER = """
import sys, uvicorn
from presidente.server.app import create_app
from presidente.server.main import uvicorn_options
app = create_app(sys.argv[1], intermission=0, bot_delay=0)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), **uvicorn_options())
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(database: Path, port: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-c", SERVER, f"sqlite:///{database}", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("the server did not start")


def post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        result: dict[str, Any] = json.loads(response.read())
        return result


def frame_of(ws: ClientConnection) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(ws.recv(timeout=FRAME_SECONDS))
    return frame


def stored(database: Path, table_id: str) -> list[tuple[int, int | None, str]]:
    with sqlite3.connect(database) as conn:
        return conn.execute("SELECT n, seat, text FROM moves WHERE table_id = ? ORDER BY n", (table_id,)).fetchall()


def play(port: int, table_id: str, token: str, moves: int) -> tuple[list[str], int, str | None]:
    """Play `moves` of seat 0's moves; returns the acknowledged ones, the highest seq seen, and the move sent
    last, whose answer was not awaited (the server is killed while it may be storing it)."""
    acknowledged: list[str] = []
    highest = 0
    with connect(f"ws://127.0.0.1:{port}/ws/{table_id}", open_timeout=FRAME_SECONDS) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        frame = frame_of(ws)
        pending: str | None = None
        for _ in range(2000):
            highest = max(highest, frame["seq"])
            events = frame.get("events") or []
            if (
                pending is not None
                and events
                and events[0].get("seat") == 0
                and events[0]["type"] not in ("back", "away", "sit", "ready", "leave")
            ):
                acknowledged.append(pending)
                pending = None
            view = frame.get("view") or {}
            game = view.get("game")
            mine = game and game["legal"] and game["current"] == 0 and view["table"]["intermission_left"] is None
            if mine and pending is None:
                action = game["legal"][-1]
                ws.send(json.dumps({"type": "act", "action": action}))
                if len(acknowledged) == moves:
                    return acknowledged, highest, action  # sent, not awaited: the kill comes now
                pending = action
            frame = frame_of(ws)
    raise AssertionError("the table never gave seat 0 enough turns")


def test_kill_9_loses_and_duplicates_nothing_and_seq_never_goes_back(tmp_path: Path) -> None:
    database = tmp_path / "kill.db"
    port = free_port()
    server = start_server(database, port)
    try:
        token = post(port, "/api/players", {"name": "Ann"})["token"]
        table = post(
            port,
            "/api/tables",
            {"token": token, "name": "Kill", "preset": "victorz", "seats": 3, "bots": [None, "auto", "auto"]},
        )
        with connect(f"ws://127.0.0.1:{port}/ws/{table['id']}", open_timeout=FRAME_SECONDS) as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            frame_of(ws)
            ws.send(json.dumps({"type": "sit", "seat": 0}))
            frame_of(ws)
        all_acknowledged: list[str] = []
        highest_seen = 0
        for _ in range(KILLS):
            acknowledged, highest, in_flight = play(port, table["id"], token, MOVES_BETWEEN_KILLS)
            os.kill(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
            all_acknowledged += acknowledged
            rows = stored(database, table["id"])
            assert [n for n, _, _ in rows] == list(range(len(rows))), "no gap, no move stored twice"
            mine = [text for _, seat, text in rows if seat == 0]
            assert mine[: len(all_acknowledged)] == all_acknowledged, "every acknowledged move is stored"
            assert len(mine) <= len(all_acknowledged) + 1, "at most the move in flight besides them"
            if len(mine) == len(all_acknowledged) + 1:
                assert mine[-1] == in_flight
                all_acknowledged.append(mine[-1])
            highest_seen = max(highest_seen, highest)
            server = start_server(database, port)
            with connect(f"ws://127.0.0.1:{port}/ws/{table['id']}", open_timeout=FRAME_SECONDS) as ws:
                ws.send(json.dumps({"type": "hello", "token": token}))
                welcome = frame_of(ws)
            assert welcome["type"] == "welcome" and welcome["view"]["table"]["you"] == 0
            assert welcome["seq"] >= highest_seen, "the sequence number never goes back"
            highest_seen = welcome["seq"]
    finally:
        server.kill()
        server.wait(timeout=10)
