"""`presidente cluster start|stop` (`make cluster`): PostgreSQL, Redis, two server processes and nginx on this
machine, played through the one address, then stopped. Skipped when a Debian package is missing (`make test`
installs them)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_kill_restart import FRAME_SECONDS, free_port, post
from websockets.sync.client import connect

from presidente.server import local_cluster


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
