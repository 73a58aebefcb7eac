"""`presidente uecda serve` and `presidente uecda play` refuse bad options with a clear message and exit code 2."""

from __future__ import annotations

from typer.testing import CliRunner
from uecda_helpers import free_port

from presidente.cli import app

runner = CliRunner()


def test_an_unknown_bot_for_a_seat_is_refused_before_anything_listens() -> None:
    result = runner.invoke(app, ["uecda", "serve", "--port", str(free_port()), "--seats", "clever"])
    assert result.exit_code == 2
    assert "Unknown president bot 'clever'" in result.output


def test_more_bots_than_seats_are_refused() -> None:
    result = runner.invoke(app, ["uecda", "serve", "--port", str(free_port()), "--seats", ",".join(["random"] * 6)])
    assert result.exit_code == 2
    assert "5 seats" in result.output


def test_a_match_needs_a_game() -> None:
    result = runner.invoke(app, ["uecda", "serve", "--games", "0"])
    assert result.exit_code == 2


def test_playing_where_no_server_listens_says_so() -> None:
    result = runner.invoke(app, ["uecda", "play", "--port", str(free_port()), "--bot", "heuristic"])
    assert result.exit_code == 2
    assert "refused" in result.output.lower()


def test_an_unknown_bot_option_is_refused() -> None:
    result = runner.invoke(app, ["uecda", "play", "--port", str(free_port()), "--bot", "ismcts:speed=9"])
    assert result.exit_code == 2
    assert "Unknown ismcts option 'speed'" in result.output
