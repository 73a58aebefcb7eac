"""Issue 29's fault suite, for the faults that take longer than a test, against a real `presidente serve` process:

    .venv/bin/python benchmarks/faults.py disk          # SQLite on a 6 MB tmpfs filled up, then freed (needs mount)
    .venv/bin/python benchmarks/faults.py postgres      # PostgreSQL stopped -m immediate for 9 s, then started
    .venv/bin/python benchmarks/faults.py postgres --cluster  # the same under `presidente cluster start --nodes 2`
    .venv/bin/python benchmarks/faults.py redis --cluster     # the cluster's Redis killed -9 for 7 s, then started
    .venv/bin/python benchmarks/faults.py redis --cluster --saved  # the same, Redis back with its data
    .venv/bin/python benchmarks/faults.py sigstop --cluster   # one cluster process stopped (SIGSTOP) for 10 s
    .venv/bin/python benchmarks/faults.py slow-headers  # 300 connections sending headers that never end
    .venv/bin/python benchmarks/faults.py idle          # 1,000 idle connections from one address

Each storage or cluster fault plays TABLES tables (a player in seat 0 and two bots each, the bots at 0.05 s) and
BOT_TABLES tables of bots alone, watched, for a few seconds, breaks storage (or Redis, or a process), mends it, and
reports when `/readyz` said not ready and ready again, when every table moved again, and every move the players had
acknowledged checked against the stored rows (lost, stored twice). The connection
faults report how long the server kept the connections and whether it answered a plain request meanwhile. The
machine's load average is printed beside the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "server"))

from services import RestartablePostgres  # noqa: E402
from test_storage_faults import (  # noqa: E402
    LONG_MATCH,
    Player,
    free_port,
    matches_the_stored_moves,
    request,
    stored_moves,
    wait_for,
)

TABLES = 20
BOT_TABLES = 5
CODE: list[str] = []  # --code: the checkout whose server runs (a git worktree of older code), else this one
SERVER = """
import sys, uvicorn
from presidente.server import logs
from presidente.server.app import create_app
from presidente.server import main
logs.configure(False)
app = create_app(sys.argv[1], intermission=0.0, bot_delay=0.05, new_players_per_minute=None)
if hasattr(main, "ConnectionLimits"):
    main.check_open_files()
    # The clients are on this machine but no proxy: 127.0.0.1 is capped as any client address is.
    options = main.uvicorn_options(main.ConnectionLimits(256, frozenset()))
else:  # older code (--code), without issue 29's limits
    options = main.uvicorn_options()
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), **options)
"""


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


class Server:
    def __init__(self, database: str, log: Path) -> None:
        self.port = free_port()
        self.log = log
        self.process = subprocess.Popen(
            [sys.executable, "-c", SERVER, database, str(self.port)],
            stdout=log.open("ab"),
            stderr=subprocess.STDOUT,
            cwd=CODE[0] if CODE else ROOT,
            env={**os.environ, "PYTHONPATH": CODE[0]} if CODE else None,
        )
        assert wait_for(lambda: self._up(), 60), "the server did not start"
        self.database, self.ready_ports = database, [self.port]

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def _up(self) -> bool:
        with contextlib.suppress(OSError):
            return request(self.port, "/healthz")[0] == 200
        return False

    def stop(self) -> None:
        self.process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=20)
        if self.process.poll() is None:
            self.process.kill()


class Cluster:
    """`presidente cluster start --nodes 2` (its own PostgreSQL, Redis and nginx) in a temporary folder: clients
    through nginx, `/readyz` of each process."""

    def __init__(self) -> None:
        from presidente.server import local_cluster

        self.local_cluster = local_cluster
        self.folder = Path(tempfile.mkdtemp(prefix="presidente-faults-cluster-"))
        os.environ["PRESIDENTE_NEW_PLAYERS_PER_MINUTE"] = "0"
        base = local_cluster.start(self.folder, nodes=2, port=free_port())
        self.port = int(base.rstrip("/").rpartition(":")[2])
        ports = dict(line.split(" ", 1) for line in (self.folder / "ports").read_text().splitlines())
        self.pg_port = int(ports["postgres"])
        self.ready_ports = [int(port) for port in ports["nodes"].split()]
        self.database = f"postgresql+asyncpg://postgres@127.0.0.1:{self.pg_port}/postgres"

    def pg_ctl(self, *arguments: str) -> None:
        lc = self.local_cluster
        command = [*lc._as_postgres(), f"{lc._postgres_binaries()}/pg_ctl", "-D", str(self.folder / "postgres")]
        subprocess.run([*command, *arguments], check=True, capture_output=True, timeout=60)

    def stop_postgres(self) -> None:
        self.pg_ctl("-m", "immediate", "stop")

    def start_postgres(self) -> None:
        options = f"-p {self.pg_port} -c listen_addresses=127.0.0.1 -k {self.folder / 'pg-socket'}"
        self.pg_ctl("-o", options, "-l", str(self.folder / "logs/postgres.log"), "-w", "start")

    def log_text(self) -> str:
        return "".join(path.read_text(errors="replace") for path in sorted(self.folder.glob("logs/node*.log")))

    def _facts(self) -> dict[str, str]:
        return dict(line.split(" ", 1) for line in (self.folder / "ports").read_text().splitlines())

    def kill_redis(self, saved: bool = False) -> None:
        """kill -9 of the cluster's Redis (the first of the pids `ports` lists); `saved`: a snapshot (SAVE) just
        before, so that it comes back with its data."""
        pid = int(self._facts()["pids"].split()[0])
        if saved:
            import redis

            client = redis.Redis(port=int(self._facts()["redis"]))
            client.save()
            client.close()
        os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
        wait_for(lambda: not Path(f"/proc/{pid}").exists(), 10)

    def start_redis(self) -> None:
        """Redis again on its port and folder, as `presidente cluster start` ran it (with whatever its last
        snapshot kept); `ports` lists the new pid, so that `cluster stop` stops it."""
        facts = self._facts()
        redis = self.local_cluster.start_redis(self.folder, int(facts["redis"]))
        facts["pids"] = " ".join([str(redis.pid), *facts["pids"].split()[1:]])
        (self.folder / "ports").write_text("".join(f"{key} {value}\n" for key, value in facts.items()))

    def node_pid(self, index: int) -> int:
        return int(self._facts()["pids"].split()[1 + index])

    def stop(self) -> None:
        """Nothing yet: the stored moves are read after the run (`close` stops the cluster and its database)."""

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.local_cluster.stop(self.folder)
        print(f"  the cluster's logs are in {self.folder}/logs")


def answer(port: int, path: str, body: dict[str, Any] | None = None, timeout: float = 2.0) -> tuple[int | str, Any]:
    """`request` within `timeout` seconds, a request that failed (a stopped process never answers) as its error's
    name: the probes during a fault must not stretch the fault."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if body is not None else {}
    call = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers=headers)
    try:
        with urllib.request.urlopen(call, timeout=timeout) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, text.decode(errors="replace")
    except OSError as error:
        return type(error).__name__, str(error)[:80]


def storage_fault(
    server: Any, break_storage: Any, mend: Any, outage: float, unready_ports: list[int] | None = None
) -> None:
    """The run of every fault: `break_storage()`, `outage` seconds, `mend()`. `unready_ports`: the processes whose
    `/readyz` should say not ready meanwhile (all by default; a stopped process answers nothing)."""
    database = server.database
    stop = threading.Event()
    players: list[Player] = []
    watchers: list[Player] = []
    tables: list[str] = []
    unready_ports = server.ready_ports if unready_ports is None else unready_ports
    try:
        _, spare = request(server.port, "/api/players", {"name": "Spare"})  # makes a table during the fault
        for index in range(TABLES):
            _, made = request(server.port, "/api/players", {"name": f"P{index}"})
            body = {"token": made["token"], "name": f"T{index}", "seats": 3, "bots": [None, "auto", "auto"]}
            _, table = request(server.port, "/api/tables", {**body, "sit": True, "options": LONG_MATCH})
            tables.append(table["id"])
            players.append(Player(server.port, table["id"], made["token"], stop))
        # Tables of bots alone, watched: every move there is automatic.
        for index in range(BOT_TABLES):
            _, made = request(server.port, "/api/players", {"name": f"W{index}"})  # 5 open tables at most each
            body = {"token": made["token"], "name": f"B{index}", "seats": 3, "bots": ["auto"] * 3}
            _, table = request(server.port, "/api/tables", {**body, "allow_all_bots": True, "options": LONG_MATCH})
            watchers.append(Player(server.port, table["id"], None, stop))
        for player in players + watchers:
            player.start()
        assert wait_for(lambda: all(player.acknowledged_after(0) >= 2 for player in players), 60)
        broken = time.monotonic()
        break_storage()
        unready = wait_for(lambda: all(answer(port, "/readyz")[0] == 503 for port in unready_ports), 30)
        not_ready_after = time.monotonic() - broken
        others_ready = [answer(port, "/readyz")[0] for port in server.ready_ports if port not in unready_ports]
        refused = answer(server.port, "/api/players", {"name": "late"})
        late_table = {"token": spare["token"], "name": "Late", "seats": 3, "bots": [None, "auto", "auto"]}
        refused_table = answer(server.port, "/api/tables", late_table)
        time.sleep(max(0.0, broken + outage - time.monotonic()))
        mended = time.monotonic()
        mend()
        mend_took = time.monotonic() - mended
        wait_for(lambda: all(answer(port, "/readyz")[0] == 200 for port in server.ready_ports), 60)
        ready_after = time.monotonic() - mended
        after_table = answer(server.port, "/api/tables", {**late_table, "name": "After"})
        wait_for(
            lambda: (
                all(player.acknowledged_after(mended) >= 1 for player in players)
                and all(watcher.updates_after(mended) >= 3 for watcher in watchers)
            ),
            60,
        )
        bots_again = [
            min((at for at, _ in watcher.updates if at > mended), default=float("inf")) - mended for watcher in watchers
        ]
        bots_moving = sum(1 for watcher in watchers if watcher.updates_after(mended) >= 3)
        firsts = sorted(
            min((at for _, at in player.sent if at is not None and at > mended), default=float("inf")) - mended
            for player in players
        )
        # The tables whose player saw a move acknowledged during the fault, and when each table's player saw its
        # first move acknowledged after the fault began (counted from the fault).
        moving_meanwhile = sum(
            1 for player in players if any(broken < at < mended for _, at in acknowledged_moves(player))
        )
        since_fault = sorted(
            min((at for _, at in acknowledged_moves(player) if at > broken), default=float("inf")) - broken
            for player in players
        )
    finally:
        stop.set()
        for player in players + watchers:
            if player.ident is not None:
                player.join(timeout=10)
        server.stop()
    acknowledged = sum(1 for player in players for _, at in player.sent if at is not None)
    lost_or_twice = 0
    for player, table_id in zip(players, tables, strict=True):
        mine = [text for _, seat, text in stored_moves(database, table_id) if seat == 0]
        lost_or_twice += not matches_the_stored_moves(player.sent, mine)
    log = server.log_text()
    if unready_ports:
        print(f"  /readyz not ready {not_ready_after:.2f} s after the fault ({'yes' if unready else 'NEVER'})")
    if others_ready:
        print(f"  /readyz of the other processes during the fault: {others_ready}")
    print(f"  a new player during the fault: {refused[0]} {refused[1]}")
    print(f"  a new table during the fault: {refused_table[0]} {refused_table[1]}; after it: {after_table[0]}")
    print(
        f"  /readyz ready {ready_after:.2f} s after the mending began (the mending itself took {mend_took:.2f} s:"
        " freeing the disk, pg_ctl start -w, Redis listening, SIGCONT)"
    )
    print(
        f"  every table moved again: half by {firsts[len(firsts) // 2]:.2f} s, 90% by"
        f" {firsts[int(len(firsts) * 0.9) - 1]:.2f} s, all {len(firsts)} by {firsts[-1]:.2f} s"
    )
    print(
        f"  tables of bots alone moving again (3 updates) within 60 s: {bots_moving} of {len(watchers)}, the first"
        f" update after {min(bots_again):.2f}-{max(bots_again):.2f} s"
    )
    print(
        f"  players' tables with a move acknowledged during the fault: {moving_meanwhile} of {len(players)}; each"
        f" table's first acknowledged move after the fault began ({outage:.0f} s long): half by"
        f" {since_fault[len(since_fault) // 2]:.2f} s, all by {since_fault[-1]:.2f} s"
    )
    print(f"  moves acknowledged {acknowledged}; tables whose stored moves do not match them: {lost_or_twice}")
    print(
        f"  log: {log.count('Traceback')} tracebacks, {log.count('storage is failing')} 'storage is failing' lines,"
        f" {len(log.splitlines())} lines in all"
    )


def acknowledged_moves(player: Player) -> list[tuple[str, float]]:
    return [(action, at) for action, at in player.sent if at is not None]


def disk(args: argparse.Namespace) -> None:
    mount = Path(tempfile.mkdtemp(prefix="presidente-tmpfs-"))
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=6m", "tmpfs", str(mount)], check=True)
    filler = mount / "filler"
    try:

        def fill() -> None:
            with filler.open("wb") as out, contextlib.suppress(OSError):
                for _ in range(10_000):
                    out.write(b"\0" * 65536)
                    out.flush()
                    os.fsync(out.fileno())

        logs = Path(tempfile.mkdtemp(prefix="presidente-faults-"))  # the log outside the full disk
        storage_fault(
            Server(f"sqlite:///{mount / 'faults.db'}", logs / "server.log"), fill, filler.unlink, args.outage or 9.0
        )
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)
        shutil.rmtree(mount, ignore_errors=True)


def postgres(args: argparse.Namespace) -> None:
    if args.cluster:
        cluster = Cluster()
        try:
            storage_fault(cluster, cluster.stop_postgres, cluster.start_postgres, args.outage or 9.0)
        finally:
            cluster.close()
        return
    postgresql = RestartablePostgres()
    folder = Path(tempfile.mkdtemp(prefix="presidente-faults-"))
    try:
        server = Server(postgresql.url, folder / "server.log")
        storage_fault(server, postgresql.stop, postgresql.start, args.outage or 9.0)
    finally:
        postgresql.close()
        shutil.rmtree(folder, ignore_errors=True)


def redis_fault(args: argparse.Namespace) -> None:
    """Redis killed -9 under the cluster and started again `outage` seconds later, with what its last snapshot kept
    (`--save 60 1`: a run this short comes back empty, every lease, liveness key and counter gone; with `--saved`
    a snapshot is taken just before the kill, and Redis comes back with its data)."""
    cluster = Cluster()
    try:
        kill = functools.partial(cluster.kill_redis, saved=args.saved)
        storage_fault(cluster, kill, cluster.start_redis, args.outage or 7.0)
    finally:
        cluster.close()


def sigstop(args: argparse.Namespace) -> None:
    """The first process of the cluster stopped (SIGSTOP) for `outage` seconds, then continued (SIGCONT): the other
    takes its tables over once its liveness key lapses; fencing refuses whatever the stopped one still had to write.
    nginx keeps sending the stopped process its share of the connections (its socket accepts them), so those
    players wait for SIGCONT; the stopped process then hands their tables over or relays them."""
    cluster = Cluster()
    pid = cluster.node_pid(0)
    try:
        storage_fault(
            cluster,
            lambda: os.kill(pid, signal.SIGSTOP),
            lambda: os.kill(pid, signal.SIGCONT),
            args.outage or 10.0,
            unready_ports=[],
        )
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGCONT)
        cluster.close()


def connections(args: argparse.Namespace, partial: bool) -> None:
    folder = Path(tempfile.mkdtemp(prefix="presidente-faults-"))
    server = Server(f"sqlite:///{folder / 'x.db'}", folder / "server.log")
    sockets: list[socket.socket] = []
    try:
        started = time.monotonic()
        for _ in range(args.sockets):
            with contextlib.suppress(OSError):
                sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
                if partial:
                    sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                sockets.append(sock)
        time.sleep(1.0)
        answered = other_address_request(server.port)
        open_counts: list[tuple[float, int]] = []
        for sock in sockets:
            sock.setblocking(False)
        first_close: float | None = None
        closed_first = 0
        live = set(range(len(sockets)))
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            for index in list(live):
                try:
                    while sockets[index].recv(65536):
                        pass  # an answer (408, 429): the end comes next
                    live.discard(index)  # closed by the server
                except BlockingIOError:
                    pass
                except OSError:
                    live.discard(index)
            if len(live) < len(sockets) and first_close is None:
                first_close = time.monotonic() - started
                closed_first = len(sockets) - len(live)
            open_counts.append((time.monotonic() - started, len(live)))
            if not live:
                break
            time.sleep(0.5)
        print(
            f"  {len(sockets)} of {args.sockets} connections opened; GET /healthz from another address meanwhile:"
            f" {answered}"
        )
        print(
            f"  {closed_first} closed by the server after {first_close or 0:.1f} s (429 over the cap of 256 per"
            f" address); after {open_counts[-1][0]:.1f} s still open: {open_counts[-1][1]}"
        )
    finally:
        for sock in sockets:
            sock.close()
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def other_address_request(port: int) -> int | str:
    """The status of GET /healthz from another client address (127.0.0.2, also this machine), or what failed."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=("127.0.0.2", 0))
    try:
        connection.request("GET", "/healthz")
        return connection.getresponse().status
    except OSError as error:
        return repr(error)
    finally:
        connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("fault", choices=["disk", "postgres", "redis", "sigstop", "slow-headers", "idle"])
    parser.add_argument(
        "--outage", type=float, default=None, help="seconds of the fault (9 for storage, 7 for Redis, 10 for sigstop)"
    )
    parser.add_argument("--sockets", type=int, default=0, help="connections (300 slow, 1,000 idle by default)")
    parser.add_argument(
        "--cluster", action="store_true", help="postgres: against `presidente cluster start` (redis, sigstop: always)"
    )
    parser.add_argument("--saved", action="store_true", help="redis: SAVE just before the kill (back with its data)")
    parser.add_argument("--code", help="run the server of this checkout (a git worktree), to compare")
    args = parser.parse_args()
    if args.code:
        CODE.append(str(Path(args.code).resolve()))
    print(f"{args.fault}: load average before {load_average()} ({os.cpu_count()} cores)", flush=True)
    if args.fault == "disk":
        disk(args)
    elif args.fault == "postgres":
        postgres(args)
    elif args.fault == "redis":
        redis_fault(args)
    elif args.fault == "sigstop":
        sigstop(args)
    else:
        args.sockets = args.sockets or (300 if args.fault == "slow-headers" else 1000)
        connections(args, partial=args.fault == "slow-headers")
    print(f"  load average after {load_average()}")


if __name__ == "__main__":
    main()
