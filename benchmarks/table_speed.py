"""What one table event costs the server's table core, without sockets: `cluster_load.py`'s tables played on the
sans-I/O `Table`, beside the same tables on another revision of the code, alternated in one run.

    .venv/bin/python benchmarks/table_speed.py                    # this checkout alone
    .venv/bin/python benchmarks/table_speed.py --against HEAD~3   # and a peer: that commit, in a git worktree

The tables are the load's: victorz, 4 seats, a long match; seat 0 a person connected with one spectator
beside, seats 1-3 the bots auto, random, auto; the person plays its first legal move as soon as it is its turn.
An event is one numbered update (a move, or the table's own news) sent to both connections; its cost is the
table's: the engine's move, the bots' choices, the words and the views of both connections, encoded. Each side
runs in a process of its own, `--repeats` times, alternating; the figure is each side's median, and the ratio
is what to compare between changes. Time is the process's CPU time, so that other processes on a shared machine count
less (the microseconds still follow the machine's speed).
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import subprocess
import sys
from pathlib import Path

import peer_tree

# One of the load's tables (cluster_load.py's), as source for the child processes below; bot_move_speed.py uses it too.
LOAD_TABLE = """
from presidente.server import protocol as p
from presidente.server.games import check_options
from presidente.server.table import Player, Seat, Table, TableConfig

def table(seed):
    checked = check_options("president", "victorz", {"rounds": 0, "target_score": 10_000}, 4)
    config = TableConfig(f"t{seed}", "load", "president", checked.preset, checked.options, 4, seed, checked.turn_time)
    seats = [Seat("empty"), Seat("bot", bot="auto"), Seat("bot", bot="random"), Seat("bot", bot="auto")]
    made = Table(config, seats, now=0.0, intermission=0.0, bot_delay=0.0)
    made.connect(1, Player("p", "Pat"), None, 0.0)
    made.handle(1, p.Sit(type="sit", seat=0), 0.0)
    made.connect(2, None, None, 0.0)
    return made
"""

# Run in a child process whose sys.path starts with the tree being measured.
WORKLOAD = (
    """
import statistics, sys, time
"""
    + LOAD_TABLE
    + """
tables, steps = int(sys.argv[1]), int(sys.argv[2])
events = size = 0
now = 1.0

def play(made, steps):
    global now, events, size
    for _ in range(steps):
        now += 1.0
        if made.game.current_player(made.state) == 0:
            legal = made.game.view(made.state, 0)["legal"]
            effects = made.handle(1, p.Act(type="act", action=legal[0]), now)
        else:
            effects = made.tick(now)
        for conn, frame in effects.send:
            events += conn == 2
            size += len(frame)

# Imports and caches warmed: the first bot a table makes imports the bots' registry (and what it imports, numba
# for the strong bot), which is no table event's cost.
play(table(0), 20)
events = size = 0
start = time.process_time()
for seed in range(tables):
    play(table(seed), steps)
elapsed = time.process_time() - start
print(f"{1e6 * elapsed / events:.1f} {events} {size / max(1, 2 * events):.0f}")
"""
)


def measure(tree: Path, tables: int, steps: int) -> tuple[float, int, float]:
    """Microseconds per event, events, mean frame size in bytes: one run on the code in `tree`."""
    out = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(tree)!r})\n{WORKLOAD}", str(tables), str(steps)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return float(out[0]), int(out[1]), float(out[2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", help="a git revision to measure beside this checkout")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--steps", type=int, default=300, help="ticks or moves per table")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    with contextlib.ExitStack() as stack:
        sides = peer_tree.sides(stack, here, args.against, "table-speed-")
        runs: dict[str, list[tuple[float, int, float]]] = {name: [] for name in sides}
        for _ in range(args.repeats):
            for name, tree in sides.items():
                runs[name].append(measure(tree, args.tables, args.steps))
    print(f"{args.tables} tables x {args.steps} steps, {args.repeats} runs per side, alternated")
    medians = {}
    for name, results in runs.items():
        medians[name] = statistics.median(r[0] for r in results)
        print(
            f"{name}: {medians[name]:.1f} us per table event (runs: {', '.join(f'{r[0]:.0f}' for r in results)});"
            f" {results[0][1]} events, frames {results[0][2]:.0f} bytes on average"
        )
    if args.against:
        print(f"ratio this checkout / {args.against}: {medians['this checkout'] / medians[args.against]:.2f}")


if __name__ == "__main__":
    main()
