"""A connection's text frames handed to the app in the step that reads them from the socket.

Through ASGI a client's frame is queued by the protocol, which stops reading its socket until the app's task
takes it: each frame costs a queue, a wake-up of the connection's task, the layers of Starlette's `receive`, and
a pause and a resumption of the socket's reading. Where the server offers it (`READ_TEXT`, `presidente serve`'s
protocol, `main.WebSocketProtocol`), a function of the app is given each whole text frame instead, as the
protocol reads it (only while nothing is queued before it, so frames keep their order). Everything else (binary
frames, the disconnection) still arrives through ASGI's `receive`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# The ASGI scope's extension, a function: given a function, the protocol hands it each text frame (its UTF-8 bytes)
# from then on instead of queueing it for `receive`; given None, it queues them again.
READ_TEXT = "presidente.read_text"


class ReadNow:
    """Have `reader` given a websocket's text frames as they arrive, where its protocol offers it, until `stop`. The
    reader must not raise (the protocol logs what it raises and drops the frame)."""

    def __init__(self, websocket: Any, reader: Callable[[bytes], None] | None) -> None:
        offer = (getattr(websocket, "scope", {}).get("extensions") or {}).get(READ_TEXT)
        self._offer: Callable[[Callable[[bytes], None] | None], None] | None = None
        if offer is not None and reader is not None:
            offer(reader)
            self._offer = offer

    @property
    def active(self) -> bool:
        return self._offer is not None

    def stop(self) -> None:
        """Frames go through ASGI's `receive` again."""
        offer, self._offer = self._offer, None
        if offer is not None:
            offer(None)
