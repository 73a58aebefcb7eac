"""The websocket protocol's client messages as typed values (see docs/protocol.md).

`parse_client_message(text)` turns one websocket text frame into a message or raises `ProtocolError` with
a message meant for the person at the client. Server messages are plain dicts built by the table.
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, StrictBool, TypeAdapter, ValidationError

MAX_MESSAGE_BYTES = 4096
CHAT_LENGTH = 100
ACTION_LENGTH = 1000


class ProtocolError(ValueError):
    """A frame that is not a valid client message."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Hello(_Message):
    """First message: who is connecting, with the invite secret for a private table."""

    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=200)
    secret: str | None = Field(default=None, max_length=200)
    seq: int | None = None


class Sit(_Message):
    type: Literal["sit"]
    seat: int | None = None


class Act(_Message):
    type: Literal["act"]
    action: str = Field(max_length=ACTION_LENGTH)
    seat: int | None = None


class Stage(_Message):
    """The move to make when the turn timer runs out (empty: none)."""

    type: Literal["stage"]
    action: str = Field(max_length=1000)


class Ready(_Message):
    type: Literal["ready"]


class Leave(_Message):
    type: Literal["leave"]


class Chat(_Message):
    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=CHAT_LENGTH)


class Resync(_Message):
    type: Literal["resync"]
    seq: int = Field(ge=0)


class Ping(_Message):
    type: Literal["ping"]


class Check(_Message):
    """Would the engine take this move now? Answered by `checked` to you alone (the table does not change)."""

    type: Literal["check"]
    action: str = Field(max_length=1000)


class Hint(_Message):
    """What the strongest bot would play now for your seat, answered to you alone."""

    type: Literal["hint"]


class Rematch(_Message):
    """At the match's end, play again with the same people and rules (yes or no); the first answer opens the offer."""

    type: Literal["rematch"]
    accept: StrictBool


class RematchChoose(_Message):
    """The table's creator: whether bots take the declined seats, whether the seats move one place round."""

    type: Literal["rematch_choose"]
    fill_bots: StrictBool | None = None
    rotate: StrictBool | None = None


ClientMessage = Annotated[
    Hello | Sit | Act | Stage | Ready | Leave | Chat | Resync | Ping | Hint | Check | Rematch | RematchChoose,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
TYPES = (
    "hello",
    "sit",
    "act",
    "stage",
    "ready",
    "leave",
    "chat",
    "resync",
    "ping",
    "hint",
    "check",
    "rematch",
    "rematch_choose",
)


def parse_client_message(text: str) -> ClientMessage:
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"Message too large: at most {MAX_MESSAGE_BYTES} bytes.")
    move = _plain_move(text)
    if move is not None:
        return move
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ProtocolError(f"Malformed JSON: {error.msg} at position {error.pos}.") from error
    except RecursionError:
        raise ProtocolError("Malformed JSON: nested too deeply.") from None
    if not isinstance(data, dict):
        raise ProtocolError("A message is a JSON object with a 'type'.")
    kind = data.get("type")
    if kind not in TYPES:
        raise ProtocolError(f"Unknown message type {kind!r}: expected one of {', '.join(TYPES)}.")
    for key, value in data.items():
        if isinstance(value, str) and not _is_text(value):
            raise ProtocolError(f"Bad '{kind}' message: {key}: holds characters that are not text.")
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"][1:]) or "message"
        raise ProtocolError(f"Bad '{kind}' message: {where}: {first['msg']}.") from error


def _plain_move(text: str) -> Act | None:
    """The most common message, a move (`{"type": "act", "action": "..."}`, a seat number or null beside it), read
    without the adapter's discriminated union: the same `Act` as it gives; None for anything else, which the adapter
    reads (and words its refusal) as ever. orjson takes only what the standard library's JSON reader also reads, to
    the same values (it refuses NaN, lone surrogates and integers past 64 bits, which are left to the adapter)."""
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    if type(data) is not dict or data.get("type") != "act":
        return None
    action, seat = data.get("action"), data.get("seat")
    if (
        len(data) != 2 + ("seat" in data)
        or type(action) is not str
        or len(action) > ACTION_LENGTH
        or (seat is not None and type(seat) is not int)
    ):
        return None
    return Act(type="act", action=action, seat=seat) if "seat" in data else Act(type="act", action=action)


def _is_text(value: str) -> bool:
    """Whether a string can be stored and sent as UTF-8 (JSON's \\ud800 escapes decode to lone surrogates)."""
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True
