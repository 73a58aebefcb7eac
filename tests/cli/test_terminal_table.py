"""The terminal reads like a card table: suit symbols (hearts and diamonds in red), the trick as a row of plays
by seat, the legal plays grouped by rank; `--plain` keeps the ASCII screen. Positions open from a file."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from presidente.cli import app
from presidente.elpresidente import Rules as ElpRules
from presidente.elpresidente import State as ElpState
from presidente.president import PASS, Play, find_preset, new_game, parse_action
from presidente.president.state import Phase, State
from presidente.terminal.look import Look
from presidente.terminal.president import _by_rank, play_match, show_view

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def _lines(first: list[str]) -> object:
    queue = iter(first)

    def read_line(prompt: str) -> str:
        line = next(queue, None)
        if line is None:
            raise EOFError
        return line

    return read_line


def _mid_trick(seed: int = 7) -> State:
    """A bga table where the human (seat 0) is to move with plays on the pile."""
    state = new_game(find_preset("bga"), 4, seed)
    while not (state.current_player == 0 and state.trick):
        state.apply(state.legal_actions()[-1] if state.current_player else state.legal_actions()[0])
    return state


def test_cards_show_suit_symbols_with_hearts_and_diamonds_red() -> None:
    look = Look()
    assert look.text("10H 10S QD AC JK") == "[red]10♥[/red] 10♠ [red]Q♦[/red] A♣ JK"
    assert look.text("Seat 3 gives 2 cards to seat 1.") == "Seat 3 gives 2 cards to seat 1."
    assert look.text("3Hx6") == "[red]3♥[/red]x6"
    assert Look(plain=True).text("10H 10S") == "10H 10S"


def test_the_trick_is_a_row_of_plays_by_seat() -> None:
    state = _mid_trick()
    out = io.StringIO()
    show_view(Console(file=out, width=160, color_system=None), state, [f"Seat {s}" for s in range(4)], 0, False)
    text = out.getvalue()
    assert "Trick (" in text
    header = next(line for line in text.splitlines() if "▶ Seat 0" in line and "Seat 3" in line)
    assert [name for name in re.findall(r"Seat \d", header)] == ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]
    top = state.trick[-1][1]
    assert Look().text(str(top)).replace("[red]", "").replace("[/red]", "") in text
    assert "this trick" not in text and "Pile" not in text


def test_legal_plays_are_grouped_by_rank_weakest_first() -> None:
    plays = [PASS, Play.parse("AS"), Play.parse("3C"), Play.parse("3D"), Play.parse("3C 3D"), Play.parse("JK")]
    assert _by_rank(plays, reversed_order=False) == [
        ("", [PASS]),
        ("3", plays[2:5]),
        ("A", [plays[1]]),
        ("JK", [plays[5]]),
    ]
    assert [label for label, _ in _by_rank(plays, reversed_order=True)] == ["", "A", "3", "JK"]


def test_a_number_picks_the_play_shown_beside_it() -> None:
    out = io.StringIO()
    record = play_match(
        "bga", 4, ("target_score=3",), seed=7, console=Console(file=out, width=160), read_line=_lines(["2"])
    )
    text = out.getvalue()
    shown = re.search(r" 2\) (.+?) *(?:   |\n)", text)
    assert shown is not None
    state = new_game(record.rules, 4, record.seed)
    for seat, mine in record.actions:
        if seat == 0 and state.offered_actions() != [PASS]:
            break  # the first move seat 0 was asked for
        state.apply(parse_action(mine), seat)
    assert Look().text(mine).replace("[red]", "").replace("[/red]", "") == shown[1].strip()


def test_plain_and_table_screens_are_the_same_match() -> None:
    plain, table = io.StringIO(), io.StringIO()
    first = play_match("bga", 4, seed=3, console=Console(file=plain, width=160), read_line=_lines([]), plain=True)
    second = play_match("bga", 4, seed=3, console=Console(file=table, width=160), read_line=_lines([]))
    assert first == second
    assert "♠" in table.getvalue() or "♣" in table.getvalue()
    assert not any(symbol in plain.getvalue() for symbol in "♣♦♥♠")


def _position_file(tmp_path: Path) -> tuple[Path, State]:
    state = _mid_trick()
    path = tmp_path / "position.json"
    path.write_text(state.to_position().to_json(), encoding="utf-8")
    return path, state


def test_play_opens_a_position_and_saves_the_position_reached(tmp_path: Path) -> None:
    path, _ = _position_file(tmp_path)
    reached = tmp_path / "reached.json"
    args = ["play", "--position", str(path), "--bots-only", "--bot", "heuristic", "--save", str(reached)]
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 0, result.output
    assert "from a position" in result.output and "Winner" in result.output
    assert json.loads(reached.read_text())["format"] == "presidente-position/1"
    refused = runner.invoke(app, ["play", "--position", str(path), "--preset", "college"], env=WIDE)
    assert refused.exit_code == 2 and "A position holds its rules" in refused.output


def test_replay_opens_a_position_then_bots_play_it_on(tmp_path: Path) -> None:
    path, state = _position_file(tmp_path)
    result = runner.invoke(app, ["replay", "--position", str(path), "--seat", "0"], input="\nq\n", env=WIDE)
    assert result.exit_code == 0, result.output
    assert f"round {state.round_number}" in result.output and "Your hand (" in result.output
    assert "   1. " in result.output  # one bot move made, then stopped
    everything = runner.invoke(app, ["replay", "--position", str(path), "--all", "--plain"], input="a\n", env=WIDE)
    assert everything.exit_code == 0, everything.output
    assert "Winner" in everything.output
    neither = runner.invoke(app, ["replay"], env=WIDE)
    assert neither.exit_code == 2 and "--position" in neither.output
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"format": "presidente-position/1", "game": "president"}))
    refused = runner.invoke(app, ["replay", "--position", str(broken)], env=WIDE)
    assert refused.exit_code == 2 and "Traceback" not in refused.output


def test_el_presidente_positions_open_too(tmp_path: Path) -> None:
    path = tmp_path / "elp.json"
    path.write_text(ElpState(ElpRules(players=3), seed=4).to_position().to_json(), encoding="utf-8")
    played = runner.invoke(app, ["play", "--position", str(path), "--bots-only", "--bot", "random"], env=WIDE)
    assert played.exit_code == 0, played.output
    shown = runner.invoke(app, ["replay", "--position", str(path)], input="\na\n", env=WIDE)
    assert shown.exit_code == 0, shown.output
    assert "Position: El Presidente" in shown.output and "Battle pile" in shown.output


def test_a_position_in_the_transfer_opens_at_the_card_choice(tmp_path: Path) -> None:
    rules = find_preset("bga").replace(target_score=0, rounds=3)
    state = new_game(rules, 4, 2)
    while state.phase is not Phase.EXCHANGE:
        state.apply(state.legal_actions()[0])
    path = tmp_path / "transfer.json"
    path.write_text(state.to_position().to_json(), encoding="utf-8")
    seat = state.current_player
    result = runner.invoke(app, ["play", "--position", str(path), "--seat", str(seat)], input="1\n", env=WIDE)
    assert result.exit_code == 0, result.output
    assert "Card transfer: choose" in result.output
