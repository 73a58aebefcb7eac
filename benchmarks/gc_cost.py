"""What garbage collection costs a loaded server process, under each way of running the collector: the load's
tables (`table_speed.LOAD_TABLE`), 2,000 of them in one process taking turns as a busy server's do, played under
each setting in a process of its own, alternated; CPU time per table event and the collections' own CPU time.

    .venv/bin/python benchmarks/gc_cost.py                 # 2,000 tables, 6 events each per run, 3 runs a setting
    .venv/bin/python benchmarks/gc_cost.py --tables 500 --repeats 5

Settings:
- `interpreter`: the interpreter's thresholds (700, 10, 10), nothing frozen.
- `server-before`: the server's settings before this benchmark (700, 2, 1,000,000), and every 10,000 events the
  young generations collected and the heap frozen (`gc.collect(1)`, `gc.freeze()`).
- `server`: `app._keep_heap` as it is: its thresholds, and every 10,000 events the heap frozen.
- `disabled`: no collection at all, the floor.
(10,000 events is about ten seconds of a process at 2,000 tables, `app.HEAP_FREEZE`.)
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

import table_speed

ROOT = Path(__file__).resolve().parent.parent
FREEZE_EVERY = 10_000
SETTINGS = ("interpreter", "server-before", "server", "disabled")

WORKLOAD = (
    """
import gc, sys, time
"""
    + table_speed.LOAD_TABLE
    + """
from presidente.server.app import NEVER, YOUNG_COLLECTION
setting, tables_count, steps, freeze_every = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
tables = [table(seed) for seed in range(tables_count)]
now = 1.0

def step(made):
    global now
    now += 1.0
    if made.game.current_player(made.state) == 0:
        legal = made.game.view(made.state, 0)["legal"]
        return made.handle(1, p.Act(type="act", action=legal[0]), now)
    return made.tick(now)

for made in tables:  # some history behind every table, as on a server that has run a while
    for _ in range(20):
        step(made)
gc.collect()
collections, gc_seconds, longest, started_at = [0], [0.0], [0.0], [0.0]

def timed(phase, info):
    if phase == "start":
        started_at[0] = time.thread_time()
    else:
        spent = time.thread_time() - started_at[0]
        collections[0] += 1
        gc_seconds[0] += spent
        longest[0] = max(longest[0], spent)

def between_freezes():
    if setting == "server-before":
        gc.collect(1)
    if setting in ("server-before", "server"):
        gc.freeze()

if setting == "server-before":
    gc.set_threshold(700, 2, 1_000_000)
elif setting == "server":
    gc.set_threshold(YOUNG_COLLECTION, NEVER, NEVER)
elif setting == "disabled":
    gc.disable()
if setting.startswith("server"):
    gc.freeze()
gc.callbacks.append(timed)
events = 0
start = time.process_time()
for _ in range(steps):
    for made in tables:
        events += sum(conn == 2 for conn, _ in step(made).send)
        if events % freeze_every == 0:
            between_freezes()
elapsed = time.process_time() - start
share = 100 * gc_seconds[0] / elapsed
print(f"{1e6 * elapsed / events:.1f} {share:.1f} {1000 * longest[0]:.1f} {collections[0]} {events}")
"""
)


def measure(setting: str, tables: int, steps: int) -> tuple[float, float, float, int, int]:
    """Microseconds per event, the collections' share of the CPU (%), the longest collection (ms), collections,
    events: one run in a fresh process."""
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import sys; sys.path.insert(0, {str(ROOT)!r})\n{WORKLOAD}",
            setting,
            str(tables),
            str(steps),
            str(FREEZE_EVERY),
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return float(out[0]), float(out[1]), float(out[2]), int(out[3]), int(out[4])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--steps", type=int, default=6, help="events per table in the measured part")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    runs: dict[str, list[tuple[float, float, float, int, int]]] = {setting: [] for setting in SETTINGS}
    for _ in range(args.repeats):
        for setting in SETTINGS:
            runs[setting].append(measure(setting, args.tables, args.steps))
    print(f"{args.tables} tables x {args.steps} events, {args.repeats} runs per setting, alternated")
    medians = {setting: statistics.median(r[0] for r in results) for setting, results in runs.items()}
    for setting, results in runs.items():
        print(
            f"{setting}: {medians[setting]:.1f} us per table event (runs: {', '.join(f'{r[0]:.0f}' for r in results)});"
            f" collections {statistics.median(r[1] for r in results):.1f}% of the CPU,"
            f" longest {max(r[2] for r in results):.1f} ms, {results[0][3]} collections in {results[0][4]} events"
        )
    for setting in ("interpreter", "server-before", "disabled"):
        print(f"ratio server / {setting}: {medians['server'] / medians[setting]:.2f}")


if __name__ == "__main__":
    main()
