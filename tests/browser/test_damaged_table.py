"""A table whose stored moves no longer replay is shown as damaged (issue 13): listed in the lobby, its page says
so, and the server's other tables play on."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import uvicorn
from live_server import free_port

from presidente.server.app import create_app
from presidente.server.main import uvicorn_options
from presidente.server.storage import Storage
from presidente.server.table import Seat, TableConfig


def store_broken_table(url: str) -> None:
    """A playing table whose stored options no engine accepts, as a bad release or a hand-edited row would."""

    async def write() -> None:
        storage = Storage(url)
        await storage.start()
        config = TableConfig("deadbeef0001", "Broken table", "president", "victorz", {"decks": 0}, 3, 1, 20)
        await storage.create_table(config, [Seat("empty"), Seat("bot", bot="auto"), Seat("bot", bot="auto")])
        await storage.write(config.id, [("status", "playing")])
        await storage.close()

    with ThreadPoolExecutor(1) as pool:  # Playwright's own event loop runs on this thread
        pool.submit(asyncio.run, write()).result()


def test_a_damaged_table_is_listed_and_its_page_says_so(browser: Any, tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'damaged.db'}"
    store_broken_table(url)
    port = free_port()
    options = {**uvicorn_options(), "log_level": "critical"}  # the damaged table's traceback is expected
    server = uvicorn.Server(uvicorn.Config(create_app(url), host="127.0.0.1", port=port, **options))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started
    try:
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        panel = page.get_by_role("region", name="Damaged tables")
        panel.wait_for(state="visible", timeout=10_000)
        assert "Broken table" in panel.inner_text() and "damaged" in panel.inner_text()
        assert not page.get_by_role("link", name="Broken table").count(), "never offered to play"
        page.goto(f"http://127.0.0.1:{port}/table/deadbeef0001")
        page.get_by_text("This table is damaged").first.wait_for(timeout=10_000)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
