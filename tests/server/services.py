"""Real services for the tests, in temporary folders on 127.0.0.1: a throwaway PostgreSQL cluster (Debian's
`initdb` and `pg_ctl`, run as the `postgres` user when the tests run as root) and a Redis server (Debian's
`redis-server`). Without the binaries the tests that need them are skipped, saying which is missing; `make
test` installs them.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

START_SECONDS = 30


def _binaries() -> str | None:
    """The folder of initdb and pg_ctl: on PATH, or Debian's /usr/lib/postgresql/<version>/bin."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return os.path.dirname(found)
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(f"{folder}/initdb") and os.path.exists(f"{folder}/pg_ctl"):
            return folder
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


# The clusters running, by URL: their data folder, options, the user they run as and the binaries' folder.
RUNNING: dict[str, tuple[str, str, list[str], str]] = {}


def postgres_cluster() -> Iterator[str]:
    """A PostgreSQL URL of a throwaway cluster, removed afterwards (a generator for a fixture)."""
    pytest.importorskip("asyncpg", reason="the asyncpg driver is not installed (pip install 'presidente[postgres]')")
    binaries = _binaries()
    if binaries is None:
        pytest.skip("PostgreSQL's initdb and pg_ctl were not found (Debian: apt-get install postgresql)")
    run_as: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no postgres user to run the cluster")
        run_as = ["runuser", "-u", "postgres", "--"]
    folder = tempfile.mkdtemp(prefix="presidente-pg-")
    data = os.path.join(folder, "data")
    if run_as:
        shutil.chown(folder, "postgres", "postgres")
    port = _free_port()
    options = f"-p {port} -c listen_addresses=127.0.0.1 -k {folder} -c fsync=off"
    try:
        subprocess.run(
            [*run_as, f"{binaries}/initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"],
            check=True,
            capture_output=True,
            timeout=120,
        )
        subprocess.run(
            [*run_as, f"{binaries}/pg_ctl", "-D", data, "-o", options, "-l", f"{folder}/log", "-w", "start"],
            check=True,
            capture_output=True,
            timeout=START_SECONDS,
        )
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as error:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"a throwaway PostgreSQL cluster could not be started: {error}")
    url = f"postgresql+asyncpg://postgres@127.0.0.1:{port}/postgres"
    RUNNING[url] = (data, options, run_as, binaries)
    try:
        yield url
    finally:
        RUNNING.pop(url, None)
        subprocess.run(
            [*run_as, f"{binaries}/pg_ctl", "-D", data, "-m", "immediate", "stop"], capture_output=True, timeout=60
        )
        shutil.rmtree(folder, ignore_errors=True)


def redis_server() -> Iterator[str]:
    """A Redis URL of a throwaway server without persistence, stopped afterwards (a generator for a fixture)."""
    pytest.importorskip("redis", reason="the redis client is not installed (pip install 'presidente[cluster]')")
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server was not found (Debian: apt-get install redis-server)")
    folder = tempfile.mkdtemp(prefix="presidente-redis-")
    port = _free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", folder],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.skip("a throwaway Redis server could not be started")
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.kill()
        process.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


class RestartableRedis:
    """A throwaway Redis server that a test kills (kill -9) and starts again on the same port. With `keep` its data
    survives the kill (an append-only file written to disk at every write, as a Redis that keeps its data is
    configured); without it Redis comes back empty, every key gone."""

    def __init__(self, keep: bool) -> None:
        pytest.importorskip("redis", reason="the redis client is not installed (pip install 'presidente[cluster]')")
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip("redis-server was not found (Debian: apt-get install redis-server)")
        self.binary, self.keep = binary, keep
        self.folder = tempfile.mkdtemp(prefix="presidente-redis-")
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        persistence = ["--appendonly", "yes", "--appendfsync", "always"] if self.keep else ["--appendonly", "no"]
        where = ["--port", str(self.port), "--bind", "127.0.0.1", "--dir", self.folder]
        self.process = subprocess.Popen(
            [self.binary, *where, "--save", "", *persistence],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.close()
                    pytest.fail("a throwaway Redis server could not be (re)started")
                time.sleep(0.05)

    def kill(self) -> None:
        """kill -9: Redis saves nothing more and says goodbye to nobody."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def close(self) -> None:
        self.kill()
        shutil.rmtree(self.folder, ignore_errors=True)


class RestartablePostgres:
    """A throwaway PostgreSQL cluster that a test stops at once (`pg_ctl stop -m immediate`: no checkpoint, every
    connection cut, as a crash) and starts again on the same port and data."""

    def __init__(self) -> None:
        self._clusters = postgres_cluster()
        self.url = next(self._clusters)
        self.data, self.options, self.run_as, self.binaries = RUNNING[self.url]

    def stop(self) -> None:
        subprocess.run(
            [*self.run_as, f"{self.binaries}/pg_ctl", "-D", self.data, "-m", "immediate", "stop"],
            check=True,
            capture_output=True,
            timeout=60,
        )

    def start(self) -> None:
        log = os.path.join(os.path.dirname(self.data), "log")
        subprocess.run(
            [*self.run_as, f"{self.binaries}/pg_ctl", "-D", self.data, "-o", self.options, "-l", log, "-w", "start"],
            check=True,
            capture_output=True,
            timeout=START_SECONDS,
        )

    def close(self) -> None:
        with contextlib.suppress(StopIteration):
            next(self._clusters)


def request(port: int, path: str, body: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
    """The status and JSON answer of a GET (or a POST of `body`) to a server on 127.0.0.1, errors included."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if body is not None else {}
    call = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers=headers)
    try:
        with urllib.request.urlopen(call, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, {"text": text.decode(errors="replace")}
