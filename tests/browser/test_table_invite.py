"""The table page's Invite dialog and the page of a table that cannot be shown (issue 27).

Invite: the table's link (with the secret of a private table, also for a seat holder whose page was opened without
it), Copy puts it on the clipboard, the QR code holds the link (decoded from the page's pixels by zxing-cpp) and a
second browser opening what it holds takes a seat; at 360 px and on a desktop, axe clean. An unknown table, or a
private one opened without its link, says so in one sentence and stops reconnecting, its controls hidden.
"""

from __future__ import annotations

import base64
import time
from pathlib import Path
from typing import Any

import pytest

from browser.table_moves import DESKTOP, serious_violations, serve, signed_in, watch_errors
from browser.web_helpers import post

NARROW = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
SHOTS = Path("/tmp/invite_shots")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_invite_dialog_gives_the_link_its_qr_code_and_copies_it(
    browser: Any, tmp_path: Path, artifacts: Path, size: str
) -> None:
    with serve(tmp_path) as base:
        options: dict[str, Any] = NARROW if size == "phone" else DESKTOP
        context, page, player = signed_in(
            browser, base, "Ann", **options, permissions=["clipboard-read", "clipboard-write"]
        )
        body = {"token": player["token"], "name": "Friends", "game": "president", "preset": "bga", "seats": 4}
        table = post(base, "/api/tables", {**body, "bots": [None, None, "auto", "auto"], "private": True, "sit": True})
        link = f"{base}/table/{table['id']}#secret={table['secret']}"
        # On the phone the page is opened by its invite link; on the desktop by the seat holder without the secret
        # (as from the lobby's "Back to your seat"): the link shown has the secret either way.
        page.goto(link if size == "phone" else f"{base}/table/{table['id']}")
        page.get_by_role("button", name="Invite").click()
        dialog = page.get_by_role("dialog", name="Invite people to this table")
        dialog.wait_for()
        field = dialog.get_by_label("Link to this table")
        page.wait_for_function("() => document.getElementById('invite-link').value !== ''")
        assert field.input_value() == link
        loaded = (
            "() => document.getElementById('invite-qr').complete && document.getElementById('invite-qr').naturalWidth"
        )
        page.wait_for_function(loaded)
        qr = dialog.get_by_role("img", name="QR code of the link to this table")
        assert qr.is_visible()
        assert scanned(page) == link, "the QR code, read as a phone's camera reads it, holds the link"
        dialog.get_by_role("button", name="Copy the link").click()
        page.get_by_text("Link copied.").wait_for()
        assert page.evaluate("() => navigator.clipboard.readText()") == link
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        box = dialog.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= options["viewport"]["width"]
        assert serious_violations(page) == []
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"invite-{size}.png"))
        page.screenshot(path=str(artifacts / f"table-invite-{size}.png"))
        dialog.get_by_role("button", name="Close").click()
        assert dialog.is_hidden()
        assert page.errors == []
        # Bob scans the code across the room: his browser opens what it holds and takes the free seat.
        bob_context, bob, _ = signed_in(browser, base, "Bob", **NARROW)
        bob.goto(scanned(page))
        bob.get_by_role("button", name="Sit here as Bob").click()
        bob.locator("#hand [data-key]").first.wait_for()
        assert bob.errors == []
        bob_context.close()
        context.close()


def scanned(page: Any) -> str:
    """The text of the Invite dialog's QR code as drawn on the page, decoded by zxing-cpp from its pixels (drawn on
    a white canvas, as a camera sees the code on its white card)."""
    import numpy as np
    import zxingcpp

    # The code drawn 240 px wide (about 5 px a module), its red channel sent back as base64: greys suffice.
    width, height, red = page.evaluate(
        """() => {
          const image = document.getElementById('invite-qr');
          const canvas = document.createElement('canvas');
          canvas.width = 240; canvas.height = Math.round(240 * image.naturalHeight / image.naturalWidth);
          const drawing = canvas.getContext('2d');
          drawing.fillStyle = '#fff'; drawing.fillRect(0, 0, canvas.width, canvas.height);
          drawing.drawImage(image, 0, 0, canvas.width, canvas.height);
          const pixels = drawing.getImageData(0, 0, canvas.width, canvas.height).data;
          let bytes = '';
          for (let at = 0; at < pixels.length; at += 4) bytes += String.fromCharCode(pixels[at]);
          return [canvas.width, canvas.height, btoa(bytes)];
        }"""
    )
    image = np.frombuffer(base64.b64decode(red), dtype=np.uint8).reshape(height, width)
    codes = zxingcpp.read_barcodes(image)
    assert len(codes) == 1, codes
    text: str = codes[0].text
    return text


@pytest.mark.parametrize("case", ["unknown", "private"])
def test_a_table_that_cannot_be_shown_says_why_once_and_stops(browser: Any, tmp_path: Path, case: str) -> None:
    with serve(tmp_path) as base:
        ann = post(base, "/api/players", {"name": "Ann"})
        body = {"token": ann["token"], "name": "Secret", "game": "president", "preset": "bga", "seats": 4}
        table = post(base, "/api/tables", {**body, "private": True})
        context = browser.new_context(**NARROW)
        page = context.new_page()
        watch_errors(page)
        sockets: list[Any] = []
        page.on("websocket", lambda socket: sockets.append(socket))
        page.goto(f"{base}/table/{'abc123def456' if case == 'unknown' else table['id']}")
        sentence = (
            "There is no table here: the link is wrong, or the table has closed."
            if case == "unknown"
            else "This table is private: open it with its invite link, from whoever invited you."
        )
        page.get_by_text(sentence).wait_for()
        started = time.monotonic()
        while time.monotonic() - started < 5:
            page.wait_for_timeout(100)
        assert len(sockets) <= 2, f"{len(sockets)} connections in 5 s"
        assert page.get_by_role("link", name="Go to the lobby").get_attribute("href") == "/"
        for hidden in ("Pass for me when I cannot play", "Leave the table", "Reconnecting…", "Invite"):
            assert page.get_by_text(hidden, exact=True).is_hidden(), hidden
        assert page.locator("#felt").is_hidden() and page.locator("#dock").is_hidden()
        assert serious_violations(page) == []
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"closed-{case}.png"))
        context.close()
