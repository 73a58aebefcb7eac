"""A whole round played with the keyboard alone: Tab to sit, 1 and the arrows through the hand, Space to select,
Enter to play, P to pass; the focus stays in the hand after every move; ? lists the keys."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from browser.table_moves import hand, new_table, prompt, signed_in

SECONDS = 150


def focused_card(page: Any) -> dict[str, Any] | None:
    """The card that has the focus: its key, whether it is dimmed and whether the Play button is enabled."""
    state: dict[str, Any] | None = page.evaluate(
        """() => {
          const card = document.activeElement.closest("#hand [data-key]");
          const play = document.getElementById("play");
          return card && { key: card.dataset.key, dim: card.classList.contains("dim"),
                           playable: Boolean(play && !play.disabled) };
        }"""
    )
    return state


def keyboard_turn(page: Any) -> str | None:
    """Our move with keys only: the first card (not dimmed) that plays alone, else P."""
    if not prompt(page).startswith(("Your turn", "Your lead")):
        return None
    count = hand(page).count()
    page.keyboard.press("1")
    for _ in range(count):
        card = focused_card(page)
        if card is None:
            return None  # the page moved on (the timer); look again
        if not card["dim"]:
            page.keyboard.press("Space")
            if focused_card(page)["playable"]:  # type: ignore[index]
                page.keyboard.press("Enter")
                return "play"
            page.keyboard.press("Space")
        page.keyboard.press("ArrowRight")
    page.keyboard.press("p")
    return "pass"


def test_a_round_played_with_the_keyboard_alone(browser: Any, server_url: str, artifacts: Path) -> None:
    context, page, player = signed_in(browser, server_url, "Kay")
    url = new_table(server_url, player["token"], bots=[None, "auto", "auto", "auto"], options={"rounds": 1})
    page.goto(url)
    sit = page.get_by_role("button", name="Sit here as Kay")
    sit.wait_for()
    for _ in range(30):  # Tab from the top of the page to the Sit button
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "sit":
            break
    page.keyboard.press("Enter")
    hand(page).first.wait_for()

    page.keyboard.press("?")
    page.get_by_role("dialog", name="Keyboard shortcuts").wait_for()
    page.keyboard.press("Escape")
    page.get_by_role("dialog", name="Keyboard shortcuts").wait_for(state="hidden")

    moves: list[str] = []
    started = time.monotonic()
    while not page.get_by_role("heading", name="Match over").count():
        assert time.monotonic() - started < SECONDS, f"the round took too long after {moves}"
        before = hand(page).count()
        move = keyboard_turn(page)
        if move is None:
            time.sleep(0.05)
            continue
        moves.append(move)
        if move == "play" and before > 1:
            # Once the server's update has redrawn the hand, the focus is on a card again.
            page.wait_for_function(
                f"() => document.querySelectorAll('#hand [data-key]').length < {before}", timeout=5000
            )
            assert page.evaluate("Boolean(document.activeElement.closest('#hand'))"), "the focus stays in the hand"
    assert "play" in moves
    page.get_by_role("cell", name="first rated game").wait_for()
    assert "Kay" in page.get_by_role("row", name="first rated game").inner_text(), "the person's rating, not a bot's"
    page.screenshot(path=str(artifacts / "table-keyboard-round-over-desktop.png"))
    assert not page.errors, page.errors
    context.close()
