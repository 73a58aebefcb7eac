"""A real server on a free 127.0.0.1 port in a thread, and Debian's Chromium driven by Playwright from PyPI."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from live_server import uvicorn_in_thread

from presidente.server.app import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@contextmanager
def running_server(folder: Path, bot_delay: float = 0.05) -> Iterator[str]:
    """The shared server's settings on a free port, its database in `folder`."""
    # Finished tables nobody watches leave memory after 2 s here (10 minutes by default).
    app = create_app(
        f"sqlite+aiosqlite:///{folder / 'browser.db'}", intermission=1.0, bot_delay=bot_delay, retire_after=2.0
    )
    with uvicorn_in_thread(app) as port:
        yield f"http://127.0.0.1:{port}"


@pytest.fixture
def server_url(tmp_path: Path) -> Iterator[str]:
    with running_server(tmp_path) as url:
        yield url


@pytest.fixture(scope="package")
def shared_chromium() -> Iterator[Any]:
    """One Chromium for all the browser tests: starting Playwright and the browser costs 1-2 s, which per test
    was a minute of the suite. Package scope closes it before the tests of other folders run, which then never
    meet Playwright's event loop on the main thread."""
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (make test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture(scope="package")
def replayed(shared_chromium: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """One finished game (FINISHED_NAME: three bots, one round) on one server, for the tests that only read it: a
    replay, a review or a position opened over it changes nothing stored, and the lobby's look is checked with it
    in the finished list. (Each such test playing its own game cost 2-5 s.) Yields the server's URL and the
    table's id."""
    from browser.lobby_helpers import FINISHED_NAME, finished_bots_game

    # Its bots move 0.01 s apart: nobody plays against them, and the game is made again each time a worker comes back
    # to this folder.
    with running_server(tmp_path_factory.mktemp("replayed"), bot_delay=0.01) as server_url:
        yield server_url, finished_bots_game(shared_chromium, server_url, FINISHED_NAME)


@pytest.fixture
def browser(shared_chromium: Any) -> Iterator[Any]:
    """The shared Chromium; each test starts with no context open, and whatever it leaves open is closed after it
    (so no page of one test, nor its cookies or storage, is seen by the next)."""
    assert not shared_chromium.contexts, "a browser context was left open by an earlier test"
    yield shared_chromium
    for context in shared_chromium.contexts:
        context.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
