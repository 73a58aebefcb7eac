"""A connection's outgoing frames, written in order, most of them in the step that makes them.

Under load most of a server's frames went through a queue to a task per connection that woke up to write each
one. A frame is written at once instead, when its socket takes it without waiting (the case unless the client
reads too slowly): the ASGI send of uvicorn's sans-I/O websocket then returns without suspending, so the send's
coroutine is run to its end right there. Only a send that has to wait is finished by a task, and the frames put
meanwhile queue behind it. Where the server offers it (`WRITE_TEXT`, `presidente serve`'s protocol), a frame skips
the ASGI send's layers altogether and is written to the socket by the protocol itself.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any

from starlette.websockets import WebSocket

# The close code of a connection the server ends (`put_nowait(None)`): a policy reason, said in the frame before.
CLOSE_CODE = 1008
# The ASGI scope's extension, a function, that writes a text frame straight to the socket when it can without
# waiting (`main.WebSocketProtocol.write_text_now`): True when written, False to send it through ASGI instead.
WRITE_TEXT = "presidente.write_text"


class Outbox:
    """Frames (text) for one websocket, and None to close it after them. Frames put before `start` wait for it;
    frames put after the end (the socket failed or was closed) are dropped."""

    def __init__(self) -> None:
        self._queue: deque[str | None] = deque()
        self._websocket: WebSocket | None = None
        self._write_now: Callable[[bytes], bool] | None = None
        self._finishing: asyncio.Task[None] | None = None  # a send that had to wait, then the frames behind it
        self._ended = asyncio.Event()
        self.ended = False  # `_ended` set: a plain flag, read at every frame

    def start(self, websocket: WebSocket) -> None:
        """Write to `websocket` from now on, first what was put before."""
        self._websocket = websocket
        self._write_now = (getattr(websocket, "scope", {}).get("extensions") or {}).get(WRITE_TEXT)
        self._write_queued()

    def put_nowait(self, frame: str | None) -> None:
        if self.ended:
            return
        write_now = self._write_now
        # Nothing waits before it (the common case): written here, as `_write_queued` would, without the queue.
        nothing_before = self._finishing is None and not self._queue
        if write_now is not None and frame is not None and nothing_before and self._written_at_once(write_now, frame):
            return
        self._queue.append(frame)
        if self._finishing is None:
            self._write_queued()

    async def wait_ended(self) -> None:
        await self._ended.wait()

    def _write_queued(self) -> None:
        """Write queued frames in order until none is left or one has to wait (a task finishes that one)."""
        websocket, write_now = self._websocket, self._write_now
        while websocket is not None and self._queue and not self.ended:
            frame = self._queue.popleft()
            if frame is not None and write_now is not None and self._written_at_once(write_now, frame):
                continue  # written, or the socket failed and the loop's test sees the end
            step: Coroutine[Any, Any, None] = (
                websocket.close(code=CLOSE_CODE) if frame is None else websocket.send_text(frame)
            )
            try:
                waits_on = step.send(None)
            except StopIteration:
                if frame is None:
                    self._end()
                continue
            except Exception:
                self._end()  # the client went away: nothing more can be written
                return
            self._finishing = asyncio.create_task(self._finish(step, waits_on, closing=frame is None))
            return

    def _written_at_once(self, write_now: Callable[[bytes], bool], frame: str) -> bool:
        """Write `frame` straight to the socket: True when that is done with it (written, or the socket failed and
        the outbox ended), False when it has to go through the ASGI send."""
        try:
            return write_now(frame.encode())
        except Exception:
            self._end()  # the socket failed: nothing more can be written
            return True

    async def _finish(self, step: Coroutine[Any, Any, None], waits_on: Any, closing: bool) -> None:
        try:
            await _run_on(step, waits_on)
        except asyncio.CancelledError:
            self._end()
            raise
        except Exception:
            self._end()
            return
        finally:
            self._finishing = None
        if closing:
            self._end()
        else:
            self._write_queued()

    def _end(self) -> None:
        self._queue.clear()
        self.ended = True
        self._ended.set()


async def _run_on(step: Coroutine[Any, Any, None], waits_on: Any) -> None:
    """Run a coroutine on to its end from where it suspended, waiting on `waits_on`, as its own task would: wait
    for what it waits on, then resume it (it reads that outcome itself)."""
    try:
        while True:
            if waits_on is None:
                await asyncio.sleep(0)  # a bare yield: it asked for one turn of the loop
            else:
                await asyncio.wait([waits_on])  # done, whatever its outcome
            waits_on = step.send(None)
    except StopIteration:
        return
    finally:
        step.close()
