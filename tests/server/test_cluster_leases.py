"""A cluster process's leases on a real Redis (issue 14): "Each table is run by exactly one process at a time,
which holds a lease on it"; the lease is renewed while the process holds it, and a process that finds its lease
taken gives the table up.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest
from services import redis_server

from presidente.server.cluster import STALL_LEASES, Cluster, owner_key


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    yield from redis_server()


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
            await cluster.pubsub.aclose()  # type: ignore[no-untyped-call]
            await cluster.redis.aclose()
            cluster._keeper_redis.close()

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
        cluster = Cluster(redis_url, node="loaded", lease=0.6)

        async def no_candidates() -> list[str]:
            return []

        cluster.candidates = no_candidates
        await cluster.start()
        try:
            assert await cluster.claim("busy") is not None
            time.sleep(1.2)  # the loop runs nothing for two leases
            assert await cluster.owner_of("busy") == "loaded"
            time.sleep(0.6 * (STALL_LEASES + 2))  # no progress for longer than the stall: the lease lapses
            assert await cluster.owner_of("busy") is None
        finally:
            await cluster.stop()

    asyncio.run(scenario())
