"""Lobby truth on the pages (issue 27): a table whose one player is away is listed as paused, a spectator opening
it sees it paused and does not wake it, and it is listed as playing once the player is back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from browser.table_moves import DESKTOP, PHONE, hand, new_table, serve, signed_in, watch_errors
from browser.web_helpers import get


def test_a_table_whose_player_is_away_is_paused_in_the_lobby_and_for_a_spectator(
    browser: Any, tmp_path: Path, artifacts: Path
) -> None:
    with serve(tmp_path) as base:
        # Ann's table: she is seated (as with Play now) but has not opened it.
        ann_context, ann, player = signed_in(browser, base, "Ann", **DESKTOP)
        url = new_table(base, player["token"], name="Ann's table", sit=True, bots=[None, "auto", "auto", "auto"])
        table_id = url.rsplit("/", 1)[1]

        watcher_context = browser.new_context(**PHONE)
        watcher = watcher_context.new_page()
        watch_errors(watcher)
        watcher.goto(base + "/")
        line = watcher.locator("#tables li").filter(has_text="Ann's table")
        expect(line).to_contain_text("paused: no player there")
        watcher.screenshot(path=str(artifacts / "lobby-paused-line-phone.png"), full_page=True)

        line.get_by_role("link", name="Watch").click()
        expect(watcher.locator("#status")).to_contain_text("Paused until a player comes back")
        assert get(base, f"/api/tables/{table_id}")["status"] == "paused", "watching does not wake it"
        watcher.screenshot(path=str(artifacts / "table-paused-spectator-phone.png"))

        ann.goto(url)
        hand(ann).first.wait_for()
        expect(watcher.locator("#status")).not_to_contain_text("Paused")
        watcher.goto(base + "/")
        expect(watcher.locator("#tables li").filter(has_text="Ann's table")).to_contain_text("playing")
        assert not ann.errors, ann.errors
        assert not watcher.errors, watcher.errors
        ann_context.close()
        watcher_context.close()
