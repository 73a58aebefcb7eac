"""The replay page opens a position file (POST /api/position): the bare /replay/position page and a game's
replay both draw it with the replay's board, a broken file's error shows in an alert region, it fits a 360 px
screen and an axe scan finds nothing serious."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from browser.lobby_helpers import DESKTOP, FINISHED_NAME, NARROW, check_page, watch_errors
from presidente.president import State, find_preset, new_game
from presidente.server.games import game_of


def mid_trick(seed: int = 7) -> State:
    """A seeded four-seat game after random moves, stopped with plays on the trick."""
    state = new_game(find_preset("college"), players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(200):
        view = game_of("president").full_view(state)
        if len(view["trick"]) >= 2 and view["phase"] == "play":
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no trick with two plays")


def position_file(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    state = mid_trick()
    path = tmp_path / "mid-trick.json"
    path.write_text(state.to_position().to_json() + "\n", encoding="utf-8")
    return path, game_of("president").full_view(state)


def real_errors(errors: list[str]) -> list[str]:
    """Page errors, leaving out the browser's own note of the 400 a broken file gets."""
    return [error for error in errors if "status of 400" not in error]


def test_a_position_file_opens_on_the_position_page(browser: Any, server_url: str, tmp_path: Path) -> None:
    path, view = position_file(tmp_path)
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "presidente-position/1", "game": "president", "hands": 3', encoding="utf-8")
    stolen = tmp_path / "stolen.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    stolen.write_text(json.dumps(dict(data, hands=["", *data["hands"][1:]])), encoding="utf-8")
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server_url}/replay/position")
    page.get_by_role("heading", level=1, name="Open a position").wait_for()
    assert page.locator("#controls").is_hidden() and page.locator("#table-panel").is_hidden()
    page.get_by_label("Open a position file").set_input_files(str(path))
    page.get_by_role("heading", level=1, name="Position from a file").wait_for()
    assert "mid-trick.json" in page.locator("#subtitle").inner_text()
    rows = page.locator(".hands-row")
    assert rows.count() == 4
    for seat, hand in enumerate(view["hands"]):
        assert rows.nth(seat).locator(".cards svg").count() == sum(count for _, count in hand)
        assert rows.nth(seat).locator("strong").inner_text().startswith(f"Seat {seat + 1}")
    assert page.locator(".pile .play").count() == len(view["trick"]) >= 2
    assert page.get_by_role("alert").inner_text() == ""
    # A file that is not JSON, then a position whose cards do not add up: the engine's words, in the alert.
    page.get_by_label("Open a position file").set_input_files(str(broken))
    page.wait_for_function("() => document.getElementById('position-error').textContent.includes('not valid JSON')")
    assert page.get_by_role("alert").inner_text().startswith("broken.json is not a position")
    page.get_by_label("Open a position file").set_input_files(str(stolen))
    page.wait_for_function("() => document.getElementById('position-error').textContent.includes('not conserved')")
    assert rows.count() == 4  # the table shown before stays
    page.get_by_label("Open a position file").set_input_files(str(path))
    page.wait_for_function("() => document.getElementById('position-error').textContent === ''")
    assert not real_errors(errors), errors
    context.close()


def test_a_position_file_opens_on_a_replay_page(browser: Any, replayed: tuple[str, str], tmp_path: Path) -> None:
    path, view = position_file(tmp_path)
    server_url, table_id = replayed
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server_url}/replay/{table_id}")
    page.get_by_role("heading", level=1, name=f"Replay of {FINISHED_NAME}").wait_for()
    page.locator(".hands-row").first.wait_for()
    file_input = page.get_by_label("Open a position file")
    file_input.focus()
    assert page.evaluate("document.activeElement.id") == "position-file"
    file_input.set_input_files(str(path))
    page.get_by_role("heading", level=1, name="Position from a file").wait_for()
    assert page.locator(".pile .play").count() == len(view["trick"])
    assert page.locator(".hands-row").count() == 4
    # The step buttons go back to the game's replay.
    page.get_by_role("button", name="Go to the deal").click()
    page.get_by_role("heading", level=1, name=f"Replay of {FINISHED_NAME}").wait_for()
    assert not errors, errors
    context.close()


def test_the_position_page_fits_a_phone_and_passes_an_accessibility_scan(
    browser: Any, server_url: str, tmp_path: Path, artifacts: Path
) -> None:
    path, _ = position_file(tmp_path)
    broken = tmp_path / "broken.json"
    broken.write_text("[1, 2, 3]", encoding="utf-8")
    context = browser.new_context(viewport=NARROW, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server_url}/replay/position")
    page.get_by_role("heading", level=1, name="Open a position").wait_for()
    check_page(page, "position page, empty")
    page.get_by_label("Open a position file").set_input_files(str(path))
    page.locator(".hands-row").first.wait_for()
    check_page(page, "position page, a position shown")
    page.screenshot(path=str(artifacts / "replay-position-narrow.png"), full_page=True)
    page.get_by_label("Open a position file").set_input_files(str(broken))
    page.wait_for_function("() => document.getElementById('position-error').textContent.includes('JSON object')")
    check_page(page, "position page, an error shown")
    page.screenshot(path=str(artifacts / "replay-position-error-narrow.png"), full_page=True)
    assert not real_errors(errors), errors
    context.close()
