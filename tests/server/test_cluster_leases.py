"""A cluster process's leases on a real Redis (issue 14): "Each table is run by exactly one process at a time,
which holds a lease on it"; the lease is renewed while the process holds it, and a process that finds its lease
taken gives the table up. "When a process dies (kill -9), another takes over its tables within a few seconds":
a process that stops saying it is alive is dead, and its tables are taken over without waiting out its leases.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest
from services import redis_server

from presidente.server.cluster import NODES_KEY, STALL_LEASES, Cluster, NameInUse, alive_key, owner_key
from presidente.server.main import check_redis
from presidente.server.storage import DatabaseError


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    yield from redis_server()


async def disconnect(cluster: Cluster) -> None:
    """Close a cluster's Redis connections, for one that was never started or that crashed (`crash`)."""
    await cluster.pubsub.aclose()  # type: ignore[no-untyped-call]
    await cluster.redis.aclose()
    cluster._keeper_redis.close()


def test_renewing_keeps_the_leases_still_held_and_gives_up_a_lease_another_process_took(redis_url: str) -> None:
    async def scenario() -> None:
        cluster = Cluster(redis_url, node="one", lease=60.0)
        lost: list[str] = []

        async def on_lost(table_id: str) -> None:
            lost.append(table_id)

        cluster.lost = on_lost
        try:
            tables = [f"table{index}" for index in range(3)]
            for table_id in tables:
                assert await cluster.claim(table_id) is not None
            assert await cluster.claim("table0") is None  # held: nobody else may claim it
            await cluster.redis.pexpire(owner_key("table0"), 1000)  # a lease about to run out
            await cluster.redis.set(owner_key("table1"), "two")  # another process owns table1 now
            await cluster._give_up(cluster._renew())
            assert lost == ["table1"]
            assert cluster.owned == {"table0", "table2"}
            assert await cluster.redis.pttl(owner_key("table0")) > 50_000  # renewed to a full lease
            assert await cluster.owners_of(tables) == ["one", "two", "one"]  # the other's lease untouched
        finally:
            await disconnect(cluster)

    asyncio.run(scenario())


def test_a_slow_search_for_tables_to_take_over_never_lets_the_process_leases_run_out(redis_url: str) -> None:
    """The search for ownerless tables reads the database, which may be slow (its connections busy): the leases
    are renewed beside it, not after it."""

    async def scenario() -> None:
        cluster = Cluster(redis_url, node="busy", lease=0.6)
        searching = asyncio.Event()

        async def slow_candidates() -> list[str]:
            searching.set()
            await asyncio.sleep(3.0)  # five leases long
            return []

        async def adopt(table_id: str) -> None:
            raise AssertionError("nothing to adopt")

        cluster.candidates, cluster.adopt = slow_candidates, adopt
        await cluster.start()
        try:
            assert await cluster.claim("kept") is not None
            await searching.wait()
            await asyncio.sleep(1.5)  # the search is still waiting; the lease (0.6 s) was renewed meanwhile
            assert await cluster.owner_of("kept") == "busy"
            assert cluster.owned == {"kept"}
        finally:
            await cluster.stop()

    asyncio.run(scenario())


def test_an_event_loop_busy_past_the_lease_keeps_its_leases_and_a_stuck_one_lets_them_lapse(redis_url: str) -> None:
    """The leases are renewed by a thread of their own: a process whose event loop is held up for longer than a
    lease (a burst of work under load) keeps its tables, while one whose loop makes no progress for
    STALL_LEASES leases gives them up to the other processes."""

    async def scenario() -> None:
        # A lease of 1 s: the loop's last heartbeat may be HEARTBEAT (0.5 s) old when it is held up, so a hold of
        # 1.5 leases counts as up to 2 s without progress, well inside the stall (3 leases); with 0.6 s leases the
        # margin was 0.1 s, and a fresh clone's loaded suite lost the lease in it.
        cluster = Cluster(redis_url, node="loaded", lease=1.0)

        async def no_candidates() -> list[str]:
            return []

        cluster.candidates = no_candidates
        await cluster.start()
        try:
            assert await cluster.claim("busy") is not None
            time.sleep(1.5)  # the loop runs nothing for longer than a lease
            assert await cluster.owner_of("busy") == "loaded"
            time.sleep(1.0 * (STALL_LEASES + 2))  # no progress for longer than the stall: the lease lapses
            assert await cluster.owner_of("busy") is None
        finally:
            await cluster.stop()

    asyncio.run(scenario())


def crash(cluster: Cluster) -> None:
    """What kill -9 leaves: the process says nothing more and releases nothing."""
    cluster._stop_keeping.set()
    if cluster._keeper is not None:
        cluster._keeper.join()
    for task in cluster._tasks:
        task.cancel()


def test_a_dead_process_tables_are_taken_over_once_it_stops_saying_it_is_alive_well_before_its_leases_run_out(
    redis_url: str,
) -> None:
    async def scenario() -> None:
        doomed = Cluster(redis_url, node="doomed", lease=60.0)
        survivor = Cluster(redis_url, node="survivor", lease=60.0)
        # A process that never listed itself (an older version during a rolling upgrade): only its leases count.
        unlisted = Cluster(redis_url, node="unlisted", lease=60.0)
        tables = ["doomed-1", "doomed-2"]
        adopted: list[str] = []

        async def candidates() -> list[str]:
            return [*tables, "unlisted-1"]

        async def adopt(table_ids: list[str]) -> None:
            adopted.extend(await survivor.claim_all(table_ids))

        survivor.candidates, survivor.adopt = candidates, adopt
        await doomed.start()
        await survivor.start()
        loop = asyncio.get_running_loop()
        try:
            assert sorted(await doomed.claim_all(tables)) == tables
            assert await unlisted.claim("unlisted-1") is not None
            assert await survivor.claim_all([*tables, "unlisted-1"]) == {}  # every owner alive
            await asyncio.sleep(2 * survivor.alive)  # the survivor looks for tables to take over meanwhile
            assert adopted == []
            assert await survivor.owners_of(tables) == ["doomed", "doomed"]
            killed = loop.time()
            crash(doomed)
            while len(adopted) < len(tables) and loop.time() - killed < 30:
                await asyncio.sleep(0.05)
            took = loop.time() - killed
            assert sorted(adopted) == tables, "the dead process's tables were not taken over"
            assert took < doomed.lease / 2  # long before its leases (a minute) ran out
            assert await survivor.owners_of([*tables, "unlisted-1"]) == ["survivor", "survivor", "unlisted"]
            assert "unlisted-1" not in survivor.owned
            await survivor.take_over()  # the dead process holds nothing now: it is unlisted
            assert not await survivor.redis.sismember(NODES_KEY, "doomed")  # type: ignore[misc]
        finally:
            await survivor.stop()
            await unlisted.release("unlisted-1")
            for cluster in (doomed, unlisted):
                await disconnect(cluster)

    asyncio.run(scenario())


def test_the_owner_of_a_table_is_nobody_once_its_process_is_dead_so_relayed_connections_move_at_once(
    redis_url: str,
) -> None:
    """A connection relayed to a dead owner is closed (and the client reconnects) when the owner is seen dead,
    not when its leases expire: `owners_of` no longer names a dead process."""

    async def scenario() -> None:
        gone = Cluster(redis_url, node="gone", lease=60.0)
        watcher = Cluster(redis_url, node="watcher", lease=60.0)
        await gone.start()
        try:
            assert await gone.claim("gone-1") is not None
            assert await watcher.owner_of("gone-1") == "gone"
            crash(gone)
            await gone.redis.delete(alive_key("gone"))  # its liveness key expired
            assert await watcher.owner_of("gone-1") is None
            assert await watcher.redis.get(owner_key("gone-1")) == "gone"  # its lease itself still runs
            assert await watcher.claim("gone-1") is not None
            assert await watcher.owner_of("gone-1") == "watcher"
        finally:
            for cluster in (gone, watcher):
                await disconnect(cluster)

    asyncio.run(scenario())


def test_a_second_process_under_a_living_ones_name_is_refused_and_a_crashed_ones_name_is_taken_again(
    redis_url: str,
) -> None:
    """Each process of a cluster needs its own name: a process restarted under its name takes back the tables
    whose leases bear it, so two living processes under one name would take each other's tables."""

    async def scenario() -> None:
        first = Cluster(redis_url, node="twin", lease=60.0)
        second = Cluster(redis_url, node="twin", lease=60.0)
        again = Cluster(redis_url, node="twin", lease=60.0)
        await first.start()
        try:
            with pytest.raises(NameInUse, match="twin"):
                await second.start()
            # `presidente serve --node twin` says so in one sentence before anything starts.
            with pytest.raises(DatabaseError, match="own name"):
                await check_redis(redis_url, "twin")
            crash(first)  # its liveness key runs out within ALIVE seconds
            await again.start()
            assert await again.redis.get(alive_key("twin")) == again.run
            await again.stop()
        finally:
            for cluster in (first, second):
                await disconnect(cluster)

    asyncio.run(scenario())
