"""How a running server keeps garbage collection cheap (`app._keep_heap`), and gives the interpreter its settings
back when it stops."""

from __future__ import annotations

import gc
import time
from pathlib import Path

from server_helpers import Clock, make_client

from presidente.server.app import NEVER, YOUNG_COLLECTION


def test_a_running_server_collects_young_objects_rarely_freezes_the_rest_and_restores_the_settings(
    tmp_path: Path,
) -> None:
    before = gc.get_threshold()
    with make_client(f"sqlite+aiosqlite:///{tmp_path / 'heap.db'}", Clock()) as client:
        assert client.get("/healthz").status_code == 200
        deadline = time.monotonic() + 5
        while gc.get_threshold() != (YOUNG_COLLECTION, NEVER, NEVER) and time.monotonic() < deadline:
            time.sleep(0.01)
        # Young collections every YOUNG_COLLECTION objects; the older generations only when the server asks.
        assert gc.get_threshold() == (YOUNG_COLLECTION, NEVER, NEVER)
        assert gc.get_freeze_count() > 0  # what the server holds is frozen: no collection scans it again
    assert gc.get_threshold() == before
