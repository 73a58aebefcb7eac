"""A Redis restart (issue 29): Redis is killed (kill -9) under a playing cluster of two processes on a real
PostgreSQL, and started again after a few seconds, once with its data kept (an append-only file) and once empty
(every lease, liveness key and fencing token in Redis gone). Players play through both processes, half of them
relayed to the process that owns their table.

While Redis is away: `/readyz` says not ready on both processes, and creating a table answers 503 with a sentence.
After it: every player is welcomed again and its moves are acknowledged (every table moves again), a table is made
on each process at the first try and played through the other, no acknowledged move is lost or stored twice
(compared with the stored rows), and no table's fencing token went back.

Fencing does not rest on Redis: a claim takes the table's stored token plus one, so tokens never go back when
Redis comes back empty and counts from 1 again, and storage refuses any write whose token is not the current
owner's.

Every wait is bounded; the recovery times are printed (`pytest -s`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import math
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from services import RestartableRedis, postgres_cluster, request
from test_kill_restart import START_SECONDS, free_port, post
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect

from presidente.server.storage import Fenced, Storage
from presidente.server.table import Seat, TableConfig

LEASE = 1.5
OUTAGE = 7.0  # seconds without Redis
FRAME_SECONDS = 5.0  # a seated player's table sends a frame far more often than this (its bots move at once)
BEFORE_MOVES = 2  # each player's acknowledged moves before the kill
AFTER_MOVES = 3  # and after the restart
RECOVERY_LIMIT = 45.0  # every player must have played AFTER_MOVES moves this long after the restart
PLAYERS = 4
# No table finishes during the test, and a turn lasts longer than the test waits.
LONG_MATCH = {"rounds": 0, "target_score": 10000, "turn_time": 60}

SERVER = """
import logging, sys, uvicorn
from presidente.server import table
from presidente.server.app import create_app
# An away player's seat makes no automatic move during the test, so that every move stored for seat 0 is one the
# player sent (and the comparison with what the player sent is exact).
table.DISCONNECT_GRACE = 3600.0
from presidente.server.main import uvicorn_options
logging.basicConfig(level=logging.INFO)
app = create_app(sys.argv[1], redis_url=sys.argv[2], node=sys.argv[3], lease=float(sys.argv[5]), intermission=0,
                 bot_delay=0.05, new_players_per_minute=None)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[4]), **uvicorn_options())
"""


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    yield from postgres_cluster()


@pytest.fixture(params=["kept", "empty"])
def redis(request: pytest.FixtureRequest) -> Iterator[RestartableRedis]:
    server = RestartableRedis(keep=request.param == "kept")
    server.start()
    try:
        yield server
    finally:
        server.close()


class Node:
    """One server process of the cluster; its log in a file of the test's folder."""

    def __init__(self, name: str, database: str, redis: str, folder: Path) -> None:
        self.name, self.port = name, free_port()
        self.log = folder / f"{name}.log"
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-c", SERVER, database, redis, name, str(self.port), str(LEASE)],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=1):
                    return
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.process.kill()
                    raise AssertionError(f"node {name} did not start: {self.log.read_text()[-2000:]}") from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


def table_body(token: str) -> dict[str, Any]:
    return {
        "token": token,
        "name": "Redis restart",
        "preset": "victorz",
        "seats": 3,
        "bots": [None, "auto", "auto"],
        "options": LONG_MATCH,
    }


class Player(threading.Thread):
    """Seat 0 of one table, always through the same process (relayed when that process does not own the table):
    it plays at once whenever it may, reconnects whenever its connection ends, and writes down every move it
    sent, whether it was acknowledged (an update whose first line is seat 0's move) and when."""

    def __init__(self, port: int, table_id: str, token: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.port, self.table_id, self.token, self.stop = port, table_id, token, stop
        self.sent: list[list[Any]] = []  # [action, acknowledged at (monotonic) or None]
        self.welcomes: list[float] = []
        self.refusals: list[str] = []  # error frames that ended a connection

    def acknowledged_after(self, moment: float) -> int:
        return sum(1 for _, at in self.sent if at is not None and at > moment)

    def run(self) -> None:
        deadline = time.monotonic() + 300
        while not self.stop.is_set() and time.monotonic() < deadline:
            with contextlib.suppress(ConnectionClosed, TimeoutError, OSError, InvalidHandshake):
                self.play_once()
            self.stop.wait(0.3)

    def play_once(self) -> None:
        with connect(f"ws://127.0.0.1:{self.port}/ws/{self.table_id}", open_timeout=FRAME_SECONDS) as ws:
            ws.send(json.dumps({"type": "hello", "token": self.token}))
            frame = json.loads(ws.recv(timeout=FRAME_SECONDS))
            if frame["type"] != "welcome":
                self.refusals.append(frame.get("message", ""))
                return
            self.welcomes.append(time.monotonic())
            if frame["view"]["table"]["you"] is None:
                ws.send(json.dumps({"type": "sit", "seat": 0}))
            pending: list[Any] | None = None
            for _ in range(100_000):
                if self.stop.is_set():
                    return
                events = frame.get("events") or []
                if (
                    pending is not None
                    and frame["type"] == "update"
                    and events
                    and events[0].get("seat") == 0
                    and events[0]["type"] not in ("back", "away", "sit", "ready", "leave")
                ):
                    pending[1] = time.monotonic()
                    pending = None
                view = frame.get("view") or {}
                game = view.get("game")
                mine = game and game["legal"] and game["current"] == 0 and view["table"]["intermission_left"] is None
                if mine and pending is None:
                    pending = [game["legal"][-1], None]
                    self.sent.append(pending)
                    ws.send(json.dumps({"type": "act", "action": pending[0]}))
                frame = json.loads(ws.recv(timeout=FRAME_SECONDS))
                if frame["type"] == "error" and frame.get("message") and pending is None:
                    self.refusals.append(frame["message"])


def playing_through_all(players: list[Player], since: float, moves: int, seconds: float) -> bool:
    """Whether every player has had `moves` moves acknowledged since `since`, within `seconds`."""
    return wait_for(lambda: all(player.acknowledged_after(since) >= moves for player in players), seconds)


class Readiness(threading.Thread):
    """Each process's /readyz, asked every quarter of a second: (when, process, status)."""

    def __init__(self, nodes: list[Node], stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.nodes, self.stop = nodes, stop
        self.seen: list[tuple[float, str, int]] = []

    def ready_after(self, node: Node, moment: float) -> float | None:
        """When the process first said it was ready after `moment`."""
        return next((t for t, name, status in self.seen if name == node.name and status == 200 and t > moment), None)

    def between(self, node: Node, start: float, end: float) -> set[int]:
        return {status for t, name, status in self.seen if name == node.name and start < t < end}

    def run(self) -> None:
        for _ in range(2000):
            if self.stop.wait(0.25):
                return
            for node in self.nodes:
                try:
                    status, _ = request(node.port, "/readyz")
                except OSError:
                    status = 0
                self.seen.append((time.monotonic(), node.name, status))


def stored(database: str, table_ids: list[str]) -> tuple[dict[str, list[tuple[int, int | None, str]]], dict[str, int]]:
    """The stored moves and fencing token of each table."""
    import asyncpg  # type: ignore[import-untyped]

    async def read() -> tuple[dict[str, list[tuple[int, int | None, str]]], dict[str, int]]:
        conn = await asyncpg.connect(database.replace("postgresql+asyncpg", "postgresql"))
        try:
            moves: dict[str, list[tuple[int, int | None, str]]] = {table_id: [] for table_id in table_ids}
            for row in await conn.fetch(
                "SELECT table_id, n, seat, text FROM moves WHERE table_id = ANY($1) ORDER BY table_id, n", table_ids
            ):
                moves[row["table_id"]].append((row["n"], row["seat"], row["text"]))
            rows = await conn.fetch("SELECT id, epoch FROM tables WHERE id = ANY($1)", table_ids)
            return moves, {row["id"]: row["epoch"] for row in rows}
        finally:
            await conn.close()

    return asyncio.run(read())


def matches_the_stored_moves(sent: list[list[Any]], stored_mine: list[str]) -> bool:
    """Whether seat 0's stored moves are the moves it sent, in order, each acknowledged one among them exactly
    once (a move sent as its connection ended may be stored or not; nothing else may be). A move that was not
    acknowledged is often sent again once the player is back: either of the two may be the stored one, so the
    match tries both (a greedy match took the first and then called the acknowledged one lost)."""

    @functools.cache
    def match(sent_index: int, stored_index: int) -> bool:
        if sent_index == len(sent):
            return stored_index == len(stored_mine)  # anything left was stored twice or never sent
        action, acknowledged = sent[sent_index]
        stored_here = stored_index < len(stored_mine) and stored_mine[stored_index] == action
        if stored_here and match(sent_index + 1, stored_index + 1):
            return True
        return acknowledged is None and match(sent_index + 1, stored_index)  # else acknowledged and lost

    return match(0, 0)


def wait_for(condition: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return bool(condition())


def test_a_redis_kill_and_restart_loses_nothing_and_the_cluster_recovers_by_itself(
    database: str, redis: RestartableRedis, tmp_path: Path
) -> None:
    nodes = [Node(name, database, redis.url, tmp_path) for name in ("a", "b")]
    a, b = nodes
    stop = threading.Event()
    players: list[Player] = []
    readiness = Readiness(nodes, stop)
    problems: list[str] = []
    try:
        token = post(a.port, "/api/players", {"name": "Ann"})["token"]
        # Tables 0 and 2 are made on a (which owns them), 1 and 3 on b; players 0 and 1 connect to the process
        # that does not own their table (relayed), 2 and 3 to the owner.
        table_ids = [post(nodes[index % 2].port, "/api/tables", table_body(token))["id"] for index in range(PLAYERS)]
        for index, table_id in enumerate(table_ids):
            through = nodes[(index + 1) % 2] if index < 2 else nodes[index % 2]
            players.append(Player(through.port, table_id, token, stop))
        for player in players:
            player.start()
        readiness.start()
        assert wait_for(lambda: all(p.acknowledged_after(0) >= BEFORE_MOVES for p in players), 60), [
            len(p.sent) for p in players
        ]
        _, tokens_before = stored(database, table_ids)

        redis.kill()
        killed = time.monotonic()
        time.sleep(1.5)
        for node in nodes:
            status, answer = request(node.port, "/api/tables", table_body(token))
            if status != 503 or "Redis" not in answer.get("error", ""):
                problems.append(f"a table made on {node.name} during the outage: {status} {answer}")
        time.sleep(max(0.0, killed + OUTAGE - time.monotonic()))
        restarting = time.monotonic()
        redis.start()
        restarted = time.monotonic()  # Redis accepts connections

        # The first table made on each process once both say they are ready again works, and is played through
        # the other process (which must be ready too: under load the two come back a moment apart).
        for node in nodes:
            if not wait_for(lambda node=node: readiness.ready_after(node, restarted) is not None, 30):
                problems.append(f"{node.name} never said it was ready again")
        for node, other in ((a, b), (b, a)):
            status, answer = request(node.port, "/api/tables", table_body(token))
            if status != 200:
                problems.append(f"the first table made on {node.name} after the restart: {status} {answer}")
                continue
            try:
                with connect(f"ws://127.0.0.1:{other.port}/ws/{answer['id']}", open_timeout=FRAME_SECONDS) as ws:
                    ws.send(json.dumps({"type": "hello", "token": token}))
                    frame = json.loads(ws.recv(timeout=FRAME_SECONDS))
                    if frame["type"] != "welcome":
                        problems.append(f"a new table of {node.name} relayed through {other.name}: {frame}")
            except (ConnectionClosed, TimeoutError, OSError) as error:
                problems.append(f"a new table of {node.name} relayed through {other.name}: {error!r}")

        recovered = playing_through_all(players, restarted, AFTER_MOVES, RECOVERY_LIMIT)
        stop.set()
        for player in players:
            player.join(timeout=FRAME_SECONDS + 5)
        readiness.join(timeout=15)
        if not recovered:
            played = [player.acknowledged_after(restarted) for player in players]
            welcomed = [sum(t > killed for t in player.welcomes) for player in players]
            problems.append(
                f"moves acknowledged after the restart, by player: {played} (players 0 and 1 relayed); welcomes"
                f" after the kill: {welcomed}"
            )
        firsts = [min((at for _, at in p.sent if at is not None and at > restarted), default=math.inf) for p in players]
        print(
            f"\nRedis {'kept its data' if redis.keep else 'came back empty'} after {OUTAGE:.0f} s: every table moved"
            f" again {max(firsts) - restarted:.1f} s after the restart (each: "
            + ", ".join(f"{first - restarted:.1f}" for first in firsts)
            + " s)"
        )
        for node in nodes:
            during = readiness.between(node, killed + 1, restarting)
            if not during or 200 in during:
                problems.append(f"{node.name}'s /readyz during the outage: {sorted(during)}")
            ready = readiness.ready_after(node, restarted)
            print(f"{node.name} ready again {math.inf if ready is None else ready - restarted:.1f} s after the restart")

        moves, tokens_after = stored(database, table_ids)
        for index, table_id in enumerate(table_ids):
            mine = [text for _, seat, text in moves[table_id] if seat == 0]
            if [n for n, _, _ in moves[table_id]] != list(range(len(moves[table_id]))):
                problems.append(f"table {index}: a gap or a duplicate among the stored moves' numbers")
            if not matches_the_stored_moves(players[index].sent, mine):
                problems.append(f"table {index}: sent {players[index].sent}, stored {mine}")
            if tokens_after[table_id] < tokens_before[table_id]:
                problems.append(f"table {index}: its fencing token went back")
        assert not problems, "\n".join(problems)
    finally:
        stop.set()
        for node in nodes:
            node.stop()


def test_a_claim_takes_the_stored_token_plus_one_and_only_the_current_owner_may_write(database: str) -> None:
    """Redis came back empty, so its count of a table's claims starts at 1 again, below the tokens stored: the
    claim's token is the stored one plus one all the same, two claims never share one, and a write under any token
    but the latest claim's - older, or one no claim gave - is refused, on the moves' path and on the general one."""

    async def scenario() -> None:
        table_id = f"fence{time.monotonic_ns() % 10**12}"
        storage, other = Storage(database), Storage(database)
        await storage.start()
        await other.start()
        try:
            config = TableConfig(
                id=table_id, name="fence", game="president", preset="bga", options={}, seats=4, seed=7, turn_time=60
            )
            await storage.create_table(config, [Seat("empty")] * 4, epoch=5)  # its owner writes under 5
            await storage.write(table_id, [("fence", 5), ("move", 0, 0, "3C"), ("seq", 1)])
            assert await storage.claim_tables([table_id, "nosuchtable"]) == {table_id: 6}
            for token in (5, 1, 7):
                with pytest.raises(Fenced):
                    await storage.write(table_id, [("fence", token), ("move", 1, 1, "4C"), ("seq", 2)])
                with pytest.raises(Fenced):
                    await storage.write(table_id, [("fence", token), ("seat", 1, "bot", None, None, "auto")])
            await storage.write(table_id, [("fence", 6), ("move", 1, 1, "5C"), ("seq", 2)])
            # Two processes claiming at once (each sure of its lease) get two tokens; only the later one writes.
            first, second = await asyncio.gather(storage.claim_tables([table_id]), other.claim_tables([table_id]))
            assert sorted([first[table_id], second[table_id]]) == [7, 8]
            with pytest.raises(Fenced):
                await storage.write(table_id, [("fence", 7), ("move", 2, 2, "6C"), ("seq", 3)])
            await other.write(table_id, [("fence", 8), ("move", 2, 2, "7C"), ("seq", 3)])
            stored = await storage.load_table(table_id)
            assert stored is not None and stored.moves == [(0, "3C"), (1, "5C"), (2, "7C")] and stored.seq == 3
        finally:
            await other.close()
            await storage.close()

    asyncio.run(scenario())
