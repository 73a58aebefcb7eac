"""`presidente cluster start|stop` (and `make cluster`): the whole cluster on one machine, for trying it and for
development — PostgreSQL and Redis from the Debian packages with their data in a folder of the checkout, N
server processes, and nginx in front as the one address. Everything listens on 127.0.0.1 only; nginx reaches
the server processes over Unix sockets in the folder (a frame written to a Unix socket costs a third of one written
to loopback TCP), while each process also keeps a loopback port for its health, metrics and direct use.

What a real deployment runs instead is in docs/deploy.md; the pieces are the same.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import resource
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from presidente.server import nginx_ring

NGINX_CONF = """\
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/logs/nginx-error.log;
events {{ worker_connections 32768; }}
http {{
  access_log off;
  client_body_temp_path {folder}/nginx-tmp;
  proxy_temp_path {folder}/nginx-tmp;
  # Issue 29: a request's headers within 10 s and its body within 30 s (nginx's default is 60 s each), and at
  # most PRESIDENTE_CONNECTIONS_PER_ADDRESS connections per client address (0: no limit), refused with a 429.
  client_header_timeout 10s;
  client_body_timeout 30s;
  limit_conn_zone $binary_remote_addr zone=per_address:10m;
  limit_conn_status 429;
{route}
  upstream presidente {{
{balance}
{servers}
  }}
  server {{
    # After a process dies its clients all reconnect at once: a connection the queue (nginx's default: 511)
    # has no room for waits for TCP's retry, 1, 3 or 7 s later. The kernel caps the queue at net.core.somaxconn.
    listen 127.0.0.1:{port} backlog=65535;
{limit_conn}
    location / {{
      proxy_pass http://presidente;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
      proxy_set_header Host $host;
      # The client's address: the per-address limits need it (main.ProxiedClientAddress takes the last one).
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout;
    }}
  }}
}}
"""


# Every websocket of a table to one process: the one that runs it (docs/deploy.md, "Each connection on its table's
# owner"). nginx hashes the table's id from the path onto a ring of the processes (consistent: a process that fails
# moves only its own tables' connections, to the next process on the ring); any other request has a random key, so
# the lobby and HTTP go to any process. The processes are told (ROUTED) and move a table to the process its
# connections reach.
ROUTE_BY_TABLE = """\
  map $uri $presidente_route {
    ~^/ws/([^/]+)$ $1;
    default $request_id;
  }"""
BALANCE_BY_TABLE = "    hash $presidente_route consistent;"
# clustered.ROUTED_SETTING (not imported: this module stays light for the command line).
ROUTED = "PRESIDENTE_ROUTED_BY_TABLE"


def _limit_conn() -> str:
    """nginx's cap of connections per client address: PRESIDENTE_CONNECTIONS_PER_ADDRESS, as each process's own
    (`main.CONNECTIONS_PER_ADDRESS` by default; 0: none, as the load benchmarks, all from one address, set)."""
    text = os.environ.get("PRESIDENTE_CONNECTIONS_PER_ADDRESS", "256").strip()
    return f"    limit_conn per_address {int(text)};" if text.isdigit() and int(text) > 0 else ""


# The daemons outlive this command: no pipes to them, or a pipe they keep open would hold up its caller.
QUIET: dict[str, Any] = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}


class ClusterError(Exception):
    """Something the cluster needs is missing or would not start: one sentence."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _postgres_binaries() -> str:
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return os.path.dirname(found)
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(f"{folder}/initdb"):
            return folder
    raise ClusterError("PostgreSQL is not installed: apt-get install postgresql (make cluster does it).")


def _as_postgres() -> list[str]:
    """initdb and pg_ctl refuse to run as root: run them as the postgres user then."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        raise ClusterError("Running as root and there is no postgres user to run PostgreSQL.") from None
    return ["runuser", "-u", "postgres", "--"]


def _wait_listening(address: int | Path, what: str, seconds: float = 30.0) -> None:
    """Wait until something accepts connections at `address`: a loopback port, or a Unix socket's path."""
    deadline = time.monotonic() + seconds
    where = f"port {address}" if isinstance(address, int) else f"the Unix socket {address}"
    while True:
        try:
            if isinstance(address, int):
                socket.create_connection(("127.0.0.1", address), timeout=1).close()
            else:
                with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
                    probe.settimeout(1)
                    probe.connect(str(address))
            return
        except OSError:
            if time.monotonic() > deadline:
                raise ClusterError(f"{what} did not start on {where}.") from None
            time.sleep(0.1)


# A Unix socket's path has room for 107 bytes (sun_path); a folder too deep for it leaves nginx on loopback TCP.
UNIX_PATH_MAX = 107


def _node_socket(folder: Path, index: int) -> Path | None:
    path = folder / f"node{index + 1}.sock"
    return path if len(os.fsencode(path)) <= UNIX_PATH_MAX else None


def _wait_proxy(port: int, seconds: float = 30.0) -> None:
    """nginx answers and reaches a server process (a folder its workers may not enter would give 502)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return
        except urllib.error.HTTPError as error:
            if time.monotonic() > deadline:
                raise ClusterError(
                    f"nginx on port {port} cannot reach the server processes (HTTP {error.code}): see its error log."
                ) from None
        except OSError:
            if time.monotonic() > deadline:
                raise ClusterError(f"nginx did not start on port {port}.") from None
        time.sleep(0.1)


def _raise_open_files() -> None:
    """Thousands of websockets need thousands of descriptors: the processes started here inherit the raise."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def start_redis(folder: Path, port: int) -> subprocess.Popen[bytes]:
    """Redis for the cluster in `folder` (its snapshot there, saved after a minute with a change), once it listens
    on `port`; `benchmarks/faults.py redis --cluster` starts it again this way after killing it."""
    redis = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder), "--save", "60 1"],
        stdin=subprocess.DEVNULL,
        stdout=open(folder / "logs/redis.log", "ab"),  # noqa: SIM115 - the log stays open for the server
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    _wait_listening(port, "Redis")
    return redis


def upstream_servers(
    node_ports: list[int | None], node_sockets: list[Path | None], route_by_table: bool = True
) -> tuple[list[str], list[int]]:
    """The upstream's `server` lines (a process's Unix socket, else its port) and their weights. Routed by table,
    the weights are `nginx_ring.even_weights`: with nginx's default (160 points each on its consistent hash's
    ring) two processes split the tables 52/48 or worse, depending on the sockets' paths."""
    names = [
        f"127.0.0.1:{node_port}" if node_socket is None else f"unix:{node_socket}"
        for node_port, node_socket in zip(node_ports, node_sockets, strict=True)
    ]
    weights = nginx_ring.even_weights(names) if route_by_table else [1] * len(names)
    lines = [
        f"{name}{'' if weight == 1 else f' weight={weight}'} max_fails=1 fail_timeout=2s"
        for name, weight in zip(names, weights, strict=True)
    ]
    return lines, weights


def start(folder: Path, nodes: int = 2, port: int = 8080, route_by_table: bool = True) -> str:
    """Start the cluster with its data in `folder`; returns the address to open. `route_by_table`: nginx sends
    every websocket of a table to the process that runs it (False: round robin, connections relayed through
    Redis when they reach another process, as before)."""
    for tool in ("redis-server", "nginx"):
        if shutil.which(tool) is None and not Path(f"/usr/sbin/{tool}").exists():
            raise ClusterError(f"{tool} is not installed: make cluster installs it (Debian packages).")
    if (folder / "ports").exists():
        raise ClusterError(f"A cluster already runs from {folder}: stop it first (make cluster-stop).")
    _raise_open_files()
    (folder / "logs").mkdir(parents=True, exist_ok=True)
    folder.chmod(0o755)  # the postgres user keeps its data inside
    (folder / "nginx-tmp").mkdir(exist_ok=True)
    run_as = _as_postgres()
    pg_port, redis_port = _free_port(), _free_port()
    data = folder / "postgres"
    if not data.exists():
        data.mkdir()
        if run_as:
            shutil.chown(data, "postgres", "postgres")
        binaries = _postgres_binaries()
        subprocess.run(
            [*run_as, f"{binaries}/initdb", "-D", str(data), "-A", "trust", "-U", "postgres"],
            check=True,
            capture_output=True,
        )
    socket_dir = folder / "pg-socket"
    socket_dir.mkdir(exist_ok=True)
    if run_as:
        shutil.chown(socket_dir, "postgres", "postgres")
        shutil.chown(folder / "logs", "postgres", "postgres")
    options = f"-p {pg_port} -c listen_addresses=127.0.0.1 -k {socket_dir}"
    subprocess.run(
        [
            *run_as,
            f"{_postgres_binaries()}/pg_ctl",
            "-D",
            str(data),
            "-o",
            options,
            "-l",
            str(folder / "logs/postgres.log"),
            "-w",
            "start",
        ],
        check=True,
        **QUIET,
    )
    redis = start_redis(folder, redis_port)
    # The servers reach PostgreSQL over its Unix socket (cheaper than loopback TCP, like nginx's hop to them); the
    # port names the socket's file. Its TCP port on 127.0.0.1 stays open for psql and tools.
    database = f"postgresql://postgres@/postgres?host={socket_dir}&port={pg_port}"
    redis_url = f"redis://127.0.0.1:{redis_port}/0"
    node_ports = [_free_port() for _ in range(nodes)]
    node_sockets = [_node_socket(folder, index) for index in range(nodes)]
    pids = [redis.pid]
    for index, node_port in enumerate(node_ports):
        node_socket = node_sockets[index]
        node = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "presidente"),
                "serve",
                "--port",
                str(node_port),
                "--database",
                database,
                "--redis",
                redis_url,
                "--node",
                f"node{index + 1}",
                "--log-json",
                *([] if node_socket is None else ["--uds", str(node_socket)]),
            ],
            stdin=subprocess.DEVNULL,
            stdout=open(folder / f"logs/node{index + 1}.log", "ab"),  # noqa: SIM115
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env={**os.environ, ROUTED: "1" if route_by_table else "0"},
        )
        pids.append(node.pid)
    for node_port, node_socket in zip(node_ports, node_sockets, strict=True):
        _wait_listening(node_port, "A server process")
        if node_socket is not None:
            _wait_listening(node_socket, "A server process")
    lines, _ = upstream_servers(list(node_ports), node_sockets, route_by_table)
    servers = "\n".join(f"    server {line};" for line in lines)
    (folder / "nginx.conf").write_text(
        NGINX_CONF.format(
            folder=folder,
            servers=servers,
            port=port,
            limit_conn=_limit_conn(),
            route=ROUTE_BY_TABLE if route_by_table else "",
            balance=BALANCE_BY_TABLE if route_by_table else "",
        )
    )
    subprocess.run(["nginx", "-c", str(folder / "nginx.conf"), "-p", str(folder)], check=True, **QUIET)
    _wait_proxy(port)
    (folder / "ports").write_text(
        f"postgres {pg_port}\nredis {redis_port}\nnodes {' '.join(map(str, node_ports))}\nproxy {port}\n"
        f"pids {' '.join(map(str, pids))}\n"
    )
    return f"http://127.0.0.1:{port}/"


def stop(folder: Path) -> None:
    """Stop everything `start` started from `folder` (the data stays)."""
    ports_file = folder / "ports"
    if not ports_file.exists():
        raise ClusterError(f"No cluster runs from {folder}.")
    facts = dict(line.split(" ", 1) for line in ports_file.read_text().splitlines())
    subprocess.run(["nginx", "-c", str(folder / "nginx.conf"), "-p", str(folder), "-s", "stop"], capture_output=True)
    pids = [int(pid) for pid in facts["pids"].split()]
    for pid in pids[1:] + pids[:1]:  # the server processes first (they hand their tables back), Redis last
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            continue
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        else:
            # Still there after 15 s (a node whose graceful stop hangs once PostgreSQL or Redis is gone): killed, so
            # that `stop` leaves nothing running.
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    subprocess.run(
        [*_as_postgres(), f"{_postgres_binaries()}/pg_ctl", "-D", str(folder / "postgres"), "-m", "fast", "stop"],
        capture_output=True,
    )
    ports_file.unlink()
