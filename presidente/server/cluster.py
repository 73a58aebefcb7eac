"""Several server processes as one service: PostgreSQL holds the games, Redis says who runs each table.

- **Ownership.** Each unfinished table is run by one process, its owner, which holds a lease in Redis
  (`pres:owner:{table}` = the process's node id, expiring after `lease` seconds, renewed three times per lease
  by a thread of its own while the event loop still makes progress) and a fencing token, the table's stored
  token plus one, taken by the claim's commit (`Storage.claim_tables`): tokens never go back, even when Redis
  comes back without its keys. The owner writes the token with each commit and storage refuses a write under
  any other token than the stored one (`storage.Fenced`), so a process that lost its lease - paused, cut off -
  can never write over the new owner's moves.
- **Liveness.** Each process also says it is alive (`pres:alive:{node}`, expiring after ALIVE seconds, renewed
  by the same thread four times as often) and is listed in `pres:nodes`. A listed process whose liveness key
  has expired is dead: its tables count as ownerless at once, without waiting out their leases (fencing keeps a
  process that was only cut off from writing over the new owner). A process that does not list itself (an older
  version during a rolling upgrade) keeps its tables until its leases expire.
- **Taking over.** Every process looks for unfinished tables without an owner (their owner died, or stopped)
  and claims them, many in one call; the claim's commit waits for any write of the old owner still in flight
  (the table's row is locked by each write), then the tables are read together and rebuilt by replaying their
  stored moves.
- **Any process accepts any connection.** For a table another process owns, the websocket handler relays: the
  client's messages are published on the table's channel (`pres:table:{table}`), and the owner publishes that
  connection's frames on the relaying process's channel (`pres:node:{node}`). When the table changes owner the
  relay closes the connection; the client reconnects and resyncs.
- **Handing a table over.** Behind a proxy that sends every connection of a table to one process (nginx's
  consistent hash on the table id), the process a connection reaches asks the owner for the table instead of
  relaying (clustered.py): the owner moves its lease to the asking process in one call (`hand_over`), which then
  claims it as its own, with a new fencing token, and replays it from storage; the owner's part of the message is
  on the asking process's channel, as a dict (`send_control`) where frames come in lists.
- **Redis going away.** Every task that reads from Redis (the listener, the lease keeper, the take-overs) outlives
  a lost connection and tries again with a growing pause (`RETRY_FIRST` to `RETRY_MOST`); the outage is logged
  once when it starts and once when it ends. Meanwhile the process runs the tables it owns for the connections
  it holds itself (storage's fencing keeps that safe), refuses new tables and relays (`RedisUnreachable`: a 503
  or a close asking to come back) and says it is not ready. Relayed connections are closed when the listener
  loses Redis (their messages may be lost), so their clients reconnect; when Redis answers again, each process
  lists itself again, takes back the leases of the tables it runs that nobody took meanwhile (Redis may have
  lost them), subscribes again, and waits `ALIVE` before taking over any table, so that every living process
  has said so first. A process that starts while Redis is away starts all the same, not ready, and joins the
  same way once Redis answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import orjson
import redis
import redis.asyncio as aioredis
import redis.asyncio.retry
import redis.backoff
import redis.exceptions
import redis.retry
from prometheus_client import Counter

from presidente.server.metrics import Metrics
from presidente.server.storage import StorageFailing

log = logging.getLogger("presidente.server")

LEASE = 5.0
# A process whose event loop made no progress for this many leases lets its leases run out (it is stuck, not
# merely busy), so that another process takes its tables over.
STALL_LEASES = 3
# How often the event loop tells the lease keeper it is alive.
HEARTBEAT = 0.5
# A process is dead when it has not said it is alive for this long (at most a lease); its tables are taken over
# then, instead of a lease after its last renewal. It says so four times as often, from the lease keeper's thread.
ALIVE = 2.0
# After Redis was lost, the pause before each new try doubles from RETRY_FIRST to RETRY_MOST seconds.
RETRY_FIRST = 0.1
RETRY_MOST = 1.0
# A call to Redis gives up after this long (a Redis that stopped answering without closing its connections).
REDIS_TIMEOUT = 5.0
# What an HTTP request (503) or a connection that needs another process is told while Redis is away.
UNREACHABLE_MESSAGE = (
    "The server cannot reach Redis, which its processes share to run tables together: try again in a moment."
)
# The errors of a Redis that is away (refused, reset, timed out, still loading its data after a restart).
REDIS_DOWN = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError)
PREFIX = "pres"
NODES_KEY = f"{PREFIX}:nodes"
ALIVE_PREFIX = f"{PREFIX}:alive:"
# The tables of a process that wait for their people (`pres:unattended:{node}`): "paused" in every lobby.
UNATTENDED_PREFIX = f"{PREFIX}:unattended:"
# Release a lease only if this process still holds it; renew them the same way (below).
_RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"
# Every lease of a process renewed by one call (per key 1: renewed, 2: nobody held it and it is taken again, 0:
# another process holds it): one command per table, even pipelined, cost the client more time than anything else
# the upkeep does (encoding and reading a reply each). A lease nobody holds is one that lapsed while Redis was
# away, or one Redis lost in a restart: the process still runs the table, and storage's fencing token is still
# its own unless another process claimed the table since (its writes would then be refused).
_RENEW_ALL = """
local renewed = {}
for index, key in ipairs(KEYS) do
    local owner = redis.call('get', key)
    if owner == ARGV[1] then
        renewed[index] = redis.call('pexpire', key, ARGV[2])
    elseif not owner then
        redis.call('set', key, ARGV[1], 'px', ARGV[2])
        renewed[index] = 2
    else
        renewed[index] = 0
    end
end
return renewed
"""
# KEYS: each table's lease and fencing-token keys, in pairs; ARGV: this node, the lease (ms), NODES_KEY,
# ALIVE_PREFIX. Claims every table nobody holds - no lease, the lease of a listed process no longer alive, or a
# lease in this process's own name, which a run of it before a restart held (the caller never asks for a table
# it holds or is claiming) - and returns its new fencing token (0: held by another living process).
_CLAIM_ALL = """
local tokens = {}
for index = 1, #KEYS, 2 do
    local owner = redis.call('get', KEYS[index])
    local free = (not owner) or owner == ARGV[1]
    if owner and owner ~= ARGV[1] and redis.call('sismember', ARGV[3], owner) == 1
            and redis.call('exists', ARGV[4] .. owner) == 0 then
        free = true
    end
    if free then
        redis.call('set', KEYS[index], ARGV[1], 'px', ARGV[2])
        tokens[#tokens + 1] = redis.call('incr', KEYS[index + 1])
    else
        tokens[#tokens + 1] = 0
    end
end
return tokens
"""
# The owner of each lease key (KEYS), nil where nobody holds it or its holder is a listed process no longer
# alive; ARGV: NODES_KEY, ALIVE_PREFIX.
_LIVING_OWNERS = """
local owners = {}
for index, key in ipairs(KEYS) do
    local owner = redis.call('get', key)
    if owner and redis.call('sismember', ARGV[1], owner) == 1 and redis.call('exists', ARGV[2] .. owner) == 0 then
        owner = false
    end
    owners[index] = owner
end
return owners
"""
# The listed processes no longer alive (ARGV: NODES_KEY, ALIVE_PREFIX).
_DEAD_NODES = """
local dead = {}
for _, node in ipairs(redis.call('smembers', ARGV[1])) do
    if redis.call('exists', ARGV[2] .. node) == 0 then
        dead[#dead + 1] = node
    end
end
return dead
"""
# Unlist a dead process (ARGV: NODES_KEY, ALIVE_PREFIX, node), unless it came back meanwhile.
_FORGET = (
    "if redis.call('exists', ARGV[2] .. ARGV[3]) == 0 then return redis.call('srem', ARGV[1], ARGV[3]) end return 0"
)
# Hand leases this process holds to another process (KEYS: lease keys; ARGV: this node, the other, the lease in
# ms): 1 for each lease moved, 0 where this process no longer held it.
_HAND_OVER = """
local moved = {}
for index, key in ipairs(KEYS) do
    if redis.call('get', key) == ARGV[1] then
        redis.call('set', key, ARGV[2], 'px', ARGV[3])
        moved[index] = 1
    else
        moved[index] = 0
    end
end
return moved
"""
# Leases renewed, or claimed, by one call at most: the script holds Redis up while it runs.
RENEW_CHUNK = 1000


def owner_key(table_id: str) -> str:
    return f"{PREFIX}:owner:{table_id}"


def alive_key(node: str) -> str:
    return f"{ALIVE_PREFIX}{node}"


class NameInUse(Exception):
    """Another living process of the cluster runs under this process's name."""


class RedisUnreachable(Exception):
    """Redis does not answer: what needs it (a new table, a relayed connection, a take-over) waits for its return."""

    def __init__(self, message: str = UNREACHABLE_MESSAGE) -> None:
        super().__init__(message)


async def wait_for_name(client: aioredis.Redis, node: str) -> None:
    """Before a process joins under `node`: wait out the liveness key a previous run of it left (a crash leaves
    it for at most ALIVE seconds); raise NameInUse if a living process keeps renewing it. Two processes under
    one name would each take the other's tables for their own previous run's."""
    deadline = time.monotonic() + ALIVE + 0.5
    while await client.exists(alive_key(node)):
        if time.monotonic() > deadline:
            raise NameInUse(
                f"Another server process runs under the name {node!r}: each process of a cluster needs its own"
                " name (--node)."
            )
        await asyncio.sleep(0.1)


def table_channel(table_id: str) -> str:
    return f"{PREFIX}:table:{table_id}"


def node_channel(node: str) -> str:
    return f"{PREFIX}:node:{node}"


class Cluster:
    """This process's part in a cluster. The hub calls `claim`, `release`, `owner_of` and `send_*`; the cluster
    calls back `on_table_message(table_id, payload)`, `on_node_message(conn, frame)`, `adopt(table_ids)`,
    `lost(table_id)` and `candidates()`, set by the hub."""

    def __init__(self, url: str, node: str | None = None, lease: float = LEASE, metrics: Metrics | None = None) -> None:
        self.url = url
        self.metrics = metrics or Metrics()
        self.node = node or secrets.token_hex(4)
        self.run = secrets.token_hex(8)  # this run of the process: the value of its liveness key
        self.lease = lease
        # One quick retry inside the client: its default (three, backing off for up to seconds) held every task up
        # for several seconds per call while Redis was away; the tasks here retry on their own.
        self.redis: aioredis.Redis = aioredis.from_url(
            url,
            decode_responses=True,
            retry=redis.asyncio.retry.Retry(redis.backoff.ConstantBackoff(0.05), 1),
            socket_connect_timeout=REDIS_TIMEOUT,
            socket_timeout=REDIS_TIMEOUT,
        )
        self.pubsub = self.redis.pubsub()
        # The lease keeper's own connection: a blocking client, used from its thread only.
        self._keeper_redis = redis.Redis.from_url(
            url,
            decode_responses=True,
            retry=redis.retry.Retry(redis.backoff.ConstantBackoff(0.05), 1),
            socket_connect_timeout=REDIS_TIMEOUT,
            socket_timeout=REDIS_TIMEOUT,
        )
        self._renew_all = self._keeper_redis.register_script(_RENEW_ALL)
        self.alive = min(ALIVE, lease)
        self._claim_all = self.redis.register_script(_CLAIM_ALL)
        self._living_owners = self.redis.register_script(_LIVING_OWNERS)
        self._dead_nodes = self.redis.register_script(_DEAD_NODES)
        self.owned: set[str] = set()
        self._claiming: set[str] = set()  # tables whose claim is on its way to Redis
        self._tasks: list[asyncio.Task[None]] = []
        self._keeper: threading.Thread | None = None
        self._stop_keeping = threading.Event()
        self._beat = time.monotonic()
        self._to_nodes: dict[str, list[tuple[int, str | None]]] = {}
        self._to_tables: list[tuple[str, dict[str, Any]]] = []
        self._publishing = asyncio.Event()
        self._publish_seconds = self.metrics.redis_seconds.labels("publish")
        self._to_controls: list[tuple[str, dict[str, Any]]] = []
        # How often connections were relayed, and tables handed to the process the proxy sends their connections
        # to (see clustered.py): what tells an operator whether the proxy and the owners agree.
        self.relayed = Counter(
            "presidente_relayed_connections",
            "Connections this process relayed through Redis to a table another process runs.",
            registry=self.metrics.registry,
        )
        self.handed = Counter(
            "presidente_tables_handed",
            "Tables handed over to the process the proxy sends their connections to: out, by this process; in, to it.",
            ["direction"],
            registry=self.metrics.registry,
        )
        self.on_table_message: Callable[[str, dict[str, Any]], Awaitable[None]] | None = None
        self.on_node_message: Callable[[int, str | None], None] | None = None
        self.adopt: Callable[[list[str]], Awaitable[None]] | None = None
        self.lost: Callable[[str], Awaitable[None]] | None = None
        self.candidates: Callable[[], Awaitable[list[str]]] | None = None
        # Set by the hub: the listener lost Redis (relayed connections' messages may be lost); a relayed
        # connection's command for a table reached no process (table, payload); frames for a process reached nobody.
        self.on_listener_lost: Callable[[], None] | None = None
        self.on_undelivered: Callable[[str, dict[str, Any]], None] | None = None
        self.on_node_unreachable: Callable[[str], None] | None = None
        # Set by the hub: a message from another process about tables (`send_control`), such as "handed".
        self.on_control: Callable[[dict[str, Any]], None] | None = None
        # Whether Redis answers: the listener is subscribed (relaying works), and when Redis was last found away
        # and back (from the event loop and from the lease keeper's thread, under a lock).
        self.listening = False
        self._mine = node_channel(self.node)
        self._table_prefix = table_channel("")
        self._outage_lock = threading.Lock()
        self._down_since: float | None = None
        self._back_since = -math.inf
        # Joining in the background (Redis did not answer at the start), and why it has not joined yet when the
        # reason is a name another living process runs under.
        self._joining: asyncio.Task[None] | None = None
        self.name_in_use: str | None = None
        self.joined = False  # listed and alive in Redis: only then does this process claim tables

    async def start(self) -> bool:
        """Join the cluster; True once joined. A Redis that does not answer yet does not stop the start: the
        process joins in the background as soon as Redis answers (`_join_later`; the take-over loop then looks
        for tables nobody runs) and meanwhile serves what needs no Redis and says it is not ready."""
        try:
            await self._join()
        except REDIS_DOWN as error:
            self._redis_away("joining the cluster", error)
            self._joining = asyncio.create_task(self._join_later(), name="cluster-join")
            return False
        return True

    async def _join(self) -> None:
        await self.redis.ping()
        # Alive before listed: a process listed without its liveness key counts as dead.
        await wait_for_name(self.redis, self.node)
        if not await self.redis.set(alive_key(self.node), self.run, nx=True, px=int(self.alive * 1000)):
            raise NameInUse(f"Another server process started under the name {self.node!r} at the same time.")
        await self.redis.sadd(NODES_KEY, self.node)
        await self.pubsub.subscribe(node_channel(self.node))
        self.listening = self.joined = True
        self._redis_back()
        self._tasks = [
            asyncio.create_task(self._listen(), name="cluster-listen"),
            asyncio.create_task(self._heartbeat(), name="cluster-heartbeat"),
            asyncio.create_task(self._publish(), name="cluster-publish"),
            asyncio.create_task(self._keep_taking_over(), name="cluster-take-over"),
        ]
        loop = asyncio.get_running_loop()
        self._keeper = threading.Thread(target=self._keep_leases, args=(loop,), name="lease-keeper", daemon=True)
        self._keeper.start()

    async def _join_later(self) -> None:
        """Try to join until Redis answers (pausing RETRY_FIRST to RETRY_MOST seconds). As after an outage, the
        tables nobody runs are taken over `alive` seconds after that at the earliest (`_keep_taking_over`): other
        living processes take back their leases first. A name another living process runs under is logged and
        tried again every lease: that process may stop, and until then this one stays not ready."""
        pause = RETRY_FIRST
        while True:
            await asyncio.sleep(pause)
            try:
                await self._join()
            except asyncio.CancelledError:
                raise
            except NameInUse as error:
                if self.name_in_use is None:
                    log.error("cluster: %s", error)
                self.name_in_use = str(error)
                pause = self.lease
                continue
            except Exception as error:
                self._redis_away("joining the cluster", error)
                pause = min(2 * pause, RETRY_MOST)
                continue
            self.name_in_use = None
            log.info("cluster: joined as %s once Redis answered", self.node)
            return

    async def allow_once(self, key: str, seconds: float) -> bool:
        """Whether an action limited to once per `seconds` cluster-wide (a player's rename) may happen now: the
        first process to set `pres:once:{key}` for that long wins (RedisUnreachable while Redis is away)."""
        with self._calling_redis("a rate limit"):
            return bool(await self.redis.set(f"{PREFIX}:once:{key}", self.node, nx=True, px=int(seconds * 1000)))

    async def say_unattended(self, table_ids: list[str], seconds: float) -> None:
        """Say which of this process's tables wait for their people, for `seconds` (renewed before then): the
        lobby reads storage, which does not know who is connected (RedisUnreachable while Redis is away)."""
        key = UNATTENDED_PREFIX + self.node
        with self._calling_redis("saying which tables wait for their people"):
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.delete(key)
                if table_ids:
                    pipe.sadd(key, *table_ids)
                pipe.pexpire(key, int(seconds * 1000))
                await pipe.execute()

    async def unattended(self) -> set[str]:
        """The tables that wait for their people, of every listed process (RedisUnreachable while Redis is
        away); a process that stopped saying so is forgotten once its last word expires."""
        with self._calling_redis("asking which tables wait for their people"):
            nodes = await self.redis.smembers(NODES_KEY)
            if not nodes:
                return set()
            return {str(table_id) for table_id in await self.redis.sunion([UNATTENDED_PREFIX + str(n) for n in nodes])}

    async def stop(self) -> None:
        """Stop and hand every table back at once, so that other processes take them over without waiting for
        the leases to expire (a rolling restart)."""
        if self._joining is not None:
            self._joining.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._joining
        self._stop_keeping.set()
        if self._keeper is not None:
            await asyncio.to_thread(self._keeper.join, self.lease)
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for table_id in list(self.owned):
            with contextlib.suppress(Exception):
                await self.release(table_id)
        with contextlib.suppress(Exception):
            await self.redis.srem(NODES_KEY, self.node)
            await self.redis.delete(alive_key(self.node))
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()  # type: ignore[no-untyped-call]
        with contextlib.suppress(Exception):
            await self.redis.aclose()
        self._keeper_redis.close()

    # ------------------------------------------------------------------------------------- ownership

    async def claim(self, table_id: str) -> int | None:
        """Take the table's lease if nobody holds it: its new fencing token, or None."""
        return (await self.claim_all([table_id])).get(table_id)

    async def claim_all(self, table_ids: list[str]) -> dict[str, int]:
        """Take the lease of each of the tables nobody holds (no lease, or a dead process's): their new fencing
        tokens, by table."""
        # Never a table this process holds or is claiming: the script takes a lease in this process's name as a
        # previous run's, and a second claim would fence out the first.
        if self._joining is not None and not self.joined:
            raise RedisUnreachable()  # Redis has not answered since the start: no lease would be kept
        wanted = [table_id for table_id in dict.fromkeys(table_ids) if table_id not in self.owned | self._claiming]
        self._claiming.update(wanted)
        tokens: dict[str, int] = {}
        try:
            with self._calling_redis("a claim"):
                for start in range(0, len(wanted), RENEW_CHUNK):
                    chunk = wanted[start : start + RENEW_CHUNK]
                    keys = [key for table_id in chunk for key in (owner_key(table_id), f"{PREFIX}:epoch:{table_id}")]
                    args: list[str | int] = [self.node, int(self.lease * 1000), NODES_KEY, ALIVE_PREFIX]
                    replies = await self._claim_all(keys=keys, args=args)
                    tokens |= {table_id: int(token) for table_id, token in zip(chunk, replies, strict=True) if token}
                    self.owned.update(tokens)
        finally:
            self._claiming.difference_update(wanted)
        if tokens:
            # Should Redis go away now, the listener subscribes again to every table this process owns.
            with contextlib.suppress(*REDIS_DOWN):
                await self.pubsub.subscribe(*(table_channel(table_id) for table_id in tokens))
        return tokens

    async def release(self, table_id: str) -> None:
        self.owned.discard(table_id)
        with contextlib.suppress(Exception):
            await self.pubsub.unsubscribe(table_channel(table_id))
        # With Redis away the lease, renewed no more, lapses by itself (or was lost with Redis's keys).
        with contextlib.suppress(*REDIS_DOWN):
            await self.redis.eval(_RELEASE, 1, owner_key(table_id), self.node)

    async def hand_over(self, table_ids: list[str], node: str) -> list[str]:
        """Hand the leases of these tables to `node` (which then claims them as its own: `_CLAIM_ALL` takes a
        lease in the claimer's name as free), in one call; returns the tables handed, those whose lease this
        process still held. They are no longer this process's: the caller stops running them."""
        handed: list[str] = []
        with self._calling_redis("handing tables over"):
            for start in range(0, len(table_ids), RENEW_CHUNK):
                chunk = table_ids[start : start + RENEW_CHUNK]
                replies = await self.redis.eval(
                    _HAND_OVER,
                    len(chunk),
                    *(owner_key(table_id) for table_id in chunk),
                    self.node,
                    node,
                    int(self.lease * 1000),
                )
                handed += [table_id for table_id, moved in zip(chunk, replies, strict=True) if moved]
        self.owned.difference_update(handed)
        if handed:
            with contextlib.suppress(*REDIS_DOWN):
                await self.pubsub.unsubscribe(*(table_channel(table_id) for table_id in handed))
            self.handed.labels("out").inc(len(handed))
        return handed

    async def owner_of(self, table_id: str) -> str | None:
        """The living process that holds the table's lease, if any."""
        return (await self.owners_of([table_id]))[0]

    async def owners_of(self, table_ids: list[str]) -> list[str | None]:
        """The living owners of many tables in one round trip (None: nobody, or a dead process)."""
        with self._calling_redis("looking for owners"):
            owners = await self._living_owners(
                keys=[owner_key(table_id) for table_id in table_ids], args=[NODES_KEY, ALIVE_PREFIX]
            )
        return [None if owner is None else str(owner) for owner in owners]

    async def dead_nodes(self) -> list[str]:
        """The listed processes that stopped saying they are alive."""
        with self._calling_redis("looking for dead processes"):
            return [str(node) for node in await self._dead_nodes(args=[NODES_KEY, ALIVE_PREFIX])]

    # ------------------------------------------------------------------------------------- Redis away

    @contextlib.contextmanager
    def _calling_redis(self, what: str) -> Iterator[None]:
        """Around a call to Redis: a Redis that is away is noted (and logged once) and raised as
        RedisUnreachable; an answer notes that Redis is back."""
        try:
            yield
        except REDIS_DOWN as error:
            self._redis_away(what, error)
            raise RedisUnreachable() from error
        self._redis_back()

    def _redis_away(self, what: str, error: BaseException) -> None:
        with self._outage_lock:
            if self._down_since is not None:
                return
            self._down_since = time.monotonic()
        self.metrics.errors.labels("redis").inc()
        log.warning("cluster: Redis is unreachable (%s: %s); trying again until it answers", what, error)

    def _redis_back(self) -> None:
        if self._down_since is None:
            return
        with self._outage_lock:
            if self._down_since is None:
                return
            away, self._down_since = time.monotonic() - self._down_since, None
            self._back_since = time.monotonic()
        log.warning("cluster: Redis answers again, after %.1f s away", away)

    @property
    def redis_away(self) -> bool:
        """Whether the last call to Redis found it away."""
        return self._down_since is not None

    @property
    def settling(self) -> bool:
        """Whether Redis came back from an outage less than `alive` seconds ago: the living processes are still
        saying so again and taking back their leases, so a table without a lease is not yet one nobody runs."""
        return time.monotonic() - self._back_since < self.alive

    async def unready(self, timeout: float) -> str | None:
        """Why this process cannot serve every table now (None: it can): Redis does not answer a ping within
        `timeout` seconds, or the listener is not subscribed (connections to other processes' tables would
        never be answered)."""
        try:
            with self._calling_redis("a readiness check"):
                await asyncio.wait_for(self.redis.ping(), timeout)
        except (RedisUnreachable, TimeoutError) as error:
            cause = error.__cause__ or error
            return f"Redis is unreachable ({str(cause).splitlines()[0][:200] if str(cause) else type(cause).__name__})"
        if self.name_in_use is not None:
            return self.name_in_use
        if self._joining is not None and not self._joining.done():
            return "Redis answers: this process is joining the cluster"
        if not self.listening:
            return "Redis answers again: this process is subscribing to its channels"
        return None

    def _keep_leases(self, loop: asyncio.AbstractEventLoop) -> None:
        """The lease keeper's thread: renew this process's leases, and hand the tables whose lease was lost to the
        event loop to give up. In a thread, not a task: under load a busy event loop ran the renewal late, past
        the lease, and at 2,000 tables both processes lost all their leases at once and spent the run taking
        each other's tables over (benchmarks/cluster_load.py counts the leases lost); a take-over only adds
        replays to a loop already behind. The leases still lapse when the loop itself is stuck (no heartbeat for
        STALL_LEASES leases) or the process dies, and the process then stops saying it is alive."""
        next_renewal = time.monotonic() + self.lease / 3
        pause = self.alive / 4
        while not self._stop_keeping.wait(pause):
            pause = self.alive / 4
            if time.monotonic() - self._beat > STALL_LEASES * self.lease:
                continue
            try:
                with self._keeper_redis.pipeline(transaction=False) as pipe:
                    # Alive, then listed again: a Redis restarted without its keys forgot both.
                    pipe.set(alive_key(self.node), self.run, px=int(self.alive * 1000))
                    pipe.sadd(NODES_KEY, self.node)
                    pipe.execute()
                if self.redis_away:
                    next_renewal = 0.0  # back from an outage: take the leases back before others look for tables
                    self._redis_back()
                if time.monotonic() < next_renewal:
                    continue
                next_renewal = time.monotonic() + self.lease / 3
                retaken: list[str] = []
                with self.metrics.redis_seconds.labels("leases").time():
                    lost = self._renew(retaken)
            except REDIS_DOWN as error:
                self._redis_away("the lease keeper", error)
                pause = min(self.alive / 4, RETRY_MOST)
                continue
            except Exception:
                log.exception("cluster: lease upkeep failed")
                continue
            if lost or retaken:
                asyncio.run_coroutine_threadsafe(self._after_renewal(lost, retaken), loop)

    async def _heartbeat(self) -> None:
        while True:
            self._beat = time.monotonic()
            await asyncio.sleep(HEARTBEAT)

    async def _keep_taking_over(self) -> None:
        """Claim the tables nobody owns (their owner died or stopped), beside the renewals: every third of a
        lease, and as soon as a listed process is found dead (looked for every quarter of ALIVE). Not until
        `alive` seconds after Redis came back from an outage: every living process says so again and takes its
        leases back first (Redis may have lost them), so that no table changes hands only because Redis was away."""
        last_search = time.monotonic()
        while True:
            await asyncio.sleep(self.alive / 4)
            if self.redis_away:
                # Only see whether Redis is back: the first search comes `alive` seconds after that.
                with contextlib.suppress(RedisUnreachable), self._calling_redis("a ping"):
                    await self.redis.ping()
                continue
            if self.settling:
                continue
            try:
                if time.monotonic() - last_search < self.lease / 3 and not await self.dead_nodes():
                    continue
                last_search = time.monotonic()
                await self.take_over()
            except asyncio.CancelledError:
                raise
            except (RedisUnreachable, StorageFailing):
                pass  # logged once when Redis or storage began to fail; tried again next time
            except Exception:
                log.exception("cluster: taking over tables failed")

    def _renew(self, retaken: list[str] | None = None) -> list[str]:
        """Renew every lease this process holds (blocking: the keeper's thread); returns the tables whose lease
        was another process's, and adds to `retaken` those whose lease nobody held, taken again."""
        owned = list(self.owned.copy())  # one C call, whole under the GIL, while the loop adds and removes
        renewed: list[int] = []
        for start in range(0, len(owned), RENEW_CHUNK):
            keys = [owner_key(table_id) for table_id in owned[start : start + RENEW_CHUNK]]
            renewed += self._renew_all(keys=keys, args=[self.node, int(self.lease * 1000)])
        if retaken is not None:
            retaken += [table_id for table_id, ok in zip(owned, renewed, strict=True) if ok == 2]
        return [table_id for table_id, ok in zip(owned, renewed, strict=True) if not ok]

    async def _after_renewal(self, lost: list[str], retaken: list[str]) -> None:
        """Give up the tables whose lease another process holds; a lease taken again for a table this process
        released meanwhile (after the renewal read which tables it holds) is released again."""
        if retaken:
            log.info("cluster: took back %d leases nobody held (Redis lost them or was away)", len(retaken))
        for table_id in retaken:
            if table_id not in self.owned and table_id not in self._claiming:
                with contextlib.suppress(*REDIS_DOWN):
                    await self.redis.eval(_RELEASE, 1, owner_key(table_id), self.node)
        await self._give_up(lost)

    async def _give_up(self, lost: list[str]) -> None:
        """Stop running the tables whose lease was lost (those this process still runs: it may have released one
        since the renewal)."""
        for table_id in lost:
            if table_id in self.owned and self.lost is not None:
                log.warning("cluster: lost the lease of table %s", table_id, extra={"table": table_id})
                self.owned.discard(table_id)
                await self.lost(table_id)

    async def take_over(self) -> None:
        """Claim and run the unfinished tables that nobody owns, or whose owner is dead."""
        if self.candidates is None or self.adopt is None:
            return
        dead = set(await self.dead_nodes())
        ids = [table_id for table_id in await self.candidates() if table_id not in self.owned]
        owners = await self.redis.mget([owner_key(table_id) for table_id in ids]) if ids else []
        # Ownerless: no lease, a dead process's, or one in this process's name that it does not hold (a run of it
        # before a restart).
        orphans = [
            table_id
            for table_id, owner in zip(ids, owners, strict=True)
            if owner is None or owner in dead or owner == self.node
        ]
        # A dead process that holds none of the unfinished tables any more is unlisted.
        for node in dead - set(owners):
            await self.redis.eval(_FORGET, 0, NODES_KEY, ALIVE_PREFIX, node)
        if orphans:
            await self.adopt(orphans)

    # ------------------------------------------------------------------------------------- messages

    def send_to_table(self, table_id: str, payload: dict[str, Any]) -> None:
        """A relayed connection's command for the process that owns the table; sent with whatever else is
        queued (below)."""
        self._to_tables.append((table_id, payload))
        self._publishing.set()

    def send_to_node(self, node: str, conn: int, frame: str | None) -> None:
        """A frame (None: the end) for a connection another process relays. Frames queued meanwhile leave
        together, one message per process, in the order queued: a message per frame, each awaited by a task
        per connection, made relaying the largest part of a loaded process's time after the tables' own."""
        self._to_nodes.setdefault(node, []).append((conn, frame))
        self._publishing.set()

    def send_control(self, node: str, message: dict[str, Any]) -> None:
        """A message for another process about tables (a dict, where its channel's frames come in lists), sent
        with whatever else is queued. One that reaches nobody is dropped: what it says is also in Redis."""
        self._to_controls.append((node, message))
        self._publishing.set()

    async def _publish(self) -> None:
        """Send what `send_to_table` and `send_to_node` queued since the last time, in one pipeline (one task
        sends everything, so each channel's messages keep their order). A message that reached no process (Redis
        away, or the process it is for not subscribed: dead, or subscribing again after an outage) is lost: the
        hub closes the relayed connection it came from, or forgets the connections of the process it was for,
        so that their clients reconnect instead of waiting for an answer that never comes."""
        while True:
            await self._publishing.wait()
            self._publishing.clear()
            to_tables, self._to_tables = self._to_tables, []
            to_nodes, self._to_nodes = self._to_nodes, {}
            to_controls, self._to_controls = self._to_controls, []
            try:
                with self._publish_seconds.time(), self._calling_redis("publishing"):
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for table_id, payload in to_tables:
                            pipe.publish(table_channel(table_id), orjson.dumps(payload))
                        for node, frames in to_nodes.items():
                            pipe.publish(node_channel(node), orjson.dumps(frames))
                        for node, message in to_controls:
                            pipe.publish(node_channel(node), orjson.dumps(message))
                        received = await pipe.execute()
            except RedisUnreachable:
                received = [0] * (len(to_tables) + len(to_nodes))
            except Exception:
                log.exception("cluster: relayed messages could not be sent")
                continue
            for (table_id, payload), receivers in zip(to_tables, received, strict=False):
                if not receivers and self.on_undelivered is not None:
                    self.on_undelivered(table_id, payload)
            for node, receivers in zip(to_nodes, received[len(to_tables) :], strict=False):
                if not receivers and self.on_node_unreachable is not None:
                    self.on_node_unreachable(node)

    async def _listen(self) -> None:
        """Read this process's messages: relayed connections' commands for its tables, and frames for the
        connections it relays. When Redis goes away the hub is told (relayed connections' messages may be lost
        meanwhile) and the listener subscribes again, with a fresh connection, once Redis answers."""
        pause = RETRY_FIRST
        while True:
            try:
                if not self.listening:
                    await self._subscribe_again()
                    pause = RETRY_FIRST
                message = await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                if self.listening:
                    self.listening = False
                    self._redis_away("the listener", error)
                    if self.on_listener_lost is not None:
                        self.on_listener_lost()
                await asyncio.sleep(pause)
                pause = min(2 * pause, RETRY_MOST)
                continue
            if message is not None:
                await self._handle(message)

    async def _subscribe_again(self) -> None:
        """A fresh subscription to this process's channel and to those of every table it owns or is claiming."""
        old, self.pubsub = self.pubsub, self.redis.pubsub()
        with contextlib.suppress(Exception):
            await old.aclose()  # type: ignore[no-untyped-call]
        with self._calling_redis("subscribing"):
            channels = [node_channel(self.node), *(table_channel(table_id) for table_id in self.owned | self._claiming)]
            for start in range(0, len(channels), RENEW_CHUNK):
                await self.pubsub.subscribe(*channels[start : start + RENEW_CHUNK])
        self.listening = True
        log.info("cluster: subscribed again to %d channels", len(channels))

    async def _handle(self, message: dict[str, Any]) -> None:
        try:
            payload = orjson.loads(message["data"])
            channel = message["channel"]
            if channel == self._mine and isinstance(payload, dict):
                if self.on_control is not None:
                    self.on_control(payload)
            elif channel == self._mine and self.on_node_message is not None:
                for conn, frame in payload:
                    self.on_node_message(conn, frame)
            elif channel.startswith(self._table_prefix) and self.on_table_message is not None:
                await self.on_table_message(channel.removeprefix(self._table_prefix), payload)
        except Exception:
            log.exception("cluster: a message could not be handled")
