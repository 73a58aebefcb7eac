"""A table actor's inbox: first in, first out; a getter waits for a put; a cancelled getter takes nothing."""

from __future__ import annotations

import asyncio

import pytest

from presidente.server.inbox import Inbox


def test_commands_come_out_in_order_and_a_waiting_getter_is_woken_by_a_put() -> None:
    async def scenario() -> None:
        inbox: Inbox[int] = Inbox()
        inbox.put_nowait(1)
        await inbox.put(2)
        assert (inbox.qsize(), await inbox.get(), inbox.get_nowait(), inbox.empty()) == (2, 1, 2, True)
        with pytest.raises(asyncio.QueueEmpty):
            inbox.get_nowait()
        waiting = asyncio.create_task(inbox.get())
        await asyncio.sleep(0)
        inbox.put_nowait(3)
        assert await waiting == 3

    asyncio.run(scenario())


def test_a_getter_that_times_out_takes_nothing_and_the_next_gets_it() -> None:
    async def scenario() -> None:
        inbox: Inbox[str] = Inbox()
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(inbox.get(), 0.01)
        first = asyncio.create_task(inbox.get())
        second = asyncio.create_task(inbox.get())
        await asyncio.sleep(0)
        inbox.put_nowait("a")
        first.cancel()  # woken for "a", cancelled before it ran: "a" goes to the next getter
        assert await second == "a"
        assert first.cancelled() and inbox.empty()

    asyncio.run(scenario())
