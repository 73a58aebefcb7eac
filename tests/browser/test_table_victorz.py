"""`victorz` (seed 002) leaving and joining through the table page: mid-round Bob leaves with the Leave button
("If a player leaves, his cards are discarded face up, but he gets the worst unfilled rank"); his seat is empty
for everyone and he is back to watching; Cy arrives, watches, and sits in the free seat, waiting for the next
round ("`join N` fills an empty seat; the newcomer waits in the new queue for the next round"); in round 2 Cy
holds the Scum's place at the back of the queue ("To prevent cheating by reconnecting, new players join the new
queue … Scum and High-Scum are assigned to the back of the combined queue"), and the exchange is told in words
to each as far as each may see, with cards moving between the seats for Ann and none for Cy, who prefers
reduced motion."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from browser.table_moves import DESKTOP, PHONE, hand, log_lines, new_table, prompt, serve, signed_in, take_turn
from browser.web_helpers import post

SECONDS = 180
# Cards that fly between the seats are noted as they appear (they are removed when they land).
WATCH_FLYING = """() => {
  window.flights = 0;
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) if (node.classList?.contains("flying")) window.flights++;
    }
  }).observe(document.body, { childList: true });
}"""


def seat_text(page: Any, seat: int) -> str:
    text: str = page.locator(f"#felt .seat[data-seat='{seat}']").inner_text()
    return text


def test_victorz_leaving_and_joining_through_the_page(browser: Any, tmp_path: Path, artifacts: Path) -> None:
    with serve(tmp_path, intermission=60.0) as base:
        ann_context, ann, ann_player = signed_in(browser, base, "Ann", **DESKTOP)
        bob_context, bob, _ = signed_in(browser, base, "Bob", **PHONE)
        url = new_table(base, ann_player["token"], preset="victorz", bots=[None, None, "auto", "auto"])
        for page in (ann, bob):
            page.goto(url)
            page.get_by_role("button", name="Sit here as").click()
            page.get_by_text("(you)").wait_for()
        hand(ann).first.wait_for()
        assert bob.locator(".seat.me").get_attribute("data-seat") == "1"

        # Mid-round: once both have moved, Bob leaves (and confirms).
        moves = {"Ann": 0, "Bob": 0}
        started = time.monotonic()
        while moves["Bob"] < 1 or moves["Ann"] < 1:
            assert time.monotonic() - started < SECONDS, moves
            for name, page in (("Ann", ann), ("Bob", bob)):
                moves[name] += take_turn(page) is not None
            time.sleep(0.05)
        bob_cards = hand(bob).count()
        bob.once("dialog", lambda dialog: dialog.accept())
        bob.get_by_role("button", name="Leave the table").click()
        bob.get_by_text("You are watching this table.").wait_for()
        assert not hand(bob).count() or bob.locator("#hand").is_hidden(), "a watcher has no hand"
        assert bob.get_by_role("button", name="Sit here as Bob").count(), "the free seat is offered again"
        ann.locator(".seat[data-seat='1'] .marker-empty").wait_for()
        assert "empty seat" in seat_text(ann, 1)
        assert any(line.startswith("Bob leaves the table") for line in log_lines(ann))
        assert (
            f"{bob_cards} card" in ann.locator("#counts").inner_text()
            or "face up" in ann.locator("#counts").inner_text()
        ), "Bob's cards are discarded face up"
        bob.screenshot(path=str(artifacts / "table-victorz-left-phone.png"))
        bob_context.close()

        # Cy arrives: watching first, then a seat by choice; Cy waits for the next round.
        cy_context = browser.new_context(**PHONE, reduced_motion="reduce")
        cy = cy_context.new_page()
        cy.errors = []
        cy.on("pageerror", lambda error: cy.errors.append(str(error)))
        cy_player = post(base, "/api/players", {"name": "Cy"})
        cy.goto(base + "/")
        cy.evaluate("session => localStorage.setItem('presidente.session', JSON.stringify(session))", cy_player)
        cy.goto(url)
        cy.get_by_text("You are watching this table.").wait_for()
        cy.evaluate(WATCH_FLYING)
        ann.evaluate(WATCH_FLYING)
        cy.get_by_role("button", name="Sit here as Cy").click()
        cy.get_by_text("Cy (you)").wait_for()
        assert cy.locator(".seat.me").get_attribute("data-seat") == "1", "the seat Bob left"
        assert prompt(cy) == "You play from the next round on."
        ann.locator("#log li", has_text="Cy joins and waits for the next round.").wait_for()
        assert "waits for the next round" in seat_text(ann, 1)
        cy.screenshot(path=str(artifacts / "table-victorz-joined-phone.png"))

        # The round plays on without Cy; then both are ready, and round 2 starts with its exchange.
        started = time.monotonic()
        results = ""
        # The status says "Round 2" from round 1's end on: round 2 has started once the results panel is gone.
        while not cy.get_by_text("Round 2", exact=True).count() or ann.locator("#results").is_visible():
            assert time.monotonic() - started < SECONDS, "round 1 did not end"
            if not results and ann.locator("#results .results-table").count():
                results = ann.locator("#results .results-table").inner_text()
            for page in (ann, cy):
                ready = page.get_by_role("button", name="Ready for the next round")
                if ready.count():
                    if not results and page is ann:
                        # The panel shows with Ready and goes once both are ready: it is read before Ann's click.
                        results = ann.locator("#results .results-table").inner_text()
                    ready.click()
            if take_turn(ann) is None:
                time.sleep(0.05)
        # Round 1's places under the names they were played with: Bob's place is Bob's, not Cy's.
        assert "4th\tBob\t" in results and "Cy" not in results, results
        cy.locator(".seat.me .role").wait_for()
        assert cy.locator(".seat.me .role").inner_text() == "Scum", "the newcomer takes the back of the queue"
        exchange = cy.locator("#banners .banner.exchange")
        exchange.wait_for()
        words = exchange.inner_text()
        # The Scum gives its two best cards (forced): Cy sees which, and is told who gave what.
        assert words.startswith("Card exchange\nYou gave the "), words
        ann_words = ann.locator("#banners .banner.exchange").inner_text()
        assert "Cy gave " in ann_words, ann_words
        cy.screenshot(path=str(artifacts / "table-victorz-exchange-phone.png"))
        ann.screenshot(path=str(artifacts / "table-victorz-exchange-desktop.png"))
        assert ann.evaluate("window.flights") >= 1, "cards move between the seats"
        assert cy.evaluate("window.flights") == 0, "nothing moves for a player who prefers reduced motion"
        assert not ann.errors and not cy.errors, (ann.errors, cy.errors)
        ann_context.close()
        cy_context.close()
