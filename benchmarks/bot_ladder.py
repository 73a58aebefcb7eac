"""The President ladder with the learned bot: random < heuristic < learned, learned against ismcts, and speed.

    .venv/bin/python benchmarks/bot_ladder.py [--deals 1000] [--random-deals 300] [--ismcts-deals 10]
                                              [--seconds 0.1] [--workers 1] [--moves 3000]

Every figure is a 4-player `bga` arena (duplicate deals, each played in the 4 seat rotations, one round each):
- a rung "weak < strong" is one strong bot against three weak: the strong bot's mean place minus the others'
  mean place, averaged per deal, with its 95% interval (the rung holds when the interval lies below zero);
  `random < heuristic` on `--random-deals`, `heuristic < learned` on `--deals`;
- where ismcts stands, on `--ismcts-deals`: one ismcts at `--seconds` per move against three heuristic, and
  learned against ismcts two and two (seats alternate, so each has an opponent of the other kind on both
  sides): the learned pair's mean place minus ismcts's;
- ms per move: `learned` and `heuristic` choose on the very same positions (from learned-vs-heuristic rounds),
  one after the other in this process, so the ratio holds on a busy machine too.
"""

from __future__ import annotations

import argparse
import random
import time

from bot_strength import report, step
from rich.console import Console

from presidente.arena import ArenaResult, mean_interval, run_arena
from presidente.bots.learned import LearnedBot
from presidente.bots.president_heuristic import HeuristicBot
from presidente.bots.registry import parse_bot_spec
from presidente.president.actions import Action
from presidente.president.observation import Observation
from presidente.president.rules import find_preset
from presidente.president.state import new_game


def pairs(result: ArenaResult) -> tuple[float, tuple[float, float]]:
    """Mean over deals of (mean place of entries 0 and 2) - (mean place of entries 1 and 3)."""
    by_deal: dict[int, list[float]] = {}
    for game in result.games:
        places = game.places
        by_deal.setdefault(game.deal, []).append((places[0] + places[2]) / 2 - (places[1] + places[3]) / 2)
    return mean_interval([sum(values) / len(values) for values in by_deal.values()])


def positions(moves: int) -> list[tuple[Observation, list[Action]]]:
    """Decisions met in rounds of one learned bot against three heuristic ones (every seat's turn)."""
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    learned, heuristic, rng = LearnedBot(rules), HeuristicBot(rules), random.Random(0)
    found: list[tuple[Observation, list[Action]]] = []
    deal = 0
    while len(found) < moves:
        state = new_game(rules, 4, 90_000 + deal)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            observation, legal = state.observation(seat), state.offered_actions()
            found.append((observation, legal))
            bot = learned if seat == deal % 4 else heuristic
            state.apply(bot.choose(observation, legal, rng).action)
        deal += 1
    return found[:moves]


def speed(moves: int) -> None:
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    decisions = positions(moves)
    timings = {}
    for label, bot in (("heuristic", HeuristicBot(rules)), ("learned", LearnedBot(rules))):
        rng = random.Random(1)
        best = float("inf")
        for _ in range(3):  # the best of three passes: the least disturbed by the machine's other work
            start = time.perf_counter()
            for observation, legal in decisions:
                bot.choose(observation, legal, rng)
            best = min(best, time.perf_counter() - start)
        timings[label] = best / len(decisions) * 1000
    print(
        f"ms per move over {len(decisions)} bga positions (best of 3 passes, one core): "
        f"learned {timings['learned']:.3f} ms, heuristic {timings['heuristic']:.3f} ms, "
        f"ratio learned/heuristic {timings['learned'] / timings['heuristic']:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000, help="duplicate deals of learned vs 3 heuristic")
    parser.add_argument("--random-deals", type=int, default=300, help="duplicate deals of heuristic vs 3 random")
    parser.add_argument(
        "--ismcts-deals",
        type=int,
        default=10,
        help="duplicate deals of ismcts vs 3 heuristic, and of learned vs ismcts",
    )
    parser.add_argument("--seconds", type=float, default=0.1, help="ismcts's time per move")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--moves", type=int, default=3000, help="positions timed for ms per move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    console = Console(stderr=True)
    speed(args.moves)
    ismcts = f"ismcts:time={args.seconds}"
    rungs = (
        ("random", "heuristic", args.random_deals),
        ("heuristic", "learned", args.deals),
        ("heuristic", ismcts, args.ismcts_deals),
    )
    for weak, strong, deals in rungs:
        if deals < 1:
            continue
        start = time.perf_counter()
        result = run_arena(
            "president", [strong, weak, weak, weak], "bga", 4, deals, seed=args.seed, workers=args.workers
        )
        report(f"ladder: {weak} < {strong}", result, time.perf_counter() - start)
        stats = result.bots[0]
        print(
            f"  {parse_bot_spec(strong)[0]}'s mean place {stats.mean_place:.3f} (95% CI {stats.mean_place_ci[0]:.3f}-"
            f"{stats.mean_place_ci[1]:.3f}); step {step(result)[0]:+.3f}"
        )
    if args.ismcts_deals > 0:
        start = time.perf_counter()
        result = run_arena(
            "president",
            ["learned", ismcts, "learned", ismcts],
            "bga",
            4,
            args.ismcts_deals,
            seed=args.seed,
            workers=args.workers,
            console=console,
        )
        difference, (low, high) = pairs(result)
        verdict = "learned stronger" if high < 0 else "ismcts stronger" if low > 0 else "no difference shown"
        print(
            f"learned vs ismcts ({args.seconds * 1000:.0f} ms/move), two and two: place difference "
            f"{difference:+.3f} (95% CI {low:+.3f} to {high:+.3f}) -> {verdict}; {len(result.games)} rounds "
            f"({args.ismcts_deals} deals), {time.perf_counter() - start:.0f} s"
        )


if __name__ == "__main__":
    main()
