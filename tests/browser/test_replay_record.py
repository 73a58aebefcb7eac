"""The replay page opens a record file (POST /api/record): a UECda match saved by `presidente uecda serve --record`
steps through move by move like a stored game's replay (issue 12: "the browser's replay page shows it"); a record
too large or broken says why in the page, and the page fits a phone and a desktop."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from browser.lobby_helpers import DESKTOP, PHONE, check_page, watch_errors
from presidente.president import PRESETS, Record, new_game, parse_action, record_of
from presidente.server.games import game_of
from presidente.server.record_replay import MAX_RECORD_BYTES, OPEN_RECORDS
from presidente.uecda.server import serve


def shown(page: Any, text: str) -> str:
    """A play's cards as the log writes them: with their suits' symbols (test_table_words checks how)."""
    read: str = page.evaluate("async (text) => (await import('/static/table-messages.js')).cardsLine(text)", text)
    return read


def uecda_record(tmp_path: Path) -> tuple[Path, Record]:
    path = tmp_path / "uecda-match.json"
    serve(0, 2, bots=("random",) * 5, seed=9, record_path=path, out=io.StringIO())
    return path, Record.from_json(path.read_text())


def second_deal(record: Record) -> int:
    """The step at which the record's second round is dealt, replayed here independently of the server."""
    state = new_game(record.rules, record.players, record.seed)
    for step, (seat, text) in enumerate(record.actions, start=1):
        state.apply(parse_action(text), seat)
        if state.round_number == 2:
            return step
    raise AssertionError("the record has one round")


def opened_on_the_record_page(browser: Any, server_url: str, path: Path) -> tuple[Any, Any, list[str]]:
    """A desktop page of /replay/record with the file at `path` opened: the context, the page and its errors."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server_url}/replay/record")
    page.get_by_label("Open a record file").set_input_files(str(path))
    page.get_by_role("heading", level=1, name=f"Replay of {path.name}").wait_for()
    return context, page, errors


def real_errors(errors: list[str]) -> list[str]:
    """Page errors, leaving out the browser's own note of the refusals the test asks for."""
    return [error for error in errors if "status of 400" not in error and "status of 413" not in error]


def test_a_uecda_record_steps_through_on_the_record_page(
    browser: Any, server_url: str, tmp_path: Path, artifacts: Path
) -> None:
    path, record = uecda_record(tmp_path)
    final = record.final_state()
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server_url}/replay/record")
    page.get_by_role("heading", level=1, name="Open a record").wait_for()
    assert page.locator("#controls").is_hidden() and page.locator("#table-panel").is_hidden()
    page.get_by_label("Open a record file").set_input_files(str(path))
    page.get_by_role("heading", level=1, name="Replay of uecda-match.json").wait_for()
    steps = len(record.actions)
    assert page.locator("#step").inner_text() == f"move 0 of {steps}"
    assert "uecda" in page.locator("#subtitle").inner_text()
    assert page.locator("#move").inner_text() == "The deal."
    rows = page.locator(".hands-row")
    assert rows.count() == 5
    assert [rows.nth(seat).locator("strong").inner_text().split(" —")[0] for seat in range(5)] == list(record.names)
    page.screenshot(path=str(artifacts / "replay-record-phone.png"), full_page=True)
    # Next shows the first move in words, by the name of its player.
    page.get_by_role("button", name="Next move").click()
    page.wait_for_function("() => document.getElementById('step').textContent === 'move 1 of ' + " + str(steps))
    seat, text = record.actions[0]
    # A round's first move is a play, said as the log says it (its typed events in the page's words).
    assert page.locator("#move").inner_text().startswith(f"{record.names[seat]} plays {shown(page, text)}.")
    # Round by round (a UECda game each): the buttons, Page Up / Page Down and a round's number.
    second = second_deal(record)
    label = page.locator("#round-label")
    assert label.inner_text() == "round 1 of 2"
    page.get_by_role("button", name="Next round").click()
    page.wait_for_function(f"() => document.getElementById('step').textContent === 'move {second} of {steps}'")
    assert label.inner_text() == "round 2 of 2"
    assert page.get_by_role("button", name="Next round").get_attribute("aria-disabled") == "true"
    page.get_by_role("button", name="Previous round").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.getElementById('step').textContent === 'move 0 of {steps}'")
    page.keyboard.press("PageDown")
    page.wait_for_function(f"() => document.getElementById('step').textContent === 'move {second} of {steps}'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => document.getElementById('step').textContent === 'move {second + 1} of {steps}'")
    page.keyboard.press("PageUp")  # past a round's deal, Page Up goes back to it
    page.wait_for_function(f"() => document.getElementById('step').textContent === 'move {second} of {steps}'")
    page.get_by_label("Go to round").fill("3")
    page.get_by_label("Go to round").press("Enter")
    page.wait_for_function("() => document.getElementById('move').textContent.startsWith('There is no round 3')")
    page.get_by_label("Go to round").fill("1")
    page.get_by_label("Go to round").press("Enter")
    page.wait_for_function(f"() => document.getElementById('step').textContent === 'move 0 of {steps}'")
    # The end: every hand as the engine left it after the last move.
    page.get_by_role("button", name="Next move").focus()
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.getElementById('step').textContent === 'move {steps} of {steps}'")
    view = game_of("president").full_view(final)
    for seat, hand in enumerate(view["hands"]):
        assert rows.nth(seat).locator(".cards svg").count() == sum(count for _, count in hand)
    check_page(page, "record page on a phone")
    assert not real_errors(errors), errors
    context.close()

    desktop, page, _ = opened_on_the_record_page(browser, server_url, path)
    page.locator("#slider").fill(str(steps // 2))
    page.wait_for_function(f"() => document.getElementById('step').textContent === 'move {steps // 2} of {steps}'")
    check_page(page, "record page on a desktop")
    page.screenshot(path=str(artifacts / "replay-record-desktop.png"), full_page=True)
    desktop.close()


def test_a_record_the_page_cannot_show_says_why(browser: Any, server_url: str, tmp_path: Path) -> None:
    path, _ = uecda_record(tmp_path)
    data = json.loads(path.read_text())
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(dict(data, actions=[[0, "9H 9H"], *data["actions"]])))
    huge = tmp_path / "huge.json"
    huge.write_text(" " * (MAX_RECORD_BYTES + 1) + path.read_text())
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server_url}/replay/record")
    chooser = page.get_by_label("Open a record file")
    chooser.set_input_files(str(huge))
    page.wait_for_function(
        "() => document.getElementById('record-error').textContent.includes('presidente replay FILE')"
    )
    assert page.locator("#record-error").inner_text().startswith("huge.json is not a record this page can show")
    assert f"larger than the {MAX_RECORD_BYTES // 2**20} MB" in page.locator("#record-error").inner_text()
    chooser.set_input_files(str(broken))
    page.wait_for_function("() => document.getElementById('record-error').textContent.includes('does not replay')")
    assert page.locator("#table-panel").is_hidden()
    # The good file after the bad ones: the error goes, the replay shows.
    chooser.set_input_files(str(path))
    page.get_by_role("heading", level=1, name="Replay of uecda-match.json").wait_for()
    assert page.locator("#record-error").inner_text() == ""
    assert not real_errors(errors), errors
    context.close()


def test_a_record_the_server_forgot_is_opened_again_from_its_file(
    browser: Any, server_url: str, tmp_path: Path
) -> None:
    """The server keeps the last few records opened; a page whose record was pushed out sends its file again."""
    path, record = uecda_record(tmp_path)
    context, page, errors = opened_on_the_record_page(browser, server_url, path)
    # Other pages open as many records as the server keeps: this page's is forgotten.
    opened = page.evaluate(
        """async ({ text, count }) => {
          for (let i = 0; i < count; i++) await fetch("/api/record", { method: "POST", body: text });
          return count;
        }""",
        {"text": path.read_text(), "count": OPEN_RECORDS},
    )
    assert opened == OPEN_RECORDS
    page.get_by_role("button", name="Next move").click()
    page.wait_for_function(f"() => document.getElementById('step').textContent === 'move 1 of {len(record.actions)}'")
    seat, text = record.actions[0]
    # A round's first move is a play, said as the log says it (its typed events in the page's words).
    assert page.locator("#move").inner_text().startswith(f"{record.names[seat]} plays {shown(page, text)}.")
    assert not [error for error in errors if "status of 404" not in error], errors
    context.close()


def test_an_el_presidente_record_steps_game_by_game(
    browser: Any, server_url: str, tmp_path: Path, artifacts: Path
) -> None:
    from presidente.terminal.elpresidente import play_match

    path = tmp_path / "elp-match.json"
    record = play_match(players=2, seed=3, bots_only=True, save=path, console=None, bot="random", games=2)
    context, page, errors = opened_on_the_record_page(browser, server_url, path)
    assert "El Presidente" in page.locator("#subtitle").inner_text()
    assert page.locator("#round-label").inner_text() == "game 1 of 2"
    assert page.locator("#board").inner_text().count("Battle 1") == 1
    page.get_by_role("button", name="Next game").click()
    page.wait_for_function("() => document.getElementById('round-label').textContent === 'game 2 of 2'")
    step = int(page.locator("#step").inner_text().split()[1])
    assert 0 < step < len(record.actions)
    page.get_by_label("Go to game").fill("1")
    page.get_by_label("Go to game").press("Enter")
    page.wait_for_function(f"() => document.getElementById('step').textContent === 'move 0 of {len(record.actions)}'")
    check_page(page, "an El Presidente record on a desktop")
    page.screenshot(path=str(artifacts / "replay-record-el-presidente.png"), full_page=True)
    assert not real_errors(errors), errors
    context.close()


def test_a_record_naming_no_one_names_its_seats_in_the_pages_language(
    browser: Any, server_url: str, tmp_path: Path, artifacts: Path
) -> None:
    """Issue 26: the server sends an unnamed seat's name empty, never English of its own ("Seat 0"): in French the
    seats are "Place 1" ... (`replay-seat`, counted from 1 as everywhere on the pages), and the first move is said
    with that name."""
    state = new_game(PRESETS["bga"].rules, 4, 2)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "unnamed.json"
    path.write_text(record_of(state).to_json())
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script("localStorage.setItem('presidente.language', 'fr')")
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server_url}/replay/record")
    page.get_by_label("Ouvrir un fichier de partie").set_input_files(str(path))
    page.get_by_role("heading", level=1, name="Relecture de unnamed.json").wait_for()
    rows = page.locator(".hands-row")
    expect(rows.nth(0).locator("strong")).to_contain_text("Place 1")  # (the answer arrives asynchronously)
    assert [rows.nth(seat).locator("strong").inner_text().split(" —")[0] for seat in range(4)] == [
        f"Place {seat + 1}" for seat in range(4)
    ]
    page.locator("#next").click()
    page.wait_for_function("() => document.getElementById('step').textContent.startsWith('coup 1')")
    said = page.locator("#move").inner_text()
    assert said.startswith(f"Place {state.history[0][0] + 1} ") and "Seat" not in said, said
    page.screenshot(path=str(artifacts / "replay-record-unnamed-fr.png"))
    assert not errors, errors
    context.close()
