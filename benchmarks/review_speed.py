"""How long `presidente review` takes for one 4-player `bga` match, beside one ismcts decision, in one run.

    .venv/bin/python benchmarks/review_speed.py [matches] [seconds]

Plays `matches` (default 1) whole 4-player `bga` matches with heuristic bots (seeds 0, 1, ...), saves each
record as `presidente play --save` does, and reviews seat 0 with `seconds` of search per move (default: the
review's own `SECONDS`), as `presidente review RECORD` does. Prints per match the wall-clock and CPU time,
the seat's decisions (and how many were searched) and the mistakes found; then the wall-clock time of one
decision of the default `ismcts` bot (`make_bot("ismcts")`) measured in the same run on positions of the
same matches, the machine's reference. The review thinks a fixed time per searched move, so its time is about
searched moves x seconds, whatever the machine's load; the load changes how many deals each estimate holds.
"""

from __future__ import annotations

import random
import sys
import time

from presidente.bots.registry import make_bot
from presidente.president import Observation, Record, find_preset, new_game, record_of
from presidente.president.state import Phase
from presidente.review import SECONDS, review


def play(seed: int) -> tuple[Record, list[tuple[Observation, list[object]]]]:
    """A whole bga match by heuristic bots, and some of seat 0's play decisions (for the ismcts reference)."""
    rules = find_preset("bga")
    bot = make_bot("heuristic", "president", rules)
    rng = random.Random(seed)
    state = new_game(rules, 4, seed)
    decisions: list[tuple[Observation, list[object]]] = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        legal = state.offered_actions()
        observation = state.observation(seat)
        if seat == 0 and state.phase is Phase.PLAY and len(legal) > 2 and len(decisions) < 12:
            decisions.append((observation, list(legal)))
        state.apply(bot.choose(observation, legal, rng).action, seat)
    return record_of(state, tuple(f"Seat {s}" for s in range(4))), decisions


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else SECONDS
    positions = []
    for seed in range(matches):
        record, decisions = play(seed)
        positions += decisions
        start, cpu = time.perf_counter(), time.process_time()
        items = list(review(record, 0, seconds))
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        searched = sum(item.searched for item in items)
        mistakes = sum(item.mistake for item in items)
        print(
            f"match {seed}: {len(record.actions)} actions, {record.final_state().round_number} rounds; seat 0 made "
            f"{len(items)} moves, {searched} searched at {seconds:g} s: review {elapsed:.1f} s wall "
            f"({cpu:.1f} s CPU), {mistakes} mistakes"
        )
    bot = make_bot("ismcts", "president", find_preset("bga"))
    rng = random.Random(0)
    start = time.perf_counter()
    for observation, legal in positions:
        bot.choose(observation, legal, rng)  # type: ignore[arg-type]
    each = (time.perf_counter() - start) / len(positions)
    print(f"one ismcts decision (the default bot): {each:.3f} s wall, mean of {len(positions)} positions")


if __name__ == "__main__":
    main()
