"""Play again (issue 27) through the table page: three people and a bot play a one-round `bga` match by clicks; at
its end Ann (desktop) and Bob (a 360 px phone) press "Play again" and Cat presses "No, thanks"; Ann and Bob land at
the new table, where a bot holds Cat's seat, and play its first trick. The match-end panel is scanned with axe and
photographed at both sizes."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from browser.table_moves import DESKTOP, new_table, no_sideways_scroll, serious_violations, serve, signed_in, take_turn
from browser.web_helpers import get

NARROW = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
MOVE_LIMIT = 600
SECONDS = 150


def play_until(pages: list[Any], done: Any, what: str) -> set[int]:
    """Each page takes its turns by clicks until `done()`; returns which pages moved."""
    moved: set[int] = set()
    started = time.monotonic()
    for _ in range(MOVE_LIMIT):
        if done():
            return moved
        assert time.monotonic() - started < SECONDS, f"{what} took too long"
        any_move = False
        for index, page in enumerate(pages):
            if take_turn(page) is not None:
                moved.add(index)
                any_move = True
        if not any_move:
            time.sleep(0.05)
    raise AssertionError(f"{what}: no end after {MOVE_LIMIT} steps")


def test_two_people_play_again_and_a_bot_takes_the_declined_seat(browser: Any, tmp_path: Path, artifacts: Path) -> None:
    # The auto bots move 0.01 s apart (0.05 by default): once the people are out they play their hands out, a card a
    # trick.
    with serve(tmp_path, bot_delay=0.01) as base:
        ann_context, ann, player = signed_in(browser, base, "Ann", **DESKTOP)
        bob_context, bob, _ = signed_in(browser, base, "Bob", **NARROW)
        cat_context, cat, _ = signed_in(browser, base, "Cat", **DESKTOP)
        # Six seats, three of them auto bots: 8 or 9 cards each for the three people to play by clicks, not 13.
        bots = [None, None, None, "auto", "auto", "auto"]
        url = new_table(base, player["token"], seats=6, bots=bots, options={"rounds": 1})
        old_id = url.rsplit("/", 1)[1]
        for page in (ann, bob, cat):
            page.goto(url)
            page.get_by_role("button", name="Sit here as").click()
            page.get_by_text("(you)").wait_for()
        over = ann.get_by_role("heading", name="Match over")
        play_until([ann, bob, cat], lambda: over.count() > 0, "the match")

        panels = {page: page.get_by_role("region", name="Play again?") for page in (ann, bob, cat)}
        for panel in panels.values():
            panel.wait_for()
        # The creator's choices: Ann may change them, the others see them as they stand.
        assert panels[ann].get_by_label("Bots take the declined seats").is_checked()
        assert panels[bob].get_by_label("Bots take the declined seats").is_disabled()
        panels[ann].get_by_role("button", name="Play again").click()
        panels[bob].get_by_text("Ann: plays again").wait_for()
        panels[bob].get_by_role("button", name="Play again").click()
        for page in (ann, bob):
            panels[page].get_by_text("Bob: plays again").wait_for()
            panels[page].get_by_text("Cat: not answered yet").wait_for()
            assert no_sideways_scroll(page)
            assert serious_violations(page) == []
        ann.screenshot(path=str(artifacts / "table-rematch-desktop.png"), full_page=True)
        panels[bob].scroll_into_view_if_needed()
        bob.screenshot(path=str(artifacts / "table-rematch-phone.png"))

        panels[cat].get_by_role("button", name="No, thanks").click()
        landed = re.compile(rf"{re.escape(base)}/table/(?!{old_id})[0-9a-f]+")
        for page in (ann, bob):
            page.wait_for_url(landed)
        panels[cat].get_by_text("The new table is open.").wait_for()
        assert cat.url == url, "Cat declined and stays"
        new_id = ann.url.rsplit("/", 1)[1]
        assert bob.url.rsplit("/", 1)[1] == new_id
        watch = panels[cat].get_by_role("link", name="Watch the new table")
        assert watch.get_attribute("href") == f"/table/{new_id}", "a public table: Cat may watch it"
        seats = get(base, f"/api/tables/{new_id}")["players"]
        assert [(seat["kind"], seat["name"]) for seat in seats] == [
            ("human", "Ann"),
            ("human", "Bob"),
            ("bot", "heuristic bot"),
            *[("bot", "auto bot")] * 3,
        ], "Cat's declined seat is a bot's"

        # The new table plays: its first trick, by clicks.
        for page in (ann, bob):
            page.get_by_text("(you)").wait_for()
        trick_won = ann.locator("#log li", has_text="wins the trick")
        play_until([ann, bob], lambda: trick_won.count() > 0, "the new table's first trick")
        bob.screenshot(path=str(artifacts / "table-rematch-new-table-phone.png"))
        for page in (ann, bob, cat):
            assert not page.errors, page.errors
        for context in (ann_context, bob_context, cat_context):
            context.close()
