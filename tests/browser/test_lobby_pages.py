"""The lobby as a newcomer uses it: Play now, renaming (the same player, seat and rating), the creation form,
the lists; it fits a 360 px screen, its touch targets are 44 px, and an axe scan finds nothing serious."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from browser.lobby_helpers import (
    DESKTOP,
    FINISHED_NAME,
    PHONE,
    SECONDS,
    SIZES,
    check_page,
    finished_bots_game,
    lobby_ready,
    session,
    table_view,
    watch_errors,
)
from browser.table_moves import serve
from browser.web_helpers import get, post


def test_play_now_seats_a_newcomer_with_three_bots(browser: Any, server_url: str, artifacts: Path) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server_url + "/")
    page.get_by_role("heading", level=1, name="Presidente").wait_for()
    lobby_ready(page)
    page.get_by_role("button", name="Play now").click()
    page.wait_for_url(re.compile(r"/table/\w+$"), timeout=SECONDS * 1000)
    table_id = page.url.rsplit("/", 1)[1]
    me = session(page)
    assert me["name"].startswith("Guest "), "a newcomer plays at once under a guest name"
    # The table is "paused" until the page's connection arrives (issue 27), then "playing": wait for it.
    for _ in range(SECONDS * 10):
        line = get(server_url, f"/api/tables/{table_id}")
        if line["status"] != "paused":
            break
        time.sleep(0.1)
    assert line["preset"] == "bga" and line["seats"] == 4 and line["status"] == "playing"
    assert [(p["kind"], p["name"]) for p in line["players"]] == [
        ("human", me["name"]),
        ("bot", "heuristic bot"),
        ("bot", "heuristic bot"),
        ("bot", "heuristic bot"),
    ]
    view = table_view(page, me["token"], table_id)
    assert view["table"]["you"] == 0 and view["game"]["hand"], "seated, holding cards"
    page.screenshot(path=str(artifacts / "lobby-play-now-table-phone.png"))
    assert not errors, errors
    context.close()


def test_renaming_in_the_lobby_keeps_the_seat_and_the_rating(browser: Any, server_url: str, artifacts: Path) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server_url + "/")
    name_box = page.get_by_label("Display name")
    name_box.fill("Ann")
    page.get_by_role("button", name="Save name").click()
    page.get_by_role("status").filter(has_text="Welcome, Ann.").wait_for()
    ann = session(page)
    # A rated game: one round against two bots, played through a websocket of the page.
    rated = post(
        server_url,
        "/api/tables",
        {
            "token": ann["token"],
            "name": "Rated",
            "seats": 3,
            "bots": [None, "auto", "random"],
            "options": {"rounds": 1},
            "sit": True,
        },
    )
    assert table_view(page, ann["token"], rated["id"], play=True)["game"]["over"]
    page.reload()
    mine = page.locator("#leaderboard tr.mine")
    mine.wait_for()
    rating_before = mine.locator("td").nth(2).inner_text()
    assert mine.locator("td").nth(1).inner_text() == "Ann (you)" and mine.locator("td").nth(3).inner_text() == "1"
    # Play now seats Ann; then she renames herself from the lobby.
    page.get_by_role("button", name="Play now").click()
    page.wait_for_url(re.compile(r"/table/\w+$"), timeout=SECONDS * 1000)
    table_id = page.url.rsplit("/", 1)[1]
    page.goto(server_url + "/")
    page.get_by_role("link", name="Back to your seat at Ann's table").wait_for()
    name_box = page.get_by_label("Display name")
    page.wait_for_function("() => document.getElementById('name').value === 'Ann'")
    name_box.fill("Annie")
    name_box.press("Enter")
    page.get_by_role("status").filter(has_text="Saved: you play as Annie").wait_for()
    assert page.get_by_text("Playing as Annie").is_visible()
    after = session(page)
    assert after["token"] == ann["token"] and after["id"] == ann["id"], "the same player, the same token"
    assert get(server_url, f"/api/tables/{table_id}")["players"][0] == {"seat": 0, "name": "Annie", "kind": "human"}
    view = table_view(page, after["token"], table_id)
    assert view["table"]["you"] == 0, "the seat stays Annie's"
    assert view["table"]["seat_info"][0]["name"] == "Annie"
    page.wait_for_function(
        "() => document.querySelector('#leaderboard tr.mine td:nth-child(2)').textContent === 'Annie (you)'"
    )
    mine = page.locator("#leaderboard tr.mine")
    assert mine.locator("td").nth(2).inner_text() == rating_before, "the same rating"
    assert mine.locator("td").nth(3).inner_text() == "1", "the same games"
    names = page.locator("#leaderboard td:nth-child(2)").all_inner_texts()
    assert "Ann" not in names and "Ann (you)" not in names, "no second line under the old name"
    page.screenshot(path=str(artifacts / "lobby-after-rename-desktop.png"), full_page=True)
    assert not errors, errors
    context.close()


def test_the_creation_form_groups_labels_and_marks_the_rules(browser: Any, server_url: str, artifacts: Path) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server_url + "/")
    page.get_by_label("Display name").fill("Cy")
    page.get_by_role("radio", name=re.compile("^bga — ")).check()
    page.get_by_text("Change the rules").click()
    for group in (
        "Cards and jokers",
        "Plays",
        "Revolution",
        "Passing and equalizing",
        "Ending and scoring",
        "Table and timer",
    ):
        assert page.get_by_role("group", name=group).is_visible(), group
    assert not page.locator("#options label").filter(has_text=re.compile(r"\w_\w")).count(), "no snake_case labels"
    assert page.get_by_text("(as bga)").is_visible()
    revolution = page.get_by_label("Revolution: 4 of a kind reverses the ranks")
    assert revolution.evaluate("el => el.tagName") == "SELECT"
    revolution.select_option(label="Off")
    assert page.get_by_text("(1 changed from bga)").is_visible()
    assert "Changed — bga has" in page.locator("[data-option=revolution]").inner_text()
    eight = page.get_by_label("An 8 ends the trick")
    assert eight.get_attribute("type") == "checkbox"
    bot = page.get_by_label("Seat 2")
    assert "heuristic bot (solid)" in bot.inner_text() and "ismcts bot (strong — searches)" in bot.inner_text()
    page.screenshot(path=str(artifacts / "lobby-rules-desktop.png"), full_page=True)
    # Issue 13's typo: one bad item in a list is refused in the page, naming the option; nothing is sent.
    tables_before = len(get(server_url, "/api/tables")["tables"])
    page.get_by_label("Credit change: President, Vice, Neutral, High-Scum, Scum").fill("5, 0, x, -10, -15")
    page.get_by_role("button", name="Create table").click()
    assert "credit_changes" in page.locator("#create-error").inner_text()
    assert len(get(server_url, "/api/tables")["tables"]) == tables_before
    page.get_by_label("Credit change: President, Vice, Neutral, High-Scum, Scum").fill("5, 0, -5, -10, -15")
    turn = page.get_by_label("Seconds per turn")
    turn.fill("3")
    page.get_by_role("button", name="Create table").click()
    alert = page.locator("#create-error")
    assert alert.inner_text() == 'Seconds per turn: turn_time must be a whole number from 5 to 60, not "3".'
    assert page.evaluate("document.activeElement.id") == "option-turn_time", "focus goes to the bad value"
    turn.fill("30")
    page.get_by_label("Table name").fill("Slow table")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/table/\w+$"), timeout=SECONDS * 1000)
    line = get(server_url, f"/api/tables/{page.url.rsplit('/', 1)[1]}")
    assert line["name"] == "Slow table" and line["players"][0]["name"] == "Cy", "the creator sits at seat 1"
    assert not errors, errors
    context.close()


def test_the_lobby_fits_a_phone_and_passes_an_accessibility_scan(browser: Any, tmp_path: Path, artifacts: Path) -> None:
    # Its own server, not the shared `replayed` one: the table it opens, "Waiting for a friend", would stay in the
    # lobby of the tests that read the shared server after it and find no English there (a typed name is not
    # translated). A finished game with a long name is in the finished list, as on the shared server.
    with serve(tmp_path, bot_delay=0.01) as server_url:
        finished_bots_game(browser, server_url, FINISHED_NAME)
        lobby_at_every_size(browser, server_url, artifacts)


def lobby_at_every_size(browser: Any, server_url: str, artifacts: Path) -> None:
    host = post(server_url, "/api/players", {"name": "Dee"})
    post(
        server_url,
        "/api/tables",
        {"token": host["token"], "name": "Waiting for a friend", "seats": 4, "bots": [None, None, "auto", "ismcts"]},
    )
    for label, viewport, extra in SIZES:
        context = browser.new_context(viewport=viewport, **extra)
        page = context.new_page()
        errors = watch_errors(page)
        page.goto(server_url + "/")
        page.get_by_role("link", name=re.compile("^Take a seat at Waiting for a friend")).wait_for()
        watch = page.get_by_role("link", name="Watch Waiting for a friend without a seat")
        assert watch.get_attribute("href").endswith("#watch")
        page.get_by_role("link", name=f"Replay of {FINISHED_NAME}").wait_for()
        assert "Winner:" in page.locator("#finished").inner_text()
        page.locator("#leaderboard td").first.wait_for()
        page.get_by_text("Change the rules").click()
        page.wait_for_timeout(100)
        check_page(page, f"lobby, {label}")
        page.screenshot(path=str(artifacts / f"lobby-{label}.png"), full_page=label != "desktop")
        if label == "desktop":
            page.get_by_text("Change the rules").click()
            page.screenshot(path=str(artifacts / "lobby-desktop-full.png"), full_page=True)
        assert not errors, errors
        context.close()


def test_the_lobby_with_the_keyboard_alone(browser: Any, server_url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server_url + "/")
    page.get_by_role("button", name="Play now").wait_for()
    lobby_ready(page)
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "play-now":
            break
    else:
        raise AssertionError("Play now is not among the first ten Tab stops")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/table/\w+$"), timeout=SECONDS * 1000)
    assert get(server_url, f"/api/tables/{page.url.rsplit('/', 1)[1]}")["players"][0]["kind"] == "human"
    assert not errors, errors
    context.close()
