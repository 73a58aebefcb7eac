"""`strong`'s deals per CPU-second on UECda tables: the hidden cards dealt and weighed in Python
(`dealer=engine`: `determinize.sample_hidden`, then `SuitedEvidence.misses`) and on the kernel (`dealer=kernel`,
`suited_playout.SuitedDealer`), the playouts on the kernel in both.

    .venv/bin/python benchmarks/strong_suited_deals.py [--positions 30] [--rounds 3] [--playouts 2000] [--look 0]

Positions are taken along heuristic-bot rounds (`suited_playout_speed.positions`). Each round searches every
position with both dealers in turn (which goes first alternates), `--playouts` playouts a position; one deal is
one deal of the race (every move still in it played out on it), its weighing included. The rate is deals per
CPU-second of this process, the ratio taken within each round; the load average is printed beside.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from suited_playout_speed import positions

from presidente.bots import suited_playout
from presidente.bots.strong import StrongBot


def rate(dealer: str, found: list, playouts: int, look: int) -> float:
    bot = StrongBot(time=0, iterations=playouts, dealer=dealer, look=look)
    rng, deals = random.Random(1), 0
    start = time.process_time()
    for observation, legal in found:
        bot.choose(observation, legal, rng)
        deals += bot.last_deals
    return deals / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--playouts", type=int, default=2000)
    parser.add_argument("--look", type=int, default=0, help="strong's look option, for both")
    arguments = parser.parse_args()
    suited_playout.ready(wait=True)
    found = positions("uecda", 5, arguments.positions)
    rate("kernel", found[:3], 200, arguments.look)  # the kernel's dealing functions compiled or loaded
    ratios = []
    for round_number in range(arguments.rounds):
        order = ("engine", "kernel") if round_number % 2 == 0 else ("kernel", "engine")
        rates = {dealer: rate(dealer, found, arguments.playouts, arguments.look) for dealer in order}
        ratios.append(rates["kernel"] / rates["engine"])
        print(
            f"round {round_number + 1}: engine {rates['engine']:,.0f} deals a CPU-second, kernel {rates['kernel']:,.0f}"
            f", {ratios[-1]:.2f}x; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
        )
    print(f"kernel over engine: {statistics.median(ratios):.2f}x (median; {min(ratios):.2f} to {max(ratios):.2f})")


if __name__ == "__main__":
    main()
