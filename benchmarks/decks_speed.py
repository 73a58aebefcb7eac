"""What a table of many decks costs the server: events per second and frame sizes by deck count, on the sans-I/O
`Table` the server's actor runs (no sockets), so the server's bound on `decks` can be chosen from figures.

    .venv/bin/python benchmarks/decks_speed.py
    .venv/bin/python benchmarks/decks_speed.py --decks 1 4 16 64 --seconds 2

Each table is the load's (`table_speed.py`): 4 seats, seat 0 a person connected with one spectator beside, seats
1-3 the bots auto, random, auto, with `decks` set; the person plays its first offered move as soon as it is its
turn. An event is one numbered update sent to both connections; its cost is the table's: the engine's move, the
bots' choices, the words, and both connections' views encoded. Each deck count plays for `--seconds` of CPU time
(or `--events` events), and prints events per second, the mean and the slowest event, and the mean and largest
frame. CPU time of this process, so other processes on a shared machine count less.
"""

from __future__ import annotations

import argparse
import time

from presidente.server import protocol as p
from presidente.server.games import check_options
from presidente.server.table import Player, Seat, Table, TableConfig

BOTS = ["auto", "random", "auto"]
DECKS = [1, 2, 4, 8, 16, 32, 64, 256, 4096, 2**20, 2**51]


def table(preset: str, decks: int, seed: int, bots: list[str]) -> Table:
    checked = check_options("president", preset, {"decks": decks, "rounds": 0, "target_score": 10_000}, 4)
    config = TableConfig(f"d{seed}", "decks", "president", checked.preset, checked.options, 4, seed, checked.turn_time)
    seats = [Seat("empty"), *(Seat("bot", bot=bot) for bot in bots)]
    made = Table(config, seats, now=0.0, intermission=0.0, bot_delay=0.0)
    made.connect(1, Player("p", "Pat"), None, 0.0)
    made.handle(1, p.Sit(type="sit", seat=0), 0.0)
    made.connect(2, None, None, 0.0)
    return made


def measure(
    preset: str, decks: int, bots: list[str], seconds: float, events_wanted: int
) -> tuple[int, float, float, float, int]:
    """Events, CPU seconds, the slowest event's seconds, mean and largest frame in bytes."""
    events = size = largest = 0
    elapsed = slowest = 0.0
    now, seed = 1.0, 0
    made = table(preset, decks, seed, bots)
    while elapsed < seconds and events < events_wanted:
        if made.game.is_over(made.state):
            seed += 1
            made = table(preset, decks, seed, bots)
        now += 1.0
        start = time.process_time()
        if made.game.current_player(made.state) == 0:
            legal = made.game.view(made.state, 0)["legal"]
            effects = made.handle(1, p.Act(type="act", action=legal[0]), now)
        else:
            effects = made.tick(now)
        spent = time.process_time() - start
        sent = [frame for _, frame in effects.send]
        count = sum(1 for conn, _ in effects.send if conn == 2)
        if count:
            elapsed += spent
            slowest = max(slowest, spent / count)
            events += count
            size += sum(len(frame) for frame in sent)
            largest = max(largest, *(len(frame) for frame in sent))
    return events, elapsed, slowest, size / max(1, 2 * events), largest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decks", type=int, nargs="+", default=DECKS)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per deck count (at most)")
    parser.add_argument("--events", type=int, default=3000, help="events per deck count (at most)")
    parser.add_argument("--preset", default="bga", help="the table's preset (its other options as they are)")
    parser.add_argument("--bots", nargs=3, default=BOTS, help="the bots of seats 1-3 (the server's names)")
    args = parser.parse_args()
    print(f"{'decks':>16} {'events':>7} {'events/s':>9} {'mean ms':>8} {'max ms':>8} {'mean KB':>8} {'max KB':>8}")
    for decks in args.decks:
        events, elapsed, slowest, mean_size, largest = measure(args.preset, decks, args.bots, args.seconds, args.events)
        rate = events / elapsed if elapsed else float("inf")
        print(
            f"{decks:>16} {events:>7} {rate:>9.0f} {1e3 * elapsed / max(1, events):>8.2f} {1e3 * slowest:>8.1f}"
            f" {mean_size / 1024:>8.1f} {largest / 1024:>8.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
