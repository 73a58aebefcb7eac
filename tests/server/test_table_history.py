"""The table's history, names, markers and hints, on the sans-I/O table: the round's log on `welcome` (kept
across reloads, given to spectators), names as they were, the ready marker, El Presidente's battle lines, the
seats' trick markers, the exchange step, the score sheet and the `hint` message."""

from __future__ import annotations

import json
from typing import Any

from presidente.server import protocol as p
from presidente.server.games import check_options
from presidente.server.table import Player, Seat, Table, TableConfig, restore_table

ANN, BOB, CY = Player("a", "Ann"), Player("b", "Bob"), Player("c", "Cy")
MOVE_LIMIT = 2000


def table_of(game: str, preset: str, seats: list[Seat], options: dict[str, Any] | None = None, seed: int = 3) -> Table:
    checked = check_options(game, preset, options or {}, len(seats))
    config = TableConfig("t1", "History", game, checked.preset, checked.options, len(seats), seed, checked.turn_time)
    table = Table(config, seats, now=0.0, intermission=30.0)
    table.bot_delay = 0.0
    return table


def seat_people(table: Table, people: list[Player]) -> None:
    for conn, player in enumerate(people, start=1):
        table.connect(conn, player, None, 0.0)
        table.handle(conn, p.Sit(type="sit", seat=conn - 1), 0.0)


def bga_with_ann_bob_and_two_bots() -> Table:
    seats = [Seat("empty"), Seat("empty"), Seat("bot", bot="auto"), Seat("bot", bot="auto")]
    table = table_of("president", "bga", seats)
    seat_people(table, [ANN, BOB])
    return table


def frames(effects_send: list[tuple[int, str]], conn: int) -> list[dict[str, Any]]:
    return [json.loads(frame) for to, frame in effects_send if to == conn]


def play_on(table: Table, people: int, until: Any) -> None:
    """Moves for everyone (the people's first legal move, the bots when due) until `until(table)` holds."""
    for _ in range(MOVE_LIMIT):
        if until(table):
            return
        if table.intermission_until is not None:
            table.tick(table.intermission_until)
            continue
        mover = table.game.current_player(table.state)
        if mover is not None and mover < people:
            legal = table.game.view(table.state, mover)["legal"]
            table.handle(mover + 1, p.Act(type="act", action=legal[0]), 1.0)
        else:
            table.tick(1000.0)
    raise AssertionError("the condition never held")


def welcome(table: Table, conn: int, player: Player | None) -> dict[str, Any]:
    effects = table.connect(conn, player, None, 2.0)
    return next(frame for frame in frames(effects.send, conn) if frame["type"] == "welcome")


def test_a_spectator_arriving_mid_round_is_given_the_whole_round_in_words() -> None:
    table = bga_with_ann_bob_and_two_bots()
    play_on(table, 2, lambda t: len(t.moves) >= 12)
    history = welcome(table, 9, None)["history"]
    lines = [line for entry in history for line in entry["lines"]]
    assert lines[0] == "Ann sits at seat 0."
    assert any(line.startswith("Cards are dealt") for line in lines)
    plays = [line for line in lines if line.startswith("Seat ") and (" plays " in line or " passes" in line)]
    assert len(plays) == 12, "every move of the round so far, not the last few"
    assert all(entry["names"][:2] == ["Ann", "Bob"] for entry in history[2:])
    assert "auto bot #2" in history[-1]["names"], "two bots of one kind are told apart"


def test_a_reload_gets_the_same_history_and_connection_notices_stay_out_of_it() -> None:
    table = bga_with_ann_bob_and_two_bots()
    play_on(table, 2, lambda t: len(t.moves) >= 6)
    before = welcome(table, 10, ANN)["history"]
    table.disconnect(10, 3.0)
    table.disconnect(1, 3.0)
    after = welcome(table, 11, ANN)["history"]
    assert after == before
    assert not any("lost the connection" in line or "is back" in line for e in after for line in e["lines"])


def test_names_are_never_rewritten_when_a_player_leaves() -> None:
    table = bga_with_ann_bob_and_two_bots()
    play_on(table, 2, lambda t: len(t.moves) >= 4)
    effects = table.handle(2, p.Leave(type="leave"), 5.0)
    leave = next(frame for frame in frames(effects.send, 1) if frame["type"] == "update")
    assert leave["names"][1] == "Bob" and "Seat 1 leaves the table." in leave["lines"]
    history = welcome(table, 9, None)["history"]
    assert all(entry["names"][1] == "Bob" for entry in history[2:])
    assert welcome(table, 10, None)["view"]["table"]["seat_info"][1]["name"] == "(empty)"


def test_a_seats_own_gives_are_in_its_history_and_hidden_from_spectators() -> None:
    table = bga_with_ann_bob_and_two_bots()
    play_on(table, 2, lambda t: t.state.round_number == 2 and t.state.phase == "play")
    gives = table.game.view(table.state, None)["results"][0]
    president, scum = gives[0], gives[-1]
    public = [line for e in welcome(table, 9, None)["history"] for line in e["lines"] if " gives " in line]
    assert any(f"Seat {president} gives 2 cards to seat {scum}." == line for line in public)
    if president in (0, 1):
        player = (ANN, BOB)[president]
        own = [line for e in welcome(table, 10, player)["history"] for line in e["lines"] if " gives " in line]
        assert any(line.startswith(f"Seat {president} gives ") and "2 cards" not in line for line in own)


def test_the_history_keeps_this_round_and_the_last() -> None:
    table = bga_with_ann_bob_and_two_bots()
    play_on(table, 2, lambda t: t.state.round_number == 3 and t.state.phase == "play")
    lines = [line for e in welcome(table, 9, None)["history"] for line in e["lines"]]
    assert not any(line.startswith("Ann sits") for line in lines), "round 1 is gone"
    assert sum(line.startswith("Round over") for line in lines) == 1, "round 2's end is there"


def test_the_ready_marker_clears_when_the_round_starts() -> None:
    table = bga_with_ann_bob_and_two_bots()
    play_on(table, 2, lambda t: t.intermission_until is not None)
    effects = table.handle(1, p.Ready(type="ready"), 5.0)
    assert frames(effects.send, 1)[-1]["view"]["table"]["seat_info"][0]["ready"]
    effects = table.handle(2, p.Ready(type="ready"), 5.0)
    update = frames(effects.send, 1)[-1]
    assert update["view"]["table"]["intermission_left"] is None
    assert not any(info["ready"] for info in update["view"]["table"]["seat_info"])


def test_the_exchange_step_names_giver_receiver_and_count() -> None:
    table = bga_with_ann_bob_and_two_bots()
    play_on(table, 2, lambda t: t.state.round_number == 2 and t.state.phase == "exchange")
    view = table.game.view(table.state, None)
    order = view["results"][0]
    assert view["exchanges"] == [
        {"giver": order[0], "receiver": order[-1], "count": 2},
        {"giver": order[1], "receiver": order[-2], "count": 1},
    ], "the President chooses first, then the Vice-President"
    sheet = view["sheet"]
    assert len(sheet) == 1 and sheet[0]["order"] == order
    assert sheet[0]["points"][order[0]] == 3 and sheet[0]["points"][order[-1]] == 0
    assert sheet[0]["titles"][order[0]] == "President"
    assert sheet[0]["totals"] == [s["score"] for s in view["seats"]]


def test_each_seat_shows_its_latest_move_in_the_trick_and_its_place_once_out() -> None:
    table = bga_with_ann_bob_and_two_bots()
    play_on(table, 2, lambda t: any(s["last_move"] == "pass" for s in t.game.view(t.state, None)["seats"]))
    seats = table.game.view(table.state, None)["seats"]
    assert {s["last_move"] for s in seats} <= {"play", "pass", "skip", "skipped", None}
    play_on(table, 2, lambda t: any(s["place"] for s in t.game.view(t.state, None)["seats"]))
    view = table.game.view(table.state, None)
    first = next(s for s in view["seats"] if s["place"])
    # The first out takes place 1, unless it went out illegally (a 2 last): then the worst place.
    assert first["finished"] and first["place"] == (1 if view["finished"] else 4)


def test_el_presidente_lines_tell_every_move_in_words_including_the_last_of_a_battle() -> None:
    bots = [Seat("bot", bot="heuristic"), Seat("bot", bot="heuristic")]
    table = table_of("el-presidente", "standard", [Seat("empty"), *bots])
    seat_people(table, [ANN])
    play_on(table, 1, lambda t: t.state.battle_number >= 6 or t.state.is_over)
    lines = [line for e in welcome(table, 9, None)["history"] for line in e["lines"]]
    assert any(line.startswith("Battle 1: seat ") for line in lines)
    assert any(" attacks with " in line for line in lines)
    endings = [line for line in lines if "takes the battle pile" in line or "picks up" in line or "passes" in line]
    assert endings, "the moves that end a battle are logged"
    assert not any(": attack " in line for line in lines), "moves in words, not action texts"


def test_a_hint_answers_the_asker_alone_on_their_turn() -> None:
    table = bga_with_ann_bob_and_two_bots()
    play_on(table, 2, lambda t: t.game.current_player(t.state) in (0, 1))
    mover = table.game.current_player(table.state)
    other = 1 - mover
    effects = table.handle(mover + 1, p.Hint(type="hint"), 2.0)
    [answer] = frames(effects.send, mover + 1)
    assert not frames(effects.send, other + 1), "to the asker alone"
    assert answer["type"] == "hint" and answer["reason"]
    assert answer["action"] in table.game.view(table.state, mover)["legal"]
    again = frames(table.handle(mover + 1, p.Hint(type="hint"), 2.5).send, mover + 1)[0]
    assert again["action"] == answer["action"], "one search per turn"
    refused = frames(table.handle(other + 1, p.Hint(type="hint"), 2.0).send, other + 1)[0]
    assert refused["type"] == "error" and "your turn" in refused["message"]


def test_the_hint_message_parses() -> None:
    assert isinstance(p.parse_client_message('{"type": "hint"}'), p.Hint)


def test_a_game_started_with_the_table_has_its_deal_in_the_history() -> None:
    """Tables whose seats are all taken at creation (bots only, or "Play now") start without a sit."""
    table = table_of("president", "bga", [Seat("bot", bot="auto") for _ in range(4)])
    table.state = table.game.new_state(table.config.options, 4, table.config.seed)
    first = welcome(table, 1, None)["history"]
    assert first[0]["lines"][0].startswith("Cards are dealt: seat 0 13")
    assert first[0]["names"][0] == "auto bot #0"
    play_on(table, 0, lambda t: len(t.moves) >= 3)
    lines = [line for entry in welcome(table, 2, None)["history"] for line in entry["lines"]]
    moves = sum(" plays " in line or "passes" in line for line in lines)
    assert lines[0].startswith("Cards are dealt") and moves == len(table.moves) >= 3


def test_resync_gives_each_missed_event_with_its_names() -> None:
    table = bga_with_ann_bob_and_two_bots()
    play_on(table, 2, lambda t: len(t.moves) >= 3)
    effects = table.handle(1, p.Resync(type="resync", seq=0), 2.0)
    [sync] = frames(effects.send, 1)
    assert sync["type"] == "sync" and sync["complete"]
    assert all(entry["names"][:2] == ["Ann", "Bob"] for entry in sync["missed"][2:])


def test_a_restored_table_starts_its_history_with_the_round_so_far() -> None:
    table = bga_with_ann_bob_and_two_bots()
    play_on(table, 2, lambda t: len(t.moves) >= 5)
    restored = restore_table(table.config, table.seats, table.moves, "playing", now=0.0, seq=table.seq)
    [entry] = welcome(restored, 1, None)["history"]
    assert entry["lines"][0].startswith("Cards are dealt")
    assert len(entry["lines"]) == len(table.game.round_lines(table.state, None))


def test_seat_info_names_each_persons_player_id_and_no_bots() -> None:
    table = bga_with_ann_bob_and_two_bots()
    seat_info = welcome(table, 9, None)["view"]["table"]["seat_info"]
    assert [info["player_id"] for info in seat_info] == ["a", "b", None, None]


def test_every_watcher_is_told_who_they_are_and_anonymous_spectators_share_one_frame() -> None:
    table = bga_with_ann_bob_and_two_bots()
    table.connect(3, CY, None, 0.0)  # signed in, watching without a seat
    table.connect(4, None, None, 0.0)
    table.connect(5, None, None, 0.0)
    effects = table.tick(1000.0)
    sent = dict(effects.send)
    assert json.loads(sent[3])["view"]["table"]["player"] == {"id": "c", "name": "Cy"}
    assert json.loads(sent[4])["view"]["table"]["player"] is None
    assert sent[4] is sent[5]
    assert json.loads(sent[1])["view"]["table"]["player"] == {"id": "a", "name": "Ann"}
