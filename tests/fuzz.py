"""`make fuzz`: the property tests (every test written with hypothesis' `@given`, the enumeration of
tests/president/test_enumeration.py among them) again and again with fresh random seeds, for a bounded time.

`make test` runs them derandomized (the `ci` profile of tests/conftest.py): the same examples on every machine.
Here each run draws new ones (the `fuzz` profile) from a seed printed before the run, so anything found replays
with the command printed beside it. Keep what it finds: fix the code, and add the failing example to its test as
an explicit `@example`, so every later run of `make test` tries it.

    .venv/bin/python tests/fuzz.py --minutes 10            # all property tests
    .venv/bin/python tests/fuzz.py --minutes 5 tests/president/test_enumeration.py
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    parser.add_argument("--minutes", type=float, default=10.0, help="stop starting new runs after this long")
    parser.add_argument("--workers", type=int, default=2, help="pytest-xdist workers per run")
    parser.add_argument("paths", nargs="*", default=["tests"], help="test files or folders (default: tests)")
    arguments = parser.parse_args()
    deadline = time.monotonic() + 60 * arguments.minutes
    environment = {**os.environ, "HYPOTHESIS_PROFILE": "fuzz"}
    runs = 0
    while time.monotonic() < deadline:
        seed = random.SystemRandom().randrange(2**32)
        command = [
            *("-m", "hypothesis", "-p", "no:cacheprovider", "-q", "-x"),
            f"--hypothesis-seed={seed}",
            *arguments.paths,
        ]
        workers = ["--numprocesses", str(arguments.workers)] if arguments.workers > 1 else []
        replay = f"HYPOTHESIS_PROFILE=fuzz {sys.executable} -m pytest {' '.join(command)}"
        runs += 1
        print(f"fuzz run {runs}, seed {seed}", flush=True)
        left = max(deadline - time.monotonic(), 60.0)
        try:
            result = subprocess.run(
                [sys.executable, "-m", "pytest", *workers, *command], env=environment, timeout=left + 600
            )
        except subprocess.TimeoutExpired:
            print(f"fuzz run {runs} did not finish in time; replay it with:\n  {replay}", flush=True)
            return 1
        if result.returncode != 0:
            print(f"\nfuzz run {runs} found a failure; replay it with:\n  {replay}", flush=True)
            return 1
    print(f"fuzz: {runs} runs with fresh seeds, nothing found", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
