"""How the terminal writes cards: the card table's look, or plain ASCII (`--plain`).

The card table shows suits as symbols, hearts and diamonds in red (rich markup), tables with box drawing;
plain keeps the engines' text ("7H", "10S", "JK") for logs and screen readers, and is ASCII throughout: tables
drawn with + - |, marks and arrows as letters (`Look.text` turns the table's few marks into ASCII too). Both
games' terminals write every card, action, event text, table and rule line through one `Look`, so the two
forms cannot drift apart. Typing is the same in both: the engines read 7H, 7h and 7♥ alike.

>>> Look().text("Seat 2 plays 7H 7S.")
'Seat 2 plays [red]7♥[/red] 7♠.'
>>> Look(plain=True).text("Seat 2 plays 7H 7S.")
'Seat 2 plays 7H 7S.'
>>> Look(plain=True).text("▶ Seat 1: 7H  →  Seat 2: 8S · passed — next")
'> Seat 1: 7H  ->  Seat 2: 8S - passed - next'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from presidente.cards import SUIT_SYMBOLS, SUITS, CardGroup, card_text
from presidente.options import shown

# A card in the engines' text: rank, then a suit letter (and "x6" for six copies) — never inside a word.
_CARD = re.compile(r"\b(10|[2-9AJQK])([CDHS])(?=x\d|\b)")
_RED = frozenset("DH")
_SYMBOL = dict(zip(SUITS, SUIT_SYMBOLS, strict=True))
# The card table's marks, and what plain writes for them.
_ASCII_MARKS = str.maketrans({"▶": ">", "→": "->", "·": "-", "—": "-", "…": "..."})
# The longest line read as a move: the longest move (a 13-card sequence with jokers) is under 60 characters.
MAX_LINE = 200


def long_line_error(line: str) -> str | None:
    """What to say of a typed line too long to be a move (its start and end only), or None.

    >>> print(long_line_error("x" * 5000)[:78])
    That line is 5,000 characters long ('xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'):
    """
    if len(line) <= MAX_LINE:
        return None
    return f"That line is {len(line):,} characters long ({shown(line)}): type a move's number, or the move itself."


def _symbol_card(match: re.Match[str]) -> str:
    rank, suit = match[1], match[2]
    shown = rank + _SYMBOL[suit]
    return f"[red]{shown}[/red]" if suit in _RED else shown


class Look:
    """Cards, actions and event texts as the terminal shows them (rich markup)."""

    def __init__(self, plain: bool = False) -> None:
        self.plain = plain

    def text(self, text: str) -> str:
        """Any text to show (an action, a list of cards, an event in words, a line with the table's marks) with
        its cards, and in plain its marks, in this look."""
        if self.plain:
            return text.translate(_ASCII_MARKS)
        return _CARD.sub(_symbol_card, text)

    @property
    def suits(self) -> str:
        """How suits are typed, for help texts: letters, and in the card table's look the symbols too."""
        return "C D H S" if self.plain else "C D H S, or ♣ ♦ ♥ ♠"

    @property
    def mark(self) -> str:
        """The mark before the seat to move."""
        return "> " if self.plain else "▶ "

    def table(self, **options: Any) -> Table:
        """A rich table in this look: ASCII lines in plain, box drawing otherwise."""
        return Table(box=box.ASCII if self.plain else box.HEAVY_HEAD, **options)

    def rule(self, console: Console) -> None:
        """A line across the screen between turns."""
        console.rule(characters="-" if self.plain else "─")

    def card(self, card: int) -> str:
        text = card_text(card)
        if self.plain:
            # Today's plain form: the letters, hearts and diamonds still red where the terminal has colour.
            return f"[red]{text}[/red]" if text[-1] in _RED else text
        return self.text(text)

    def hand(self, hand: CardGroup, strength: Callable[[int], int]) -> str:
        """A hand weakest to strongest by `strength` (of a card), a wider gap between ranks.

        >>> from presidente.cards import parse_cards
        >>> rank = lambda card: 13 if card == 52 else (card // 4 - 2) % 13  # President ranks, the joker on top
        >>> Look(plain=True).hand(parse_cards("2S JK 3C 7H 7S"), rank)
        '3C  [red]7H[/red] 7S  2S  JK'
        >>> Look().hand(parse_cards("2S JK 3C 7H 7S"), rank)
        '3♣  [red]7♥[/red] 7♠  2♠  JK'
        """
        ordered = sorted(hand, key=lambda pair: (strength(pair[0]), pair[0]))
        words: list[str] = []
        previous: int | None = None
        for card, count in ordered:
            this = strength(card)
            if previous is not None and this != previous:
                words.append(" ")
            shown = self.card(card)
            words.append(" ".join([shown] * count) if count <= 4 else f"{shown}x{count}")
            previous = this
        return " ".join(words).replace("   ", "  ") or "-"
