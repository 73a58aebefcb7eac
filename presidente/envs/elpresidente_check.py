"""`el_presidente_v0` on the compiled table checked against `el_presidente_v0` on the reference engine.

`play_side_by_side(seeds, rules, choice_seed, state_every, max_cycles)` plays one match per seed through two
environments at once, ``engine="compiled"`` and ``engine="reference"``, driving both with the same uniformly random
legal moves as a PettingZoo driver does (terminated agents stepped with None), and before every step compares the
agents, the agent to act, every agent's observation and action mask, the rewards, cumulative rewards,
terminations, truncations and infos, and `last()`. The first difference raises `Mismatch` naming the seed and the
step. Every `state_every` steps (0: never) it also compares the reference `State` the compiled environment rebuilds
from its moves with the reference environment's, and the two `render()` texts. `random_rules` draws an option set at
one of `every_table`'s player counts and team layouts.
tests/envs runs it on small matches; ``benchmarks/envs_differential.py --elpresidente`` on thousands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from presidente.elpresidente import Rules
from presidente.elpresidente.rules import MAX_PLAYERS, MIN_PLAYERS
from presidente.envs import compiled_check, el_presidente_v0
from presidente.envs.vector_check import Mismatch

# The team layouts each player count allows (besides everyone for themselves).
LAYOUTS: dict[int, tuple[str, ...]] = {4: ("2v2",), 6: ("3v3", "2v2v2"), 8: ("4v4", "2v2v2v2")}


@dataclass
class Coverage:
    """What the compared matches went through."""

    matches: int = 0
    games: int = 0
    won: int = 0
    battle_limit: int = 0  # games drawn by the battle limit
    blocked: int = 0  # games ended with fewer than two players holding cards
    steps: int = 0
    state_checks: int = 0


def every_table() -> list[tuple[int, str | None]]:
    """Every (players, teams) El Presidente allows: 2 to 8 players alone, and each team layout."""
    return [(players, None) for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)] + [
        (players, layout) for players, layouts in LAYOUTS.items() for layout in layouts
    ]


def random_rules(rng: random.Random, table: tuple[int, str | None] | None = None) -> Rules:
    """An option set drawn from `rng` (at `table`'s players and teams, else any of `every_table`): 1 to 3 games,
    and a battle limit of 5 to 60 half the time (the default 1000 otherwise), so that drawn games come up too."""
    players, teams = table if table is not None else rng.choice(every_table())
    limit = rng.randint(5, 60) if rng.random() < 0.5 else 1000
    return Rules(players=players, teams=teams, games=rng.randint(1, 3), battle_limit=limit)


def play_side_by_side(
    seeds: Sequence[int], rules: Rules, choice_seed: int = 0, state_every: int = 0, max_cycles: int | None = None
) -> Coverage:
    """Play a match per seed through both engines behind `el_presidente_v0`, comparing everything (see the module)."""
    coverage = Coverage()
    rng = random.Random(choice_seed)
    for seed in seeds:
        fast, slow = (
            el_presidente_v0.raw_env(
                players=rules.players,
                teams=rules.teams,
                games=rules.games,
                battle_limit=rules.battle_limit,
                render_mode="ansi",
                max_cycles=max_cycles,
                engine=engine,
            )
            for engine in ("compiled", "reference")
        )
        fast.reset(seed=seed)
        slow.reset(seed=seed)
        coverage.matches += 1
        step = 0
        while True:
            compare_envs(fast, slow, seed, step)
            if not fast.agents:
                break
            if state_every and step % state_every == 0:
                coverage.state_checks += 1
                if fast.state is None or slow.state is None or fast.state != slow.state:
                    raise Mismatch(f"seed {seed}, step {step}: the rebuilt state differs from the reference state")
                if fast.render() != slow.render():
                    raise Mismatch(f"seed {seed}, step {step}: render: {fast.render()!r} against {slow.render()!r}")
            agent = fast.agent_selection
            if fast.terminations[agent] or fast.truncations[agent]:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(fast.observe(agent)["action_mask"]).tolist()))
            fast.step(action)
            slow.step(action)
            step += 1
            coverage.steps += 1
        state = slow.state
        assert state is not None
        coverage.games += len(state.end_reasons)
        coverage.won += state.end_reasons.count("won")
        coverage.battle_limit += state.end_reasons.count("battle limit")
        coverage.blocked += state.end_reasons.count("blocked")
    return coverage


def compare_envs(fast: el_presidente_v0.raw_env, slow: el_presidente_v0.raw_env, seed: int, step: int) -> None:
    """Raise `Mismatch` at the first difference an agent could see between the two environments: what
    `compiled_check.compare_envs` compares for every table, and the cards each seat was seen taking."""
    compiled_check.compare_envs(fast, slow, seed, step)
    if fast.agents and fast.known != slow.known:
        raise Mismatch(f"seed {seed}, step {step}: known: compiled {fast.known!r}, reference {slow.known!r}")
