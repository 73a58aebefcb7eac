"""Interoperability: our `presidente uecda play` clients on the official server `tndhms`, the official sample
clients on `presidente uecda serve`, and tables mixing both (issue 12: matches of at least 200 games)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from uecda_helpers import Official, free_port, wait_listening

from presidente.president import Record

LONG_MATCH = 200
SHORT_MATCH = 20
# Points per game: 5 + 4 + 3 + 2 + 1.
POINTS_PER_GAME = 15


def presidente(*arguments: str) -> list[str]:
    return [sys.executable, "-c", "from presidente.cli import main; main()", *arguments]


def our_client(port: int, name: str, bot: str = "heuristic") -> subprocess.Popen[str]:
    command = presidente("uecda", "play", "--port", str(port), "--bot", bot, "--name", name, "--seed", "1")
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def our_server(port: int, games: int, record: Path, seats: str = "") -> subprocess.Popen[str]:
    command = presidente("uecda", "serve", "--port", str(port), "--games", str(games), "--seed", "3")
    command += ["--record", str(record), *(["--seats", seats] if seats else [])]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wait_listening(port, process)
    return process


def finish(process: subprocess.Popen[str], timeout: float = 240) -> str:
    output, _ = process.communicate(timeout=timeout)
    assert process.returncode == 0, output
    return output


def final_points(output: str) -> list[int]:
    """The last running-points line both servers print after each game."""
    lines = [line for line in output.splitlines() if re.fullmatch(r"\d+ \d+ \d+ \d+ \d+", line.strip())]
    return [int(value) for value in lines[-1].split()]


def test_five_of_our_clients_finish_a_long_match_on_tndhms(official: Official, processes: list) -> None:
    port = free_port()
    server = official.server(port, LONG_MATCH)
    clients = [our_client(port, f"ours{index}") for index in range(5)]
    processes += [server.process, *clients]
    outputs = [finish(client) for client in clients]
    server_output = server.output(60)
    # Our clients read tndhms's tables as tndhms does (a group's joker included): no play refused, no safe move
    # (a move or a give the engine could not set up), and rows 5-6 of every table as the client tracked the game
    # from the cards by UECda's rules.
    for index, output in enumerate(outputs):
        summary = f"ours{index}: {LONG_MATCH} games, 0 plays refused, 0 safe moves, 0 tables with rows 5-6 not as"
        assert summary in output, output
    assert "All games are overed" in server_output
    assert server_output.count("================ game") == LONG_MATCH
    assert sum(final_points(server_output)) == POINTS_PER_GAME * LONG_MATCH


def test_five_sample_clients_finish_a_long_match_on_our_server(
    official: Official, processes: list, tmp_path: Path
) -> None:
    port = free_port()
    record = tmp_path / "match.json"
    server = our_server(port, LONG_MATCH, record)
    clients = [official.client(port, f"sample{index}") for index in range(5)]
    processes += [server, *clients]
    output = finish(server)
    for client in clients:
        assert client.wait(30) == 0
    assert output.count("================ game") == LONG_MATCH
    assert sum(final_points(output)) == POINTS_PER_GAME * LONG_MATCH
    # The match is our record: it replays to its end, game by game.
    state = Record.from_json(record.read_text()).final_state()
    assert state.is_over and len(state.results) == LONG_MATCH


def test_a_mixed_table_on_tndhms(official: Official, processes: list) -> None:
    port = free_port()
    tndhms = official.server(port, SHORT_MATCH)
    clients = [
        our_client(port, "ours0"),
        official.client(port, "sample1"),
        our_client(port, "ours2", "ismcts:time=0.02"),
    ]
    clients += [official.client(port, "sample3"), official.client(port, "sample4")]
    processes += [tndhms.process, *clients]
    for client in clients:
        client.wait(120)
        assert client.returncode == 0
    output = tndhms.output(60)
    assert output.count("================ game") == SHORT_MATCH
    assert sum(final_points(output)) == POINTS_PER_GAME * SHORT_MATCH


def test_a_mixed_table_on_our_server(official: Official, processes: list, tmp_path: Path) -> None:
    port = free_port()
    record = tmp_path / "match.json"
    server = our_server(port, SHORT_MATCH, record, seats="heuristic,ismcts:time=0.02")
    ours = our_client(port, "ours1")
    clients = [official.client(port, "sample0"), ours, official.client(port, "sample2")]
    processes += [server, *clients]
    output = finish(server)
    for client in clients:
        client.wait(30)
        assert client.returncode == 0
    # Our client reads the table as our server's engine does: none of its plays is refused, no move is a fallback.
    summary = f"ours1: {SHORT_MATCH} games, 0 plays refused, 0 safe moves, 0 tables with rows 5-6 not as tracked"
    assert summary in finish(ours)
    assert output.count("================ game") == SHORT_MATCH
    assert sum(final_points(output)) == POINTS_PER_GAME * SHORT_MATCH
    assert Record.from_json(record.read_text()).final_state().is_over
