"""Load on a cluster: `server_load.py`'s tables and clients (one simulated player and a spectator per table,
three bots, the server's pacing) against N server processes sharing PostgreSQL and Redis behind nginx, all
started here by `presidente cluster start` in a temporary folder; prints the same latency figures.

    .venv/bin/python benchmarks/cluster_load.py --nodes 2 --tables 2000 --seconds 40
    .venv/bin/python benchmarks/cluster_load.py --nodes 1 --tables 2000 --seconds 40     # one process, same setup
    .venv/bin/python benchmarks/cluster_load.py --nodes 2 --tables 500 --kill-after 15  # kill -9 one process
    .venv/bin/python benchmarks/cluster_load.py --nodes 2 --tables 2000 --seconds 40 --shuffle  # any order
    .venv/bin/python benchmarks/cluster_load.py --nodes 2 --tables 2000 --shuffle --round-robin  # half relayed
    .venv/bin/python benchmarks/cluster_load.py --nodes 1 --tables 500 --shuffle --cpu-profile /tmp/servers.folded
    .venv/bin/python benchmarks/cluster_load.py --nodes 1 --tables 500 --seconds 40 --warmup 15 --shuffle \
        --against /tmp/srvbase --pairs 5   # alternated with the code in another tree, the ratio of their CPU

With `--against TREE`, the same run is made `--pairs` times on this checkout's code and on TREE's (a copy of the
code before a change: `git archive COMMIT | tar -x -C TREE`), alternated, each run a process of this script with
that tree first on PYTHONPATH (the servers it starts run that tree's code; the benchmark is this one); it prints
each run's server CPU per table event and load average, the medians, their ratio and each pair's.

With `--kill-after S`, one server process is killed with SIGKILL S seconds into the run; the figures then say
how long its tables took to have a new owner, how long until each of them had stored a move made after the
kill (its game went on: the new owner replayed it, and its player reconnected through nginx, as the browser
does, where needed), and the latency of the actions made from the kill until every table had moved again.

nginx sends every websocket of a table to one process, chosen by a hash of the table's id (`presidente cluster
start`), and a table made on another process (HTTP goes to any) is handed to that one when its first connection
arrives; so nothing is relayed through Redis, in whatever order the clients connect. By default they connect in
the order of their tables; with `--shuffle` in a random order, as real clients arrive. With `--round-robin`, nginx
spreads connections over the processes in turn instead, as before: in table order (the tables were made alternately
on each process) every connection then lands on its table's owner, and with `--shuffle` about half reach another
process and are relayed through Redis. The figures say how many connections were relayed and tables handed over,
and the machine's load average (/proc/loadavg) before and after the run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import signal
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import asyncpg
import redis
import uvloop
from server_load import Figures, TableMoved, cpu_seconds, player, post, report

from presidente.server import local_cluster

if TYPE_CHECKING:
    from collections import Counter


# `--against`: a run that served fewer table events than this share of one a second per table is not counted.
STARVED_SHARE = 0.4


def load_average() -> str:
    """The machine's load averages over 1, 5 and 15 minutes (other work on it shows here)."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def children_of(parent: int) -> list[int]:
    """The processes whose parent is `parent` (Linux /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            found.append(int(stat.parent.name))
    return found


def service_pids(folder: Path, redis_pid: int) -> dict[str, list[int]]:
    """The processes of the services beside the servers: PostgreSQL (its postmaster and backends), Redis, nginx."""
    postmaster = int((folder / "postgres" / "postmaster.pid").read_text().split()[0])
    nginx = int((folder / "nginx.pid").read_text().split()[0])
    return {
        "PostgreSQL": [postmaster, *children_of(postmaster)],
        "Redis": [redis_pid],
        "nginx": [nginx, *children_of(nginx)],
    }


def cpu_of(pids: list[int]) -> float:
    return sum(cpu_seconds(pid) or 0.0 for pid in pids)


async def measure_cpu_of(
    pids: list[int], services: Callable[[], dict[str, list[int]]], warmup: float, stop: float, figures: Figures
) -> dict[str, float]:
    """The server processes' CPU (in `figures`) and each service's (returned), as shares of one core, over the
    measured part of the run."""
    await asyncio.sleep(warmup)
    groups = services()
    start = [cpu_seconds(pid) or 0.0 for pid in pids]
    services_start = {name: cpu_of(group) for name, group in groups.items()}
    own, wall = time.process_time(), time.monotonic()
    await asyncio.sleep(max(0.0, stop - time.monotonic() - 0.5))
    wall = time.monotonic() - wall
    figures.server_cpu = sum((cpu_seconds(pid) or 0.0) - begun for pid, begun in zip(pids, start, strict=True)) / wall
    figures.generator_cpu = (time.process_time() - own) / wall
    return {name: (cpu_of(group) - services_start[name]) / wall for name, group in groups.items()}


def profiles_of(folder: Path, pids: list[int]) -> Counter[str]:
    """The CPU profiles the server processes wrote so far (`--cpu-profile`), together."""
    import collections
    import contextlib

    from presidente.server import cpu_profile

    samples: Counter[str] = collections.Counter()
    for pid in pids:
        with contextlib.suppress(OSError, ValueError):
            samples.update(cpu_profile.read(folder / f"cpu-profile.{pid}")[1])
    return samples


async def profile_window(folder: Path, pids: list[int], warmup: float, stop: float) -> Counter[str]:
    """The servers' CPU profile samples taken in the measured part of the run (to within `cpu_profile.WRITE_EVERY`)."""
    await asyncio.sleep(warmup)
    before = profiles_of(folder, pids)
    await asyncio.sleep(max(0.0, stop - time.monotonic() - 0.5))
    return profiles_of(folder, pids) - before


async def keep_playing(
    url: str, token: str, stop: float, think: tuple[float, float], seed: int, figures: Figures
) -> None:
    """A player that reconnects when its connection is closed (a process died), until the stop time: as the
    browser does, at once when the server said the table moved, after a second otherwise."""
    for _ in range(20):
        if time.monotonic() >= stop:
            return
        try:
            await player(url, token, stop, think, random.Random(seed), figures)
            return
        except TableMoved:
            continue
        except Exception:
            await asyncio.sleep(1.0)


async def takeover(redis_url: str, node: str, owned: list[str], killed_at: float, stop: float) -> float | None:
    """Seconds from the kill until every table the killed process owned has another owner."""
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    while time.monotonic() < stop:
        await asyncio.sleep(0.1)
        owners = client.mget([f"pres:owner:{t}" for t in owned])
        if all(owner is not None and owner != node for owner in owners):
            return time.monotonic() - killed_at
    return None


async def moved_again(database: str, owned: list[str], killed_at: float, stop: float) -> list[float]:
    """Seconds from the kill until each table the killed process owned stored a move made after it, in order (fewer
    than the tables if some never did before the stop)."""
    conn = await asyncpg.connect(database)
    query = "SELECT table_id, count(*) FROM moves WHERE table_id = any($1::text[]) GROUP BY table_id"
    try:
        at_kill = dict(await conn.fetch(query, owned))
        waiting, seconds = set(owned), []
        while waiting and time.monotonic() < stop:
            await asyncio.sleep(0.1)
            now = dict(await conn.fetch(query, list(waiting)))
            moved = {table_id for table_id in waiting if now.get(table_id, 0) > at_kill.get(table_id, 0)}
            seconds += [time.monotonic() - killed_at] * len(moved)
            waiting -= moved
        return seconds
    finally:
        await conn.close()


def moved_again_words(seconds: list[float], tables: int) -> str:
    """When half, 90% and all of the tables had moved again: "half after 3.1 s, 90% after 4.0 s, all after 6.2 s"."""
    words = []
    for share, name in ((0.5, "half"), (0.9, "90%"), (1.0, "all")):
        needed = max(1, round(share * tables))
        words.append(f"{name} after {seconds[needed - 1]:.1f} s" if len(seconds) >= needed else f"{name} never")
    return ", ".join(words)


def storage_and_relay_figures(node_ports: list[int]) -> str:
    """What the server processes' /metrics say of their commits and relayed messages over the whole run (the
    processes still running)."""
    totals = {"commits": 0.0, "commit_seconds": 0.0, "moves": 0.0, "publishes": 0.0, "relayed": 0.0, "handed": 0.0}
    names = {
        "presidente_storage_commit_seconds_count": "commits",
        "presidente_storage_commit_seconds_sum": "commit_seconds",
        'presidente_moves_total{game="president"}': "moves",
        'presidente_redis_seconds_count{call="publish"}': "publishes",
        "presidente_relayed_connections_total": "relayed",
        'presidente_tables_handed_total{direction="in"}': "handed",
    }
    for port in node_ports:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30) as response:
                text = response.read().decode()
        except OSError:
            continue  # a process killed during the run
        for line in text.splitlines():
            name, _, value = line.rpartition(" ")
            if name in names:
                totals[names[name]] += float(value)
    commits = max(totals["commits"], 1.0)
    return (
        f"storage: {totals['commits']:.0f} commits, {1000 * totals['commit_seconds'] / commits:.1f} ms each on"
        f" average, {totals['moves'] / commits:.1f} moves per commit; messages relayed through Redis:"
        f" {totals['publishes']:.0f} (publishing calls); connections relayed: {totals['relayed']:.0f}; tables handed"
        f" to the process nginx sends their connections to: {totals['handed']:.0f}"
    )


def busiest(redis_url: str, table_ids: list[str]) -> tuple[str, list[str]]:
    """The process that owns the most tables, and its tables."""
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    by_node: dict[str, list[str]] = {}
    for table_id, owner in zip(table_ids, client.mget([f"pres:owner:{t}" for t in table_ids]), strict=True):
        by_node.setdefault(str(owner), []).append(table_id)
    node = max(by_node, key=lambda name: len(by_node[name]))
    return node, by_node[node]


async def run(
    args: argparse.Namespace, base: str, pids: list[int], redis_url: str, database: str, folder: Path
) -> tuple[Figures, str, dict[str, float]]:
    ws_base = base.replace("http", "ws")
    setups = []
    # Players first, then tables: alternating the two, nginx's round robin would send every table to one process.
    tokens = [post(base, "/api/players", {"name": f"load{index}"})["token"] for index in range(args.tables)]
    for index, token in enumerate(tokens):
        body = {
            "token": token,
            "name": f"load {index}",
            "preset": "victorz",
            "seats": 4,
            "bots": [None, "auto", "random", "auto"],
            "options": {"rounds": 0, "target_score": 10_000},
        }
        setups.append((post(base, "/api/tables", body)["id"], token))
    print(f"{len(setups)} tables made: playing for {args.seconds:.0f} s", flush=True)
    figures = Figures(warm_from=time.perf_counter() + args.warmup)
    stop = time.monotonic() + args.seconds
    note = ""

    async def kill_one() -> None:
        nonlocal note
        await asyncio.sleep(args.kill_after)
        node, owned = busiest(redis_url, [t for t, _ in setups])
        victim = pids[int(node.removeprefix("node"))]  # pids: Redis, then node1, node2, ...
        os.kill(victim, signal.SIGKILL)
        killed_at, before = time.monotonic(), len(figures.latencies)
        owner_seconds, moves_seconds = await asyncio.gather(
            takeover(redis_url, node, owned, killed_at, stop), moved_again(database, owned, killed_at, stop)
        )
        during = sorted(figures.latencies[before:])
        p99 = 1000 * during[min(len(during) - 1, int(0.99 * len(during)))] if during else float("nan")
        note = (
            f"killed {node} (pid {victim}) at {args.kill_after:.0f} s: its {len(owned)} tables had a new owner after"
            f" {'never' if owner_seconds is None else f'{owner_seconds:.1f} s'} and had moved again"
            f" ({moved_again_words(moves_seconds, len(owned))}); p99 of the {len(during)} actions measured from the"
            f" kill until all had {p99:.0f} ms"
        )

    services = asyncio.create_task(
        measure_cpu_of(pids[1:], lambda: service_pids(folder, pids[0]), args.warmup, stop, figures)
    )
    tasks = [
        keep_playing(f"{ws_base}/ws/{t}", token, stop, tuple(args.think), i, figures)
        for i, (t, token) in enumerate(setups)
    ]
    if args.shuffle:
        random.Random(args.tables).shuffle(tasks)
    if args.kill_after:
        tasks.append(kill_one())
    profiled = asyncio.create_task(profile_window(folder, pids[1:], args.warmup, stop)) if args.cpu_profile else None
    await asyncio.gather(*tasks)
    if profiled is not None:
        from presidente.server import cpu_profile

        samples = await profiled
        Path(args.cpu_profile).write_text("".join(f"{stack} {count}\n" for stack, count in samples.items()))
        said = ["servers' CPU time in the measured part (--cpu-profile):", *cpu_profile.summary(samples)]
        note = "\n".join([note, *said] if note else said)
    return figures, note, await services


def compare(args: argparse.Namespace) -> None:
    """Alternate runs on this checkout's code and on `args.against`'s; print each run's server CPU per table event,
    the medians and their ratio (this checkout / the other)."""
    import re
    import statistics
    import subprocess

    forwarded, skip = [], False
    for word in sys.argv[1:]:
        if skip:
            skip = False
        elif word in ("--against", "--pairs"):
            skip = True
        elif not word.startswith(("--against=", "--pairs=")):
            forwarded.append(word)
    sides = {"this checkout": Path(__file__).resolve().parent.parent, args.against: Path(args.against).resolve()}
    runs: dict[str, list[float]] = {name: [] for name in sides}
    # Each pair's figures (a run not counted left out): a pair's ratio is of two runs made one after the other
    # (zipping the counted runs paired the wrong runs after a starved one).
    pairs_run: list[dict[str, float]] = []
    for _ in range(args.pairs):
        pairs_run.append({})
        for name, tree in sides.items():
            env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tree), os.environ.get("PYTHONPATH", "")])}
            out = subprocess.run(
                [sys.executable, __file__, *forwarded], env=env, cwd=tree, capture_output=True, text=True, timeout=900
            ).stdout
            cpu = re.search(r"server CPU per table event: ([0-9.]+) ms \((\d+) events", out)
            before = re.search(r"load average before: (\S+)", out)
            after = re.search(r"load average after: (\S+)", out)
            warned = "WARNING" in out
            # A run that served far fewer events than its players' pace asks (about 0.85 a second per table) was
            # starved by the machine, its figure dominated by fixed costs: not a measurement (one such run served
            # 196 events in 25 s at 500 tables, 21.9 ms each).
            starved = cpu is not None and int(cpu[2]) < STARVED_SHARE * args.tables * (args.seconds - args.warmup)
            if cpu is not None and not warned and not starved:
                runs[name].append(float(cpu[1]))
                pairs_run[-1][name] = float(cpu[1])
            print(
                f"{time.strftime('%H:%M:%S')} {name}: "
                + (f"{cpu[1]} ms per table event ({cpu[2]} events)" if cpu else "no figure")
                + (" WARNING: a server process ended, not counted" if warned else "")
                + (" (too few events: the machine starved the run, not counted)" if starved else "")
                + f"; load average {before[1] if before else '?'} -> {after[1] if after else '?'}",
                flush=True,
            )
    if all(runs.values()):
        medians = {name: statistics.median(values) for name, values in runs.items()}
        pairs = [f"{pair['this checkout'] / pair[args.against]:.2f}" if len(pair) == 2 else "-" for pair in pairs_run]
        print(
            f"medians: this checkout {medians['this checkout']:.3f} ms, {args.against} {medians[args.against]:.3f} ms;"
            f" ratio {medians['this checkout'] / medians[args.against]:.2f} (pairs: {', '.join(pairs)})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nodes", type=int, default=2)
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds at the start not counted")
    parser.add_argument("--think", type=float, nargs=2, default=(0.5, 1.5), help="player think time range (s)")
    parser.add_argument("--kill-after", type=float, default=0.0, help="kill -9 one process after this many s")
    parser.add_argument("--shuffle", action="store_true", help="clients connect in a random order, as real ones do")
    parser.add_argument(
        "--round-robin",
        action="store_true",
        help="nginx spreads connections in turn, not by table: with --shuffle about half are relayed",
    )
    parser.add_argument(
        "--cpu-profile",
        metavar="FILE",
        help="sample the servers' CPU time (presidente/server/cpu_profile.py) and write the measured part's stacks to"
        " FILE, folded (flamegraph.pl and speedscope read it); the busiest functions are printed",
    )
    parser.add_argument("--against", metavar="TREE", help="alternate with the code in TREE (see above)")
    parser.add_argument("--pairs", type=int, default=3, help="with --against: runs on each side")
    args = parser.parse_args()
    if args.against:
        compare(args)
        return
    args.bot_delay = 0.8  # `presidente serve`'s own pacing
    os.environ["PRESIDENTE_NEW_PLAYERS_PER_MINUTE"] = "0"  # every simulated player comes from one address
    os.environ["PRESIDENTE_WEBSOCKETS_PER_ADDRESS"] = "0"  # and holds all its websockets (issue 29's caps)
    os.environ["PRESIDENTE_CONNECTIONS_PER_ADDRESS"] = "0"
    folder = Path(tempfile.mkdtemp(prefix="presidente-cluster-load-", dir="/tmp"))
    try:
        print(f"load average before: {load_average()}", flush=True)
        if args.cpu_profile:
            os.environ["PRESIDENTE_CPU_PROFILE"] = str(folder / "cpu-profile")  # cpu_profile.ENVIRONMENT
        base = local_cluster.start(
            folder, nodes=args.nodes, port=local_cluster._free_port(), route_by_table=not args.round_robin
        ).rstrip("/")
        facts = dict(line.split(" ", 1) for line in (folder / "ports").read_text().splitlines())
        pids = [int(pid) for pid in facts["pids"].split()]
        redis_url = f"redis://127.0.0.1:{facts['redis']}/0"
        database = f"postgresql://postgres@127.0.0.1:{facts['postgres']}/postgres"
        print(f"cluster: {args.nodes} server processes (pids {pids[1:]}), PostgreSQL, Redis, nginx", flush=True)
        figures, note, services = uvloop.run(run(args, base, pids, redis_url, database, folder))
        for pid in pids[1:]:
            # A process that ended during the run (other than by --kill-after) makes the figures meaningless.
            ended, status = os.waitpid(pid, os.WNOHANG)
            if ended and not (args.kill_after and os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL):
                print(f"WARNING: server process {pid} ended during the run (wait status {status}): figures not valid")
        report(figures, args, args.seconds - args.warmup)
        if figures.server_cpu is not None and figures.measured_events:
            every = figures.server_cpu + sum(services.values())
            per_event = every * (args.seconds - args.warmup) / figures.measured_events
            print(
                "CPU of the services (share of one core): "
                + ", ".join(f"{name} {100 * share:.0f}%" for name, share in services.items())
                + f"; servers and services together {100 * every:.0f}%, {1000 * per_event:.2f} ms per table event"
            )
        print(storage_and_relay_figures([int(port) for port in facts["nodes"].split()]))
        logs = [path.read_text(errors="replace") for path in sorted((folder / "logs").glob("node*.log"))]
        print(
            f"leases lost by a living process: {sum(log.count('lost the lease') for log in logs)}; tables taken over:"
            f" {sum(log.count('taken over') for log in logs)}"
        )
        if note:
            print(note)
        print(f"load average after: {load_average()} (1, 5 and 15 minutes; this machine has {os.cpu_count()} cores)")
        print("(server CPU above: all server processes together)")
    finally:
        with __import__("contextlib").suppress(Exception):
            local_cluster.stop(folder)
        shutil.rmtree(folder, ignore_errors=True)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
