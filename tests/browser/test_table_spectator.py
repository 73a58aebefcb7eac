"""A spectator arriving mid-game is given the whole round's log, sees no hand, no chat box that would refuse
them and no join form when no seat is free; a signed-in visitor is never seated without asking."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser.table_moves import DESKTOP, PHONE, log_lines, new_table, no_sideways_scroll, serve, signed_in, watch_errors
from browser.web_helpers import post

LINES_BEFORE_ARRIVING = 14


def test_a_spectator_arriving_mid_game_sees_the_whole_rounds_log_and_no_hand(
    browser: Any, tmp_path: Path, artifacts: Path
) -> None:
    with serve(tmp_path, bot_delay=0.3) as base:
        owner = post(base, "/api/players", {"name": "Owner"})
        url = new_table(base, owner["token"], bots=["auto", "random", "auto", "random"], allow_all_bots=True)
        first_context = browser.new_context(**DESKTOP)
        first = first_context.new_page()
        watch_errors(first)
        first.goto(url)  # a bots-only table plays while someone watches
        first.wait_for_function(f"() => document.querySelectorAll('#log li').length >= {LINES_BEFORE_ARRIVING}")

        late_context = browser.new_context(**PHONE)
        late = late_context.new_page()
        watch_errors(late)
        late.goto(url)
        late.locator("#log li").nth(LINES_BEFORE_ARRIVING - 1).wait_for()
        earlier, arrived = log_lines(first), log_lines(late)
        common = min(len(earlier), len(arrived))
        assert arrived[:common] == earlier[:common], "the same lines, from the start of the round"
        assert arrived[0].startswith("Cards are dealt"), arrived[0]
        assert any(" plays " in line for line in arrived)
        assert late.locator("#hand [data-key]").count() == 0, "a spectator sees no hand"
        assert late.get_by_text("You are watching: every seat is taken.").is_visible()
        assert not late.locator("#join-form").count(), "no join form when no seat is free"
        assert not late.get_by_role("textbox", name="Message").is_visible(), "no chat box that would refuse them"
        assert no_sideways_scroll(late)
        late.screenshot(path=str(artifacts / "table-spectator-phone.png"), full_page=True)
        for page in (first, late):
            assert not page.errors, page.errors
        first_context.close()
        late_context.close()


def test_a_signed_in_visitor_watches_and_chats_until_they_choose_to_sit(browser: Any, server_url: str) -> None:
    owner = post(server_url, "/api/players", {"name": "Owner"})
    url = new_table(server_url, owner["token"], bots=[None, "auto", "auto", "auto"])
    context, page, _ = signed_in(browser, server_url, "Vic")
    page.goto(url)
    sit = page.get_by_role("button", name="Sit here as Vic")
    sit.wait_for()
    assert page.get_by_text("You are watching this table.").is_visible()
    assert page.get_by_role("textbox", name="Message").is_visible(), "a signed-in visitor may chat while watching"
    message = page.get_by_role("textbox", name="Message")
    message.fill("<b>good game</b>")
    page.get_by_role("button", name="Send").click()
    page.locator("#chat li").first.wait_for()
    assert "<b>good game</b>" in page.locator("#chat").inner_text(), "chat is shown as text, never as HTML"
    page.wait_for_function("() => document.getElementById('chat-text').value === ''")
    assert not page.get_by_text("(you)").count(), "not seated without asking"
    sit.click()
    page.get_by_text("Vic (you)").wait_for()
    assert not page.errors, page.errors
    context.close()


def test_a_visitor_without_a_name_types_one_and_sits(browser: Any, server_url: str) -> None:
    owner = post(server_url, "/api/players", {"name": "Owner"})
    url = new_table(server_url, owner["token"], bots=[None, "auto", "auto", "auto"])
    context = browser.new_context(**PHONE)
    page = context.new_page()
    watch_errors(page)
    page.goto(url)
    page.get_by_role("textbox", name="Your name").fill("Neo")
    page.get_by_role("button", name="Sit here").click()
    page.get_by_text("Neo (you)").wait_for()
    assert not page.errors, page.errors
    context.close()
