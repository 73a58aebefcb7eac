"""`cardsearch`'s playouts per CPU-second on UECda tables: on the engine's `State` and on the compiled kernel.

    .venv/bin/python benchmarks/suited_playout_speed.py [--positions 12] [--rounds 5] [--preset uecda --players 5]

Positions are taken along heuristic-bot rounds (the seat to move in the play phase, two moves or more). Each round
searches every position on both paths, in turn (which path goes first alternates from round to round), with
`CardSearchBot.evaluate` as the bot searches: deals of the hidden cards drawn from what the seat knows, every
candidate move played out on each deal by the playout policy until the seat's place is settled. One playout is one
move on one deal, its deal drawn included. The rate is playouts per CPU-second of this process
(`time.process_time`), and the ratio is taken within each round before its median and spread are printed, so a
load that changes during the run weighs on both paths alike. The machine's load average is printed beside.
The engine path gets `--engine-playouts` per position, the kernel `--compiled-playouts` (more: it is faster), so
that both slices last long enough to time. Both paths give the same places on the same deals
(tests/bots/test_suited_playout.py).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from presidente.bots import suited_playout
from presidente.bots.card_search import CardSearchBot
from presidente.bots.president_heuristic import HeuristicBot
from presidente.president import new_game
from presidente.president.actions import Action
from presidente.president.observation import Observation
from presidente.president.rules import Rules, find_preset
from presidente.president.state import Phase


def positions(preset: str, players: int, count: int) -> list[tuple[Observation, list[Action]]]:
    """Play positions along seeded heuristic rounds of `preset`, every fourth decision with a choice."""
    return positions_of(find_preset(preset), players, count)


def positions_of(rules: Rules, players: int, count: int) -> list[tuple[Observation, list[Action]]]:
    """Play positions along seeded heuristic rounds, every fourth decision with a choice."""
    found: list[tuple[Observation, list[Action]]] = []
    seed = 0
    while len(found) < count:
        state = new_game(rules, players, seed)
        bot, rng = HeuristicBot(rules), random.Random(seed)
        for step in range(400):
            if state.is_over or len(found) == count or len(state.results) > 1:
                break
            seat = state.current_player
            assert seat is not None
            observation, legal = state.observation(seat), state.offered_actions()
            if state.phase is Phase.PLAY and step % 4 == 1 and len(legal) > 1:
                found.append((observation, legal))
            state.apply(bot.choose(observation, legal, rng).action, seat)
        seed += 1
    return found


def rate(found: list[tuple[Observation, list[Action]]], compiled: bool, playouts: int, seed: int) -> float:
    """Playouts per CPU-second over every position on one path."""
    done, spent = 0, 0.0
    for index, (observation, legal) in enumerate(found):
        bot = CardSearchBot(time=0, iterations=playouts, compiled=compiled)
        rng = random.Random(seed * 1000 + index)
        start = time.process_time()
        bot.evaluate(observation, legal, rng)
        spent += time.process_time() - start
        done += bot.last_playouts
    return done / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="uecda")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--engine-playouts", type=int, default=60)
    parser.add_argument("--compiled-playouts", type=int, default=1500)
    args = parser.parse_args()
    if not suited_playout.ready(wait=True):  # loads (or compiles, the first time) the kernel before any timing
        raise SystemExit("numba is not installed (the envs extra): only the engine path can run")
    found = positions(args.preset, args.players, args.positions)
    print(f"{args.preset}, {args.players} players: {len(found)} positions; load average {os.getloadavg()[0]:.2f}")
    engines, kernels, ratios = [], [], []
    for round_index in range(args.rounds):
        paths = [(False, args.engine_playouts), (True, args.compiled_playouts)]
        if round_index % 2:
            paths.reverse()
        rates = {compiled: rate(found, compiled, playouts, round_index) for compiled, playouts in paths}
        engines.append(rates[False])
        kernels.append(rates[True])
        ratios.append(rates[True] / rates[False])
        print(
            f"round {round_index + 1}: engine {rates[False]:,.0f}, compiled {rates[True]:,.0f} playouts/CPU-s, "
            f"ratio {ratios[-1]:.1f}x; load average {os.getloadavg()[0]:.2f}"
        )

    def spread(values: list[float], digits: int = 0) -> str:
        return f"{statistics.median(values):,.{digits}f} ({min(values):,.{digits}f}-{max(values):,.{digits}f})"

    print(f"engine:   {spread(engines)} playouts per CPU-second (median, least-greatest round)")
    print(f"compiled: {spread(kernels)} playouts per CPU-second")
    print(f"ratio:    {spread(ratios, 1)}x")


if __name__ == "__main__":
    main()
