"""A joker past a sequence's end at a `uecda` table (`sequence_joker_ends`, UECda's protocol: "columns 0 and 14
exist so that a joker can extend a sequence below the 3 or above the 2"): the person who leads holding the
joker and the cards at an end is offered that sequence among the joker's choices, plays it by clicks (below the
3, on a desktop) or by keys (above the 2, on a phone), and the page names it in words — the choice, the Play
button, the trick in the centre — and draws the joker with its side; the log gives the play's text. The option
form labels the option beside the other sequence options."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser.table_moves import (
    DESKTOP,
    PHONE,
    hand,
    log_lines,
    new_table,
    prompt,
    serious_violations,
    serve,
    signed_in,
)

# With these seeds the person (seat 0) leads round 1 of the uecda preset holding the joker and, with seed 314,
# the 3 and 4 of spades (JK=<3S 3S 4S, or 3S 4S JK=5S), with seed 243 the ace and 2 of spades (AS 2S JK=>2S, or
# JK=KS AS 2S).
BELOW = {
    "seed": 314,
    "cards": ("joker", "3 of spades", "4 of spades"),
    "choice": "Joker below the 3 of spades",
    "other": "Joker as 5 of spades",
    "words": "a joker below the 3, then the 3 and 4 of spades",
    "log": "joker below 3♠, 3♠, 4♠",
    "mark": ("↓3", "below", "3♠"),
}
ABOVE = {
    "seed": 243,
    "cards": ("ace of spades", "2 of spades", "joker"),
    "choice": "Joker above the 2 of spades",
    "other": "Joker as king of spades",
    "words": "the ace and 2 of spades, then a joker above the 2",
    "log": "A♠, 2♠, joker above 2♠",
    "mark": ("↑2", "above", "2♠"),
}
# Every text of the trick's plays the centre showed (a bot may answer before the page is read).
WATCH_TRICK = """() => {
  window.seenPlays = new Set();
  const note = () => {
    for (const el of document.querySelectorAll("#trick .play")) window.seenPlays.add(el.textContent);
  };
  new MutationObserver(note).observe(document.getElementById("trick"), { subtree: true, childList: true });
}"""

REDRAW = "async () => (await import('/static/table-state.js')).rerender()"


def focused(page: Any) -> dict[str, str]:
    found: dict[str, str] = page.evaluate(
        "({label: document.activeElement.ariaLabel ?? '', pressed: document.activeElement.ariaPressed ?? ''})"
    )
    return found


def click_across_a_redraw(page: Any, button: Any, **where: Any) -> None:
    """A click whose button goes down and up with the page drawn again between the two, as a message from the server
    can do (a tap on a phone at a CI run's load selected nothing so)."""
    button.hover(**where)
    page.mouse.down()
    page.evaluate(REDRAW)
    page.mouse.up()
    assert button.get_attribute("aria-pressed") == "true", "the click chose it though the page was drawn again"


def choose_by_clicks(page: Any, case: dict[str, Any]) -> None:
    cards = page.get_by_role("group", name="Your hand")
    for words in case["cards"]:
        click_across_a_redraw(page, cards.get_by_role("button", name=words, exact=True), position={"x": 6, "y": 40})
    click_across_a_redraw(page, page.get_by_role("button", name=case["choice"], exact=True))


def choose_by_keys(page: Any, case: dict[str, Any]) -> None:
    """Arrows through the hand, Space on each card of the play, Tab to the joker's choices, Space on the one."""
    page.keyboard.press("1")
    page.wait_for_function("() => document.activeElement?.closest('#hand') !== null")
    wanted = set(case["cards"])
    for _ in range(hand(page).count()):
        if focused(page)["label"] in wanted:
            # The page is drawn again between the key's down and up, as a message from the server can do (a CI
            # run lost a Space so: a button clicks on a keyup that meets the element its keydown met).
            page.keyboard.down(" ")
            page.evaluate(REDRAW)
            page.keyboard.up(" ")
            assert focused(page)["pressed"] == "true", "Space chose the card though the hand was drawn again"
        page.keyboard.press("ArrowRight")
    # The choices are drawn once the cards make several plays (a CI run at a load of 8-9 tabbed past them).
    page.get_by_role("group", name="The joker stands for:").wait_for()
    for _ in range(6):
        page.keyboard.press("Tab")
        if focused(page)["label"] == case["choice"]:
            break
    assert focused(page)["label"] == case["choice"], "Tab reaches the joker's choices after the hand"
    page.keyboard.down(" ")
    page.evaluate(REDRAW)
    page.keyboard.up(" ")
    assert focused(page) == {"label": case["choice"], "pressed": "true"}, "the choice keeps the focus"


@pytest.mark.parametrize(("way", "case", "size"), [("clicks", BELOW, DESKTOP), ("keys", ABOVE, PHONE)])
def test_a_joker_past_a_sequence_end_is_offered_played_and_named(
    way: str,
    case: dict[str, Any],
    size: dict[str, Any],
    browser: Any,
    tmp_path: Path,
    artifacts: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("presidente.server.actor.secrets.randbelow", lambda _: case["seed"])
    with serve(tmp_path, intermission=30.0, bot_delay=0.3) as base:
        context, page, player = signed_in(browser, base, "Uma", **size)
        bots = [None, "heuristic", "heuristic", "heuristic", "heuristic"]
        url = new_table(base, player["token"], preset="uecda", seats=5, bots=bots, options={"rounds": 1})
        page.goto(url + "#sit")
        hand(page).first.wait_for()
        assert prompt(page).startswith("Your lead"), prompt(page)
        (choose_by_clicks if way == "clicks" else choose_by_keys)(page, case)
        choices = page.get_by_role("group", name="The joker stands for:").get_by_role("button")
        assert sorted(choices.evaluate_all("all => all.map(b => b.ariaLabel)")) == sorted(
            [case["choice"], case["other"]]
        ), "the end cell is offered beside the card the joker could name instead"
        chosen = page.get_by_role("button", name=case["choice"], exact=True)
        assert chosen.get_attribute("aria-pressed") == "true"
        assert chosen.locator("text").evaluate_all("all => all.map(t => t.textContent)")[1:] == list(case["mark"]), (
            "drawn as its side and end"
        )
        play = page.get_by_role("button", name=f"Play {case['words']}", exact=True)
        assert play.is_enabled()
        page.screenshot(path=str(artifacts / f"table-sequence-end-choice-{way}.png"))
        assert not serious_violations(page), "the joker's choices pass the accessibility scan"
        page.evaluate(WATCH_TRICK)
        if way == "clicks":
            play.click()
        else:
            page.keyboard.press("1")
            page.keyboard.press("Enter")
        page.wait_for_function("() => [...window.seenPlays].some(t => t.startsWith('Uma'))")
        plays: list[str] = page.evaluate("[...window.seenPlays]")
        mine = next(text for text in plays if f"Uma played {case['words']}" in text)
        assert "".join(case["mark"]) in mine, "the centre draws the joker with its side and end"
        page.locator("#log li", has_text="Uma plays ").first.wait_for()
        assert f"Uma plays {case['log']}." in log_lines(page), "the log reads the cards the engine wrote as text"
        page.wait_for_timeout(700)  # the play's cards settle in the centre, for the screenshot
        page.screenshot(path=str(artifacts / f"table-sequence-end-played-{way}.png"))
        assert not page.errors, page.errors
        context.close()


def test_the_option_form_labels_every_president_option(browser: Any, server_url: str) -> None:
    """No option falls under "Other rules" with its bare name: `sequence_joker_ends` sits with the sequences."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(server_url + "/static/table.css")  # any page of the server's origin, to import its modules
    unlabelled, group = page.evaluate(
        """async () => {
          const labels = await import("/static/option-labels.js");
          const games = await (await fetch("/api/games")).json();
          const president = games.games.find((g) => g.game === "president");
          return [president.options.map((o) => o.name).filter((name) => labels.optionGroup(name) === "other"),
                  labels.optionGroup("sequence_joker_ends")];
        }"""
    )
    assert unlabelled == []
    assert group == "plays"
    context.close()


WORDS = """async () => {
  const w = await import("/static/table-words.js");
  const m = await import("/static/table-messages.js");
  const { cardsOf } = await import("/static/cards.js");
  const named = (action) => w.playWords(cardsOf(action), w.declaredRank(action));
  const top = { trick: [[1, "JK=<3S 3S 4S"]], trick_size: 3, obligation: null, must_include: null };
  return {
    plays: ["JK=<3D 3D 4D 5D", "KS AS 2S JK=>2S", "3S 4S JK=5S", "JK=9H 9S"].map(named),
    declared: ["JK=<3S 3S 4S", "AS 2S JK=>2S", "JK=9H 9S", "JK JK=7", "7H 7S"].map(w.declaredRank),
    sequence: ["JK=<3S 3S 4S", "JK=9H 9S"].map((a) => w.isSequence(cardsOf(a), w.declaredRank(a))),
    refused: m.refusalWords({ code: "sequence_trick", params: { play: "7H 7S 7D", size: top.trick_size } }, w.playText),
    staged: w.playWords(["JK", "3S", "4S"]),
  };
}"""


def test_plays_past_an_end_in_words(browser: Any, server_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server_url + "/static/table.css")  # any page of the server's origin, to import its modules
    words = page.evaluate(WORDS)
    assert words["plays"] == [
        "a joker below the 3, then the 3, 4 and 5 of diamonds",
        "the king, ace and 2 of spades, then a joker above the 2",
        "the 3, 4 and 5 (a joker) of spades",
        "a 9 and a joker",  # a group whose joker names its suit (`joker_suits`), not a sequence
    ]
    assert words["declared"] == ["<3S", ">2S", "9H", "7", None]
    assert words["sequence"] == [True, False]
    assert words["staged"] == "the 3 and 4 of spades, with a joker", "staged before its turn: the joker's place is open"
    assert words["refused"] == "This trick is played with sequences of 3 cards: play a sequence, or pass.", (
        "the engine's refusal code, in the page's words"
    )
    context.close()
