"""The table page before its script is ready: as the lobby (test_lobby_before_ready.py), its HTML shows while the
message catalogs download, and its controls are listened to only after. The bar's tools and the table are inert
until they are, so a tap then is not lost on a live-looking control: the automatic pass's box, unticked then, was
ticked again from the stored preference once the script ran."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from browser.lobby_helpers import DESKTOP
from browser.table_moves import new_table
from browser.test_lobby_before_ready import click_centre
from browser.web_helpers import post


def test_the_table_is_inert_until_its_controls_are_listened_to(browser: Any, server_url: str) -> None:
    player = post(server_url, "/api/players", {"name": "Ann"})
    address = new_table(server_url, player["token"], seats=3, bots=[None, "auto", "auto"])
    page = browser.new_context(viewport=DESKTOP).new_page()
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    page.route("**/locales/*.ftl", hold)
    page.goto(address, wait_until="domcontentloaded")
    while not held:  # the catalogs' request is on its way and held: the module has not run
        page.wait_for_timeout(20)
    click_centre(page, "#auto-pass")
    page.wait_for_timeout(200)
    assert page.locator("#auto-pass").is_checked(), "the box took a tap before the page was ready"
    assert page.evaluate("[...document.querySelectorAll('[inert]')].map(e => e.id)") == ["bar-tools", "table-page"]

    for route in held:
        route.continue_()
    page.unroute("**/locales/*.ftl")
    page.wait_for_function("() => !document.querySelector('[inert]')")
    sound = page.get_by_role("button", name="Sound on")
    sound.click()
    expect(page.get_by_role("button", name="Sound off")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("JSON.parse(localStorage.getItem('presidente.table-prefs')).sound") is False
