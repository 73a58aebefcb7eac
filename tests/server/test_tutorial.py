"""The guided first game (issue 27, `server/tutorial.py`): its table is dealt from a fixed seed, so that the moves
the page highlights (`tutorial_move`, the same choice as `web/table-tutorial.js`'s `tutorialAction`) teach every
step in the same order each time; and a table's rules in force for the "This table's rules" panel."""

from __future__ import annotations

from typing import Any

from server_helpers import join, my_turn, new_player, new_table, until
from starlette.testclient import TestClient

from presidente.server.tutorial import TUTORIAL_SEED

MOVES = ("play", "pass", "give")
RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]


def rank(card: str) -> int:
    return len(RANKS) if card.startswith("JK") else RANKS.index(card[:-1])


def tutorial_move(legal: list[str]) -> str:
    """The page's highlighted move: the lowest play (no joker if it can, all the cards of that rank it may play
    together); the two lowest cards to give; pass when nothing else is offered."""
    plays = [action for action in legal if action != "pass"]
    if not plays:
        return "pass"
    if plays[0].startswith("give "):
        return min(plays, key=lambda action: sum(rank(card) for card in action.split()[1:]))
    return min(plays, key=lambda action: ("JK" in action, rank(action.split()[0]), -len(action.split())))


def test_the_tutorial_table_teaches_each_step_in_order(client: TestClient) -> None:
    token = new_player(client)
    made = client.post("/api/tutorial", json={"token": token, "name": "Learn to play"})
    assert made.status_code == 200, made.text
    table = made.json()
    assert table["invite"] == f"/table/{table['id']}#secret={table['secret']}"
    assert all(line["id"] != table["id"] for line in client.get("/api/tables").json()["tables"]), "private"
    steps: list[str] = []
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        frame = join(socket, token, secret=table["secret"])
        view = frame["view"]
        assert view["table"]["you"] == 0 and view["table"]["preset"] == "victorz"
        assert [seat["kind"] for seat in view["table"]["seat_info"]] == ["human", "bot", "bot", "bot"]
        assert not any(card.startswith("JK") for card, _ in view["game"]["hand"])
        for _ in range(200):
            game: dict[str, Any] = frame["view"]["game"]
            if game["round"] == 2 and game["phase"] == "play":
                break
            if my_turn(frame) and frame["view"]["table"]["you"] == game["current"]:
                move = tutorial_move(game["legal"])
                kind = move.split()[0] if move in ("pass",) or move.startswith("give") else "play"
                steps.append(kind if kind != "play" else "beat" if game["trick"] else "lead")
                socket.send_json({"type": "act", "action": move})
                frame = until(socket, "update")
                while not any(e["type"] in MOVES and e.get("seat") == 0 for e in frame["events"]):  # frames sent before
                    frame = until(socket, "update")
            else:
                frame = until(socket, "update")
        seats = frame["view"]["game"]["seats"]
    assert steps == ["lead", "beat", "lead", "beat", "lead", "beat", "pass", "beat", "beat", "give"]
    assert seats[0]["title"] == "President"


def test_the_tutorial_needs_a_player(client: TestClient) -> None:
    refused = client.post("/api/tutorial", json={"name": "Learn to play"})
    assert refused.status_code == 401 and refused.json()["code"] == "create_player_first"
    bad = client.post("/api/tutorial", json={"token": new_player(client), "name": ""})
    assert bad.status_code == 400 and bad.json()["code"] == "text_length"


def test_a_tables_rules_in_force(client: TestClient) -> None:
    token = new_player(client)
    table = new_table(client, token, preset="college", seats=4, options={"target_score": 30})
    answer = client.get(f"/api/tables/{table['id']}/rules")
    assert answer.status_code == 200
    rules = answer.json()
    assert rules["game"] == "president" and rules["preset"] == "college"
    options = {option["name"]: option for option in rules["options"]}
    assert options["equalize"]["value"] == "or-pass" and options["equalize"]["default"] != "or-pass"
    assert options["target_score"]["value"] == 30
    assert options["jokers_per_deck"]["value"] == 0 and "meaning" in options["jokers_per_deck"]
    assert TUTORIAL_SEED  # the tutorial's seed is a constant of the server, not the page's
    battle = new_table(client, token, game="el-presidente", preset="", seats=4, options={"battle_limit": 40})
    battle_rules = client.get(f"/api/tables/{battle['id']}/rules").json()
    assert battle_rules["game"] == "el-presidente"
    assert {option["name"]: option["value"] for option in battle_rules["options"]}["battle_limit"] == 40
    missing = client.get("/api/tables/nosuchtable/rules")
    assert missing.status_code == 404 and missing.json()["code"] == "no_such_table"
