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
- This load generator is one process of its own (asyncio on uvloop, the `websockets` client without
  compression, orjson to read the player's frames: it shares the machine's cores with the server, so it is
  kept cheap); every loop is bounded by `--seconds` and by a count of moves.

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
import uvloop
import websockets

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


HEAD = re.compile(r'\{"type": ?"(\w+)", ?"seq": ?(\d+)')


def seq_of(frame: str) -> tuple[str, int]:
    """The type and seq of a server frame without decoding the whole view (the spectator needs no more)."""
    head = HEAD.match(frame)
    if head is None:
        raise ValueError(f"not a server frame: {frame[:80]!r}")
    return head[1], int(head[2])


async def spectator(url: str, seen: dict[int, float], arrived: asyncio.Event, stop: float, figures: Figures) -> None:
    """Watch the table, noting when each update arrives; a connection the server closes (a process killed, a
    table moved) or never opens ends the watch (the player's own connection says what happened)."""
    with contextlib.suppress(websockets.ConnectionClosed, OSError, TimeoutError):
        await watch(url, seen, arrived, stop, figures)


async def watch(url: str, seen: dict[int, float], arrived: asyncio.Event, stop: float, figures: Figures) -> None:
    async with websockets.connect(url, max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        for _ in range(MOVES_CAP * 4):
            left = stop - time.monotonic()
            if left <= 0:
                return
            try:
                text = await asyncio.wait_for(ws.recv(), left)
            except TimeoutError:
                return
            kind, seq = seq_of(str(text))
            if kind == "update":
                seen[seq] = time.perf_counter()
                figures.events += 1
                if seen[seq] >= figures.warm_from:
                    figures.measured_events += 1
                arrived.set()


async def player(
    url: str, token: str, stop: float, think: tuple[float, float], rng: random.Random, figures: Figures
) -> None:
    seen: dict[int, float] = {}
    arrived = asyncio.Event()
    watcher = asyncio.create_task(spectator(url, seen, arrived, stop, figures))
    async with websockets.connect(url, max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        moves = 0
        while moves < MOVES_CAP:
            left = stop - time.monotonic()
            if left <= 0:
                break
            try:
                frame = orjson.loads(await asyncio.wait_for(ws.recv(), left))
            except TimeoutError:
                break
            if frame["type"] == "welcome" and frame["view"]["table"]["you"] is None:
                await ws.send(json.dumps({"type": "sit", "seat": 0}))
                continue
            if frame["type"] == "error":
                sent_at = None
            lines = frame.get("lines") or [""]
            if frame["type"] == "update" and sent_at is not None and lines[0].startswith("Seat 0 "):
                mine = time.perf_counter()
                for _ in range(100):  # the spectator's copy of the same event, bounded by the stop time
                    if frame["seq"] in seen or time.monotonic() >= stop:
                        break
                    arrived.clear()
                    try:
                        await asyncio.wait_for(arrived.wait(), max(0.001, stop - time.monotonic()))
                    except TimeoutError:
                        break
                if frame["seq"] in seen and sent_at >= figures.warm_from:
                    figures.latencies.append(max(mine, seen[frame["seq"]]) - sent_at)
                sent_at = None
            view = frame.get("view")
            game = view and view["game"]
            if not game or frame["type"] not in ("update", "welcome", "sync"):
                continue
            if game["over"]:
                break
            if game["legal"] and sent_at is None and view["table"]["intermission_left"] is None:
                await asyncio.sleep(rng.uniform(*think))
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": game["legal"][0]}))
                moves += 1
                if sent_at >= figures.warm_from:
                    figures.player_moves += 1
    watcher.cancel()


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
            print(f"server CPU per table event: {1000 * per_event:.2f} ms ({figures.measured_events} events measured)")
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
