"""Thousands of seeded matches played through the fast engines and the reference engine side by side.

    .venv/bin/python benchmarks/envs_differential.py [matches] [first_seed] [batch] [preset] [--aec]
        [--players N] [--decks D] [--jokers J] [--rounds R] [--random [--suited]] [--elpresidente]

Plays `matches` (default 1000) whole matches of `preset` (`bga` by default, `victorz`, `trump-jokers`, `college`; `all`:
each of them in turn, and `college-draft` with ``--aec``; with ``--aec`` also `uecda` and `daifugo`, whose play phases
run on the suit kernel), `batch` (default 100) at a time, at `--players` seats (4 by default), with uniformly random
legal moves, comparing before and after every move the legal-action set, the state and the rewards of the vectorized
engine and the reference engine (`presidente.envs.vector_check`); prints what the matches went through, or stops at the
first difference.

With ``--aec`` it compares `president_v0` on the compiled table with `president_v0` on the reference engine instead
(`presidente.envs.compiled_check`): each seed's whole match with score rewards, then its first two rounds as a two-round
match with place rewards (the last round terminates seats as their places settle), every agent's observation and mask,
the rewards, cumulative rewards and terminations before every step, and every 25 steps the reference `State` rebuilt
from the compiled table's moves; at `--players` seats (4 by default) with `--decks` decks of `--jokers` jokers each and
whole matches of `--rounds` rounds (the preset's by default). ``--aec --random`` draws an option set the compiled table
covers for each batch instead (`compiled_check.random_option_set`: a preset, 3 to 8 players, 1 to 3 decks of 0 to 2
jokers, 1 to 6 rounds, and the option values the kernel plays), from a generator seeded by the first seed, and names
each one; with ``--suited`` a suit table's (`compiled_check.random_suited_option_set`: `uecda` or `daifugo`, 3 to 8
players, 1 to 4 rounds, Daifugo and UECda options at random values).

With ``--elpresidente`` it compares `el_presidente_v0` on its compiled table with `el_presidente_v0` on the reference
engine (`presidente.envs.elpresidente_check`): batch i plays at the i-th of every player count and team layout
(`every_table`, in turn) with 1 to 3 games and a battle limit drawn from a generator seeded by the first seed
(`random_rules`), and every fifth batch with a random `max_cycles`; every observation and mask, the rewards,
terminations and truncations before every step, and every 25 steps the reference `State` rebuilt from the moves.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time

from presidente.envs.compiled_check import (
    AecCoverage,
    play_aec_side_by_side,
    random_option_set,
    random_suited_option_set,
)
from presidente.envs.compiled_table import COMPILED_PRESETS
from presidente.envs.vector_bga import PRESETS
from presidente.envs.vector_check import Coverage, play_side_by_side
from presidente.president import find_preset
from presidente.president.rules import Rules

AEC_FIELDS = ("matches", "rounds", "steps", "early_terminations", "state_checks")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("matches", nargs="?", type=int, default=1000)
    parser.add_argument("first", nargs="?", type=int, default=0)
    parser.add_argument("batch", nargs="?", type=int, default=100)
    parser.add_argument("preset", nargs="?", default="bga")
    parser.add_argument("--aec", action="store_true")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--decks", type=int)
    parser.add_argument("--jokers", type=int)
    parser.add_argument("--rounds", type=int, help="rounds of a whole match (the preset's by default)")
    parser.add_argument("--random", action="store_true")
    parser.add_argument("--suited", action="store_true", help="with --aec --random: suit tables (uecda, daifugo)")
    parser.add_argument("--elpresidente", action="store_true", help="el_presidente_v0, compiled against reference")
    args = parser.parse_args()
    if args.elpresidente:
        compare_elpresidente(args.matches, args.first, args.batch)
        return
    every = COMPILED_PRESETS if args.aec else PRESETS
    names = every if args.preset == "all" else (args.preset,)
    if args.aec and args.random:
        random_option_sets(args.matches, args.first, args.batch, args.suited)
        return
    for name in names:
        rules = find_preset(name)
        pack = {"decks": args.decks, "jokers_per_deck": args.jokers, "rounds": args.rounds}
        rules = rules.replace(**{key: value for key, value in pack.items() if value is not None})
        if args.aec:
            compare_aec(rules, args.players, range(args.first, args.first + args.matches), args.batch)
        else:
            compare_vector(rules, args.matches, args.first, args.batch, args.players)


def compare_aec(rules: Rules, players: int, seeds: range, batch: int) -> None:
    """Each seed's whole match (score rewards) and its two-round match (place rewards), on both engines."""
    start = time.perf_counter()
    whole, short = AecCoverage(), AecCoverage()
    for begin in range(seeds.start, seeds.stop, batch):
        chunk = range(begin, min(begin + batch, seeds.stop))
        for total, done in (
            (whole, play_aec_side_by_side(chunk, rules, "score", begin, 25, players)),
            (short, play_aec_side_by_side(chunk, rules.replace(rounds=2), "place", begin, 25, players)),
        ):
            for field in AEC_FIELDS:
                setattr(total, field, getattr(total, field) + getattr(done, field))
    seconds = time.perf_counter() - start
    print(
        f"{rules.name}, {players} players, {rules.decks} deck(s) of {rules.jokers_per_deck} joker(s): president_v0"
        f" compiled against reference: no difference, seeds {seeds.start} to {seeds.stop - 1} ({seconds:.0f} s):"
    )
    for label, total in (("whole matches, score rewards", whole), ("two-round matches, place rewards", short)):
        print(
            f"  {label}: {total.matches} matches, {total.rounds} rounds, {total.steps} agent steps,"
            f" {total.early_terminations} seats terminated early, {total.state_checks} rebuilt states compared"
        )


def random_option_sets(matches: int, first: int, batch: int, suited: bool = False) -> None:
    """`matches` seeds from `first`, a random covered option set per batch (`suited`: a suit table's)."""
    rng = random.Random(first)
    start = time.perf_counter()
    total = AecCoverage()
    sets = 0
    for begin in range(first, first + matches, batch):
        rules, players = random_suited_option_set(rng) if suited else random_option_set(rng)
        reward = rng.choice(("score", "place"))
        chunk = range(begin, min(begin + batch, first + matches))
        done = play_aec_side_by_side(chunk, rules, reward, begin, 25, players)
        sets += 1
        print(f"  {rules.name}, {players} players, {changed(rules)}, {reward} rewards: {done.steps} agent steps, fine")
        for field in AEC_FIELDS:
            setattr(total, field, getattr(total, field) + getattr(done, field))
    seconds = time.perf_counter() - start
    print(
        f"{sets} random option sets, president_v0 compiled against reference: no difference in {total.matches}"
        f" matches, {total.rounds} rounds, {total.steps} agent steps, {total.early_terminations} seats terminated"
        f" early, {total.state_checks} rebuilt states compared ({seconds:.0f} s)"
    )


def compare_elpresidente(matches: int, first: int, batch: int) -> None:
    """`matches` El Presidente matches from seed `first`, an option set per batch (see the module)."""
    from presidente.envs import elpresidente_check

    rng = random.Random(first)
    tables = elpresidente_check.every_table()
    start = time.perf_counter()
    total = elpresidente_check.Coverage()
    for number, begin in enumerate(range(first, first + matches, batch)):
        rules = elpresidente_check.random_rules(rng, tables[number % len(tables)])
        cycles = rng.randint(20, 400) if number % 5 == 4 else None
        chunk = range(begin, min(begin + batch, first + matches))
        done = elpresidente_check.play_side_by_side(chunk, rules, begin, 25, cycles)
        print(f"  {rules}, max_cycles={cycles}: {done}, fine", flush=True)
        for field in dataclasses.fields(total):
            setattr(total, field.name, getattr(total, field.name) + getattr(done, field.name))
    seconds = time.perf_counter() - start
    print(f"el_presidente_v0 compiled against reference: no difference, seeds {first} to {first + matches - 1}:")
    print(f"  {total} ({seconds:.0f} s)")


def changed(rules: Rules) -> str:
    """The options of `rules` that differ from its preset's."""
    base = find_preset(rules.name)
    return ", ".join(
        f"{field.name}={getattr(rules, field.name)!r}"
        for field in dataclasses.fields(rules)
        if getattr(rules, field.name) != getattr(base, field.name)
    )


def compare_vector(rules: Rules, matches: int, first: int, batch: int, players: int) -> None:
    start = time.perf_counter()
    total = Coverage()
    for begin in range(first, first + matches, batch):
        chunk = range(begin, min(begin + batch, first + matches))
        done = play_side_by_side(chunk, rules, choice_seed=begin, players=players)
        for field in ("matches", "rounds", "moves", "transfers", "downfalls", "illegal_finishes", "revolutions"):
            setattr(total, field, getattr(total, field) + getattr(done, field))
    seconds = time.perf_counter() - start
    seeds = f"seeds {first} to {first + matches - 1}"
    table = f"{rules.name}, {players} players, {rules.decks} deck(s) of {rules.jokers_per_deck} joker(s)"
    print(f"{table}: no difference in {total.matches} matches, {seeds} ({seconds:.0f} s):")
    print(f"  {total.rounds} rounds (deals), {total.moves} moves, {total.transfers} transfers,")
    print(f"  {total.downfalls} downfalls, {total.illegal_finishes} illegal finishes, {total.revolutions} revolutions")


if __name__ == "__main__":
    main()
