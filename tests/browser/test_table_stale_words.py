"""Stale words at the table (issue 27): a score of 1 is "1 point", not "1 pts"; a seat someone left shows no role
badge and no stray letter in its avatar; the revolution banner ends with its round; a seat to move shows no
"skipped" of its last turn; the hint's reason is a sentence in the page's language, not the search's figures.

Where a state is rare in play (a revolution at a round's end, a seat skipped then to move), the server's frames
reach the page with that one fact changed, through Playwright's websocket routing; the rest is a real table."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser.table_moves import hand, new_table, prompt, serve, signed_in, take_turn

SECONDS = 90


def rewrite_frames(page: Any, change: Any) -> None:
    """Every frame the server sends with a view passes through `change(game, table)` before the page reads it."""

    def rewritten(message: str | bytes) -> str | bytes:
        if not isinstance(message, str):
            return message
        data = json.loads(message)
        view = data.get("view")
        if not view or not view.get("game"):
            return message
        change(view["game"], view["table"])
        return json.dumps(data)

    def route(socket: Any) -> None:
        server = socket.connect_to_server()
        server.on_message(lambda message: socket.send(rewritten(message)))

    page.route_web_socket("**/ws/**", route)


def seated(browser: Any, base: str, change: Any = None, **table: Any) -> tuple[Any, Any]:
    context, page, player = signed_in(browser, base, "Fay")
    if change:
        rewrite_frames(page, change)
    page.goto(new_table(base, player["token"], **table))
    page.get_by_role("button", name="Sit here as Fay").click()
    hand(page).first.wait_for()
    return context, page


def play_until(page: Any, done: str) -> None:
    started = time.monotonic()
    while not page.evaluate(done):
        assert time.monotonic() - started < SECONDS, f"not reached in time: {prompt(page)!r}"
        if take_turn(page) is None:
            time.sleep(0.05)


def test_points_in_words_and_the_revolution_banner_ends_with_its_round(browser: Any, tmp_path: Path) -> None:
    """Every frame says the order is reversed: the banner shows in play, and not between rounds."""

    def reversed_order(game: dict[str, Any], table: dict[str, Any]) -> None:
        game["reversed"] = True

    with serve(tmp_path, intermission=4.0) as base:
        context, page = seated(
            browser, base, reversed_order, bots=[None, "auto", "auto", "auto"], options={"rounds": 2}
        )
        page.locator("#banners", has_text="Revolution").wait_for()
        play_until(page, "() => !document.getElementById('results').hidden")
        assert not page.locator("#banners", has_text="Revolution").count(), page.locator("#banners").inner_text()
        scores = page.locator(".seat-score").all_inner_texts()
        assert "1 point" in scores and all(re.fullmatch(r"-?\d+ points?", s) for s in scores), scores
        assert not page.errors, page.errors
        context.close()


def test_a_seat_to_move_shows_no_skipped_and_another_does(browser: Any, server_url: str) -> None:
    """Every seat's last move is said to be a skip: the seat to move shows "to move" alone."""

    def all_skipped(game: dict[str, Any], table: dict[str, Any]) -> None:
        for seat in game["seats"]:
            seat["last_move"] = "skipped"

    context, page = seated(browser, server_url, all_skipped, bots=[None, "auto", "auto", "auto"])
    page.wait_for_function("() => /^Your (turn|lead)/.test(document.getElementById('prompt').textContent)")
    me = page.locator(".seat.me")
    assert me.locator(".marker-turn").count() == 1 and me.locator(".marker-skipped").count() == 0
    assert page.locator(".seat:not(.turn) .marker-skipped").count() == 3
    assert not page.errors, page.errors
    context.close()


def test_a_seat_someone_left_shows_no_role_and_no_stray_letter(browser: Any, tmp_path: Path) -> None:
    """Fay plays round 1 (and earns a role), then leaves between rounds: her seat is empty, with no role badge
    and an avatar with no letter (it showed "(" from "(empty)")."""
    with serve(tmp_path, intermission=6.0) as base:
        context, page = seated(browser, base, bots=[None, "auto", "auto", "auto"], options={"rounds": 3})
        play_until(page, "() => !document.getElementById('results').hidden")
        assert page.locator('.seat[data-seat="0"] .role').count() == 1, "a role earned in round 1"
        page.once("dialog", lambda dialog: dialog.accept())  # "Leave this table?"
        page.get_by_role("button", name="Leave the table").click()
        page.locator('.seat[data-seat="0"] .marker-empty').wait_for()
        seat = page.locator('.seat[data-seat="0"]')
        assert seat.locator(".role").count() == 0, seat.inner_text()
        assert seat.locator(".avatar text").text_content() == ""
        letters = page.locator(".seat .avatar text").all_text_contents()
        assert all(re.fullmatch(r"\w?", letter) for letter in letters), letters
        assert not page.errors, page.errors
        context.close()


def french_reasons() -> list[str]:
    """fr.ftl's hint reasons as patterns (a variable stands for any text)."""
    catalog = (Path(__file__).resolve().parents[2] / "presidente" / "web" / "locales" / "fr.ftl").read_text()
    sentences, inside = [], False
    for line in catalog.splitlines():
        if line.startswith("hint-why-"):
            value = line.partition(" = ")[2]
            inside = value.startswith("{")
            if not inside:
                sentences.append(value)
        elif inside and re.match(r"\s+\*?\[", line):
            sentences.append(line.split("] ", 1)[1])
        elif line.startswith("}"):
            inside = False
    return [".+".join(re.escape(part) for part in re.split(r"\{ \$\w+ \}", sentence)) for sentence in sentences]


def test_the_hint_reads_as_a_sentence_in_the_pages_language(browser: Any, server_url: str, artifacts: Path) -> None:
    """A French page's hint: "Conseil : <the move> — <one of the French reasons>", none of the search's figures."""
    context, page, player = signed_in(browser, server_url, "Fay")
    page.evaluate("localStorage.setItem('presidente.language', 'fr')")
    page.goto(new_table(server_url, player["token"], bots=[None, "auto", "auto", "auto"]))
    page.locator('html[lang="fr"]').wait_for(state="attached")
    page.locator("#sit").click()
    page.locator("#hand .card").first.wait_for()
    page.wait_for_function("() => document.getElementById('hint')")
    page.locator("#hint").click()
    words = page.locator("#hint-text")
    words.wait_for()
    said = re.fullmatch(r"Conseil\s*:\s*(.+?) — (.+)", words.inner_text(), re.S)
    assert said, words.inner_text()
    assert any(re.fullmatch(sentence, said.group(2), re.S) for sentence in french_reasons()), said.group(2)
    page.locator("#dock").screenshot(path=str(artifacts / "table-hint-french.png"))
    assert not page.errors, page.errors
    context.close()


def test_an_el_presidente_hint_names_its_move_in_words(browser: Any, server_url: str) -> None:
    """The hint at El Presidente said its move as the engine writes it ("attack 7C"): now as its button does."""
    bots = [None, "heuristic", "heuristic", "heuristic"]
    context, page = seated(browser, server_url, game="el-presidente", bots=bots)
    words = page.locator("#hint-text")
    # A hint is for the turn it was asked in: a bot's throw-in window between our turns clears it, so ask again on
    # the next turn until one is shown.
    for _ in range(5):
        page.wait_for_function(
            "() => document.getElementById('prompt').textContent.startsWith('Your turn')", timeout=60000
        )
        page.locator("#hint").click()
        try:
            words.wait_for(timeout=8000)
            break
        except PlaywrightTimeout:
            continue
    said = re.fullmatch(r"Hint: (.+?) — (.+)", words.inner_text(), re.S)
    assert said, words.inner_text()
    move = said.group(1)
    assert re.match(r"(Attack with|Beat with|Throw in|Concede and take the pile|Pick up the pile|Pass)\b", move), move
    assert not re.search(r"\b(attack|beat|throw) \w+", move) and not re.search(r"\b[2-9JQKA]0?[CDHS]\b", move), move
    assert not re.search(r"\b(I|my)\b", said.group(2)), said.group(2)
    assert not page.errors, page.errors
    context.close()
