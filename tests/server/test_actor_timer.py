"""A table actor's timer: a tick a little before a bot's deadline (the event loop fires timers up to about a
millisecond early) makes the bot's move, timed at its deadline; a tick earlier than that makes nothing."""

from __future__ import annotations

import asyncio
from typing import Any

from presidente.server import protocol as p
from presidente.server.actor import TICK, TIMER_EARLY, TableActor
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
