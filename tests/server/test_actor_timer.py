"""A table actor's timer: a tick a little before a bot's deadline (the event loop fires timers up to about a
millisecond early) makes the bot's move, timed at its deadline; a tick earlier than that makes nothing. And its
commits: storage calls the actor back, which sends a move's frames only then and decides nothing meanwhile."""

from __future__ import annotations

import asyncio
from typing import Any

from presidente.server import protocol as p
from presidente.server.actor import TICK, TIMER_EARLY, Message, TableActor
from presidente.server.games import check_options
from presidente.server.metrics import Metrics
from presidente.server.table import Player, Seat, Table, TableConfig

BOT_DELAY = 0.8


class Rows:
    """Storage as the actor sees it: every write's rows, kept."""

    def __init__(self) -> None:
        self.metrics = Metrics()
        self.rows: list[tuple[Any, ...]] = []

    async def write(self, table_id: str, rows: list[tuple[Any, ...]]) -> None:
        self.rows.extend(rows)


def bot_to_move() -> Table:
    """Ann at seat 0 and two bots, started at time 0, a bot to move first (at BOT_DELAY)."""
    checked = check_options("president", "victorz", {}, 3)
    for seed in range(100):
        config = TableConfig("t1", "Timer", "president", checked.preset, checked.options, 3, seed, checked.turn_time)
        seats = [Seat("empty"), Seat("bot", bot="auto"), Seat("bot", bot="auto")]
        table = Table(config, seats, now=0.0, intermission=0.0, bot_delay=BOT_DELAY)
        table.connect(1, Player("a", "Ann"), None, 0.0)
        table.handle(1, p.Sit(type="sit", seat=0), 0.0)
        if table.game.current_player(table.state) != 0:
            assert table.deadline() == BOT_DELAY
            return table
    raise AssertionError("no seed in 100 gives a bot the first move")


def tick_at(now: float) -> tuple[Table, list[tuple[Any, ...]]]:
    """The actor woken by its timer's tick with its clock standing at `now`: the table and the rows it stored."""

    async def run() -> tuple[Table, list[tuple[Any, ...]]]:
        table, storage = bot_to_move(), Rows()
        actor = TableActor(table, storage, lambda: now)  # type: ignore[arg-type]
        actor.inbox.put_nowait(TICK)
        actor.start()
        await asyncio.sleep(0.05)
        await actor.stop()
        return actor.table, storage.rows

    return asyncio.run(run())


def test_a_tick_just_before_the_bots_deadline_makes_its_move_timed_at_the_deadline() -> None:
    table, rows = tick_at(BOT_DELAY - TIMER_EARLY / 2)
    assert [row[0] for row in rows].count("move") == 1, rows
    assert table.turn_started == BOT_DELAY, "the next turn counts from the deadline, as a tick on time does"


def test_a_tick_earlier_than_that_makes_no_move() -> None:
    table, rows = tick_at(BOT_DELAY - 2 * TIMER_EARLY)
    assert not any(row[0] == "move" for row in rows), rows
    assert table.turn_started == 0.0


class CalledBack(Rows):
    """Storage that calls the actor back (`Storage.write_then`), when the test says the rows are committed."""

    def __init__(self) -> None:
        super().__init__()
        self.waiting: list[Any] = []

    def write_then(self, table_id: str, rows: list[tuple[Any, ...]], done: Any) -> None:
        self.rows.extend(rows)
        self.waiting.append(done)


class Frames:
    def __init__(self) -> None:
        self.frames: list[str | None] = []

    def put_nowait(self, frame: str | None, /) -> None:
        self.frames.append(frame)


def test_a_bots_move_is_sent_once_committed_and_the_next_command_waits_for_that_commit() -> None:
    async def run() -> None:
        storage, frames = CalledBack(), Frames()
        actor = TableActor(bot_to_move(), storage, lambda: BOT_DELAY)  # type: ignore[arg-type]
        actor.outboxes[1] = frames
        actor.inbox.put_nowait(TICK)
        actor.start()
        await asyncio.sleep(0.01)
        assert [row[0] for row in storage.rows].count("move") == 1 and len(storage.waiting) == 1
        assert frames.frames == [], "nothing is sent before its rows are committed"
        actor.inbox.put_nowait(Message(1, p.Chat(type="chat", text="hi")))
        await asyncio.sleep(0.01)
        assert len(storage.waiting) == 1, "the next command is decided only once the move is committed"
        storage.waiting.pop()(None)
        assert len(frames.frames) == 1 and '"type":"update"' in str(frames.frames[0])
        await asyncio.sleep(0.01)
        assert "chat" in [row[0] for row in storage.rows[-2:]] and len(storage.waiting) == 1
        assert actor.task is None, "no task: the actor runs as callbacks"
        await actor.stop()

    asyncio.run(run())
