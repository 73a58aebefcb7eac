"""The table page's words, run in the browser: cards and plays in words, counts, the order of a hand (reversed
in a revolution), the log's words built from typed events (table-messages.js), and the engine's refusal codes
in words."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from presidente.server.refusals import table_catalog

# Events as the server sends them: plays, jokers standing for a rank, a card or past a sequence's end, copies of
# huge decks, an automatic move, a give told to a spectator, a round's end.
EVENTS = [
    {"type": "play", "seat": 1, "play": "7H 7D"},
    {"type": "play", "seat": 0, "play": "JK JK=9"},
    {"type": "play", "seat": 1, "play": "JK 7H 7S"},
    {"type": "play", "seat": 2, "play": "JK=<3S 3S 4S"},
    {"type": "play", "seat": 1, "play": "JK=KH 7H 8H"},
    {"type": "give", "seat": 3, "to": 1, "count": 6, "cards": [["3C", 5], ["10D", 1]], "audience": [3, 1]},
    {"type": "give", "seat": 3, "to": 1, "count": 2, "audience": [3, 1]},
    {"type": "play", "seat": 0, "play": "10S", "timed": "automatic"},
    {"type": "round_end", "round": 2, "order": [1, 2, 0, 3], "titles": [], "points": [], "totals": []},
    {"type": "trick_end", "seat": 0, "by": "play", "cause": "eight_cut"},
    {"type": "trick_end", "seat": 1, "by": "passes", "cause": "passes"},
    {"type": "trick_end", "seat": 2, "by": "passes"},
]
# A sample value of each parameter the refusal codes declare, as the engine sends it.
SAMPLE_PARAMS = {"play": "7H", "top": "9C 9D", "card": "7H", "cards": "3H 4C", "action": "give 3H", "instead": "JK 7H"}
SAMPLE_PARAMS |= {"verb": "give", "rank": "9", "suits": "H S", "text": "'7X'", "name": "7H", "phase": "attack"}


def _refusal_samples() -> dict[str, dict[str, object]]:
    """Every refusal code a table can raise (`refusals.table_catalog`), with a value of each parameter."""
    return {code: {param: SAMPLE_PARAMS.get(param, 2) for param in params} for code, params in table_catalog().items()}


WORDS = """async () => {
  const EVENTS = EVENTS_JSON;
  const REFUSALS = REFUSALS_JSON;
  const w = await import("/static/table-words.js");
  const c = await import("/static/cards.js");
  const m = await import("/static/table-messages.js");
  const game = { trick: [[1, "9C 9D"]], trick_size: 2, obligation: null, must_include: null };
  return {
    cards: ["7H", "QS", "10D", "AC", "JK"].map(w.cardWords),
    plays: [w.playWords(["7H"]), w.playWords(["8H"]), w.playWords(["7H", "7S", "7D"]), w.playWords(["7H", "JK"]),
            w.playWords(["JK"], "9"), w.playWords(["JK", "JK"], "A"), w.playWords(["AH", "AS"])],
    counts: [w.cardCount(1), w.cardCount(5), w.cardCount(0)],
    hand: w.sortHand(["2C", "3D", "JK", "10H", "3C", "AS"]),
    reversed: w.sortHand(["2C", "3D", "JK", "10H", "3C", "AS"], true),
    mixed: m.refusalWords({ code: "not_one_rank", params: {} }, w.playText),
    size: m.refusalWords({ code: "wrong_size", params: { play: "JH", size: 2 } }, w.playText),
    low: m.refusalWords({ code: "does_not_beat", params: { play: "4H 4S", top: "9C 9D" } }, w.playText),
    equal: m.refusalWords({ code: "must_equal", params: { play: "4H 4S", top: "9C 9D" } }, w.playText),
    unknown: m.refusalWords(
      { code: "teams_unequal", params: { value: "3v2" }, message: "The engine's words." }, w.playText),
    places: [1, 2, 3, 4, 11, 22].map(w.ordinal),
    actions: ["give 3C 4D", "discard 10H", "JK JK=7", "7H 7S JK", "take 9S"].map(c.cardsOf),
    owed: w.matchingActions(["give 7H", "give 9C"], ["9C"]),
    log: EVENTS.map((event) => m.eventWords(event, ["Ann", "Bob", "Cy", "Dan"])),
    refusals: Object.fromEntries(Object.entries(REFUSALS).map(([code, params]) =>
      [code, m.refusalWords({ code, params, message: "ENGINE" }, w.playText)])),
  };
}"""


def test_words_of_the_table(browser: Any, server_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server_url + "/static/table.css")  # any page of the server's origin, to import its modules
    samples = _refusal_samples()
    words = page.evaluate(
        WORDS.replace("EVENTS_JSON", json.dumps(EVENTS)).replace("REFUSALS_JSON", json.dumps(samples))
    )
    assert words["cards"] == ["7 of hearts", "queen of spades", "10 of diamonds", "ace of clubs", "joker"]
    assert words["plays"] == [
        "a 7",
        "an 8",
        "three 7s",
        "a 7 and a joker",
        "a joker as a 9",
        "two jokers as aces",
        "two aces",
    ]
    assert words["counts"] == ["1 card", "5 cards", "no cards"]
    assert words["hand"] == ["3C", "3D", "10H", "AS", "2C", "JK"]
    assert words["reversed"] == ["2C", "AS", "10H", "3C", "3D", "JK"], "a revolution reverses the ranks"
    assert words["mixed"] == "A play is cards of one rank (jokers may join them)."
    assert words["size"] == "This trick is played with 2 cards."
    assert words["low"] == "Playing two 4s does not beat two 9s."
    assert words["equal"] == "You must equal two 9s, or pass."
    assert words["unknown"] == "The engine's words.", "a code the page has no words for yet: the engine's message"
    assert words["places"] == ["1st", "2nd", "3rd", "4th", "11th", "22nd"]
    assert words["actions"] == [["3C", "4D"], ["10H"], ["JK", "JK"], ["7H", "7S", "JK"], ["9S"]]
    assert words["owed"] == ["give 9C"], "an owed card is chosen like a play"
    assert words["log"] == [
        "Bob plays 7♥ 7♦.",
        "Ann plays 2 jokers as 9.",
        "Bob plays joker 7♥ 7♠.",
        "Cy plays joker below 3♠, 3♠, 4♠.",
        "Bob plays joker as K♥, 7♥, 8♥.",
        "Dan gives 3♣×5 10♦ to Bob.",
        "Dan gives 2 cards to Bob.",
        "Ann plays 10♠. (automatic)",
        "Round 2 over. Order: Bob, Cy, Ann and Dan.",
        "Ann wins the trick (8 cut).",
        "Bob wins the trick.",
        "Cy wins the trick.",
    ], "the log's words are the page's, from the events' fields; cards with their suits' symbols"
    refusals = words["refusals"]
    assert set(refusals) == set(samples)
    for code, text in refusals.items():
        assert text and text != "ENGINE", f"{code}: the page's own words, not the engine's English"
        assert "undefined" not in text and "[object" not in text and not text[0].islower(), (code, text)
    assert refusals["not_held"] == "You do not hold 3♥ 4♣ that many times."
    assert refusals["sequence_not_above"].startswith("A sequence must be wholly above two 9s")
    # The websocket's own refusals too: its flood limit, and a table gone (the words the lobby uses for it).
    assert refusals["too_many_messages"] == "Too many messages: slow down."
    assert refusals["table_damaged"].startswith("This table is damaged")
    context.close()


OTHER_LANGUAGES = """async ([language, EVENTS, REFUSALS]) => {
  const i18n = await import("/static/i18n.js");
  await i18n.setLanguage(language);
  const w = await import("/static/table-words.js");
  const m = await import("/static/table-messages.js");
  const ends = ["trump_jokers", "eight", "best_rank", "spade_three", "eight_cut", "four_in_a_row", "equalize",
                "revolution", "skips"].map((cause) => m.say(`trick.rule.${cause}`));
  return {
    log: EVENTS.map((event) => m.eventWords(event, ["Ann", "Bob", "Cy", "Dan"])),
    ends: [...ends, m.say("trick.end.play", { play: w.playText("8H 8S"), cards: 2 })],
    refusals: Object.fromEntries(Object.entries(REFUSALS).map(([code, params]) =>
      [code, m.refusalWords({ code, params, message: "ENGINE" }, w.playText)])),
  };
}"""
# More events, for the sentences the first list leaves out.
MORE_EVENTS = [
    {"type": "finish", "seat": 1, "place": 1},
    {"type": "match_end", "winners": [0, 2]},
    {"type": "revolution", "seat": 2, "reversed": True},
    {"type": "pass", "seat": 3},
    {"type": "play", "seat": 0, "play": "JK=<3S 3S 4S"},
]


@pytest.mark.parametrize(
    ("language", "wanted"),
    [
        (
            "fr",
            [
                "Bob joue 7♥ 7♦.",
                "Ann joue 2 jokers comme 9.",
                "Cy joue joker sous le 3♠, 3♠, 4♠.",
                "Manche 2 terminée. Ordre : Bob, Cy, Ann et Dan.",
                "Ann remporte le pli (8 coupe).",
                "Bob sort, 1re place.",
                "Le match est terminé : Ann et Cy gagnent.",
            ],
        ),
        (
            "es",
            [
                "Bob juega 7♥ 7♦.",
                "Ann juega 2 comodines como 9.",
                "Fin de la ronda 2. Orden: Bob, Cy, Ann y Dan.",
                "Ann gana la baza (corte del 8).",
                "Bob sale, en 1.º puesto.",
                "Terminó el encuentro: ganan Ann y Cy.",
            ],
        ),
        (
            "ja",
            [
                "Bobが7♥ 7♦を出しました。",
                "第2ラウンド終了。順位：Bob、Cy、Ann、Dan。",
                "Annが場を取りました（8切り）。",
                "Bobが1位で上がりました。",
                "Danはパス。",
                "Annがジョーカー（3♠の下）、3♠、4♠を出しました。",
            ],
        ),
    ],
)
def test_the_log_and_the_refusals_in_each_language(
    browser: Any, server_url: str, language: str, wanted: list[str]
) -> None:
    """The log, the trick-end causes and every refusal are the catalog's: no English sentence, no message id left
    (a missing message is written as its id), no argument unfilled."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(server_url + "/static/table.css")
    samples = _refusal_samples()
    english = page.evaluate(OTHER_LANGUAGES, ["en", EVENTS + MORE_EVENTS, samples])
    words = page.evaluate(OTHER_LANGUAGES, [language, EVENTS + MORE_EVENTS, samples])
    for line in wanted:
        assert line in words["log"], (line, words["log"])
    for kind in ("log", "ends"):
        for said, english_said in zip(words[kind], english[kind], strict=True):
            assert said != english_said or not re.search(r"[a-z]{3}", said), f"{language} {kind}: {said}"
            assert "undefined" not in said and not re.search(r"\b(log|trick|refusal)-[a-z]", said), said
    for code, text in words["refusals"].items():
        assert text != english["refusals"][code], f"{language}: refusal {code} left in English: {text}"
        assert "undefined" not in text and "{" not in text and not re.search(r"refusal-[a-z]", text), (code, text)
    context.close()
