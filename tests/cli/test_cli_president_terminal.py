"""The President terminal functions fed with lines: bad entries are explained, end of input stops cleanly."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from presidente.cards import card_text
from presidente.errors import RulesError
from presidente.president import Record, find_preset, new_game
from presidente.president.rules import build_rules, parse_option
from presidente.terminal.president import play_match

SEED = 7
QUICK = ("target_score=3",)


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120), out


class Lines:
    """A read_line fed with `first`, then `then` for ever (or end of input when `then` is None)."""

    def __init__(self, first: list[str], then: str | None = "1") -> None:
        self.lines: Iterator[str] = iter(first)
        self.then = then
        self.prompts = 0

    def __call__(self, prompt: str) -> str:
        self.prompts += 1
        line = next(self.lines, self.then)
        if line is None:
            raise EOFError
        return line


def _card_not_in_my_hand() -> str:
    hand = new_game(find_preset("bga"), 4, SEED).hands[0]
    return next(card_text(card) for card in range(52) if not hand[card])


def test_option_values_are_read_by_type() -> None:
    assert parse_option("keep_jokers=on") == ("keep_jokers", True)
    assert parse_option("keep-jokers=False") == ("keep_jokers", False)
    assert parse_option("decks=3") == ("decks", 3)
    assert parse_option("equalize=disallow") == ("equalize", "disallow")
    assert parse_option("role_titles=A,B,C,D,E") == ("role_titles", ("A", "B", "C", "D", "E"))
    rules = build_rules("college", ["eight_rule=1", "credit_changes=1,2,3,4,5"])
    assert rules.eight_rule and rules.credit_changes == (1, 2, 3, 4, 5) and rules.name == "college"
    with pytest.raises(RulesError, match="must give five numbers"):
        build_rules("bga", ["credit_changes=1,2"])


def test_bad_entries_are_explained_and_the_match_goes_on() -> None:
    console, out = _console()
    missing = _card_not_in_my_hand()
    bad = ["ZZ", "99", "leave 0", missing, "help", ""]
    lines = Lines(bad)
    record = play_match("bga", 4, QUICK, seed=SEED, console=console, read_line=lines)
    text = out.getvalue()
    assert "'ZZ' is not a card" in text
    assert "Choose a number from 1 to" in text
    assert "table actions" in text
    assert f"You do not hold {missing}" in text
    assert "Type a move's number" in text
    assert "Traceback" not in text
    # After the bad entries the match went on to its end, with more prompts answered by "1".
    assert lines.prompts > len(bad) + 1
    assert record.final_state().is_over
    assert "Winner" in text and "Round 1: 1st" in text


def test_the_screen_shows_hand_pile_seats_and_moves() -> None:
    """`plain` keeps the ASCII screen of logs and screen readers: letters for suits, the pile in a line."""
    console, out = _console()
    play_match("bga", 4, QUICK, seed=SEED, console=console, read_line=Lines([], then=None), plain=True)
    text = out.getvalue()
    hand = new_game(find_preset("bga"), 4, SEED).observation(0).hand
    assert f"Your hand ({sum(n for _, n in hand)} cards)" in text
    for column in ("seat", "cards", "role", "status", "this trick", "score"):
        assert column in text
    assert "Cards are dealt" in text
    assert " 1) " in text
    assert "Pile" in text and not any(symbol in text for symbol in "♣♦♥♠")


def test_end_of_input_abandons_the_match_and_still_saves(tmp_path: Path) -> None:
    console, out = _console()
    saved = tmp_path / "abandoned.json"
    record = play_match("bga", 4, seed=SEED, save=saved, console=console, read_line=Lines(["1", "1"], then=None))
    text = out.getvalue()
    assert "Match abandoned." in text
    assert "Winner" not in text
    again = Record.from_json(saved.read_text())
    assert again == record and not again.final_state().is_over
    assert any(seat == 0 for seat, _ in record.actions)


def test_typed_actions_are_accepted() -> None:
    console, out = _console()
    state = new_game(find_preset("bga"), 4, SEED)
    typed = "pass" if state.current_player != 0 else str(state.legal_actions()[-1])
    record = play_match("bga", 4, QUICK, seed=SEED, console=console, read_line=Lines([typed]))
    assert (0, typed) in record.actions or typed == "pass"
    assert "Winner" in out.getvalue()


def test_the_draft_and_the_card_transfer_prompt_for_cards() -> None:
    console, out = _console()
    play_match("college-draft", 4, ("rounds=2",), seed=1, console=console, read_line=Lines([]))
    text = out.getvalue()
    assert "Draft: choose 2 cards to put down, face down." in text
    assert "Draft: choose 2 cards to take from the pool." in text and "take " in text
    console, out = _console()
    play_match("victorz", 4, ("rounds=3",), seed=0, console=console, read_line=Lines([]))
    assert "Seat 0 gives" in out.getvalue() or "to seat 0." in out.getvalue()  # the transfer is reported
