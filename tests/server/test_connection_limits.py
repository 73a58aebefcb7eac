"""Connections (issue 29): headers that never end, one address holding many connections or websockets, a websocket
upgrade with a huge path, a low open-file limit. A real uvicorn server in a thread of the test, with raw sockets;
every wait is bounded.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from websockets.sync.client import connect

from presidente.server import main
from presidente.server.app import TOO_MANY_WEBSOCKETS, create_app
from presidente.server.main import ConnectionLimits, check_open_files, uvicorn_options

PER_ADDRESS = 6
WEBSOCKETS = 3


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def port(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """A server whose limits are small: PER_ADDRESS connections and WEBSOCKETS websockets per address (127.0.0.1 is
    not exempt here, as a proxy's address would be), headers within 1 s and a body within 2 s more."""
    monkeypatch.setattr(main, "HEADER_TIMEOUT", 1.0)
    monkeypatch.setattr(main, "BODY_TIMEOUT", 2.0)
    app = create_app(
        f"sqlite+aiosqlite:///{tmp_path / 'limits.db'}", new_players_per_minute=None, websockets_per_address=WEBSOCKETS
    )
    number = free_port()
    options = uvicorn_options(ConnectionLimits(PER_ADDRESS, frozenset()))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=number, **options))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    try:
        yield number
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def partial_request(port: int) -> socket.socket:
    """A connection that sends the start of a request's headers and never ends them."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return sock


def answer(sock: socket.socket, seconds: float = 5.0) -> bytes:
    """What the server sends until it closes the connection (at most `seconds`; b"" if it closed without a word)."""
    sock.settimeout(seconds)
    received = b""
    deadline = time.monotonic() + seconds
    with contextlib.suppress(ConnectionResetError):
        while time.monotonic() < deadline:
            chunk = sock.recv(65536)
            if not chunk:
                return received
            received += chunk
    raise AssertionError(f"still open after {seconds} s (received {received[:80]!r})")


def get(port: int, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    headers = {} if body is None else {"Content-Type": "application/json"}
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read())


def test_headers_that_never_end_are_answered_408_and_closed(port: int) -> None:
    started = time.monotonic()
    slow = [partial_request(port) for _ in range(PER_ADDRESS - 1)]
    try:
        for sock in slow:
            assert answer(sock).startswith(b"HTTP/1.1 408 "), "closed with a 408"
        assert time.monotonic() - started < 4.0
        # A body that never ends too: its headers came, the body does not.
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
            assert answer(sock, main.BODY_TIMEOUT + 5).startswith(b"HTTP/1.1 ")
        assert get(port, "/healthz") == (200, {"status": "ok"})
    finally:
        for sock in slow:
            sock.close()


def test_one_address_holds_at_most_its_connections_and_gets_them_back(port: int) -> None:
    held = [partial_request(port) for _ in range(PER_ADDRESS)]
    try:
        time.sleep(0.2)
        with socket.create_connection(("127.0.0.1", port), timeout=5) as extra:
            refused = answer(extra, 2.0)
        assert refused.startswith(b"HTTP/1.1 429 ") and b"Too many connections from your address" in refused
    finally:
        for sock in held:
            sock.close()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:  # the server sees them closed
        with contextlib.suppress(OSError):
            if get(port, "/healthz")[0] == 200:
                break
        time.sleep(0.1)
    assert get(port, "/healthz") == (200, {"status": "ok"})


def test_one_address_holds_at_most_its_websockets_and_is_told_why(port: int) -> None:
    _, player = get(port, "/api/players", {"name": "Ann"})
    table_body = {"token": player["token"], "name": "T", "seats": 3, "bots": [None, "auto", "auto"]}
    _, table = get(port, "/api/tables", table_body)
    url = f"ws://127.0.0.1:{port}/ws/{table['id']}"
    with contextlib.ExitStack() as stack:
        for _ in range(WEBSOCKETS):
            stack.enter_context(connect(url, open_timeout=5))
        with connect(url, open_timeout=5) as extra:
            frame = json.loads(extra.recv(timeout=5))
            assert frame["type"] == "error" and frame["message"] == TOO_MANY_WEBSOCKETS
            with pytest.raises(Exception) as closed:
                extra.recv(timeout=5)
            assert getattr(closed.value, "rcvd", None) is not None and closed.value.rcvd.code == 1008  # type: ignore[attr-defined]
    # Given back once closed.
    deadline = time.monotonic() + 5
    while True:
        with connect(url, open_timeout=5) as again:
            again.send(json.dumps({"type": "hello", "token": player["token"]}))
            if json.loads(again.recv(timeout=5))["type"] == "welcome":
                break
        assert time.monotonic() < deadline


def test_an_upgrade_with_a_huge_path_is_answered_and_closed_at_once(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(
            b"GET /ws/" + b"a" * 10_000 + b" HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        assert answer(sock, 3.0).startswith(b"HTTP/1.1 414 ")


def test_a_low_open_file_limit_is_raised_to_the_hard_one_or_said(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(main.resource, "getrlimit", lambda kind: (1024, 1024))
    assert check_open_files() == 1024
    assert "The open-file limit is 1024" in capsys.readouterr().out
    asked: list[tuple[int, int]] = []
    monkeypatch.setattr(main.resource, "getrlimit", lambda kind: (1024, 65536))
    monkeypatch.setattr(main.resource, "setrlimit", lambda kind, limits: asked.append(limits))
    assert check_open_files() == 65536 and asked == [(65536, 65536)]
    assert "open-file limit" not in capsys.readouterr().out
