"""The replay page: named step buttons, the arrow keys and the slider; it fits a 360 px screen, and an axe scan
finds nothing serious."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser.lobby_helpers import DESKTOP, FINISHED_NAME, SIZES, check_page, watch_errors
from browser.web_helpers import get


def step_is(page: Any, step: int, steps: int) -> None:
    page.wait_for_function(f"() => document.getElementById('step').textContent === 'move {step} of {steps}'")


def test_replay_steps_by_buttons_and_arrow_keys(browser: Any, replayed: tuple[str, str], artifacts: Path) -> None:
    server_url, table_id = replayed
    steps = get(server_url, f"/api/replay/{table_id}")["steps"]
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server_url}/replay/{table_id}")
    page.get_by_role("heading", level=1, name=f"Replay of {FINISHED_NAME}").wait_for()
    step_is(page, 0, steps)
    page.get_by_role("button", name="Next move").click()
    step_is(page, 1, steps)
    # The move in words, from its typed events: "auto bot plays 3♣." (a sentence, not the move's text).
    assert re.match(r"(auto|random|heuristic) bot(?: #\d+)? \w+ .*\.$", page.locator("#move").inner_text())
    page.keyboard.press("ArrowRight")
    step_is(page, 2, steps)
    page.keyboard.press("ArrowRight")
    step_is(page, 3, steps)
    page.keyboard.press("ArrowLeft")
    step_is(page, 2, steps)
    page.keyboard.press("End")
    step_is(page, steps, steps)
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(200)
    step_is(page, steps, steps)
    assert page.get_by_role("button", name="Next move").get_attribute("aria-disabled") == "true"
    page.screenshot(path=str(artifacts / "replay-end-desktop.png"), full_page=True)
    page.get_by_role("button", name="Back one move").click()
    step_is(page, steps - 1, steps)
    page.get_by_role("button", name="Go to the deal").click()
    step_is(page, 0, steps)
    assert page.locator("#move").inner_text() == "The deal."
    slider = page.get_by_label("Move", exact=True)
    slider.focus()
    page.keyboard.press("ArrowRight")
    step_is(page, 1, steps)
    page.get_by_role("button", name="Go to the end").click()
    step_is(page, steps, steps)
    assert not errors, errors
    context.close()


def test_replay_fits_a_phone_and_passes_an_accessibility_scan(
    browser: Any, replayed: tuple[str, str], artifacts: Path
) -> None:
    server_url, table_id = replayed
    for label, viewport, extra in SIZES:
        context = browser.new_context(viewport=viewport, **extra)
        page = context.new_page()
        errors = watch_errors(page)
        page.goto(f"{server_url}/replay/{table_id}")
        page.locator(".hands-row").first.wait_for()
        page.get_by_role("button", name="Next move").click()
        page.wait_for_function("() => document.getElementById('step').textContent.startsWith('move 1 of')")
        check_page(page, f"replay, {label}")
        page.screenshot(path=str(artifacts / f"replay-{label}.png"), full_page=True)
        assert not errors, errors
        context.close()
