"""`trump-jokers` (seed 003) through the table page, once with clicks only and once with the keyboard only: a
person and three bots play until the match ends on credit; the person plays a trump joker over another play
("A Joker is a "trump" card and wins any hand no matter the size of the set"), and the page shows it winning
the trick; the results show each player's credit, the match ending when one reaches 0 ("Each player starts
with a credit of 50 points. … The game ends when a player reaches 0 point or less"; here 10, so that one round
can end it), and the person's rating."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from browser.table_moves import DESKTOP, PHONE, hand, log_lines, new_table, prompt, serve, signed_in, take_turn
from browser.test_table_keyboard import keyboard_turn

SECONDS = 180
# With this seed the person (seat 0) is dealt a joker in round 1.
SEED = 0
CREDIT = 10


def play_the_joker_by_clicks(page: Any) -> bool:
    joker = page.get_by_role("group", name="Your hand").get_by_role("button", name="joker", exact=True)
    joker.first.click(position={"x": 6, "y": 40})
    play = page.get_by_role("button", name="Play a joker")
    if not play.is_enabled():
        joker.first.click(position={"x": 6, "y": 40})
        return False
    play.click()
    return True


def play_the_joker_by_keys(page: Any) -> bool:
    page.keyboard.press("1")
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.ariaLabel") == "joker", "the joker is the strongest card, last"
    page.keyboard.press("Space")
    if not page.get_by_role("button", name="Play a joker").is_enabled():
        page.keyboard.press("Space")
        return False
    page.keyboard.press("Enter")
    return True


@pytest.mark.parametrize(("way", "size"), [("clicks", DESKTOP), ("keyboard", PHONE)])
def test_trump_jokers_played_through_the_page(
    way: str, size: dict[str, Any], browser: Any, tmp_path: Path, artifacts: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("presidente.server.actor.secrets.randbelow", lambda _: SEED)
    with serve(tmp_path, intermission=1.0) as base:
        context, page, player = signed_in(browser, base, "Tia", **size)
        bots = [None, "auto", "auto", "auto"]
        url = new_table(base, player["token"], preset="trump-jokers", bots=bots, options={"credit_start": CREDIT})
        page.goto(url)
        sit = page.get_by_role("button", name="Sit here as Tia")
        if way == "keyboard":
            sit.wait_for()
            for _ in range(30):
                page.keyboard.press("Tab")
                if page.evaluate("document.activeElement.id") == "sit":
                    break
            page.keyboard.press("Enter")
        else:
            sit.click()
        hand(page).first.wait_for()
        assert "joker" in page.locator("#hand [data-key]").evaluate_all("cards => cards.map(c => c.ariaLabel)")

        joker_won = False
        started = time.monotonic()
        while not page.get_by_role("heading", name="Match over").count():
            assert time.monotonic() - started < SECONDS, "the match took too long"
            jokers = page.locator("#hand [aria-label='joker']").count()
            words = prompt(page)
            if not joker_won and jokers and not words.startswith("Your "):
                # Not our move yet. The prompt is read once a loop: read again by the move below, it could turn
                # into "Your turn: beat" there and the move would beat with a plain card. With the auto bots (who
                # pass on every trick) the person's one chance to beat a play is the first trick.
                time.sleep(0.05)
                continue
            if not joker_won and jokers and words.startswith("Your turn: beat"):
                played = play_the_joker_by_clicks(page) if way == "clicks" else play_the_joker_by_keys(page)
                if played:
                    # The joker beats whatever lies there and wins the trick at once: Tia leads next.
                    page.get_by_text(re.compile(r"^You win the trick: a joker ends it \(trump jokers\)\.$")).wait_for()
                    page.screenshot(path=str(artifacts / f"table-trump-joker-{way}.png"))
                    joker_won = True
                    continue
            move = take_turn(page) if way == "clicks" else keyboard_turn(page)
            if move is None:
                time.sleep(0.05)
        assert joker_won, "the person played a trump joker over another play"
        assert any(line.startswith("Tia plays joker") for line in log_lines(page)), "the log reads cards, not codes"

        results = page.locator("#results")
        rows = results.locator(".results-table tbody tr")
        assert rows.count() == 4
        totals = [int(text) for text in results.locator(".results-table tbody td:nth-child(5)").all_inner_texts()]
        points = [int(text) for text in results.locator(".results-table tbody td:nth-child(4)").all_inner_texts()]
        assert [CREDIT + p for p in points] == totals, "credit left = the start's credit + this round's change"
        assert min(totals) <= 0, "the match ends when a player's credit reaches 0"
        assert "Beggar" in results.inner_text() and "President" in results.inner_text()
        # The seats count credit left, not points.
        scores = page.locator(".seat-score").all_inner_texts()
        assert scores and all(re.fullmatch(r"-?\d+ credits?", text) for text in scores), scores
        page.get_by_role("cell", name="first rated game").wait_for()
        page.screenshot(path=str(artifacts / f"table-trump-jokers-over-{way}.png"), full_page=True)
        assert not page.errors, page.errors
        context.close()
