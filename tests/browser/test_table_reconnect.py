"""The table page when its connection ends (issue 14): "clients reconnect (the browser does it by itself, with a
visible 'reconnecting' state) and resync". A connection that simply drops shows "Reconnecting…" and comes back
after a pause; one the server closes because the table moved to another server process of a cluster (an error
with `"moved": true`, then the close) comes back at once, without showing that error to the player.

The page's websocket goes through Playwright's websocket route, which passes every frame on and lets the test
end the page's side of a connection as the server would.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from browser.table_moves import DESKTOP, PHONE, hand, new_table, serve, signed_in
from presidente.server.table import MOVED_MESSAGE

SECONDS = 20


def wait_for_sockets(page: Any, sockets: list[Any], count: int) -> None:
    deadline = time.monotonic() + SECONDS
    while len(sockets) < count and time.monotonic() < deadline:
        page.wait_for_timeout(10)  # Playwright's own wait: its routes are served meanwhile
    assert len(sockets) >= count, f"the page opened {len(sockets)} connections, not {count}"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_page_reconnects_at_once_when_the_table_moved_and_after_a_pause_when_the_connection_drops(
    browser: Any, tmp_path: Path, artifacts: Path, size: str
) -> None:
    with serve(tmp_path, bot_delay=0.5) as base:
        context, page, player = signed_in(browser, base, "Ann", **(PHONE if size == "phone" else DESKTOP))
        sockets: list[Any] = []

        def pass_on(socket: Any) -> None:
            socket.connect_to_server()
            sockets.append(socket)

        page.route_web_socket(re.compile(r"/ws/"), pass_on)
        page.goto(new_table(base, player["token"], preset="victorz", seats=3, bots=[None, "auto", "auto"]))
        page.get_by_role("button", name="Sit here as Ann").click()
        hand(page).first.wait_for()
        connection = page.locator("#connection")
        assert connection.is_hidden()

        # The table moved: the server says so, then closes. The page reconnects with no "Reconnecting…" pause
        # long enough to be seen, and the player is not shown the error.
        sockets[-1].send(json.dumps({"type": "error", "seq": 0, "message": MOVED_MESSAGE, "moved": True}))
        moved_at = time.monotonic()
        sockets[-1].close(code=1008)
        wait_for_sockets(page, sockets, 2)
        reconnected_after = time.monotonic() - moved_at
        page.wait_for_function("() => document.getElementById('connection').hidden", timeout=SECONDS * 1000)
        assert page.locator("#error").inner_text() == ""
        hand(page).first.wait_for()

        # The connection drops (no word from the server): "Reconnecting…" shows while the page waits, then the
        # page reconnects and resyncs.
        dropped_at = time.monotonic()  # before the close: the page may see it before the call returns here
        sockets[-1].close(code=1006)
        page.wait_for_function("() => !document.getElementById('connection').hidden", timeout=SECONDS * 1000)
        assert connection.inner_text() == "Reconnecting…"
        page.screenshot(path=artifacts / f"table-reconnecting-{size}.png")
        wait_for_sockets(page, sockets, 3)
        waited = time.monotonic() - dropped_at
        page.wait_for_function("() => document.getElementById('connection').hidden", timeout=SECONDS * 1000)
        hand(page).first.wait_for()
        # The page's own pause (1 s) against none: far apart, so this holds on any machine.
        assert waited > reconnected_after, (waited, reconnected_after)
        assert waited >= 0.9, waited
        assert page.errors == []
        context.close()
