"""A table actor's inbox: `asyncio.Queue`'s calls that the actor and its callers use, for less work per command.

Every table event passes through an actor's inbox at least once (a player's message, or the timer's tick for a
bot's move), and under load `asyncio.Queue`'s put and get were a twentieth of a server's CPU time: the queue
keeps a count of unfinished tasks with an event, a bound, and wakes waiting putters on every get. This inbox is
unbounded, holds no such count, and wakes its waiting getters in order, as the queue does.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")


class Inbox(Generic[T]):
    """An unbounded first-in first-out queue of commands; a getter cancelled while it waits takes nothing."""

    __slots__ = ("_getters", "_items")

    def __init__(self) -> None:
        self._items: deque[T] = deque()
        self._getters: deque[asyncio.Future[None]] = deque()

    def put_nowait(self, item: T) -> None:
        self._items.append(item)
        if self._getters:
            self._wake_next()

    async def put(self, item: T) -> None:
        self.put_nowait(item)

    def empty(self) -> bool:
        return not self._items

    def qsize(self) -> int:
        return len(self._items)

    def get_nowait(self) -> T:
        if not self._items:
            raise asyncio.QueueEmpty
        return self._items.popleft()

    async def get(self) -> T:
        while not self._items:
            getter = asyncio.get_running_loop().create_future()
            self._getters.append(getter)
            try:
                await getter
            except BaseException:
                getter.cancel()
                if self._items and not getter.cancelled():
                    self._wake_next()  # this getter was woken for an item it will not take: the next one takes it
                raise
        return self._items.popleft()

    def _wake_next(self) -> None:
        getters = self._getters
        while getters:
            getter = getters.popleft()
            if not getter.done():
                getter.set_result(None)
                return
