"""Every HTTP refusal a player can meet carries its `code` and `params` beside the English `error` (issue 26), the
code one of `refusals.HTTP_CODES`, which the pages word as `error-<code>`."""

from __future__ import annotations

from typing import Any

from server_helpers import new_player
from starlette.testclient import TestClient

from presidente.server.refusals import HTTP_CODES


def refused(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code and set(body) == {"error", "code", "params"}, body
    assert code in HTTP_CODES
    return body["params"]


def test_each_http_refusal_carries_its_code_and_params(client: TestClient) -> None:
    token = new_player(client, "Ann")
    table = {"token": token, "name": "t"}
    params = refused(client.post("/api/tables", json={**table, "options": {"decks": 9}}), 400, "decks_over_server")
    assert params == {"option": "decks", "min": 1, "max": 4, "value": 9}
    params = refused(client.post("/api/tables", json={**table, "options": {"rounds": -3}}), 400, "out_of_bounds")
    assert params["option"] == "rounds" and params["value"] == -3
    refused(client.post("/api/tables", json={**table, "seats": 9}), 400, "bad_seats")
    refused(client.post("/api/tables", json={"name": "t"}), 401, "create_player_first")
    assert refused(client.post("/api/tables", json={"token": token, "name": ""}), 400, "text_length")["field"] == "name"
    refused(client.post("/api/tables", content=b"[1"), 400, "body_not_json")
    refused(client.post("/api/tables", content=b"[]"), 400, "body_not_object")
    refused(client.get("/api/me", headers={"x-token": "nobody"}), 404, "unknown_token")
    refused(client.get("/api/tables/abc"), 404, "no_such_table")
    refused(client.get("/api/replay/abc"), 404, "not_replayable")
    assert refused(client.get("/api/ratings?ids=" + ",".join("x" * 17)), 400, "too_many_ratings") == {"max": 16}
    refused(client.get("/api/record/abc"), 404, "record_closed")
    assert refused(client.post("/api/record", json={"game": "president"}), 400, "record_refused")["reason"]
