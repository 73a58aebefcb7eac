"""`college-draft` through its draft from the page: after round 1 every player puts cards face down, then takes
cards from the face-up pool while seeing their own hand beside it; no raw phase names are shown."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from browser.table_moves import PHONE, hand, new_table, no_sideways_scroll, prompt, signed_in, take_turn

SECONDS = 150


def test_college_draft_places_and_picks_through_the_page(browser: Any, server_url: str, artifacts: Path) -> None:
    context, page, player = signed_in(browser, server_url, "Dee", **PHONE)
    bots = [None, "heuristic", "heuristic", "heuristic"]
    url = new_table(server_url, player["token"], preset="college-draft", bots=bots, options={"rounds": 2})
    page.goto(url)
    page.get_by_role("button", name="Sit here as Dee").click()
    hand(page).first.wait_for()
    placed = picked = False
    started = time.monotonic()
    while not picked:
        assert time.monotonic() - started < SECONDS, f"no draft pick in time: {prompt(page)!r}"
        words = prompt(page)
        assert "draft-pick" not in words and "draft-place" not in words, "no raw phase names"
        if words.startswith("Draft: put"):
            assert page.get_by_role("button", name="Put 2 cards face down").is_disabled()
            page.screenshot(path=str(artifacts / "table-draft-place-phone.png"))
        if words.startswith("Draft: take"):
            pool = page.get_by_role("group", name="Draft pool").get_by_role("button")
            assert pool.count() >= 2 and hand(page).count() > 0, "the pool beside the hand"
            assert no_sideways_scroll(page)
            page.screenshot(path=str(artifacts / "table-draft-pick-phone.png"), full_page=True)
        label = take_turn(page)
        placed = placed or label == "Put 2 cards face down"
        picked = picked or label == "Take 2 cards"
        if label is None:
            time.sleep(0.05)
    assert placed
    page.wait_for_function(
        "() => [...document.querySelectorAll('#log li')].some(li => li.textContent.includes('Dee takes'))"
    )
    assert not page.errors, page.errors
    context.close()
