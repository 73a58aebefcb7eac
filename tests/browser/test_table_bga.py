"""Two people and two bots play two whole rounds of `bga` through the table page with clicks only: the first
round, the results and Ready, the card exchange of round 2 as a guided step, the second round and the match's
end; one of them reloads mid-trick and finds the same seat, hand and log. Screenshots at phone and desktop
sizes, and axe scans in play, in the exchange and at round end."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from browser.table_moves import (
    DESKTOP,
    PHONE,
    hand,
    hand_cards,
    log_lines,
    new_table,
    no_sideways_scroll,
    prompt,
    serious_violations,
    serve,
    signed_in,
    take_turn,
)

MOVE_LIMIT = 800
SECONDS = 240
# With this seed the page's way of playing (the weakest single card it may play, else pass) puts Bob first
# and Ann second in round 1 against two auto bots, so both give cards in round 2's exchange.
SEED = 0


def test_two_people_and_two_bots_play_two_rounds_of_bga_by_clicks(
    browser: Any, tmp_path: Path, artifacts: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("presidente.server.actor.secrets.randbelow", lambda _: SEED)
    scans: dict[str, int] = {}
    # The auto bots move 0.01 s apart: the round end's scan may then catch the last trick flying to its winner
    # (table-motion.js keeps moving plays fully opaque so that their names stay readable over a seat).
    with serve(tmp_path, intermission=60.0, bot_delay=0.01) as base:
        ann_context, ann, player = signed_in(browser, base, "Ann", **DESKTOP)
        bob_context, bob, _ = signed_in(browser, base, "Bob", **PHONE)
        url = new_table(base, player["token"], bots=[None, None, "auto", "auto"], options={"rounds": 2})

        # Watching is the default: each sits by choosing to.
        for page in (ann, bob):
            page.goto(url)
            page.get_by_role("button", name="Sit here as").click()
            page.get_by_text("(you)").wait_for()
        hand(ann).first.wait_for()
        assert ann.locator(".seat.me").get_attribute("data-seat") == "0"
        assert "Cards are dealt" in " ".join(log_lines(ann))
        # The log's items, once drawn, stay the same elements while updates come (only new entries are added).
        ann.evaluate("window.firstLogItem = document.querySelector('#log li')")

        reloaded = exchanged = False
        shots: set[str] = set()
        started = time.monotonic()
        for _ in range(MOVE_LIMIT):
            if ann.get_by_role("heading", name="Match over").count():
                break
            assert time.monotonic() - started < SECONDS, "two rounds took too long"
            # Each look below is made only until its step is done (a look is a round trip to the browser).
            if "results" not in shots and ann.get_by_role("button", name="Ready for the next round").count():
                round_end(ann, bob, artifacts, scans)
                shots.add("results")
                continue
            giver = (
                None if "exchange" in shots else next((p for p in (ann, bob) if prompt(p).startswith("Give ")), None)
            )
            if giver is not None:
                exchange_step(giver, artifacts, scans)
                shots.add("exchange")
            moved = False
            for page in (ann, bob):
                label = take_turn(page)
                moved = moved or label is not None
                exchanged = exchanged or bool(label and label.startswith("Give"))
            if (
                not reloaded
                and ann.locator("#trick:not(.ended) .play").count() >= 2
                and prompt(ann).startswith("Your turn: beat")
            ):
                # Mid-trick, while Ann is to move and may play (not an automatic pass: nothing changes
                # meanwhile), Bob reloads.
                reload_keeps_seat_hand_and_log(bob, artifacts)
                assert ann.evaluate("document.querySelector('#log li') === window.firstLogItem"), "the log was redrawn"
                in_play(ann, artifacts, scans)
                reloaded = True
            if not moved:
                time.sleep(0.05)
        assert reloaded and exchanged, (reloaded, exchanged)
        ann.get_by_role("heading", name="Match over").wait_for()
        assert "Ann" in ann.locator(".winners").inner_text() or "Bob" in ann.locator(".winners").inner_text()
        assert ann.locator("#results .score-sheet tbody tr").count() == 2, "a score sheet line per round"
        # Every person at the table sees every person's rating change, not only the leaderboard's top.
        for page in (ann, bob):
            page.wait_for_function(
                "() => [...document.querySelectorAll('#results .results-table td')]"
                ".filter(cell => cell.textContent.includes(', first rated game) · provisional')).length === 2"
            )
        lines = log_lines(ann)
        assert any("gives 7" in line or "gives " in line for line in lines), "the exchange is in the log"
        ann.screenshot(path=str(artifacts / "table-match-over-desktop.png"))
        for page in (ann, bob):
            assert not page.errors, page.errors
        ann_context.close()
        bob_context.close()
    assert scans == {"play": 0, "exchange": 0, "round end": 0}, scans


def in_play(ann: Any, artifacts: Path, scans: dict[str, int]) -> None:
    ann.screenshot(path=str(artifacts / "table-play-desktop.png"))
    assert ann.get_by_role("button", name="Pass").count() or ann.get_by_role("button", name="Play").count()
    scans["play"] = len(serious_violations(ann))


def reload_keeps_seat_hand_and_log(bob: Any, artifacts: Path) -> None:
    cards, lines = hand_cards(bob), log_lines(bob)
    bob.reload()
    bob.get_by_text("(you)").wait_for()
    hand(bob).first.wait_for()
    assert "Bob (you)" in bob.locator(".seat.me").inner_text()
    assert hand_cards(bob) == cards, "the same hand"
    bob.wait_for_function(f"() => document.querySelectorAll('#log li').length >= {len(lines)}")
    assert log_lines(bob) == lines, "the same log, every line of the round"
    assert no_sideways_scroll(bob)
    bob.screenshot(path=str(artifacts / "table-play-phone-after-reload.png"))


def round_end(ann: Any, bob: Any, artifacts: Path, scans: dict[str, int]) -> None:
    """The results panel, Ready as its own step, the ready marker, and the exchange waiting for Ready."""
    results = ann.locator("#results")
    assert "Round 1 results" in results.inner_text()
    assert results.get_by_role("row").count() == 5, "a header and a row per player"
    assert not ann.get_by_role("button", name="Give", exact=False).count(), "no Give beside Ready"
    ann.screenshot(path=str(artifacts / "table-round-end-desktop.png"))
    bob.screenshot(path=str(artifacts / "table-round-end-phone.png"))
    scans["round end"] = len(serious_violations(ann))
    ann.get_by_role("button", name="Ready for the next round").click()
    ann.get_by_text("You are ready").wait_for()
    assert "ready" in bob.locator(".seat[data-seat='0'] .markers").inner_text()
    bob.get_by_role("button", name="Ready for the next round").click()
    ann.locator("#results").wait_for(state="hidden")
    assert not ann.locator(".marker-ready").count(), "the ready marker clears when the round starts"


def exchange_step(giver: Any, artifacts: Path, scans: dict[str, int]) -> None:
    """The giver is told how many cards go to whom, and Give waits for exactly that many."""
    words = prompt(giver)
    assert re.match(r"Give [12] cards? to .+ \(.+\): select", words), words
    give = giver.get_by_role("button", name=re.compile(r"^Give [12] cards? to "))
    assert give.is_disabled()
    assert re.match(r"Select [12] more cards?\.", giver.locator("#reason").inner_text())
    size = "desktop" if giver.viewport_size["width"] > 500 else "phone"
    giver.screenshot(path=str(artifacts / f"table-exchange-{size}.png"))
    scans["exchange"] = len(serious_violations(giver))
