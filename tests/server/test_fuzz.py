"""Protocol fuzzing (issue 13): random websocket frames and HTTP bodies never give a 500, never log a
traceback, and never change the honest table beside them. Bounded by hypothesis' example counts."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import Clock, join, make_client, new_player, new_table, send, until
from starlette.testclient import TestClient

from presidente.server.protocol import TYPES

FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
field_names = st.sampled_from(["type", "token", "secret", "seq", "seat", "action", "text", "name", "options"])
# Messages near the protocol's shape (a known type, known and unknown fields of any value), and raw text.
messages = st.one_of(
    st.builds(
        lambda kind, fields: json.dumps({"type": kind, **fields}),
        st.sampled_from([*TYPES, "teleport"]),
        st.dictionaries(field_names, json_values, max_size=3),
    ),
    json_values.map(json.dumps),
    st.text(max_size=60),
    st.sampled_from(["[" * 3000, '{"type": "chat", "text": "\\ud800"}', "\x00", '{"type":"act","action":"JK=JK"}']),
)
http_bodies = st.one_of(
    st.dictionaries(
        st.sampled_from(["token", "name", "game", "preset", "seats", "bots", "options", "private", "allow_all_bots"]),
        json_values,
        max_size=6,
    ).map(lambda body: json.dumps(body).encode()),
    st.binary(max_size=80),
    st.sampled_from([b"[" * 50_000, b'{"name": "\\udfff"}', b"\xff\xfe", b"{" * 10]),
)


@pytest.fixture
def fuzz_client(tmp_path: Any) -> Iterator[TestClient]:
    with make_client(f"sqlite+aiosqlite:///{tmp_path / 'fuzz.db'}", Clock()) as client:
        yield client


def honest_state(client: TestClient, token: str, table_id: str) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        send(socket, type="hello", token=token)
        view: dict[str, Any] = until(socket, "welcome")["view"]
    return view["game"]


def test_fuzzed_websocket_frames_are_answered_and_change_no_other_table(
    fuzz_client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    client = fuzz_client
    ann, eve = new_player(client), new_player(client, "Eve")
    honest = new_table(client, ann, bots=[None, "auto", "auto"])
    target = new_table(client, eve, bots=[None, "auto", "auto"])
    with client.websocket_connect(f"/ws/{honest['id']}") as socket:
        join(socket, ann)
    before = honest_state(client, ann, honest["id"])
    with client.websocket_connect(f"/ws/{target['id']}") as socket:
        join(socket, eve)

        @FUZZ
        @given(text=messages)
        def fuzz(text: str) -> None:
            socket.send_text(text)
            send(socket, type="ping")
            # Whatever the fuzzed frame caused, then the pong. A fuzzed "leave" takes Eve out of her seat, and the
            # bots (no delay here) then play the match on by themselves: 236 updates came before one pong, so a
            # cap of 200 frames failed whenever the pong came late on a loaded machine.
            until(socket, "pong")

        fuzz()
    assert honest_state(client, ann, honest["id"]) == before
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


def test_fuzzed_http_bodies_get_a_clear_answer_never_a_500(
    fuzz_client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    client = fuzz_client
    token = new_player(client)
    honest = new_table(client, token, bots=[None, "auto", "auto"])
    lobby_before = client.get("/api/tables").json()

    @FUZZ
    @given(body=http_bodies, route=st.sampled_from(["/api/players", "/api/tables"]))
    def fuzz(body: bytes, route: str) -> None:
        response = client.post(route, content=body, headers={"content-type": "application/json"})
        assert response.status_code in (200, 400, 401, 413), (route, body[:60], response.text[:200])
        if response.status_code != 200:
            message = response.json()["error"]
            assert isinstance(message, str) and 0 < len(message) < 400

    fuzz()
    lobby_after = client.get("/api/tables").json()["tables"]
    assert next(t for t in lobby_after if t["id"] == honest["id"]) == next(
        t for t in lobby_before["tables"] if t["id"] == honest["id"]
    )
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
