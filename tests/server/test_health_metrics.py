"""/healthz, /readyz and /metrics (issue 14's health and metrics part)."""

from __future__ import annotations

import json
import logging
import re
import sqlite3

import pytest
from server_helpers import join, new_player, new_table, send, until
from starlette.testclient import TestClient

from presidente.server import logs


def sample(text: str, name: str, labels: str = "") -> float:
    """One sample's value from the Prometheus text exposition (0 when absent)."""
    pattern = re.escape(name) + (r"\{" + re.escape(labels) + r"\}" if labels else "") + r" ([0-9.e+-]+)"
    found = re.search("^" + pattern + "$", text, re.MULTILINE)
    return float(found[1]) if found else 0.0


def test_health_and_readiness(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    assert client.get("/readyz").json() == {"status": "ready"}


def test_metrics_count_tables_seats_connections_moves_and_refusals(client: TestClient, database: str) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "auto"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        join(socket, token)
        send(socket, type="act", action="7X")
        until(socket, "error")
        socket.send_text("{broken")
        until(socket, "error")
        send(socket, type="ping")
        until(socket, "pong")
        text = client.get("/metrics").text
        assert sample(text, "presidente_tables", 'status="playing"') == 1
        assert sample(text, "presidente_seats", 'kind="bot"') == 2
        assert sample(text, "presidente_seats", 'kind="human"') == 1
        assert sample(text, "presidente_connections") == 1
        assert sample(text, "presidente_errors_total", 'kind="refused"') == 2
        with sqlite3.connect(database.split("///", 1)[1]) as conn:
            (stored,) = conn.execute("SELECT COUNT(*) FROM moves").fetchone()
        assert sample(text, "presidente_moves_total", 'game="president"') == stored
        assert sample(text, "presidente_storage_commit_seconds_count") >= 1
        assert sample(text, "presidente_command_seconds_count") >= 1


def test_json_logs_carry_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    logs.configure(json_lines=True)
    try:
        logging.getLogger("presidente.server").error("table t1 failed", extra={"table": "t1"})
        try:
            raise KeyError("boom")
        except KeyError:
            logging.getLogger("presidente.server").exception("no table here")
    finally:
        logging.getLogger(logs.LOGGER).handlers.clear()
        logging.getLogger(logs.LOGGER).propagate = True
    first, second = (json.loads(line) for line in capsys.readouterr().err.splitlines()[:2])
    assert first["table"] == "t1" and first["level"] == "error" and first["message"] == "table t1 failed"
    assert "table" not in second and "KeyError: 'boom'" in second["error"]
