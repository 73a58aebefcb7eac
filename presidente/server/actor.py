"""One asyncio task per table around the sans-I/O `Table`, and the hub that keeps every table's task.

The task alone changes its table: it takes commands from its inbox in order, lets the `Table` decide,
stores the resulting rows, and only then puts the frames in each connection's outbox.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from presidente.server import protocol as p
from presidente.server.bots import check_bot
from presidente.server.games import check_options
from presidente.server.storage import Storage
from presidente.server.table import Effects, Player, Seat, Table, TableConfig, restore_table

log = logging.getLogger("presidente.server")

Outbox = asyncio.Queue[str | None]


@dataclass(frozen=True)
class Connect:
    conn: int
    player: Player | None
    secret: str | None
    outbox: Outbox


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
Command = Connect | Disconnect | Message | Tick


class TableActor:
    """The task of one table. A finished table nobody has watched for `retire_after` seconds leaves memory
    (`on_retire`); it stays in storage, for its replay."""

    def __init__(
        self,
        table: Table,
        storage: Storage,
        clock: Callable[[], float],
        retire_after: float = math.inf,
        on_retire: Callable[[TableActor], None] | None = None,
    ) -> None:
        self.table = table
        self.storage = storage
        self.clock = clock
        self.retire_after = retire_after
        self.on_retire = on_retire
        self.inbox: asyncio.Queue[Command] = asyncio.Queue()
        self.outboxes: dict[int, Outbox] = {}
        self.task: asyncio.Task[None] | None = None
        self.quiet_since: float | None = None  # finished and watched by nobody since then
        self.retired = False

    def start(self) -> None:
        self.task = asyncio.create_task(self.run(), name=f"table-{self.table.config.id}")

    def _retire_wait(self, now: float) -> float | None:
        """Seconds until this table retires (0 or less: now), or None while it is playing or watched."""
        if self.table.status != "finished" or self.outboxes:
            self.quiet_since = None
            return None
        if self.quiet_since is None:
            self.quiet_since = now
        return self.quiet_since + self.retire_after - now

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = self.table.deadline()
            now = self.clock()
            wait = None if due is None else due - now
            retire_wait = self._retire_wait(now)
            if retire_wait is not None:
                if retire_wait <= 0 and self.inbox.empty():
                    # Nothing awaits between this check and the flag: a socket handler that still holds this
                    # actor sees `retired` before it queues a command.
                    self.retired = True
                    if self.on_retire is not None:
                        self.on_retire(self)
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
            try:
                effects = self.table.tick(now) if isinstance(command, Tick | None) else self._decide(command, now)
                await self.storage.write(self.table.config.id, effects.store)
            except Exception:
                log.exception("table %s failed on %r", self.table.config.id, command)
                continue
            self._deliver(effects)
            if isinstance(command, Tick | None):
                await asyncio.sleep(0)  # let other tables run between long runs of bot moves

    def _decide(self, command: Connect | Disconnect | Message, now: float) -> Effects:
        if isinstance(command, Connect):
            self.outboxes[command.conn] = command.outbox
            return self.table.connect(command.conn, command.player, command.secret, now)
        if isinstance(command, Disconnect):
            self.outboxes.pop(command.conn, None)
            return self.table.disconnect(command.conn, now)
        return self.table.handle(command.conn, command.message, now)

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
    ) -> None:
        self.storage = storage
        self.intermission = intermission
        self.bot_delay = bot_delay
        self.clock = clock
        self.retire_after = retire_after
        self.actors: dict[str, TableActor] = {}
        self._next_conn = 0

    def next_conn(self) -> int:
        self._next_conn += 1
        return self._next_conn

    async def start(self) -> None:
        """Resume every unfinished table where it was, rebuilt from its stored moves."""
        for stored in await self.storage.unfinished_tables():
            table = restore_table(
                stored.config,
                stored.seats,
                stored.moves,
                stored.status,
                now=self.clock(),
                chat=stored.chat,
                intermission=self.intermission,
                bot_delay=self.bot_delay,
            )
            self._launch(table)

    def _launch(self, table: Table) -> TableActor:
        actor = TableActor(table, self.storage, self.clock, self.retire_after, self._retire)
        self.actors[table.config.id] = actor
        actor.start()
        return actor

    def _retire(self, actor: TableActor) -> None:
        if self.actors.get(actor.table.config.id) is actor:
            del self.actors[actor.table.config.id]

    async def stop(self) -> None:
        for actor in list(self.actors.values()):
            await actor.stop()

    async def create_table(self, data: dict[str, Any]) -> TableConfig:
        """Check the creation form (raising `PresidenteError` with a clear message) and open the table."""
        from presidente.errors import RulesError

        name = str(data.get("name") or "").strip()
        if not 1 <= len(name) <= 60:
            raise RulesError("A table needs a name of 1 to 60 characters.")
        game = str(data.get("game", "president"))
        seat_count = data.get("seats", 4)
        if isinstance(seat_count, bool) or not isinstance(seat_count, int):
            raise RulesError("seats must be a whole number from 2 to 8.")
        options = data.get("options") or {}
        checked = check_options(game, str(data.get("preset") or "victorz"), options, seat_count)
        bots = data.get("bots") or []
        if not isinstance(bots, list) or len(bots) > seat_count:
            raise RulesError("bots lists one bot name (or null for a player) per seat.")
        bots = [*bots, *[None] * (seat_count - len(bots))]
        for bot in bots:
            if bot is not None:
                check_bot(str(bot), game)
        if all(bot is not None for bot in bots) and not data.get("allow_all_bots"):
            raise RulesError("Leave at least one seat for a player.")
        private = bool(data.get("private", False))
        config = TableConfig(
            id=secrets.token_hex(6),
            name=name,
            game=game,
            preset=checked.preset,
            options=checked.options,
            seats=seat_count,
            seed=secrets.randbelow(2**31),
            turn_time=checked.turn_time,
            private=private,
            secret=secrets.token_urlsafe(12) if private else "",
        )
        seats = [Seat("bot", bot=str(bot)) if bot is not None else Seat("empty") for bot in bots]
        await self.storage.create_table(config, seats)
        table = Table(config, seats, now=self.clock(), intermission=self.intermission, bot_delay=self.bot_delay)
        if all(seat.kind == "bot" for seat in seats):
            table.state = table.game.new_state(config.options, config.seats, config.seed)
            await self.storage.write(config.id, [("status", "playing")])
        self._launch(table)
        return config

    def lobby(self) -> list[dict[str, Any]]:
        return [
            actor.table.summary()
            for actor in self.actors.values()
            if not actor.table.config.private and actor.table.status != "finished"
        ]
