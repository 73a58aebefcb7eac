"""The replay page of a finished game (the El Presidente battle is played through the table page in
test_table_battle.py)."""

from __future__ import annotations

import json
import time
import urllib.error
from pathlib import Path
from typing import Any

from browser.web_helpers import get, post

SECONDS = 60


def watch_until_finished(browser: Any, server_url: str, table_id: str) -> None:
    """Watch a bots-only table from its page until its game is over: a table nobody watches waits."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server_url}/table/{table_id}")
    deadline = time.monotonic() + SECONDS
    while table_id not in [t["id"] for t in get(server_url, "/api/finished")["tables"]]:
        assert time.monotonic() < deadline, "the bots' game did not finish"
        time.sleep(0.1)
    context.close()


def test_replay_page_steps_through_a_finished_game(browser: Any, server_url: str, artifacts: Path) -> None:
    player = post(server_url, "/api/players", {"name": "Ann"})
    table = post(
        server_url,
        "/api/tables",
        {
            "token": player["token"],
            "name": "Replayed",
            "game": "president",
            "preset": "victorz",
            "seats": 3,
            "bots": ["auto", "auto", "auto"],
            "allow_all_bots": True,
            "options": {"rounds": 1},
        },
    )
    watch_until_finished(browser, server_url, table["id"])
    steps = get(server_url, f"/api/replay/{table['id']}")["steps"]
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server_url}/replay/{table['id']}")
    page.wait_for_selector(".hands-row")
    assert page.inner_text("#step") == f"move 0 of {steps}"
    assert page.inner_text("#move") == "The deal."
    assert page.locator(".hands-row").count() == 3
    assert "auto bot #2" in page.inner_text("#board"), "seats of one bot kind are told apart"
    for step in range(1, 4):
        page.click("#next")
        page.wait_for_function(f"() => document.getElementById('step').textContent === 'move {step} of {steps}'")
        assert page.inner_text("#move").startswith("auto bot #"), page.inner_text("#move")
        if step == 1:
            assert page.locator("#board .pile svg").count() >= 1, "the first lead is on the pile"
    page.screenshot(path=str(artifacts / "replay-step-3.png"), full_page=True)
    page.click("#back")
    page.wait_for_function(f"() => document.getElementById('step').textContent === 'move 2 of {steps}'")
    page.click("#last")
    page.wait_for_function(f"() => document.getElementById('step').textContent === 'move {steps} of {steps}'")
    page.screenshot(path=str(artifacts / "replay-end.png"), full_page=True)
    assert not errors, errors
    context.close()


def test_an_old_table_link_opens_the_games_replay(browser: Any, server_url: str) -> None:
    """A finished table that has left memory (no one watched it) answers its page with its replay."""
    player = post(server_url, "/api/players", {"name": "Bea"})
    body = {
        "token": player["token"],
        "name": "Over",
        "preset": "victorz",
        "seats": 3,
        "bots": ["auto", "auto", "auto"],
        "allow_all_bots": True,
        "options": {"rounds": 1},
    }
    table = post(server_url, "/api/tables", body)
    watch_until_finished(browser, server_url, table["id"])
    deadline = time.monotonic() + SECONDS
    while True:
        try:
            get(server_url, f"/api/tables/{table['id']}")
        except urllib.error.HTTPError as error:
            assert error.code == 404 and "This game is over" in json.loads(error.read())["error"]
            break
        assert time.monotonic() < deadline, "the finished table did not leave memory"
        time.sleep(0.2)
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    page.goto(f"{server_url}/table/{table['id']}")
    page.wait_for_url(f"{server_url}/replay/{table['id']}", timeout=SECONDS * 1000)
    page.wait_for_selector(".hands-row")
    assert page.inner_text("#move") == "The deal."
    context.close()
