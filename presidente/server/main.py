"""`presidente serve`: the server on one process and a SQLite file unless `database_url` says otherwise."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import stat
from typing import Any

import uvicorn
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from presidente.server import logs
from presidente.server.app import NEW_PLAYERS_PER_MINUTE, create_app
from presidente.server.storage import DatabaseError, Storage
from presidente.server.storage import database_url as storage_url

# Frames beyond this size close the connection; frames above the protocol's limit but below this one get
# an error and the connection stays usable.
WS_MAX_SIZE = 64 * 1024
# Deployments (and load benchmarks, whose one address makes thousands of players) set this; 0: no limit.
NEW_PLAYERS_SETTING = "PRESIDENTE_NEW_PLAYERS_PER_MINUTE"


LISTEN_QUEUE = 65_535
# RFC 6455's close code for a text frame that is not UTF-8.
INVALID_TEXT_CLOSE = 1007


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websockets-sansio protocol, except that a text frame that is not UTF-8 closes its connection with
    1007 and no log: uvicorn itself logged it as an error with a traceback (any client could fill the log). Only a
    frame with non-ASCII bytes is checked, so the JSON frames of the protocol cost one `isascii` more."""

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
        super().send_receive_event_to_app()


def uvicorn_options() -> dict[str, Any]:
    """How uvicorn runs the app, shared by `presidente serve` and benchmarks/server_load.py.

    No per-message deflate: a view is a few kilobytes of JSON, and compressing every frame for every seat
    cost more server time than any other single step under load (see docs/protocol.md).

    websockets' sans-I/O protocol: it writes a frame straight to the transport, where the legacy protocol (uvicorn's
    "auto" choice) takes each frame through its own queues and tasks; `WebSocketProtocol` closes a frame that is
    not UTF-8 without a traceback.

    A long listen queue: after a restart every client of a process reconnects at once, and a Unix socket whose
    queue is full refuses a connection at once (the proxy answers 502) where TCP would have the client try again;
    the kernel caps the queue at net.core.somaxconn (4096 by default)."""
    return {
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
    app = create_app(url, redis_url=redis_url, node=node, new_players_per_minute=new_players_limit())
    where = f"database: {url}" + ("" if redis_url is None else f", cluster: {redis_url}")
    also = "" if uds is None else f" and on the Unix socket {uds}"
    print(f"Presidente is open at http://{host}:{port}/{also}  ({where})", flush=True)
    if uds is None:
        uvicorn.run(app, host=host, port=port, **uvicorn_options())
        return
    listeners = [tcp_listener(host, port), unix_listener(uds)]
    UnixSocketServer(uvicorn.Config(ProxiedClientAddress(app), **uvicorn_options()), uds).run(sockets=listeners)


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
    """Reach Redis once: a bad URL or a server that does not answer fails here, in one sentence; so does a name
    (`node`) another living process of the cluster runs under."""
    import redis.asyncio as aioredis

    from presidente.server.cluster import NameInUse, wait_for_name

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
    except Exception as error:
        raise DatabaseError(f"Cannot reach Redis at {url[:60]!r}: {str(error).splitlines()[0]}.") from error
