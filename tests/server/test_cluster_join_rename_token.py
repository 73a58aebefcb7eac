"""Three cluster behaviours of issue 29, on a real PostgreSQL and real Redis servers, each process an app served in a
thread of the test:

- a player renames at most once per RENAME_INTERVAL in the whole cluster, not once per process;
- a process starts while Redis is down: it answers /readyz 503 (and 503 for a new table) until Redis comes, then
  joins the cluster and serves a table made through it;
- a new table never runs without its lease and a real fencing token: when the lease cannot be taken, the table is
  not made (it ran unfenced under token 0 before).
"""

from __future__ import annotations

import asyncio
import json
import time
import types
from collections.abc import Iterator
from typing import Any

import pytest
from live_server import uvicorn_in_thread
from services import RestartableRedis, postgres_cluster, redis_server, request
from sqlalchemy import select
from websockets.sync.client import connect

from presidente.server import actor as actor_module
from presidente.server.app import create_app
from presidente.server.cluster import ALIVE, NODES_KEY, Cluster, alive_key, owner_key
from presidente.server.clustered import ClusterHub, LeaseRefused
from presidente.server.main import check_redis
from presidente.server.storage import Storage, tables

TABLE = {"name": "Joined", "seats": 3, "bots": [None, "auto", "auto"], "sit": True}


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    yield from postgres_cluster()


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    yield from redis_server()


def app(database: str, redis_url: str, node: str) -> Any:
    return create_app(
        database, redis_url=redis_url, node=node, intermission=0, bot_delay=0.05, new_players_per_minute=None
    )


def wait_for(condition: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return bool(condition())


def test_a_rename_on_one_process_holds_the_next_on_another_for_the_interval(database: str, redis_url: str) -> None:
    with (
        uvicorn_in_thread(app(database, redis_url, "rename-a")) as first,
        uvicorn_in_thread(app(database, redis_url, "rename-b")) as second,
    ):
        status, made = request(first, "/api/players", {"name": "Ann"})
        assert status == 200, made
        token = made["token"]
        assert request(first, "/api/me/name", {"token": token, "name": "Anne"})[0] == 200
        status, refused = request(second, "/api/me/name", {"token": token, "name": "Annie"})
        assert status == 429 and refused["code"] == "rename_too_soon", refused
        status, refused = request(first, "/api/me/name", {"token": token, "name": "Annie"})
        assert status == 429 and refused["code"] == "rename_too_soon", refused
        # Another player is not held by Ann's renames.
        other = request(second, "/api/players", {"name": "Bob"})[1]["token"]
        assert request(second, "/api/me/name", {"token": other, "name": "Bobby"})[0] == 200


def test_a_process_starts_while_redis_is_down_and_joins_once_it_answers(database: str) -> None:
    redis = RestartableRedis(keep=False)  # not started yet: its port refuses connections
    try:
        asyncio.run(check_redis(redis.url, "late-joiner"))  # `presidente serve` warns and starts
        with uvicorn_in_thread(app(database, redis.url, "late-joiner")) as port:
            assert request(port, "/healthz")[0] == 200
            status, why = request(port, "/readyz")
            assert status == 503 and "Redis" in why["status"], why
            token = request(port, "/api/players", {"name": "Early"})[1]["token"]  # needs no Redis
            status, refused = request(port, "/api/tables", {**TABLE, "token": token})
            assert status == 503 and refused["code"] == "redis_unreachable", refused
            redis.start()
            assert wait_for(lambda: request(port, "/readyz")[0] == 200, 15), request(port, "/readyz")
            status, made = request(port, "/api/tables", {**TABLE, "token": token})
            assert status == 200, made
            with connect(f"ws://127.0.0.1:{port}/ws/{made['id']}", open_timeout=5) as ws:
                ws.send(json.dumps({"type": "hello", "token": token}))
                welcome = json.loads(ws.recv(timeout=5))
                assert welcome["type"] == "welcome" and welcome["view"]["table"]["you"] == 0, welcome
    finally:
        redis.close()


def test_a_new_table_runs_under_its_lease_and_token_or_is_not_made(
    database: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        storage = Storage(database)
        await storage.start()
        hub = ClusterHub(storage, Cluster(redis_url, node="token-a"), intermission=0, bot_delay=0.05)
        await hub.start()
        try:
            creator, _ = await storage.create_player("Tess")
            config = await hub.create_table(dict(TABLE), creator)
            actor = hub.actors[config.id]
            assert actor.epoch is not None and actor.epoch >= 1
            assert await stored_token(storage, config.id) == actor.epoch
            assert await hub.cluster.owner_of(config.id) == "token-a"
            # Another living process holds the lease under the next table's id.
            taken = "c0111de00000"
            client = hub.cluster.redis
            await client.set(alive_key("token-b"), "run", px=int(ALIVE * 10_000))
            await client.sadd(NODES_KEY, "token-b")
            await client.set(owner_key(taken), "token-b", px=60_000)
            ids = iter([taken])
            fake = types.SimpleNamespace(
                token_hex=lambda n=None: next(ids) if n == 6 else actor_module.secrets.token_hex(n),
                token_urlsafe=actor_module.secrets.token_urlsafe,
                randbelow=actor_module.secrets.randbelow,
            )
            monkeypatch.setattr(actor_module, "secrets", fake)
            with pytest.raises(LeaseRefused):
                await hub.create_table(dict(TABLE), creator)
            assert taken not in hub.actors
            assert await storage.load_table(taken) is None
            assert await client.get(owner_key(taken)) == "token-b"
        finally:
            await hub.stop()
            await storage.close()

    asyncio.run(scenario())


async def stored_token(storage: Storage, table_id: str) -> int:
    async with storage.engine.connect() as conn:
        token: int = (await conn.execute(select(tables.c.epoch).where(tables.c.id == table_id))).scalar_one()
        return token
