"""`strong` against `ismcts`, two and two at alternate seats, at the same time per move (issue 30's target).

    .venv/bin/python benchmarks/strong_strength.py [--deals 60] [--seconds 0.1] [--preset bga] [--workers 2]
                                                   [--seed 3] [--opponent ismcts]

A 4-player arena of duplicate deals, each played in the 4 seat rotations, one round each (as `presidente arena`
plays them): the strong pair's mean place minus the opponents', averaged per deal, with its 95% interval (strong
is stronger when the whole interval lies below zero). Both bots think `--seconds` a move, so the machine's load
weakens both; the load average is printed before and after, beside the figure. `--strong` names the strong
bot's spec (options of its own, say `strong:solve=0` to measure the race alone).
"""

from __future__ import annotations

import argparse
import os
import time

from bot_ladder import pairs

from presidente.arena import run_arena


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=0.1, help="time per move of both bots")
    parser.add_argument("--preset", default="bga")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--strong", default="strong", help="the strong bot's spec, without its time")
    parser.add_argument("--opponent", default="ismcts", help="the other pair's bot, without its time")
    args = parser.parse_args()
    separator = "," if ":" in args.strong else ":"
    strong = f"{args.strong}{separator}time={args.seconds}"
    opponent = f"{args.opponent}{',' if ':' in args.opponent else ':'}time={args.seconds}"
    print(f"{strong} vs {opponent}, {args.preset}, {args.deals} deals x 4 rotations; before: {load()}", flush=True)
    start, cpu = time.perf_counter(), time.process_time()
    result = run_arena(
        "president", [strong, opponent, strong, opponent], args.preset, 4, args.deals, args.seed, args.workers
    )
    difference, (low, high) = pairs(result)
    verdict = "strong stronger" if high < 0 else "opponent stronger" if low > 0 else "no difference shown"
    elapsed = time.perf_counter() - start
    print(
        f"place difference {difference:+.3f} (95% CI {low:+.3f} to {high:+.3f}) -> {verdict}; "
        f"{len(result.games)} rounds ({args.deals} deals), {elapsed:.0f} s wall on {args.workers} workers; "
        f"after: {load()}"
    )
    del cpu


if __name__ == "__main__":
    main()
