"""Two-player endgames solved exactly: how often each bot throws a forced win away (issue 30, `strong`'s step 2).

    .venv/bin/python benchmarks/strong_endgames.py [--positions 150] [--seconds 0.1]

Rounds of four `heuristic` bots on `bga` (4 players) are played until `--positions` decisions are met where two
players are left, the one to move has a choice, and some of its moves win by force (finish first of the two
whatever the other does, by `strong.EndgameSolver` on the true hands) while others do not. Each bot chooses
from the seat's observation alone (with two left the other hand is every unseen card, so nothing is hidden);
the script counts the losing moves chosen. The load average is printed beside the figures.
"""

from __future__ import annotations

import argparse
import os
import random

from presidente.bots.endgame import Unsolved
from presidente.bots.ismcts import IsmctsBot, move_key
from presidente.bots.playout import Table
from presidente.bots.president_heuristic import HeuristicBot
from presidente.bots.strong import EndgameSolver, StrongBot
from presidente.president.rules import find_preset
from presidente.president.state import Phase, new_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--seconds", type=float, default=0.1, help="time per move of ismcts and strong")
    parser.add_argument("--rounds", type=int, default=3000, help="rounds played at most")
    args = parser.parse_args()
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    heuristic, rng = HeuristicBot(rules), random.Random(0)
    bots = {
        "heuristic": heuristic,
        f"ismcts:time={args.seconds}": IsmctsBot(time=args.seconds, rules=rules),
        f"strong:time={args.seconds}": StrongBot(time=args.seconds, rules=rules),
    }
    lost = dict.fromkeys(bots, 0)
    found = rounds = too_big = 0
    while found < args.positions and rounds < args.rounds:
        state = new_game(rules, 4, 50_000 + rounds)
        rounds += 1
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            observation, legal = state.observation(seat), state.offered_actions()
            keys = {move_key(action) for action in legal}
            if state.phase is Phase.PLAY and sum(state.active) == 2 and len(keys) > 1 and found < args.positions:
                table = Table.from_state(state)
                solver = EndgameSolver(seat, len(state.finished), node_limit=200_000)
                try:
                    wins = {key for key in keys if solver.winning_moves(table, [key])}
                except Unsolved:
                    wins = set()
                    too_big += 1
                if wins and wins != keys:
                    found += 1
                    for name, bot in bots.items():
                        lost[name] += move_key(bot.choose(observation, legal, rng).action) not in wins
            state.apply(heuristic.choose(observation, legal, rng).action, seat)
    shown = ", ".join(f"{name} {count}" for name, count in lost.items())
    print(
        f"{found} two-player bga endgames where some moves win by force and others do not ({rounds} rounds, "
        f"{too_big} too big to solve): losing moves chosen by {shown}; load average {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()
