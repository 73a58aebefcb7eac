"""The compiled playout kernel against the engine, longer than the tests: `suited_check.check_rounds` on the covered
presets and on random Daifugo-family option sets.

    .venv/bin/python benchmarks/suited_playout_check.py [--seeds 20] [--moves 2000] [--random-sets 10]

At every covered position of seeded rounds (half the moves the playout policy's, half at random) it checks that the
kernel lists the engine's legal moves in the same order, that the policy chooses the same move, and that the states
after the move agree; the first disagreement stops it with the position. Prints how many positions each table
checked. Random option sets draw every option the kernel reads (`suited_playout.covers`) from its values.
"""

from __future__ import annotations

import argparse
import random
import time

from presidente.bots.suited_check import check_rounds
from presidente.president.rules import Rules, find_preset

# Each option the kernel reads, with the values drawn for it.
DRAWN: dict[str, tuple[object, ...]] = {
    "jokers_per_deck": (0, 1, 2),
    "revolution": ("off", "strict", "relaxed", "jokers"),
    "revolution_cards": (3, 4, 5),
    "revolution_scope": ("round", "trick"),
    "revolution_ends_trick": (False, True),
    "eight_rule": (False, True),
    "best_rank_ends_trick": (False, True),
    "penalize_final_two": (False, True),
    "penalize_final_joker": (False, True),
    "penalize_final_best": (False, True),
    "penalize_final_eight": (False, True),
    "downfall": (False, True),
    "jack_back": (False, True),
    "eight_cut": (False, True),
    "five_skip": (False, True),
    "nine_reverse": (False, True),
    "spade_three_return": (False, True),
    "suit_lock": (False, True),
    "sequences": (False, True),
    "sequence_min": (2, 3, 4),
    "sequence_joker_ends": (False, True),
    "sequence_revolution": (0, 4, 5),
    "joker_suits": (False, True),
    "number_lock": (False, True),
    "trick_end": ("others-passed", "all-passed"),
    "lead_pass": (False, True),
    "pass_limit": (0, 5, 20),
    "seat_shuffle": (0, 1),
}


def random_rules(rng: random.Random) -> Rules:
    """A Daifugo table with every option the kernel reads drawn at random (sequence_revolution kept legal)."""
    options = {name: rng.choice(values) for name, values in DRAWN.items()}
    if options["sequence_revolution"] and options["sequence_revolution"] < options["sequence_min"]:
        options["sequence_revolution"] = 0
    return find_preset("daifugo").replace(name="random", max_players=8, **options)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--random-sets", type=int, default=10)
    args = parser.parse_args()
    tables: list[tuple[str, Rules, int]] = [
        ("uecda 5p", find_preset("uecda"), 5),
        ("daifugo 3p", find_preset("daifugo"), 3),
        ("daifugo 4p", find_preset("daifugo"), 4),
        ("daifugo 6p", find_preset("daifugo"), 6),
    ]
    rng = random.Random(12)
    tables += [(f"random set {index + 1}", random_rules(rng), rng.randint(3, 8)) for index in range(args.random_sets)]
    total = 0
    start = time.perf_counter()
    for label, rules, players in tables:
        checked = sum(check_rounds(rules, players, seed, args.moves) for seed in range(args.seeds))
        total += checked
        print(f"{label}: {checked:,} positions agree ({time.perf_counter() - start:.0f} s)", flush=True)
    print(f"all {len(tables)} tables: {total:,} positions, no difference")


if __name__ == "__main__":
    main()
