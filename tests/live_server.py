"""A real uvicorn server in a thread of the test, as `presidente serve` runs it, on a free 127.0.0.1 port: for the
tests that need a socket (browsers, raw frames) rather than Starlette's TestClient."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from presidente.server.main import uvicorn_options


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def uvicorn_in_thread(app: Any, **settings: Any) -> Iterator[int]:
    """Serve `app` with the server's own uvicorn settings (`settings` over them) until the block ends; yields the
    port once the server has started."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, **{**uvicorn_options(), **settings}))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "the test server did not start"
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=10)
