"""A card may be typed as 7H, 7h or 7♥: the engines' card and action parsers read every form, so every client
(the terminal, the server, a program) gets them."""

from __future__ import annotations

import pytest

from presidente import elpresidente
from presidente.cards import JOKER, card_text, parse_card, parse_cards
from presidente.errors import ActionSyntaxError
from presidente.president import Give, Play, parse_action

SPELLINGS = {"7H": ("7H", "7h", "7♥", "7♡"), "10S": ("10S", "10s", "10♠", "t♠"), "QD": ("QD", "qd", "Q♦", "q♢")}


@pytest.mark.parametrize("card", sorted(SPELLINGS))
def test_upper_lower_and_symbol_suits_are_one_card(card: str) -> None:
    for spelling in SPELLINGS[card]:
        assert card_text(parse_card(spelling)) == card, spelling


def test_every_card_reads_from_its_suit_symbol() -> None:
    for card in range(JOKER):
        text = card_text(card)
        symbol = text[:-1] + "♣♦♥♠"["CDHS".index(text[-1])]
        assert parse_card(symbol) == card
        assert parse_card(text.lower()) == card


def test_president_actions_read_every_form() -> None:
    assert parse_action("7H 7S") == parse_action("7h 7s") == parse_action("7♥ 7♠") == Play(parse_cards("7H 7S"))
    assert parse_action("give 3♣ 4d") == Give(parse_cards("3C 4D"))
    assert str(parse_action("jk 9♣ 9♦")) == "JK 9C 9D"
    assert str(parse_action("3♥x6")) == "3Hx6"


def test_el_presidente_actions_read_every_form() -> None:
    for text in ("attack 7H 7S", "attack 7h 7s", "attack 7♥ 7♠"):
        assert str(elpresidente.parse_action(text)) == "attack 7H 7S"
    assert str(elpresidente.parse_action("beat 10♦")) == "beat 10D"


@pytest.mark.parametrize("text", ["7X", "7♦♦", "♥7", "7", "♥"])
def test_other_spellings_are_still_refused(text: str) -> None:
    with pytest.raises(ActionSyntaxError, match="is not a card"):
        parse_card(text)
