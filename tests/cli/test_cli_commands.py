"""The `presidente` command through typer's CliRunner: rules, play, replay, bench, serve, and its errors."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest
from typer.testing import CliRunner

from presidente.cli import app
from presidente.president import PRESETS, Position, Record, State, option_meanings

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
QUICK = ["--option", "target_score=3"]  # a bga match to 3 points: a few rounds


def test_rules_lists_every_preset_and_option() -> None:
    result = runner.invoke(app, ["rules"], env=WIDE)
    assert result.exit_code == 0, result.output
    for preset in PRESETS.values():
        assert preset.name in result.output
        assert preset.description in result.output
        assert all(alias in result.output for alias in preset.aliases)
    for option, meaning, _seed in option_meanings():
        assert option in result.output
        assert meaning.split()[0] in result.output


def test_rules_of_a_preset_show_every_value() -> None:
    result = runner.invoke(app, ["rules", "trump"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "trump-jokers" in result.output
    assert "credit_changes" in result.output and "5,0,-5,-10,-15" in result.output
    lines = dict(
        line[2:].split(" = ", 1) for line in result.output.splitlines() if line[:2] in ("  ", "* ") and " = " in line
    )
    assert lines["joker_mode"].split()[0] == "trump"
    assert lines["downfall"] == "off"
    assert {option for option, _, _ in option_meanings()} <= set(lines)


def test_an_unknown_preset_is_a_clear_error() -> None:
    result = runner.invoke(app, ["rules", "snap"])
    assert result.exit_code == 2
    assert "Unknown preset or option 'snap'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("equalize=sometimes", "equalize must be one of"),
        ("colour=red", "Unknown option 'colour'"),
        ("decks=two", "decks must be a whole number, not 'two'"),
        ("eight_rule=maybe", "eight_rule is on or off"),
        ("eight_rule", "Write an option as key=value"),
        ("jokers_per_deck=5", "jokers_per_deck must be a whole number from 0 to 2"),
    ],
)
def test_a_bad_option_prints_the_rules_error(option: str, message: str) -> None:
    result = runner.invoke(app, ["play", "--bots-only", "--seed", "1", "--option", option], env=WIDE)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_a_bad_table_size_and_an_unknown_bot_are_clear_errors() -> None:
    result = runner.invoke(app, ["play", "--bots-only", "--players", "9"], env=WIDE)
    assert result.exit_code == 2 and "not 9" in result.output
    result = runner.invoke(app, ["play", "--bots-only", "--bot", "genius"], env=WIDE)
    assert result.exit_code == 2 and "Unknown president bot 'genius'" in result.output
    result = runner.invoke(app, ["play", "--game", "poker"])
    assert result.exit_code == 2 and "Unknown game 'poker'" in result.output


def test_bots_only_match_is_saved_and_replays_to_the_end(tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    result = runner.invoke(app, ["play", "--bots-only", "--seed", "5", *QUICK, "--save", str(saved)], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "Round 1: 1st Seat" in result.output
    assert "Scores: Seat 0:" in result.output
    assert "Winner" in result.output
    record = Record.from_json(saved.read_text())
    assert json.loads(saved.read_text())["game"] == "president"
    assert record.final_state().is_over

    replayed = runner.invoke(app, ["replay", str(saved)], input="\na\n", env=WIDE)
    assert replayed.exit_code == 0, replayed.output
    assert f"{len(record.actions)} actions" in replayed.output
    assert "Cards are dealt" in replayed.output
    assert "Round 1: 1st Seat" in replayed.output
    # The replay announces the same rounds and winner as the match itself.
    winner = [line for line in result.output.splitlines() if line.startswith("Winner")]
    assert winner and winner[0] in replayed.output


def test_replay_views_quit_and_end_of_input(tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    runner.invoke(app, ["play", "--bots-only", "--seed", "2", *QUICK, "--save", str(saved)])
    seen_by_two = runner.invoke(app, ["replay", str(saved), "--seat", "2"], input="q\n", env=WIDE)
    assert seen_by_two.exit_code == 0
    assert "seen by seat 2" in seen_by_two.output and "Your hand (" in seen_by_two.output
    everything = runner.invoke(app, ["replay", str(saved), "--all"], input="", env=WIDE)  # end of input: stop
    assert everything.exit_code == 0
    assert "every hand shown" in everything.output and "Your hand" not in everything.output
    assert "Winner" not in everything.output
    both = runner.invoke(app, ["replay", str(saved), "--all", "--seat", "1"])
    assert both.exit_code == 2
    far = runner.invoke(app, ["replay", str(saved), "--seat", "7"])
    assert far.exit_code == 2 and "not 7" in far.output


def test_replay_refuses_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("[1, 2]")
    result = runner.invoke(app, ["replay", str(junk)])
    assert result.exit_code == 2 and "not a saved President or El Presidente match" in result.output
    result = runner.invoke(app, ["replay", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "Cannot read" in result.output


def test_bench_prints_rates() -> None:
    result = runner.invoke(app, ["bench", "--preset", "college", "--players", "5", "--games", "3"])
    assert result.exit_code == 0, result.output
    assert "president (college, 5 players): 3 rounds" in result.output
    assert "rounds/s" in result.output and "decisions/s" in result.output


def test_bench_takes_rule_options_as_play_does() -> None:
    args = ["bench", "--preset", "college", "--option", "decks=2", "-o", "eight_rule=off", "--games", "2"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "president (college decks=2 eight_rule=off, 4 players): 2 rounds" in result.output
    refused = runner.invoke(app, ["bench", "--option", "eight_rule=maybe"], env=WIDE)
    assert refused.exit_code == 2 and "eight_rule is on or off" in refused.output
    el_presidente = runner.invoke(app, ["bench", "--game", "el-presidente", "--option", "decks=2"], env=WIDE)
    assert el_presidente.exit_code == 2 and "El Presidente has no --option" in el_presidente.output


def test_play_saves_the_position_where_the_match_stops_and_plays_on_from_it(tmp_path: Path) -> None:
    stopped = tmp_path / "table.json"
    result = runner.invoke(app, ["play", "--seed", "5", "--save-position", str(stopped)], input="", env=WIDE)
    assert result.exit_code == 0, result.output
    assert "Match abandoned." in result.output and f"Position saved to {stopped}." in result.output
    position = Position.from_json(stopped.read_text())
    assert position.current_player == 0  # end of input came at the human's turn, seat 0

    finished = tmp_path / "end.json"
    args = ["play", "--position", str(stopped), "--bots-only", "--save-position", str(finished)]
    played_on = runner.invoke(app, args, env=WIDE)
    assert played_on.exit_code == 0, played_on.output
    assert "from a position" in played_on.output and "Winner" in played_on.output
    assert State.from_position(Position.from_json(finished.read_text())).is_over


def test_el_presidente_play_saves_its_position_too(tmp_path: Path) -> None:
    stopped = tmp_path / "table.json"
    args = ["play", "--game", "el-presidente", "--players", "3", "--seed", "2", "--save-position", str(stopped)]
    result = runner.invoke(app, args, input="", env=WIDE)
    assert result.exit_code == 0, result.output
    assert json.loads(stopped.read_text())["game"] == "el-presidente"
    played_on = runner.invoke(app, ["play", "--position", str(stopped), "--bots-only", "--bot", "random"], env=WIDE)
    assert played_on.exit_code == 0, played_on.output
    unwritable = runner.invoke(app, [*args[:-1], str(tmp_path / "missing" / "table.json")], input="", env=WIDE)
    assert unwritable.exit_code == 2 and "Cannot write" in unwritable.output


def test_el_presidente_play_save_and_replay_are_routed(tmp_path: Path) -> None:
    saved = tmp_path / "elp.json"
    args = ["play", "--game", "el-presidente", "--players", "4", "--teams", "2v2", "--seed", "3", "--bots-only"]
    result = runner.invoke(app, [*args, "--bot", "random", "--save", str(saved)], env=WIDE)
    assert result.exit_code == 0, result.output
    assert json.loads(saved.read_text())["game"] == "el-presidente"
    replayed = runner.invoke(app, ["replay", str(saved)], input="a\n", env=WIDE)
    assert replayed.exit_code == 0, replayed.output
    assert "Replay of" in replayed.output
    bench = runner.invoke(app, ["bench", "--game", "el-presidente", "--players", "2", "--games", "1"])
    assert bench.exit_code == 0 and "el-presidente (2 players): 1 rounds" in bench.output


def test_serve_calls_the_server_lazily(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, object]] = []
    server = types.ModuleType("presidente.server.main")
    server.serve = lambda **options: calls.append(options)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "presidente.server.main", server)
    result = runner.invoke(app, ["serve", "--port", "9001", "--database", "sqlite:///t.db"])
    assert result.exit_code == 0, result.output
    plain = {"log_json": False, "redis_url": None, "node": None, "uds": None}
    assert calls == [{"host": "127.0.0.1", "port": 9001, "database_url": "sqlite:///t.db", **plain}]
    result = runner.invoke(
        app, ["serve", "--redis", "redis://r/0", "--node", "n1", "--log-json", "--uds", "/run/presidente/n1.sock"]
    )
    assert result.exit_code == 0, result.output
    assert calls[1] == {
        "host": "127.0.0.1",
        "port": 8000,
        "database_url": None,
        "log_json": True,
        "redis_url": "redis://r/0",
        "node": "n1",
        "uds": "/run/presidente/n1.sock",
    }


def test_serve_without_the_server_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "presidente.server.main", None)  # makes the import fail
    result = runner.invoke(app, ["serve"])
    assert result.exit_code == 1
    assert "server is not available" in result.output


def test_arena_runs_a_tiny_duplicate_match_and_writes_results(tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    result = runner.invoke(
        app,
        ["arena", "--bots", "heuristic,random,random,random", "--deals", "2", "--workers", "1", "--out", str(out)],
        env=WIDE,
    )
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and out.exists()


def test_arena_refuses_an_unknown_bot() -> None:
    result = runner.invoke(app, ["arena", "--bots", "genius,random", "--deals", "1"], env=WIDE)
    assert result.exit_code == 2 and "genius" in result.output


def test_bots_play_a_whole_match_with_2_to_the_51_decks() -> None:
    """Seed 002's largest deck option, played from the terminal by bots to the end."""
    options = ["--option", "decks=2251799813685248", "--option", "rounds=1"]
    for bot in ("heuristic", "auto"):  # random play would take ~10^15 moves to empty such a hand
        args = ["play", "--preset", "victorz", "--players", "4", *options, "--bots-only", "--seed", "3", "--bot", bot]
        result = runner.invoke(app, args, env=WIDE)
        assert result.exit_code == 0, result.output
        assert "Winner:" in result.output, result.output[-500:]
