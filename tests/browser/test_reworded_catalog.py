"""Issue 26's rewording test: changing the English catalog changes no behaviour. The page is served an `en.ftl`
whose every one-line message and attribute is reworded (wrapped in ⟦ ⟧, a pseudo-localization), and a round of
`bga` is played through it by a driver that reads no words at all — only element ids, the cards' dimming and
the buttons' enabled state. Moves are made, every log line is the reworded catalog's, and a watcher with the
real catalog reads as many lines: no code path of the page parses a displayed sentence."""

from __future__ import annotations

import contextlib
import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from browser.table_moves import EDGE, FIRST_CARD_PLAYABLE_ALONE, new_table, serve, signed_in

CATALOG = Path(__file__).resolve().parents[2] / "presidente" / "web" / "locales" / "en.ftl"
# `key = value` or `.attribute = value` on one line, its braces balanced there (a selector spans lines: kept).
ONE_LINE = re.compile(r"^(\s*\.?[a-z][\w-]* = )(.+)$")
SECONDS = 60
MOVES = 4  # a few tricks: enough for plays, passes and a trick's end in the log


def reworded(catalog: str) -> str:
    lines = []
    for line in catalog.splitlines():
        match = ONE_LINE.match(line)
        if match and match.group(2).count("{") == match.group(2).count("}") and not line.startswith("-"):
            line = f"{match.group(1)}⟦{match.group(2)}⟧"
        lines.append(line)
    return "\n".join(lines) + "\n"


def move_without_words(page: Any) -> bool:
    """One move if the page offers one: the first card Play accepts alone, else Pass. Found by id, never by
    words; False when there is nothing to press (another seat's turn)."""
    if not page.locator("#play").count():
        return False
    index = page.evaluate(FIRST_CARD_PLAYABLE_ALONE)
    if index >= 0:
        page.locator("#hand .card:not(.dim)").nth(index).click(timeout=3000, position=EDGE)
        if page.locator("#play").is_enabled():
            page.locator("#play").click(timeout=3000)
            return True
        return False
    if page.locator("#pass").count():
        page.locator("#pass").click(timeout=3000)
        return True
    return False


def test_a_round_plays_the_same_through_a_reworded_english_catalog(browser: Any, tmp_path: Path) -> None:
    text = reworded(CATALOG.read_text(encoding="utf-8"))
    assert text.count("⟦") > 500, "most messages are reworded"
    with serve(tmp_path) as base:
        context, page, player = signed_in(browser, base, "Ann")
        page.route("**/locales/en.ftl", lambda route: route.fulfill(body=text, content_type="text/plain"))
        table = new_table(base, player["token"], bots=[None, "auto", "auto", "auto"])
        page.goto(table)
        page.locator(".sit-here").first.click()
        page.locator("#hand [data-key]").first.wait_for()
        assert "⟦" in page.locator("#prompt").inner_text(), "the page speaks the reworded catalog"
        moves = 0
        started = time.monotonic()
        while moves < MOVES:
            assert time.monotonic() - started < SECONDS, f"{moves} moves made"
            # The turn may move on between finding a button and pressing it: the click gives up, and we look again.
            with contextlib.suppress(PlaywrightTimeoutError):
                moves += move_without_words(page)
            time.sleep(0.05)
        lines = page.locator("#log li").all_inner_texts()
        assert lines and all("⟦" in line for line in lines), [line for line in lines if "⟦" not in line]
        # A watcher with the real catalog is sent the same history and writes as many lines from it: the page did
        # what the server recorded, and every line of the reworded page came from an event, none from a sentence.
        watcher = browser.new_context().new_page()
        watcher.goto(table)
        watcher.locator("#log li").first.wait_for()
        watcher.wait_for_function(f"() => document.querySelectorAll('#log li').length >= {len(lines)}", timeout=10000)
        watched = watcher.locator("#log li").all_inner_texts()
        assert not any("⟦" in line for line in watched)
        assert len(watched) == len(page.locator("#log li").all_inner_texts()), (watched, lines)
        watcher.context.close()
        assert not page.errors, page.errors
        context.close()
