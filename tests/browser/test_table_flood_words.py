"""A refusal of the websocket's own reaches the table page in the player's language (issue 26: errors as codes): a
page that sends more messages than the flood limit lets through is told `too_many_messages`, and a French page says
it in French, not in the server's English sentence. Screenshots at 360 px and on a desktop."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from browser.table_moves import DESKTOP, new_table, signed_in
from presidente.server.app import BURST

NARROW = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
# More pings than the burst lets through at once, well under the count that disconnects (ABUSE_LIMIT).
FLOOD = """async (count) => {
  const { state } = await import("/static/table-state.js");
  for (let i = 0; i < count; i++) state.socket.send(JSON.stringify({ type: "ping" }));
}"""


def test_a_flood_is_refused_in_the_pages_language(browser: Any, server_url: str, artifacts: Path) -> None:
    for name, context in (("desktop", DESKTOP), ("phone", NARROW)):
        browser_context, page, player = signed_in(browser, server_url, "Ann", **context, locale="fr-FR")
        page.evaluate("localStorage.setItem('presidente.language', 'fr')")
        page.goto(new_table(server_url, player["token"], bots=[None, "auto", "auto", "auto"], sit=True))
        expect(page.locator("#title")).to_have_text("Test table")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        page.evaluate(FLOOD, BURST + 10)
        expect(page.get_by_role("alert")).to_have_text("Trop de messages : ralentissez.")
        page.get_by_role("alert").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"flood-refused-fr-{name}.png"))
        assert page.errors == [], page.errors
        browser_context.close()
