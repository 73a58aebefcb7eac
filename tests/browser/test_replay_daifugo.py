"""The replay page tells the Daifugo effects in force at each step in the table page's words: a 9 reverse's
turn order, a jack back, a suit lock (issue 12's options on a finished bots-only game)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser.lobby_helpers import DESKTOP, finished_bots_game, watch_errors
from browser.web_helpers import get

SEED = 0
DAIFUGO = {"nine_reverse": True, "jack_back": True, "suit_lock": True}
WANTED = ("play goes counter-clockwise (a 9 reversed it)", "Jack back: until this trick ends", "Suit lock: until")


def test_the_replay_names_the_daifugo_effects_step_by_step(
    browser: Any, server_url: str, artifacts: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With this seed the bots' round holds each effect (the bots draw from the table's seeded generator).
    monkeypatch.setattr("presidente.server.actor.secrets.randbelow", lambda _: SEED)
    table_id = finished_bots_game(browser, server_url, "Daifugo", **DAIFUGO)
    steps = get(server_url, f"/api/replay/{table_id}")["steps"]
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server_url}/replay/{table_id}")
    page.get_by_role("heading", level=1, name="Replay of Daifugo").wait_for()
    seen: set[str] = set()
    for step in range(1, steps + 1):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => document.getElementById('step').textContent === 'move {step} of {steps}'")
        centre = page.locator("#board .centre").inner_text()
        for words in WANTED:
            if words in centre and words not in seen:
                seen.add(words)
                page.screenshot(path=str(artifacts / f"replay-daifugo-{len(seen)}-desktop.png"))
        if len(seen) == len(WANTED):
            break
    assert seen == set(WANTED), f"never shown: {set(WANTED) - seen}"
    assert not errors, errors
    context.close()
