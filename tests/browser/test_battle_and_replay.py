"""The El Presidente battle view played through the page against bots, and the replay page of a finished game."""

from __future__ import annotations

import json
import time
import urllib.error
from pathlib import Path
from typing import Any

from browser.web_helpers import get, post

OWN_MOVES = 4
SECONDS = 60


def signed_in_page(
    browser: Any, base: str, viewport: dict[str, int], **context: Any
) -> tuple[Any, Any, dict[str, Any]]:
    """A page whose browser already holds a player's session (the lobby's sign-in is tested elsewhere)."""
    player = post(base, "/api/players", {"name": "Ann"})
    browser_context = browser.new_context(viewport=viewport, **context)
    page = browser_context.new_page()
    page.goto(base + "/")
    page.evaluate("session => localStorage.setItem('presidente.session', JSON.stringify(session))", player)
    return browser_context, page, player


# One El Presidente move through the page's own buttons if it is ours: a card (attack, beat or throw in) when
# one is allowed, otherwise pass, pick up or concede. It runs as one script, so no update from the server
# re-renders the page between selecting a card and pressing the button. Returns the button's label.
BATTLE_MOVE = """() => {
  const cards = () => document.querySelectorAll("#hand button.card:not([disabled])");
  const play = () => document.getElementById("play");
  if (play()) {
    for (let i = 0; i < cards().length; i++) {
      cards()[i].click();
      const button = play();
      if (button && !button.disabled) { const label = button.textContent; button.click(); return label; }
      cards()[i].click();
    }
  }
  for (const id of ["pass", "take", "concede"]) {
    const button = document.getElementById(id);
    if (button) { const label = button.textContent; button.click(); return label; }
  }
  return null;
}"""


def battle_move(page: Any) -> str | None:
    label: str | None = page.evaluate(BATTLE_MOVE)
    return label


def test_el_presidente_battle_view_played_against_bots(browser: Any, server_url: str, artifacts: Path) -> None:
    for name, viewport, extra in (
        ("desktop", {"width": 1280, "height": 860}, {}),
        ("phone", {"width": 390, "height": 844}, {"is_mobile": True, "has_touch": True}),
    ):
        context, page, player = signed_in_page(browser, server_url, viewport, **extra)
        errors: list[str] = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        page.on(
            "console",
            lambda message, errors=errors: errors.append(message.text) if message.type == "error" else None,
        )
        table = post(
            server_url,
            "/api/tables",
            {
                "token": player["token"],
                "name": f"Battle {name}",
                "game": "el-presidente",
                "seats": 3,
                "bots": [None, "heuristic", "heuristic"],
            },
        )
        page.goto(f"{server_url}/table/{table['id']}")
        page.wait_for_selector(".seat.me")
        page.wait_for_selector("#hand button.card")
        assert "Game 1/1" in page.inner_text("#status")
        assert "Battle 1" in page.inner_text("#pile")
        assert "deck" in page.inner_text("#counts")
        page.screenshot(path=str(artifacts / f"battle-start-{name}.png"), full_page=True)
        pressed: list[str] = []
        started = time.monotonic()
        while len(pressed) < OWN_MOVES and time.monotonic() - started < SECONDS:
            if "over" in page.inner_text("#status") or page.locator("#results:not([hidden])").count():
                break
            label = battle_move(page)
            if label is None:
                time.sleep(0.05)
                continue
            pressed.append(label)
            if len(pressed) == 2:
                page.wait_for_timeout(150)
                page.screenshot(path=str(artifacts / f"battle-mid-{name}.png"), full_page=True)
        assert len(pressed) >= 2, f"only {pressed} in {SECONDS} s"
        log = page.inner_text("#log")
        assert "Ann:" in log, "our moves are in the log, with our name"
        assert "heuristic bot #1" in page.inner_text("#seats"), "two bots of one kind are told apart"
        assert "sits at Ann" not in log
        assert not errors, errors
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
    deadline = time.monotonic() + SECONDS
    while table["id"] not in [t["id"] for t in get(server_url, "/api/finished")["tables"]]:
        assert time.monotonic() < deadline, "the bots' game did not finish"
        time.sleep(0.1)
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
        page.wait_for_function(f"document.getElementById('step').textContent === 'move {step} of {steps}'")
        assert page.inner_text("#move").startswith("auto bot #"), page.inner_text("#move")
        if step == 1:
            assert page.locator("#board .pile svg").count() >= 1, "the first lead is on the pile"
    page.screenshot(path=str(artifacts / "replay-step-3.png"), full_page=True)
    page.click("#back")
    page.wait_for_function(f"document.getElementById('step').textContent === 'move 2 of {steps}'")
    page.click("#last")
    page.wait_for_function(f"document.getElementById('step').textContent === 'move {steps} of {steps}'")
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
