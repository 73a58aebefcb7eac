"""The vectorized engine's speed against another revision's, measured in one run, on a loaded machine.

    .venv/bin/python benchmarks/vector_engine_compare.py BASE [--batches 256 4096] [--rounds 4] [--seconds 3]

BASE (a git revision) is extracted to a temporary folder (`git archive`); each slice runs in its own process
(one package per process: both are `presidente`), ABBA-interleaved, and counts moves per CPU-second
(`time.process_time`: another process's load takes wall time, not this one's CPU time) of random play with an
observation per step, as `env_speed.vector_engine` plays it. Prints each batch's median moves per CPU-second,
the spread (min-max) and the ratio of the working tree to BASE.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SLICE = """
import sys, time, json
sys.path.insert(0, sys.argv[1])
import numpy as np
from presidente.envs.vector_bga import VectorTables
from presidente.president import find_preset
batch, seconds = int(sys.argv[2]), float(sys.argv[3])
tables = VectorTables(batch, find_preset(sys.argv[4]))
tables.reset(np.arange(batch))
rng = np.random.default_rng(0)
def one_step():
    tables.observe()
    tables.step(tables.random_actions(rng))
    done = np.flatnonzero(tables.over)
    if len(done):
        tables.reset(rng.integers(2**62, size=len(done)), done)
for _ in range(20):
    one_step()  # numba compiles (or loads its cache), and the first deals pass
moves, start = 0, time.process_time()
while time.process_time() - start < seconds:
    one_step()
    moves += batch
print(json.dumps({"package": __import__("presidente").__file__, "rate": moves / (time.process_time() - start)}))
"""


def slice_rate(root: Path, batch: int, seconds: float, preset: str) -> float:
    run = [sys.executable, "-c", SLICE, str(root), str(batch), str(seconds), preset]
    out = subprocess.run(run, check=True, capture_output=True, text=True, cwd=tempfile.gettempdir(), timeout=900)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert str(result["package"]).startswith(str(root)), result
    return float(result["rate"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="the git revision to compare the working tree with")
    parser.add_argument("--batches", type=int, nargs="+", default=[256, 4096])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--preset", default="bga")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "archive", args.base, "presidente"], cwd=ROOT, check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        roots = {"base": Path(folder), "tree": ROOT}
        for batch in args.batches:
            rates: dict[str, list[float]] = {"base": [], "tree": []}
            for round_ in range(args.rounds):
                for name in ("base", "tree") if round_ % 2 == 0 else ("tree", "base"):
                    rates[name].append(slice_rate(roots[name], batch, args.seconds, args.preset))
            ratios = [tree / base for tree, base in zip(rates["tree"], rates["base"], strict=True)]
            line = {
                name: f"{statistics.median(r):,.0f} moves/CPU-s ({min(r):,.0f}-{max(r):,.0f})"
                for name, r in rates.items()
            }
            print(
                f"{args.preset} x{batch}: base {line['base']}, tree {line['tree']}; tree/base median "
                f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"
            )


if __name__ == "__main__":
    main()
