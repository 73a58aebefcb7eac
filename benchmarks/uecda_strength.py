"""Our bots against programs nobody here wrote: one of our bots and four official UECda sample clients on the
official server `tndhms` (issue 12, "Strength against the outside world").

For each bot, one match of N games: our bot plays through `presidente uecda play`'s client in one seat, four
sample clients (`client` from the official development kit) in the others. tndhms prints each game's ranks; the
script prints each seat's mean points per game (5 Daifugo ... 1 Daihinmin) with a 95% interval and its share of
games won (Daifugo). A uniform share is 20% and 3 points per game. Beside each match: our bot's time per move (CPU
time of the thread that decides, and wall time) and the machine's load average before and after (a bot with a time
budget on the wall clock gets less computing on a loaded machine; `strong:clock=cpu` counts CPU time instead).

`.venv/bin/python benchmarks/uecda_strength.py [games] [bots ...] [--repeat N]` — defaults: 1000 games; heuristic,
ismcts:time=0.1 and cardsearch (time=0.1); `--repeat N` plays the bots' matches in turn N times (variants
alternated on the same machine load) and pools each bot's games at the end.
The official programs are built with ../shared/uecda/build.sh into a temporary folder (UECDA_DIR: elsewhere).
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from bot_strength import load

from presidente.arena import mean_interval
from presidente.uecda import client
from presidente.uecda.client import MatchResult, play_match
from presidente.uecda.protocol import Table

SOURCES = Path(os.environ.get("UECDA_DIR", Path(__file__).resolve().parents[2] / "shared" / "uecda"))
RANKS = ("daihugou", "hugou", "heimin", "himmin", "daihinnmin")
DEFAULT_BOTS = ["heuristic", "ismcts:time=0.1", "cardsearch:time=0.1"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def build(folder: Path) -> None:
    subprocess.run(["bash", str(SOURCES / "build.sh"), str(folder)], check=True, capture_output=True)


def listening(port: int) -> bool:
    wanted = f":{port:04X}"
    lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
    return any(line.split()[1].endswith(wanted) and line.split()[3] == "0A" for line in lines)


def run_match(folder: Path, bot: str, games: int) -> tuple[list[list[int]], list[str], int]:
    """One match: the finishing orders (player numbers) of every game, the players' names, our player number."""
    config = folder / f"bench-{games}.cfg"
    lines = (folder / "tndhms.cfg").read_text().splitlines()
    config.write_text("\n".join(f"GAME_NUMBER\t{games}" if x.startswith("GAME_NUMBER") else x for x in lines) + "\n")
    port = free_port()
    # tndhms prints a dozen lines a game: into a file, since a pipe nobody reads until the end would fill and stop it.
    log = folder / f"bench-{port}.log"
    with log.open("w") as sink:
        server = subprocess.Popen(
            [str(folder / "tndhms"), "-c", str(config), "-p", str(port)],
            cwd=folder,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    while not listening(port):
        time.sleep(0.05)
    result: list[MatchResult] = []
    ours = threading.Thread(target=lambda: result.append(play_match("127.0.0.1", port, bot, "ours", seed=1)))
    ours.start()
    time.sleep(0.5)  # our client connects first: player 0
    samples = [
        subprocess.Popen(
            [str(folder / "client"), "-p", str(port), "-n", f"sample{i}"], cwd=folder, stdout=subprocess.DEVNULL
        )
        for i in range(1, 5)
    ]
    ours.join()
    server.wait()
    output = log.read_text()
    for sample in samples:
        sample.wait()
    orders = []
    for text in output.split("================ game")[1:]:
        found = [re.search(rf"^{name}\s+(\d+)", text, re.M) for name in RANKS]
        orders.append([int(match[1]) for match in found if match])
    names = ["ours", "sample1", "sample2", "sample3", "sample4"]
    return orders, names, result[0].number


class MoveClock:
    """Our client's decisions, timed: `Player.decide` wrapped while a match runs (the client plays in a thread of
    this process, the server and sample clients in their own)."""

    def __init__(self) -> None:
        self.moves = 0
        self.cpu = 0.0
        self.wall = 0.0

    def __enter__(self) -> MoveClock:
        decide = self.decide = client.Player.decide

        def timed(player: client.Player, view: client.SeatView) -> Table:
            cpu, wall = time.thread_time(), time.perf_counter()
            try:
                return decide(player, view)
            finally:
                self.cpu += time.thread_time() - cpu
                self.wall += time.perf_counter() - wall
                self.moves += 1

        client.Player.decide = timed  # type: ignore[method-assign,assignment]
        return self

    def __exit__(self, *_: object) -> None:
        client.Player.decide = self.decide  # type: ignore[method-assign]

    def line(self) -> str:
        moves = max(1, self.moves)
        cpu, wall = 1000 * self.cpu / moves, 1000 * self.wall / moves
        return f"{self.moves} moves, {cpu:.1f} ms of CPU and {wall:.1f} ms of wall time a move"


def report(bot: str, orders: list[list[int]], number: int, seconds: float, timing: str = "") -> None:
    games = len(orders)
    print(f"\n{bot} in one seat, four sample clients: {games} games in {seconds:.0f} s")
    if timing:
        print(timing)
    print(f"{'player':<22}{'points/game':>12}{'95% interval':>18}{'won':>8}")
    for player in range(5):
        points = [5.0 - order.index(player) for order in orders]
        wins = sum(1 for order in orders if order[0] == player)
        mean, (low, high) = mean_interval(points)
        label = f"{player} ({'ours: ' + bot if player == number else 'sample client'})"
        print(f"{label:<22}{mean:>12.3f}{f'{low:.3f} to {high:.3f}':>18}{wins / games:>8.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("games", type=int, nargs="?", default=1000, help="games per bot (default 1000)")
    parser.add_argument("bots", nargs="*", default=DEFAULT_BOTS, help=f"our bots (default {' '.join(DEFAULT_BOTS)})")
    parser.add_argument(
        "--repeat", type=int, default=1, help="play the bots' matches in turn this many times, then pool each bot's"
    )
    arguments = parser.parse_args()
    games, bots = arguments.games, arguments.bots
    pooled: dict[str, list[float]] = {bot: [] for bot in bots}
    with tempfile.TemporaryDirectory() as folder:
        build(Path(folder))
        for bot in [bot for _ in range(arguments.repeat) for bot in bots]:
            start, before = time.monotonic(), load()
            with MoveClock() as clock:
                orders, _, number = run_match(Path(folder), bot, games)
            timing = f"ours: {clock.line()}; {before} before, {load()} after"
            report(bot, orders, number, time.monotonic() - start, timing)
            pooled[bot] += [5.0 - order.index(number) for order in orders]
    if arguments.repeat > 1:
        print("\npooled over the repeats:")
        for bot, points in pooled.items():
            mean, (low, high) = mean_interval(points)
            won = sum(point == 5 for point in points) / len(points)
            interval = f"({low:.3f} to {high:.3f})"
            print(f"{bot:<40}{len(points):>6} games {mean:>8.3f} {interval} {won:>7.1%} won")


if __name__ == "__main__":
    main()
