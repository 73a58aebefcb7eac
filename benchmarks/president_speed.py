"""Random President rounds per second and decisions per second, on one core.

    .venv/bin/python benchmarks/president_speed.py [seconds] [preset ...]

Each preset (default: bga, then every other preset) is measured for about `seconds` (default 3) of random
4-player rounds: a match of one round per seed, every decision one `legal_actions()` and one `apply()` of a
uniformly random choice. The measuring function is `presidente.bench.random_rounds_for`, the one
`presidente bench` uses.
"""

from __future__ import annotations

import sys

from presidente.bench import random_rounds_for
from presidente.president import PRESETS, find_preset

PLAYERS = 4


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    presets = sys.argv[2:] or ["bga", *(name for name in PRESETS if name != "bga")]
    print(f"{'preset':<14} {'rounds':>7} {'rounds/s':>9} {'decisions/s':>12}  ({PLAYERS} players, random moves)")
    for preset in presets:
        rules = find_preset(preset)
        # 4 players, or as near as the preset seats (uecda: exactly 5).
        players = min(max(PLAYERS, rules.min_players), rules.max_players)
        speed = random_rounds_for("president", preset, players, seconds)
        print(f"{preset:<14} {speed.rounds:>7} {speed.rounds_per_second:>9.1f} {speed.decisions_per_second:>12,.0f}")


if __name__ == "__main__":
    main()
