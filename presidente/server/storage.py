"""Persistence through SQLAlchemy (async): players, tables, seats, every move, chat, ratings.

SQLite (aiosqlite) by default, PostgreSQL by URL (`postgresql://...`; plain URLs get their async driver, see
`database_url`). Table actors hand their rows
to `write`, which returns once they are committed; one writer task commits the rows of many tables in one
transaction (group commit), so hundreds of tables do not wait on one commit each. A SQLite file's commits
run on a synchronous connection on a thread of their own (`_FileWriter`); reads and other databases use the
async engine.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import math
import os
import secrets
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    any_,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.dialects import postgresql
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DataError, DBAPIError, IntegrityError, ProgrammingError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from presidente.server import device_store, ratings
from presidente.server.inbox import Inbox
from presidente.server.metrics import Metrics
from presidente.server.table import CHAT_KEPT, Player, Seat, TableConfig, lobby_line

metadata = MetaData()

players = Table(
    "players",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("name", String(40), nullable=False),
    # A player's token from before devices (`device_store.prepare` moves it to `devices` at start): null since.
    Column("token_hash", String(64), nullable=True, index=True),
    Column("mu", Float, nullable=False, default=ratings.DEFAULT_MU),
    Column("sigma", Float, nullable=False, default=ratings.DEFAULT_SIGMA),
    Column("games", Integer, nullable=False, default=0),
    Column("created", Float, nullable=False),
)

TABLES_FILLFACTOR = 50

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(60), nullable=False),
    Column("game", String(20), nullable=False),
    Column("preset", String(40), nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Integer, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("turn_time", Integer, nullable=False),
    Column("private", Boolean, nullable=False),
    Column("secret", String(64), nullable=False),
    Column("status", String(16), nullable=False),
    Column("created", Float, nullable=False),
    Column("finished", Float, nullable=True),
    Column("placing", Text, nullable=True),
    # Each placing entry's place in the match (the engine's standings: tied entries share one; null before).
    Column("places", Text, nullable=True),
    # The last sequence number sent (joins, leaves and connections count too), so it never goes back.
    Column("seq", Integer, nullable=False, default=0, server_default="0"),
    Column("creator", String(64), nullable=True),
    # The fencing token of the table's current owner in a cluster (`cluster.py`): writes fenced by any other
    # token are refused, so a process that lost its lease cannot write. A claim takes this plus one
    # (`Storage.claim_tables`), so tokens never go back.
    Column("epoch", Integer, nullable=False, default=0, server_default="0"),
    # A playing table's row is rewritten at every move (its `seq`). With pages left half empty, PostgreSQL writes
    # each new version beside the old one and seldom has to clean a full page first: a benchmark of the move
    # statement measured less than half the database's CPU per commit (see docs/deploy.md).
    postgresql_with={"fillfactor": TABLES_FILLFACTOR},
)
# A table's status: waiting for players, playing, finished (replay kept), damaged (its stored moves no longer
# replay: kept for inspection, never resumed), expired (waited for players too long).
RESUMED = ("waiting", "playing")

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(10), nullable=False),
    Column("player_id", String(64), nullable=True),
    Column("name", String(40), nullable=True),
    Column("bot", String(20), nullable=True),
)

moves = Table(
    "moves",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("text", String(1000), nullable=False),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), nullable=False, index=True),
    Column("seq", Integer, nullable=False),
    Column("player_id", String(64), nullable=False),
    Column("name", String(40), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("text", String(200), nullable=False),
    Column("created", Float, nullable=False),
)

# One row per process, rewritten by `Storage.probe`: the write that tells whether storage takes writes again.
probes = Table(
    "probes",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("at", Float, nullable=False),
)

BATCH_LIMIT = 1000
# PostgreSQL: the least time from one commit's start to the next one's. Every commit flushes the write-ahead log to
# disk, which costs the database about as much CPU as the rows of ten moves; at 2,000 tables a process that commits
# at most every COMMIT_INTERVAL put two to four times as many moves into each commit (benchmarks/cluster_load.py,
# docs/deploy.md). A move that comes after a quiet spell is committed at once.
COMMIT_INTERVAL = 0.02
# Tables read by one query at most (each id is a bound parameter; SQLite allows 32,766 by default).
READ_AT_ONCE = 500
SCHEMA_LOCK = 7_402_155  # an arbitrary advisory-lock key of this application's schema changes
CHECKPOINT_INTERVAL = 5.0
log = logging.getLogger("presidente.server")


# The async driver this server uses for each database a plain URL names.
ASYNC_DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg", "postgres": "postgresql+asyncpg"}


# What the server answers while storage fails (a full disk, the database unreachable): new players and tables get
# it with a 503, a move at a table with an error frame; the tables wait and go on by themselves (`TableActor`).
STORAGE_FAILING = "Storage is failing: try again in a moment."
# While storage fails, a probe write every PROBE_FIRST seconds at first, the pause doubling up to PROBE_MOST.
PROBE_FIRST = 0.25
PROBE_MOST = 1.0


class StorageFailing(Exception):
    """A read or write the database failed for a reason of its own (a full disk, a lost connection, a database that
    does not answer), not a bug of the server's; its message is STORAGE_FAILING, the cause is chained."""

    def __init__(self) -> None:
        super().__init__(STORAGE_FAILING)


def is_fault(error: BaseException) -> bool:
    """Whether a database error is the storage's own (a full disk, a read-only file, a lost connection, a database
    that does not answer): those pass by themselves. A row the schema refuses or a bad statement is a bug of the
    server's, and is not."""
    if isinstance(error, StorageFailing):
        return True
    if isinstance(error, IntegrityError | DataError | ProgrammingError):
        return False
    if isinstance(error, OSError | DBAPIError | sqlite3.Error):
        return not isinstance(error, sqlite3.IntegrityError | sqlite3.DataError | sqlite3.ProgrammingError)
    try:
        import asyncpg  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - the postgres extra is not installed
        return False
    bugs = (
        asyncpg.exceptions.IntegrityConstraintViolationError,
        asyncpg.exceptions.DataError,
        asyncpg.exceptions.SyntaxOrAccessError,
    )
    return isinstance(error, asyncpg.PostgresError | asyncpg.InterfaceError) and not isinstance(error, bugs)


def disk_full() -> None:
    """A `Storage.write_fault` for tests and benchmarks: every write fails as on a full disk."""
    raise OSError(errno.ENOSPC, "No space left on device")


class Fenced(Exception):
    """A write by a process that no longer owns the table: its fencing token is not the table's stored one."""


class DatabaseError(Exception):
    """A database URL the server cannot use, or a database it cannot open: one sentence for the operator."""


def default_database_url() -> str:
    base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "presidente"
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{base / 'presidente.db'}"


def database_url(url: str | None) -> str:
    """The URL with the async driver the server needs: `sqlite:///x.db` and `postgresql://...` are what people
    type (SQLAlchemy's usual URLs); they become `sqlite+aiosqlite:///x.db` and `postgresql+asyncpg://...`.

    >>> database_url("sqlite:///x.db"), database_url("postgres://u@h/db")
    ('sqlite+aiosqlite:///x.db', 'postgresql+asyncpg://u@h/db')
    """
    if url is None:
        return default_database_url()
    try:
        parsed = make_url(url)
    except Exception as error:
        raise DatabaseError(
            f"{_short(url)} is not a database URL: write sqlite:///FILE or postgresql://HOST/DB."
        ) from error
    backend, _, driver = parsed.drivername.partition("+")
    wanted = ASYNC_DRIVERS.get(backend)
    if wanted is None:
        raise DatabaseError(f"The server stores games in SQLite or PostgreSQL, not {_short(backend)}.")
    if driver and driver not in ("aiosqlite", "asyncpg"):
        raise DatabaseError(f"The server needs the async driver {wanted}, not {_short(parsed.drivername)}.")
    return wanted + url[url.index(":") :]  # the rest as typed: rendering it again would quote some paths


def _short(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "...")


@dataclass(frozen=True)
class StoredTable:
    config: TableConfig
    seats: list[Seat]
    moves: list[tuple[int | None, str]]
    status: str
    placing: list[str] | None
    chat: list[dict[str, Any]]
    seq: int = 0
    creator: str | None = None


class Storage:
    def __init__(self, url: str | None = None, metrics: Metrics | None = None) -> None:
        self.url = database_url(url)
        self.metrics = metrics or Metrics()
        try:
            self.engine: AsyncEngine = create_async_engine(self.url)
        except Exception as error:  # an unknown dialect or a driver that is not installed
            raise DatabaseError(f"Cannot use the database {_short(self.url)}: {error}") from error
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        # Every table event's rows pass through here: the actors' lighter queue (`inbox.py`), not `asyncio.Queue`.
        self._queue: Inbox[tuple[str, list[tuple[Any, ...]], asyncio.Future[None]]] = Inbox()
        self._writer: asyncio.Task[None] | None = None
        self._checkpointer: asyncio.Task[None] | None = None
        self._writer_conn: AsyncConnection | None = None
        self._file_writer = _FileWriter.for_url(self.url)
        # Each device's token of a player (`device_store.py`): players.token_hash is only read to migrate.
        self.devices = device_store.DeviceStore(self.engine, self._guarded)
        self.commits = 0
        self.commit_interval = COMMIT_INTERVAL if self.engine.dialect.name == "postgresql" else 0.0
        # Storage faults (`is_fault`): since when writes fail (None: they succeed) and the first failure's words.
        # A probe task writes every PROBE_FIRST..PROBE_MOST seconds meanwhile; the first write that succeeds (the
        # probe's, a table's) ends the failure and calls back the tables waiting for it (`when_writable`).
        self.failing_since: float | None = None
        self.failure = ""
        self._waiting: dict[Callable[[], None], None] = {}
        self._prober: asyncio.Task[None] | None = None
        self.probe_id = secrets.token_hex(8)
        # Tests and benchmarks only: called before every write; what it raises is that write's failure
        # (`disk_full`: a full disk where no small filesystem can be mounted).
        self.write_fault: Callable[[], None] | None = None

    async def start(self) -> None:
        try:
            async with self.engine.begin() as conn:
                if self.engine.dialect.name == "postgresql":
                    # Processes of a cluster starting together make the schema one at a time.
                    await conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})")
                await conn.run_sync(metadata.create_all)
                await conn.run_sync(_add_missing_columns)
                await conn.run_sync(device_store.prepare)
                if self.engine.dialect.name == "postgresql":
                    # A database made before the setting: pages written from now on keep their room.
                    await conn.exec_driver_sql(f"ALTER TABLE tables SET (fillfactor = {TABLES_FILLFACTOR})")
        except Exception as error:
            # Unreachable server, wrong password, a folder that does not exist, a file that is no database...
            reason = str(getattr(error, "orig", None) or error).splitlines()[0]
            if self.engine.dialect.name == "sqlite":
                reason += " (its folder must exist: sqlite:///x.db is in this folder, sqlite:////tmp/x.db in /tmp)"
            raise DatabaseError(f"Cannot open the database {_short(self.url)}: {reason}.") from error
        self._writer = asyncio.create_task(self._write_loop(), name="storage-writer")
        if self.engine.dialect.name == "sqlite":
            self._checkpointer = asyncio.create_task(self._checkpoint_loop(), name="storage-checkpoint")

    # -------------------------------------------------------------------------------------- faults

    @property
    def failing(self) -> bool:
        return self.failing_since is not None

    def when_writable(self, callback: Callable[[], None]) -> None:
        """Call `callback` once when writes succeed again after failing (a callback given again is called once)."""
        self._waiting[callback] = None

    def _failed(self, error: BaseException) -> None:
        """A fault (`is_fault`) failed a read or write: said once in the log, and probed until a write succeeds."""
        self.metrics.storage_failing.set(1)
        if self.failing_since is not None:
            return
        self.failing_since = time.monotonic()
        cause = error.__cause__ if isinstance(error, StorageFailing) and error.__cause__ else error
        self.failure = (str(getattr(cause, "orig", None) or cause).splitlines() or [type(cause).__name__])[0][:200]
        log.error(
            "storage is failing (%s): new players and tables are refused and every table waits; they go on by"
            " themselves once a write succeeds",
            self.failure,
        )
        if self._prober is None or self._prober.done():
            self._prober = asyncio.get_running_loop().create_task(self._probe_loop(), name="storage-probe")

    def _succeeded(self) -> None:
        """A write succeeded: a failure is over (said once in the log) and the tables waiting for it go on."""
        if self.failing_since is None:
            return
        log.warning(
            "storage takes writes again after %.1f s: the waiting tables go on", time.monotonic() - self.failing_since
        )
        self.failing_since = None
        self.failure = ""
        self.metrics.storage_failing.set(0)
        waiting, self._waiting = self._waiting, {}
        for callback in waiting:
            callback()

    @contextlib.asynccontextmanager
    async def _guarded(self, writes: bool = True) -> AsyncIterator[None]:
        """Around one read or write: a fault becomes `StorageFailing` (and the failure starts); a write that
        succeeds ends a failure."""
        try:
            if writes and self.write_fault is not None:
                self.write_fault()
            yield
        except Exception as error:
            if not is_fault(error) or isinstance(error, StorageFailing):
                raise
            self._failed(error)
            raise StorageFailing() from error
        if writes:
            self._succeeded()

    async def probe(self) -> None:
        """A small write of this process's own (its row of `probes`): raises `StorageFailing` unless it commits."""
        async with self._guarded(), self.engine.begin() as conn:
            await conn.execute(probes.delete().where(probes.c.id == self.probe_id))
            await conn.execute(insert(probes).values(id=self.probe_id, at=time.time()))

    async def _probe_loop(self) -> None:
        pause = PROBE_FIRST
        while self.failing_since is not None:
            await asyncio.sleep(pause)
            if self.failing_since is None:
                break
            with contextlib.suppress(Exception):  # StorageFailing, or a probe that did not answer in time
                await asyncio.wait_for(self.probe(), PROBE_MOST * 2)
            pause = min(pause * 2, PROBE_MOST)

    async def close(self) -> None:
        for task in (self._writer, self._checkpointer, self._prober):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._writer = self._checkpointer = self._prober = None
        if self._writer_conn is not None:
            with contextlib.suppress(Exception):
                await self._writer_conn.close()
            self._writer_conn = None
        if self._file_writer is not None:
            await asyncio.get_running_loop().run_in_executor(self._file_writer.thread, self._file_writer.close)
            self._file_writer.thread.shutdown(wait=True)
        await self.engine.dispose()

    # -------------------------------------------------------------------------------------- players

    async def create_player(self, name: str, agent: str = "") -> tuple[Player, str]:
        """A new player and the token of its first device (`agent`: the browser's User-Agent, to name it)."""
        token = secrets.token_urlsafe(24)
        player = Player(secrets.token_hex(8), name)
        now = time.time()
        async with self._guarded(), self.engine.begin() as conn:
            await conn.execute(insert(players).values(id=player.id, name=name, token_hash=None, created=now))
            device = await device_store.add_device(conn, player.id, token, agent, now)
        self.devices.remember(token, player, device)
        return player, token

    async def player_by_token(self, token: str) -> Player | None:
        """The player of the device signed in with `token`; None for an unknown or signed-out token."""
        return await self.devices.player_by_token(token)

    async def rename_player(self, player: Player) -> None:
        """Store a player's new name: its id, token, rating and seats stay. The seats it holds at tables still
        open show the new name after a restart too; finished games keep the name they were played under."""
        open_tables = select(tables.c.id).where(tables.c.status.in_(RESUMED))
        async with self._guarded(), self.engine.begin() as conn:
            await conn.execute(update(players).where(players.c.id == player.id).values(name=player.name))
            await conn.execute(
                update(seats)
                .where(seats.c.player_id == player.id, seats.c.table_id.in_(open_tables))
                .values(name=player.name)
            )
        self.devices.renamed(player)

    # -------------------------------------------------------------------------------------- tables

    async def create_table(self, config: TableConfig, table_seats: list[Seat], epoch: int = 0) -> None:
        async with self._guarded(), self.engine.begin() as conn:
            await conn.execute(
                insert(tables).values(
                    id=config.id,
                    name=config.name,
                    game=config.game,
                    preset=config.preset,
                    options=json.dumps(config.options),
                    seats=config.seats,
                    seed=config.seed,
                    turn_time=config.turn_time,
                    private=config.private,
                    secret=config.secret,
                    status="waiting",
                    created=time.time(),
                    creator=config.creator,
                    epoch=epoch,
                )
            )
            await conn.execute(
                insert(seats),
                [
                    {
                        "table_id": config.id,
                        "seat": index,
                        "kind": seat.kind,
                        "player_id": seat.player.id if seat.player else None,
                        "name": seat.player.name if seat.player else None,
                        "bot": seat.bot,
                    }
                    for index, seat in enumerate(table_seats)
                ],
            )

    async def claim_tables(self, table_ids: list[str]) -> dict[str, int]:
        """Store the claims of a process that took the tables' leases: each table's fencing token becomes its
        stored token plus one, returned by table (a table not stored is left out). Tokens never go back and no two
        claims get the same one, whatever Redis says (a Redis restarted without its keys counts from 1 again).
        The rows are locked (PostgreSQL) until the commit, in id order: a claim waits for a write of the old owner
        in flight, and sees all of it; a write of the old owner that comes after is refused (`_fenced`). One
        transaction for all: a process taking over a dead one's tables claims hundreds."""
        if not table_ids:
            return {}
        ids = sorted(set(table_ids))
        claimed: dict[str, int] = {}
        async with self._guarded(), self.engine.begin() as conn:
            for start in range(0, len(ids), READ_AT_ONCE):
                chunk = ids[start : start + READ_AT_ONCE]
                query = (
                    select(tables.c.id, tables.c.epoch)
                    .where(tables.c.id.in_(chunk))
                    .order_by(tables.c.id)
                    .with_for_update()
                )
                claimed |= {row.id: row.epoch + 1 for row in (await conn.execute(query)).all()}
            if claimed:
                await conn.execute(
                    update(tables).where(tables.c.id == bindparam("key")).values(epoch=bindparam("epoch")),
                    [{"key": table_id, "epoch": token} for table_id, token in claimed.items()],
                )
        return claimed

    async def write(self, table_id: str, rows: list[tuple[Any, ...]]) -> None:
        """Store a table's rows; returns once they are committed."""
        if not rows:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((table_id, rows, future))
        await future

    async def _write_loop(self) -> None:
        """Commit whatever rows are queued, many tables' in one transaction, and wake their writers; a commit
        starts at least `commit_interval` after the one before, and takes what was queued meanwhile."""
        last_start = -math.inf
        while True:
            batch = [await self._queue.get()]
            wait = last_start + self.commit_interval - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            last_start = time.perf_counter()
            while not self._queue.empty() and len(batch) < BATCH_LIMIT:
                batch.append(self._queue.get_nowait())
            started = time.perf_counter()
            try:
                if self.write_fault is not None:
                    self.write_fault()
                fenced = await self._commit([(table_id, rows) for table_id, rows, _ in batch])
                self.commits += 1
                self.metrics.commit_seconds.observe(time.perf_counter() - started)
            except Exception as error:
                self.metrics.errors.labels("storage").inc()
                failure: Exception = error
                if is_fault(error):
                    # A full disk, a lost database: the tables wait for storage (`TableActor`), said once.
                    self._failed(error)
                    failure = StorageFailing()
                    failure.__cause__ = error
                for _, _, future in batch:
                    if not future.done():
                        future.set_exception(failure)
                continue
            self._succeeded()
            for table_id, _, future in batch:
                if not future.done():
                    if table_id in fenced:
                        future.set_exception(Fenced(f"table {table_id} belongs to another process now"))
                    else:
                        future.set_result(None)

    async def _commit(self, batch: list[tuple[str, list[tuple[Any, ...]]]]) -> set[str]:
        """One transaction on the writer's own connection, kept between commits (checking one out of the pool
        and resetting it cost more round trips); a failed commit drops it for a fresh one.

        A SQLite file is written by a plain (synchronous) connection on a thread of its own, so a commit is one
        hop to that thread; through the async driver each statement, cursor and commit was a hop, and each hop
        waited for a turn of a busy event loop. Other databases use the async connection."""
        if self._file_writer is not None:
            return await asyncio.get_running_loop().run_in_executor(
                self._file_writer.thread, self._file_writer.commit, batch
            )
        try:
            if self._writer_conn is None:
                self._writer_conn = await self.engine.connect()
            if self.engine.dialect.name == "postgresql" and _only_moves(batch):
                # The common batch (moves, sequence numbers, fencing tokens) is one statement, a transaction of
                # its own: one round trip, where BEGIN, the fencing check, the inserts, the updates and COMMIT
                # through SQLAlchemy's adapter were five, and most of a busy process's storage time.
                raw = await self._writer_conn.get_raw_connection()
                return await _write_moves_postgresql(raw.driver_connection, batch)
            async with self._writer_conn.begin():
                return await self._writer_conn.run_sync(_apply_batch, batch)
        except Exception:
            conn, self._writer_conn = self._writer_conn, None
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()
            raise

    async def _checkpoint_loop(self) -> None:
        """SQLite: copy the write-ahead log into the database every few seconds, beside the writer (a passive
        checkpoint never blocks a commit)."""
        while True:
            await asyncio.sleep(CHECKPOINT_INTERVAL)
            try:
                async with self.engine.connect() as conn:
                    await conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception as error:
                if is_fault(error):
                    self._failed(error)  # a full disk: said once, with the writes' failure
                else:
                    log.exception("SQLite checkpoint failed")

    # -------------------------------------------------------------------------------------- reading

    async def ping(self) -> None:
        """Raise unless the database answers a trivial query."""
        async with self.engine.connect() as conn:
            await conn.exec_driver_sql("SELECT 1")

    async def load_table(self, table_id: str) -> StoredTable | None:
        return (await self.load_tables([table_id])).get(table_id)

    async def load_tables(self, table_ids: list[str]) -> dict[str, StoredTable]:
        """Many tables at once, by id (those that exist): four queries in all, where one table at a time took
        four each (a cluster process taking over a dead one's tables reads hundreds)."""
        async with self._guarded(writes=False), self.engine.connect() as conn:
            rows = (await conn.execute(select(tables).where(tables.c.id.in_(table_ids)))).all()
            return {stored.config.id: stored for stored in await self._stored(conn, rows)}

    async def unfinished_tables(self) -> list[StoredTable]:
        """The tables a restart resumes (waiting or playing), fewest moves first."""
        async with self._guarded(writes=False), self.engine.connect() as conn:
            rows = (await conn.execute(select(tables).where(tables.c.status.in_(RESUMED)))).all()
            stored = await self._stored(conn, rows)
        stored.sort(key=lambda table: len(table.moves))
        return stored

    async def unfinished_table_ids(self) -> list[str]:
        """The ids of the tables a cluster must keep running (waiting or playing)."""
        async with self._guarded(writes=False), self.engine.connect() as conn:
            return list((await conn.execute(select(tables.c.id).where(tables.c.status.in_(RESUMED)))).scalars())

    async def is_unfinished(self, table_id: str) -> bool:
        """Whether the table is one a cluster must keep running (waiting or playing): one row read."""
        async with self._guarded(writes=False), self.engine.connect() as conn:
            query = select(tables.c.id).where(tables.c.id == table_id, tables.c.status.in_(RESUMED))
            return (await conn.execute(query)).first() is not None

    async def lobby_lines(
        self, table_ids: list[str] | None = None, player_id: str | None = None
    ) -> list[dict[str, Any]]:
        """The lobby's lines of waiting or playing tables, read from storage (a cluster's lobby is the same from
        every process): all public ones, the given ones, or those where `player_id` holds a seat (with "seat")."""
        async with self._guarded(writes=False), self.engine.connect() as conn:
            query = select(tables).where(tables.c.status.in_(RESUMED))
            if table_ids is not None:
                query = query.where(tables.c.id.in_(table_ids))
            elif player_id is not None:
                query = query.where(tables.c.id.in_(select(seats.c.table_id).where(seats.c.player_id == player_id)))
            else:
                query = query.where(tables.c.private.is_(False))
            rows = (await conn.execute(query.order_by(tables.c.created))).all()
            seats_of = await self._seats(conn, [row.id for row in rows])
            lines = []
            for row in rows:
                table_seats = seats_of[row.id]
                line = lobby_line(_config_of(row), table_seats, row.status)
                if player_id is not None:
                    line["seat"] = next(i for i, s in enumerate(table_seats) if s.player and s.player.id == player_id)
                lines.append(line)
        return lines

    async def damaged_tables(self) -> list[dict[str, Any]]:
        async with self._guarded(writes=False), self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    select(tables.c.id, tables.c.name, tables.c.game, tables.c.preset).where(
                        tables.c.status == "damaged"
                    )
                )
            ).all()
        return [dict(row._mapping) for row in rows]

    async def open_tables_of(self, player_id: str) -> int:
        """How many tables this player created that are waiting or playing."""
        async with self._guarded(writes=False), self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    select(tables.c.id).where(tables.c.creator == player_id, tables.c.status.in_(RESUMED))
                )
            ).all()
        return len(rows)

    async def finished_tables(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest finished tables: id, name, game, preset, `finished` (seconds since the epoch), `players`
        (their names, best first: the final placing) and `winner` (the first of them)."""
        async with self._guarded(writes=False), self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    select(
                        tables.c.id,
                        tables.c.name,
                        tables.c.game,
                        tables.c.preset,
                        tables.c.finished,
                        tables.c.placing,
                        tables.c.places,
                    )
                    .where(tables.c.status == "finished")
                    .order_by(tables.c.finished.desc())
                    .limit(limit)
                )
            ).all()
            placings = {row.id: json.loads(row.placing) if row.placing else [] for row in rows}
            ids = {player_id for placing in placings.values() for player_id in placing}
            names = {
                row.id: row.name
                for row in await conn.execute(select(players.c.id, players.c.name).where(players.c.id.in_(ids)))
            }
        finished = []
        for row in rows:
            placed = [_placed_name(player_id, names) for player_id in placings[row.id]]
            # The match's winners: every entry in first place (a side of El Presidente, a tie the last round
            # did not break); a game stored before places were kept names its first.
            places = json.loads(row.places) if row.places else [1] + [2] * (len(placed) - 1)
            finished.append(
                {
                    "id": row.id,
                    "name": row.name,
                    "game": row.game,
                    "preset": row.preset,
                    "finished": row.finished,
                    "players": placed,
                    "winner": placed[0] if placed else None,
                    "winners": [name for name, place in zip(placed, places, strict=False) if place == 1],
                }
            )
        return finished

    async def leaderboard(self, limit: int = 50) -> list[dict[str, Any]]:
        """Players (and bots) who finished a game, best first: `rating` on the 1500-based scale of
        `ratings.display_rating`, and OpenSkill's `mu` and `sigma`."""
        async with self._guarded(writes=False), self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    select(players.c.id, players.c.name, players.c.mu, players.c.sigma, players.c.games).where(
                        players.c.games > 0
                    )
                )
            ).all()
        rows = sorted(rows, key=lambda row: -ratings.ordinal(row.mu, row.sigma))[:limit]
        return [
            {
                "id": row.id,
                "name": row.name,
                "rating": ratings.display_rating(row.mu, row.sigma),
                "mu": round(row.mu, 2),
                "sigma": round(row.sigma, 2),
                "games": row.games,
                "provisional": ratings.is_provisional(row.games),
            }
            for row in rows
        ]

    async def ratings_of(self, ids: list[str]) -> dict[str, tuple[int, int]]:
        """The displayed rating and the rated matches of these players who finished a game (the table page shows
        each change, and marks a provisional rating)."""
        if not ids:
            return {}
        async with self._guarded(writes=False), self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    select(players.c.id, players.c.mu, players.c.sigma, players.c.games).where(
                        players.c.id.in_(ids), players.c.games > 0
                    )
                )
            ).all()
        return {row.id: (ratings.display_rating(row.mu, row.sigma), row.games) for row in rows}

    async def _seats(self, conn: AsyncConnection, table_ids: list[str]) -> dict[str, list[Seat]]:
        """The seats of each of the tables, in a query per READ_AT_ONCE tables."""
        seats_of: dict[str, list[Seat]] = {table_id: [] for table_id in table_ids}
        for start in range(0, len(table_ids), READ_AT_ONCE):
            chunk = table_ids[start : start + READ_AT_ONCE]
            query = select(seats).where(seats.c.table_id.in_(chunk)).order_by(seats.c.table_id, seats.c.seat)
            for s in (await conn.execute(query)).all():
                player = Player(s.player_id, s.name) if s.player_id else None
                seats_of[s.table_id].append(Seat(s.kind, player, s.bot))
        return seats_of

    async def _stored(self, conn: AsyncConnection, rows: Sequence[Any]) -> list[StoredTable]:
        """The tables of these rows of `tables`, with their seats, moves and last chat lines: a query each for
        READ_AT_ONCE tables together."""
        stored: list[StoredTable] = []
        for start in range(0, len(rows), READ_AT_ONCE):
            stored += await self._stored_chunk(conn, rows[start : start + READ_AT_ONCE])
        return stored

    async def _stored_chunk(self, conn: AsyncConnection, rows: Sequence[Any]) -> list[StoredTable]:
        ids = [row.id for row in rows]
        seats_of = await self._seats(conn, ids)
        moves_of: dict[str, list[tuple[int | None, str]]] = {table_id: [] for table_id in ids}
        query = select(moves).where(moves.c.table_id.in_(ids)).order_by(moves.c.table_id, moves.c.n)
        for m in (await conn.execute(query)).all():
            moves_of[m.table_id].append((m.seat, m.text))
        # Each table's last CHAT_KEPT lines: numbered newest first within the table, the first CHAT_KEPT kept.
        newest_first = (
            func.row_number().over(partition_by=chat.c.table_id, order_by=chat.c.id.desc()).label("newest_first")
        )
        recent = select(chat, newest_first).where(chat.c.table_id.in_(ids)).subquery()
        query = select(recent).where(recent.c.newest_first <= CHAT_KEPT).order_by(recent.c.table_id, recent.c.id)
        chat_of: dict[str, list[dict[str, Any]]] = {table_id: [] for table_id in ids}
        for c in (await conn.execute(query)).all():
            chat_of[c.table_id].append({"type": "chat", "seq": c.seq, "name": c.name, "seat": c.seat, "text": c.text})
        return [
            StoredTable(
                _config_of(row),
                seats_of[row.id],
                moves_of[row.id],
                row.status,
                json.loads(row.placing) if row.placing else None,
                chat_of[row.id],
                seq=row.seq or 0,
                creator=row.creator,
            )
            for row in rows
        ]


class _FileWriter:
    """The writer of a SQLite file: a synchronous engine whose one connection lives on one thread."""

    def __init__(self, url: str) -> None:
        self.engine: Engine = create_engine(url, poolclass=NullPool)
        event.listen(self.engine, "connect", _sqlite_pragmas)
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="storage-writer")
        self.conn: Connection | None = None

    @classmethod
    def for_url(cls, url: str) -> _FileWriter | None:
        """A file writer for a SQLite file URL; None for other databases and for SQLite in memory (a second
        engine would open a second, empty database)."""
        parsed = make_url(url)
        if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
            return None
        return cls(parsed.set(drivername="sqlite").render_as_string(hide_password=False))

    def commit(self, batch: list[tuple[str, list[tuple[Any, ...]]]]) -> set[str]:
        try:
            if self.conn is None:
                self.conn = self.engine.connect()
            with self.conn.begin():
                return _apply_batch(self.conn, batch)
        except Exception:
            self.close()
            raise

    def close(self) -> None:
        conn, self.conn = self.conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()
        self.engine.dispose()


def _config_of(row: Any) -> TableConfig:
    return TableConfig(
        id=row.id,
        name=row.name,
        game=row.game,
        preset=row.preset,
        options=json.loads(row.options),
        seats=row.seats,
        seed=row.seed,
        turn_time=row.turn_time,
        private=row.private,
        secret=row.secret,
        creator=row.creator,
    )


def _apply_batch(conn: Connection, batch: list[tuple[str, list[tuple[Any, ...]]]]) -> set[str]:
    """Every table's rows of one commit: the moves of all tables in one statement, then the rarer rows; returns
    the tables whose rows were refused because another process owns them now (their fencing token is not the
    stored one).

    A table waits for its write before it makes the next, so a batch holds at most one write per table."""
    fenced = _fenced(conn, batch)
    if fenced:
        batch = [(table_id, rows) for table_id, rows in batch if table_id not in fenced]
    move_rows = [
        {"table_id": table_id, "n": n, "seat": seat, "text": text}
        for table_id, rows in batch
        for kind, n, seat, text in _moves(rows)
    ]
    if move_rows:
        conn.execute(insert(moves), move_rows)
    seq_rows = [{"key": table_id, "seq": row[1]} for table_id, rows in batch for row in rows if row[0] == "seq"]
    if seq_rows:
        conn.execute(update(tables).where(tables.c.id == bindparam("key")).values(seq=bindparam("seq")), seq_rows)
    # New owners' fencing tokens: from now on, writes under any other are refused. A process taking over a dead
    # one's tables claims hundreds in one batch: one statement for all (one each took 1.4 s for 445 tables).
    claims = [{"key": table_id, "epoch": row[1]} for table_id, rows in batch for row in rows if row[0] == "claim"]
    if claims:
        conn.execute(update(tables).where(tables.c.id == bindparam("key")).values(epoch=bindparam("epoch")), claims)
    for table_id, rows in batch:
        for row in rows:
            _apply_row(conn, table_id, row)
    return fenced


# The kinds of rows `_write_moves_postgresql` writes; a batch holding any other goes through `_apply_batch`.
MOVE_ROWS = frozenset({"move", "seq", "fence"})

# One statement for a batch of moves (PostgreSQL). It locks the rows of the tables written under a fencing token
# (in id order, so two processes never wait on each other in a cycle) and finds those whose stored token differs;
# the moves and sequence numbers of the others are written. The lock is held until the statement's commit, so a
# new owner's claim waits for it and then sees every move it wrote, as in `_fenced`.
WRITE_MOVES = """
WITH locked AS (
    SELECT t.id, t.epoch <> f.token AS fenced
    FROM tables t JOIN unnest($1::varchar[], $2::integer[]) AS f(id, token) ON t.id = f.id
    ORDER BY t.id
    FOR UPDATE OF t
), refused AS (
    SELECT id FROM locked WHERE fenced
), moved AS (
    INSERT INTO moves (table_id, n, seat, text)
    SELECT m.table_id, m.n, m.seat, m.text
    FROM unnest($3::varchar[], $4::integer[], $5::integer[], $6::varchar[]) AS m(table_id, n, seat, text)
    WHERE m.table_id NOT IN (SELECT id FROM refused)
), numbered AS (
    UPDATE tables SET seq = s.seq
    FROM unnest($7::varchar[], $8::integer[]) AS s(id, seq)
    WHERE tables.id = s.id AND s.id NOT IN (SELECT id FROM refused)
)
SELECT id FROM refused
"""


def _only_moves(batch: list[tuple[str, list[tuple[Any, ...]]]]) -> bool:
    return all(row[0] in MOVE_ROWS for _, rows in batch for row in rows)


async def _write_moves_postgresql(conn: Any, batch: list[tuple[str, list[tuple[Any, ...]]]]) -> set[str]:
    """A batch of moves, sequence numbers and fencing tokens in one statement on the asyncpg connection `conn`
    (not in a transaction: the statement is its own); returns the tables refused by their fencing token."""
    fence_ids, tokens, move_ids, numbers, movers, texts, seq_ids, seqs = [], [], [], [], [], [], [], []
    for table_id, rows in batch:
        for row in rows:
            kind = row[0]
            if kind == "move":
                move_ids.append(table_id)
                numbers.append(row[1])
                movers.append(row[2])
                texts.append(row[3])
            elif kind == "seq":
                seq_ids.append(table_id)
                seqs.append(row[1])
            else:
                fence_ids.append(table_id)
                tokens.append(row[1])
    refused = await conn.fetch(WRITE_MOVES, fence_ids, tokens, move_ids, numbers, movers, texts, seq_ids, seqs)
    return {row[0] for row in refused}


def _fenced(conn: Connection, batch: list[tuple[str, list[tuple[Any, ...]]]]) -> set[str]:
    """The tables of the batch written under another fencing token than the stored one (the current owner's).
    The rows read are locked until the commit (PostgreSQL), so a new owner's claim waits for this commit and then
    sees all of it."""
    tokens = {table_id: row[1] for table_id, rows in batch for row in rows if row[0] == "fence"}
    if not tokens:
        return set()
    if conn.dialect.name == "postgresql":
        # One array parameter: the same statement whatever the batch's size, where `IN (...)` is rendered
        # and prepared again for each number of tables (a large share of a busy commit's time).
        ids = bindparam("ids", list(tokens), type_=postgresql.ARRAY(tables.c.id.type))
        query = select(tables.c.id, tables.c.epoch).where(tables.c.id == any_(ids)).with_for_update()
    else:
        query = select(tables.c.id, tables.c.epoch).where(tables.c.id.in_(tokens)).with_for_update()
    return {row.id for row in conn.execute(query) if row.epoch != tokens[row.id]}


def _apply_row(conn: Connection, table_id: str, row: tuple[Any, ...]) -> None:
    kind = row[0]
    if kind == "seat":
        _, seat, seat_kind, player_id, name, bot = row
        conn.execute(
            update(seats)
            .where(seats.c.table_id == table_id, seats.c.seat == seat)
            .values(kind=seat_kind, player_id=player_id, name=name, bot=bot)
        )
    elif kind == "chat":
        _, seq, player_id, name, seat, text = row
        conn.execute(
            insert(chat).values(
                table_id=table_id,
                seq=seq,
                player_id=player_id,
                name=name,
                seat=seat,
                text=text,
                created=time.time(),
            )
        )
    elif kind in ("move", "seq", "fence", "claim"):
        pass  # written (or checked) for the whole batch by `_apply_batch`
    elif kind == "status":
        conn.execute(update(tables).where(tables.c.id == table_id).values(status=row[1]))
    elif kind == "finish":
        placing: list[str] = row[1]
        places: list[int] = row[2]  # each entry's place in the match: tied entries share one
        conn.execute(
            update(tables)
            .where(tables.c.id == table_id)
            .values(status="finished", finished=time.time(), placing=json.dumps(placing), places=json.dumps(places))
        )
        _rate(conn, list(zip(placing, places, strict=True)))


def _placed_name(player_id: str, names: dict[str, str]) -> str:
    """A name in a finished game's placing: the player's name now, or a bot's kind ("bot:president:auto")."""
    if player_id in names and not player_id.startswith("bot:"):
        return names[player_id]
    return player_id.rpartition(":")[2] + " bot"


def _rate(conn: Connection, result: list[tuple[str, int]]) -> None:
    """Rate a finished match: each entry (a player, or a bot kind at one seat) with its place (`ratings.rate`)."""
    placing = [player_id for player_id, _ in result]
    known = {
        row.id: (row.mu, row.sigma)
        for row in conn.execute(select(players.c.id, players.c.mu, players.c.sigma).where(players.c.id.in_(placing)))
    }
    for player_id in set(placing) - set(known):
        # Bots are rated as players named after their kind.
        conn.execute(
            insert(players).values(
                id=player_id,
                name=player_id.removeprefix("bot:").replace(":", " ") + " bot",
                token_hash=None,
                mu=ratings.DEFAULT_MU,
                sigma=ratings.DEFAULT_SIGMA,
                games=0,
                created=time.time(),
            )
        )
    for player_id, (mu, sigma) in ratings.rate(result, known).items():
        conn.execute(
            update(players).where(players.c.id == player_id).values(mu=mu, sigma=sigma, games=players.c.games + 1)
        )


def _add_missing_columns(conn: Connection) -> None:
    """Columns added since a database was made (`create_all` makes missing tables, not missing columns)."""
    present = {column["name"] for column in inspect(conn).get_columns("tables")}
    for column in tables.columns:
        if column.name not in present:
            kind = column.type.compile(dialect=conn.dialect)
            default = f" DEFAULT {column.server_default.arg}" if column.server_default is not None else ""  # type: ignore[attr-defined]
            not_null = " NOT NULL" if not column.nullable and default else ""
            conn.exec_driver_sql(f"ALTER TABLE tables ADD COLUMN {column.name} {kind}{default}{not_null}")


def _sqlite_pragmas(dbapi_connection: Any, record: Any) -> None:
    """Write-ahead logging: a commit appends to the log instead of rewriting pages through a rollback journal.
    With synchronous=NORMAL a committed move survives the server being killed; only an operating-system
    crash or power cut may lose the last commits before a checkpoint."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    # No checkpoint inside a commit (its fsync held up every table's move for up to 400 ms): the
    # storage's checkpoint task copies the log into the database on a connection of its own.
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


def _moves(rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    return [row for row in rows if row[0] == "move"]
