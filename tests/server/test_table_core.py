"""The sans-I/O table without a loop or a socket: the special 3's holder leaving first, and the stalled-table pause."""

from __future__ import annotations

import json
from typing import Any

from presidente.errors import IllegalActionError
from presidente.server import protocol as p
from presidente.server.games import check_options
from presidente.server.table import STALLED_PAUSE, Player, Seat, Table, TableConfig

ANN, BOB = Player("a", "Ann"), Player("b", "Bob")


def three_seat_table(seed: int) -> Table:
    """Ann at seat 0, Bob at seat 1, an auto bot at seat 2; the game started, bots moving at once."""
    checked = check_options("president", "victorz", {}, 3)
    config = TableConfig("t1", "Core", "president", checked.preset, checked.options, 3, seed, checked.turn_time)
    table = Table(config, [Seat("empty"), Seat("empty"), Seat("bot", bot="auto")], now=0.0, intermission=0.0)
    table.bot_delay = 0.0
    for conn, player in ((1, ANN), (2, BOB)):
        table.connect(conn, player, None, 0.0)
        table.handle(conn, p.Sit(type="sit", seat=conn - 1), 0.0)
    assert table.status == "playing"
    return table


def events_of(effects_send: list[tuple[int, str]]) -> list[dict[str, Any]]:
    return [event for _, frame in effects_send for event in json.loads(frame).get("events", [])]


def test_the_special_three_holder_leaving_before_the_first_lead_frees_the_lead() -> None:
    # Seed 2 gives seat 1 the special 3 and the first lead: Bob leaves before leading, and the next
    # leader (the bot) may lead anything, so the table goes on without a pause.
    table = three_seat_table(seed=2)
    assert table.game.current_player(table.state) == 1
    table.handle(2, p.Leave(type="leave"), 1.0)
    assert table.game.current_player(table.state) == 2
    assert table.state.legal_actions(), "the new leader has legal moves"
    effects = table.tick(1.0)
    assert not any(event["type"] == "paused" for event in events_of(effects.send))
    assert any(event["type"] == "play" and event["seat"] == 2 for event in events_of(effects.send)), "the bot led"


def test_a_mover_without_a_legal_move_pauses_the_table_instead_of_looping() -> None:
    # A safety net kept from the engine bug above: if a future engine bug leaves the mover without a
    # legal move, the table pauses (a player's own move or leaving can still unblock it).
    table = three_seat_table(seed=2)
    table.handle(2, p.Leave(type="leave"), 1.0)

    def no_move(*args: object) -> str:
        raise IllegalActionError("no legal move")

    table.game.bot_action = no_move  # type: ignore[method-assign]
    effects = table.tick(2.0)
    frames = [json.loads(frame) for _, frame in effects.send]
    paused = {"type": "paused", "reason": "no_legal_move", "seat": 2}
    assert [f["events"] for f in frames] == [[paused]] * 2, "once each"
    assert table.deadline() == 2.0 + STALLED_PAUSE
    assert table.tick(3.0).send == [], "paused: nothing more happens until the pause ends"
