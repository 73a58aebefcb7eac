"""A frame's JSON is the same whichever way the server reaches it.

The table encodes a frame with orjson's plain (faster) call and uses its option for keys that are not strings
only when a value holds such a key; update frames are put together from parts encoded once (presidente/server/
table.py). These tests hold both to the bytes one orjson call with that option gives for the whole frame.
"""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from presidente.server import protocol as p
from presidente.server.table import Player, Seat, Table, TableConfig, encode, encode_bytes


def reference(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


def test_string_keys_encode_as_one_call_with_the_option_does() -> None:
    body = {"type": "update", "seq": 3, "lines": ["Ann plays 3C é"], "view": {"turn_left": 12.5, "staged": None}}
    assert encode_bytes(body) == reference(body)
    assert encode(body) == reference(body).decode()


def test_a_seat_number_as_key_is_written_as_a_string() -> None:
    body = {"type": "sync", "lines": {0: ["mine"], None: ["public"]}}
    assert encode_bytes(body) == reference(body) == b'{"type":"sync","lines":{"0":["mine"],"null":["public"]}}'


def test_a_value_json_cannot_hold_is_refused() -> None:
    with pytest.raises(TypeError):
        encode_bytes({"view": object()})


def test_update_frames_equal_the_whole_frame_encoded_at_once() -> None:
    # The smallest table that sends updates to a seated person and to a spectator: two seats, one a bot.
    config = TableConfig("t", "frames", "president", "victorz", {}, 2, 5, 30)
    table = Table(config, [Seat("empty"), Seat("bot", bot="random")], now=0.0, intermission=0.0, bot_delay=0.0)
    ann = Player("a", "Ann")
    table.connect(1, ann, None, 0.0)
    table.connect(2, None, None, 0.0)
    effects = table.handle(1, p.Sit(type="sit", seat=0), 0.0)
    now = 0.0
    for _ in range(6):
        now += 1.0
        effects.extend(table.tick(now))
    updates = [(conn, frame) for conn, frame in effects.send if frame.startswith('{"type":"update"')]
    assert {conn for conn, _ in updates} == {1, 2}
    for _, frame in updates:
        assert frame.encode() == reference(orjson.loads(frame))  # well-formed, keys once each, in order
    # The last update each connection got holds the table as it is now (the turn's clock read before the move
    # restarted it): it equals that view encoded whole.
    last = dict(updates)
    for conn, seat, player in ((1, 0, ann), (2, None, None)):
        sent = orjson.loads(last[conn])
        view = table.view(seat, player, now)
        view["table"] = {**view["table"], "turn_left": sent["view"]["table"]["turn_left"]}
        assert last[conn] == encode({**sent, "view": view})
