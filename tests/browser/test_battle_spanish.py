"""An El Presidente battle played through the page in Spanish (issue 26): Ann against a bot, two seats, every move
made by clicking cards and the buttons found by role and Spanish name — an attack, a beat or a throw-in, a
concession and a pick-up when offered — and the log telling each in Spanish, with nothing on the page left in
English (tests/browser/english_scan.py)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from browser.english_scan import english_left
from browser.table_moves import CLICK_MS, DESKTOP, EDGE, log_lines, new_table, serious_violations, signed_in

SECONDS = 60
MAIN = re.compile(r"^(Atacar|Superar|Añadir)")  # the main button: its name says what it does with the cards
CONCEDE = "Rendirse y llevarse el montón"
PICK_UP = "Recoger el montón"
PASS = "Pasar"
# Our moves as the Spanish log tells them.
SPANISH = {
    "attack": re.compile(r"^Ann ataca con .+\.$"),
    "throw_in": re.compile(r"^Ann añade .+\.$"),
    "beat": re.compile(r"^Ann gana con .+\.$"),
    "concede": re.compile(r"^Ann se rinde y se lleva el montón\.$"),
    "pick_up": re.compile(r"^Ann se lleva el montón\.$"),
}


def main_move(page: Any) -> str | None:
    """Attack, beat or throw in with the first card the main button takes (its name then says which cards)."""
    main = page.get_by_role("button", name=MAIN)
    if not main.count():
        return None
    cards = page.get_by_role("group", name="Tu mano").get_by_role("button")
    for index in range(cards.count()):
        cards.nth(index).click(timeout=CLICK_MS, position=EDGE)
        if main.is_enabled():
            label: str = main.inner_text()
            assert re.match(r"^(Atacar con|Superar con|Añadir) ", label), label
            main.click(timeout=CLICK_MS)
            return label
        cards.nth(index).click(timeout=CLICK_MS, position=EDGE)
    return None


def our_move(page: Any, done: set[str]) -> str | None:
    """One move of Ann's when it is her turn: concede the first defence, pick the pile up the first time it is
    offered, else the main move, else pass (or concede). Returns the button's name."""
    if not page.locator("#prompt").inner_text().startswith("Tu turno."):
        return None
    for name, kind in ((CONCEDE, "concede"), (PICK_UP, "pick_up")):
        button = page.get_by_role("button", name=name, exact=True)
        if kind not in done and button.count():
            button.click(timeout=CLICK_MS)
            return name
    label = main_move(page)
    if label:
        return label
    for name in (PASS, CONCEDE):
        button = page.get_by_role("button", name=name, exact=True)
        if button.count():
            button.click(timeout=CLICK_MS)
            return name
    return None


def ours(page: Any) -> set[str]:
    """Our moves the log tells, in Spanish."""
    lines = page.locator("#log li").evaluate_all("items => items.map(i => [i.dataset.event, i.innerText])")
    return {kind for kind, text in lines if kind in SPANISH and SPANISH[kind].match(text)}


def test_an_el_presidente_battle_in_spanish(browser: Any, server_url: str, artifacts: Path) -> None:
    context, page, player = signed_in(browser, server_url, "Ann", **DESKTOP)
    page.evaluate("localStorage.setItem('presidente.language', 'es')")
    url = new_table(server_url, player["token"], game="el-presidente", seats=2, bots=[None, "heuristic"])
    page.goto(url)
    page.locator('html[lang="es"]').wait_for(state="attached")
    page.get_by_role("button", name="Sentarse aquí como Ann").click()
    page.get_by_role("group", name="Tu mano").get_by_role("button").first.wait_for()
    expect(page.locator("#status")).to_have_text(re.compile(r"^Juego 1 de 1 · batalla \d+$"))
    expect(page.locator("#trick")).to_contain_text(re.compile(r"Batalla \d+: .+ ataca a .+"))
    page.get_by_text("Cómo se juega El Presidente").click()
    expect(page.locator(".rules-help")).to_contain_text("el rey arriba, el as abajo")
    started = time.monotonic()
    pressed: list[str] = []
    while not {"attack", "concede"} <= ours(page) or not ours(page) & {"beat", "throw_in"}:
        assert time.monotonic() - started < SECONDS, f"pressed {pressed}, the log told {ours(page)}"
        if page.locator("#prompt").inner_text() == "La partida ha terminado.":
            break
        count = page.locator("#log li").count()
        try:
            label = our_move(page, ours(page))
        except PlaywrightTimeoutError:
            label = None  # the turn moved on between finding a button and clicking it
        if label is None:
            page.wait_for_timeout(50)
        else:
            pressed.append(label)
            # The server's answer comes later: the move in the log.
            page.wait_for_function("count => document.querySelectorAll('#log li').length > count", arg=count)
    told = ours(page)
    assert {"attack", "concede"} <= told and told & {"beat", "throw_in"}, (pressed, told)
    assert any(name in pressed for name in (CONCEDE, PICK_UP))
    lines = log_lines(page)
    assert any(re.match(r"^Batalla \d+: .+ ataca a .+\.$", line) for line in lines), lines
    assert (left := english_left(page, "es", {"Ann", "Test table"})) == [], left
    assert serious_violations(page) == []
    page.screenshot(path=str(artifacts / "battle-es-desktop.png"), full_page=True)
    assert not page.errors, page.errors
    context.close()
