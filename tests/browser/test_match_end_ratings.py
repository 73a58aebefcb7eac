"""The match-end panel's ratings (issue 27): a person's rating change shown at every match's end, a new player's
rating marked provisional with a sentence saying why, and the leaderboard marking it too. One person plays two
one-round matches against a bot by clicks (a phone, then a desktop window)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from browser.table_moves import PHONE, hand, new_table, serve, signed_in, take_turn
from browser.web_helpers import get

SECONDS = 120


def play_a_match(page: Any, base: str, token: str) -> Any:
    """A one-round victorz match against three auto bots, by clicks; the results panel at its end."""
    # Four seats: 13 cards to play where two seats held 26 (the auto bots pass, so each card is a trick).
    page.goto(
        new_table(base, token, preset="victorz", seats=4, bots=[None, "auto", "auto", "auto"], options={"rounds": 1})
    )
    page.get_by_role("button", name="Sit here as Ann").click()
    hand(page).first.wait_for()
    started = time.monotonic()
    while not page.get_by_role("heading", name="Match over").count():
        assert time.monotonic() - started < SECONDS, "the match took too long"
        if take_turn(page) is None:
            time.sleep(0.05)
    assert page.locator(".seat .marker-waiting").count() == 0, "at the match's end no seat waits for a next round"
    return page.locator("#results")


def numbers(pattern: str, text: str) -> list[int]:
    """The numbers `pattern`'s groups find in `text` ("1,583" is written with the page's digit grouping)."""
    found = re.fullmatch(pattern, text)
    assert found, (pattern, text)
    return [int(group.replace(",", "")) for group in found.groups()]


def test_the_match_end_shows_each_rating_change_and_why_a_new_one_is_provisional(
    browser: Any, tmp_path: Path, artifacts: Path
) -> None:
    # The auto bots move 0.01 s apart (0.05 by default): once Ann is out they play their 39 cards out, a card a trick.
    with serve(tmp_path, intermission=1.0, bot_delay=0.01) as base:
        context, page, player = signed_in(browser, base, "Ann", **PHONE)
        page.set_viewport_size({"width": 360, "height": 740})
        results = play_a_match(page, base, player["token"])
        # The rating comes a moment after the last move: wait for it.
        cell = results.get_by_role("cell", name=re.compile(r"first rated game\) · provisional$"))
        expect(cell).to_have_count(1)
        rating, change = numbers(r"([\d,]+) \(([+-]\d+), first rated game\) · provisional", cell.inner_text())
        assert rating - 1500 == change, "the change from 1500, where everyone starts"
        answer = get(base, f"/api/ratings?ids={player['id']}")
        assert answer["ratings"][player["id"]] == rating
        note = results.locator(".rating-note")
        expect(note).to_have_text(re.compile(r"^Ann: a provisional rating \(1 of the first 10 rated matches\)\. "))
        assert "counts only the level the server is already sure of" in note.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "fits 360 px"
        page.screenshot(path=str(artifacts / "match-end-rating-first-360.png"), full_page=True)

        page.set_viewport_size({"width": 1280, "height": 800})
        results = play_a_match(page, base, player["token"])
        cell = results.get_by_role("cell", name=re.compile(r"^[\d,]+ \([+-]\d+\) · provisional$"))
        expect(cell).to_have_count(1)
        rating, change = numbers(r"([\d,]+) \(([+-]\d+)\) · provisional", cell.inner_text())
        assert rating - change == answer["ratings"][player["id"]], "the change since the last match"
        expect(results.locator(".rating-note")).to_have_text(re.compile(r"\(2 of the first 10 rated matches\)"))
        page.screenshot(path=str(artifacts / "match-end-rating-second-desktop.png"), full_page=True)

        page.goto(base + "/")
        line = page.get_by_role("row").filter(has_text="Ann")
        expect(line).to_contain_text(f"{rating:,} (provisional)")
        expect(page.get_by_text("A provisional rating has few rated matches behind it")).to_be_visible()
        page.screenshot(path=str(artifacts / "leaderboard-provisional-desktop.png"))
        assert not page.errors, page.errors
        context.close()
