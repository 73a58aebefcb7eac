"""The table page's words, run in the browser: cards and plays in words, counts, the order of a hand (reversed
in a revolution), and the reasons a selection is refused."""

from __future__ import annotations

import json
from typing import Any

# Lines of the log as the engine writes them: plays, jokers standing for a rank, a card or past a sequence's end,
# copies of huge decks, an automatic move, and words that are no cards.
LOG_LINES = [
    "Seat 1 plays 7H 7D.",
    "Seat 0 plays JK JK=9.",
    "Seat 1 plays JK 7H 7S.",
    "Seat 2 plays JK=<3S 3S 4S.",
    "Seat 1 plays JK=KH 7H 8H.",
    "Seat 3 gives 3Cx5 10D to seat 1.",
    "Seat 0 plays 10S. (automatic)",
    "Round over. Order: seat 1, seat 2.",
]

WORDS = """async () => {
  const LOG_LINES = LOG_LINES_JSON;
  const w = await import("/static/table-words.js");
  const c = await import("/static/cards.js");
  const game = { trick: [[1, "9C 9D"]], trick_size: 2, obligation: null, must_include: null };
  return {
    cards: ["7H", "QS", "10D", "AC", "JK"].map(w.cardWords),
    plays: [w.playWords(["7H"]), w.playWords(["8H"]), w.playWords(["7H", "7S", "7D"]), w.playWords(["7H", "JK"]),
            w.playWords(["JK"], "9"), w.playWords(["JK", "JK"], "A"), w.playWords(["AH", "AS"])],
    counts: [w.count(1, "card"), w.count(5, "card"), w.count(0, "card")],
    hand: w.sortHand(["2C", "3D", "JK", "10H", "3C", "AS"]),
    reversed: w.sortHand(["2C", "3D", "JK", "10H", "3C", "AS"], true),
    mixed: w.whyNot(game, ["7H", "8H"], { myTurn: true }),
    size: w.whyNot(game, ["JH"], { myTurn: true }),
    low: w.whyNot(game, ["4H", "4S"], { myTurn: true }),
    equal: w.whyNot({ ...game, obligation: "or-pass" }, ["4H", "4S"], { myTurn: true }),
    places: [1, 2, 3, 4, 11, 22].map(w.ordinal),
    actions: ["give 3C 4D", "discard 10H", "JK JK=7", "7H 7S JK", "take 9S"].map(c.cardsOf),
    owed: w.matchingActions(["give 7H", "give 9C"], ["9C"]),
    log: LOG_LINES.map((line) => c.readableCards(line)),
    spoken: LOG_LINES.map((line) => c.readableCards(line, { spoken: true })),
  };
}"""


def test_words_of_the_table(browser: Any, server_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server_url + "/static/table.css")  # any page of the server's origin, to import its modules
    words = page.evaluate(WORDS.replace("LOG_LINES_JSON", json.dumps(LOG_LINES)))
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
    assert words["size"] == "This trick is played with pairs: select 2 cards."
    assert words["low"] == "Two 4s do not beat two 9s."
    assert words["equal"] == "You must equal two 9s or pass."
    assert words["places"] == ["1st", "2nd", "3rd", "4th", "11th", "22nd"]
    assert words["actions"] == [["3C", "4D"], ["10H"], ["JK", "JK"], ["7H", "7S", "JK"], ["9S"]]
    assert words["owed"] == ["give 9C"], "an owed card is chosen like a play"
    assert words["log"] == [
        "Seat 1 plays 7♥ 7♦.",
        "Seat 0 plays 2 jokers as 9.",
        "Seat 1 plays joker 7♥ 7♠.",
        "Seat 2 plays joker below 3♠, 3♠, 4♠.",
        "Seat 1 plays joker as K♥, 7♥, 8♥.",
        "Seat 3 gives 3♣×5 10♦ to seat 1.",
        "Seat 0 plays 10♠. (automatic)",
        "Round over. Order: seat 1, seat 2.",
    ], "the log shows cards with their suits' symbols"
    assert words["spoken"] == [
        "Seat 1 plays the 7 of hearts, the 7 of diamonds.",
        "Seat 0 plays 2 jokers as 9.",
        "Seat 1 plays a joker, the 7 of hearts, the 7 of spades.",
        "Seat 2 plays a joker below the 3 of spades, the 3 of spades, the 4 of spades.",
        "Seat 1 plays a joker as the king of hearts, the 7 of hearts, the 8 of hearts.",
        "Seat 3 gives the 3 of clubs (5 copies), the 10 of diamonds to seat 1.",
        "Seat 0 plays the 10 of spades. (automatic)",
        "Round over. Order: seat 1, seat 2.",
    ], "and announces them in words"
    context.close()
