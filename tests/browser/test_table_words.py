"""The table page's words, run in the browser: cards and plays in words, counts, the order of a hand (reversed
in a revolution), and the reasons a selection is refused."""

from __future__ import annotations

from typing import Any

WORDS = """async () => {
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
  };
}"""


def test_words_of_the_table(browser: Any, server_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server_url + "/static/table.css")  # any page of the server's origin, to import its modules
    words = page.evaluate(WORDS)
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
    context.close()
