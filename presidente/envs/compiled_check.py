"""`president_v0` on the compiled table checked against `president_v0` on the reference engine.

`play_aec_side_by_side(seeds, rules, reward, choice_seed, state_every, players)` plays one match per seed through two
`president_v0` environments at once (the same two for every seed, reset), ``engine="compiled"`` and
``engine="reference"``, driving both with the same uniformly random legal moves as a PettingZoo driver does
(terminated agents stepped with None), and before every step compares the agents, the agent to act, every agent's
observation and action mask, and `last()`: rewards, cumulative rewards, terminations, truncations and infos. The
first difference raises `Mismatch` naming the seed and the step. Every `state_every` steps (0: never; the first after
`state_every` steps, so that the compiled environment plays the start of each match without building it) it also
asks the compiled environment for its reference `State` (rebuilt from the moves) and compares its position, and the
two `render()` texts. The suit tables (`uecda`, `daifugo`) are compared the
same way: ``engine="compiled"`` plays their play phases on the suit kernel (`suited_table`). tests/envs runs it on
small matches of every preset; ``benchmarks/envs_differential.py ... --aec`` on thousands of deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from presidente.envs import president_v0
from presidente.envs.aec import TableEnv
from presidente.envs.compiled_table import COMPILED_PRESETS, KERNEL_VALUES, covers
from presidente.envs.vector_check import Mismatch
from presidente.errors import RulesError
from presidente.president import find_preset
from presidente.president.rules import Rules


@dataclass
class AecCoverage:
    """What the compared matches went through."""

    matches: int = 0
    rounds: int = 0
    steps: int = 0
    early_terminations: int = 0
    state_checks: int = 0


def play_aec_side_by_side(
    seeds: Sequence[int],
    rules: Rules,
    reward: str = "score",
    choice_seed: int = 0,
    state_every: int = 0,
    players: int = 4,
) -> AecCoverage:
    """Play a match per seed through both engines behind `president_v0`, comparing everything (see the module)."""
    coverage = AecCoverage()
    rng = random.Random(choice_seed)
    # One environment per engine for all the matches, as a trainer resets its own (what a reset keeps is checked).
    fast, slow = (
        president_v0.raw_env(preset=rules, players=players, reward=reward, engine=engine, render_mode="ansi")
        for engine in ("compiled", "reference")
    )
    for seed in seeds:
        fast.reset(seed=seed)
        slow.reset(seed=seed)
        coverage.matches += 1
        step = 0
        while True:
            compare_envs(fast, slow, seed, step)
            if not fast.agents:
                break
            if state_every and step % state_every == state_every - 1:
                coverage.state_checks += 1
                if fast.state is None or slow.state is None or fast.state.to_position() != slow.state.to_position():
                    raise Mismatch(f"seed {seed}, step {step}: the rebuilt state differs from the reference state")
                if fast.render() != slow.render():
                    raise Mismatch(f"seed {seed}, step {step}: render: {fast.render()!r} against {slow.render()!r}")
            agent = fast.agent_selection
            if fast.terminations[agent]:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(fast.observe(agent)["action_mask"]).tolist()))
            done_before = sum(slow.terminations.values())
            fast.step(action)
            slow.step(action)
            step += 1
            coverage.steps += 1
            if action is not None and not slow._table().is_over:
                # Seats paid and terminated before the match's end: places settled in its last round.
                coverage.early_terminations += sum(slow.terminations.values()) - done_before
        coverage.rounds += slow._table().round_number
    return coverage


def random_option_set(rng: random.Random) -> tuple[Rules, int]:
    """A table the compiled table covers, drawn from `rng`: a preset of `COMPILED_PRESETS`, 3 to 8 players, 1 to 3
    decks of 0 to 2 jokers, 1 to 6 rounds, and each option of `KERNEL_VALUES` at a random value its declaration
    allows with probability 1/3 (drawn again until the kernel covers the set)."""
    while True:
        rules = find_preset(rng.choice(COMPILED_PRESETS))
        changes: dict[str, object] = {
            "decks": rng.randint(1, 3),
            "jokers_per_deck": rng.randint(0, 2),
            "rounds": rng.randint(1, 6),
            "min_players": 2,
        }
        for name, values in KERNEL_VALUES.items():
            if rng.random() < 1 / 3:
                changes[name] = _random_value(rng, name, values, getattr(rules, name))
        try:
            rules = rules.replace(**changes)
        except RulesError:
            continue
        players = rng.randint(3, 8)
        if covers(rules, players):
            return rules, players


def _random_value(rng: random.Random, name: str, values: frozenset[object] | None, current: object) -> object:
    if values is not None:
        return rng.choice(sorted(values, key=str))
    if isinstance(current, bool):
        return rng.random() < 0.5
    if name == "credit_changes":
        return tuple(rng.randint(-20, 10) for _ in range(5))
    if name == "special_three":
        return rng.choice(("3C", "3D", "3H", "3S"))
    if isinstance(current, int):
        low, high = {
            "revolution_cards": (2, 8),
            "top_roles_min_players": (2, 5),
            "vice_roles_min_players": (2, 5),
            "top_exchange_cards": (0, 4),
            "vice_exchange_cards": (0, 4),
            "draft_cards": (1, 4),
            "credit_start": (5, 60),
        }[name]
        return rng.randint(low, high)
    choices = {
        "joker_mode": ("wild", "bga", "trump"),
        "revolution_scope": ("round", "trick"),
        "first_round_leader": ("special-three", "random"),
        "deal_extras": ("president-first", "lowest-first", "dealer-left"),
        "exchange": ("none", "trade", "draft"),
        "exchange_order": ("loser-first", "winner-first", "in-return"),
        "scoring": ("beaten", "credit", "places"),
    }[name]
    return rng.choice(choices)


def compare_envs(fast: TableEnv[Any], slow: TableEnv[Any], seed: int, step: int) -> None:
    """Raise `Mismatch` at the first difference an agent could see between two environments of one game (a
    compiled table and the reference engine): the agents, the one to act, rewards, ends, infos, every agent's
    observation and mask, and `last()`."""

    def check(name: str, ours: object, theirs: object) -> None:
        if ours != theirs:
            raise Mismatch(f"seed {seed}, step {step}: {name}: compiled {ours!r}, reference {theirs!r}")

    check("agents", fast.agents, slow.agents)
    if not fast.agents:
        return
    check("agent to act", fast.agent_selection, slow.agent_selection)
    check("rewards", fast.rewards, slow.rewards)
    check("cumulative rewards", fast._cumulative_rewards, slow._cumulative_rewards)
    check("terminations", fast.terminations, slow.terminations)
    check("truncations", fast.truncations, slow.truncations)
    check("infos", fast.infos, slow.infos)
    for agent in fast.agents:
        ours, theirs = fast.observe(agent), slow.observe(agent)
        vector, reference = ours["observation"], theirs["observation"]
        if vector.dtype != reference.dtype or not np.array_equal(vector, reference):
            where = np.flatnonzero(vector != reference).tolist()
            check(f"observation of {agent} at {where}", vector[where].tolist(), reference[where].tolist())
        check(
            f"action mask of {agent}",
            np.flatnonzero(ours["action_mask"]).tolist(),
            np.flatnonzero(theirs["action_mask"]).tolist(),
        )
        check(f"mask type of {agent}", ours["action_mask"].dtype, theirs["action_mask"].dtype)
    ours_last, their_last = fast.last(), slow.last()
    check("last()", ours_last[1:4], their_last[1:4])
    if ours_last[0] is not None and their_last[0] is not None:
        for key in ("observation", "action_mask"):
            if not np.array_equal(ours_last[0][key], their_last[0][key]):
                check(f"last()'s {key}", ours_last[0][key].tolist(), their_last[0][key].tolist())


# The Daifugo and UECda options a random suit table draws (`random_suited_option_set`), with their values.
SUITED_VALUES: dict[str, tuple[object, ...]] = {
    "jack_back": (False, True),
    "eight_cut": (False, True),
    "five_skip": (False, True),
    "nine_reverse": (False, True),
    "spade_three_return": (False, True),
    "suit_lock": (False, True),
    "sequences": (False, True),
    "sequence_min": (3, 4),
    "sequence_joker_ends": (False, True),
    "sequence_revolution": (0, 4, 5),
    "joker_suits": (False, True),
    "number_lock": (False, True),
    "trick_end": ("all-passed", "others-passed"),
    "lead_pass": (False, True),
    "pass_limit": (0, 3, 6),
    "seat_shuffle": (0, 1, 2),
    "rank_reset": (0, 2),
    "revolution": ("off", "strict", "relaxed", "jokers"),
    "revolution_scope": ("round", "trick"),
    "downfall": (False, True),
    "jokers_per_deck": (0, 1, 2),
    "penalize_final_joker": (False, True),
    "penalize_final_two": (False, True),
    "best_rank_ends_trick": (False, True),
    "eight_rule": (False, True),
}


def random_suited_option_set(rng: random.Random) -> tuple[Rules, int]:
    """A suit table the suit kernel covers, drawn from `rng`: `uecda` or `daifugo`, 3 to 8 players, 1 to 4 rounds,
    and each option of `SUITED_VALUES` at a random value with probability 1/3 (drawn again until covered)."""
    from presidente.envs import suited_table

    while True:
        rules = find_preset(rng.choice(("uecda", "daifugo")))
        changes: dict[str, object] = {"rounds": rng.randint(1, 4), "min_players": 3, "max_players": 8}
        for name, values in SUITED_VALUES.items():
            if rng.random() < 1 / 3:
                changes[name] = rng.choice(values)
        try:
            rules = rules.replace(**changes)
        except RulesError:
            continue
        players = rng.randint(3, 8)
        if suited_table.covers(rules, players):
            return rules, players
