"""`presidente serve`: the server on one process and a SQLite file unless `database_url` says otherwise."""

from __future__ import annotations

import asyncio
import os
from typing import Any

import uvicorn

from presidente.server import logs
from presidente.server.app import NEW_PLAYERS_PER_MINUTE, create_app
from presidente.server.storage import DatabaseError, Storage
from presidente.server.storage import database_url as storage_url

# Frames beyond this size close the connection; frames above the protocol's limit but below this one get
# an error and the connection stays usable.
WS_MAX_SIZE = 64 * 1024
# Deployments (and load benchmarks, whose one address makes thousands of players) set this; 0: no limit.
NEW_PLAYERS_SETTING = "PRESIDENTE_NEW_PLAYERS_PER_MINUTE"


def uvicorn_options() -> dict[str, Any]:
    """How uvicorn runs the app, shared by `presidente serve` and benchmarks/server_load.py.

    No per-message deflate: a view is a few kilobytes of JSON, and compressing every frame for every seat
    cost more server time than any other single step under load (see docs/protocol.md)."""
    return {"ws_max_size": WS_MAX_SIZE, "ws_per_message_deflate": False, "log_level": "warning"}


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str | None = None,
    log_json: bool = False,
    redis_url: str | None = None,
    node: str | None = None,
) -> None:
    """Print the URL, then run the server until interrupted. A database URL the server cannot use, or a
    database it cannot open, raises `DatabaseError` (one sentence) before anything starts."""
    logs.configure(log_json)
    url = storage_url(database_url)
    asyncio.run(check_database(url))
    if redis_url is not None:
        if not url.startswith("postgresql"):
            raise DatabaseError("A cluster (--redis) shares a PostgreSQL database: give --database postgresql://...")
        asyncio.run(check_redis(redis_url))
    app = create_app(url, redis_url=redis_url, node=node, new_players_per_minute=new_players_limit())
    where = f"database: {url}" + ("" if redis_url is None else f", cluster: {redis_url}")
    print(f"Presidente is open at http://{host}:{port}/  ({where})", flush=True)
    uvicorn.run(app, host=host, port=port, **uvicorn_options())


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


async def check_redis(url: str) -> None:
    """Reach Redis once: a bad URL or a server that does not answer fails here, in one sentence."""
    import redis.asyncio as aioredis

    try:
        client = aioredis.from_url(url)
        try:
            await client.ping()
        finally:
            await client.aclose()
    except Exception as error:
        raise DatabaseError(f"Cannot reach Redis at {url[:60]!r}: {str(error).splitlines()[0]}.") from error
