"""Events: what happened at the table, in order, for logs, observations and clients."""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    """Something that happened. `payload` is hidden from every seat outside `secret_for` (when set)."""

    kind: str
    seat: int | None
    payload: object = None
    secret_for: tuple[int, ...] | None = None
