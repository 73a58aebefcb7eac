"""The terminal as a newcomer meets it (issue 25): prompts that say when an equal play is allowed and what it does,
errors that name only this table's rules, a sentence for every bare or empty input, long inputs cut in echoes,
El Presidente reading bare cards and printing every pass, and `--plain` in ASCII throughout."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

from rich.console import Console
from typer.testing import CliRunner

from presidente.cli import app
from presidente.terminal import elpresidente
from presidente.terminal.president import play_match

runner = CliRunner()


def _lines(first: list[str], then: str | None = None, limit: int = 200) -> Callable[[str], str]:
    """A read_line fed with `first`, then `then` (at most `limit` lines in all), then end of input."""
    lines: Iterator[str] = iter(first)
    count = [0]

    def read_line(prompt: str) -> str:
        count[0] += 1
        line = next(lines, then)
        if line is None or count[0] > limit:
            raise EOFError
        return line

    return read_line


def _bga(lines: list[str], plain: bool = True, options: tuple[str, ...] = (), preset: str = "bga") -> str:
    """Seed 24 at bga: the K of spades is on top when you first move, and you hold the K of diamonds."""
    out = io.StringIO()
    play_match(preset, 4, options, seed=24, console=Console(file=out, width=200), read_line=_lines(lines), plain=plain)
    return out.getvalue()


def test_a_prompt_offering_an_equal_play_says_beat_or_equal_and_what_it_does() -> None:
    text = _bga([])
    # bga's equalize is force-skip: the engine, asked on a copy, skips the next seat.
    assert "Beat or equal KS (1 card), or pass. An equal play (KD): Seat 1 is skipped." in text
    assert "Beat KS" not in text
    disallowed = _bga([], options=("equalize=disallow",))
    assert "Beat or equal" not in disallowed and "An equal play" not in disallowed
    assert "Beat " in disallowed


def test_an_equal_play_owed_by_ta_gueule_is_asked_for_by_name() -> None:
    """College's "or-pass": after an equal play the next player must equal it or pass (seed 004)."""
    out = io.StringIO()
    console = Console(file=out, width=200)
    play_match("college", 4, ("rounds=1",), seed=1, console=console, read_line=_lines([], "1", 12), plain=True)
    text = out.getvalue()
    assert "Equal QH (1 card), or pass. An equal play (QC, QD): Seat 1 must play the same again, or pass." in text
    assert "Beat or equal 5S (1 card), or pass." in text


def test_a_bad_play_at_a_table_without_sequences_does_not_speak_of_them() -> None:
    text = _bga(["3H 5S", "3H 5H", "JK=5H"])
    assert "A play is cards of one rank (jokers may join them)." in text
    assert "Jokers alone name no card" in text
    assert "sequence" not in text.lower()
    uecda = io.StringIO()
    play_match("uecda", 5, (), seed=2, console=Console(file=uecda, width=200), read_line=_lines(["3H 5S"]), plain=True)
    assert "or a sequence of one suit like '3H 4H 5H'" in uecda.getvalue()


def test_every_bare_or_empty_input_says_what_to_type() -> None:
    text = _bga(["give", "take", "play", "JK=", "=7", "pass 3", "hint", "", "[red]ZZ"])
    assert "Name the cards to give after 'give', like 'give 3C 4D'." in text
    assert "Name the cards to take after 'take'" in text
    assert "Name the cards to play, like '7H 7S'" in text
    assert "Name the rank the jokers stand for after '=', like 'JK=7'." in text
    assert "Name the jokers before '='" in text
    assert "'pass' stands alone" in text
    assert "Hints are off: start the match with --hint" in text
    assert "Type a move's number, or the move itself" in text  # the empty line
    assert "'[red]ZZ' is not a card" in text, "typed text is shown as typed, never read as markup"
    assert "No cards given" not in text and "'' is not a rank" not in text


def test_the_help_names_only_this_tables_rules() -> None:
    bga = _bga([""])
    assert "JK is a joker" in bga and "card transfer" in bga
    assert "sequence" not in bga.lower() and "draft" not in bga
    college = io.StringIO()
    play_match("college-draft", 4, (), seed=1, console=Console(file=college, width=200), read_line=_lines([""]))
    words = college.getvalue()
    assert "In the draft: 'give 3C 4D' to put cards down, 'take 9S KD' to pick them up." in words
    assert "JK is a joker" not in words, "college plays without jokers"
    assert "C D H S, or ♣ ♦ ♥ ♠" in words
    assert "♣" not in _bga([""], plain=True).split("Type a move's number")[1], "plain help gives letters only"


def test_a_long_input_is_cut_in_the_echo() -> None:
    text = _bga(["x" * 5000, "7H " * 2000])
    assert "That line is 5,000 characters long ('xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx')" in text
    assert "That line is 5,999 characters long" in text
    assert "x" * 100 not in text and len(text) < 6000


def test_a_long_card_is_cut_in_the_error() -> None:
    text = _bga(["Q" * 150])
    assert "'QQQQQQQQQQQQQQQQQ...QQQQQQQQQQQQQQQQQQ' is not a card" in text


def test_plain_is_ascii_everywhere() -> None:
    text = _bga(["3H 5S", "", "1", "1", "1"], plain=True)
    assert text.isascii(), sorted({char for char in text if not char.isascii()})
    assert "+------" in text and "| seat |" in text and "|  > 0 |" in text
    fancy = _bga([], plain=False)
    assert "┏" in fancy and "▶" in fancy and "♠" in fancy


def test_plain_el_presidente_is_ascii() -> None:
    out = io.StringIO()
    elpresidente.play_match(
        players=4, seed=4, console=Console(file=out, width=200), read_line=_lines([""], "1", 30), plain=True
    )
    assert out.getvalue().isascii()
    assert "rank then suit (C D H S)" in " ".join(out.getvalue().split())


def _el_presidente(lines: list[str], seed: int = 4) -> str:
    """Seed 4: you attack first, holding 4C 4H 9H 10S."""
    out = io.StringIO()
    elpresidente.play_match(
        players=4, seed=seed, console=Console(file=out, width=200), read_line=_lines(lines, "1", 40), plain=True
    )
    return out.getvalue()


def test_el_presidente_reads_a_bare_card_where_one_action_fits_it() -> None:
    text = _el_presidente(["qh", "9h"])
    assert "No move now plays just those cards" in text
    assert "Seat 0 (you) attacks with 9H." in text
    pair = _el_presidente(["4h 4c"])
    assert "Seat 0 (you) attacks with 4H 4C." in pair, "the last card typed goes on top, as in the action's text"


def test_el_presidente_prints_every_seats_pass() -> None:
    text = _el_presidente(["9h"])
    passes = [line for line in text.splitlines() if line.endswith(" passes.")]
    assert any(line.startswith("Heuristic bot") for line in passes), "bots' passes in throw-in rounds"
    assert any(line.startswith("Seat 0 (you) passes.") for line in passes)


def test_el_presidente_empty_and_long_inputs_say_what_to_type() -> None:
    text = _el_presidente(["", "x" * 3000, "attack"])
    assert "Type a number from the list" in text
    assert "That line is 3,000 characters long" in text and "x" * 100 not in text
    assert "Name the cards to play" in text


def test_the_command_line_plain_play_is_ascii() -> None:
    result = runner.invoke(
        app, ["play", "--seed", "24", "--option", "target_score=3", "--plain"], input="help\n1\n", env={"COLUMNS": "80"}
    )
    assert result.exit_code == 0, result.output
    assert result.output.isascii()
    assert "Beat or equal KS (1 card), or pass." in result.output
