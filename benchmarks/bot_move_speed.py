"""What a server bot's move costs the engine, without the table around it: `PresidentGame.bot_action` on the
positions where `cluster_load.py`'s bots move (victorz, 4 seats: a person on seat 0, then auto, random, auto),
and the engine's listing of the legal plays on every play position (leading, and following a trick).

    .venv/bin/python benchmarks/bot_move_speed.py                    # this checkout alone
    .venv/bin/python benchmarks/bot_move_speed.py --against HEAD~3   # and a peer: that commit, in a git worktree

Each side runs in a process of its own, `--repeats` times, alternated; each figure is the best of 5 passes over
the positions in CPU time (other processes on a shared machine then count less), each position's kept plays
forgotten before every call (the server asks for them first in the bot's move). Each side also prints a digest
of the bots' moves and of the listed plays: a change meant to leave behaviour alone must leave both digests as
they were. Compare the ratios (microseconds follow the machine).
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import subprocess
import sys
from pathlib import Path

import peer_tree
from table_speed import LOAD_TABLE

# Run in a child process whose sys.path starts with the tree being measured.
WORKLOAD = (
    """
import hashlib, random, sys, time
from presidente.president.position import Phase
from presidente.server.games import PresidentGame

"""
    + LOAD_TABLE
    + """
tables, steps = int(sys.argv[1]), int(sys.argv[2])
bot_cases, leads, follows = [], [], []
now = 1.0
for seed in range(tables):
    made = table(seed)
    for _ in range(steps):
        now += 1.0
        state = made.state
        mover = state.current
        if state.phase is Phase.PLAY and state.owed is None and mover is not None:
            (follows if state.trick_size else leads).append(state.clone())
        if mover == 0:
            made.handle(1, p.Act(type="act", action=made.game.view(state, 0)["legal"][0]), now)
            continue
        if mover is not None and mover in made.bots:
            bot_cases.append((state.clone(), mover, made.bots[mover]))
        made.tick(now)

game = PresidentGame()
digest = hashlib.sha256()
for index, (state, seat, bot) in enumerate(bot_cases):
    digest.update(game.bot_action(state, seat, bot, random.Random(index)).encode())
for state in leads + follows:
    digest.update(repr(state._legal_plays()).encode())

def best(run):
    return min(run() for _ in range(5))

def bot_moves():
    rngs = [random.Random(index) for index in range(len(bot_cases))]
    start = time.process_time()
    for (state, seat, bot), rng in zip(bot_cases, rngs):
        state._plays = None
        game.bot_action(state, seat, bot, rng)
    return (time.process_time() - start) / len(bot_cases)

def listing(states):
    def run():
        start = time.process_time()
        for state in states:
            state._legal_plays()
        return (time.process_time() - start) / len(states)
    return run

print(1e6 * best(bot_moves), 1e6 * best(listing(leads)), 1e6 * best(listing(follows)), digest.hexdigest()[:16])
"""
)

FIGURES = ("bot move", "listing, leading", "listing, following")


def measure(tree: Path, tables: int, steps: int) -> tuple[list[float], str]:
    """Microseconds per bot move, per lead listing and per follow listing, and the digest: one run in `tree`."""
    out = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(tree)!r})\n{WORKLOAD}", str(tables), str(steps)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return [float(value) for value in out[:3]], out[3]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", help="a git revision to measure beside this checkout")
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--steps", type=int, default=300, help="ticks or moves per table")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    with contextlib.ExitStack() as stack:
        sides = peer_tree.sides(stack, here, args.against, "bot-move-speed-")
        runs: dict[str, list[tuple[list[float], str]]] = {name: [] for name in sides}
        for _ in range(args.repeats):
            for name, tree in sides.items():
                runs[name].append(measure(tree, args.tables, args.steps))
    print(f"{args.tables} tables x {args.steps} steps, {args.repeats} runs per side, alternated (median of runs)")
    medians: dict[str, list[float]] = {}
    for name, results in runs.items():
        medians[name] = [statistics.median(figures[i] for figures, _ in results) for i in range(len(FIGURES))]
        shown = ", ".join(f"{label} {value:.2f} us" for label, value in zip(FIGURES, medians[name], strict=True))
        print(f"{name}: {shown}; digest {' '.join(sorted({digest for _, digest in results}))}")
    if args.against:
        ratios = ", ".join(
            f"{label} {new / old:.2f}"
            for label, new, old in zip(FIGURES, medians["this checkout"], medians[args.against], strict=True)
        )
        print(f"ratio this checkout / {args.against}: {ratios}")


if __name__ == "__main__":
    main()
