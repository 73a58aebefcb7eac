"""The table page's guidance on one seeded `victorz` table: cards named in words and sorted by strength, the
seat to move marked, the tab title, the reason an illegal selection is refused, the hint, a joker's rank chosen
as a card, a move staged before your turn, and the sound and automatic-pass switches kept in the browser; and a
table of 2^51 decks, whose plays too large to pick card by card are offered as buttons."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from browser.table_moves import EDGE, hand, hand_cards, log_lines, new_table, prompt, serve, signed_in, take_turn
from presidente.server import actor

SECONDS = 60
# With this seed, three moves in, Ann (seat 0) leads a trick holding a joker, which may stand for any rank.
SEED = 0
CARD_WORDS = re.compile(r"^((\d+|jack|queen|king|ace) of (clubs|diamonds|hearts|spades)|joker)$")
STRENGTH = ["3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace", "2", "joker"]


def rank_strength(card_words: str) -> int:
    return STRENGTH.index(card_words.split(" of ")[0])


def my_turn(page: Any) -> bool:
    return prompt(page).startswith(("Your turn", "Your lead"))


def wait_for_my_turn(page: Any) -> None:
    script = "() => /^Your (turn|lead)/.test(document.getElementById('prompt').textContent)"
    page.wait_for_function(script, timeout=SECONDS * 1000)


def test_guidance_hint_joker_rank_and_staging(
    browser: Any, tmp_path: Path, artifacts: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("presidente.server.actor.secrets.randbelow", lambda _: SEED)
    with serve(tmp_path, bot_delay=1.0) as base:
        context, page, player = signed_in(browser, base, "Ann")
        page.goto(new_table(base, player["token"], preset="victorz", seats=3, bots=[None, "auto", "auto"]))
        page.get_by_role("button", name="Sit here as Ann").click()
        hand(page).first.wait_for()

        cards = hand_cards(page)
        assert all(CARD_WORDS.match(card) for card in cards), cards
        strengths = [rank_strength(card) for card in cards]
        assert strengths == sorted(strengths), "sorted by strength, weakest first"
        assert page.locator(".seat[aria-current='true']").count() == 1, "the seat to move is marked"

        wait_for_my_turn(page)
        assert page.evaluate("document.title").startswith("● Your turn")
        page.get_by_role("button", name="3 of clubs").click(position=EDGE)
        page.get_by_role("button", name="4 of clubs").click(position=EDGE)
        assert page.get_by_role("button", name="Play", exact=True).is_disabled()
        # The reason is the engine's own, asked of the server (a `check` message): it arrives a moment later.
        page.wait_for_function("() => document.getElementById('reason').textContent !== ''", timeout=5000)
        assert "one rank" in page.locator("#reason").inner_text()
        page.keyboard.press("Escape")
        page.get_by_role("button", name="Hint").click()
        hint = page.locator("#hint-text")
        hint.wait_for()
        assert re.match(r"Hint: (play|pass)", hint.inner_text()), hint.inner_text()
        if "Hint: play" in hint.inner_text():
            assert page.locator("#hand [aria-pressed='true']").count() >= 1, "the hinted cards are selected"
        page.keyboard.press("Escape")

        joker_lead(page, artifacts)
        stage_the_strongest_card(page)
        assert not page.errors, page.errors
        context.close()


def joker_lead(page: Any, artifacts: Path) -> None:
    """Play on until Ann leads a later trick holding a joker; the rank a joker played alone stands for is chosen
    by tapping that rank, shown as a card."""
    started = time.monotonic()
    while not (
        prompt(page).startswith("Your lead")
        and "joker" in hand_cards(page)
        and any(line.startswith("Ann plays") for line in log_lines(page))  # the first lead must hold the 3
    ):
        assert time.monotonic() - started < SECONDS, "no lead with a joker"
        if take_turn(page) is None:
            time.sleep(0.05)
    page.get_by_role("button", name="joker", exact=True).first.click(position=EDGE)
    ranks = page.get_by_role("group", name="The joker stands for:").get_by_role("button")
    ranks.first.wait_for(timeout=3000)
    assert ranks.count() > 1
    assert "Choose the rank the joker stands for." in page.locator("#reason").inner_text()
    page.screenshot(path=str(artifacts / "table-joker-rank-desktop.png"))
    page.get_by_role("button", name="Joker as 9").click()
    play = page.get_by_role("button", name="Play a joker as a 9")
    play.click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('#log li')].some(li => li.textContent === 'Ann plays joker as 9.')",
        timeout=5000,
    )


def stage_the_strongest_card(page: Any) -> None:
    """Off-turn, the selected card is staged and played as soon as the turn comes back (if still legal). The
    strongest card that is no joker: a joker alone waits for its rank to be chosen, so it is not played by
    itself (the turn's time limit would move for Ann)."""
    page.wait_for_function("() => !/^Your/.test(document.getElementById('prompt').textContent)", timeout=5000)
    cards = hand_cards(page)
    index = max(at for at, card in enumerate(cards) if card != "joker")
    strongest = cards[index]
    hand(page).nth(index).click(position=EDGE)
    page.get_by_role("button", name=re.compile(r"^Play .+ on my turn$")).click()
    assert "Staged for your turn" in prompt(page)
    page.wait_for_function(
        "() => [...document.querySelectorAll('#log li')]"
        ".filter(li => li.textContent.startsWith('Ann plays ')).length > "
        + str(sum(line.startswith("Ann plays ") for line in log_lines(page))),
        timeout=SECONDS * 1000,
    )
    assert strongest not in hand_cards(page), "the staged card was played"
    ann_plays = [line for line in log_lines(page) if line.startswith("Ann plays ")]
    assert not ann_plays[-1].endswith("(automatic)"), ann_plays


def test_sound_and_automatic_pass_switches_are_kept_in_the_browser(browser: Any, server_url: str) -> None:
    context, page, player = signed_in(browser, server_url, "Sam")
    page.goto(new_table(server_url, player["token"], bots=[None, "auto", "auto", "auto"]))
    sound = page.get_by_role("button", name="Sound on")
    sound.click()
    assert page.get_by_role("button", name="Sound off").get_attribute("aria-pressed") == "false"
    auto_pass = page.get_by_role("checkbox", name="Pass for me when I cannot play")
    page.get_by_role("button", name="Sit here as Sam").click()
    auto_pass.uncheck()
    page.reload()
    assert page.get_by_role("button", name="Sound off").is_visible()
    assert not page.get_by_role("checkbox", name="Pass for me when I cannot play").is_checked()
    assert not page.errors, page.errors
    context.close()


def test_a_table_of_2_to_the_51_decks_shows_a_bounded_hand_and_plays(
    browser: Any, server_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 002 allows 2^51 decks: the page shows a few copies of each card, offers the plays it cannot
    pick card by card as buttons, and a play goes through. The server makes tables of at most
    `SERVER_MAX_DECKS` decks; one of more (stored before that bound) still plays, and this page shows it."""
    monkeypatch.setattr(actor, "SERVER_MAX_DECKS", 2**51)
    context, page, player = signed_in(browser, server_url, "Cy")
    # auto bots lead all of their smallest cards: the player's first turn is a huge lead or follow.
    body = {"preset": "victorz", "seats": 3, "bots": [None, "auto", "auto"], "options": {"decks": 2**51, "rounds": 1}}
    page.goto(new_table(server_url, player["token"], **body))
    page.get_by_role("button", name="Sit here as Cy").click()
    hand(page).first.wait_for()
    assert hand(page).count() <= 54 * 8, "a few copies of each card, not 10^15"
    played = False
    deadline = time.monotonic() + SECONDS
    while not played and time.monotonic() < deadline:  # pass until a turn offers a play too large to pick
        large = page.locator("button.large-play")
        if large.count():
            before = page.inner_text("#trick")
            large.last.click()
            page.wait_for_function(f"() => document.getElementById('trick').innerText !== {before!r}")
            played = True
        elif page.get_by_role("button", name="Pass", exact=True).count():
            page.get_by_role("button", name="Pass", exact=True).click(timeout=2_000, no_wait_after=True)
        time.sleep(0.3)
    assert played, "no turn offered a play of more cards than the hand shows"
    assert not page.errors, page.errors
    context.close()
