"""ISMCTS simulations per second on one core from 4-player `bga` positions.

`python benchmarks/ismcts_speed.py [positions] [iterations]` (defaults 60 and 400): positions are taken
along heuristic-bot rounds; each is searched for a fixed number of iterations (one simulation = one
determinization, tree walk, rollout and update). Also prints the engine's own rate of random decisions.
"""

from __future__ import annotations

import random
import sys
import time

from presidente.bots.determinize import knowledge_of, public_state
from presidente.bots.ismcts import IsmctsBot
from presidente.bots.president_heuristic import HeuristicBot
from presidente.president import Observation, find_preset, new_game
from presidente.president.state import Phase


def positions(count: int) -> list[Observation]:
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    bot, rng = HeuristicBot(rules), random.Random(0)
    found: list[Observation] = []
    seed = 0
    while len(found) < count:
        state = new_game(rules, 4, seed)
        step = 0
        while not state.is_over and len(found) < count:
            seat = state.current_player
            assert seat is not None
            observation = state.observation(seat)
            if state.phase is Phase.PLAY and step % 6 == 2 and len(set(map(str, state.legal_actions()))) > 1:
                found.append(observation)
            state.apply(bot.choose(observation, state.legal_actions(), rng).action)
            step += 1
        seed += 1
    return found


def engine_rate(seconds: float = 2.0) -> float:
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    rng = random.Random(1)
    decisions, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(rules, 4, rng.randrange(1 << 30))
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions / (time.perf_counter() - start)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    rules = find_preset("bga")
    observations = positions(count)
    print(f"engine: {engine_rate():,.0f} random decisions/s (4-player bga)")
    for depth in (40, 12):
        bot = IsmctsBot(time=0, iterations=iterations, rollout_depth=depth, rules=rules)
        rng = random.Random(2)
        total, start = 0, time.perf_counter()
        for observation in observations:
            bot.search(public_state(observation, rules), knowledge_of(observation, rules), rng)
            total += bot.last_iterations
        elapsed = time.perf_counter() - start
        rate = total / elapsed
        print(f"ismcts depth={depth}: {rate:,.0f} simulations/s ({total} in {elapsed:.1f} s, {count} positions)")


if __name__ == "__main__":
    main()
