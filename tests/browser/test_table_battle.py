"""El Presidente 2v2 through the page against bots: attacker and defender on the table, teams marked, every move
in the log in words (pick-ups and concessions too), buttons named by what they do, and the rules help."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from browser.table_moves import CLICK_MS, DESKTOP, EDGE, PHONE, hand, log_lines, new_table, prompt, signed_in

OWN_MOVES = 4
SECONDS = 90


def battle_move(page: Any) -> str | None:
    """Our move by clicks: the first card the main button accepts (attack, beat, throw in), else pass, pick up
    or concede. Returns the pressed button's name, or None when it is not our turn or the turn moved on
    meanwhile (a teammate's or an opponent's throw-in can end the battle between finding a button and clicking it).
    """
    try:
        return battle_move_by_clicks(page)
    except PlaywrightTimeoutError:
        return None


def battle_move_by_clicks(page: Any) -> str | None:
    if not prompt(page).startswith("Your turn"):
        return None
    play = page.locator("#play")
    if play.count():
        cards = hand(page)
        for index in range(cards.count()):
            cards.nth(index).click(timeout=CLICK_MS, position=EDGE)
            if play.is_enabled():
                label: str = play.inner_text()
                play.click(timeout=CLICK_MS)
                return label
            cards.nth(index).click(timeout=CLICK_MS, position=EDGE)
    for name in ("Pass", "Pick up the pile", "Concede and take the pile"):
        button = page.get_by_role("button", name=name, exact=True)
        if button.count():
            button.click(timeout=CLICK_MS)
            return name
    return None


def test_el_presidente_2v2_played_against_bots(browser: Any, server_url: str, artifacts: Path) -> None:
    for size, options in (("desktop", DESKTOP), ("phone", PHONE)):
        context, page, player = signed_in(browser, server_url, "Ann", **options)
        bots = [None, "heuristic", "heuristic", "heuristic"]
        url = new_table(server_url, player["token"], game="el-presidente", bots=bots, options={"teams": "2v2"})
        page.goto(url)
        page.get_by_role("button", name="Sit here as Ann").click()
        hand(page).first.wait_for()
        assert re.match(r"Game 1 of 1 · battle \d+", page.locator("#status").inner_text())
        assert re.search(r"Battle \d+: .+ attacks .+", page.locator("#trick").inner_text())
        assert "Deck:" in page.locator("#counts").inner_text()
        teams = page.locator(".seat .marker-team").all_inner_texts()
        assert sorted(teams) == ["team A", "team A", "team B", "team B"], teams
        assert page.locator(".seat.team0").count() == 2, "teams marked by colour"
        page.get_by_text("How El Presidente is played").click()
        # The bots play on meanwhile: the rules stay open through the page's redraws.
        expect(page.locator(".rules-help")).to_contain_text("king high, ace low")
        page.wait_for_timeout(300)
        expect(page.locator(".rules-help")).to_contain_text("king high, ace low")
        page.screenshot(path=str(artifacts / f"table-battle-{size}.png"))
        pressed: list[str] = []
        started = time.monotonic()
        while len(pressed) < OWN_MOVES and time.monotonic() - started < SECONDS:
            if page.get_by_role("heading", name="Match over").count():
                break
            label = battle_move(page)
            if label is None:
                time.sleep(0.05)
            else:
                pressed.append(label)
        assert len(pressed) >= 2, f"only {pressed} in {SECONDS} s"
        lines = log_lines(page)
        assert any(line.startswith("Ann ") for line in lines), "our moves are in the log, with our name"
        assert any(re.search(r" (attacks with|beats with|throws in|passes|picks up|concedes)", line) for line in lines)
        assert not any(re.search(r": (attack|beat|throw|take|concede)\b", line) for line in lines), "words, not codes"
        assert "heuristic bot #1" in page.locator("#felt").inner_text(), "two bots of one kind are told apart"
        page.screenshot(path=str(artifacts / f"table-battle-mid-{size}.png"))
        assert not page.errors, page.errors
        context.close()
