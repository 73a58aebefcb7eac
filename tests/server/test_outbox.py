"""A connection's outbox: frames in order, written at once while the socket takes them, and finished by a task
when a send has to wait (a client reading too slowly)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from presidente.server.outbox import CLOSE_CODE, Outbox


class FakeSocket:
    """Records what is written; while `paused` is clear a send waits, as uvicorn's does when the client's socket
    buffer is full. `broken` makes every send fail, as after the client went away."""

    def __init__(self) -> None:
        self.written: list[Any] = []
        self.paused = asyncio.Event()
        self.paused.set()
        self.broken = False

    async def send_text(self, frame: str) -> None:
        await self.paused.wait()
        if self.broken:
            raise OSError("the client went away")
        self.written.append(frame)

    async def close(self, code: int = 1000) -> None:
        await self.paused.wait()
        self.written.append(("close", code))


def started(socket: FakeSocket) -> Outbox:
    outbox = Outbox()
    outbox.start(socket)  # type: ignore[arg-type]
    return outbox


def test_a_frame_is_written_in_the_step_that_puts_it_while_the_socket_takes_it() -> None:
    async def scenario() -> None:
        socket = FakeSocket()
        outbox = started(socket)
        outbox.put_nowait("a")
        outbox.put_nowait("b")
        assert socket.written == ["a", "b"]  # no turn of the loop in between
        outbox.put_nowait(None)
        assert socket.written == ["a", "b", ("close", CLOSE_CODE)]
        assert outbox.ended
        outbox.put_nowait("late")
        assert socket.written[-1] == ("close", CLOSE_CODE)

    asyncio.run(scenario())


def test_frames_put_before_start_are_written_first_in_order() -> None:
    async def scenario() -> None:
        socket = FakeSocket()
        outbox = Outbox()
        outbox.put_nowait("welcome")
        outbox.put_nowait("update")
        assert socket.written == []
        outbox.start(socket)  # type: ignore[arg-type]
        outbox.put_nowait("next")
        assert socket.written == ["welcome", "update", "next"]

    asyncio.run(scenario())


def test_a_send_that_waits_keeps_the_order_of_the_frames_behind_it_and_the_close_last() -> None:
    async def scenario() -> None:
        socket = FakeSocket()
        outbox = started(socket)
        outbox.put_nowait("1")
        socket.paused.clear()
        for frame in ("2", "3", None):
            outbox.put_nowait(frame)
        await asyncio.sleep(0.01)
        assert socket.written == ["1"] and not outbox.ended
        socket.paused.set()
        await asyncio.wait_for(outbox.wait_ended(), 1)
        assert socket.written == ["1", "2", "3", ("close", CLOSE_CODE)]

    asyncio.run(scenario())


@pytest.mark.parametrize("waiting", [False, True])
def test_a_failed_send_ends_the_outbox_and_drops_what_follows(waiting: bool) -> None:
    async def scenario() -> None:
        socket = FakeSocket()
        outbox = started(socket)
        socket.broken = True
        if waiting:
            socket.paused.clear()
        outbox.put_nowait("lost")
        outbox.put_nowait("dropped")
        socket.paused.set()
        await asyncio.wait_for(outbox.wait_ended(), 1)
        assert socket.written == []
        outbox.put_nowait(None)
        assert socket.written == []

    asyncio.run(scenario())


class FakeTransport:
    def __init__(self) -> None:
        self.written: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.written.append(data)


def open_protocol() -> Any:
    """`presidente serve`'s websocket protocol past its handshake, writing to a fake transport."""
    import uvicorn
    from uvicorn.server import ServerState
    from websockets.protocol import State

    from presidente.server.main import WebSocketProtocol, uvicorn_options

    config = uvicorn.Config(lambda *_: None, **uvicorn_options())
    config.load()
    protocol = WebSocketProtocol(config, ServerState(), {})
    protocol.transport = FakeTransport()  # type: ignore[assignment]
    protocol.handshake_complete = True
    protocol.conn.state = State.OPEN
    return protocol


@pytest.mark.parametrize("length", [0, 125, 126, 65535, 65536])
def test_the_protocol_writes_a_frame_with_the_bytes_websockets_would(length: int) -> None:
    from websockets.frames import Frame, Opcode

    async def scenario() -> None:
        protocol = open_protocol()
        data = b"x" * length
        assert protocol.write_text_now(data)
        assert protocol.transport.written == [Frame(Opcode.TEXT, data).serialize(mask=False)]

    asyncio.run(scenario())


def test_the_protocol_leaves_to_asgi_a_frame_it_cannot_write_at_once() -> None:
    async def scenario() -> None:
        protocol = open_protocol()
        protocol.writable.clear()  # the client's socket buffer is full: a send waits
        assert not protocol.write_text_now(b"{}")
        protocol.writable.set()
        protocol.close_sent = True
        assert not protocol.write_text_now(b"{}")
        assert protocol.transport.written == []

    asyncio.run(scenario())
