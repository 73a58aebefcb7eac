"""Play again (issue 27, `presidente/server/rematch.py`): at a finished table each person accepts or declines; the
new table has the same rules and people, a bot in a declined seat when the creator wants one, seats moved round
when the creator chooses; a private table's new secret goes to those who accepted only; refusals for bad input,
for spectators, before the match's end and for choices that are the creator's; El Presidente too."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
from server_helpers import FRAME_LIMIT, Clock, join, make_client, my_turn, new_player, new_table, send, until
from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket
from test_schema import SCHEMA

from presidente.server.rematch import REMATCH_WAIT

SERVER = jsonschema.Draft202012Validator(json.loads((SCHEMA / "server.json").read_text()))
CLIENT = jsonschema.Draft202012Validator(json.loads((SCHEMA / "client.json").read_text()))


def say(socket: Socket, **message: Any) -> None:
    CLIENT.validate(message)
    send(socket, **message)


def offer(socket: Socket) -> dict[str, Any]:
    frame = until(socket, "rematch")
    SERVER.validate(frame)
    return frame


def refused(socket: Socket) -> str:
    code: str = until(socket, "error")["code"]
    return code


def play_out(sockets: list[Socket], joined: list[dict[str, Any]]) -> None:
    """Both people play their first legal move at each turn until the match is over; every update reaches both
    sockets, so one is read from each per step (the first joiner's are read up to the second's first)."""
    first, last = joined[0], joined[-1]
    while first["seq"] < last["seq"]:
        first = until(sockets[0], "update")
    frames = [first, last]
    for _ in range(FRAME_LIMIT):
        assert len({frame["seq"] for frame in frames}) == 1, "the two sockets are told the same steps"
        if frames[0]["view"]["game"]["over"]:
            return
        for socket, frame in zip(sockets, frames, strict=True):
            if my_turn(frame):
                send(socket, type="act", action=frame["view"]["game"]["legal"][0])
        frames = [until(socket, "update") for socket in sockets]
    raise AssertionError("the match did not end")


def seats_of(client: TestClient, table_id: str) -> list[tuple[str, str]]:
    line = client.get(f"/api/tables/{table_id}").json()
    return [(player["kind"], player["name"]) for player in line["players"]]


def test_play_again_seats_those_who_accept_and_a_bot_in_a_declined_seat(client: TestClient) -> None:
    ann, bob, cat = new_player(client, "Ann"), new_player(client, "Bob"), new_player(client, "Cat")
    options = {"rounds": 1}
    table = new_table(
        client, ann, preset="bga", seats=4, bots=[None, None, "random", "random"], options=options, private=True
    )
    url = f"/ws/{table['id']}"
    with (
        client.websocket_connect(url) as a,
        client.websocket_connect(url) as b,
        client.websocket_connect(url) as watcher,
    ):
        joined = [join(a, ann, 0, table["secret"])]
        say(a, type="rematch", accept=True)
        assert refused(a) == "rematch_not_over", "not before the match's end"
        joined.append(join(b, bob, 1, table["secret"]))
        send(watcher, type="hello", token=cat, secret=table["secret"])
        until(watcher, "welcome")
        play_out([a, b], joined)
        # The match's end offers every connection to play again: nobody has answered, no time runs yet.
        for socket in (a, b, watcher):
            first = offer(socket)
            assert first["status"] == "open" and first["answers"] == ["waiting", "waiting", "bot", "bot"]
            assert first["left"] is None and first["chooser"] == 0 and first["fill_bots"] and not first["rotate"]

        # Bad input and messages that are not theirs: a clear code each, and no offer opened.
        send(b, type="rematch", accept="yes")
        assert refused(b) == "bad_message"
        send(b, type="rematch")
        assert refused(b) == "bad_message"
        say(watcher, type="rematch", accept=True)
        assert refused(watcher) == "not_seated"
        say(b, type="rematch_choose", rotate=True)
        assert refused(b) == "rematch_creator_only"

        # The creator moves the seats round (bots take declined seats: the default) and accepts; Bob declines.
        say(a, type="rematch_choose", rotate=True)
        shown = offer(a)
        assert shown["status"] == "open" and shown["rotate"] and shown["fill_bots"] and shown["left"] is None
        assert offer(b) == shown
        say(a, type="rematch", accept=True)
        answered = offer(b)
        assert answered["answers"] == ["accepted", "waiting", "bot", "bot"]
        assert 0 < answered["left"] <= REMATCH_WAIT, "the first answer starts the time to answer"
        say(b, type="rematch", accept=False)
        ann_told = until_status(a, "opened")
        bob_told = until_status(b, "opened")
        watcher_told = until_status(watcher, "opened")
        assert ann_told["answers"] == ["accepted", "declined", "bot", "bot"]
        assert ann_told["table"] == bob_told["table"] == watcher_told["table"] and ann_told["table"] != table["id"]
        # A private table stays private, with a new secret given only to those who accepted.
        assert ann_told["secret"] and ann_told["secret"] != table["secret"]
        assert bob_told["secret"] is None and watcher_told["secret"] is None
        say(a, type="rematch", accept=False)
        assert refused(a) == "rematch_settled"

    new_id = ann_told["table"]
    # Seats moved one place round: Ann from 0 to 1, a bot in Bob's declined seat (now 2), the bots of 2 and 3 at 3
    # and 0; every seat taken, so the new match has started.
    kinds = seats_of(client, new_id)
    assert [kind for kind, _ in kinds] == ["bot", "human", "bot", "bot"] and kinds[1][1] == "Ann"
    assert client.get(f"/api/tables/{new_id}").json()["private"] is True
    with client.websocket_connect(f"/ws/{new_id}") as stranger:
        send(stranger, type="hello", token=bob)
        assert refused(stranger) == "private_table", "Bob declined: the new private table is not his"
    with client.websocket_connect(f"/ws/{new_id}") as again:
        send(again, type="hello", token=ann, secret=ann_told["secret"])
        view = until(again, "welcome")["view"]
        assert view["table"]["you"] == 1 and view["table"]["status"] == "playing"
        assert view["table"]["preset"] == "bga" and view["game"]["game"] == "president"


def until_status(socket: Socket, status: str) -> dict[str, Any]:
    for _ in range(FRAME_LIMIT):
        frame = offer(socket)
        if frame["status"] == status:
            return frame
    raise AssertionError(f"no {status} offer")


def test_el_presidente_plays_again_with_everyone_who_accepts(client: TestClient) -> None:
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    table = new_table(
        client, ann, game="el-presidente", preset="standard", seats=3, bots=[None, None, "random"], options={"games": 1}
    )
    url = f"/ws/{table['id']}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        joined = [join(a, ann, 0), join(b, bob, 1)]
        play_out([a, b], joined)
        say(a, type="rematch", accept=True)
        say(b, type="rematch", accept=True)
        told = until_status(b, "opened")
        assert told["answers"] == ["accepted", "accepted", "bot"] and told["secret"] is None
    assert seats_of(client, told["table"]) == [("human", "Ann"), ("human", "Bob"), ("bot", "random bot")]
    assert client.get(f"/api/tables/{told['table']}").json()["game"] == "el-presidente"


def test_unanswered_seats_count_as_declined_when_time_is_up_and_no_bots_leaves_them_open(
    client: TestClient, clock: Clock
) -> None:
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    table = new_table(client, ann, preset="bga", seats=4, bots=[None, None, "random", "random"], options={"rounds": 1})
    url = f"/ws/{table['id']}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        joined = [join(a, ann, 0), join(b, bob, 1)]
        play_out([a, b], joined)
        offer(a)  # the match's end
        say(a, type="rematch_choose", fill_bots=False)
        say(a, type="rematch", accept=True)
        assert [offer(a)["fill_bots"], offer(a)["left"]] == [False, REMATCH_WAIT]
        clock.advance(REMATCH_WAIT + 1)
        say(a, type="ping")  # the table's task looks at the time again
        told = until_status(a, "opened")
        assert told["answers"] == ["accepted", "declined", "bot", "bot"]
    # Bob's seat waits for someone to sit: the new table has not started.
    assert seats_of(client, told["table"]) == [
        ("human", "Ann"),
        ("empty", "(empty)"),
        ("bot", "random bot"),
        ("bot", "random bot"),
    ]
    assert client.get(f"/api/tables/{told['table']}").json()["status"] == "waiting"


def test_when_everyone_declines_no_table_is_opened(client: TestClient) -> None:
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    table = new_table(client, ann, preset="bga", seats=4, bots=[None, None, "random", "random"], options={"rounds": 1})
    url = f"/ws/{table['id']}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        joined = [join(a, ann, 0), join(b, bob, 1)]
        play_out([a, b], joined)
        say(a, type="rematch", accept=False)
        say(b, type="rematch", accept=False)
        told = until_status(a, "declined")
        assert told["table"] is None and told["left"] is None
        lobby = client.get("/api/tables").json()["tables"]
        assert all(line["id"] == table["id"] or line["status"] != "playing" for line in lobby)


def test_after_a_restart_the_new_table_is_back_with_its_people_and_the_old_one_opens_its_replay(
    database: str, clock: Clock
) -> None:
    """The offer lives in memory beside the finished table; the table it opened is stored like any other: a restart
    leaves nobody stuck (the new table resumes, listed among the player's tables; the old link is the replay)."""
    with make_client(database, clock) as client:
        ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
        table = new_table(
            client, ann, preset="bga", seats=4, bots=[None, None, "random", "random"], options={"rounds": 1}
        )
        url = f"/ws/{table['id']}"
        with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
            joined = [join(a, ann, 0), join(b, bob, 1)]
            play_out([a, b], joined)
            say(a, type="rematch", accept=True)
            say(b, type="rematch", accept=True)
            new_id = until_status(a, "opened")["table"]
    with make_client(database, clock) as client:
        (mine,) = client.get("/api/me/tables", headers={"x-token": bob}).json()["tables"]
        # Dealt and waiting for its people, none connected yet: paused, not playing (issue 27's lobby truth).
        assert mine["id"] == new_id and mine["seat"] == 1 and mine["status"] == "paused"
        with client.websocket_connect(f"/ws/{new_id}") as socket:
            send(socket, type="hello", token=bob)
            assert until(socket, "welcome")["view"]["table"]["you"] == 1
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            send(socket, type="hello", token=bob)
            assert refused(socket) == "game_over"
