"""PostgreSQL storage settings the cluster's speed depends on, on a throwaway cluster (see services.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from services import postgres_cluster

from presidente.server.storage import TABLES_FILLFACTOR, Storage

asyncpg = pytest.importorskip("asyncpg")


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    yield from postgres_cluster()


async def _fillfactor(url: str) -> list[str] | None:
    conn = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"))
    try:
        options: list[str] | None = await conn.fetchval("SELECT reloptions FROM pg_class WHERE relname = 'tables'")
        return options
    finally:
        await conn.close()


async def _start_and_close(url: str) -> None:
    storage = Storage(url)
    await storage.start()
    await storage.close()


def test_the_tables_rows_leave_room_for_their_next_versions_on_new_and_older_databases(postgres_url: str) -> None:
    """Each move rewrites its table's row: a new database makes `tables` with half-empty pages, and a database
    made before the setting gets it when a server starts on it."""
    asyncio.run(_start_and_close(postgres_url))
    assert asyncio.run(_fillfactor(postgres_url)) == [f"fillfactor={TABLES_FILLFACTOR}"]

    async def forget_setting() -> None:
        conn = await asyncpg.connect(postgres_url.replace("postgresql+asyncpg://", "postgresql://"))
        await conn.execute("ALTER TABLE tables RESET (fillfactor)")
        await conn.close()

    asyncio.run(forget_setting())
    assert asyncio.run(_fillfactor(postgres_url)) is None
    asyncio.run(_start_and_close(postgres_url))
    assert asyncio.run(_fillfactor(postgres_url)) == [f"fillfactor={TABLES_FILLFACTOR}"]
