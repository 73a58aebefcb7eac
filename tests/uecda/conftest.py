"""The official UECda programs, built once per session from ../shared/uecda by its build.sh."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator

import pytest
from uecda_helpers import UECDA_SOURCES, Official


@pytest.fixture(scope="session")
def official(tmp_path_factory: pytest.TempPathFactory) -> Official:
    build = UECDA_SOURCES / "build.sh"
    if not build.exists():
        pytest.skip(f"the official UECda sources are not at {UECDA_SOURCES} (set UECDA_DIR)")
    folder = tmp_path_factory.mktemp("uecda-build")
    subprocess.run(
        ["bash", str(build), str(folder)], check=True, capture_output=True, env={**os.environ, "GAME_NUMBER": "1"}
    )
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
