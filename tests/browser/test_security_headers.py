"""The pages keep the server's Content-Security-Policy (issue 29): the lobby, a table played through its websocket
and the replay page load and work with no violation reported and no error in the console."""

from __future__ import annotations

import re
from typing import Any

from browser.lobby_helpers import DESKTOP, SECONDS, lobby_ready, watch_errors

# Every violation the page reports, kept where the test reads it (installed before the page's own scripts run).
REPORT_VIOLATIONS = """
window.violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.violations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
});
"""


def test_the_pages_load_under_the_content_security_policy(browser: Any, server_url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(REPORT_VIOLATIONS)
    page = context.new_page()
    errors = watch_errors(page)
    response = page.goto(server_url + "/")
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    page.get_by_role("heading", level=1, name="Presidente").wait_for()
    lobby_ready(page)
    page.get_by_role("button", name="Play now").click()
    page.wait_for_url(re.compile(r"/table/\w+$"), timeout=SECONDS * 1000)
    # The table's websocket is open and its view drawn: the hand's cards (SVG) and the seats.
    page.get_by_role("group", name="Your hand").get_by_role("button").first.wait_for(timeout=SECONDS * 1000)
    assert page.evaluate("window.violations") == []
    page.goto(server_url + "/replay/position")
    page.get_by_role("heading", level=1).first.wait_for()
    assert page.evaluate("window.violations") == []
    assert not [error for error in errors if "Content Security Policy" in error or "Refused" in error], errors
    assert not errors, errors
    context.close()
