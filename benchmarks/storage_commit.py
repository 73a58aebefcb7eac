"""What one batch of moves costs PostgreSQL: the server's move statement (`storage._write_moves_postgresql`) run
against a throwaway PostgreSQL (the tests' `services.postgres_cluster`, fsync off), with the `tables` table's pages
full (fillfactor 100, PostgreSQL's default) beside half empty (50, what the server sets), alternated in one run.

    .venv/bin/python benchmarks/storage_commit.py                      # 2,000 tables, batches of 8, 6,000 commits
    .venv/bin/python benchmarks/storage_commit.py --batch 30 --repeats 3

Each run makes a fresh database, its tables one by one as a server does, commits a third of `--commits` to warm
up, then `--commits` timed: batches of `--batch` random tables, one move each (its row, its sequence number, its
fencing token), as a loaded process commits them. Printed per commit: the database backend's CPU (from /proc),
the client's CPU, and the wall time; then the ratios of the medians.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "server"))  # services.py: the tests' throwaway PostgreSQL

import asyncpg  # noqa: E402
import uvloop  # noqa: E402
from services import postgres_cluster  # noqa: E402

from presidente.server.storage import Storage, _write_moves_postgresql  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")
TABLE_ROW = (
    "INSERT INTO tables (id, name, game, preset, options, seats, seed, turn_time, private, secret, status, created, "
    "seq, epoch) VALUES ($1, 'load', 'president', 'victorz', '{\"rounds\": 0, \"target_score\": 10000}', 4, 1, 30, "
    "false, '0123456789abcdef0123456789abcdef', 'playing', 0, 0, 1)"
)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


async def one_run(url: str, fillfactor: int, args: argparse.Namespace) -> tuple[float, float, float]:
    """Database CPU, client CPU and wall time per commit, in microseconds."""
    storage = Storage(url)
    await storage.start()
    await storage.close()
    conn = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        await conn.execute(f"ALTER TABLE tables SET (fillfactor = {fillfactor})")
        ids = [f"t{index:05d}" for index in range(args.tables)]
        for table_id in ids:
            await conn.execute(TABLE_ROW, table_id)
        moves = dict.fromkeys(ids, 0)
        rng = random.Random(1)

        async def commit() -> None:
            batch: list[tuple[str, list[tuple[Any, ...]]]] = []
            for table_id in rng.sample(ids, args.batch):
                moves[table_id] += 1
                n = moves[table_id]
                batch.append((table_id, [("fence", 1), ("move", n, 1, "play 3C 3D"), ("seq", n)]))
            await _write_moves_postgresql(conn, batch)

        for _ in range(args.commits // 3):
            await commit()
        backend = await conn.fetchval("SELECT pg_backend_pid()")
        database, client, wall = cpu_seconds(backend), time.process_time(), time.perf_counter()
        for _ in range(args.commits):
            await commit()
        scale = 1e6 / args.commits
        return (
            (cpu_seconds(backend) - database) * scale,
            (time.process_time() - client) * scale,
            (time.perf_counter() - wall) * scale,
        )
    finally:
        await conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=8, help="tables per commit")
    parser.add_argument("--commits", type=int, default=6000)
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args()
    runs: dict[int, list[tuple[float, float, float]]] = {100: [], 50: []}
    for _ in range(args.repeats):
        for fillfactor in runs:
            for url in postgres_cluster():  # a fresh database for each run
                runs[fillfactor].append(uvloop.run(one_run(url, fillfactor, args)))
    print(f"{args.tables} tables, batches of {args.batch}, {args.commits} commits per run, {args.repeats} runs each")
    medians = {}
    for fillfactor, results in runs.items():
        medians[fillfactor] = [statistics.median(r[i] for r in results) for i in range(3)]
        database, client, wall = medians[fillfactor]
        shown = ", ".join(f"{r[0]:.0f}" for r in results)
        print(
            f"fillfactor {fillfactor}: database CPU {database:.0f} us per commit (runs: {shown}),"
            f" client CPU {client:.0f} us, wall {wall:.0f} us"
        )
    ratios = [new / old for new, old in zip(medians[50], medians[100], strict=True)]
    print(f"ratio 50 / 100: database CPU {ratios[0]:.2f}, client CPU {ratios[1]:.2f}, wall {ratios[2]:.2f}")


if __name__ == "__main__":
    main()
