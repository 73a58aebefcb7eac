"""The `uecda` preset (the UECda tournament's rules: five players, 8 cut, suit lock, sequences, spade-3 return,
points by place) played through the table page by clicks: a person and four bots finish a round; the house
rules are listed, every move is made from the page, and the results name each place."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from browser.table_moves import hand, new_table, prompt, serve, signed_in, take_turn

SECONDS = 150
SEED = 0


def test_a_uecda_round_played_by_clicks(
    browser: Any, tmp_path: Path, artifacts: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("presidente.server.actor.secrets.randbelow", lambda _: SEED)
    with serve(tmp_path, intermission=30.0, bot_delay=0.02) as base:
        context, page, player = signed_in(browser, base, "Uma")
        bots = [None, "heuristic", "heuristic", "heuristic", "heuristic"]
        url = new_table(base, player["token"], preset="uecda", seats=5, bots=bots, options={"rounds": 1})
        page.goto(url + "#sit")
        hand(page).first.wait_for()
        rules = page.get_by_role("region", name="House rules").locator("summary").inner_text()
        for name in ("8 cut", "Spade 3 return", "Suit lock", "Sequences"):
            assert name in rules, rules
        assert "sequence of one suit" in prompt(page) or not prompt(page).startswith("Your lead")
        moves: list[str] = []
        started = time.monotonic()
        while not page.get_by_role("heading", name="Match over").count():
            assert time.monotonic() - started < SECONDS, f"the round took too long after {moves}"
            move = take_turn(page)
            if move is None:
                time.sleep(0.05)
            else:
                moves.append(move)
        assert any(move.startswith("Play") for move in moves), moves
        rows = page.locator("#results .results-table tbody tr")
        assert rows.count() == 5, "a row per player"
        assert "Uma" in page.locator("#results .results-table").inner_text()
        assert page.get_by_role("button", name="Leave the table").is_hidden(), "nothing to toggle once it is over"
        page.screenshot(path=str(artifacts / "table-uecda-over-desktop.png"))
        assert not page.errors, page.errors
        context.close()
