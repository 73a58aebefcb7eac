"""A player on another device (issue 27): a one-time sign-in link (single use, 10 minutes by an injected wall clock,
only its hash stored) signs a second device in as the same player; a device signed out is refused over HTTP and on
the websocket, and its open table connection is closed; a token from before devices is its player's first device."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno
from server_helpers import Clock, join, new_player, new_table, receive, send, until
from sqlalchemy import create_engine, insert
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from test_play import play_to_end

from presidente.server import device_store
from presidente.server.app import create_app
from presidente.server.device_store import MAX_DEVICES, token_hash
from presidente.server.devices import Devices
from presidente.server.outbox import Outbox
from presidente.server.storage import Storage, metadata, players

PHONE = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"
)


class WallClock:
    """Seconds since the epoch, from a start the test moves forward."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def wall() -> WallClock:
    return WallClock()


def device_client(database: str, clock: Clock, wall: WallClock) -> TestClient:
    """make_client's app, its sign-in links expiring by `wall`."""
    app = create_app(
        database,
        intermission=0.0,
        bot_delay=0.0,
        clock=clock,
        message_burst=10_000,
        message_rate=1e4,
        new_players_per_minute=None,
        wall_clock=wall,
    )
    return TestClient(app)


@pytest.fixture
def client(database: str, clock: Clock, wall: WallClock) -> Iterator[TestClient]:
    with device_client(database, clock, wall) as test_client:
        yield test_client


def new_link(client: TestClient, token: str) -> str:
    answer = client.post("/api/me/devices/link", json={"token": token})
    assert answer.status_code == 200, answer.text
    assert answer.json()["minutes"] == 10
    link: str = answer.json()["link"]
    assert link.startswith("http://testserver/device#code=")
    assert answer.json()["qr"] == segno.make(link, error="m").svg_data_uri(scale=6, border=4), "the QR code holds it"
    return link.partition("#code=")[2]


def claim(client: TestClient, code: str, agent: str = PHONE) -> Any:
    return client.post("/api/devices/claim", json={"code": code}, headers={"user-agent": agent})


def me(client: TestClient, token: str) -> Any:
    return client.get("/api/me", headers={"x-token": token})


def refused(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.json()["code"] == code, response.text
    params: dict[str, Any] = response.json()["params"]
    return params


def database_text(database: str) -> str:
    """Every row of the SQLite database, as SQL."""
    with sqlite3.connect(database.partition(":///")[2]) as conn:
        return "\n".join(conn.iterdump())


def test_a_link_signs_another_device_in_as_the_same_player_once(client: TestClient, database: str) -> None:
    token = new_player(client, "Ann")
    ann = me(client, token).json()
    finished = new_table(client, token, bots=[None, "auto", "random"], options={"rounds": 1})
    with client.websocket_connect(f"/ws/{finished['id']}") as socket:
        play_to_end(socket, join(socket, token))
    table = new_table(client, token, bots=[None, "auto", "auto"], sit=True)
    rating = client.get("/api/ratings", params={"ids": ann["id"]}).json()["ratings"]

    code = new_link(client, token)
    answer = claim(client, code)
    assert answer.status_code == 200, answer.text
    phone = answer.json()["token"]
    assert phone != token and answer.json() == {"id": ann["id"], "name": "Ann", "token": phone}
    assert me(client, phone).json() == ann, "the same player: its id and name"
    (mine,) = client.get("/api/me/tables", headers={"x-token": phone}).json()["tables"]
    assert mine["id"] == table["id"] and mine["seat"] == 0, "the same seats"
    assert client.get("/api/ratings", params={"ids": ann["id"]}).json()["ratings"] == rating, "the same rating"
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        send(socket, type="hello", token=phone)
        assert until(socket, "welcome")["view"]["table"]["you"] == 0, "the phone plays the same seat"

    refused(claim(client, code), 410, "device_link_used")
    refused(claim(client, "no-such-code"), 404, "device_link_unknown")
    listed = client.get("/api/me/devices", headers={"x-token": phone}).json()["devices"]
    assert [(device["browser"], device["system"], device["current"]) for device in listed] == [
        (None, None, False),  # the test client's User-Agent names no browser
        ("Chrome", "Android", True),
    ]
    stored = database_text(database)
    assert code not in stored and token_hash(code) in stored, "only the code's hash is stored"
    assert phone not in stored and token not in stored and token_hash(phone) in stored, "tokens are stored hashed"


def test_a_link_expires_after_ten_minutes(client: TestClient, wall: WallClock) -> None:
    token = new_player(client, "Ann")
    code = new_link(client, token)
    wall.now += 599
    assert claim(client, code).status_code == 200, "a link works for 10 minutes"
    code = new_link(client, token)
    wall.now += 600
    assert refused(claim(client, code), 410, "device_link_expired") == {"minutes": 10}
    assert len(client.get("/api/me/devices", headers={"x-token": token}).json()["devices"]) == 2
    first, second = new_link(client, token), new_link(client, token)
    refused(claim(client, first), 404, "device_link_unknown")  # a newer link replaces an unused one
    assert claim(client, second).status_code == 200


def test_a_signed_out_device_is_refused_over_http_and_the_websocket(client: TestClient) -> None:
    token = new_player(client, "Ann")
    phone = claim(client, new_link(client, token)).json()["token"]
    table = new_table(client, token, bots=[None, "auto", "auto"], sit=True)
    devices = client.get("/api/me/devices", headers={"x-token": token}).json()["devices"]
    phone_id = next(device["id"] for device in devices if not device["current"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        send(socket, type="hello", token=phone)
        until(socket, "welcome")
        answer = client.post("/api/me/devices/revoke", json={"token": token, "device": phone_id})
        assert answer.json() == {"revoked": phone_id, "current": False}
        frame = until(socket, "error")
        assert frame["code"] == "device_revoked", "the phone's open connection is told, then closed"
        with pytest.raises(WebSocketDisconnect):
            for _ in range(100):
                receive(socket)
    refused(me(client, phone), 404, "device_revoked")
    refused(client.get("/api/me/tables", headers={"x-token": phone}), 404, "device_revoked")
    refused(client.post("/api/me/name", json={"token": phone, "name": "Eve"}), 401, "device_revoked")
    refused(client.get("/api/me/devices", headers={"x-token": phone}), 401, "device_revoked")
    refused(client.post("/api/me/devices/link", json={"token": phone}), 401, "device_revoked")
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        send(socket, type="hello", token=phone)
        assert until(socket, "error")["code"] == "device_revoked"
    assert me(client, token).status_code == 200, "the player's other device stays signed in"
    refused(client.post("/api/me/devices/revoke", json={"token": token, "device": phone_id}), 404, "no_such_device")
    refused(client.post("/api/me/devices/revoke", json={"token": "nobody"}), 401, "unknown_token")
    assert client.post("/api/me/devices/revoke", json={"token": token}).json()["current"] is True, "sign out here"
    refused(me(client, token), 404, "device_revoked")


def test_a_player_has_at_most_max_devices(client: TestClient) -> None:
    token = new_player(client, "Ann")
    for _ in range(MAX_DEVICES - 1):
        assert claim(client, new_link(client, token)).status_code == 200
    assert refused(client.post("/api/me/devices/link", json={"token": token}), 409, "too_many_devices") == {
        "max": MAX_DEVICES
    }


def test_a_token_from_before_devices_is_its_players_first_device(tmp_path: Path, clock: Clock) -> None:
    database = tmp_path / "old.db"
    engine = create_engine(f"sqlite:///{database}")
    with engine.begin() as conn:  # the schema and a player as they were before devices
        metadata.create_all(conn)
        conn.execute(insert(players).values(id="p1", name="Old", token_hash=token_hash("old-token"), created=1.0))
    engine.dispose()
    app = create_app(f"sqlite+aiosqlite:///{database}", clock=clock, new_players_per_minute=None)
    with TestClient(app) as client:
        assert me(client, "old-token").json() == {"id": "p1", "name": "Old"}
        (device,) = client.get("/api/me/devices", headers={"x-token": "old-token"}).json()["devices"]
        assert device["current"] and device["created"] == 1.0
    with sqlite3.connect(database) as conn:
        assert conn.execute("SELECT token_hash FROM players").fetchall() == [(None,)], "moved to the device"
    with TestClient(create_app(f"sqlite+aiosqlite:///{database}", clock=clock)) as client:
        assert me(client, "old-token").status_code == 200, "after the next start too"
        assert len(client.get("/api/me/devices", headers={"x-token": "old-token"}).json()["devices"]) == 1


class FakeSocket:
    """What an Outbox writes to: the frames sent and the close code."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))

    async def close(self, code: int = 1000) -> None:
        self.closed = code


def test_another_process_refuses_a_signed_out_token_and_closes_its_connections_within_the_recheck(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def run() -> None:
        here, there = Storage(database), Storage(database)
        await here.start()
        await there.start()
        try:
            player, token = await here.create_player("Ann")
            assert await there.player_by_token(token) == player  # known there now
            socket = FakeSocket()
            outbox = Outbox()
            outbox.start(socket)  # type: ignore[arg-type]
            devices_there = Devices(there, read_json=None, page=None)  # type: ignore[arg-type]
            devices_there.watch(token, outbox)  # a table connection of the device, in the other process
            (device,) = await here.devices.of_player(player.id)
            await here.devices.revoke(player.id, device["id"], time.time())
            assert await here.player_by_token(token) is None, "at once where it was signed out"
            assert await there.player_by_token(token) == player, "another process knew it a moment ago"
            monkeypatch.setattr(device_store, "TOKEN_RECHECK", 0.0)
            assert await there.player_by_token(token) is None, "and asks again after TOKEN_RECHECK"
            assert socket.sent == [] and socket.closed is None
            await devices_there.sweep()  # every TOKEN_RECHECK seconds
            assert [frame["code"] for frame in socket.sent] == ["device_revoked"] and socket.closed == 1008
        finally:
            await here.close()
            await there.close()

    asyncio.run(run())
