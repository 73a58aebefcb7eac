"""No English left on any page shown in French, Spanish or Japanese (issue 26): the lobby, the table while a game is
played and at the match's end (with its results), the replay and its review, each read whole by
english_scan.english_left at 360×740 and on a desktop — every visible text node, accessible name, placeholder and
option — with names typed by players, bot kinds, presets and card ranks aside. Each is also as wide as the screen
at most and, at 360 px, has no serious or critical axe violation; screenshots go to test-artifacts/no-english-*.png."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from browser.english_scan import english_left
from browser.lobby_helpers import DESKTOP, FINISHED_NAME, NARROW, fits, serious_violations, watch_errors
from browser.table_moves import new_table, serve, signed_in
from browser.test_table_languages import move

LANGUAGES = ("fr", "es", "ja")
SIZES = (("narrow", NARROW), ("desktop", DESKTOP))
SECONDS = 120
REVIEW_MS = 90_000
# Names on these pages: the players', the tables', and the finished game's creator. Role titles are not among them:
# the presets' (bga's "Minister", "Peasant", ...) are written in the page's language too (docs/i18n.md).
NAMES = {"Ann", "Test table", FINISHED_NAME, "Host"}


def scan(page: Any, language: str, label: str, artifacts: Path) -> list[str]:
    """What is wrong with the page as it is now, at each size: English left, a page wider than the screen, and
    (at 360 px) axe's serious and critical violations. A screenshot of each size is saved."""
    problems = []
    for size, viewport in SIZES:
        page.set_viewport_size(viewport)
        where = f"{label}, {language}, {size}"
        problems += [f"{where}: not in {language}: {text}" for text in english_left(page, language, NAMES)]
        width, inner = fits(page)
        if width > inner:
            problems.append(f"{where}: {width} px wide on a {inner} px screen")
        if size == "narrow":  # axe's rules read names, roles and colours, the same at both sizes: once (2-3 s)
            problems += [f"{where}: axe {violation}" for violation in serious_violations(page)]
        page.screenshot(path=str(artifacts / f"no-english-{label}-{language}-{size}.png"), full_page=True)
    return problems


def new_page(browser: Any, language: str) -> tuple[Any, list[str]]:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(f"localStorage.setItem('presidente.language', '{language}')")
    page = context.new_page()
    return page, watch_errors(page)


def switch(page: Any, language: str) -> None:
    """Choose the language with the page's switcher, and wait until the page is written in it."""
    page.locator("select.language-select").first.select_option(language)
    page.locator(f'html[lang="{language}"]').wait_for(state="attached")


def test_lobby_replay_and_review_have_no_english(browser: Any, replayed: tuple[str, str], artifacts: Path) -> None:
    """The lobby and the replay opened in each language; the review, long to make, made once and then shown in
    each language by the switcher."""
    server_url, table_id = replayed
    problems = []
    for language in LANGUAGES:
        page, errors = new_page(browser, language)
        page.goto(server_url + "/")
        page.locator(f'html[lang="{language}"]').wait_for(state="attached")
        page.locator("#finished li a").first.wait_for()
        page.locator("#options .option").first.wait_for(state="attached")
        page.locator("#rules-options summary").click()
        problems += scan(page, language, "lobby", artifacts)

        page.goto(f"{server_url}/replay/{table_id}")
        page.locator(".hands-row").first.wait_for()
        page.locator("#review-seat option").first.wait_for(state="attached")
        for step in ("1", "2"):  # one step at a time: each asks the server
            page.keyboard.press("ArrowRight")
            page.wait_for_function("(step) => document.getElementById('slider').value === step", arg=step)
        problems += scan(page, language, "replay", artifacts)
        assert not errors, errors
        if language != LANGUAGES[-1]:
            page.context.close()

    page.set_viewport_size(DESKTOP)
    page.locator("#review-start").click()
    page.wait_for_function(
        """() => {
      const bar = document.getElementById("review-progress");
      const max = bar.getAttribute("aria-valuemax");
      return max && bar.getAttribute("aria-valuenow") === max && document.getElementById("review-cancel").hidden;
    }""",
        timeout=REVIEW_MS,
    )
    page.locator("#review-list li").first.wait_for()
    for language in LANGUAGES[::-1]:
        if language != LANGUAGES[-1]:
            switch(page, language)
        problems += scan(page, language, "review", artifacts)
    assert problems == [], "\n".join(problems)
    assert not errors, errors
    page.context.close()


def test_the_table_in_play_and_at_the_match_end_has_no_english(browser: Any, tmp_path: Path, artifacts: Path) -> None:
    """A one-round bga match opened in Spanish and played by clicks; in play and at its end, the table is read in
    Spanish, then in French and Japanese by the switcher (opened in French and Japanese: test_table_languages)."""
    # The auto bots move 0.01 s apart (0.05 by default): once Ann is out they play their hands out, a card a trick.
    with serve(tmp_path, bot_delay=0.01) as server_url:
        context, page, player = signed_in(browser, server_url, "Ann", **{"viewport": DESKTOP})
        page.evaluate("localStorage.setItem('presidente.language', 'es')")
        # Six seats: 8 or 9 cards to play by clicks, not 13.
        bots = [None, "auto", "auto", "auto", "auto", "auto"]
        url = new_table(server_url, player["token"], seats=6, bots=bots, options={"rounds": 1, "turn_time": 60})
        page.goto(url)
        page.locator('html[lang="es"]').wait_for(state="attached")
        page.get_by_role("button", name="Sentarse aquí como Ann").first.click()
        page.locator("#hand [data-key]").first.wait_for()
        problems: list[str] = []
        scanned = False
        started = time.monotonic()
        while not page.locator('#log li[data-event="match_end"]').count():
            assert time.monotonic() - started < SECONDS, "the match took too long"
            if not scanned and page.locator("#play").count() and page.locator("#log li").count() > 6:
                problems += every_language(page, "table-play", artifacts)
                scanned = True
            if not move(page):
                page.wait_for_timeout(50)  # the bots' turns
        page.locator("#results").wait_for()
        problems += every_language(page, "table-end", artifacts)
        assert scanned, "the table was scanned in play"
        assert problems == [], "\n".join(problems)
        assert not page.errors, page.errors
        context.close()


def every_language(page: Any, label: str, artifacts: Path) -> list[str]:
    """The page scanned in Spanish, French and Japanese, and back to Spanish (at the desktop size)."""
    problems = []
    for language in ("es", "fr", "ja"):
        if language != "es":
            switch(page, language)
        problems += scan(page, language, label, artifacts)
    switch(page, "es")
    page.set_viewport_size(DESKTOP)
    return problems
