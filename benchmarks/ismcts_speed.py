"""ISMCTS simulations per second on one core from 4-player `bga` positions.

`python benchmarks/ismcts_speed.py [positions] [iterations]` (defaults 60 and 400): positions are taken
along heuristic-bot rounds; each is searched for a fixed number of simulations, as the bot plays
(`Evidence` weighing the deals), without the evidence, and with the ISMCTS tree. One simulation is one move
of the seat evaluated on one deal: the round played out until the seat's place is settled, with its share
of the deal and of the tree walk or move update. The default search looks up, instead of replaying, a deal
its sampler met before (the policy is deterministic, so the result is the same); the line also says how
many simulations were played out. Wall-clock and CPU rates are both printed: on a busy machine the CPU rate
is the one-core figure. Also prints the engine's own rate of random decisions.
"""

from __future__ import annotations

import random
import sys
import time

from presidente.bots.determinize import Evidence, knowledge_of, public_state
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
    for label, tree, infer in (("moves, evidence", False, True), ("moves", False, False), ("tree", True, False)):
        bot = IsmctsBot(time=0, iterations=iterations, rules=rules, tree=tree)
        rng = random.Random(2)
        total, played, start, cpu = 0, 0, time.perf_counter(), time.process_time()
        for observation in observations:
            template = public_state(observation, rules)
            evidence = Evidence(observation, template) if infer else None
            bot.search(template, knowledge_of(observation, rules), rng, evidence)
            total += bot.last_iterations
            played += bot.last_playouts
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(
            f"ismcts ({label}): {total / elapsed:,.0f} simulations/s, {total / cpu:,.0f} per CPU second"
            f" ({total} in {elapsed:.1f} s, {count} positions; {played / total:.0%} played out,"
            f" {played / cpu:,.0f} playouts per CPU second)"
        )


if __name__ == "__main__":
    main()
