"""Helpers of the lobby and replay page tests: a table played or watched through a websocket of the page, a
finished game, and the checks every page passes at phone and desktop sizes (no sideways scrolling, 44 px touch
targets, an axe scan with nothing serious or critical)."""

from __future__ import annotations

import json
import time
from typing import Any

from browser.web_helpers import get, post

SECONDS = 60
# The shared finished game's name (conftest's `replayed`): long, so that the lists and headings showing it must wrap.
FINISHED_NAME = "A finished table with a rather long name"
PHONE = {"width": 390, "height": 844}
NARROW = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
# Each page is checked at these sizes: the narrowest phone, a common phone, a desktop.
SIZES = (
    ("narrow", NARROW, {"is_mobile": True, "has_touch": True}),
    ("phone", PHONE, {"is_mobile": True, "has_touch": True}),
    ("desktop", DESKTOP, {}),
)

# Plays a table through a websocket of the page, as the holder of `token`: the first legal action whenever it
# is this seat's turn, until the match is over (or only says hello, with `play` false; a spectator without a
# token only watches). Resolves with the latest view's table and game parts.
PLAY_SCRIPT = """async ({ token, tableId, play, seconds }) => {
  const socket = new WebSocket(`ws://${location.host}/ws/${tableId}`);
  return await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { socket.close(); reject(new Error("the game did not end")); }, seconds * 1000);
    const done = (view) => { clearTimeout(timer); socket.close(); resolve({ table: view.table, game: view.game }); };
    socket.onopen = () => socket.send(JSON.stringify({ type: "hello", token }));
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (!message.view) return;
      const game = message.view.game;
      if (!play || (game && game.over)) { done(message.view); return; }
      if (game && game.legal && game.legal.length && message.view.table.intermission_left === null) {
        socket.send(JSON.stringify({ type: "act", action: game.legal[0] }));
      }
    };
  });
}"""


def watch_errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    return errors


def lobby_ready(page: Any) -> None:
    """Wait until the lobby's script has bound its buttons: "Play now" is in the page's HTML before the script runs,
    and the script draws the language switcher in the same step that binds it, so a click or Enter sent before
    that does nothing (a fresh-clone run under load pressed Enter too early and waited 60 s for the table)."""
    page.locator("#language > *").first.wait_for(state="attached")


def session(page: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(page.evaluate("localStorage.getItem('presidente.session')"))
    return data


def table_view(page: Any, token: str | None, table_id: str, play: bool = False) -> dict[str, Any]:
    """The table as the player sees it on connecting (or once the match is over, when `play`)."""
    view: dict[str, Any] = page.evaluate(
        PLAY_SCRIPT, {"token": token, "tableId": table_id, "play": play, "seconds": SECONDS}
    )
    return view


def finished_bots_game(browser: Any, base: str, name: str = "Bots only", **more: Any) -> str:
    """A one-round game of three bots, watched to its end (a table nobody watches waits): the lobby's finished
    list and a replay to open; `more` options for its rules."""
    player = post(base, "/api/players", {"name": "Host"})
    table = post(
        base,
        "/api/tables",
        {
            "token": player["token"],
            "name": name,
            "preset": "victorz",
            "seats": 3,
            "bots": ["auto", "random", "heuristic"],
            "allow_all_bots": True,
            "options": {"rounds": 1, **more},
        },
    )
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "/static/lobby.css")
    assert table_view(page, None, table["id"], play=True)["game"]["over"]
    context.close()
    deadline = time.monotonic() + SECONDS
    while table["id"] not in [t["id"] for t in get(base, "/api/finished")["tables"]]:
        assert time.monotonic() < deadline, "the finished game is not listed"
        time.sleep(0.1)
    table_id: str = table["id"]
    return table_id


def fits(page: Any) -> tuple[int, int]:
    widths: tuple[int, int] = tuple(page.evaluate("[document.documentElement.scrollWidth, innerWidth]"))
    return widths


def small_targets(page: Any) -> list[str]:
    """Visible buttons, button links, selects and text boxes (and the labels of checkboxes and radios) lower
    than 44 px."""
    found: list[str] = page.evaluate(
        """() => {
      const targets = [...document.querySelectorAll(
        "button, a.button, select, input:not([type=checkbox]):not([type=radio]), label.check, label.preset, summary")];
      const height = (el) => el.getBoundingClientRect().height;
      return targets.filter((el) => el.offsetParent !== null && height(el) < 43.5)
        .map((el) => `${el.tagName} ${el.id || el.name || el.textContent.trim().slice(0, 30)}: ${height(el)}`);
    }"""
    )
    return found


def serious_violations(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{violation['id']} ({violation['impact']}): {[node['target'] for node in violation['nodes']][:5]}"
        for violation in results.response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


def check_page(page: Any, label: str) -> None:
    """No sideways scrolling, no touch target under 44 px, nothing serious or critical for axe."""
    width, inner = fits(page)
    assert width <= inner, f"{label}: the page is {width} px wide on a {inner} px screen"
    assert not small_targets(page), small_targets(page)
    violations = serious_violations(page)
    assert not violations, violations
