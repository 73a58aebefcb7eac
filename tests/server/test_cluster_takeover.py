"""Taking a dead process's tables over, on a real PostgreSQL and Redis (issue 14): "when a process dies (kill -9),
another takes over its tables within a few seconds by replaying their stored actions; clients reconnect".

The clients of a dead process reconnect by hundreds at once, each to a table nobody runs: the tables they ask
for are gathered and taken over together (one claim, one commit, one read per group of tables), and every
connection gets its own table's actor.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from services import postgres_cluster, redis_server

from presidente.server import clustered
from presidente.server.cluster import Cluster
from presidente.server.clustered import ClusterHub
from presidente.server.storage import Storage
from presidente.server.table import Seat, TableConfig


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    yield from postgres_cluster()


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    yield from redis_server()


def config(table_id: str) -> TableConfig:
    return TableConfig(
        id=table_id, name=table_id, game="president", preset="bga", options={}, seats=4, seed=7, turn_time=60
    )


def test_connections_to_many_ownerless_tables_at_once_take_them_over_together(
    postgres_url: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each connection reads its table's owner and row before it asks for a take-over: on a loaded machine that
    # took longer than the 50 ms gathering, so the gathering is made long enough for all of them here.
    monkeypatch.setattr(clustered, "ADOPTION_GATHERING", 2.0)

    async def scenario() -> None:
        storage = Storage(postgres_url)
        await storage.start()
        # Waiting tables nobody runs (their owner died): one of them has a move stored, to be replayed.
        table_ids = [f"orphan-{index}" for index in range(12)]
        for table_id in table_ids:
            await storage.create_table(config(table_id), [Seat("empty")] * 4, epoch=1)
        await storage.write(table_ids[0], [("chat", 1, "p-ann", "Ann", None, "still here?")])
        hub = ClusterHub(storage, Cluster(redis_url, node="survivor"))
        adoptions: list[list[str]] = []
        adopt = hub.adopt

        async def counted_adopt(ids: list[str]) -> None:
            adoptions.append(list(ids))
            await adopt(ids)

        hub.adopt = counted_adopt  # type: ignore[method-assign]
        await hub.cluster.start()  # joins the cluster without taking anything over yet
        try:
            found: list[tuple[Any, str | None]] = await asyncio.gather(
                *(hub.owner_actor(table_id) for table_id in table_ids)
            )
            assert [actor.table.config.id for actor, _ in found] == table_ids
            assert all(owner is None for _, owner in found)
            assert adoptions == [sorted(table_ids)], "one take-over for the connections that came together"
            assert await hub.cluster.owners_of(table_ids) == ["survivor"] * len(table_ids)
            assert [line["text"] for line in hub.actors[table_ids[0]].table.chat] == ["still here?"]
            # A later connection finds the table running here: nothing more is taken over.
            actor, owner = await hub.owner_actor(table_ids[3])
            assert actor is hub.actors[table_ids[3]] and owner is None
            assert len(adoptions) == 1
        finally:
            await hub.stop()
            await storage.close()

    asyncio.run(scenario())


def test_a_process_restarted_under_its_name_takes_back_at_once_the_tables_its_previous_run_held(
    postgres_url: str, redis_url: str
) -> None:
    """`presidente serve --node node1` restarted after a crash: its previous run's leases bear its name and are
    still running (a minute here), yet the process is alive again, so nobody else would take those tables. It
    takes them back at once, and a connection relayed to it by another process waits for the table instead of
    being sent away."""

    async def scenario() -> None:
        storage = Storage(postgres_url)
        await storage.start()
        held, relayed = "held-before", "relayed-to"
        for table_id in (held, relayed):
            await storage.create_table(config(table_id), [Seat("empty")] * 4, epoch=1)
        previous = Cluster(redis_url, node="restarted", lease=60.0)
        assert sorted(await previous.claim_all([held, relayed])) == sorted([held, relayed])
        # The previous run dies: it releases nothing.
        await previous.pubsub.aclose()  # type: ignore[no-untyped-call]
        await previous.redis.aclose()
        previous._keeper_redis.close()
        hub = ClusterHub(storage, Cluster(redis_url, node="restarted", lease=60.0))
        frames: list[tuple[str, int, str | None]] = []
        hub.cluster.send_to_node = lambda node, conn, frame: frames.append((node, conn, frame))  # type: ignore[method-assign]
        await hub.cluster.start()
        try:
            # A connection relayed by another process reaches this one before it looked for tables.
            await hub._remote_command(relayed, {"kind": "connect", "node": "other", "conn": 7})
            for _ in range(200):
                if frames:
                    break
                await asyncio.sleep(0.05)
            assert frames and frames[0][:2] == ("other", 7)
            assert frames[0][2] is not None and json.loads(frames[0][2])["type"] == "welcome", frames
            assert relayed in hub.actors
            await hub.cluster.take_over()
            assert held in hub.actors
            assert await hub.cluster.owners_of([held, relayed]) == ["restarted", "restarted"]
            # A table it holds is never claimed again: that would fence out its own writes.
            epoch = await hub.cluster.redis.get(f"pres:epoch:{held}")
            assert await hub.cluster.claim_all([held, held]) == {}
            assert await hub.cluster.redis.get(f"pres:epoch:{held}") == epoch
        finally:
            await hub.stop()
            await storage.close()

    asyncio.run(scenario())
