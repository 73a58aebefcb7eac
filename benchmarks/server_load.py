"""Load: many tables of bots and simulated websocket clients on one server process; prints latency figures.

What it does, exactly (every figure is printed with the results):

- The server runs as `presidente serve` does (one uvicorn process, SQLite file, `uvicorn_options()`), in a
  subprocess on 127.0.0.1, with the bots' move delay `--bot-delay` (the server's default, 0.8 s) and no
  intermission between rounds.
- `--tables` President tables (victorz, 4 seats, a long match) each have one simulated player in seat 0
  and three bots (auto, random, auto), and two websocket clients: the player and one spectator.
- The player thinks for a random time from `--think` seconds (uniform, seeded) once it is its turn, then
  plays its first legal move.
- Latency: from the moment the player sends its action to the moment both of the table's clients (the
  player and the spectator) have received the update carrying that move. Actions in the first `--warmup`
  seconds (everyone connecting at once) are not counted.
- This load generator is one process of its own, and it shares the machine's cores with the server, so it is
  kept cheap: asyncio on uvloop, websocket clients on picows's callbacks (no task or queue per frame, no
  compression, no pings of their own), the spectator reads only a frame's head and the player decodes with
  orjson. A client's arrival times are taken as its frames are read. Its CPU per table event is printed;
  every wait is bounded by `--seconds` and the player's moves by a count.

    .venv/bin/python benchmarks/server_load.py --tables 500 --seconds 40
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
import picows
import uvloop

SERVER = """
import sys, uvicorn
from presidente.server.app import create_app
from presidente.server.main import uvicorn_options
app = create_app(sys.argv[1], intermission=0.0, bot_delay=float(sys.argv[3]), message_burst=10_000, message_rate=1e4,
                 new_players_per_minute=None)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), **uvicorn_options())
"""
MOVES_CAP = 100_000


@dataclass
class Figures:
    warm_from: float
    latencies: list[float] = field(default_factory=list)
    player_moves: int = 0
    events: int = 0
    measured_events: int = 0  # table events seen after the warm-up (the server's CPU is measured then too)
    server_cpu: float | None = None
    generator_cpu: float | None = None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


HEAD = re.compile(rb'\{"type": ?"(\w+)", ?"seq": ?(\d+)')


def seq_of(frame: bytes) -> tuple[bytes, int]:
    """The type and seq of a server frame without decoding the whole view (the spectator needs no more)."""
    head = HEAD.match(frame)
    if head is None:
        raise ValueError(f"not a server frame: {frame[:80]!r}")
    return head[1], int(head[2])


@dataclass
class Table:
    """What a table's two clients share: when the spectator received each update, and the player's actions
    whose update the spectator has not received yet (seq -> when the action was sent, when the player's copy
    arrived). An action's latency ends when the later of the two copies arrives."""

    figures: Figures
    seen: dict[int, float] = field(default_factory=dict)
    unseen: dict[int, tuple[float, float]] = field(default_factory=dict)

    def player_received(self, seq: int, sent_at: float, now: float) -> None:
        if seq in self.seen:
            self.measure(sent_at, max(now, self.seen[seq]))
        else:
            self.unseen[seq] = (sent_at, now)

    def spectator_received(self, seq: int, now: float) -> None:
        self.seen[seq] = now
        self.figures.events += 1
        if now >= self.figures.warm_from:
            self.figures.measured_events += 1
        if seq in self.unseen:
            sent_at, players_copy = self.unseen.pop(seq)
            self.measure(sent_at, max(now, players_copy))

    def measure(self, sent_at: float, both_received: float) -> None:
        if sent_at >= self.figures.warm_from:
            self.figures.latencies.append(both_received - sent_at)


class Client(picows.WSListener):  # type: ignore[misc]
    """A websocket client driven by picows's callbacks: no task and no queue per frame, which is what keeps
    thousands of them cheap. Whole text messages go to `received` (a fragmented one is put back together);
    picows answers the server's pings; the client sends no pings of its own."""

    def __init__(self) -> None:
        self.transport: picows.WSTransport | None = None
        self.parts = bytearray()

    def on_ws_connected(self, transport: picows.WSTransport) -> None:
        self.transport = transport

    def on_ws_frame(self, transport: picows.WSTransport, frame: picows.WSFrame) -> None:
        if frame.msg_type == picows.WSMsgType.CLOSE:
            transport.send_close(frame.get_close_code())
            transport.disconnect()
        elif frame.msg_type not in (picows.WSMsgType.TEXT, picows.WSMsgType.CONTINUATION):
            return
        elif frame.fin and not self.parts:
            self.received(frame.get_payload_as_bytes())
        else:
            self.parts += frame.get_payload_as_memoryview()
            if frame.fin:
                message = bytes(self.parts)
                self.parts.clear()
                self.received(message)

    def send(self, message: dict[str, Any]) -> None:
        assert self.transport is not None
        self.transport.send(picows.WSMsgType.TEXT, orjson.dumps(message))

    def received(self, message: bytes) -> None:
        raise NotImplementedError


class Spectator(Client):
    """Notes when each update arrives, reading only the frame's head."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def on_ws_connected(self, transport: picows.WSTransport) -> None:
        super().on_ws_connected(transport)
        self.send({"type": "hello"})

    def received(self, message: bytes) -> None:
        kind, seq = seq_of(message)
        if kind == b"update":
            self.table.spectator_received(seq, time.perf_counter())


class Player(Client):
    """Sits in seat 0; once it is its turn, thinks for a while, then plays its first legal move."""

    def __init__(self, token: str, table: Table, stop: float, think: tuple[float, float], rng: random.Random) -> None:
        super().__init__()
        self.token, self.table, self.stop, self.think, self.rng = token, table, stop, think, rng
        self.sent_at: float | None = None  # when the action whose update is awaited was sent
        self.thinking: asyncio.TimerHandle | None = None
        self.moves = 0
        self.finished = False  # the match is over or the move cap reached: the connection was closed on purpose
        self.moved = False  # the server said the table moved to another process (a cluster): reconnect at once

    def on_ws_connected(self, transport: picows.WSTransport) -> None:
        super().on_ws_connected(transport)
        self.send({"type": "hello", "token": self.token})

    def on_ws_disconnected(self, transport: picows.WSTransport) -> None:
        if self.thinking is not None:
            self.thinking.cancel()

    def received(self, message: bytes) -> None:
        frame = orjson.loads(message)
        if frame["type"] == "welcome" and frame["view"]["table"]["you"] is None:
            self.send({"type": "sit", "seat": 0})
            return
        if frame["type"] == "error":
            self.sent_at = None
            self.moved = bool(frame.get("moved"))
        events = frame.get("events") or [{}]
        if (
            frame["type"] == "update"
            and self.sent_at is not None
            and events[0].get("seat") == 0
            and events[0]["type"] not in ("back", "away", "sit", "ready", "leave")
        ):
            self.table.player_received(frame["seq"], self.sent_at, time.perf_counter())
            self.sent_at = None
        view = frame.get("view")
        game = view and view["game"]
        if not game or frame["type"] not in ("update", "welcome", "sync"):
            return
        if game["over"]:
            self.finish()
        elif game["legal"] and self.waits_for_nothing() and view["table"]["intermission_left"] is None:
            delay = self.rng.uniform(*self.think)
            self.thinking = asyncio.get_running_loop().call_later(delay, self.act, game["legal"][0])

    def waits_for_nothing(self) -> bool:
        """Neither thinking about a move nor waiting for the update of one sent."""
        return self.sent_at is None and self.thinking is None

    def act(self, action: str) -> None:
        self.thinking = None
        if time.monotonic() >= self.stop:
            return
        self.sent_at = time.perf_counter()
        self.send({"type": "act", "action": action})
        self.moves += 1
        if self.sent_at >= self.table.figures.warm_from:
            self.table.figures.player_moves += 1
        if self.moves >= MOVES_CAP:
            self.finish()

    def finish(self) -> None:
        self.finished = True
        assert self.transport is not None
        self.transport.disconnect()


async def connect(url: str, client: Client) -> picows.WSTransport:
    # The loop's own create_connection, not aiofastnet's: with it, connections reach the server in the order
    # they were asked for (see `player`).
    transport, _ = await picows.ws_connect(
        lambda: client, url, websocket_handshake_timeout=10, max_frame_size=2**24, use_aiofastnet=False
    )
    return transport


async def watch(url: str, table: Table) -> picows.WSTransport | None:
    """The spectator's connection; None when it never opens (the player's own connection says what happened).
    One the server closes just sees nothing more."""
    with contextlib.suppress(OSError, TimeoutError, picows.WSError):
        return await connect(url, Spectator(table))
    return None


class TableMoved(ConnectionError):
    """The server closed the player's connection because another process of a cluster runs the table now."""


async def player(
    url: str, token: str, stop: float, think: tuple[float, float], rng: random.Random, figures: Figures
) -> None:
    """One table's player and spectator until the stop time (or the match's end). Raises ConnectionError when
    the server closes the player's connection before the stop (TableMoved when it said the table moved).

    The spectator connects in a task of its own, started before the player connects, as this script always
    did: the tables' connections then reach a cluster's nginx in table order, the players' then the
    spectators', and its round robin puts each on the process that owns its table (the tables were made
    alternately on each). Connections in any other order are half relayed through another process, which
    costs the servers more CPU per table event: keep this order so that figures stay comparable."""
    table = Table(figures)
    watching = asyncio.create_task(watch(url, table))
    try:
        client = Player(token, table, stop, think, rng)
        playing = await connect(url, client)
        try:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(0.0, stop - time.monotonic())):
                    await playing.wait_disconnected()
        finally:
            playing.disconnect()
        if not client.finished and time.monotonic() < stop:
            raise TableMoved if client.moved else ConnectionError("the server closed the player's connection")
    finally:
        if not watching.done():
            watching.cancel()
        elif (spectating := watching.result()) is not None:
            spectating.disconnect()


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far (Linux /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def measure_cpu(server: int, warmup: float, stop: float, figures: Figures) -> None:
    """The server's and this generator's CPU use over the counted part of the run."""
    await asyncio.sleep(warmup)
    server_start, own_start, wall = cpu_seconds(server), time.process_time(), time.monotonic()
    await asyncio.sleep(max(0.0, stop - time.monotonic() - 0.5))
    server_end, wall = cpu_seconds(server), time.monotonic() - wall
    if server_start is not None and server_end is not None:
        figures.server_cpu = (server_end - server_start) / wall
    figures.generator_cpu = (time.process_time() - own_start) / wall


async def run(
    base: str, server: int, tables: int, seconds: float, warmup: float, think: tuple[float, float]
) -> Figures:
    ws_base = base.replace("http", "ws")
    setups = []
    for index in range(tables):
        token = post(base, "/api/players", {"name": f"load{index}"})["token"]
        table = post(
            base,
            "/api/tables",
            {
                "token": token,
                "name": f"load {index}",
                "game": "president",
                "preset": "victorz",
                "seats": 4,
                "bots": [None, "auto", "random", "auto"],
                "options": {"rounds": 0, "target_score": 10_000},
            },
        )
        setups.append((f"{ws_base}/ws/{table['id']}", token))
    start = time.perf_counter()
    figures = Figures(warm_from=start + warmup)
    stop = time.monotonic() + seconds
    await asyncio.gather(
        measure_cpu(server, warmup, stop, figures),
        *(player(url, token, stop, think, random.Random(index), figures) for index, (url, token) in enumerate(setups)),
    )
    return figures


def report(figures: Figures, args: argparse.Namespace, measured_seconds: float) -> None:
    latencies = sorted(figures.latencies)
    print(
        f"tables {args.tables} (victorz, 4 seats: 1 simulated player + 3 bots), clients {2 * args.tables}"
        f" (player + spectator per table), bot move delay {args.bot_delay} s, player think time"
        f" {args.think[0]}-{args.think[1]} s; {args.seconds:.0f} s run, first {args.warmup:.0f} s not counted"
    )
    print(
        f"measured over {measured_seconds:.1f} s: player actions {figures.player_moves}"
        f" ({figures.player_moves / measured_seconds:.0f}/s), table events (every move, bots too) about"
        f" {figures.events / args.seconds:.0f}/s, frames sent about {2 * figures.events / args.seconds:.0f}/s"
    )
    if figures.server_cpu is not None and figures.generator_cpu is not None:
        print(
            f"CPU (share of one core): server {100 * figures.server_cpu:.0f}%,"
            f" load generator {100 * figures.generator_cpu:.0f}%; load average {os.getloadavg()[0]:.2f}"
        )
        if figures.measured_events:
            per_event = figures.server_cpu * measured_seconds / figures.measured_events
            print(f"server CPU per table event: {1000 * per_event:.3f} ms ({figures.measured_events} events measured)")
            own = figures.generator_cpu * measured_seconds / figures.measured_events
            print(f"load generator CPU per table event: {1000 * own:.3f} ms")
    if not latencies:
        print("no latency measured")
        return

    def pct(q: float) -> float:
        return 1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))]

    print(
        f"latency action -> every client's update ({len(latencies)} actions): p50 {pct(0.5):.1f} ms,"
        f" p90 {pct(0.9):.1f} ms, p99 {pct(0.99):.1f} ms, max {1000 * latencies[-1]:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds at the start not counted")
    parser.add_argument("--bot-delay", type=float, default=0.8, help="seconds a bot waits before moving")
    parser.add_argument("--think", type=float, nargs=2, default=(0.5, 1.5), help="player think time range (s)")
    parser.add_argument("--database", help="database URL (default: a SQLite file in a temporary folder)")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or f"sqlite+aiosqlite:///{Path(folder) / 'load.db'}"
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, database, str(port), str(args.bot_delay)],
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        print(f"server pid {server.pid}", flush=True)
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(200):
                try:
                    urllib.request.urlopen(base + "/api/tables", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            figures = uvloop.run(run(base, server.pid, args.tables, args.seconds, args.warmup, tuple(args.think)))
            report(figures, args, args.seconds - args.warmup)
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
