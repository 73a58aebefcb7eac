"""What `State.observation(seat)` costs early and late in a round, beside one `apply` step, in one run.

    .venv/bin/python benchmarks/observation_speed.py [matches]

Random President matches (uniform legal moves from a seeded generator, `matches` per table, default 40) are
played as a bot, the server or a research environment plays them: after every move the seat to move is
observed (its observation lists its legal actions) and so is every other seat. Each `legal_actions`, `apply`
and `observation` call is timed on its own (the timer's own cost taken off). A round's decisions are split
in quarters: "early" is the first quarter, "late" the last. The ratios are the point, not the microseconds,
which depend on the machine: an observation should cost the same early and late in a round, and about one
or two engine steps — an `apply`, or a decision (`legal_actions` and `apply`, the unit of
`benchmarks/president_speed.py`); the mover's observation lists the legal actions itself.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from presidente.president import PRESETS, new_game

TABLES = (("bga", 4), ("college", 4), ("victorz", 8), ("college-draft", 6))


def _timer_cost() -> float:
    clock = time.perf_counter_ns
    samples = []
    for _ in range(20_000):
        start = clock()
        samples.append(clock() - start)
    return statistics.median(samples)


def measure(preset: str, players: int, matches: int, overhead: float) -> dict[str, float]:
    """Mean nanoseconds per call: apply, legal_actions, and observation of the mover and of the others, early
    and late."""
    clock = time.perf_counter_ns
    rules = PRESETS[preset].rules.replace(rounds=3, target_score=0)
    applies: list[float] = []
    listings: list[float] = []
    buckets: dict[str, list[float]] = {"mover early": [], "mover late": [], "other early": [], "other late": []}
    for seed in range(matches):
        state = new_game(rules, players, seed)
        rng = random.Random(seed)
        rounds: list[list[tuple[float, list[float]]]] = [[]]
        round_number = state.round_number
        while not state.is_over:
            mover = state.current_player
            assert mover is not None
            start = clock()
            state.observation(mover)
            mover_cost = clock() - start - overhead
            others = []
            for seat in range(players):
                if seat != mover:
                    start = clock()
                    state.observation(seat)
                    others.append(clock() - start - overhead)
            rounds[-1].append((mover_cost, others))
            start = clock()
            actions = state.legal_actions()
            listings.append(clock() - start - overhead)
            action = actions[rng.randrange(len(actions))]
            start = clock()
            state.apply(action)
            applies.append(clock() - start - overhead)
            if state.round_number != round_number:
                round_number = state.round_number
                rounds.append([])
        for decisions in rounds:
            quarter = len(decisions) // 4
            if quarter == 0:
                continue
            for label, part in (("early", decisions[:quarter]), ("late", decisions[-quarter:])):
                buckets[f"mover {label}"].extend(cost for cost, _ in part)
                buckets[f"other {label}"].extend(cost for _, others in part for cost in others)
    result = {"apply": statistics.fmean(applies), "legal_actions": statistics.fmean(listings)}
    result.update({label: statistics.fmean(values) for label, values in buckets.items()})
    return result


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    overhead = _timer_cost()
    print(f"mean cost per call ({matches} random 3-round matches per table): microseconds, then in apply steps")
    labels = ("mover early", "mover late", "other early", "other late")
    print(
        f"{'table':<17} {'apply':>6} {'decision':>9}   " + "".join(f"{label:>15}  " for label in labels) + "late/early"
    )
    for preset, players in TABLES:
        costs = measure(preset, players, matches, overhead)
        apply = costs["apply"]
        decision = apply + costs["legal_actions"]
        cells = "".join(f"{costs[label] / 1000:>8.1f} {costs[label] / apply:>5.1f}x  " for label in labels)
        growth = (costs["mover late"] + costs["other late"]) / (costs["mover early"] + costs["other early"])
        print(f"{f'{preset} {players}p':<17} {apply / 1000:>6.2f} {decision / apply:>8.1f}x   {cells}{growth:>8.2f}")
    print("A decision is one legal_actions() and one apply(). late/early above 1: observations cost more as a")
    print("round goes on.")


if __name__ == "__main__":
    main()
