"""The lobby before its script is ready: the page's HTML is shown while the message catalogs download (the lobby's
module runs after their top-level await), and in that moment its buttons are not yet listened to. The lobby is
inert until they are, so a click or Enter then neither does nothing silently on a live-looking button nor
submits a form natively (which reloaded the page and put the form's fields in the address)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from browser.lobby_helpers import DESKTOP, lobby_ready


def test_the_lobby_is_inert_until_its_controls_are_listened_to(browser: Any, server_url: str) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    page.route("**/locales/*.ftl", hold)
    page.goto(server_url + "/", wait_until="domcontentloaded")
    expect(page.locator("#name-form button[type=submit]")).to_be_attached()
    while not held:  # the catalogs' request is on its way and held: the module has not run
        page.wait_for_timeout(20)
    assert page.evaluate("document.getElementById('lobby').inert") is True
    # A name typed and saved now (by the mouse and keys themselves: Playwright's own click would wait for the
    # page to be ready) would have submitted the name form natively and reloaded the page with it in the address.
    click_centre(page, "#name")
    page.keyboard.type("Early")
    click_centre(page, "#name-form button[type=submit]")
    page.wait_for_timeout(300)
    assert "?" not in page.url, f"the form submitted itself natively: {page.url}"
    assert page.locator("#name").input_value() == "", "the name box took keys before the page was ready"

    for route in held:
        route.continue_()
    page.unroute("**/locales/*.ftl")
    lobby_ready(page)
    assert page.evaluate("document.getElementById('lobby').inert") is False
    page.locator("#name").fill("Early")
    page.get_by_role("button", name="Save name").click()
    expect(page.locator("#who")).to_contain_text("Early")


def click_centre(page: Any, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
