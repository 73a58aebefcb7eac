"""`presidente cluster start|stop` (`make cluster`): PostgreSQL, Redis, two server processes and nginx on this
machine, played through the one address, then stopped. Skipped when a Debian package is missing (`make test`
installs them). nginx reaches the processes over Unix sockets (`presidente serve --uds`), where the client's
address comes from the proxy's X-Forwarded-For."""

from __future__ import annotations

import asyncio
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
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_kill_restart import FRAME_SECONDS, free_port, post
from websockets.sync.client import connect

from presidente.server import local_cluster
from presidente.server.app import NEW_PLAYER_BURST
from presidente.server.main import ProxiedClientAddress


@pytest.fixture
def folder() -> Iterator[Path]:
    # Under /tmp itself: the postgres user must be able to reach the data folder.
    path = Path(tempfile.mkdtemp(prefix="presidente-cluster-", dir="/tmp"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def reap_its_processes(folder: Path) -> None:
    """Started from this test, the cluster's processes are its children: one that exits stays a zombie until
    reaped, and `stop` (run from another process than `start` in real use) would see it alive for 15 s. A thread
    per process waits for it, as init does for a real `presidente cluster start`."""
    facts = dict(line.split(" ", 1) for line in (folder / "ports").read_text().splitlines())
    for pid in map(int, facts["pids"].split()):
        threading.Thread(target=os.waitpid, args=(pid, 0), daemon=True).start()


def test_the_cluster_starts_with_one_command_serves_a_game_and_stops(folder: Path) -> None:
    for tool in ("redis-server", "nginx"):
        if shutil.which(tool) is None and not Path(f"/usr/sbin/{tool}").exists():
            pytest.skip(f"{tool} is not installed")
    try:
        local_cluster._postgres_binaries()
    except local_cluster.ClusterError as missing:
        pytest.skip(str(missing))
    port = free_port()
    url = local_cluster.start(folder, nodes=2, port=port)
    reap_its_processes(folder)
    try:
        assert url == f"http://127.0.0.1:{port}/"
        conf = (folder / "nginx.conf").read_text().splitlines()
        upstreams = [line.split()[1] for line in conf if "max_fails" in line]
        assert upstreams == [f"unix:{folder}/node1.sock", f"unix:{folder}/node2.sock"]
        token = post(port, "/api/players", {"name": "Ann"})["token"]
        body = {"token": token, "name": "Clustered", "preset": "bga", "seats": 4, "bots": [None, "auto"] * 2}
        table = post(port, "/api/tables", {**body, "sit": True})
        with connect(f"ws://127.0.0.1:{port}/ws/{table['id']}", open_timeout=FRAME_SECONDS) as player:
            player.send(json.dumps({"type": "hello", "token": token}))
            welcome = json.loads(player.recv(timeout=FRAME_SECONDS))
            assert welcome["type"] == "welcome" and welcome["view"]["table"]["you"] == 0
        with urllib.request.urlopen(f"{url}api/tables", timeout=10) as answer:
            lobby = json.loads(answer.read())
        assert table["id"] in [line["id"] for line in lobby["tables"]]
    finally:
        local_cluster.stop(folder)
    assert not (folder / "ports").exists()
    with pytest.raises(local_cluster.ClusterError, match="No cluster runs"):
        local_cluster.stop(folder)


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over a Unix socket, as nginx speaks to a server process."""

    def __init__(self, path: Path) -> None:
        super().__init__("localhost", timeout=10)
        self.path = str(path)

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(10)
        self.sock.connect(self.path)


def new_player_over(path: Path, forwarded_for: str) -> int:
    connection = UnixHTTPConnection(path)
    try:
        body = json.dumps({"name": "Ann"})
        headers = {"content-type": "application/json", "x-forwarded-for": forwarded_for}
        connection.request("POST", "/api/players", body, headers)
        return connection.getresponse().status
    finally:
        connection.close()


def test_a_server_on_a_unix_socket_limits_new_players_by_the_address_the_proxy_appended(tmp_path: Path) -> None:
    # "The proxy appends the address it saw to the header's end; the entries before it are whatever the client
    # wrote, so the last one is taken." A client writing another address first does not escape its limit.
    path, port = tmp_path / "node.sock", free_port()
    database = ["--database", f"sqlite:///{tmp_path / 'db.sqlite'}"]
    environment = {key: value for key, value in os.environ.items() if key != "PRESIDENTE_NEW_PLAYERS_PER_MINUTE"}
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "presidente"), "serve", "--port", str(port), "--uds", str(path), *database],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=environment,
    )
    try:
        local_cluster._wait_listening(path, "The server")
        assert path.stat().st_mode & 0o777 == 0o666  # nginx's workers run as another user
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as answer:
            assert answer.status == 200  # the loopback port stays, for health checks and metrics
        statuses = [new_player_over(path, f"198.51.100.{n}, 203.0.113.7") for n in range(NEW_PLAYER_BURST + 1)]
        assert statuses == [200] * NEW_PLAYER_BURST + [429]
        assert new_player_over(path, "203.0.113.7, 203.0.113.8") == 200
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)
    assert not path.exists()


def test_a_client_address_is_read_from_the_header_only_for_a_peer_without_one() -> None:
    seen: list[tuple[Any, str]] = []

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        seen.append((scope.get("client"), scope["scheme"]))

    def scope(client: tuple[str, int] | None, kind: str = "http", scheme: str = "http") -> dict[str, Any]:
        headers = [(b"x-forwarded-for", b"1.2.3.4, 5.6.7.8"), (b"x-forwarded-proto", b"https")]
        return {"type": kind, "client": client, "scheme": scheme, "headers": headers}

    async def calls() -> None:
        wrapped = ProxiedClientAddress(app)
        await wrapped(scope(None), None, None)
        await wrapped(scope(None, "websocket", "ws"), None, None)
        await wrapped(scope(("127.0.0.1", 5000)), None, None)
        await wrapped({"type": "http", "client": None, "scheme": "http", "headers": []}, None, None)

    asyncio.run(calls())
    assert seen == [(("5.6.7.8", 0), "https"), (("5.6.7.8", 0), "wss"), (("127.0.0.1", 5000), "http"), (None, "http")]
