"""`presidente serve`: the server on one process and a SQLite file unless `database_url` says otherwise."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import resource
import socket
import stat
from collections import Counter
from collections.abc import Callable
from typing import Any

import uvicorn
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request
from websockets.protocol import State

from presidente.server import cpu_profile, logs
from presidente.server.app import NEW_PLAYERS_PER_MINUTE, WEBSOCKETS_PER_ADDRESS, create_app
from presidente.server.inbound import READ_TEXT
from presidente.server.outbox import WRITE_TEXT
from presidente.server.storage import DatabaseError, Storage
from presidente.server.storage import database_url as storage_url

try:  # websockets' C unmasking, as its parser uses (websockets.frames)
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover - built without its C extension
    from websockets.utils import apply_mask

# Frames beyond this size close the connection; frames above the protocol's limit but below this one get
# an error and the connection stays usable.
WS_MAX_SIZE = 64 * 1024
# Deployments (and load benchmarks, whose one address makes thousands of players) set this; 0: no limit.
NEW_PLAYERS_SETTING = "PRESIDENTE_NEW_PLAYERS_PER_MINUTE"
# Open websockets one client address may hold (`app.WEBSOCKETS_PER_ADDRESS` by default; 0: no limit).
WEBSOCKETS_SETTING = "PRESIDENTE_WEBSOCKETS_PER_ADDRESS"
# Open connections (HTTP and websockets) one address may hold over TCP; its proxies (uvicorn's forwarded_allow_ips,
# 127.0.0.1 by default) and Unix-socket peers are not counted: a proxy caps its clients itself (nginx limit_conn).
CONNECTIONS_SETTING = "PRESIDENTE_CONNECTIONS_PER_ADDRESS"
CONNECTIONS_PER_ADDRESS = 256
# Seconds a request's headers may take to arrive (from the connection or the request's first byte), and its body
# after them: a client that sends a request slower than that is answered 408 and closed.
HEADER_TIMEOUT = 10.0
BODY_TIMEOUT = 30.0
# A websocket upgrade whose path is longer is answered 414 and closed (websockets' own parser stalled on it).
MAX_UPGRADE_PATH = 2048
# Below this open-file limit `serve` warns: each websocket holds a file (two behind a proxy on the same machine).
LOW_OPEN_FILES = 8192
log = logging.getLogger("presidente.server")


LISTEN_QUEUE = 65_535
# RFC 6455's close code for a text frame that is not UTF-8.
INVALID_TEXT_CLOSE = 1007


class ConnectionLimits:
    """Open TCP connections by client address, at most `per_address` each (None: no limit), except from the
    addresses in `exempt` (the proxies)."""

    def __init__(self, per_address: int | None = CONNECTIONS_PER_ADDRESS, exempt: frozenset[str] = frozenset()) -> None:
        self.per_address, self.exempt = per_address, exempt
        self.open: Counter[str] = Counter()
        self.refused = 0

    def take(self, address: str) -> bool:
        if self.per_address is not None and self.open[address] >= self.per_address:
            self.refused += 1
            return False
        self.open[address] += 1
        return True

    def give_back(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


def http_protocol(limits: ConnectionLimits) -> type[HttpToolsProtocol]:
    """uvicorn's httptools protocol with the limits of issue 29: at most `limits.per_address` connections per client
    address (a connection over it is answered 429 and closed), a request's headers within HEADER_TIMEOUT and its
    body within BODY_TIMEOUT more (else 408 and closed), and a websocket upgrade with a path longer than
    MAX_UPGRADE_PATH answered 414 and closed. uvicorn itself waits for ever for headers that never end."""

    class LimitedHttpProtocol(HttpToolsProtocol):
        _address: str | None = None
        _timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            host = self.client[0] if self.client else None
            if host is not None and host not in limits.exempt:
                if not limits.take(host):
                    self._refuse(429, "Too many connections from your address: close some before opening another.")
                    return
                self._address = host
            self._wait(HEADER_TIMEOUT)

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_waiting()
            self._release()
            super().connection_lost(exc)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            if self._timer is None:
                self._wait(HEADER_TIMEOUT)

        def on_headers_complete(self) -> None:
            super().on_headers_complete()
            self._wait(BODY_TIMEOUT)

        def on_message_complete(self) -> None:
            self._stop_waiting()
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self._stop_waiting()
            if len(self.url) > MAX_UPGRADE_PATH:
                self._refuse(414, f"The path is longer than {MAX_UPGRADE_PATH} bytes.")
                return
            super().handle_websocket_upgrade()
            # The websocket's protocol has the transport now: it gives the connection back when it ends.
            protocol = self.transport.get_protocol()
            if isinstance(protocol, WebSocketProtocol):
                protocol.on_lost, self._address = self._release_of(self._address), None

        def _release_of(self, address: str | None) -> Any:
            return None if address is None else lambda: limits.give_back(address)

        def _release(self) -> None:
            address, self._address = self._address, None
            if address is not None:
                limits.give_back(address)

        def _wait(self, seconds: float) -> None:
            self._stop_waiting()
            self._timer = asyncio.get_running_loop().call_later(seconds, self._too_slow)

        def _stop_waiting(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _too_slow(self) -> None:
            self._timer = None
            if self.cycle is None or not self.cycle.response_started:
                self._refuse(408, "The request took too long to arrive.")
            else:
                self.transport.close()

        def _refuse(self, status: int, message: str) -> None:
            """Answer `status` with `message` and close (the connection is given back when it is lost)."""
            body = message.encode()
            self.transport.write(
                STATUS_LINE[status]
                + b"content-type: text/plain; charset=utf-8\r\ncontent-length: "
                + str(len(body)).encode()
                + b"\r\nconnection: close\r\n\r\n"
                + body
            )
            self.transport.close()

    return LimitedHttpProtocol


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websockets-sansio protocol, except that a text frame that is not UTF-8 closes its connection with
    1007 and no log: uvicorn itself logged it as an error with a traceback (any client could fill the log). Only a
    frame with non-ASCII bytes is checked, so the JSON frames of the protocol cost one `isascii` more.

    It also gives the app a way to write a text frame straight to the socket (`write_text_now`, in the scope's
    extensions under `outbox.WRITE_TEXT`): under load the layers of an ASGI send (Starlette's `send_text`, its
    exception handler's wrapper, uvicorn's `send`, websockets' framing) cost about a tenth of a server's CPU; and to
    be handed each text frame as it is read (`inbound.READ_TEXT`), without ASGI's queue and `receive`."""

    on_lost: Any = None  # what gives this connection back to its address's count (`http_protocol`)
    text_reader: Callable[[bytes], None] | None = None  # given each text frame (`inbound.ReadNow`), if set

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)  # set only when the handshake was accepted
        if scope is not None:
            scope["extensions"][WRITE_TEXT] = self.write_text_now
            scope["extensions"][READ_TEXT] = self.read_text_with

    def read_text_with(self, reader: Callable[[bytes], None] | None) -> None:
        self.text_reader = reader

    def data_received(self, data: bytes) -> None:
        if self.text_reader is None or not self._read_text_frame(data):
            super().data_received(data)

    def _read_text_frame(self, data: bytes) -> bool:
        """Where `data` is exactly one whole text frame, unfragmented, masked, within the size limit, and nothing is
        buffered before it (a player's move, as it mostly arrives), read it here and hand it on as uvicorn's
        `handle_text` would: websockets' parser (its generators, a frame object, the events' list) would come to
        the same frame, its state unchanged by it (between frames, nothing read). Anything else (another opcode, a
        frame in pieces or beside another, the connection closing): False, read nothing, the parser reads it."""
        conn = self.conn
        size = len(data)
        if (
            size < 6
            or data[0] != 0x81  # FIN, no reserved bit (no extension is in use here), text
            or self.close_sent
            or conn.state is not State.OPEN
            or conn.extensions
            or conn.current_size is not None
            or conn.reader.buffer
            or conn.reader.eof
            or conn.parser_exc is not None
        ):
            return False
        length = data[1] ^ 0x80  # the mask bit, which a client sets
        if length < 126:
            start = 6
        elif length == 126:
            length, start = int.from_bytes(data[2:4], "big"), 8
        else:
            return False  # unmasked (refused by the parser), or a length of 64 bits
        limits = (conn.max_message_size, conn.max_fragment_size)
        if start + length != size or any(limit is not None and length > limit for limit in limits):
            return False
        self.curr_msg_data_type = "text"
        self.frames = [apply_mask(data[start:], data[start - 4 : start])]
        self.send_receive_event_to_app()
        return True

    def write_text_now(self, data: bytes) -> bool:
        """Write `data` (UTF-8) as one text frame now, the bytes websockets would write for it; False, writing
        nothing, where an ASGI send would wait (the socket's buffer full) or fail (the connection closing or gone,
        not accepted yet), or where websockets' own framing is needed (an extension, frames waiting): the caller
        then sends it through ASGI, which waits or raises as ever."""
        conn = self.conn
        if (
            self.disconnected
            or self.close_sent
            or not self.handshake_complete
            or self.initial_response is not None
            or not self.writable.is_set()
            or conn.state is not State.OPEN
            or conn.expect_continuation_frame
            or conn.extensions
            or conn.writes
        ):
            return False
        length = len(data)
        if length < 126:
            head = bytes((0x81, length))
        elif length < 65536:
            head = b"\x81\x7e" + length.to_bytes(2, "big")
        else:
            head = b"\x81\x7f" + length.to_bytes(8, "big")
        self.transport.write(head + data)
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        on_lost, self.on_lost = self.on_lost, None
        if on_lost is not None:
            on_lost()
        super().connection_lost(exc)

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            data = b"".join(self.frames)
            if not data.isascii():
                try:
                    data.decode()
                except UnicodeDecodeError:
                    self.frames = []
                    self.conn.send_close(INVALID_TEXT_CLOSE, "A text frame must be UTF-8.")
                    self.handle_parser_exception()
                    return
            reader = self.text_reader
            if reader is not None and self.queue.empty():
                self.frames = []
                try:
                    reader(data)
                except Exception:
                    log.exception("a websocket's text frame failed to be read: dropped")
                return
        super().send_receive_event_to_app()


def uvicorn_options(limits: ConnectionLimits | None = None) -> dict[str, Any]:
    """How uvicorn runs the app, shared by `presidente serve` and benchmarks/server_load.py.

    No per-message deflate: a view is a few kilobytes of JSON, and compressing every frame for every seat
    cost more server time than any other single step under load (see docs/protocol.md).

    websockets' sans-I/O protocol: it writes a frame straight to the transport, where the legacy protocol (uvicorn's
    "auto" choice) takes each frame through its own queues and tasks; `WebSocketProtocol` closes a frame that is
    not UTF-8 without a traceback.

    A long listen queue: after a restart every client of a process reconnects at once, and a Unix socket whose
    queue is full refuses a connection at once (the proxy answers 502) where TCP would have the client try again;
    the kernel caps the queue at net.core.somaxconn (4096 by default).

    With `limits` (`presidente serve` gives them), connections per address are capped and requests must arrive in
    time (`http_protocol`)."""
    return {
        **({} if limits is None else {"http": http_protocol(limits)}),
        "ws": WebSocketProtocol,
        "ws_max_size": WS_MAX_SIZE,
        "ws_per_message_deflate": False,
        "log_level": "warning",
        "backlog": LISTEN_QUEUE,
    }


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str | None = None,
    log_json: bool = False,
    redis_url: str | None = None,
    node: str | None = None,
    uds: str | None = None,
) -> None:
    """Print the URL, then run the server until interrupted. A database URL the server cannot use, or a
    database it cannot open, raises `DatabaseError` (one sentence) before anything starts. With `uds` the server
    also listens on that Unix socket, for a proxy on the same machine (cheaper than loopback TCP)."""
    logs.configure(log_json)
    url = storage_url(database_url)
    asyncio.run(check_database(url))
    if redis_url is not None:
        if not url.startswith("postgresql"):
            raise DatabaseError("A cluster (--redis) shares a PostgreSQL database: give --database postgresql://...")
        asyncio.run(check_redis(redis_url, node))
    app = create_app(
        url,
        redis_url=redis_url,
        node=node,
        new_players_per_minute=new_players_limit(),
        websockets_per_address=count_setting(WEBSOCKETS_SETTING, WEBSOCKETS_PER_ADDRESS),
    )
    limits = ConnectionLimits(count_setting(CONNECTIONS_SETTING, CONNECTIONS_PER_ADDRESS), proxies())
    where = f"database: {url}" + ("" if redis_url is None else f", cluster: {redis_url}")
    also = "" if uds is None else f" and on the Unix socket {uds}"
    check_open_files()
    cpu_profile.start_from_environment()  # benchmarks only: PRESIDENTE_CPU_PROFILE
    print(f"Presidente is open at http://{host}:{port}/{also}  ({where})", flush=True)
    if uds is None:
        uvicorn.run(app, host=host, port=port, **uvicorn_options(limits))
        return
    listeners = [tcp_listener(host, port), unix_listener(uds)]
    config = uvicorn.Config(ProxiedClientAddress(app), **uvicorn_options(limits))
    UnixSocketServer(config, uds).run(sockets=listeners)


def count_setting(name: str, default: int) -> int | None:
    """A per-address cap from the environment (`default` when unset; 0: no limit, None); a bad value stops the
    start."""
    text = os.environ.get(name)
    if text is None:
        return default
    if not (text.strip().isdigit() and int(text) <= 10**9):
        raise SystemExit(f"{name} must be a whole number (0: no limit), not {text!r}.")
    return int(text) or None


def proxies() -> frozenset[str]:
    """The addresses uvicorn trusts as proxies (FORWARDED_ALLOW_IPS, by default 127.0.0.1): their connections are
    not capped per address (the proxy holds many clients' connections, and caps them itself)."""
    return frozenset(item.strip() for item in os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1").split(","))


def check_open_files(low: int = LOW_OPEN_FILES) -> int:
    """Raise the open-file limit to its hard limit, and warn when it stays below `low`: every connection holds a
    file, and a process out of them refuses every new connection and request (issue 29: about 1,000 idle sockets
    under the usual soft limit of 1,024). Returns the limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    if soft < low:
        message = (
            f"The open-file limit is {soft}: each player's connection holds a file, so about {soft // 2} players"
            f" can connect before every new connection fails. Raise it to {low} or more (LimitNOFILE= in the"
            " systemd unit, ulimit -n)."
        )
        print(f"Warning: {message}", flush=True)
        log.warning(message)
    return soft


def tcp_listener(host: str, port: int) -> socket.socket:
    """A bound TCP socket, not yet listening: uvicorn listens once the app has started, so a connection that
    succeeds still means a ready server (the cluster's readiness wait counts on it)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError as error:
        listener.close()
        raise SystemExit(f"Cannot listen on {host}:{port}: {error.strerror}.") from None
    return listener


def unix_listener(path: str) -> socket.socket:
    """A bound Unix socket at `path`, not yet listening. A socket file left by a killed process is replaced;
    any other file there is an error. Anyone on the machine may connect (nginx's workers run as another user),
    as on the loopback port beside it."""
    try:
        if stat.S_ISSOCK(os.stat(path).st_mode):
            os.unlink(path)
    except FileNotFoundError:
        pass
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(path)
        os.chmod(path, 0o666)
    except OSError as error:
        listener.close()
        raise SystemExit(f"Cannot listen on the Unix socket {path}: {error.strerror or error}.") from None
    return listener


class UnixSocketServer(uvicorn.Server):
    """uvicorn's server that removes its Unix socket's file as it stops taking connections (uvicorn ends a
    SIGTERM-ed process by raising the signal again, so nothing after `run` would run). A file another process
    has bound since at that path is left alone."""

    def __init__(self, config: uvicorn.Config, path: str) -> None:
        super().__init__(config)
        self.path, self.inode = path, os.stat(path).st_ino

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        with contextlib.suppress(OSError):
            if os.stat(self.path).st_ino == self.inode:
                os.unlink(self.path)
        await super().shutdown(sockets)


class ProxiedClientAddress:
    """The client's address for connections that came over the Unix socket. Only a proxy on this machine connects
    there, and such a peer has no address: uvicorn leaves the scope's client None and trusts none of its
    X-Forwarded-For, so the per-address limits would put every client in one bucket. The proxy appends the
    address it saw to the header's end; the entries before it are whatever the client wrote, so the last one is
    taken. Connections over TCP (which have an address) are left to uvicorn's own proxy-header rules."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and scope.get("client") is None:
            forwarded_for = b""
            for name, value in scope["headers"]:
                if name == b"x-forwarded-for":
                    forwarded_for = value  # of several such headers, the proxy's own comes last
                elif name == b"x-forwarded-proto":
                    proto = value.decode("latin-1").strip()
                    if proto in ("http", "https"):
                        scope["scheme"] = proto if scope["type"] == "http" else proto.replace("http", "ws")
            last = forwarded_for.decode("latin-1").rpartition(",")[2].strip()
            if last:
                scope["client"] = (last, 0)
        await self.app(scope, receive, send)


def new_players_limit() -> float | None:
    """`create_app`'s new players a minute per address, from the environment when set (None: no limit; a bad
    value stops the start)."""
    text = os.environ.get(NEW_PLAYERS_SETTING)
    if text is None:
        return NEW_PLAYERS_PER_MINUTE
    try:
        per_minute = float(text)
    except ValueError:
        per_minute = -1.0
    if not 0 <= per_minute <= 1e9:
        raise SystemExit(f"{NEW_PLAYERS_SETTING} must be a number of players a minute (0: no limit), not {text!r}.")
    return per_minute or None


async def check_database(url: str) -> None:
    """Open the database (making its tables) and close it again: a bad URL fails here, in one sentence."""
    storage = Storage(url)
    try:
        await storage.start()
    finally:
        await storage.close()


async def check_redis(url: str, node: str | None) -> None:
    """Reach Redis once: a bad URL fails here, in one sentence; so does a name (`node`) another living process of
    the cluster runs under. A Redis that does not answer (yet) is only a warning: the process starts, says it is
    not ready, and joins the cluster once Redis answers (`Cluster.start`), so that processes and Redis may start
    in any order."""
    import redis.asyncio as aioredis

    from presidente.server.cluster import REDIS_DOWN, NameInUse, wait_for_name

    try:
        client = aioredis.from_url(url)
        try:
            await client.ping()
            if node is not None:
                await wait_for_name(client, node)
        finally:
            await client.aclose()
    except NameInUse as error:
        raise DatabaseError(str(error)) from error
    except REDIS_DOWN as error:
        message = (
            f"Redis at {url[:60]!r} does not answer ({str(error).splitlines()[0]}): starting anyway; this process"
            " joins the cluster, and says it is ready, once Redis answers."
        )
        print(f"Warning: {message}", flush=True)
        log.warning(message)
    except Exception as error:
        raise DatabaseError(f"Cannot reach Redis at {url[:60]!r}: {str(error).splitlines()[0]}.") from error
