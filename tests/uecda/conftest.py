"""The official UECda programs, built from ../shared/uecda by its build.sh once, then kept in pytest's cache
(.pytest_cache) under a digest of the sources: compiling them took about 10 s of every run."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from uecda_helpers import UECDA_SOURCES, Official

BUILT = ("tndhms", "tndhms.cfg", "client")


def sources_digest() -> str:
    """What the build depends on: every file beside build.sh (the script and the two original archives)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in UECDA_SOURCES.iterdir() if p.is_file()):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


@pytest.fixture(scope="session")
def official(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Official:
    build = UECDA_SOURCES / "build.sh"
    if not build.exists():
        pytest.skip(f"the official UECda sources are not at {UECDA_SOURCES} (set UECDA_DIR)")
    cached = Path(request.config.cache.mkdir(f"uecda-build-{sources_digest()}"))
    if not all((cached / name).exists() for name in BUILT):
        fresh = tmp_path_factory.mktemp("uecda-fresh-build")
        subprocess.run(
            ["bash", str(build), str(fresh)], check=True, capture_output=True, env={**os.environ, "GAME_NUMBER": "1"}
        )
        for name in BUILT:  # each file appears whole (a rename), also when two runs build at once
            shutil.copy2(fresh / name, cached / f"{name}.{os.getpid()}")
            os.replace(cached / f"{name}.{os.getpid()}", cached / name)
    # The tests write configurations and logs beside the programs: a copy of its own for each session.
    folder = tmp_path_factory.mktemp("uecda-build")
    for name in BUILT:
        shutil.copy2(cached / name, folder / name)
    return Official(folder)


@pytest.fixture
def processes() -> Iterator[list[subprocess.Popen[str]]]:
    """Processes a test starts; any still running at its end are killed (by their own ids)."""
    started: list[subprocess.Popen[str]] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait()
