"""Several server processes as one service (issue 14), on a real PostgreSQL and a real Redis started here.

- A table created through one process is played through another (its connection relayed to the owner) while a
  spectator on a third sees every event in order.
- kill -9 of the process that owns a table in the middle of a trick: another process takes the table over,
  the player's connection is closed, the client reconnects and plays on, and the stored moves have no gap and
  no duplicate, every acknowledged move among them.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
import redis as redis_lib
from services import postgres_cluster, redis_server
from test_kill_restart import FRAME_SECONDS, START_SECONDS, free_port, post
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from presidente.server.table import MOVED_MESSAGE

LEASE = 1.5
SERVER = """
import sys, uvicorn
from presidente.server.app import create_app
from presidente.server.main import uvicorn_options
app = create_app(sys.argv[1], redis_url=sys.argv[2], node=sys.argv[3], lease=float(sys.argv[5]), intermission=0,
                 bot_delay=0.05)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[4]), **uvicorn_options())
"""


@pytest.fixture(scope="module")
def services() -> Iterator[tuple[str, str]]:
    for database in postgres_cluster():
        for redis in redis_server():
            yield database, redis


class Node:
    """One server process of the cluster."""

    def __init__(self, name: str, database: str, redis: str) -> None:
        self.name, self.port = name, free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-c", SERVER, database, redis, name, str(self.port), str(LEASE)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                with connect(f"ws://127.0.0.1:{self.port}/ws/none", open_timeout=1):
                    return
            except (OSError, TimeoutError):
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.process.kill()
                    raise AssertionError(f"node {name} did not start") from None
                time.sleep(0.1)

    def url(self, path: str) -> str:
        return f"ws://127.0.0.1:{self.port}{path}"

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="module")
def running_nodes(services: tuple[str, str]) -> Iterator[list[Node]]:
    """The three processes, started once for the module: starting them took 4-6 s of every test."""
    database, redis = services
    started: list[Node] = []
    try:
        for name in ("a", "b", "c"):
            started.append(Node(name, database, redis))
        yield started
    finally:
        for node in started:
            node.stop()


@pytest.fixture
def nodes(running_nodes: list[Node], services: tuple[str, str]) -> list[Node]:
    """The three processes, each alive: one an earlier test killed is started again under its name, as a
    restarted process is. Each test makes tables of its own, so no test sees another's."""
    database, redis = services
    for index, node in enumerate(running_nodes):
        if node.process.poll() is not None:
            running_nodes[index] = Node(node.name, database, redis)
    return running_nodes


def frame_of(ws: ClientConnection) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(ws.recv(timeout=FRAME_SECONDS))
    return frame


class Moved(Exception):
    """The table changed owner before this connection was welcomed: the client reconnects, as the browser does."""


def welcome_of(ws: ClientConnection) -> dict[str, Any]:
    """The first frame after a hello: the welcome, or `Moved` when a process that relayed the connection to the
    table's old owner (killed or stopped, not yet seen dead) closes it once the owner is seen dead or the table
    has a new one."""
    frame = frame_of(ws)
    if frame["type"] == "error" and frame.get("moved"):
        assert frame["message"] == MOVED_MESSAGE
        raise Moved
    assert frame["type"] == "welcome", frame
    return frame


def stored_moves(database: str, table_id: str) -> list[tuple[int, int | None, str]]:
    import asyncio

    import asyncpg  # type: ignore[import-untyped]

    async def read() -> list[tuple[int, int | None, str]]:
        conn = await asyncpg.connect(database.replace("postgresql+asyncpg", "postgresql"))
        try:
            rows = await conn.fetch("SELECT n, seat, text FROM moves WHERE table_id = $1 ORDER BY n", table_id)
        finally:
            await conn.close()
        return [(row["n"], row["seat"], row["text"]) for row in rows]

    return asyncio.run(read())


def publishes(node: Node) -> int:
    """How many times the process has published to Redis (its metrics)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{node.port}/metrics", timeout=10) as answer:
        metrics = answer.read().decode()
    found = re.search(r'^presidente_redis_seconds_count\{call="publish"\} (\d+(?:\.\d+)?)', metrics, re.MULTILINE)
    return 0 if found is None else int(float(found.group(1)))


def my_turn(frame: dict[str, Any]) -> bool:
    view = frame.get("view") or {}
    game = view.get("game")
    return bool(game and game["legal"] and game["current"] == 0 and view["table"]["intermission_left"] is None)


def new_table(node: Node) -> tuple[str, str]:
    base = f"http://127.0.0.1:{node.port}"
    token = post(node.port, "/api/players", {"name": "Ann"})["token"]
    body = {"token": token, "name": "Shared", "preset": "victorz", "seats": 3, "bots": [None, "auto", "auto"]}
    table = post(node.port, "/api/tables", body)
    assert base
    return table["id"], token


def test_a_table_made_on_one_process_is_played_through_another_and_watched_from_a_third(
    nodes: list[Node], services: tuple[str, str]
) -> None:
    a, b, c = nodes
    published_before = publishes(b)  # the processes served earlier tests of this module
    table_id, token = new_table(a)
    with connect(c.url(f"/ws/{table_id}"), open_timeout=FRAME_SECONDS) as spectator:
        spectator.send(json.dumps({"type": "hello"}))
        watched = [frame_of(spectator)["seq"]]
        with connect(b.url(f"/ws/{table_id}"), open_timeout=FRAME_SECONDS) as player:
            player.send(json.dumps({"type": "hello", "token": token}))
            assert frame_of(player)["type"] == "welcome"
            player.send(json.dumps({"type": "sit", "seat": 0}))
            played, frame, last_seq = 0, frame_of(player), 0
            for _ in range(500):
                last_seq = max(last_seq, frame["seq"])
                if my_turn(frame):
                    if played == 4:
                        break
                    player.send(json.dumps({"type": "act", "action": frame["view"]["game"]["legal"][-1]}))
                    played += 1
                frame = frame_of(player)
            assert played == 4
            owner = redis_lib.Redis.from_url(services[1], decode_responses=True).get(f"pres:owner:{table_id}")
            assert owner == "a", "seat 0 played through b, a process that does not own the table"
        while watched[-1] < last_seq:
            frame = frame_of(spectator)
            if frame["type"] == "update":
                watched.append(frame["seq"])
    assert watched == list(range(watched[0], watched[0] + len(watched))), "every event, in order"
    assert publishes(b) > published_before, "b relayed"
    moves = stored_moves(services[0], table_id)
    assert [n for n, _, _ in moves] == list(range(len(moves))) and sum(seat == 0 for _, seat, _ in moves) == 4


def test_kill_9_of_the_owner_mid_trick_loses_nothing(nodes: list[Node], services: tuple[str, str]) -> None:
    a, b, c = nodes
    table_id, token = new_table(a)  # a owns it
    acknowledged: list[str] = []
    killed, in_flight = False, ""
    node = b
    for _attempt in range(20):
        try:
            with connect(node.url(f"/ws/{table_id}"), open_timeout=FRAME_SECONDS) as player:
                player.send(json.dumps({"type": "hello", "token": token}))
                frame = welcome_of(player)
                if frame["view"]["table"]["you"] is None:
                    player.send(json.dumps({"type": "sit", "seat": 0}))
                pending: str | None = None
                for _ in range(500):
                    events = frame.get("events") or []
                    if (
                        pending is not None
                        and events
                        and events[0].get("seat") == 0
                        and events[0]["type"] not in ("back", "away", "sit", "ready", "leave")
                    ):
                        acknowledged.append(pending)
                        pending = None
                    if my_turn(frame) and pending is None:
                        if len(acknowledged) >= 8:
                            break
                        pending = frame["view"]["game"]["legal"][-1]
                        if len(acknowledged) == 3 and not killed:
                            a.kill()  # the owner dies in the middle of a trick, with our move on its way
                            killed, in_flight = True, pending
                        player.send(json.dumps({"type": "act", "action": pending}))
                    frame = frame_of(player)
                if len(acknowledged) >= 8:
                    break
        except (ConnectionClosed, TimeoutError, OSError, Moved):
            node = c if node is b else b  # reconnect, to any live process
            time.sleep(0.3)
    assert killed and len(acknowledged) >= 8, acknowledged
    moves = stored_moves(services[0], table_id)
    assert [n for n, _, _ in moves] == list(range(len(moves))), "no gap, no move stored twice"
    mine = [text for _, seat, text in moves if seat == 0]
    # The move sent as the owner died went nowhere: it is stored, if at all, only before the later ones.
    assert mine in (acknowledged, [*acknowledged[:3], in_flight, *acknowledged[3:]]), (mine, acknowledged)


def test_a_rolling_restart_of_every_process_interrupts_no_game(nodes: list[Node], services: tuple[str, str]) -> None:
    """Each process in turn is stopped (its tables are handed over at once) and started again, while a player
    plays on through whichever process answers; the game goes on and nothing is lost or stored twice."""
    database, redis = services
    table_id, token = new_table(nodes[0])
    acknowledged: list[str] = []
    restarts = 0
    for _attempt in range(40):
        live = [node for node in nodes if node.process.poll() is None]
        try:
            with connect(live[-1].url(f"/ws/{table_id}"), open_timeout=FRAME_SECONDS) as player:
                player.send(json.dumps({"type": "hello", "token": token}))
                frame = welcome_of(player)
                if frame["view"]["table"]["you"] is None:
                    player.send(json.dumps({"type": "sit", "seat": 0}))
                for _ in range(500):
                    if my_turn(frame):
                        if len(acknowledged) >= 3 * (restarts + 1) and restarts < len(nodes):
                            old = nodes[restarts]
                            old.stop()  # SIGTERM: a graceful stop hands its tables over
                            nodes[restarts] = Node(old.name, database, redis)
                            restarts += 1
                        action = frame["view"]["game"]["legal"][-1]
                        player.send(json.dumps({"type": "act", "action": action}))
                        answer = frame_of(player)
                        while answer["type"] != "update" or not (
                            (answer.get("events") or [{}])[0].get("seat") == 0
                            and answer["events"][0]["type"] not in ("back", "away", "sit", "ready", "leave")
                        ):
                            if answer["type"] == "error":
                                break
                            answer = frame_of(player)
                        if answer["type"] == "update":
                            acknowledged.append(action)
                        frame = answer
                    else:
                        frame = frame_of(player)
                    if restarts == len(nodes) and len(acknowledged) >= 3 * (restarts + 1):
                        break
        except (ConnectionClosed, TimeoutError, OSError, Moved):
            time.sleep(0.3)
        if restarts == len(nodes) and len(acknowledged) >= 3 * (restarts + 1):
            break
    assert restarts == len(nodes) and len(acknowledged) >= 12, (restarts, acknowledged)
    moves = stored_moves(database, table_id)
    assert [n for n, _, _ in moves] == list(range(len(moves))), "no gap, no move stored twice"
    assert [text for _, seat, text in moves if seat == 0][: len(acknowledged)] == acknowledged


def say_hello_and_sit(player: ClientConnection, token: str) -> None:
    """The player's hello (its first frame read) and its sit in seat 0."""
    player.send(json.dumps({"type": "hello", "token": token}))
    frame_of(player)
    player.send(json.dumps({"type": "sit", "seat": 0}))


def test_a_rename_on_one_process_reaches_the_seat_on_the_table_another_process_owns(nodes: list[Node]) -> None:
    a, b, _ = nodes
    table_id, token = new_table(a)  # a owns it
    with connect(a.url(f"/ws/{table_id}"), open_timeout=FRAME_SECONDS) as player:
        say_hello_and_sit(player, token)
        for _ in range(200):  # the sit is stored once its update arrives; b finds the seat in storage
            frame = frame_of(player)
            if frame.get("view") and frame["view"]["table"]["you"] == 0:
                break
        assert post(b.port, "/api/me/name", {"token": token, "name": "Bea"})["name"] == "Bea"  # through b
        for _ in range(200):
            frame = frame_of(player)
            if frame.get("view") and frame["view"]["table"]["seat_info"][0]["name"] == "Bea":
                break
        else:
            raise AssertionError("the seat never showed the new name")


def status_through(node: Node, table_id: str) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{node.port}/api/tables/{table_id}", timeout=10) as answer:
        status: str = json.loads(answer.read())["status"]
    return status


def wait_for_status(node: Node, table_id: str, wanted: str, seconds: float = 10.0) -> None:
    """The table's lobby line through `node` says `wanted` within `seconds` (its owner says which of its tables
    wait for their people every 2 s)."""
    deadline = time.monotonic() + seconds
    while (status := status_through(node, table_id)) != wanted:
        assert time.monotonic() < deadline, f"the lobby through {node.name} says {status!r}, not {wanted!r}"
        time.sleep(0.2)


def test_every_process_lobby_says_paused_while_a_games_people_are_away(nodes: list[Node]) -> None:
    """A game whose people are all away makes no moves: the lobby says "paused", through the process that runs
    the table and through the others (the lobby is read from storage, which does not know who is connected)."""
    a, b, _ = nodes
    table_id, token = new_table(a)  # a owns it
    with connect(a.url(f"/ws/{table_id}"), open_timeout=FRAME_SECONDS) as player:
        say_hello_and_sit(player, token)
        wait_for_status(b, table_id, "playing")
        assert status_through(a, table_id) == "playing"
    assert status_through(a, table_id) in ("playing", "paused")  # the owner sees the close a moment later
    wait_for_status(a, table_id, "paused")
    wait_for_status(b, table_id, "paused")
    with connect(b.url(f"/ws/{table_id}"), open_timeout=FRAME_SECONDS) as player:  # back, through another process
        player.send(json.dumps({"type": "hello", "token": token}))
        assert frame_of(player)["type"] == "welcome"
        wait_for_status(b, table_id, "playing")
        wait_for_status(a, table_id, "playing")
