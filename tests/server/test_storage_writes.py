"""The storage writer's group commits and fencing, on a SQLite file and on a real PostgreSQL (issue 14).

"Each table is run by exactly one process at a time, which holds a lease on it (...), with fencing so a process
that lost its lease cannot write." Storage refuses rows written under a fencing token older than the table's
stored one (`Fenced`) and stores nothing of them; the other tables committed with them are stored. On
PostgreSQL a batch of moves is one statement (`storage.WRITE_MOVES`), and any other row takes the general path:
both are checked here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from services import postgres_cluster

from presidente.server import storage as storage_module
from presidente.server.storage import Fenced, Storage
from presidente.server.table import CHAT_KEPT, Player, Seat, TableConfig


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    yield from postgres_cluster()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'writes.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


def config(table_id: str) -> TableConfig:
    return TableConfig(
        id=table_id, name=table_id, game="president", preset="bga", options={}, seats=4, seed=7, turn_time=60
    )


async def open_storage(url: str, *table_ids: str, epoch: int = 1) -> Storage:
    storage = Storage(url)
    await storage.start()
    for table_id in table_ids:
        await storage.create_table(config(table_id), [Seat("empty")] * 4, epoch)
    return storage


async def stored_moves(storage: Storage, table_id: str) -> tuple[list[tuple[int | None, str]], int]:
    stored = await storage.load_table(table_id)
    assert stored is not None
    return stored.moves, stored.seq


def unique(name: str) -> str:
    """Table ids unique in the module's one PostgreSQL database."""
    return f"{name}-{asyncio.get_running_loop().time():.6f}"[:32]


def test_a_write_under_an_older_fencing_token_is_refused_and_the_other_tables_of_its_commit_are_stored(
    database: str,
) -> None:
    async def scenario() -> None:
        stale, current = unique("stale"), unique("current")
        storage = await open_storage(database, stale, current)
        try:
            # A newer owner claimed `stale` (token 2); this process still writes under token 1.
            await storage.write(stale, [("fence", 1), ("claim", 2)])
            results = await asyncio.gather(
                storage.write(stale, [("fence", 1), ("move", 0, 0, "3C"), ("seq", 5)]),
                storage.write(current, [("fence", 1), ("move", 0, 1, "4D"), ("move", 1, 2, "pass"), ("seq", 2)]),
                return_exceptions=True,
            )
            assert isinstance(results[0], Fenced) and results[1] is None
            assert await stored_moves(storage, stale) == ([], 0)
            assert await stored_moves(storage, current) == ([(1, "4D"), (2, "pass")], 2)
        finally:
            await storage.close()

    asyncio.run(scenario())


def test_moves_of_many_tables_and_their_sequence_numbers_are_stored_with_or_without_fencing(database: str) -> None:
    async def scenario() -> None:
        fenced, alone = unique("fenced"), unique("alone")
        storage = await open_storage(database, fenced, alone)
        try:
            for n in range(3):
                await asyncio.gather(
                    storage.write(fenced, [("fence", 1), ("move", n, n % 4, f"move {n}"), ("seq", n + 1)]),
                    storage.write(alone, [("move", n, None, f"join {n}")]),  # a process alone writes no token
                )
            assert await stored_moves(storage, fenced) == ([(n % 4, f"move {n}") for n in range(3)], 3)
            assert await stored_moves(storage, alone) == ([(None, f"join {n}") for n in range(3)], 0)
        finally:
            await storage.close()

    asyncio.run(scenario())


def test_a_commit_holding_other_rows_than_moves_stores_them_all_and_is_fenced_too(database: str) -> None:
    async def scenario() -> None:
        table_id = unique("mixed")
        storage = await open_storage(database, table_id)
        player = Player("p1", "Ana")
        try:
            await storage.write(
                table_id,
                [
                    ("fence", 1),
                    ("move", 0, None, "join 2"),
                    ("seat", 2, "human", player.id, player.name, None),
                    ("status", "playing"),
                    ("seq", 4),
                ],
            )
            await storage.write(table_id, [("fence", 1), ("claim", 3)])
            with pytest.raises(Fenced):
                await storage.write(table_id, [("fence", 2), ("seat", 1, "bot", None, None, "auto")])
            stored = await storage.load_table(table_id)
            assert stored is not None
            assert (stored.moves, stored.seq, stored.status) == ([(None, "join 2")], 4, "playing")
            assert [seat.kind for seat in stored.seats] == ["empty", "empty", "human", "empty"]
            assert stored.seats[2].player == player
        finally:
            await storage.close()

    asyncio.run(scenario())


def test_an_old_owners_write_waits_for_a_claim_in_flight_and_is_then_refused(postgres_url: str) -> None:
    """The claim's commit and the old owner's write meet on the table's row lock: the write that comes second
    sees the new token, so no move lands after the new owner has read the table."""

    async def scenario() -> None:
        table_id = unique("race")
        storage = await open_storage(postgres_url, table_id)
        claimer = Storage(postgres_url)
        try:
            async with claimer.engine.connect() as conn:
                transaction = await conn.begin()
                await conn.exec_driver_sql(f"UPDATE tables SET epoch = 2 WHERE id = '{table_id}'")
                write = asyncio.create_task(storage.write(table_id, [("fence", 1), ("move", 0, 0, "3C"), ("seq", 1)]))
                await asyncio.sleep(0.2)  # the write reaches PostgreSQL and waits on the row the claim holds
                await transaction.commit()
            with pytest.raises(Fenced):
                await write
            assert await stored_moves(storage, table_id) == ([], 0)
        finally:
            await claimer.close()
            await storage.close()

    asyncio.run(scenario())


def test_postgresql_commits_at_most_once_per_interval_and_gathers_what_comes_meanwhile(postgres_url: str) -> None:
    """A loaded process's moves wait for the interval since the last commit began and then share one commit; a
    move after a quiet spell is committed at once; SQLite commits at once."""

    async def scenario() -> None:
        ids = [unique(f"paced{index}") for index in range(6)]
        storage = await open_storage(postgres_url, *ids)
        try:
            assert storage.commit_interval > 0
            storage.commit_interval = 0.3  # long enough to see on a loaded machine
            await asyncio.sleep(storage.commit_interval)  # the tables' rows were a commit of their own
            loop = asyncio.get_running_loop()
            commits, started = storage.commits, loop.time()
            await storage.write(ids[0], [("fence", 1), ("move", 0, 0, "3C"), ("seq", 1)])
            assert loop.time() - started < storage.commit_interval  # after a quiet spell: at once
            # The next moves come one by one while the interval runs: they wait for it and share a commit.
            writes = []
            for index, table_id in enumerate(ids[1:]):
                writes.append(asyncio.create_task(storage.write(table_id, [("move", 0, 0, "4D"), ("seq", index)])))
                await asyncio.sleep(0.02)
            await asyncio.gather(*writes)
            assert loop.time() - started >= storage.commit_interval
            assert storage.commits == commits + 2
            for table_id in ids[1:]:
                assert (await stored_moves(storage, table_id))[0] == [(0, "4D")]
        finally:
            await storage.close()

    asyncio.run(scenario())


def test_sqlite_commits_without_waiting(tmp_path: Path) -> None:
    async def scenario() -> None:
        storage = await open_storage(f"sqlite+aiosqlite:///{tmp_path / 'paced.db'}", "quick")
        try:
            assert storage.commit_interval == 0
            commits = storage.commits
            for index in range(3):
                await storage.write("quick", [("move", index, 0, "pass"), ("seq", index + 1)])
            assert storage.commits == commits + 3
        finally:
            await storage.close()

    asyncio.run(scenario())


def test_many_tables_are_read_together_each_with_its_own_seats_moves_and_last_chat_lines(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process taking over a dead one's tables reads them together (`load_tables`), a few queries for many
    tables: each table must come back whole and alone - its seats in order, its moves in order, the last
    CHAT_KEPT chat lines of its own - however the tables are split across queries."""
    monkeypatch.setattr(storage_module, "READ_AT_ONCE", 2)  # three tables: two queries of each kind

    async def scenario() -> None:
        busy, quiet, empty = unique("busy"), unique("quiet"), unique("empty")
        storage = await open_storage(database, busy, quiet, empty)
        try:
            eve = Player("p-eve", "Eve")
            await storage.write(busy, [("seat", 2, "human", eve.id, eve.name, None)])
            await storage.write(quiet, [("seat", 0, "bot", None, None, "random")])
            await storage.write(busy, [("move", n, n % 4, f"move{n}") for n in range(6)] + [("seq", 6)])
            await storage.write(quiet, [("move", 0, 1, "pass"), ("seq", 1)])
            for line in range(CHAT_KEPT + 10):
                await storage.write(busy, [("chat", line, eve.id, eve.name, 2, f"busy {line}")])
            await storage.write(quiet, [("chat", 3, eve.id, eve.name, None, "quiet")])
            stored = await storage.load_tables([busy, "no-such-table", quiet, empty])
            assert sorted(stored) == sorted([busy, quiet, empty])
            assert stored[busy].seats[2] == Seat("human", eve) and stored[busy].seats[0] == Seat("empty")
            assert stored[quiet].seats[0].bot == "random" and stored[quiet].seats[2] == Seat("empty")
            assert stored[busy].moves == [(n % 4, f"move{n}") for n in range(6)] and stored[busy].seq == 6
            assert stored[quiet].moves == [(1, "pass")]
            assert [line["text"] for line in stored[busy].chat] == [f"busy {n}" for n in range(10, CHAT_KEPT + 10)]
            assert [line["text"] for line in stored[quiet].chat] == ["quiet"]
            assert stored[empty].moves == [] and stored[empty].chat == []
            assert await storage.load_table(quiet) == stored[quiet]
            assert await storage.load_table("no-such-table") is None
        finally:
            await storage.close()

    asyncio.run(scenario())
