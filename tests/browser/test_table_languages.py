"""The table page in French and Japanese (issue 26, docs/i18n.md): a whole `bga` match of two rounds, with the
card exchange of round 2, played by clicks against three fast bots, the language chosen through localStorage;
French on a desktop, Japanese at 360×740. The log, the prompts and bga's role titles are the catalog's: no
English sentence is left in the log, Japanese texts hold Japanese; switching language mid-game keeps the table and
writes every word again; axe finds nothing serious or critical. Screenshots go to /tmp/i18n_table_shots/."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from browser.table_moves import (
    CLICK_MS,
    DESKTOP,
    EDGE,
    FIRST_CARD_PLAYABLE_ALONE,
    log_lines,
    new_table,
    no_sideways_scroll,
    serious_violations,
    serve,
    signed_in,
)

SHOTS = Path("/tmp/i18n_table_shots")
NARROW = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
SECONDS = 240
# English sentences of the log (en.ftl's log- messages): none is left in another language.
ENGLISH_LOG = re.compile(r"\b(plays|passes|gives|wins the trick|Cards are dealt|Round \d+ over|goes out)\b")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
# bga's role titles (President, Minister, Citizen, Peasant, Beggar) as the catalogs write them.
BGA_TITLES = {
    "fr": {"Président", "Ministre", "Citoyen", "Paysan", "Mendiant"},
    "ja": {"大富豪", "大臣", "市民", "農民", "物乞い"},
}


def move(page: Any) -> bool:
    """One move by clicks, whatever the page's language, found by the buttons' ids: give the first cards the
    Give button accepts, else play the first card Play accepts alone, else pass, else Ready. True if one was made."""
    try:
        if page.locator("#give").count():
            cards = page.locator("#hand [data-key]")
            for index in range(cards.count()):
                if page.locator("#give").is_enabled():
                    break
                cards.nth(index).click(timeout=CLICK_MS, position=EDGE)
            if page.locator("#give").is_enabled():
                page.locator("#give").click(timeout=CLICK_MS)
                return True
            return False
        if page.locator("#play").count():
            index = page.evaluate(FIRST_CARD_PLAYABLE_ALONE)
            if index >= 0:
                page.locator("#hand .card:not(.dim)").nth(index).click(timeout=CLICK_MS, position=EDGE)
                if page.locator("#play").is_enabled():
                    page.locator("#play").click(timeout=CLICK_MS)
                    return True
                return False
        if page.locator("#pass").count():
            page.locator("#pass").click(timeout=CLICK_MS)
            return True
        if page.locator("#ready").count():
            page.locator("#ready").click(timeout=CLICK_MS)
            return True
    except PlaywrightTimeoutError:
        return False
    return False


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def english_in_log(page: Any) -> list[str]:
    return [line for line in log_lines(page) if ENGLISH_LOG.search(line)]


@pytest.mark.parametrize(("language", "size"), [("fr", "desktop"), ("ja", "narrow")])
def test_a_bga_match_with_its_exchange_in_another_language(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, size: str
) -> None:
    monkeypatch.setattr("presidente.server.actor.secrets.randbelow", lambda _: 0)
    with serve(tmp_path, intermission=60.0, bot_delay=0.01) as base:
        context, page, player = signed_in(browser, base, "Ann", **(DESKTOP if size == "desktop" else NARROW))
        page.evaluate("lang => localStorage.setItem('presidente.language', lang)", language)
        url = new_table(base, player["token"], bots=[None, "auto", "auto", "auto"], options={"rounds": 2})
        page.goto(url)
        page.locator(f'html[lang="{language}"]').wait_for(state="attached")
        sit = page.evaluate("async () => (await import('/static/i18n.js')).t('table-sit-as', { name: 'Ann' })")
        page.get_by_role("button", name=sit).first.click()
        page.locator("#hand [data-key]").first.wait_for()
        shots: set[str] = set()
        gave = False
        started = time.monotonic()
        while not page.locator('#log li[data-event="match_end"]').count():
            assert time.monotonic() - started < SECONDS, "the match took too long"
            if page.locator("#give").count() and "exchange" not in shots:
                shoot(page, f"table-{language}-{size}-exchange")
                assert serious_violations(page) == [], f"{language}: axe in the exchange"
                shots.add("exchange")
            if page.locator("#play").count() and "play" not in shots and len(log_lines(page)) > 3:
                shoot(page, f"table-{language}-{size}-play")
                assert serious_violations(page) == [], f"{language}: axe in play"
                assert no_sideways_scroll(page), f"{language}, {size}: wider than the screen"
                box = page.locator("select.language-select").bounding_box()
                width = page.evaluate("() => window.innerWidth")
                assert box is not None and box["x"] + box["width"] <= width, "the language switcher is on screen"
                assert page.locator("#sound").inner_text() not in ("Sound on", "Sound off"), "the sound button"
                shots.add("play")
            if page.locator("#ready").count() and "results" not in shots:
                shoot(page, f"table-{language}-{size}-results")
                assert serious_violations(page) == [], f"{language}: axe at round end"
                titles = [*page.locator(".results-table tbody td:nth-child(3), .role").all_inner_texts()]
                assert titles and set(titles) <= BGA_TITLES[language], f"bga's role titles in {language}: {titles}"
                shots.add("results")
            gave = gave or page.locator('#log li[data-event="give"]').count() > 0
            if not move(page):
                page.wait_for_timeout(50)  # polled: nothing of ours to do until the bots move
        shoot(page, f"table-{language}-{size}-over")
        assert serious_violations(page) == [], f"{language}: axe at the match's end"
        assert gave, "the exchange of round 2 was played"
        assert english_in_log(page) == [], "the log is in the page's language"
        if language == "ja":
            assert all(JAPANESE.search(line) for line in log_lines(page)), "every log line is Japanese"
        assert page.errors == []
        context.close()
