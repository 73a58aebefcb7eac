"""Storage faults (issue 29): a full disk under a playing server, and a PostgreSQL stopped at once (-m immediate)
and started again.

While storage fails: `/readyz` says not ready, new players and tables get 503 with one sentence ("Storage is failing:
try again in a moment"), a move gets that sentence as an error frame, and every table's connections are told that it
waits and goes on by itself; the log says so once, with no traceback. Once writes succeed again every table goes on
by itself, those whose failed move was automatic (a bot's) too, its connected players see it (a line), and nothing
acknowledged was lost or stored twice (each acknowledged move compared with the stored rows).

The full disk is simulated by `Storage.write_fault = disk_full`, a hook of the storage layer that only tests and
benchmarks set: it fails every write with ENOSPC, as a full disk does, on any machine and without root. A real small
tmpfs (`benchmarks/faults.py disk`) needs mount; and SQLite on a real full disk still takes some writes (its
write-ahead log reuses the room it has), which makes a test's timing depend on the page sizes. The PostgreSQL fault is
real: the throwaway cluster of `services.py`, stopped with `pg_ctl stop -m immediate` and started again.

The server runs in a thread of the test (uvicorn), so the test reaches its storage and its log; clients are real
websockets with timeouts, and every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from services import RestartablePostgres, request
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect

from presidente.server.actor import STORAGE_BACK_LINE, STORAGE_WAIT_MESSAGE
from presidente.server.app import create_app
from presidente.server.main import uvicorn_options
from presidente.server.storage import STORAGE_FAILING, Storage, disk_full

FRAME_SECONDS = 5.0
OUTAGE = 3.0  # seconds of failing storage
RECOVERY_LIMIT = 20.0  # every table must move again this long after storage is back
MOVES = ("play", "pass", "give", "discard", "play_discard")  # the typed events of a seat's own move
LONG_MATCH = {"rounds": 0, "target_score": 10000, "turn_time": 60}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """The app on uvicorn in a thread of the test, on a free loopback port."""

    def __init__(self, database: str) -> None:
        self.app = create_app(database, intermission=0.0, bot_delay=0.05, new_players_per_minute=None)
        self.port = free_port()
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, **uvicorn_options())
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def storage(self) -> Storage:
        storage: Storage = self.app.state.storage
        return storage

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the server did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


class Player(threading.Thread):
    """Seat 0 of one table: plays at once whenever it may, reconnects whenever its connection ends, and writes down
    every move it sent, when it was acknowledged (an update whose first line is seat 0's move; None: refused or never
    answered), every error frame, and when each update came."""

    def __init__(self, port: int, table_id: str, token: str | None, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.port, self.table_id, self.token, self.stop = port, table_id, token, stop
        self.sent: list[list[Any]] = []  # [action, acknowledged at (monotonic) or None]
        self.errors: list[tuple[float, str]] = []
        self.updates: list[tuple[float, list[str]]] = []
        self.closes: list[str] = []

    def acknowledged_after(self, moment: float) -> int:
        return sum(1 for _, at in self.sent if at is not None and at > moment)

    def updates_after(self, moment: float) -> int:
        return sum(1 for at, _ in self.updates if at > moment)

    def run(self) -> None:
        deadline = time.monotonic() + 120
        while not self.stop.is_set() and time.monotonic() < deadline:
            try:
                self.play_once()
            except (ConnectionClosed, TimeoutError, OSError, InvalidHandshake) as error:
                self.closes.append(repr(error))
            self.stop.wait(0.3)

    def play_once(self) -> None:
        with connect(f"ws://127.0.0.1:{self.port}/ws/{self.table_id}", open_timeout=FRAME_SECONDS) as ws:
            ws.send(json.dumps({"type": "hello", "token": self.token}))
            pending: list[Any] | None = None
            ready_at = -1
            for _ in range(100_000):
                if self.stop.is_set():
                    return
                frame = json.loads(ws.recv(timeout=FRAME_SECONDS))
                lines = frame.get("lines") or frame.get("events") or []  # words, or typed events
                if frame["type"] == "update":
                    self.updates.append((time.monotonic(), lines))
                if frame["type"] == "error":
                    self.errors.append((time.monotonic(), frame["message"]))
                    pending = None  # refused: a move the server did not make
                if pending is not None and frame["type"] == "update" and lines and seat_0_moved(lines[0]):
                    pending[1] = time.monotonic()
                    pending = None
                view = frame.get("view") or {}
                game = view.get("game")
                you = view.get("table", {}).get("you")
                mine = game and game["legal"] and game["current"] == 0 and view["table"]["intermission_left"] is None
                between = view.get("table", {}).get("intermission_left") is not None
                if self.token is not None and you == 0 and between and frame["seq"] > ready_at:
                    ready_at = frame["seq"]  # ready for the next round, once per intermission's frame
                    ws.send(json.dumps({"type": "ready"}))
                if self.token is not None and mine and you == 0 and pending is None:
                    pending = [game["legal"][-1], None]
                    self.sent.append(pending)
                    ws.send(json.dumps({"type": "act", "action": pending[0]}))


def seat_0_moved(told: Any) -> bool:
    """Whether an update's first line (or typed event) is a move of seat 0."""
    if isinstance(told, str):
        return told.startswith("Seat 0 ")
    return isinstance(told, dict) and told.get("seat") == 0 and told.get("type") in MOVES


def stored_moves(storage_url: str, table_id: str) -> list[tuple[int, int | None, str]]:
    async def read() -> list[tuple[int, int | None, str]]:
        storage = Storage(storage_url)
        try:
            stored = await storage.load_table(table_id)
        finally:
            await storage.engine.dispose()
        assert stored is not None
        return [(n, seat, text) for n, (seat, text) in enumerate(stored.moves)]

    return asyncio.run(read())


def matches_the_stored_moves(sent: list[list[Any]], stored_mine: list[str]) -> bool:
    """Whether seat 0's stored moves are the moves it sent, in order, each acknowledged one among them exactly
    once; a move refused or unanswered (storage failing, the test ending) may be stored or not, and nothing else
    may be. (A refused move is often sent again at once: the same action twice, of which one is stored.)"""
    matches: set[tuple[int, int]] = set()  # (sent, stored) prefixes that can be matched
    frontier = {(0, 0)}
    while frontier:
        i, j = frontier.pop()
        if (i, j) in matches:
            continue
        matches.add((i, j))
        if i == len(sent):
            continue
        action, acknowledged = sent[i]
        if j < len(stored_mine) and stored_mine[j] == action:
            frontier.add((i + 1, j + 1))
        if acknowledged is None:
            frontier.add((i + 1, j))  # not stored
    return (len(sent), len(stored_mine)) in matches


def wait_for(condition: Callable[[], Any], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return bool(condition())


def server_tracebacks(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.exc_info]


def run_fault(
    database: str,
    caplog: pytest.LogCaptureFixture,
    break_storage: Callable[[Server], None],
    mend: Callable[[Server], None],
) -> dict[str, float]:
    """The scenario of both faults: a player's table and a table of bots watched by a spectator play; storage
    fails for OUTAGE seconds (`break_storage`, then `mend`); returns the recovery times."""
    caplog.set_level(logging.INFO, logger="presidente.server")
    stop = threading.Event()
    with Server(database) as server:
        port = server.port
        status, made = request(port, "/api/players", {"name": "Ann"})
        assert status == 200, made
        token = made["token"]
        body = {"token": token, "name": "Played", "seats": 3, "bots": [None, "auto", "auto"], "sit": True}
        status, played = request(port, "/api/tables", {**body, "options": LONG_MATCH})
        assert status == 200, played
        bots_only = {"token": token, "name": "Bots", "seats": 3, "bots": ["auto"] * 3, "allow_all_bots": True}
        status, watched = request(port, "/api/tables", {**bots_only, "options": LONG_MATCH})
        assert status == 200, watched
        player = Player(port, played["id"], token, stop)
        spectator = Player(port, watched["id"], None, stop)
        try:
            player.start()
            spectator.start()
            assert wait_for(lambda: player.acknowledged_after(0) >= 2 and spectator.updates_after(0) >= 5, 30), (
                player.sent,
                player.updates[-3:],
                player.errors,
                player.closes,
                spectator.updates[-2:],
            )

            broken = time.monotonic()
            break_storage(server)
            assert wait_for(lambda: request(port, "/readyz")[0] == 503, 10), "/readyz says not ready"
            # Its own ping of the database may find it gone before a write fails (a CI run's answer was "database:
            # [Errno 111] Connection refused"): then /readyz says so until a write fails too.
            assert wait_for(lambda: "storage is failing" in request(port, "/readyz")[1]["status"], 10), "says why"
            refused = (503, {"error": STORAGE_FAILING, "code": "storage_failing", "params": {}})
            assert request(port, "/api/players", {"name": "Bob"}) == refused
            assert request(port, "/api/tables", {**body, "options": LONG_MATCH}) == refused
            told = [lambda who=who: any(message == STORAGE_WAIT_MESSAGE for _, message in who.errors)
                    for who in (player, spectator)]  # fmt: skip
            assert wait_for(lambda: all(check() for check in told), 10), (player.errors, spectator.errors)
            assert not any("closed until" in message for _, message in player.errors + spectator.errors)
            time.sleep(max(0.0, broken + OUTAGE - time.monotonic()))
            moved_during = [who.updates_after(broken + 2) for who in (player, spectator)]

            mended = time.monotonic()
            mend(server)
            assert wait_for(lambda: request(port, "/readyz")[0] == 200, RECOVERY_LIMIT), request(port, "/readyz")
            ready = time.monotonic() - mended
            assert wait_for(
                lambda: player.acknowledged_after(mended) >= 2 and spectator.updates_after(mended) >= 5,
                RECOVERY_LIMIT,
            ), (player.sent[-5:], player.errors[-5:], spectator.errors[-5:], player.closes, spectator.closes)
            played_again = min(at for _, at in player.sent if at is not None and at > mended) - mended
            watched_again = min(at for at, _ in spectator.updates if at > mended) - mended
            for who in (player, spectator):
                said = [json.dumps(lines) for at, lines in who.updates if at > mended]
                assert any(STORAGE_BACK_LINE in text for text in said), said[:5]
            status, _ = request(port, "/api/players", {"name": "Bob"})
            assert status == 200
        finally:
            stop.set()
            player.join(timeout=10)
            spectator.join(timeout=10)
    assert moved_during == [0, 0], "no table moved while storage failed"
    stored = stored_moves(database, played["id"])
    assert [n for n, _, _ in stored] == list(range(len(stored))), "no move stored twice or skipped"
    mine = [text for _, seat, text in stored if seat == 0]
    assert matches_the_stored_moves(player.sent, mine), (player.sent, mine)
    failing = [record for record in caplog.records if "storage is failing" in record.getMessage()]
    assert len(failing) == 1, [record.getMessage() for record in failing]
    assert server_tracebacks(caplog) == [], [record.getMessage() for record in server_tracebacks(caplog)]
    times = {"ready": ready, "player moved": played_again, "bots moved": watched_again}
    print("recovered after (s):", {name: round(value, 2) for name, value in times.items()})
    return times


def test_a_full_disk_refuses_new_work_and_every_table_goes_on_by_itself_once_writes_succeed(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    def fill(server: Server) -> None:
        server.storage.write_fault = disk_full

    def free(server: Server) -> None:
        server.storage.write_fault = None

    run_fault(f"sqlite+aiosqlite:///{tmp_path / 'faults.db'}", caplog, fill, free)


@pytest.fixture
def postgres() -> Iterator[RestartablePostgres]:
    cluster = RestartablePostgres()
    try:
        yield cluster
    finally:
        cluster.close()


def test_a_postgresql_stop_says_the_table_waits_and_every_table_goes_on_by_itself_after_it(
    postgres: RestartablePostgres, caplog: pytest.LogCaptureFixture
) -> None:
    run_fault(postgres.url, caplog, lambda server: postgres.stop(), lambda server: postgres.start())
