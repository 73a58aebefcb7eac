"""The table's history, names, markers and hints, on the sans-I/O table: the round's events on `welcome` (kept
across reloads, given to spectators), names as they were, the ready marker, El Presidente's battle events, the
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


def events_in(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [event for entry in history for event in entry["events"]]


def test_a_spectator_arriving_mid_round_is_given_the_whole_round_as_events() -> None:
    table = bga_with_ann_bob_and_two_bots()
    play_on(table, 2, lambda t: len(t.moves) >= 12)
    history = welcome(table, 9, None)["history"]
    events = events_in(history)
    assert events[0] == {"type": "sit", "seat": 0, "name": "Ann"}
    assert any(event["type"] == "deal" for event in events)
    plays = [event for event in events if event["type"] in ("play", "pass")]
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
    assert not any(event["type"] in ("away", "back") for event in events_in(after))


def test_names_are_never_rewritten_when_a_player_leaves() -> None:
    table = bga_with_ann_bob_and_two_bots()
    play_on(table, 2, lambda t: len(t.moves) >= 4)
    effects = table.handle(2, p.Leave(type="leave"), 5.0)
    leave = next(frame for frame in frames(effects.send, 1) if frame["type"] == "update")
    assert leave["names"][1] == "Bob" and {"type": "leave", "seat": 1} in leave["events"]
    history = welcome(table, 9, None)["history"]
    assert all(entry["names"][1] == "Bob" for entry in history[2:])
    assert welcome(table, 10, None)["view"]["table"]["seat_info"][1]["name"] == "(empty)"


def test_a_seats_own_gives_are_in_its_history_and_hidden_from_spectators() -> None:
    table = bga_with_ann_bob_and_two_bots()
    play_on(table, 2, lambda t: t.state.round_number == 2 and t.state.phase == "play")
    gives = table.game.view(table.state, None)["results"][0]
    president, scum = gives[0], gives[-1]
    public = [e for e in events_in(welcome(table, 9, None)["history"]) if e["type"] == "give"]
    hidden = {"type": "give", "seat": president, "to": scum, "count": 2, "audience": [president, scum]}
    assert hidden in public, "a spectator is told the count, not the cards"
    if president in (0, 1):
        player = (ANN, BOB)[president]
        own = [e for e in events_in(welcome(table, 10, player)["history"]) if e["type"] == "give"]
        mine = next(e for e in own if e["seat"] == president)
        assert sum(count for _, count in mine["cards"]) == 2 and mine["audience"] == [president, scum]


def test_the_history_keeps_this_round_and_the_last() -> None:
    table = bga_with_ann_bob_and_two_bots()
    play_on(table, 2, lambda t: t.state.round_number == 3 and t.state.phase == "play")
    events = events_in(welcome(table, 9, None)["history"])
    assert not any(event["type"] == "sit" for event in events), "round 1 is gone"
    [end] = [event for event in events if event["type"] == "round_end"]
    assert end["round"] == 2 and sorted(end["order"]) == [0, 1, 2, 3], "round 2's end is there, with its places"
    assert len(end["titles"]) == len(end["points"]) == len(end["totals"]) == 4


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


def test_el_presidente_events_tell_every_move_including_the_last_of_a_battle() -> None:
    bots = [Seat("bot", bot="heuristic"), Seat("bot", bot="heuristic")]
    table = table_of("el-presidente", "standard", [Seat("empty"), *bots])
    seat_people(table, [ANN])
    play_on(table, 1, lambda t: t.state.battle_number >= 6 or t.state.is_over)
    events = events_in(welcome(table, 9, None)["history"])
    starts = [event for event in events if event["type"] == "battle_start"]
    assert starts[0]["battle"] == 1 and [s["battle"] for s in starts] == list(range(1, len(starts) + 1))
    assert any(event["type"] == "attack" and event["cards"] for event in events)
    ends = [i for i, event in enumerate(events) if event["type"] == "battle_start"][1:]
    assert all(events[i - 1]["type"] in ("concede", "pick_up", "pass", "game_end") for i in ends), (
        "the move that ends a battle is told before the next battle starts"
    )


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
    assert refused["type"] == "error" and refused["code"] == "hint_not_your_turn" and "your turn" in refused["message"]


def test_the_hint_message_parses() -> None:
    assert isinstance(p.parse_client_message('{"type": "hint"}'), p.Hint)


def test_a_game_started_with_the_table_has_its_deal_in_the_history() -> None:
    """Tables whose seats are all taken at creation (bots only, or "Play now") start without a sit."""
    table = table_of("president", "bga", [Seat("bot", bot="auto") for _ in range(4)])
    table.state = table.game.new_state(table.config.options, 4, table.config.seed)
    first = welcome(table, 1, None)["history"]
    assert first[0]["events"][0]["type"] == "deal" and first[0]["events"][0]["sizes"][0] == 13
    assert first[0]["names"][0] == "auto bot #0"
    play_on(table, 0, lambda t: len(t.moves) >= 3)
    events = events_in(welcome(table, 2, None)["history"])
    moves = sum(event["type"] in ("play", "pass") for event in events)
    assert events[0]["type"] == "deal" and moves == len(table.moves) >= 3


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
    assert entry["events"][0]["type"] == "deal"
    live = [e for e in events_in(welcome(table, 2, None)["history"]) if e["type"] not in ("sit", "game_start")]
    assert entry["events"] == live, "the round rebuilt from storage is the round told live"


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
