"""Heuristic bot against random bots: `python benchmarks/elpresidente_strength.py [games]` (default 1000).

For each table, one heuristic bot (or one heuristic team) plays random bots; the seed picks dealer and
starter, so every seat is dealt and starts in turn. A game ended by the battle limit counts as not won.
The interval is Wilson's 95% score interval.
"""

from __future__ import annotations

import math
import random
import sys

from presidente.bots.elpresidente import HeuristicBot, RandomBot
from presidente.elpresidente import Rules, State

TABLES = [
    ("1 heuristic vs 1 random", Rules(players=2), {0}),
    ("1 heuristic vs 3 random", Rules(players=4), {0}),
    ("heuristic team vs random team, 2v2", Rules(players=4, teams="2v2"), {0, 2}),
    ("1 heuristic vs 5 random", Rules(players=6), {0}),
]


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def heuristic_wins(rules: Rules, heuristic_seats: set[int], games: int) -> int:
    heuristic, random_bot = HeuristicBot(), RandomBot()
    wins = 0
    for seed in range(games):
        state, rng = State(rules, seed), random.Random(f"strength:{seed}")
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            bot = heuristic if seat in heuristic_seats else random_bot
            state.apply(bot.choose(state.observation(seat), state.legal_actions(), rng).action)
        wins += state.game_winners[0] in heuristic_seats
    return wins


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for label, rules, seats in TABLES:
        wins = heuristic_wins(rules, seats, games)
        low, high = wilson(wins, games)
        fair = len(seats) / rules.players
        print(f"{label}: {wins}/{games} = {wins / games:.1%} (95% CI {low:.1%}-{high:.1%}; even share {fair:.0%})")


if __name__ == "__main__":
    main()
