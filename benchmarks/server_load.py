"""Load: many tables of bots and simulated websocket clients on one server process; prints latency figures.

Each table has one simulated player (a websocket client that plays the first legal move at once) and bots
in the other seats, plus one spectator client. Latency is measured from the moment a client sends an action
to the moment every connection of that table (the player and the spectator) has received the update with
the player's move. The server runs in a subprocess (uvicorn, one process) on 127.0.0.1; every loop here is
bounded by a count and by `--seconds`.

    .venv/bin/python benchmarks/server_load.py --tables 500 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

SERVER = """
import sys, uvicorn
from presidente.server.app import create_app
app = create_app(sys.argv[1], intermission=0.0, bot_delay=float(sys.argv[3]), message_burst=10_000, message_rate=1e4)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning", ws_max_size=65536)
"""


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


async def spectator(url: str, seen: dict[int, float], stop: float) -> None:
    async with websockets.connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        while time.monotonic() < stop:
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, stop - time.monotonic())))
            except TimeoutError:
                return
            if frame["type"] == "update":
                seen[frame["seq"]] = time.perf_counter()


async def player(url: str, token: str, stop: float, latencies: list[float], moves_cap: int) -> int:
    """Plays until `stop`; returns moves made. Latency: send -> both connections hold the resulting update."""
    seen: dict[int, float] = {}
    watcher = asyncio.create_task(spectator(url, seen, stop))
    moves = 0
    async with websockets.connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        while time.monotonic() < stop and moves < moves_cap:
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, stop - time.monotonic())))
            except TimeoutError:
                break
            if frame["type"] == "welcome" and frame["view"]["table"]["you"] is None:
                await ws.send(json.dumps({"type": "sit", "seat": 0}))
                continue
            if (
                frame["type"] == "update"
                and sent_at is not None
                and frame["lines"][:1]
                and frame["lines"][0].startswith("Seat 0 ")
            ):
                mine = time.perf_counter()
                for _ in range(200):  # wait (bounded) for the spectator's copy of the same event
                    if frame["seq"] in seen:
                        break
                    await asyncio.sleep(0.002)
                latencies.append(max(mine, seen.get(frame["seq"], mine)) - sent_at)
                sent_at = None
            view = frame.get("view")
            if frame["type"] in ("update", "welcome", "sync") and view and view["game"]:
                if view["game"]["over"]:
                    break
                if view["game"]["legal"] and sent_at is None:
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "action": view["game"]["legal"][0]}))
                    moves += 1
            if frame["type"] == "error":
                sent_at = None
    watcher.cancel()
    return moves


async def run(base: str, tables: int, seconds: float) -> None:
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
    latencies: list[float] = []
    stop = time.monotonic() + seconds
    started = time.perf_counter()
    moves = await asyncio.gather(*(player(url, token, stop, latencies, 100_000) for url, token in setups))
    elapsed = time.perf_counter() - started
    latencies.sort()

    def pct(q: float) -> float:
        return 1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))]

    print(
        f"tables {tables}, clients {2 * tables}, {elapsed:.1f} s, player moves {sum(moves)}"
        f" ({sum(moves) / elapsed:.0f}/s), measured {len(latencies)}"
    )
    if latencies:
        print(
            f"latency action -> every seat's update: p50 {pct(0.5):.1f} ms, p90 {pct(0.9):.1f} ms,"
            f" p99 {pct(0.99):.1f} ms, max {1000 * latencies[-1]:.1f} ms,"
            f" mean {1000 * statistics.mean(latencies):.1f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--bot-delay", type=float, default=0.5, help="seconds a bot waits before moving")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite+aiosqlite:///{Path(folder) / 'load.db'}"
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, database, str(port), str(args.bot_delay)],
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(200):
                try:
                    urllib.request.urlopen(base + "/api/tables", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            asyncio.run(run(base, args.tables, args.seconds))
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
