"""The table fits any screen: no sideways scrolling at 360 px, touch targets of at least 44 px, and at 1280×800
the hand and the buttons to act are on screen without scrolling."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser.table_moves import hand, new_table, no_sideways_scroll, signed_in

NARROW = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
SMALL_TARGETS = """() => [...document.querySelectorAll('button, input[type=checkbox], summary')]
  .filter((el) => el.offsetParent !== null)
  .map((el) => { const box = el.closest('label') ?? el; const r = box.getBoundingClientRect();
                 return { name: el.ariaLabel || el.textContent.trim() || el.id, w: r.width, h: r.height }; })
  .filter((t) => t.h < 44 || t.w < 44)"""


def sit_at_a_four_seat_table(browser: Any, base: str, context: dict[str, Any]) -> tuple[Any, Any]:
    browser_context, page, player = signed_in(browser, base, "Fay", **context)
    page.goto(new_table(base, player["token"], bots=[None, "auto", "auto", "auto"]))
    page.get_by_role("button", name="Sit here as Fay").click()
    hand(page).first.wait_for()
    page.wait_for_function("() => /^Your (turn|lead)/.test(document.getElementById('prompt').textContent)")
    return browser_context, page


def test_no_sideways_scrolling_at_360_px_and_touch_targets_of_44_px(
    browser: Any, server_url: str, artifacts: Path
) -> None:
    context, page = sit_at_a_four_seat_table(browser, server_url, NARROW)
    assert no_sideways_scroll(page), page.evaluate("document.documentElement.scrollWidth")
    small = [t for t in page.evaluate(SMALL_TARGETS) if not t["name"].startswith(("How El Presidente", "Score sheet"))]
    # Cards overlap in one row: each is 44 px tall or more and shows at least a sliver to tap.
    assert all(t["h"] >= 44 for t in small), small
    assert all(t["w"] >= 44 for t in small if not any(c in t["name"] for c in (" of ", "joker"))), small
    page.screenshot(path=str(artifacts / "table-play-narrow-360.png"), full_page=True)
    assert not page.errors, page.errors
    context.close()


def test_at_1280_by_800_the_hand_and_the_buttons_are_on_screen(browser: Any, server_url: str, artifacts: Path) -> None:
    context, page = sit_at_a_four_seat_table(browser, server_url, DESKTOP)
    for selector in ("#hand", "#actions button"):
        box = page.locator(selector).last.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 800, (selector, box)
    assert page.evaluate("document.documentElement.scrollHeight") <= 800 + 1, "nothing to scroll to act"
    page.screenshot(path=str(artifacts / "table-play-desktop-1280x800.png"))
    assert not page.errors, page.errors
    context.close()
