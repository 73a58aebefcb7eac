"""Two browsers join one table with a bot through the pages, play a full round, and one reloads mid-game."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from browser.web_helpers import post

MOVE_LIMIT = 600
CLICK_MS = 3000
ROUND_SECONDS = 150


def take_turn(page: Any) -> bool:
    """Make one move if it is this page's turn: pass when allowed, else lead the first single card allowed.

    Every update redraws the buttons, and the turn may move on (a timed-out turn) between finding a button and
    clicking it: a click that finds its button gone gives up quickly, and the caller looks again."""
    try:
        if page.locator("#pass").count():
            page.click("#pass", timeout=CLICK_MS)
            return True
        if not page.locator("#play").count():
            return False
        cards = page.locator("#hand button.card")
        for index in range(cards.count()):
            cards.nth(index).click(timeout=CLICK_MS)
            if page.locator("#play").is_enabled():
                page.click("#play", timeout=CLICK_MS)
                return True
            cards.nth(index).click(timeout=CLICK_MS)  # unselect, try the next card
    except PlaywrightTimeoutError:
        return False
    return False


def test_two_players_and_a_bot_play_a_round_and_a_reload_resumes_the_seat(
    browser: Any, server_url: str, artifacts: Path
) -> None:
    desktop = browser.new_context(viewport={"width": 1280, "height": 860})
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    ann, bob = desktop.new_page(), phone.new_page()
    errors: list[str] = []
    for page in (ann, bob):
        page.on("pageerror", lambda error: errors.append(str(error)))

    ann.goto(server_url)
    ann.fill("#name", "Ann")
    ann.fill("#create-form input[name=name]", "Browser table")
    ann.fill("#seats", "3")
    ann.dispatch_event("#seats", "change")
    ann.select_option("#create-form select[name=bot1]", "")
    ann.select_option("#create-form select[name=bot2]", "auto")
    ann.screenshot(path=str(artifacts / "lobby-desktop.png"), full_page=True)
    ann.click("#create-form button[type=submit]")
    ann.wait_for_url("**/table/*")
    table_url = ann.url
    ann.wait_for_selector(".seat.me")

    bob.goto(table_url)
    bob.fill("#join-name", "Bob")
    bob.click("#join-form button[type=submit]")
    bob.wait_for_selector(".seat.me", timeout=15_000)
    ann.wait_for_selector("#hand button.card", timeout=15_000)
    bob.wait_for_selector("#hand button.card", timeout=15_000)
    ann.screenshot(path=str(artifacts / "table-desktop.png"), full_page=True)
    bob.screenshot(path=str(artifacts / "table-phone.png"), full_page=True)

    reloaded = False
    started = time.monotonic()
    moves = 0
    for _ in range(MOVE_LIMIT):
        if "Round 2" in ann.inner_text("#status") or "over" in ann.inner_text("#status"):
            break
        assert time.monotonic() - started < ROUND_SECONDS, "the round took too long"
        moved = False
        for page in (ann, bob):
            if take_turn(page):
                moves += 1
                moved = True
        if moves >= 6 and not reloaded:
            hand_before = bob.locator("#hand button.card").count()
            bob.reload()
            bob.wait_for_selector(".seat.me", timeout=15_000)
            assert "Bob" in bob.inner_text(".seat.me")
            assert bob.locator("#hand button.card").count() in (hand_before, hand_before - 1, hand_before - 2)
            bob.screenshot(path=str(artifacts / "table-phone-after-reload.png"), full_page=True)
            reloaded = True
        if not moved:
            time.sleep(0.05)
    assert reloaded
    ann.wait_for_selector("#results:not([hidden])", timeout=5_000)
    ann.screenshot(path=str(artifacts / "round-results-desktop.png"), full_page=True)
    assert "Round over" in ann.inner_text("#log") or "Round 2" in ann.inner_text("#status")
    bob.fill("#chat-text", "<b>good game</b>")
    bob.click("#chat-form button")
    ann.wait_for_selector("#chat li")
    assert "<b>good game</b>" in ann.inner_text("#chat"), "chat is shown as text, never as HTML"
    assert not errors, errors
    desktop.close()
    phone.close()


def test_a_table_of_2_to_the_51_decks_shows_a_bounded_hand_and_plays(browser: Any, server_url: str) -> None:
    """Seed 002 allows 2^51 decks: the page shows a few copies of each card, offers the plays it cannot
    pick card by card as buttons, and a play goes through."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server_url)
    player = post(server_url, "/api/players", {"name": "Cy"})
    page.evaluate(f"localStorage.setItem('presidente.session', JSON.stringify({json.dumps(player)}))")
    table = post(
        server_url,
        "/api/tables",
        {
            "token": player["token"],
            "name": "Huge",
            "preset": "victorz",
            "seats": 3,
            # auto bots lead all of their smallest cards: the player's first turn is a huge lead or follow.
            "bots": [None, "auto", "auto"],
            "options": {"decks": 2**51, "rounds": 1},
        },
    )
    page.goto(f"{server_url}/table/{table['id']}")
    page.wait_for_selector(".seat.me", timeout=15_000)
    page.wait_for_selector("#hand button.card", timeout=15_000)
    assert page.locator("#hand button.card").count() <= 54 * 8, "a few copies of each card, not 10^15"
    played = False
    deadline = time.monotonic() + 60
    while not played and time.monotonic() < deadline:  # pass until a turn offers a play too large to pick
        large = page.locator("button.large-play")
        if large.count():
            before = page.inner_text("#pile")
            large.last.click()
            page.wait_for_function(f"document.getElementById('pile').innerText !== {json.dumps(before)}")
            played = True
        elif page.locator("#pass").count():
            page.locator("#pass").click(timeout=2_000, no_wait_after=True)
        time.sleep(0.3)
    assert played, "no turn offered a play of more cards than the hand shows"
    assert not errors, errors
    context.close()
