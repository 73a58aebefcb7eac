"""Random-play speed of this checkout against another one (the code before a change), as a ratio in CPU time.

    git worktree add /tmp/old <commit>
    .venv/bin/python benchmarks/president_speed_compare.py /tmp/old [preset] [pairs] [games] [key=value ...]
    .venv/bin/python benchmarks/president_speed_compare.py /tmp/old-build --this /tmp/new-build [preset] ...

Runs `presidente.bench.random_rounds` (4 players, `games` one-round matches, default 300, of `preset`, default
bga, with the rule options given after it, e.g. `decks=2`) in a fresh process of each checkout in turn, `pairs`
times (default 7), each measured in CPU time (`time.process_time`, so a busy machine slows both alike), and prints
both medians and the median, least and greatest ratio of the pairs (this checkout over the other). `--this FOLDER`
measures FOLDER instead of this checkout: two builds of the mypyc-compiled engine (`tools/build_compiled.py FOLDER`)
compare that way.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
from pathlib import Path

# Run inside each checkout (its own `presidente` first on the path): decisions per CPU-second.
_ONE_RUN = """
import sys, time
from presidente.bench import random_rounds
preset, games, options = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
random_rounds("president", preset, 4, 5, options=options)
start = time.process_time()
speed = random_rounds("president", preset, 4, games, first_seed=1000, options=options)
print(speed.decisions / (time.process_time() - start))
"""


def decisions_per_cpu_second(root: Path, preset: str, games: int, options: list[str]) -> float:
    result = subprocess.run(
        [sys.executable, "-c", _ONE_RUN, preset, str(games), *options],
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    return float(result.stdout.split()[-1])


def main() -> None:
    args = sys.argv[1:]
    here = Path(__file__).resolve().parent.parent
    if "--this" in args:
        at = args.index("--this")
        here = Path(args[at + 1]).resolve()
        del args[at : at + 2]
    other = Path(args[0]).resolve()
    preset = args[1] if len(args) > 1 else "bga"
    pairs = int(args[2]) if len(args) > 2 else 7
    games = int(args[3]) if len(args) > 3 else 300
    options = args[4:]
    before, after = [], []
    for _ in range(pairs):
        before.append(decisions_per_cpu_second(other, preset, games, options))
        after.append(decisions_per_cpu_second(here, preset, games, options))
    ratios = [new / old for old, new in zip(before, after, strict=True)]
    print(
        f"{' '.join([preset, *options])}: other {statistics.median(before):,.0f}, "
        f"this {statistics.median(after):,.0f} decisions per CPU-s; "
        f"ratio {statistics.median(ratios):.3f} (least {min(ratios):.3f}, greatest {max(ratios):.3f}, {pairs} pairs)"
    )


if __name__ == "__main__":
    main()
