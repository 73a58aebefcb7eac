"""Your player on another device (issue 27), in two browsers: the laptop's "Use on another device" shows a one-time
link and its QR code; the phone opens the link and is the same player (its name, its seat, its id and so its
rating); the link then fails in a third browser; the laptop signs the phone out, and the phone's table page and
lobby say so; the laptop signs itself out. At 360 px and on a desktop, axe clean, nothing wider than the screen."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from browser.lobby_helpers import check_page
from browser.table_moves import DESKTOP, serve, signed_in, watch_errors
from browser.web_helpers import get, post

NARROW = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
WAIT_MS = 10_000


def me(page: Any) -> dict[str, Any]:
    """The server's answer to this browser's session token."""
    answer: dict[str, Any] = page.evaluate(
        """async () => {
            const token = JSON.parse(localStorage.getItem('presidente.session') || 'null')?.token;
            const response = await fetch('/api/me', { headers: { 'x-token': token || '' } });
            return { status: response.status, ...(await response.json()) };
        }"""
    )
    return answer


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_link_signs_another_browser_in_as_the_same_player(
    browser: Any, tmp_path: Path, artifacts: Path, size: str
) -> None:
    options: dict[str, Any] = NARROW if size == "phone" else DESKTOP
    with serve(tmp_path) as base:
        laptop_context, laptop, ann = signed_in(browser, base, "Ann", **options)
        body = {"token": ann["token"], "name": "Ann's table", "game": "president", "preset": "bga", "seats": 4}
        table = post(base, "/api/tables", {**body, "bots": [None, None, "auto", "auto"], "sit": True})
        laptop.goto(base + "/")
        laptop.get_by_role("button", name="Use on another device").click()
        dialog = laptop.get_by_role("dialog", name="Use on another device")
        field = dialog.get_by_label("Sign-in link")
        expect(field).to_have_value(re.compile(r"/device#code="), timeout=WAIT_MS)
        link = field.input_value()
        assert link.startswith(f"{base}/device#code=")
        qr = dialog.get_by_role("img", name="QR code of the sign-in link")
        laptop.wait_for_function("() => document.getElementById('device-qr').naturalWidth > 0")
        assert qr.is_visible()
        check_page(laptop, f"{size}: the link's dialog")
        laptop.screenshot(path=str(artifacts / f"devices-link-{size}.png"))

        phone_context = browser.new_context(**options)
        phone = phone_context.new_page()
        watch_errors(phone)
        phone.goto(link)
        phone.get_by_text("You are signed in as Ann on this device.").wait_for(timeout=WAIT_MS)
        assert phone.url == base + "/", "the code leaves the address bar"
        expect(phone.locator("#who")).to_have_text("Playing as Ann")
        answer = me(phone)
        assert answer == {"status": 200, "id": ann["id"], "name": "Ann"}, "the same player: its id, so its rating"
        seat = phone.get_by_role("link", name=re.compile("Back to your seat"))
        expect(seat).to_have_attribute("href", f"/table/{table['id']}", timeout=WAIT_MS)
        check_page(phone, f"{size}: signed in by the link")
        phone.locator("#devices-panel").scroll_into_view_if_needed()
        phone.screenshot(path=str(artifacts / f"devices-signed-in-{size}.png"))
        dialog.get_by_text(re.compile(r"is signed in\.$")).wait_for(timeout=WAIT_MS)  # the laptop sees it come

        stranger_context = browser.new_context(**options)
        stranger = stranger_context.new_page()
        stranger.goto(link)
        stranger.get_by_text(
            "This sign-in link was used already: each link signs in one device.", exact=False
        ).wait_for(timeout=WAIT_MS)
        expect(stranger.locator("#who")).to_have_text("Not signed in: choose a name, or just play")
        stranger_context.close()

        phone.goto(f"{base}/table/{table['id']}")
        expect(phone.get_by_role("group", name="Your hand")).to_be_visible(timeout=WAIT_MS)  # the same seat

        dialog.get_by_role("button", name="Close").click()
        devices = laptop.locator("#device-list > li")
        expect(devices).to_have_count(2)
        expect(devices.first).to_contain_text("this device")
        devices.nth(1).get_by_role("button", name=re.compile("^Sign out ")).click()
        laptop.get_by_text(re.compile(r" is signed out\.$")).wait_for(timeout=WAIT_MS)
        expect(devices).to_have_count(1)
        check_page(laptop, f"{size}: the phone signed out")
        laptop.locator("#devices-panel").scroll_into_view_if_needed()
        laptop.screenshot(path=str(artifacts / f"devices-list-{size}.png"))

        phone.get_by_text("This device was signed out of your player.", exact=False).wait_for(timeout=WAIT_MS)
        phone.screenshot(path=str(artifacts / f"devices-table-signed-out-{size}.png"))
        assert me(phone)["code"] == "device_revoked"
        phone.goto(base + "/")
        phone.get_by_text("This device was signed out of Ann from another device.", exact=False).wait_for(
            timeout=WAIT_MS
        )
        expect(phone.locator("#who")).to_have_text("Not signed in: choose a name, or just play")
        assert phone.evaluate("() => localStorage.getItem('presidente.session')") is None

        laptop.get_by_role("button", name="Sign out on this device").click()
        laptop.get_by_text("This is the only device where Ann is signed in", exact=False).wait_for()
        check_page(laptop, f"{size}: signing out the last device")
        laptop.locator("#devices-panel").scroll_into_view_if_needed()
        laptop.screenshot(path=str(artifacts / f"devices-sign-out-{size}.png"))
        laptop.get_by_role("button", name="Sign out", exact=True).click()
        laptop.get_by_text("This device is signed out: Ann stays on your other devices.", exact=False).wait_for()
        assert laptop.evaluate("() => localStorage.getItem('presidente.session')") is None
        assert get(base, "/api/tables")["tables"][0]["players"][0]["name"] == "Ann", "the seat stays Ann's"
        # The phone's signed-out token is refused (404, 401): the browser logs each such answer, nothing else.
        assert [error for error in phone.errors if not error.startswith("Failed to load resource")] == []
        assert laptop.errors == []
        laptop_context.close()
        phone_context.close()
