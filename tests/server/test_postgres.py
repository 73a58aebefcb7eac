"""The restart-and-resume scenarios against a real PostgreSQL: a throwaway cluster in a temporary folder.

The cluster is made with Debian's `initdb` and `pg_ctl` (package postgresql), listens on a free port on
127.0.0.1 only, runs as the `postgres` user when the tests run as root, and is removed afterwards. Without
the binaries or the asyncpg driver the tests are skipped, saying which is missing.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator

import pytest
import test_play
import test_seats_and_time as scenarios
from server_helpers import Clock, make_client

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


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
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
    try:
        yield f"postgresql+asyncpg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*run_as, f"{binaries}/pg_ctl", "-D", data, "-m", "immediate", "stop"], capture_output=True, timeout=60
        )
        shutil.rmtree(folder, ignore_errors=True)


def test_a_restarted_server_resumes_every_unfinished_table_on_postgresql(postgres_url: str) -> None:
    scenarios.test_a_restarted_server_resumes_every_unfinished_table(postgres_url, Clock())


def test_chat_is_stored_and_shown_again_after_a_restart_on_postgresql(postgres_url: str) -> None:
    scenarios.test_chat_is_stored_and_shown_again_after_a_restart(postgres_url, Clock())


def test_a_finished_game_is_rated_and_replayed_on_postgresql(postgres_url: str) -> None:
    with make_client(postgres_url, Clock()) as client:
        test_play.test_full_president_game_against_bots_then_ratings_and_replay(client)
