"""A cluster process's leases on a real Redis (issue 14): "Each table is run by exactly one process at a time,
which holds a lease on it"; the lease is renewed while the process holds it, and a process that finds its lease
taken gives the table up.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from services import redis_server

from presidente.server.cluster import Cluster, owner_key


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
            await cluster._renew()
            assert lost == ["table1"]
            assert cluster.owned == {"table0", "table2"}
            assert await cluster.redis.pttl(owner_key("table0")) > 50_000  # renewed to a full lease
            assert await cluster.owners_of(tables) == ["one", "two", "one"]  # the other's lease untouched
        finally:
            await cluster.pubsub.aclose()  # type: ignore[no-untyped-call]
            await cluster.redis.aclose()

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
