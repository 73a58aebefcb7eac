"""The lobby's new-table form refused by the server, shown in French with the refusal's parameters (issue 26: errors
as codes): a player who already has five open tables, and an option out of the server's bounds sent by a page whose
form was made from an older catalogue (the form checks the bounds it was given, the server those it holds now).
Nothing is made either time."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import expect

from browser.english_scan import english_texts
from browser.lobby_helpers import DESKTOP, watch_errors
from browser.web_helpers import get, post
from presidente.server.actor import MAX_OPEN_TABLES_PER_PLAYER


def french_lobby(browser: Any, player: dict[str, Any]) -> tuple[Any, list[str]]:
    """The lobby in French, in the browser of `player`'s session."""
    context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    context.add_init_script(f"localStorage.setItem('presidente.session', {json.dumps(json.dumps(player))})")
    page = context.new_page()
    errors = watch_errors(page)
    return page, errors


def open_tables(server_url: str) -> int:
    tables: list[Any] = get(server_url, "/api/tables")["tables"]
    return len(tables)


def page_errors(errors: list[str]) -> list[str]:
    """The page's errors, but the browser's note of the refused request itself."""
    return [error for error in errors if not error.startswith("Failed to load resource")]


def test_a_sixth_open_table_is_refused_in_french(browser: Any, server_url: str) -> None:
    player = post(server_url, "/api/players", {"name": "Ann"})
    for number in range(MAX_OPEN_TABLES_PER_PLAYER):
        body = {"token": player["token"], "name": f"Table {number}", "preset": "bga", "seats": 4}
        post(server_url, "/api/tables", body)
    page, errors = french_lobby(browser, player)
    page.goto(server_url + "/")
    page.get_by_role("heading", name="Nouvelle table").wait_for()
    page.locator("#options .option").first.wait_for(state="attached")  # the form is made: the name then kept
    expect(page.get_by_label("Nom de la table")).to_have_value("Table de Ann")
    page.get_by_label("Nom de la table").fill("Chez Ann")
    page.get_by_role("button", name="Créer la table").click()
    alert = page.get_by_role("alert").filter(has_text="tables ouvertes")
    expect(alert).to_have_text(
        f"Vous avez déjà {MAX_OPEN_TABLES_PER_PLAYER} tables ouvertes : jouez ou quittez-en une avant d'en ouvrir"
        " une autre."
    )
    assert english_texts([alert.inner_text()], "fr") == []
    assert open_tables(server_url) == MAX_OPEN_TABLES_PER_PLAYER, "no table was made"
    assert page.get_by_label("Nom de la table").input_value() == "Chez Ann", "the form is kept"
    assert page_errors(errors) == []
    page.context.close()


def test_an_option_out_of_the_servers_bounds_is_refused_in_french(browser: Any, server_url: str) -> None:
    player = post(server_url, "/api/players", {"name": "Ann"})
    page, errors = french_lobby(browser, player)
    page.route("**/api/games", stale)
    page.goto(server_url + "/")
    page.locator("#options .option").first.wait_for(state="attached")
    page.get_by_text("Modifier les règles").click()
    page.get_by_label("Secondes par tour").fill("300")
    page.get_by_role("button", name="Créer la table").click()
    alert = page.locator("#create-error")
    expect(alert).to_have_text("Secondes par tour doit être un nombre entier de 5 à 60, pas 300.")
    expect(alert).to_have_attribute("role", "alert")
    assert open_tables(server_url) == 0, "no table was made"
    assert page_errors(errors) == []
    page.context.close()


def stale(route: Any) -> None:
    """Answers the catalogue as an older server did: `turn_time` up to 600 seconds."""
    response = route.fetch()
    catalogue = response.json()
    for game in catalogue["games"] if isinstance(catalogue, dict) else catalogue:
        for spec in game["options"]:
            if spec["name"] == "turn_time":
                spec["maximum"] = 600
    route.fulfill(response=response, json=catalogue)
