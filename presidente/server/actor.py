"""One asyncio task per table around the sans-I/O `Table`, and the hub that keeps every table's task.

The task alone changes its table: it takes commands from its inbox in order, lets the `Table` decide,
stores the resulting rows, and only then puts the frames in each connection's outbox.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import math
import secrets
import time
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from presidente.errors import PresidenteError
from presidente.president.rules import option_specs as president_option_specs
from presidente.server import protocol as p
from presidente.server import rematch
from presidente.server.bots import check_bot
from presidente.server.games import GAMES, check_options, game_catalogue
from presidente.server.inbox import Inbox
from presidente.server.metrics import Metrics
from presidente.server.refusals import refusal
from presidente.server.storage import STORAGE_FAILING, Fenced, Storage, StorageFailing, StoredTable
from presidente.server.table import (
    Effects,
    Player,
    Seat,
    Table,
    TableConfig,
    error_frame,
    error_frame_of,
    moved_frame,
    restore_table,
)

log = logging.getLogger("presidente.server")

TABLE_NAME_LENGTH = 60
TABLE_FORM_FIELDS = {"token", "name", "game", "preset", "seats", "bots", "options", "private", "allow_all_bots", "sit"}
# Resources one player, or everyone, may hold: a table waiting for players expires when nobody has visited it
# for WAITING_LIFETIME seconds.
MAX_OPEN_TABLES_PER_PLAYER = 5
MAX_WAITING_TABLES = 2000
WAITING_LIFETIME = 1800.0
# Moves replayed before a restarted server opens; longer tables resume in the background (about a second).
RESUME_BEFORE_OPEN = 50_000
FAULT_MESSAGE = "The server failed to complete that (an internal error was logged): the table is as it was before."
READ_FAILED_MESSAGE = "The server failed to read this table back (an internal error was logged): it is closed."
# Storage failed (a full disk, the database unreachable): what the table's connections are told once, and the line
# every player sees when the table goes on by itself (`TableActor._wait_for_storage`).
STORAGE_WAIT_MESSAGE = (
    "Storage is failing: the table waits and goes on by itself as soon as the server can store moves again."
)
STORAGE_BACK_LINE = "The server can store moves again: the table goes on."
# A table waiting for storage tries again this long after its last try at first, the pause doubling up to
# STORAGE_RETRY_MOST (storage's own probe wakes every waiting table as soon as a write succeeds).
STORAGE_RETRY_FIRST = 0.5
STORAGE_RETRY_MOST = 5.0
# A timer's tick this much or less before the table's deadline makes the moves due: uvloop fires timers up to about
# a millisecond and a half early (55% of a loaded server's ticks, none by more than 1.46 ms; docs/deploy.md).
TIMER_EARLY = 0.002
# How every error frame starts (`table.error_frame`): the metrics count refusals by it.
ERROR_FRAME_START = '{"type": "error"'
DAMAGED_MESSAGE = "This table is damaged (its stored moves no longer replay): it is kept for inspection."
# The server's own bound on President's `decks`: the engine takes 2**51 (the terminal, research), but a table's
# task must answer each move in well under a millisecond, and a view must stay small. Up to 4 decks every preset
# plays at 0.5 ms an event or less, frames under 64 KB; with sequences (daifugo) each deck beyond lists more plays:
# 1.4 ms and frames up to 750 KB at 8 decks, 4 ms and 3 MB at 16, 80 ms at 64 (benchmarks/decks_speed.py, the
# figures in docs/protocol.md). Tables stored with more decks before this bound still resume and play.
SERVER_MAX_DECKS = 4
SERVER_DECKS = dataclasses.replace(
    next(spec for spec in president_option_specs() if spec.name == "decks"), maximum=SERVER_MAX_DECKS
)


class Sink(Protocol):
    """Where an actor puts a connection's frames (None: close it): a local connection's outbox, or a relay to
    the process that holds the connection."""

    def put_nowait(self, frame: str | None, /) -> None: ...


@dataclass(frozen=True)
class Connect:
    conn: int
    player: Player | None
    secret: str | None
    outbox: Sink


@dataclass(frozen=True)
class Disconnect:
    conn: int


@dataclass(frozen=True)
class Message:
    conn: int
    message: p.ClientMessage


@dataclass(frozen=True)
class Tick:
    """The table's deadline passed: make the moves that are due."""


TICK = Tick()


@dataclass(frozen=True)
class Rename:
    """A player took a new name: the seat and connections it holds at this table show it."""

    player: Player


Command = Connect | Disconnect | Message | Tick | Rename


class TableActor:
    """The task of one table. A finished table nobody has watched for `retire_after` seconds leaves memory
    (`on_retire`); it stays in storage, for its replay. A table nobody came to sit at expires.

    An unexpected error while handling a command (a bug; storage failing) leaves no trace: the table is
    rebuilt from what storage holds, the client is told, and the error is logged once."""

    def __init__(
        self,
        table: Table,
        storage: Storage,
        clock: Callable[[], float],
        retire_after: float = math.inf,
        on_retire: Callable[[TableActor], None] | None = None,
        waiting_lifetime: float = math.inf,
        metrics: Metrics | None = None,
    ) -> None:
        self.table = table
        self.metrics = metrics or storage.metrics
        # Children of labelled metrics, looked up once: `labels()` per command was a visible share of a busy process.
        self._moves_counted = self.metrics.moves.labels(table.config.game)
        self._refusals_counted = self.metrics.errors.labels("refused")
        # In a cluster: this process's fencing token for the table (storage refuses writes under an older one).
        self.epoch: int | None = None
        self.storage = storage
        self.clock = clock
        self.retire_after = retire_after
        self.waiting_lifetime = waiting_lifetime
        self.stored_seq = table.seq
        self.on_retire = on_retire
        self.inbox: Inbox[Command] = Inbox()
        self.outboxes: dict[int, Sink] = {}
        self.task: asyncio.Task[None] | None = None
        self.quiet_since: float | None = None  # finished and watched by nobody since then
        self.retired = False
        # Play again at the finished table (`rematch.py`), and how the hub opens the new table.
        self.rematch: rematch.Proposal | None = None
        self.open_rematch: Callable[[TableConfig, list[Seat]], Awaitable[TableConfig]] | None = None

    def start(self) -> None:
        self.task = asyncio.create_task(self.run(), name=f"table-{self.table.config.id}")

    def _retire_wait(self, now: float) -> float | None:
        """Seconds until this table leaves memory (0 or less: now), or None while it is playing or watched:
        a finished table `retire_after` seconds after its last watcher left, a table still waiting for players
        `waiting_lifetime` seconds after the last visitor left (it expires)."""
        status = self.table.status
        if status == "playing" or self.outboxes:
            self.quiet_since = None
            return None
        if self.quiet_since is None:
            self.quiet_since = now
        after = self.retire_after if status == "finished" else self.waiting_lifetime
        return self.quiet_since + after - now

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = self.table.deadline()
            now = self.clock()
            wait = None if due is None else due - now
            retire_wait = self._retire_wait(now)
            if self.rematch is not None and self.rematch.status == "open" and self.rematch.deadline is not None:
                wait = min(wait if wait is not None else math.inf, self.rematch.deadline - now)
            if retire_wait is not None:
                if retire_wait <= 0 and self.inbox.empty():
                    # Nothing awaits between this check and the flag: a socket handler that still holds this
                    # actor sees `retired` before it queues a command.
                    self._end()
                    if self.table.status == "waiting":
                        with contextlib.suppress(Exception):
                            await self.storage.write(self.table.config.id, [("status", "expired")])
                    return
                wait = retire_wait if wait is None else min(wait, retire_wait)
            command: Command | None = None
            if wait is None or wait > 0 or not self.inbox.empty():
                # A timer handle wakes the task at the deadline: cheaper than wait_for, which wraps the get
                # in a task of its own. A wake-up that arrives after a command is a harmless extra tick.
                timer = None if wait is None else loop.call_later(wait, self.inbox.put_nowait, TICK)
                command = await self.inbox.get()
                if timer is not None:
                    timer.cancel()
            now = self.clock()
            if command is TICK and due is not None and now < due <= now + TIMER_EARLY:
                # The timer fired a little before the deadline (uvloop's clock is read once per turn of the loop,
                # in whole milliseconds): the move is made at its time now, rather than after another timer and
                # wake-up (and a yield), the new timer as likely to fire early again.
                now = due
            started = time.perf_counter()
            # Not `isinstance(command, Tick | None)`: that builds the union at every command.
            timed = command is None or isinstance(command, Tick)
            try:
                if command is None or isinstance(command, Tick):
                    effects = self.table.tick(now)
                else:
                    effects = self._decide(command, now)
                if self.table.seq != self.stored_seq:
                    effects.store.append(("seq", self.table.seq))
                if self.epoch is not None and effects.store:
                    effects.store.insert(0, ("fence", self.epoch))
                await self.storage.write(self.table.config.id, effects.store)
            except Fenced:
                # Another process owns this table now (this one lost its lease): it runs the table from storage.
                log.warning("table %s: another process owns it now", self.table.config.id)
                self.close_all_moved()
                self._end()
                return
            except StorageFailing:
                # A full disk, the database unreachable (storage says so once in the log): the table waits.
                if not await self._wait_for_storage(command):
                    return
                continue
            except Exception:
                # A bug, or storage that failed: nothing of this command was sent, and perhaps not stored, so
                # the table goes back to what storage holds, as after a restart.
                log.exception(
                    "table %s failed on %s: rolled back to its stored state",
                    self.table.config.id,
                    command,
                    extra={"table": self.table.config.id},
                )
                self.metrics.errors.labels("rollback").inc()
                if not await self._roll_back(command, now):
                    return
                continue
            self.stored_seq = self.table.seq
            self._deliver(effects)
            self._measure(effects, started)
            if self.rematch is None and self.table.status == "finished":
                # The match is over: every connection is offered to play again.
                self.rematch = rematch.Proposal()
                self._deliver(rematch.frames(self.rematch, self.table, self.clock()))
            elif self.rematch is not None and self.rematch.due(self.table, self.clock()):
                await self._settle_rematch(self.rematch)
            if timed and not effects.store:
                # Let other tables run between long runs of timed moves; a command that stored rows has let
                # them run already, while it waited for its commit.
                await asyncio.sleep(0)

    def _measure(self, effects: Effects, started: float) -> None:
        if not effects.store and not effects.send:
            return  # a wake-up with nothing to do
        self.metrics.command_seconds.observe(time.perf_counter() - started)
        moves = refused = 0  # counted in plain loops: a generator per command was a visible share of a busy process
        for row in effects.store:
            if row[0] == "move":
                moves += 1
        if moves:
            self._moves_counted.inc(moves)
        for _, frame in effects.send:
            if frame.startswith(ERROR_FRAME_START):
                refused += 1
        if refused:
            self._refusals_counted.inc(refused)

    async def _roll_back(self, command: Command | None, now: float) -> bool:
        """Rebuild the table from storage after `command` failed; tell the connections why. False when the
        table cannot go on: it no longer replays (it is marked damaged), or storage cannot be read (it leaves
        memory as stored)."""
        table_id = self.table.config.id
        failed_conn = command.conn if isinstance(command, Connect | Message) else None
        try:
            stored = await self.storage.load_table(table_id)
        except StorageFailing:
            return await self._wait_for_storage(command)
        except Exception:
            # Not a storage fault but a bug in reading: the table leaves memory as it is stored (a restart resumes it).
            log.exception("table %s cannot be read back: it is closed", table_id, extra={"table": table_id})
            self.close_all(READ_FAILED_MESSAGE)
            self._end()
            return False
        try:
            if stored is None:
                raise LookupError(f"table {table_id} is not in storage")
            table = restore_stored(stored, self.table, now)
        except Exception:
            await self._close_damaged()
            return False
        table.connections = {
            conn: connection for conn, connection in self.table.connections.items() if conn in self.outboxes
        }
        if isinstance(command, Connect):
            table.connections.pop(command.conn, None)
        self.table = table
        self.stored_seq = table.seq
        effects = Effects()
        if failed_conn is not None:
            effects.send.append((failed_conn, error_frame(table.seq, FAULT_MESSAGE)))
            if isinstance(command, Connect):
                effects.close.append(failed_conn)
        elif isinstance(command, Tick | None):
            # A timed move failed: stop timed moves until a player moves, or it would fail again at once.
            effects.extend(table.pause(now, "An automatic move failed (a server error): the table waits for a player."))
        with contextlib.suppress(Exception):
            await self.storage.write(table_id, [("seq", table.seq)])
            self.stored_seq = table.seq
        self._deliver(effects)
        return True

    async def _wait_for_storage(self, command: Command | None) -> bool:
        """Storage failed a write of `command` (or the read after a failure): nothing of it was sent, and perhaps
        not stored. The table keeps its connections and waits: it makes no timed move, answers each message with
        STORAGE_FAILING and keeps connections, departures and renames for later. Each try reads the table back from
        storage and stores a line saying it goes on (STORAGE_BACK_LINE); the first that succeeds ends the wait and
        every connection sees the line. Tries come when storage takes a write again (`Storage.when_writable`) and
        at the latest STORAGE_RETRY_FIRST..STORAGE_RETRY_MOST seconds after the last. False when the table cannot
        go on: it no longer replays (marked damaged), or another process runs it now."""
        table_id = self.table.config.id
        self.metrics.errors.labels("storage_wait").inc()
        later: list[Command] = []
        if isinstance(command, Connect | Rename):
            self.table.connections.pop(getattr(command, "conn", -1), None)
            later.append(command)  # welcomed once the table goes on
        waiting = error_frame(self.table.seq, STORAGE_WAIT_MESSAGE)
        refused = error_frame(self.table.seq, STORAGE_FAILING)
        for conn, outbox in self.outboxes.items():
            if isinstance(command, Message) and conn == command.conn:
                outbox.put_nowait(refused)  # that move was not made
            outbox.put_nowait(waiting)
        loop = asyncio.get_running_loop()
        pause = STORAGE_RETRY_FIRST

        def wake() -> None:
            self.inbox.put_nowait(TICK)

        while True:
            self.storage.when_writable(wake)
            timer = loop.call_later(pause, self.inbox.put_nowait, TICK)
            while not isinstance(next_command := await self.inbox.get(), Tick):
                if isinstance(next_command, Message):
                    if (sink := self.outboxes.get(next_command.conn)) is not None:
                        sink.put_nowait(refused)
                    continue
                if isinstance(next_command, Connect):
                    self.outboxes[next_command.conn] = next_command.outbox
                    next_command.outbox.put_nowait(waiting)
                elif isinstance(next_command, Disconnect):
                    self.outboxes.pop(next_command.conn, None)
                later.append(next_command)
            timer.cancel()
            pause = min(pause * 2, STORAGE_RETRY_MOST)
            now = self.clock()
            try:
                stored = await self.storage.load_table(table_id)
            except StorageFailing:
                continue
            try:
                if stored is None:
                    raise LookupError(f"table {table_id} is not in storage")
                table = restore_stored(stored, self.table, now)
            except Exception:
                await self._close_damaged()
                return False
            table.connections = dict(self.table.connections)
            turn_started = table.turn_started
            effects = table.pause(now, STORAGE_BACK_LINE)
            table.turn_started = turn_started  # a line, not a pause: the timed moves go on
            store: list[tuple[Any, ...]] = [("seq", table.seq)]
            if self.epoch is not None:
                store.insert(0, ("fence", self.epoch))
            try:
                await self.storage.write(table_id, store)
            except StorageFailing:
                continue
            except Fenced:
                log.warning("table %s: another process owns it now", table_id)
                self.close_all_moved()
                self._end()
                return False
            break
        self.table = table
        self.stored_seq = table.seq
        self._deliver(effects)
        # What came meanwhile, in order, before anything queued since (nothing awaits from here to the end).
        queued = []
        while not self.inbox.empty():
            queued.append(self.inbox.get_nowait())
        for kept in (*later, *queued):
            self.inbox.put_nowait(kept)
        return True

    async def _close_damaged(self) -> None:
        """The table no longer rebuilds from storage: marked damaged, its connections told, out of memory."""
        table_id = self.table.config.id
        log.exception("table %s cannot be rebuilt from storage: it is closed", table_id, extra={"table": table_id})
        self.metrics.errors.labels("damaged").inc()
        with contextlib.suppress(Exception):
            await self.storage.write(table_id, [("status", "damaged")])
        self.close_all(DAMAGED_MESSAGE)
        self._end()

    def close_all(self, message: str) -> None:
        self._close_all_with(error_frame(self.table.seq, message))

    def close_all_moved(self) -> None:
        """Close every connection because another process runs the table now: the clients reconnect at once."""
        self._close_all_with(moved_frame(self.table.seq))

    def _close_all_with(self, frame: str) -> None:
        for outbox in self.outboxes.values():
            outbox.put_nowait(frame)
            outbox.put_nowait(None)
        self.outboxes.clear()

    def _end(self) -> None:
        self.retired = True
        if self.on_retire is not None:
            self.on_retire(self)

    def _decide(self, command: Connect | Disconnect | Message | Rename, now: float) -> Effects:
        if isinstance(command, Rename):
            return self.table.rename(command.player, now)
        if isinstance(command, Connect):
            self.outboxes[command.conn] = command.outbox
            effects = self.table.connect(command.conn, command.player, command.secret, now)
            if command.conn in self.table.connections:  # welcomed: told of a proposal to play again
                effects.extend(rematch.frames(self.rematch, self.table, now, [command.conn]))
            return effects
        if isinstance(command, Disconnect):
            self.outboxes.pop(command.conn, None)
            return self.table.disconnect(command.conn, now)
        if isinstance(command.message, (p.Rematch, p.RematchChoose)):  # a tuple: no union built per message
            return self._rematch_message(command.conn, command.message, now)
        return self.table.handle(command.conn, command.message, now)

    def _rematch_message(self, conn: int, message: p.Rematch | p.RematchChoose, now: float) -> Effects:
        """An answer or a choice about playing again: the proposal told to every connection, or the refusal to
        this one alone (the proposal untouched)."""
        try:
            if isinstance(message, p.Rematch):
                self.rematch = rematch.answer(self.rematch, self.table, conn, message, now)
            else:
                self.rematch = rematch.choose(self.rematch, self.table, conn, message, now)
        except PresidenteError as error:
            return Effects(send=[(conn, error_frame_of(self.table.seq, error))])
        return rematch.frames(self.rematch, self.table, now)

    async def _settle_rematch(self, proposal: rematch.Proposal) -> None:
        """Every person answered, or time is up: the new table is opened with those who accepted (none: the
        proposal ends), and every connection is told where it is."""
        config, failed = None, False
        if "accepted" in proposal.answers(self.table) and self.open_rematch is not None:
            try:
                config = await self.open_rematch(self.table.config, proposal.next_seats(self.table))
            except Exception:
                log.exception("table %s: the table to play again failed to open", self.table.config.id)
                failed = True
        rematch.settled(proposal, self.table, config, failed)
        self._deliver(rematch.frames(proposal, self.table, self.clock()))

    def _deliver(self, effects: Effects) -> None:
        for conn, frame in effects.send:
            outbox = self.outboxes.get(conn)
            if outbox is not None:
                outbox.put_nowait(frame)
        for conn in effects.close:
            outbox = self.outboxes.pop(conn, None)
            if outbox is not None:
                outbox.put_nowait(None)
            self.table.connections.pop(conn, None)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task


class Hub:
    """Every table's actor, the storage they share, and table creation."""

    def __init__(
        self,
        storage: Storage,
        *,
        intermission: float = 30.0,
        bot_delay: float = 0.8,
        clock: Callable[[], float] = time.monotonic,
        retire_after: float = 600.0,
        waiting_lifetime: float = WAITING_LIFETIME,
    ) -> None:
        self.storage = storage
        self.intermission = intermission
        self.bot_delay = bot_delay
        self.clock = clock
        self.retire_after = retire_after
        self.waiting_lifetime = waiting_lifetime
        self.actors: dict[str, TableActor] = {}
        # Tables still being rebuilt after a start: a connection to one of them waits for it.
        self.loading: dict[str, asyncio.Event] = {}
        self._next_conn = 0
        self._loader: asyncio.Task[None] | None = None

    def next_conn(self) -> int:
        self._next_conn += 1
        return self._next_conn

    async def start(self) -> None:
        """Resume every unfinished table where it was, rebuilt from its stored moves, fewest moves first.

        Tables are replayed before the server opens until RESUME_BEFORE_OPEN moves have been replayed; the
        rest are resumed in the background, so one long (runaway) table never holds up the start or the
        other tables. A table whose moves no longer replay is marked damaged (kept for inspection) and the
        others resume."""
        stored_tables = await self.storage.unfinished_tables()
        budget = RESUME_BEFORE_OPEN
        while stored_tables and len(stored_tables[0].moves) <= budget:
            budget -= len(stored_tables[0].moves)
            await self._resume_one(stored_tables.pop(0))
        self.loading = {stored.config.id: asyncio.Event() for stored in stored_tables}
        self._loader = asyncio.create_task(self._resume_later(stored_tables), name="resume-tables")

    async def _resume_later(self, stored_tables: list[StoredTable]) -> None:
        for stored in stored_tables:
            await self._resume_one(stored)
            self.loading.pop(stored.config.id).set()

    async def _resume_one(self, stored: StoredTable) -> None:
        table_id = stored.config.id
        try:
            # On a thread: the event loop keeps serving the tables already resumed during a long replay.
            table = await asyncio.to_thread(
                restore_stored, stored, None, self.clock(), self.intermission, self.bot_delay
            )
        except Exception:
            log.exception(
                "table %s does not replay from storage: marked damaged, not resumed",
                table_id,
                extra={"table": table_id},
            )
            self.storage.metrics.errors.labels("damaged").inc()
            with contextlib.suppress(Exception):
                await self.storage.write(table_id, [("status", "damaged")])
        else:
            self._launch(table)

    async def wait_loaded(self, table_id: str, timeout: float = 60.0) -> None:
        """Return once the table is resumed (or failed to), if it is being rebuilt after a start."""
        event = self.loading.get(table_id)
        if event is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), timeout)

    async def _claim(self, table_id: str) -> int | None:
        """Before a new table is stored: in a cluster, this process takes its lease (see `clustered.py`)."""
        return None

    def _launch(self, table: Table, epoch: int | None = None) -> TableActor:
        actor = TableActor(
            table, self.storage, self.clock, self.retire_after, self._retire, waiting_lifetime=self.waiting_lifetime
        )
        actor.epoch = epoch
        actor.open_rematch = self.open_rematch
        self.actors[table.config.id] = actor
        actor.start()
        return actor

    def _retire(self, actor: TableActor) -> None:
        if self.actors.get(actor.table.config.id) is actor:
            del self.actors[actor.table.config.id]

    async def stop(self) -> None:
        if self._loader is not None:
            self._loader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loader
        for actor in list(self.actors.values()):
            await actor.stop()

    async def create_table(self, data: dict[str, Any], creator: Player, seed: int | None = None) -> TableConfig:
        """Check the creation form (raising `PresidenteError` with a clear message) and open the table; `seed`: a
        fixed deal (the guided first game, `tutorial.py`), else a random one."""
        form = read_table_form(data)
        checked = check_options(form.game, form.preset, form.options, form.seats)
        if form.game == "president" and checked.options["decks"] > SERVER_MAX_DECKS:
            raise refusal(
                "decks_over_server",
                option=SERVER_DECKS.name,
                min=SERVER_DECKS.minimum or 1,
                max=SERVER_MAX_DECKS,
                value=checked.options["decks"],
            )
        for bot in form.bots:
            if bot is not None:
                check_bot(bot, form.game)
        open_tables = sum(
            1
            for actor in self.actors.values()
            if actor.table.config.creator == creator.id and actor.table.status != "finished"
        )
        if open_tables >= MAX_OPEN_TABLES_PER_PLAYER:
            raise refusal("too_many_open_tables", count=open_tables)
        if sum(1 for actor in self.actors.values() if actor.table.status == "waiting") >= MAX_WAITING_TABLES:
            raise refusal("too_many_waiting_tables")
        config = TableConfig(
            id=secrets.token_hex(6),
            name=form.name,
            game=form.game,
            preset=checked.preset,
            options=checked.options,
            seats=form.seats,
            seed=secrets.randbelow(2**31) if seed is None else seed,
            turn_time=checked.turn_time,
            private=form.private,
            secret=secrets.token_urlsafe(12) if form.private else "",
            creator=creator.id,
        )
        seats = [Seat("bot", bot=bot) if bot is not None else Seat("empty") for bot in form.bots]
        if form.sit:
            free = next((index for index, seat in enumerate(seats) if seat.kind == "empty"), None)
            if free is None:
                raise refusal("sit_needs_free_seat")
            seats[free] = Seat("human", creator)
        await self._open(config, seats)
        return config

    async def open_rematch(self, old: TableConfig, seats: list[Seat]) -> TableConfig:
        """Play again (`rematch.py`): a new table with the finished one's name, game, rules, turn time, privacy and
        creator, a new seed and secret, these seats (those who accepted already seated)."""
        config = dataclasses.replace(
            old,
            id=secrets.token_hex(6),
            seed=secrets.randbelow(2**31),
            secret=secrets.token_urlsafe(12) if old.private else "",
        )
        await self._open(config, seats)
        return config

    async def _open(self, config: TableConfig, seats: list[Seat]) -> None:
        """Store a new table and start its task; it starts playing at once when no seat is empty."""
        epoch = await self._claim(config.id)
        await self.storage.create_table(config, seats, epoch or 0)
        table = Table(config, seats, now=self.clock(), intermission=self.intermission, bot_delay=self.bot_delay)
        if all(seat.kind != "empty" for seat in seats):
            table.state = table.game.new_state(config.options, config.seats, config.seed)
            await self.storage.write(config.id, [("status", "playing")])
        self._launch(table, epoch)

    async def rename(self, player: Player) -> None:
        """Tell every table where the player sits or watches its new name (each table's task applies it)."""
        for actor in list(self.actors.values()):
            table = actor.table
            watching = any(c.player is not None and c.player.id == player.id for c in table.connections.values())
            if not actor.retired and (watching or table.seat_of(player) is not None):
                await actor.inbox.put(Rename(player))

    def tables_of(self, player: Player) -> list[dict[str, Any]]:
        """The unfinished tables where the player holds a seat (private ones too): the lobby's line and the seat."""
        return [
            {**actor.table.summary(), "seat": seat}
            for actor in self.actors.values()
            if actor.table.status != "finished" and (seat := actor.table.seat_of(player)) is not None
        ]

    def metrics_rows(self) -> list[dict[str, Any]]:
        """What the metrics report of each table in memory: status, seat kinds, connections."""
        return [
            {
                "status": actor.table.status,
                "seat_kinds": [seat.kind for seat in actor.table.seats],
                "connections": len(actor.outboxes),
            }
            for actor in list(self.actors.values())
        ]

    async def lobby_lines(self) -> list[dict[str, Any]]:
        """The lobby (in a cluster: every process's tables, from storage)."""
        return self.lobby()

    async def table_line(self, table_id: str) -> dict[str, Any] | None:
        actor = self.actors.get(table_id)
        return None if actor is None else actor.table.summary()

    async def tables_of_player(self, player: Player) -> list[dict[str, Any]]:
        return self.tables_of(player)

    def lobby(self) -> list[dict[str, Any]]:
        return [
            actor.table.summary()
            for actor in self.actors.values()
            if not actor.table.config.private and actor.table.status != "finished"
        ]


@dataclass(frozen=True)
class TableForm:
    """The creation form's fields, each of its type."""

    name: str
    game: str
    preset: str
    seats: int
    bots: list[str | None]
    options: dict[str, Any]
    private: bool
    sit: bool = False  # the creator takes the first seat without a bot


def lobby_catalogue() -> list[dict[str, Any]]:
    """The games' catalogue as this server's lobby form offers it: the engine's, with the server's bound on
    `decks` (`SERVER_MAX_DECKS`), so the form says and checks what the server takes."""
    decks = SERVER_DECKS.to_json()
    return [
        {**game, "options": [decks if spec["name"] == decks["name"] else spec for spec in game["options"]]}
        for game in game_catalogue()
    ]


def read_table_form(data: dict[str, Any]) -> TableForm:
    """The creation form, every field checked for its type and size; a `RulesError` names the bad field."""
    unknown = set(data) - TABLE_FORM_FIELDS
    if unknown:
        raise refusal("unknown_fields", names=_names(unknown), fields=", ".join(sorted(TABLE_FORM_FIELDS)))
    name = clean_text(data.get("name"), "name", TABLE_NAME_LENGTH)
    game = data.get("game", "president")
    if not isinstance(game, str) or game not in GAMES:
        raise refusal("bad_game", games=", ".join(GAMES))
    preset = data.get("preset") or "victorz"
    if not isinstance(preset, str):
        raise refusal("bad_preset_field")
    seats = data.get("seats", 4)
    if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 8:
        raise refusal("bad_seats", min=2, max=8)
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise refusal("bad_options_field")
    bots = data.get("bots") or []
    if not isinstance(bots, list) or len(bots) > seats or not all(b is None or isinstance(b, str) for b in bots):
        raise refusal("bad_bots")
    bots = [*bots, *[None] * (seats - len(bots))]
    private = data.get("private", False)
    all_bots = data.get("allow_all_bots", False)
    sit = data.get("sit", False)
    for field_name, value in (("private", private), ("allow_all_bots", all_bots), ("sit", sit)):
        if not isinstance(value, bool):
            raise refusal("not_a_boolean", field=field_name, value=_short(value))
    if all(bot is not None for bot in bots) and not all_bots:
        raise refusal("no_seat_for_player")
    return TableForm(name, game, preset, seats, bots, options, private, sit)


def clean_text(value: Any, field_name: str, longest: int) -> str:
    """A name typed by a person: a string, spaces collapsed, 1 to `longest` characters, no control
    characters, and text that can be stored (UTF-8: no lone surrogates)."""
    if not isinstance(value, str):
        raise refusal("text_required", field=field_name, max=longest)
    text = " ".join(value.split())
    if not 1 <= len(text) <= longest:
        raise refusal("text_length", field=field_name, max=longest, length=len(text))
    if any(unicodedata.category(char) in ("Cc", "Cs", "Cn") for char in text):
        raise refusal("text_not_printable", field=field_name)
    return text


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _names(names: set[str]) -> str:
    return ", ".join(_short(name) for name in sorted(names)[:5])


def restore_stored(
    stored: StoredTable, previous: Table | None, now: float, intermission: float = 30.0, bot_delay: float = 0.8
) -> Table:
    """A table rebuilt from storage (after a start, or to roll back a failed command of `previous`)."""
    if previous is not None:
        intermission, bot_delay = previous.intermission, previous.bot_delay
    return restore_table(
        stored.config,
        stored.seats,
        stored.moves,
        stored.status,
        now=now,
        chat=stored.chat,
        seq=stored.seq,
        intermission=intermission,
        bot_delay=bot_delay,
    )
