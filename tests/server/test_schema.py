"""The protocol's schemas (issue 26): random games of every President preset (UECda's among them) and of El Presidente
played at a real app, every frame sent to a player and to a spectator validated against
`presidente/server/schema/server.json` and every message sent against `client.json`; the history a reload is
welcomed with equals the events that were sent live; and each refusal reaches the client as its code with its
parameters (`error` for a move, `checked` for a question)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from server_helpers import FRAME_LIMIT, new_player, new_table, receive
from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket

from presidente.errors import CODES
from presidente.president import PRESETS
from presidente.server.refusals import SERVER_CODES

SCHEMA = Path(__file__).resolve().parents[2] / "presidente" / "server" / "schema"
SERVER = jsonschema.Draft202012Validator(json.loads((SCHEMA / "server.json").read_text()))
CLIENT = jsonschema.Draft202012Validator(json.loads((SCHEMA / "client.json").read_text()))
MOVES = 120  # the player's moves per game: several tricks, and with short rounds a round's end


def check_sent(message: dict[str, Any]) -> dict[str, Any]:
    CLIENT.validate(message)
    return message


def say(socket: Socket, **message: Any) -> None:
    socket.send_text(json.dumps(check_sent(message)))


class Watched:
    """A connection whose every frame is validated and kept."""

    def __init__(self, socket: Socket) -> None:
        self.socket = socket
        self.frames: list[dict[str, Any]] = []

    def next(self) -> dict[str, Any]:
        frame = receive(self.socket)
        errors = sorted(SERVER.iter_errors(frame), key=lambda e: e.path)
        assert not errors, f"{frame['type']} frame breaks the schema: {errors[0].message} at {list(errors[0].path)}"
        self.frames.append(frame)
        return frame

    def until(self, kind: str) -> dict[str, Any]:
        for _ in range(FRAME_LIMIT):
            frame = self.next()
            if frame["type"] == kind:
                return frame
        raise AssertionError(f"no {kind} frame")


def play_a_game(client: TestClient, game: str, preset: str, seats: int, seed: int) -> None:
    rng = random.Random(seed)
    token, watcher = new_player(client, "Ann"), new_player(client, "Wat")
    bots = ["random"] * (seats - 1)
    options = {"rounds": 2} if game == "president" and PRESETS[preset].rules.rounds else {}
    if game == "el-presidente":
        options = {"games": 1}
    table = new_table(client, token, game=game, preset=preset, seats=seats, bots=[None, *bots], options=options)
    url = f"/ws/{table['id']}"
    lives: dict[int, list[dict[str, Any]]] = {}
    live = lives
    with client.websocket_connect(url) as spectator_socket:
        spectator = Watched(spectator_socket)
        say(spectator_socket, type="hello", token=watcher)
        spectator.until("welcome")
        with client.websocket_connect(url) as socket:
            player = Watched(socket)
            say(socket, type="hello", token=token)
            player.until("welcome")
            say(socket, type="sit", seat=0)
            frame = player.until("update")
            say(socket, type="chat", text="Hello, table")
            live = lives
            refusals = checks = moves = 0
            for _ in range(FRAME_LIMIT):
                if frame["type"] == "update":
                    live[frame["seq"]] = frame["events"]
                view = frame.get("view")
                if view and view["game"] and view["game"]["over"]:
                    break
                if (
                    view
                    and view["table"]["intermission_left"] is not None
                    and not view["table"]["seat_info"][0]["ready"]
                ):
                    say(socket, type="ready")
                elif view and view["game"] and view["game"]["legal"] and view["table"]["intermission_left"] is None:
                    if moves >= MOVES:
                        break
                    legal = view["game"]["legal"]
                    if not refusals:
                        refusals += 1
                        say(socket, type="act", action="3H 4S 9D")  # cards of several ranks, or not held
                        refused = player.until("error")
                        assert refused["code"] in CODES and refused["message"], refused
                        assert set(refused["params"]) == set(CODES[refused["code"]].params), refused
                    if checks < 3:
                        checks += 1
                        say(socket, type="check", action=rng.choice(legal))
                        assert player.until("checked")["code"] is None, "a legal move: the engine would take it"
                    moves += 1
                    say(socket, type="act", action=rng.choice(legal))
                frame = player.next()
            # Messages a client may send, answered or refused: each frame still matches.
            for message in ({"type": "ping"}, {"type": "stage", "action": ""}, {"type": "resync", "seq": 0}):
                say(socket, **message)
                player.next()
            assert moves, "the player moved"
        # A reload: the history it is welcomed with is the events sent live, entry for entry.
        with client.websocket_connect(url) as socket:
            again = Watched(socket)
            say(socket, type="hello", token=token)
            history = again.until("welcome")["history"]
            told = [entry for entry in history if entry["seq"] in live]
            assert told and all(entry["events"] == live[entry["seq"]] for entry in told)
            assert [entry["seq"] for entry in told] == sorted(s for s in live if s >= told[0]["seq"] and live[s])
        for _ in range(5):  # what the spectator was sent meanwhile (it is validated as it is read)
            spectator.next()
    seen = {event["type"] for events in live.values() for event in events}
    wanted = {"play", "pass", "trick_end", "round_end"} if game == "president" else {"battle_start", "attack"}
    assert wanted <= seen, f"the game went far enough: {sorted(seen)}"
    # A live trick end names the rule that ended it (the schema lets a history from an old position go without).
    assert all("cause" in event for events in live.values() for event in events if event["type"] == "trick_end")


def test_the_schema_refuses_what_is_not_the_protocol() -> None:
    view = {"table": {}, "game": None}
    assert not SERVER.is_valid({"type": "update", "seq": 1, "names": [], "view": view, "events": [{"type": "bogus"}]})
    assert not SERVER.is_valid({"type": "error", "seq": 1, "message": "no code"})
    assert not SERVER.is_valid({"type": "update", "seq": 1, "names": [], "view": view, "lines": ["Seat 0 plays 7H."]})
    assert not CLIENT.is_valid({"type": "act"})


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_frame_of_a_president_game_matches_its_schema(client: TestClient, preset: str) -> None:
    rules = PRESETS[preset].rules
    play_a_game(
        client, "president", preset, max(4, rules.min_players) if rules.max_players >= 4 else rules.min_players, 26
    )


def test_every_frame_of_an_el_presidente_game_matches_its_schema(client: TestClient) -> None:
    play_a_game(client, "el-presidente", "standard", 3, 26)


def test_a_refused_play_reaches_the_client_as_its_code_with_its_parameters(client: TestClient) -> None:
    """The engine's refusal (`does_not_beat` with the play and the top play, `not_one_rank`), and the table's own
    (`not_seated`), each with the parameters the catalogs declare."""
    token = new_player(client)
    table = new_table(client, token, preset="bga", seats=3, bots=[None, "auto", "auto"])
    with client.websocket_connect(f"/ws/{table['id']}") as raw:
        socket = Watched(raw)
        say(raw, type="hello", token=None)
        socket.until("welcome")
        say(raw, type="act", action="pass")
        refused = socket.until("error")
        assert refused["code"] == "watch_only" and refused["params"] == {}
    with client.websocket_connect(f"/ws/{table['id']}") as raw:
        socket = Watched(raw)
        say(raw, type="hello", token=token)
        socket.until("welcome")
        say(raw, type="sit", seat=0)
        frame = socket.until("update")
        for _ in range(FRAME_LIMIT):
            game = frame["view"]["game"]
            if game and game["legal"] and game["trick"] and game["current"] == 0:
                break
            if game and game["legal"]:
                say(raw, type="act", action=game["legal"][0])
            frame = socket.next()
        hand = [card for card, _ in game["hand"]]
        top = game["trick"][-1][1]
        say(raw, type="check", action="3H 4S")
        mixed = socket.until("checked")
        assert mixed["code"] == "not_one_rank" and mixed["params"] == {}
        lowest = hand[0]
        say(raw, type="check", action=lowest)
        answer = socket.until("checked")
        if answer["code"] == "does_not_beat":
            assert answer["params"] == {"play": lowest, "top": top}
        else:
            assert answer["code"] in (None, "wrong_size", "must_equal"), answer
        say(raw, type="act", action="9D 9D 9D 9D 9D")
        refused = socket.until("error")
        assert refused["code"] in CODES and set(refused["params"]) == set(CODES[refused["code"]].params)
        say(raw, type="chat", text=" ")
        assert socket.until("error")["code"] == "empty_chat"
        assert "empty_chat" in SERVER_CODES
