"""The replay page's review: one seat's moves reviewed by the search as the lines stream in, with a progress bar
that reaches its end, both moves and their place estimates, a reviewed move that steps the replay to it; it fits
a phone and an axe scan finds nothing serious."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser.lobby_helpers import DESKTOP, NARROW, PHONE, fits, serious_violations, watch_errors

REVIEW_SECONDS = 90_000  # ms: a one-round game of three seats, about a quarter second per searched move
# Keeps every value the progress bar takes, to show that the lines are read as they arrive.
SEEN_SCRIPT = """() => {
  window.progressSeen = [];
  const bar = document.getElementById("review-progress");
  new MutationObserver(() => window.progressSeen.push(bar.getAttribute("aria-valuenow")))
    .observe(bar, { attributes: true, attributeFilter: ["aria-valuenow"] });
}"""


def review_seat(page: Any) -> None:
    """Starts the review of the seat the page offers first and waits for its end."""
    page.get_by_role("heading", level=2, name="Review").wait_for()
    assert page.get_by_label("Seat to review").input_value() == "0"  # bots only: seat 0
    page.evaluate(SEEN_SCRIPT)
    page.get_by_role("button", name="Review this seat's moves").click()
    page.wait_for_function(
        "() => document.getElementById('review-status').textContent.startsWith('Review done')", timeout=REVIEW_SECONDS
    )


def test_review_of_one_seat_streams_in_and_steps_the_replay(
    browser: Any, replayed: tuple[str, str], artifacts: Path
) -> None:
    server_url, table_id = replayed
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server_url}/replay/{table_id}")
    page.locator(".hands-row").first.wait_for()
    review_seat(page)

    bar = page.get_by_role("progressbar", name="Moves reviewed")
    total = int(bar.get_attribute("aria-valuemax") or 0)
    assert total > 0
    assert bar.get_attribute("aria-valuenow") == str(total)
    seen = {int(value) for value in page.evaluate("window.progressSeen") if value is not None}
    assert total in seen and any(0 < value < total for value in seen), seen  # shown as the lines arrived
    assert page.locator("#review-count").inner_text() == f"{total} of {total} moves reviewed"
    moves = page.locator("#review-list > li")
    assert moves.count() == total
    assert not page.get_by_role("button", name="Cancel").is_visible()

    searched = page.locator("#review-list > li:not(.unsearched) button")
    assert searched.count() >= 1, page.locator("#review-list").inner_text()
    first = searched.first
    text = first.inner_text()
    place = r"mean place \d\.\d\d, first \d+%"
    assert re.search(rf"Played \S.* — {place}", text), text
    assert re.search(rf"Bot \S.* — {place}", text), text
    verdicts = r"The bot plays the same\.|As good as|A little worse than|Mistake: costs about \d\.\d of a place"
    assert re.search(verdicts, text), text
    for mistake in page.locator("#review-list > li.mistake").all():
        assert re.search(r"Mistake: costs about \d\.\d of a place\.", mistake.inner_text())
    number = int(re.match(r"Move (\d+)", text).group(1))  # type: ignore[union-attr]
    played = re.search(r"Played (.+?) — ", text).group(1)  # type: ignore[union-attr]

    steps = int(page.locator("#slider").get_attribute("max") or 0)
    first.click()
    page.wait_for_function(
        f"() => document.getElementById('step').textContent === 'move {number} of {steps}'", timeout=10_000
    )
    # The replay says the move in a sentence from its events: "Ann passes." or "Ann plays 7♥."
    said = page.locator("#move").inner_text()
    assert (" passes." in said) if played == "pass" else (f" plays {played}." in said), (said, played)
    assert first.get_attribute("aria-current") == "step"
    # The keyboard reaches the moves: the focused one steps the replay with Enter.
    if searched.count() > 1:
        second = searched.nth(1)
        second.focus()
        page.keyboard.press("Enter")
        number = int(re.match(r"Move (\d+)", second.inner_text()).group(1))  # type: ignore[union-attr]
        page.wait_for_function(f"() => document.getElementById('step').textContent === 'move {number} of {steps}'")

    violations = serious_violations(page)
    assert not violations, violations
    page.screenshot(path=str(artifacts / "replay-review-desktop.png"), full_page=True)
    assert not errors, errors
    context.close()


def test_review_fits_a_phone_and_can_be_cancelled(browser: Any, replayed: tuple[str, str], artifacts: Path) -> None:
    server_url, table_id = replayed
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server_url}/replay/{table_id}")
    page.locator(".hands-row").first.wait_for()
    page.get_by_role("heading", level=2, name="Review").wait_for()
    page.get_by_role("button", name="Review this seat's moves").click()
    page.get_by_role("button", name="Cancel").click()
    page.wait_for_function("() => document.getElementById('review-status').textContent.startsWith('Review stopped')")
    assert page.get_by_role("button", name="Review this seat's moves").is_enabled()

    review_seat(page)
    width, inner = fits(page)
    assert width <= inner, f"the page is {width} px wide on a {inner} px screen"
    violations = serious_violations(page)
    assert not violations, violations
    page.locator("#review").screenshot(path=str(artifacts / "replay-review-phone-section.png"))
    page.screenshot(path=str(artifacts / "replay-review-phone.png"), full_page=True)
    page.set_viewport_size(NARROW)
    width, inner = fits(page)
    assert width <= inner, f"the page is {width} px wide on a {inner} px screen"
    assert not errors, errors
    context.close()
