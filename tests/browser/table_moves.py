"""Helpers of the table page's browser tests: a server with the timers a test wants, signed-in pages, and one
move made through the page the way a person makes it — by clicking cards and buttons found by role and name."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from live_server import uvicorn_in_thread
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from browser.web_helpers import post
from presidente.server.app import create_app

CLICK_MS = 3000
# Cards overlap in a row: a card is clicked where it shows, near its left edge, as a person taps it.
EDGE = {"x": 6, "y": 40}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


@contextmanager
def serve(tmp_path: Path, intermission: float = 1.0, bot_delay: float = 0.05) -> Iterator[str]:
    """A server on a free 127.0.0.1 port with these timers (the shared fixture's intermission is 1 s)."""
    app = create_app(
        f"sqlite+aiosqlite:///{tmp_path / 'table.db'}", intermission=intermission, bot_delay=bot_delay, retire_after=30
    )
    with uvicorn_in_thread(app) as port:
        yield f"http://127.0.0.1:{port}"


def signed_in(browser: Any, base: str, name: str, **context: Any) -> tuple[Any, Any, dict[str, Any]]:
    """A page whose browser holds a new player's session; page errors are collected in `page.errors`."""
    player = post(base, "/api/players", {"name": name})
    browser_context = browser.new_context(**(context or DESKTOP))
    page = browser_context.new_page()
    watch_errors(page)
    page.goto(base + "/")
    page.evaluate("session => localStorage.setItem('presidente.session', JSON.stringify(session))", player)
    return browser_context, page, player


def watch_errors(page: Any) -> None:
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("console", lambda message: page.errors.append(message.text) if message.type == "error" else None)


def new_table(base: str, token: str, **fields: Any) -> str:
    body = {"token": token, "name": "Test table", "game": "president", "preset": "bga", "seats": 4}
    body.update(fields)
    table: dict[str, Any] = post(base, "/api/tables", body)
    return f"{base}/table/{table['id']}"


def hand(page: Any) -> Any:
    return page.get_by_role("group", name="Your hand").get_by_role("button")


def hand_cards(page: Any) -> list[str]:
    """The hand as the page shows it, in order: card words ("7 of hearts")."""
    labels: list[str] = page.locator("#hand [data-key]").evaluate_all("cards => cards.map(c => c.ariaLabel)")
    return labels


def prompt(page: Any) -> str:
    text: str = page.locator("#prompt").inner_text()
    return text


def log_lines(page: Any) -> list[str]:
    lines: list[str] = page.locator("#log li").all_inner_texts()
    return lines


WANTED = re.compile(r"(?:Give|put|take) (\w+) cards?")
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "1": 1, "2": 2, "3": 3, "4": 4}


# Which card of those not dimmed is the first the Play button accepts alone (-1: none), found by selecting and
# unselecting each in one script: no update of the page comes between, and the move itself is then made by
# clicks. (Trying each card by clicks took a second or more a turn, most of the browser tests' time.)
FIRST_CARD_PLAYABLE_ALONE = """() => {
  const cards = () => document.querySelectorAll("#hand .card:not(.dim)");
  const count = cards().length;
  for (let index = 0; index < count; index++) {
    cards()[index].click();
    const accepted = !document.getElementById("play")?.disabled;
    cards()[index].click();
    if (accepted) return index;
  }
  return -1;
}"""
# The prompt's words and, on a turn to play, that card (-1 otherwise), in one script: one round trip to the browser
# where reading the prompt and then looking for the card took two on every look at a page.
PROMPT_AND_FIRST_CARD = f"""() => {{
  const words = document.getElementById("prompt")?.innerText ?? "";
  const playing = words.startsWith("Your turn") || words.startsWith("Your lead");
  return [words, playing ? ({FIRST_CARD_PLAYABLE_ALONE})() : -1];
}}"""
# The Play button's words while it is enabled, else null: one round trip.
PLAY_WORDS = "button => button.disabled ? null : button.innerText"


def take_turn(page: Any, leave: tuple[str, ...] = ()) -> str | None:
    """One move by clicks if this page may move: give or take the first cards (exchange, draft), else play the
    first card of the hand (of those not dimmed) that the Play button accepts alone, else pass, else a lone
    joker as the first rank offered. Returns what was pressed; nothing for a prompt that starts with one of
    `leave` (a move the caller makes itself).

    Every update redraws the page and the turn may move on between finding a button and clicking it: a click
    that finds its button gone gives up quickly, and the caller looks again."""
    try:
        words, index = page.evaluate(PROMPT_AND_FIRST_CARD)
        if leave and words.startswith(leave):
            return None
        if words.startswith(("Give ", "Draft: put ", "Draft: take ")):
            wanted = NUMBERS[WANTED.search(words).group(1)]  # type: ignore[union-attr]
            cards = page.locator("#pool [data-key]") if words.startswith("Draft: take") else hand(page)
            for index in range(wanted):
                cards.nth(index).click(timeout=CLICK_MS, position=EDGE)
            button = page.locator("#actions button.primary")
            label: str = button.inner_text()
            button.click(timeout=CLICK_MS)
            return label
        if words.startswith("Your play owes cards"):
            # 7 give or 10 discard: one card at a time, the first of the hand.
            hand(page).first.click(timeout=CLICK_MS, position=EDGE)
            button = page.locator("#actions button.primary")
            label = button.inner_text()
            button.click(timeout=CLICK_MS)
            return label
        if not words.startswith(("Your turn", "Your lead")):
            return None
        play = page.get_by_role("button", name=re.compile(r"^Play"))
        # The page dims the cards that are part of no legal play: only the others are tried.
        cards = page.locator("#hand .card:not(.dim)")
        if index >= 0:
            cards.nth(index).click(timeout=CLICK_MS, position=EDGE)
            label = page.locator("#play").evaluate(PLAY_WORDS)
            if label is None:  # the turn moved on meanwhile: unselect, look again
                cards.nth(index).click(timeout=CLICK_MS, position=EDGE)
                return None
            play.first.click(timeout=CLICK_MS)
            return label
        pass_button = page.get_by_role("button", name="Pass", exact=True)
        if pass_button.count():
            pass_button.click(timeout=CLICK_MS)
            return "Pass"
        if page.locator("#hand .card:not(.dim)[aria-label='joker']").count():
            return play_a_lone_joker(page)
    except PlaywrightTimeoutError:
        return None
    return None


def play_a_lone_joker(page: Any) -> str | None:
    """A joker alone waits for the rank it stands for: the joker is tapped, then the first rank offered, then
    Play; None when Play still refuses it, the joker then unselected. (Else a lead that only a joker can make
    would wait out the turn's time limit, 20 s, since a lead has no Pass.)"""
    joker = page.locator("#hand .card:not(.dim)[aria-label='joker']").first
    joker.click(timeout=CLICK_MS, position=EDGE)
    ranks = page.locator("#jokers .joker-ranks button")
    if ranks.count():
        ranks.first.click(timeout=CLICK_MS)
    if not page.locator("#play").is_enabled():
        joker.click(timeout=CLICK_MS, position=EDGE)
        return None
    label: str = page.locator("#play").inner_text()
    page.locator("#play").click(timeout=CLICK_MS)
    return label


def no_sideways_scroll(page: Any) -> bool:
    fits: bool = page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    return fits


def serious_violations(page: Any) -> list[dict[str, Any]]:
    """The axe-core scan's serious and critical violations on the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    violations: list[dict[str, Any]] = results.response["violations"]
    return [v for v in violations if v["impact"] in ("serious", "critical")]
