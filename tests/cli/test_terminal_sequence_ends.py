"""The terminal lists a sequence whose joker lies past an end (`sequence_joker_ends`, UECda: "columns 0 and 14
exist so that a joker can extend a sequence below the 3 or above the 2") on its own row: below the 3 it is the
weakest play ("<3", before the 3s; the strongest in a revolution), never beside the pass or the jokers alone."""

from __future__ import annotations

import io
import re

from rich.console import Console

from presidente.president import PASS, Play, find_preset, new_game
from presidente.terminal.president import _by_rank, ask_move

# With this seed seat 0 leads round 1 of the uecda preset holding the joker, the 3 and the 4 of spades.
SEED = 314


def test_a_sequence_below_the_three_has_its_own_row_weakest_first() -> None:
    below = Play.parse("JK=<3S 3S 4S")
    threes = Play.parse("3S 4S JK=5S")
    above = Play.parse("AS 2S JK=>2S")
    joker = Play.parse("JK")
    plays = [PASS, joker, above, threes, below]
    assert _by_rank(plays, reversed_order=False) == [
        ("", [PASS]),
        ("<3", [below]),
        ("3", [threes]),
        ("A", [above]),
        ("JK", [joker]),
    ]
    # In a revolution the cell below the 3 is the strongest: last before the jokers alone.
    assert _by_rank(plays, reversed_order=True) == [
        ("", [PASS]),
        ("A", [above]),
        ("3", [threes]),
        ("<3", [below]),
        ("JK", [joker]),
    ]


def test_the_number_shown_beside_it_plays_it() -> None:
    state = new_game(find_preset("uecda"), 5, SEED)
    assert state.current_player == 0
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)

    def read_line(prompt: str) -> str:
        row = next(line for line in out.getvalue().splitlines() if line.lstrip().startswith("<3 "))
        number = re.search(r"(\d+)\) JK=<3♠ 3♠ 4♠", row)
        assert number is not None, row
        return number.group(1)

    assert ask_move(console, state, 0, read_line) == Play.parse("JK=<3S 3S 4S")
    assert "or a sequence of one suit" in out.getvalue().splitlines()[0], "the lead's prompt names sequences"
