"""CPU time per searched decision of `strong` and its opponent in whole rounds (issue 30: the same CPU budget).

    .venv/bin/python benchmarks/strong_round_cpu.py [--rounds 8] [--seconds 0.1] [--seed 1]
                                                    [--strong strong:clock=cpu] [--opponent ismcts:clock=cpu]

Plays `--rounds` one-round `bga` deals in this process, seated strong, opponent, strong, opponent (as
`strong_strength.py`), and times each play-phase decision with two moves or more (the ones both bots search) on
the thread's CPU clock (`time.thread_time`, the clock `clock=cpu` budgets by). A time bank (`bank`, `borrow`) moves
time between a round's decisions, which a timing on isolated positions (`strong_strength.py --positions`) would
not see: here each seat plays its rounds through. A first round, not counted, compiles the kernels. Prints each
bot's mean CPU ms per searched decision and per round and seat, and the load average.
"""

from __future__ import annotations

import argparse
import random
import time

from bot_strength import load

from presidente.bots.ismcts import move_key
from presidente.bots.registry import make_bot
from presidente.president import new_game
from presidente.president.rules import find_preset
from presidente.president.state import Phase


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=0.1, help="time per move of both bots")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--strong", default="strong:clock=cpu")
    parser.add_argument("--opponent", default="ismcts:clock=cpu")
    args = parser.parse_args()
    specs = [f"{spec}{',' if ':' in spec else ':'}time={args.seconds}" for spec in (args.strong, args.opponent)]
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    bots = [make_bot(specs[seat % 2], "president", rules) for seat in range(4)]
    cpu = dict.fromkeys(specs, 0.0)
    searches = dict.fromkeys(specs, 0)
    rng = random.Random(args.seed)
    print(f"{specs[0]} / {specs[1]}, {args.rounds} bga rounds; before: {load()}", flush=True)
    # One round first, not counted: the compiled kernels' first calls compile them (seconds of CPU).
    for deal in range(-1, args.rounds):
        counted = deal >= 0
        state = new_game(rules, 4, args.seed * 1_000 + deal + 1)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            legal = list(state.offered_actions())
            observation = state.observation(seat)
            start = time.thread_time()
            action = bots[seat].choose(observation, legal, rng).action
            if counted and observation.phase == Phase.PLAY and len({move_key(a) for a in legal}) > 1:
                cpu[specs[seat % 2]] += time.thread_time() - start
                searches[specs[seat % 2]] += 1
            state.apply(action)
    shown = ", ".join(
        f"{spec} {1000 * cpu[spec] / max(1, searches[spec]):.1f} ms a searched decision ({searches[spec]}), "
        f"{1000 * cpu[spec] / (2 * args.rounds):.0f} ms a round and seat"
        for spec in specs
    )
    print(f"CPU: {shown}; after: {load()}", flush=True)


if __name__ == "__main__":
    main()
