"""The hub of a process in a cluster (`cluster.py`): it runs the tables it owns, takes over tables nobody owns,
serves the connections of other processes to its tables, and relays its own connections to other processes'.

A process alone is a `Hub`; a `ClusterHub` is the same hub plus ownership and relaying, so a table's actor
never knows whether its connections are local or relayed.

Behind a proxy that routes by table (ROUTED_SETTING; docs/deploy.md, "Each connection on its table's owner") the
process a table's connections reach runs the table: a table made on another process (HTTP goes anywhere), or one
that stayed where it was taken over while its process was away, is handed to it at its first connection there, so
connections are relayed only while a table moves. Where the proxy and the owners disagree for a moment, a table
moves at most once in PULL_AGAIN seconds each way, and the other connections are relayed meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from presidente.server import protocol as p
from presidente.server.actor import (
    Connect,
    Disconnect,
    Hub,
    Message,
    Rename,
    TableActor,
    restore_stored,
)
from presidente.server.cluster import Cluster, RedisUnreachable
from presidente.server.outbox import Outbox
from presidente.server.storage import RESUMED, Storage, StoredTable
from presidente.server.table import Player, Table, error_frame, moved_frame

log = logging.getLogger("presidente.server")

# How long a connection to a table nobody owns waits for an owner before it is refused.
OWNER_WAIT = 10.0
# How long the tables that connections ask to take over are gathered before they are taken over together.
ADOPTION_GATHERING = 0.05
# Tables taken over are read and rebuilt in groups (after all are claimed at once): a read and a replay for each
# group. One table at a time, a loaded process took 12-14 s to take over 500 tables, mostly waiting on round trips;
# the event loop serves its other tables between the groups' steps.
ADOPT_AT_ONCE = 50
# Groups read and replayed at the same time (waiting on the database and on a busy event loop, one group after
# another took 0.2-0.4 s each, while the replays themselves took 0.05-0.08 s).
ADOPTING_GROUPS = 3
# A relayed connection whose owner has not answered its connect within this long is closed (its messages were
# lost: the owner died or was not listening), so that the client reconnects.
RELAY_ANSWER = OWNER_WAIT + 5.0
# Why a relayed connection is closed when its messages may have been lost; the client reconnects after its pause.
RELAY_LOST_MESSAGE = (
    "This server process lost its link to the process that runs this table (Redis is unreachable): reconnecting."
)
# A relayed connection whose connect or message reached no process (the owner died, or is subscribing again after
# an outage) is closed as moved after this pause, so that its client, reconnecting at once, does not spin.
UNDELIVERED_PAUSE = 0.5
# Behind a proxy that sends every websocket of a table to one process (nginx's `hash ... consistent` on the table
# id, as `presidente cluster start` writes it), the environment says so: PRESIDENTE_ROUTED_BY_TABLE=1. A process
# that receives a connection for a table another living process runs then asks that process to hand the table
# over, instead of relaying the connection through Redis for as long as it lasts (see `ClusterHub.owner_actor`).
ROUTED_SETTING = "PRESIDENTE_ROUTED_BY_TABLE"
# A connection waits this long at most for the table it asked for to be handed over; then it is relayed.
HANDOFF_WAIT = 5.0
# A process asks for a table at most once in this many seconds, and a process refuses to hand over a table it was
# handed less than this long ago: two processes that both receive connections for one table (a proxy that does not
# route by table, or one that saw a process fail for a moment) move it at most once each in that time, and relay
# the rest, instead of handing it back and forth.
PULL_AGAIN = 30.0
# The requests for tables that arrive meanwhile are handed over together (one Redis call, one message).
HANDING_GATHERING = 0.01
# A table handed over or lost: a connection that found its actor just before and sends its Connect afterwards
# (its hello was on the way) is told the table moved, for as long as a hello may take.
LATE_CONNECTS = 35.0
# How often a process says which of its tables wait for their people (`Cluster.say_unattended`), so that every
# process's lobby says "paused" for them; what it said lasts three times as long.
ATTENDANCE_EVERY = 2.0


class LeaseRefused(Exception):
    """A new table's lease is held by another process: the table is not made (a 500, logged)."""


def routed_by_table() -> bool:
    """Whether the proxy in front sends every connection of a table to the same process (the environment)."""
    return os.environ.get(ROUTED_SETTING, "").strip().lower() in ("1", "true", "yes", "on")


@dataclass
class Relay:
    """A connection of this process to a table another process owns."""

    table_id: str
    owner: str
    outbox: Outbox
    opened: float = field(default_factory=time.monotonic)
    answered: bool = False  # a frame came from the owner


@dataclass
class RemoteConnections:
    """The connections other processes relay to one of this process's tables: (node, their conn) -> our conn."""

    ours: dict[tuple[str, int], int] = field(default_factory=dict)


@dataclass(frozen=True)
class RelayedSink:
    """The actor's outbox for a connection another process holds: its frames go to that process, batched with
    the other frames for it (`Cluster.send_to_node`)."""

    cluster: Cluster
    node: str
    conn: int

    def put_nowait(self, frame: str | None, /) -> None:
        self.cluster.send_to_node(self.node, self.conn, frame)


class ClusterHub(Hub):
    def __init__(self, storage: Storage, cluster: Cluster, **options: Any) -> None:
        super().__init__(storage, **options)
        self.cluster = cluster
        self.relays: dict[int, Relay] = {}
        self.remote: dict[str, RemoteConnections] = {}
        self._watcher: asyncio.Task[None] | None = None
        self._attendance: asyncio.Task[None] | None = None
        # Tables being taken over here: a connection to one waits for it.
        self.adopting: dict[str, asyncio.Event] = {}
        # The tables that connections asked to take over, gathered for the next `adopt` (see `adopt_soon`).
        self._next_adoption: tuple[set[str], asyncio.Future[None]] | None = None
        self._adoptions: set[asyncio.Task[None]] = set()
        # Routing by table (ROUTED_SETTING): ask a table's owner to hand it over when a connection for it arrives
        # here. The tables asked for and when; those waiting for an answer; those handed here and when; the
        # requests to answer, by process.
        self.pull = routed_by_table()
        self._asked: dict[str, float] = {}
        self.pulling: dict[str, asyncio.Event] = {}
        self._handed_in: dict[str, float] = {}
        self._to_hand: dict[str, set[str]] = {}
        cluster.on_table_message = self._remote_command
        cluster.on_node_message = self._relayed_frame
        cluster.adopt = self.adopt
        cluster.lost = self.lost
        cluster.candidates = storage.unfinished_table_ids
        cluster.on_listener_lost = self._listener_lost
        cluster.on_undelivered = self._undelivered
        cluster.on_node_unreachable = self._node_unreachable
        cluster.on_control = self._control

    async def start(self) -> None:
        """Join the cluster and take over the tables nobody runs (all of them, for the first process). While Redis
        does not answer, the process starts all the same and joins once it does (`Cluster.start`)."""
        if await self.cluster.start():
            await self.cluster.take_over()
        self._watcher = asyncio.create_task(self._watch_relays(), name="cluster-relays")
        self._attendance = asyncio.create_task(self._say_attendance(), name="cluster-attendance")

    async def stop(self) -> None:
        for task in [self._watcher, self._attendance, *self._adoptions]:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for relay in self.relays.values():
            relay.outbox.put_nowait(moved_frame(0))
            relay.outbox.put_nowait(None)
        await super().stop()
        await self.cluster.stop()

    # ------------------------------------------------------------------------------------- ownership

    async def _claim(self, table_id: str) -> int | None:
        """A new table's lease and fencing token, with which it is stored and runs. A claim refused (another living
        process holds a lease under this new table's id) fails the table's creation: the table never runs here
        without a lease, under token 0 and unfenced, as it did before (`epoch or 0` stored, no token written)."""
        token = await self.cluster.claim(table_id)
        if token is None:
            raise LeaseRefused(f"table {table_id}: another process holds its lease, so it is not made here")
        return token

    async def adopt(self, table_ids: list[str]) -> None:
        """Claim the tables nobody owns among these and run them here, rebuilt from storage once the claims are
        committed (a claim's commit waits for any write of the previous owner still in flight). All are claimed
        at once, then read and replayed ADOPT_AT_ONCE at a time; a connection to one of them meanwhile waits for
        it (`owner_actor`, on `adopting`)."""
        tokens = await self.cluster.claim_all([table_id for table_id in table_ids if table_id not in self.actors])
        for table_id in tokens:
            self.adopting[table_id] = asyncio.Event()
        try:
            claimed = list((await self._store_claims(tokens)).items())
            groups = [dict(claimed[start : start + ADOPT_AT_ONCE]) for start in range(0, len(claimed), ADOPT_AT_ONCE)]
            # A few groups at a time: one group's reads overlap another's replay and launch, and the database
            # pool keeps connections for the clients' requests.
            running = asyncio.Semaphore(ADOPTING_GROUPS)

            async def resume(group: dict[str, int]) -> None:
                try:
                    async with running:
                        await self._resume_claimed(group)
                finally:
                    for table_id in group:
                        if (event := self.adopting.pop(table_id, None)) is not None:
                            event.set()

            await asyncio.gather(*(resume(group) for group in groups))
        finally:
            for table_id in tokens:
                if (event := self.adopting.pop(table_id, None)) is not None:
                    event.set()

    async def adopt_soon(self, table_id: str) -> None:
        """Take the table over together with the others that connections ask for meanwhile, and return once
        that is done. The clients of a dead process reconnect by hundreds at once: one take-over each read and
        replayed them one by one."""
        if self._next_adoption is None:
            self._next_adoption = (set(), asyncio.get_running_loop().create_future())
            task = asyncio.create_task(self._adopt_gathered(), name="cluster-adopt")
            self._adoptions.add(task)
            task.add_done_callback(self._adoptions.discard)
        table_ids, done = self._next_adoption
        table_ids.add(table_id)
        await asyncio.shield(done)

    async def _adopt_gathered(self) -> None:
        assert self._next_adoption is not None
        table_ids, done = self._next_adoption
        try:
            await asyncio.sleep(ADOPTION_GATHERING)
            self._next_adoption = None
            await self.adopt(sorted(table_ids))
        except Exception:
            log.exception("cluster: taking over tables %s failed", " ".join(sorted(table_ids)))
        finally:
            if self._next_adoption is not None and self._next_adoption[1] is done:
                self._next_adoption = None  # cancelled while gathering
            if not done.done():
                done.set_result(None)

    async def _store_claims(self, tokens: dict[str, int]) -> dict[str, int]:
        """Commit the claims (one transaction for all): each table's fencing token becomes its stored token plus
        one, so it never goes back, even when Redis lost its keys and its own count starts again. Returns the
        new tokens; the tables whose claim failed, or that are not stored, are released."""
        if not tokens:
            return {}
        try:
            claimed = await self.storage.claim_tables(list(tokens))
        except Exception:
            log.exception("tables %s: their claims were not stored", " ".join(tokens))
            claimed = {}
        for table_id in tokens.keys() - claimed.keys():
            await self.cluster.release(table_id)
        return claimed

    async def _resume_claimed(self, claimed: dict[str, int]) -> None:
        """Read the claimed tables together, replay them and run them."""
        try:
            stored = await self.storage.load_tables(list(claimed))
        except Exception:
            log.exception("tables %s could not be read to take them over", " ".join(claimed))
            stored = {}
        resumed = [
            stored[table_id] for table_id in claimed if table_id in stored and stored[table_id].status in RESUMED
        ]
        for table_id in claimed.keys() - {table.config.id for table in resumed}:
            await self.cluster.release(table_id)
        # On a thread, all together: the event loop keeps serving the tables it runs meanwhile.
        rebuilt = await asyncio.to_thread(self._rebuild_all, resumed, self.clock())
        for table_id, table in rebuilt.items():
            if table_id not in self.cluster.owned:
                continue  # its lease was lost meanwhile (the process was held up): another process runs it
            if table is None:
                with contextlib.suppress(Exception):
                    await self.storage.write(table_id, [("status", "damaged")])
                await self.cluster.release(table_id)
                continue
            log.info("table %s taken over (token %d)", table_id, claimed[table_id], extra={"table": table_id})
            self._launch(table, claimed[table_id])

    def _rebuild_all(self, stored_tables: list[StoredTable], now: float) -> dict[str, Table | None]:
        """Each table replayed from its stored moves (None: it does not replay, and is marked damaged)."""
        rebuilt: dict[str, Table | None] = {}
        for stored in stored_tables:
            table_id = stored.config.id
            try:
                rebuilt[table_id] = restore_stored(stored, None, now, self.intermission, self.bot_delay)
            except Exception:
                log.exception(
                    "table %s does not replay from storage: marked damaged", table_id, extra={"table": table_id}
                )
                rebuilt[table_id] = None
        return rebuilt

    async def lost(self, table_id: str) -> None:
        """This process no longer holds the table's lease: stop running it; its connections reconnect."""
        actor = self.actors.pop(table_id, None)
        if actor is not None:
            actor.close_all_moved()
            await actor.stop()
            self._answer_late_connects(actor)
        self._drop_remote(table_id)

    def _answer_late_connects(self, actor: TableActor) -> None:
        """A connection that found the actor before it stopped may still send its Connect: it is told the table
        moved (and reconnects), rather than waiting for a welcome from a task that no longer runs."""
        task = asyncio.create_task(self._late_connects(actor), name="cluster-late-connects")
        self._adoptions.add(task)
        task.add_done_callback(self._adoptions.discard)

    async def _late_connects(self, actor: TableActor) -> None:
        deadline = time.monotonic() + LATE_CONNECTS
        while (left := deadline - time.monotonic()) > 0:
            try:
                command = await asyncio.wait_for(actor.inbox.get(), left)
            except TimeoutError:
                return
            if isinstance(command, Connect):
                command.outbox.put_nowait(moved_frame(actor.table.seq))
                command.outbox.put_nowait(None)

    # ------------------------------------------------------------------------------------- routing by table

    async def _pull(self, table_id: str) -> bool:
        """Ask the process that runs the table to hand it over, because the proxy sends its connections here
        (ROUTED_SETTING), and wait for it (at most HANDOFF_WAIT); False when it was asked for less than
        PULL_AGAIN ago and no answer is awaited (the connection is then relayed)."""
        waiting = self.pulling.get(table_id)
        if waiting is None:
            now = time.monotonic()
            if now - self._asked.get(table_id, -math.inf) < PULL_AGAIN:
                return False
            _forget_older(self._asked, now - PULL_AGAIN)
            self._asked[table_id] = now
            waiting = self.pulling[table_id] = asyncio.Event()
            self.cluster.send_to_table(table_id, {"kind": "handoff", "node": self.cluster.node, "conn": 0})
            asyncio.get_running_loop().call_later(HANDOFF_WAIT, self._pull_answered, table_id, waiting)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(waiting.wait(), HANDOFF_WAIT)
        return True

    def _pull_answered(self, table_id: str, waiting: asyncio.Event | None = None) -> None:
        """The wait for a table asked for is over (handed and taken over here, refused, or timed out)."""
        if waiting is None or self.pulling.get(table_id) is waiting:
            waiting = self.pulling.pop(table_id, None)
        if waiting is not None:
            waiting.set()

    def _hand_soon(self, table_id: str, node: str) -> None:
        """Another process asks for one of this process's tables: handed with the others asked for meanwhile."""
        first = not self._to_hand
        self._to_hand.setdefault(node, set()).add(table_id)
        if first:
            task = asyncio.create_task(self._hand_gathered(), name="cluster-hand-over")
            self._adoptions.add(task)
            task.add_done_callback(self._adoptions.discard)

    async def _hand_gathered(self) -> None:
        await asyncio.sleep(HANDING_GATHERING)
        asked, self._to_hand = self._to_hand, {}
        for node, table_ids in asked.items():
            try:
                await self._hand_over(node, sorted(table_ids))
            except Exception:
                log.exception("cluster: tables could not be handed to %s", node)
                self.cluster.send_control(node, {"kept": sorted(table_ids)})

    async def _hand_over(self, node: str, table_ids: list[str]) -> None:
        """Hand these tables to `node`: their leases become its (it claims them, with new fencing tokens, and
        replays them from storage), and this process stops running them; their connections here are closed as
        moved and reconnect through the proxy, to `node`. A table this process was handed less than PULL_AGAIN
        ago, or is not running, is kept; `node` is told which were handed and which not."""
        now = time.monotonic()
        _forget_older(self._handed_in, now - PULL_AGAIN)
        willing = [
            table_id
            for table_id in table_ids
            if (actor := self.actors.get(table_id)) is not None
            and not actor.retired
            and table_id in self.cluster.owned
            and table_id not in self.adopting
            and now - self._handed_in.get(table_id, -math.inf) >= PULL_AGAIN
        ]
        handed: list[str] = []
        if willing:
            with contextlib.suppress(RedisUnreachable):
                handed = await self.cluster.hand_over(willing, node)
        for table_id in handed:
            await self.lost(table_id)
        if handed:
            log.info("cluster: handed %d tables to %s, where the proxy sends their connections", len(handed), node)
        kept = sorted(set(table_ids) - set(handed))
        self.cluster.send_control(node, {"handed": handed, "kept": kept})

    def _control(self, message: dict[str, Any]) -> None:
        """Another process's answer about tables this process asked for: those handed here are taken over (their
        leases are in this process's name already), and the connections waiting for them go on."""
        for table_id in message.get("kept", []):
            self._pull_answered(str(table_id))
        handed = [str(table_id) for table_id in message.get("handed", [])]
        if handed:
            task = asyncio.create_task(self._take_handed(handed), name="cluster-take-handed")
            self._adoptions.add(task)
            task.add_done_callback(self._adoptions.discard)

    async def _take_handed(self, table_ids: list[str]) -> None:
        try:
            await self.adopt(table_ids)
        except Exception:
            log.exception("cluster: tables handed here could not be taken over: %s", " ".join(table_ids))
        finally:
            now = time.monotonic()
            taken = [table_id for table_id in table_ids if table_id in self.actors]
            self._handed_in.update(dict.fromkeys(taken, now))
            self.cluster.handed.labels("in").inc(len(taken))
            for table_id in table_ids:
                self._pull_answered(table_id)

    def _retire(self, actor: TableActor) -> None:
        super()._retire(actor)
        table_id = actor.table.config.id
        self._drop_remote(table_id)
        if table_id in self.cluster.owned:
            task = asyncio.get_running_loop().create_task(self.cluster.release(table_id))
            task.add_done_callback(lambda done: done.exception())

    # ------------------------------------------------------------------------------------- lobby

    async def lobby_lines(self) -> list[dict[str, Any]]:
        return await self._paused_told(await self.storage.lobby_lines())

    async def table_line(self, table_id: str) -> dict[str, Any] | None:
        lines = await self._paused_told(await self.storage.lobby_lines([table_id]))
        return lines[0] if lines else None

    async def tables_of_player(self, player: Player) -> list[dict[str, Any]]:
        return await self._paused_told(await self.storage.lobby_lines(player_id=player.id))

    async def _paused_told(self, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Storage's lobby lines, where a game in progress that waits for its people says "paused", as a lone
        process's lobby does: this process's tables as they are now, the others' as their owners last said
        (ATTENDANCE_EVERY); while Redis is away, the others' say "playing" as stored."""
        if not any(line["status"] == "playing" for line in lines):
            return lines
        try:
            elsewhere = await self.cluster.unattended()
        except RedisUnreachable:
            elsewhere = set()
        for line in lines:
            if line["status"] != "playing":
                continue
            actor = self.actors.get(line["id"])
            if actor is not None and not actor.retired:
                waiting = actor.table.waits_for_its_people()
            else:
                waiting = line["id"] in elsewhere
            if waiting:
                line["status"] = "paused"
        return lines

    async def _say_attendance(self) -> None:
        """Every ATTENDANCE_EVERY seconds, say which of this process's tables wait for their people."""
        while True:
            waiting = sorted(
                table_id
                for table_id, actor in self.actors.items()
                if not actor.retired and actor.table.waits_for_its_people()
            )
            with contextlib.suppress(RedisUnreachable):
                await self.cluster.say_unattended(waiting, 3 * ATTENDANCE_EVERY)
            await asyncio.sleep(ATTENDANCE_EVERY)

    async def allow_once(self, key: str, seconds: float) -> bool:
        """Whether an action limited to once per `seconds` (a player's rename) may happen now, in the whole
        cluster (`Cluster.allow_once`); while Redis is away only each process's own limit holds."""
        try:
            return await self.cluster.allow_once(key, seconds)
        except RedisUnreachable:
            return True

    async def rename(self, player: Player) -> None:
        """Tell every table where the player sits its new name: this process's tables directly, the others'
        through their owners."""
        await super().rename(player)
        for line in await self.storage.lobby_lines(player_id=player.id):
            if line["id"] not in self.actors:
                who = {"id": player.id, "name": player.name}
                self.cluster.send_to_table(
                    line["id"], {"kind": "rename", "node": self.cluster.node, "conn": 0, "player": who}
                )

    # ------------------------------------------------------------------------------------- connections

    async def owner_actor(self, table_id: str) -> tuple[TableActor | None, str | None]:
        """This process's actor of the table, or the process that owns it; a table nobody owns is taken over
        here. (None, None): no such running table. Behind a proxy that routes by table (ROUTED_SETTING), a table
        another process runs is asked for first (`_pull`): the proxy sends all its connections here."""
        deadline = asyncio.get_running_loop().time() + OWNER_WAIT
        asked = False
        while True:
            if (adopting := self.adopting.get(table_id)) is not None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(adopting.wait(), OWNER_WAIT)
            actor = self.actors.get(table_id)
            if actor is not None and not actor.retired:
                return actor, None
            if not self.cluster.listening:
                raise RedisUnreachable()  # a relayed connection would never be answered
            owner = await self.cluster.owner_of(table_id)
            if owner is not None and owner != self.cluster.node:
                if self.pull and not asked and await self._pull(table_id):
                    asked = True
                    continue  # handed over and running here now, or refused: relayed then
                return None, owner
            if not await self.storage.is_unfinished(table_id):
                return None, None
            if self.cluster.settling and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.2)  # Redis is just back: its owner may be taking the lease back
                continue
            await self.adopt_soon(table_id)
            if table_id in self.actors:
                continue
            if asyncio.get_running_loop().time() > deadline:
                return None, None
            await asyncio.sleep(0.2)

    def open_relay(self, table_id: str, owner: str) -> tuple[int, Outbox]:
        self.cluster.relayed.inc()
        conn = self.next_conn()
        outbox = Outbox()
        self.relays[conn] = Relay(table_id, owner, outbox)
        return conn, outbox

    async def relay(self, table_id: str, conn: int, kind: str, **fields: Any) -> None:
        """Send a relayed connection's connect, message (its checked text) or disconnect to the table's owner."""
        self.cluster.send_to_table(table_id, {"kind": kind, "node": self.cluster.node, "conn": conn, **fields})

    def close_relay(self, conn: int) -> None:
        self.relays.pop(conn, None)

    def _relayed_frame(self, conn: int, frame: str | None) -> None:
        """A frame (or the end: None) from an owner for one of this process's relayed connections."""
        relay = self.relays.get(conn)
        if relay is not None:
            relay.answered = True
            relay.outbox.put_nowait(frame)

    def _close_relay(self, conn: int, frame: str) -> None:
        """Close one of this process's relayed connections with `frame`: its client reconnects."""
        relay = self.relays.pop(conn, None)
        if relay is not None:
            relay.outbox.put_nowait(frame)
            relay.outbox.put_nowait(None)

    def _listener_lost(self) -> None:
        """Redis went away: the messages of relayed connections, both ways, may be lost. This process's relayed
        connections are closed (their clients reconnect, and are relayed again once Redis answers), and the
        connections other processes relayed to this process's tables are disconnected from them."""
        if self.relays:
            log.warning("cluster: %d relayed connections closed: Redis is unreachable", len(self.relays))
        for conn in list(self.relays):
            self._close_relay(conn, error_frame(0, RELAY_LOST_MESSAGE))
        for table_id in list(self.remote):
            self._disconnect_remote(table_id, lambda node: True)

    def _undelivered(self, table_id: str, payload: dict[str, Any]) -> None:
        """A relayed connection's command reached no process: the table's owner died or does not listen (yet).
        The connection is closed as moved, after a pause; its client reconnects."""
        if payload.get("node") == self.cluster.node and payload.get("kind") == "handoff":
            self._pull_answered(table_id)  # its owner is dead or not listening: the connection is relayed
            return
        if payload.get("node") == self.cluster.node and payload.get("kind") in ("connect", "message"):
            conn = int(payload["conn"])
            asyncio.get_running_loop().call_later(UNDELIVERED_PAUSE, self._close_relay, conn, moved_frame(0))

    def _node_unreachable(self, node: str) -> None:
        """Frames for the connections another process relays reached nobody (it died, or lost Redis): those
        connections are gone; their clients reconnect."""
        for table_id in list(self.remote):
            self._disconnect_remote(table_id, lambda other: other == node)

    def _disconnect_remote(self, table_id: str, whose: Callable[[str], bool]) -> None:
        remote = self.remote.get(table_id)
        actor = self.actors.get(table_id)
        if remote is None:
            return
        for key in [key for key in remote.ours if whose(key[0])]:
            conn = remote.ours.pop(key)
            if actor is not None and not actor.retired:
                actor.inbox.put_nowait(Disconnect(conn))

    async def _watch_relays(self) -> None:
        """Close relayed connections whose table changed owner, or whose owner died: the client reconnects to
        the new owner. A dead owner is looked for four times as often as a change of owner. A connection its
        owner never answered within RELAY_ANSWER is closed too (its connect was lost)."""
        last_check = time.monotonic()
        while True:
            await asyncio.sleep(self.cluster.alive / 4)
            relays = list(self.relays.items())
            if not relays:
                continue
            too_old = time.monotonic() - RELAY_ANSWER
            for conn, waiting in relays:
                if not waiting.answered and waiting.opened < too_old:
                    self._close_relay(conn, moved_frame(0))
            try:
                if time.monotonic() - last_check >= self.cluster.lease / 3:
                    last_check = time.monotonic()
                    table_ids = sorted({relay.table_id for _, relay in relays})
                    owners = dict(zip(table_ids, await self.cluster.owners_of(table_ids), strict=True))
                    moved = [conn for conn, relay in relays if owners[relay.table_id] != relay.owner]
                else:
                    dead = set(await self.cluster.dead_nodes())
                    moved = [conn for conn, relay in relays if relay.owner in dead]
            except Exception:
                continue  # Redis is away for a moment: look again next time
            for conn in moved:
                relay = self.relays.pop(conn, None)
                if relay is None:
                    continue  # closed meanwhile
                relay.outbox.put_nowait(moved_frame(0))
                relay.outbox.put_nowait(None)

    async def _remote_command(self, table_id: str, payload: dict[str, Any], waited: bool = False) -> None:
        """A relayed connection's command for a table this process owns (`waited`: a connection that waited for
        the table, which is not to wait again)."""
        node, their_conn, kind = str(payload["node"]), int(payload["conn"]), payload["kind"]
        if kind == "handoff":
            self._hand_soon(table_id, node)
            return
        actor = self.actors.get(table_id)
        if (actor is None or actor.retired) and kind == "rename":
            return  # the stored name is already the new one
        if (actor is None or actor.retired) and kind == "connect" and not waited:
            # Perhaps the table is being taken over here: answer once it runs, in a task of its own (this is
            # the listener's loop), rather than send the client back at once to be relayed here again.
            task = asyncio.create_task(self._connect_later(table_id, payload), name="cluster-connect-later")
            self._adoptions.add(task)
            task.add_done_callback(self._adoptions.discard)
            return
        if actor is None or actor.retired:
            self.cluster.send_to_node(node, their_conn, moved_frame(0))
            self.cluster.send_to_node(node, their_conn, None)
            return
        remote = self.remote.setdefault(table_id, RemoteConnections())
        if kind == "rename":
            renamed = payload["player"]
            await actor.inbox.put(Rename(Player(str(renamed["id"]), str(renamed["name"]))))
            return
        if kind == "connect":
            conn = self.next_conn()
            remote.ours[(node, their_conn)] = conn
            outbox = RelayedSink(self.cluster, node, their_conn)
            player = payload.get("player")
            known = None if player is None else Player(str(player["id"]), str(player["name"]))
            await actor.inbox.put(Connect(conn, known, payload.get("secret"), outbox))
            return
        conn_or_none = remote.ours.get((node, their_conn))
        if conn_or_none is None:
            return
        if kind == "disconnect":
            remote.ours.pop((node, their_conn), None)
            await actor.inbox.put(Disconnect(conn_or_none))
            return
        try:
            message = p.parse_client_message(str(payload["text"]))
        except p.ProtocolError:
            return  # the relaying process checked it already
        await actor.inbox.put(Message(conn_or_none, message))

    async def _connect_later(self, table_id: str, payload: dict[str, Any]) -> None:
        """A relayed connection to a table this process does not run: it waits for the table if this process is
        taking it over, or takes it over if its lease still bears this process's name (a run of this process
        before a restart held it); otherwise it is closed as moved."""
        try:
            mine = table_id in self.adopting or table_id in self.cluster.owned
            if not mine and await self.cluster.owner_of(table_id) == self.cluster.node:
                await self.adopt_soon(table_id)
            if (adopting := self.adopting.get(table_id)) is not None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(adopting.wait(), OWNER_WAIT)
        except Exception:
            log.exception("table %s: a relayed connection could not wait for it", table_id, extra={"table": table_id})
        await self._remote_command(table_id, payload, waited=True)

    def _drop_remote(self, table_id: str) -> None:
        self.remote.pop(table_id, None)


def _forget_older(times: dict[str, float], before: float) -> None:
    """Drop the entries older than `before` now and then, as the dict grows (it holds recent table moves only)."""
    if len(times) >= 1024 and len(times) % 256 == 0:
        for key in [key for key, when in times.items() if when < before]:
            del times[key]
