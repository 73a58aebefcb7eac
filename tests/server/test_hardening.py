"""Issue 13: one bad table never stops the others nor a restart; every input is bounded and checked.

Each test names the problem of the issue it closes (1-7)."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Clock, join, make_client, new_player, new_table, receive, send, until
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from presidente.server import actor as actor_module
from presidente.server import protocol as p
from presidente.server.actor import DAMAGED_MESSAGE, FAULT_MESSAGE, MAX_OPEN_TABLES_PER_PLAYER
from presidente.server.app import (
    BINARY_REFUSED,
    DAMAGED_CLOSE,
    MAX_BODY,
    NEW_PLAYER_BURST,
    NEW_PLAYERS_PER_MINUTE,
    create_app,
)
from presidente.server.games import check_options
from presidente.server.main import NEW_PLAYERS_SETTING, new_players_limit
from presidente.server.storage import DatabaseError, Storage, database_url
from presidente.server.table import Player, Seat, Table, TableConfig

# Every wait below polls at most this long (real seconds).
WAIT_LIMIT = 20.0
ANN, BOB = Player("a", "Ann"), Player("b", "Bob")


def my_turn_frame(socket: Any, frame: dict[str, Any], seat: int) -> dict[str, Any]:
    """Frames until it is `seat`'s turn to play (the bots move at once)."""
    for _ in range(300):
        view = frame.get("view")
        if view and view["game"] and view["game"]["current"] == seat and view["game"]["legal"]:
            return frame
        frame = receive(socket)
    raise AssertionError(f"never seat {seat}'s turn")


def stored_moves(database: str, table_id: str) -> list[tuple[int, Any, str]]:
    path = database.split("///", 1)[1]
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT n, seat, text FROM moves WHERE table_id = ? ORDER BY n", (table_id,)).fetchall()


def server_errors(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR]


def wait_until(check: Any, what: str) -> Any:
    deadline = time.monotonic() + WAIT_LIMIT
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


# ---------------------------------------------------------------------------------------------- problem 1


def test_1_a_command_that_fails_inside_the_engine_leaves_the_table_as_it_was(
    client: TestClient, database: str, caplog: pytest.LogCaptureFixture
) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "auto"])
    actors = client.app.state.hub.actors  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        frame = my_turn_frame(socket, join(socket, token), 0)
        before = frame["view"]["game"]
        moves_before = stored_moves(database, table["id"])
        game = actors[table["id"]].table.game
        real_apply = game.apply

        def apply_then_fail(state: Any, seat: int, text: str) -> None:
            real_apply(state, seat, text)  # the state is changed, then a bug strikes
            raise TypeError("unsupported operand type(s) for +=: 'int' and 'str'")

        game.apply = apply_then_fail
        send(socket, type="act", action=before["legal"][-1])
        error = until(socket, "error")
        assert error["message"] == FAULT_MESSAGE and error["seq"] == frame["seq"]
        send(socket, type="resync", seq=frame["seq"])
        sync = until(socket, "sync")
        assert sync["seq"] == frame["seq"] and sync["view"]["game"] == before, "rolled back to the stored state"
        assert stored_moves(database, table["id"]) == moves_before
        assert len(server_errors(caplog)) == 1, "logged once"
        # The rebuilt table plays on with the engine as it is.
        send(socket, type="act", action=before["legal"][-1])
        assert until(socket, "update")["seq"] == frame["seq"] + 1
    after = stored_moves(database, table["id"])
    assert after[: len(moves_before) + 1] == [*moves_before, (len(moves_before), 0, before["legal"][-1])]


def test_1_a_failing_automatic_move_pauses_that_table_and_the_others_play_on(
    client: TestClient, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    token = new_player(client)
    broken = new_table(client, token, bots=[None, "auto", "auto"])
    honest = new_table(client, token, bots=[None, "auto", "auto"])
    actors = client.app.state.hub.actors  # type: ignore[attr-defined]
    with (
        client.websocket_connect(f"/ws/{broken['id']}") as socket,
        client.websocket_connect(f"/ws/{honest['id']}") as other,
    ):
        frame = my_turn_frame(socket, join(socket, token), 0)

        def failing_auto_action(state: Any) -> str:
            raise KeyError("a bug in the timeout move")

        actors[broken["id"]].table.game.auto_action = failing_auto_action
        clock.advance(60)  # the turn timer runs out
        send(socket, type="ping")
        update = until(socket, "update")
        assert update["events"][0]["type"] == "notice" and "An automatic move failed" in update["events"][0]["message"]
        assert update["view"]["game"]["hand"] == frame["view"]["game"]["hand"]
        errors = server_errors(caplog)
        assert len(errors) == 1 and "rolled back" in errors[0].getMessage()
        # Paused, not retried at full speed: nothing more happens until the player moves.
        clock.advance(60)
        send(socket, type="ping")
        assert until(socket, "pong")["seq"] == update["seq"]
        send(socket, type="act", action=update["view"]["game"]["legal"][-1])
        assert until(socket, "update")["seq"] == update["seq"] + 1, "a player's own move goes through"
        # The other table was never held up.
        played = my_turn_frame(other, join(other, token), 0)
        send(other, type="act", action=played["view"]["game"]["legal"][-1])
        assert until(other, "update")["seq"] > played["seq"]


def damage(database: str, table_id: str) -> None:
    """Make a stored table unreplayable: its first move becomes one no player could have made."""
    path = database.split("///", 1)[1]
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE moves SET text = 'give JK JK JK' WHERE table_id = ? AND n = 0", (table_id,))


def test_1_a_damaged_table_does_not_stop_a_restart_and_the_others_resume(
    database: str, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    with make_client(database, clock) as client:
        token = new_player(client)
        bad, good = (new_table(client, token, bots=[None, "auto", "auto"]) for _ in range(2))
        for table in (bad, good):
            with client.websocket_connect(f"/ws/{table['id']}") as socket:
                frame = my_turn_frame(socket, join(socket, token), 0)
                send(socket, type="act", action=frame["view"]["game"]["legal"][-1])
                until(socket, "update")
    damage(database, bad["id"])
    with make_client(database, clock) as client:
        assert [t["id"] for t in client.get("/api/damaged").json()["tables"]] == [bad["id"]]
        lobby = [t["id"] for t in client.get("/api/tables").json()["tables"]]
        assert good["id"] in lobby and bad["id"] not in lobby
        assert client.get(f"/api/tables/{bad['id']}").json()["error"] == DAMAGED_MESSAGE
        with client.websocket_connect(f"/ws/{bad['id']}") as socket:
            assert receive(socket)["message"] == DAMAGED_MESSAGE
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_text()
            assert closed.value.code == DAMAGED_CLOSE
        with client.websocket_connect(f"/ws/{good['id']}") as socket:
            frame = my_turn_frame(socket, join(socket, token), 0)
            send(socket, type="act", action=frame["view"]["game"]["legal"][-1])
            assert until(socket, "update")["seq"] == frame["seq"] + 1
    assert any("does not replay" in r.getMessage() for r in server_errors(caplog))
    # A damaged table stays damaged (kept for inspection) across later restarts.
    with make_client(database, clock) as client:
        assert [t["id"] for t in client.get("/api/damaged").json()["tables"]] == [bad["id"]]


# ---------------------------------------------------------------------------------------------- problem 2


def test_2_an_abandoned_table_does_not_play_itself(client: TestClient, database: str, clock: Clock) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "random", "random"], game="el-presidente", preset="standard")
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        my_turn_frame(socket, join(socket, token), 0)  # the bots wait for seat 0 now
    count = len(stored_moves(database, table["id"]))
    for _ in range(5):
        clock.advance(3600)
        time.sleep(0.05)
    assert len(stored_moves(database, table["id"])) == count, "nobody there: no automatic moves"
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        send(socket, type="hello", token=token)
        welcome = until(socket, "welcome")
        assert welcome["view"]["table"]["turn_left"] == pytest.approx(20, abs=1), "a full turn on return"


def test_2_a_bots_only_table_plays_only_while_watched(client: TestClient, database: str) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=["random", "random", "random"], allow_all_bots=True)
    time.sleep(0.3)
    assert stored_moves(database, table["id"]) == []
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        send(socket, type="hello")
        until(socket, "welcome")
        until(socket, "update")
    assert stored_moves(database, table["id"])


def test_2_automatic_moves_for_an_away_seat_are_paced_like_a_bots() -> None:
    checked = check_options("president", "victorz", {}, 2)
    config = TableConfig("t1", "Pace", "president", checked.preset, checked.options, 2, 5, checked.turn_time)
    table = Table(config, [Seat("empty"), Seat("empty")], now=0.0, intermission=0.0, bot_delay=0.8)
    for conn, player in ((1, ANN), (2, BOB)):
        table.connect(conn, player, None, 0.0)
        table.handle(conn, p.Sit(type="sit", seat=conn - 1), 0.0)
    table.disconnect(1, 0.0)  # Ann away; Bob stays, so the table plays on (nobody there: it would wait)
    now, times = 10.0, []
    for _ in range(6):
        due = table.deadline()
        assert due is not None
        now = max(now, due)
        count = len(table.moves)
        table.tick(now)
        assert len(table.moves) == count + 1, "one automatic move per deadline, not a burst"
        times.append(now)
    assert all(later - earlier >= 0.8 - 1e-9 for earlier, later in itertools.pairwise(times))


def test_2_restart_does_not_wait_for_a_long_table(database: str, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    with make_client(database, clock) as client:
        token = new_player(client)
        long, short = (new_table(client, token, bots=[None, "auto", "auto"]) for _ in range(2))
        with client.websocket_connect(f"/ws/{short['id']}") as socket:
            join(socket, token)
        with client.websocket_connect(f"/ws/{long['id']}") as socket:
            frame = join(socket, token)
            for _ in range(3):
                frame = my_turn_frame(socket, frame, 0)
                send(socket, type="act", action=frame["view"]["game"]["legal"][-1])
                frame = until(socket, "update")
    short_moves = len(stored_moves(database, short["id"]))
    assert len(stored_moves(database, long["id"])) > short_moves
    # The long table stands for a runaway one: beyond what is replayed before opening, and slow to replay.
    real_restore = actor_module.restore_stored

    def slow_restore(stored: Any, *args: Any) -> Any:
        if stored.config.id == long["id"]:
            time.sleep(1.5)
        return real_restore(stored, *args)

    monkeypatch.setattr(actor_module, "restore_stored", slow_restore)
    monkeypatch.setattr(actor_module, "RESUME_BEFORE_OPEN", short_moves)
    started = time.monotonic()
    with make_client(database, clock) as client:
        assert time.monotonic() - started < 1.0, "the server opened before the long table was replayed"
        assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [short["id"]]
        with client.websocket_connect(f"/ws/{short['id']}") as socket:
            frame = my_turn_frame(socket, join(socket, token), 0)
            send(socket, type="act", action=frame["view"]["game"]["legal"][-1])
            until(socket, "update")
        # A connection to the table still being rebuilt waits for it rather than failing.
        with client.websocket_connect(f"/ws/{long['id']}") as socket:
            assert join(socket, token)["view"]["table"]["you"] == 0


# ---------------------------------------------------------------------------------------------- problem 3


def test_3_strings_are_bounded_and_never_echoed_whole(client: TestClient) -> None:
    token = new_player(client)
    big = "x" * 10_000  # five of them stay below the body limit, far above any field's
    cases: list[dict[str, Any]] = [
        {"name": big},
        {"preset": big},
        {"options": {"role_titles": [big] * 5}},
        {"options": {big: 1}},
        {"bots": [None, big]},
        {"game": big},
    ]
    for fields in cases:
        body = {"token": token, "name": "T", "game": "president", "preset": "victorz", "seats": 3, **fields}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400, fields.keys()
        assert len(response.text) < 400, response.text[:100]
    response = client.post("/api/players", json={"name": big})
    assert response.status_code == 400 and len(response.text) < 200
    assert client.get("/api/tables/" + "a" * 5000).status_code == 404
    assert client.get("/api/me", headers={"x-token": big}).status_code == 404


# ---------------------------------------------------------------------------------------------- problem 4


def test_4_tables_per_player_are_limited(client: TestClient) -> None:
    token = new_player(client)
    for _ in range(MAX_OPEN_TABLES_PER_PLAYER):
        new_table(client, token, bots=[None, "auto", "auto"])
    body = {"token": token, "name": "One more", "game": "president", "preset": "victorz", "seats": 3}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400 and "open tables" in response.json()["error"]
    other = new_player(client, "Bob")
    assert client.post("/api/tables", json={**body, "token": other}).status_code == 200


def test_4_request_bodies_are_read_no_further_than_the_limit(client: TestClient) -> None:
    huge = b'{"name": "' + b"x" * (MAX_BODY + 10) + b'"}'
    response = client.post("/api/players", content=huge, headers={"content-type": "application/json"})
    assert response.status_code == 413 and "too large" in response.json()["error"]

    def chunks() -> Any:  # no Content-Length: the limit holds while streaming
        for _ in range(100):
            yield b"x" * 10_000

    response = client.post("/api/tables", content=chunks())
    assert response.status_code == 413


def test_4_one_address_makes_a_bounded_number_of_players(database: str) -> None:
    """A script that makes thousands of players fills the database: one address gets a first burst, then
    `NEW_PLAYERS_PER_MINUTE`; a refusal is a 429 that says why and stores nothing."""
    frozen = [1000.0]  # no refill while the burst is spent, however slow the machine

    def clock() -> float:
        return frozen[0]

    with TestClient(create_app(database, intermission=0, bot_delay=0, clock=clock)) as client:
        made = [client.post("/api/players", json={"name": f"p{i}"}) for i in range(NEW_PLAYER_BURST)]
        assert all(response.status_code == 200 for response in made)
        refused = client.post("/api/players", json={"name": "one more"})
        assert refused.status_code == 429 and "Too many new players" in refused.json()["error"]
        metrics = client.get("/metrics").text
        assert 'presidente_errors_total{kind="new_players_limited"} 1.0' in metrics
        frozen[0] += 60 / NEW_PLAYERS_PER_MINUTE  # one more a little later
        assert client.post("/api/players", json={"name": "later"}).status_code == 200
        assert client.post("/api/players", json={"name": "too soon"}).status_code == 429
    with sqlite3.connect(database.partition(":///")[2]) as db:
        assert db.execute("SELECT count(*) FROM players").fetchone()[0] == NEW_PLAYER_BURST + 1


def test_4_the_new_player_limit_is_set_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(NEW_PLAYERS_SETTING, raising=False)
    assert new_players_limit() == NEW_PLAYERS_PER_MINUTE
    monkeypatch.setenv(NEW_PLAYERS_SETTING, "0")
    assert new_players_limit() is None
    monkeypatch.setenv(NEW_PLAYERS_SETTING, "5")
    assert new_players_limit() == 5.0
    for bad in ("many", "-1", "nan"):
        monkeypatch.setenv(NEW_PLAYERS_SETTING, bad)
        with pytest.raises(SystemExit, match="players a minute"):
            new_players_limit()


def test_4_a_waiting_table_nobody_visits_expires(database: str, clock: Clock) -> None:
    app = create_app(database, intermission=0, bot_delay=0, clock=clock)
    with TestClient(app) as client:
        app.state.hub.waiting_lifetime = 0.2
        token = new_player(client)
        table = new_table(client, token, bots=[None, None, "auto"])
        wait_until(lambda: table["id"] not in [t["id"] for t in client.get("/api/tables").json()["tables"]], "expiry")
        assert "nobody came" in client.get(f"/api/tables/{table['id']}").json()["error"]
        # Expired tables are not resumed by a restart, and no longer count against their creator.
    with make_client(database, clock) as client:
        assert client.get("/api/tables").json()["tables"] == []


# ---------------------------------------------------------------------------------------------- problem 5


def test_5_the_sequence_number_never_goes_back_across_a_restart(database: str, clock: Clock) -> None:
    with make_client(database, clock) as client:
        ann, bob = new_player(client), new_player(client, "Bob")
        table = new_table(client, ann, bots=[None, None, "auto"])
        with client.websocket_connect(f"/ws/{table['id']}") as a:
            join(a, ann)
            for _ in range(3):  # joins, leaves and reconnections count, not only moves
                with client.websocket_connect(f"/ws/{table['id']}") as b:
                    join(b, bob)
                    send(b, type="leave")
                    until(b, "update")
            send(a, type="ping")
            last = until(a, "pong")["seq"]
    assert len(stored_moves(database, table["id"])) < last
    with make_client(database, clock) as client, client.websocket_connect(f"/ws/{table['id']}") as socket:
        send(socket, type="hello", token=ann)
        welcome = until(socket, "welcome")
        assert welcome["seq"] >= last


# ---------------------------------------------------------------------------------------------- problem 6


def test_6_bad_http_input_gets_a_clear_400_never_a_500(client: TestClient) -> None:
    token = new_player(client)
    base = {"token": token, "name": "T", "game": "president", "preset": "victorz", "seats": 3}
    cases: list[tuple[Any, str]] = [
        ({"name": "a\ud800"}, "not text"),
        ({"name": ["a"]}, "must be text"),
        ({"name": "tab\there"}, None),  # whitespace collapses: a fine name
        ({"private": "false"}, "private must be true or false"),
        ({"seats": "4"}, "seats must be a whole number"),
        ({"game": "el-presidente", "preset": "standard", "options": {"teams": 5}}, "teams"),
        ({"bots": "auto"}, "bots lists"),
        ({"surprise": 1}, "Unknown field"),
    ]
    for fields, message in cases:
        # Raw JSON text: a lone surrogate is a valid JSON escape that no client library would encode itself.
        response = client.post("/api/tables", content=json.dumps({**base, **fields}).encode())
        if message is None:
            assert response.status_code == 200
            continue
        assert response.status_code == 400, fields
        assert message in response.json()["error"], (fields, response.json())
    for raw, message in [
        (b"[" * 100_000, "too large"),
        (b"[" * 60_000, "not valid JSON"),
        (b"{not json", "not valid JSON"),
        (b"[1, 2]", "must be a JSON object"),
        (b'"\xff\xfe"', "not valid JSON"),
    ]:
        response = client.post("/api/players", content=raw, headers={"content-type": "application/json"})
        assert response.status_code in (400, 413) and message in response.json()["error"], raw[:10]
    response = client.post("/api/players", content=b'{"name": "a\\ud800"}')
    assert response.status_code == 400 and "not text" in response.json()["error"]


def test_6_bad_websocket_frames_get_a_clear_error_and_the_connection_stays(client: TestClient) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "auto"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        socket.send_bytes(b"\x00\x01binary")  # before the hello
        assert until(socket, "error")["message"] == BINARY_REFUSED
        frame = join(socket, token)
        seq = frame["seq"]
        socket.send_bytes(b'{"type": "ping"}')
        assert until(socket, "error")["message"] == BINARY_REFUSED
        socket.send_text("[" * 2000)
        assert "nested too deeply" in until(socket, "error")["message"]
        socket.send_text('{"type": "chat", "text": "hi \\ud800"}')
        assert "not text" in until(socket, "error")["message"]
        send(socket, type="ping")
        assert until(socket, "pong")["seq"] >= seq


def test_6_a_client_that_leaves_during_the_hello_leaves_no_traceback(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "auto"])
    for _ in range(3):
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            socket.send_text("not json")
        with client.websocket_connect(f"/ws/{table['id']}"):
            pass
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        assert join(socket, token)["view"]["table"]["you"] == 0
    assert server_errors(caplog) == []


# ---------------------------------------------------------------------------------------------- problem 7


def test_7_plain_database_urls_work_and_bad_ones_get_one_sentence(tmp_path: Path) -> None:
    assert database_url(f"sqlite:///{tmp_path}/a.db") == f"sqlite+aiosqlite:///{tmp_path}/a.db"
    assert database_url("postgresql://u:p@h:5/db") == "postgresql+asyncpg://u:p@h:5/db"
    assert database_url("postgres://u@h/db") == "postgresql+asyncpg://u@h/db"

    async def open_close(url: str) -> None:
        storage = Storage(url)
        try:
            await storage.start()
            player, _ = await storage.create_player("Ann")
            assert player.name == "Ann"
        finally:
            await storage.close()

    asyncio.run(open_close(f"sqlite:///{tmp_path}/a.db"))
    for url, words in [
        ("mysql://u@h/db", "SQLite or PostgreSQL"),
        ("not a url", "is not a database URL"),
        ("postgresql+psycopg2://u@h/db", "async driver"),
    ]:
        with pytest.raises(DatabaseError, match=words) as error:
            Storage(url)
        assert "\n" not in str(error.value)
    with pytest.raises(DatabaseError, match="Cannot open the database") as error:
        asyncio.run(open_close(f"sqlite:///{tmp_path}/no/such/folder/a.db"))
    assert "\n" not in str(error.value)


def test_5_a_database_from_before_the_stored_seq_gains_its_columns(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/old.db"

    async def open_close() -> None:
        storage = Storage(url)
        await storage.start()
        await storage.close()

    asyncio.run(open_close())
    with sqlite3.connect(tmp_path / "old.db") as conn:  # the schema as it was before issue 13
        conn.execute("ALTER TABLE tables DROP COLUMN seq")
        conn.execute("ALTER TABLE tables DROP COLUMN creator")
        conn.execute(
            "INSERT INTO tables (id, name, game, preset, options, seats, seed, turn_time, private, secret, status,"
            " created) VALUES ('old1', 'Old', 'president', 'victorz', '{}', 3, 1, 20, 0, '', 'finished', 0)"
        )
    asyncio.run(open_close())
    with sqlite3.connect(tmp_path / "old.db") as conn:
        assert conn.execute("SELECT id, seq, creator FROM tables").fetchall() == [("old1", 0, None)]


def test_1_a_failed_commit_rolls_the_table_back_and_the_next_move_is_stored(
    client: TestClient, database: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    token = new_player(client)
    table = new_table(client, token, bots=[None, "auto", "auto"])
    storage = client.app.state.storage  # type: ignore[attr-defined]
    real_write = storage.write
    failures = []

    async def write_failing_once(table_id: str, rows: list[tuple[Any, ...]]) -> None:
        if not failures and any(row[0] == "move" and row[2] == 0 for row in rows):
            failures.append(rows)
            raise OSError("disk full")
        await real_write(table_id, rows)

    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        frame = my_turn_frame(socket, join(socket, token), 0)
        moves_before = stored_moves(database, table["id"])
        monkeypatch.setattr(storage, "write", write_failing_once)
        send(socket, type="act", action=frame["view"]["game"]["legal"][-1])
        assert until(socket, "error")["message"] == FAULT_MESSAGE
        assert stored_moves(database, table["id"]) == moves_before, "nothing half-stored"
        send(socket, type="act", action=frame["view"]["game"]["legal"][-1])
        assert until(socket, "update")["seq"] == frame["seq"] + 1
    assert stored_moves(database, table["id"])[len(moves_before)][1:] == (0, frame["view"]["game"]["legal"][-1])
    assert len(failures) == 1 and len(server_errors(caplog)) == 1
