"""Random El Presidente games per second, per table size: `python benchmarks/elpresidente_speed.py [games]`.

Every action is chosen uniformly from `legal_actions()`; games stop at the default battle limit.
"""

from __future__ import annotations

import random
import sys
import time

from presidente.elpresidente import Rules, State


def random_games(players: int, games: int) -> tuple[float, int]:
    """(seconds, actions) for `games` random games at a table of `players`."""
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state, rng = State(Rules(players=players), seed), random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return time.perf_counter() - start, actions


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    print(f"{'players':>7} {'games/s':>8} {'actions/s':>10}")
    for players in range(2, 9):
        seconds, actions = random_games(players, games)
        print(f"{players:>7} {games / seconds:>8.1f} {actions / seconds:>10.0f}")


if __name__ == "__main__":
    main()
