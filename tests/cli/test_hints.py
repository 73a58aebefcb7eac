"""Hints in the terminal match: what the strongest bot would play, on request."""

from rich.console import Console

from presidente.terminal import president as terminal


def test_hint_shows_the_strongest_bots_move_and_the_match_goes_on() -> None:
    lines = iter(["hint", "1"])
    console = Console(record=True, width=120)

    def read_line(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    terminal.play_match(preset="bga", players=4, seed=3, console=console, read_line=read_line, hints=True)
    text = console.export_text()
    assert "Hint: " in text
    assert "Match abandoned." in text
