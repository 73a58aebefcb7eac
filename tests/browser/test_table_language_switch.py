"""Switching the language in the middle of a game (issue 26): the table stays as it was — the same seat, the same
hand in the same order, the same log, still connected — and every word is written again in the new language,
none left in English (tests/browser/english_scan.py); a move is then made in the new language."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from browser.english_scan import english_left
from browser.table_moves import DESKTOP, EDGE, FIRST_CARD_PLAYABLE_ALONE, new_table, serve, signed_in, take_turn

SECONDS = 30
NAMES = {"Ann", "Test table"}


def table_now(page: Any) -> dict[str, Any]:
    """What the table holds, whatever the language: our seat, our hand, the log's length, the connection."""
    found: dict[str, Any] = page.evaluate(
        """() => ({
      seat: document.querySelector(".seat.me")?.dataset.seat,
      hand: [...document.querySelectorAll("#hand [data-card]")].map((card) => card.dataset.card),
      log: document.querySelectorAll("#log li").length,
      online: document.getElementById("connection").hidden,
      turn: Boolean(document.getElementById("play")),
    })"""
    )
    return found


def settled(page: Any) -> dict[str, Any]:
    """The table once the last moves' lines are in the log (a play is shown, then logged, as it lands)."""
    now = table_now(page)
    for _ in range(40):
        page.wait_for_timeout(250)
        later = table_now(page)
        if later == now:
            return now
        now = later
    raise AssertionError(f"the table kept changing: {now}")


def test_switching_language_mid_game_keeps_the_table(browser: Any, tmp_path: Path, artifacts: Path) -> None:
    # Bots wait for our move, and the turn's clock is long: nothing changes while the language does.
    with serve(tmp_path, intermission=60.0, bot_delay=0.01) as base:
        context, page, player = signed_in(browser, base, "Ann", **DESKTOP)
        url = new_table(base, player["token"], bots=[None, "auto", "auto", "auto"], options={"turn_time": 60})
        page.goto(url)
        page.get_by_role("button", name="Sit here as Ann").first.click()
        page.locator("#hand [data-card]").first.wait_for()
        # "Pass for me" off: a turn with nothing to play would pass by itself while the language changes.
        page.locator("#auto-pass").uncheck()
        started = time.monotonic()
        while not (page.locator("#play").count() and page.locator("#log li").count() >= 6):
            assert time.monotonic() - started < SECONDS, "no turn of ours came with a log"
            if take_turn(page) is None:
                page.wait_for_timeout(50)
        page.get_by_role("button", name="Hint", exact=True).wait_for()
        before = settled(page)
        assert before["online"] and before["turn"] and before["seat"] == "0", before
        assert english_left(page, "fr", NAMES), "the English page reads as English (the scan sees it)"
        english_log = page.locator("#log li").all_inner_texts()
        for language, label, hint in (("fr", "Language", "Conseil"), ("ja", "Langue", "ヒント")):
            page.get_by_label(label, exact=True).select_option(language)
            page.locator(f'html[lang="{language}"]').wait_for(state="attached")
            page.get_by_role("button", name=hint, exact=True).wait_for()
            assert table_now(page) == before, f"{language}: the table changed"
            assert (left := english_left(page, language, NAMES)) == [], f"{language}: {left}"
            assert not set(page.locator("#log li").all_inner_texts()) & set(english_log), "the log is written again"
            page.screenshot(path=str(artifacts / f"table-switched-{language}-desktop.png"), full_page=True)
        # Still playing: a move made in Japanese is answered by the server, and told in Japanese.
        index = page.evaluate(FIRST_CARD_PLAYABLE_ALONE)
        if index >= 0:
            page.locator("#hand .card:not(.dim)").nth(index).click(position=EDGE)
            play = page.get_by_role("button", name=re.compile("を出す$"))
            expect(play).to_be_enabled()
            play.click()
        else:  # no card alone follows this trick
            page.get_by_role("button", name="パス", exact=True).click()
        expect(page.locator("#log li")).not_to_have_count(before["log"])
        expect(page.locator("#log li").nth(before["log"])).to_contain_text("Ann")
        assert english_left(page, "ja", NAMES) == []
        assert not page.errors, page.errors
        context.close()
