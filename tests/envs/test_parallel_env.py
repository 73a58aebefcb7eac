"""The PettingZoo parallel API (`parallel_env`, PettingZoo's turn-based design: the acting agent's action is
applied, the others' ignored) and `max_cycles` (truncation after that many moves), on both games."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test  # type: ignore[import-untyped]

from presidente.envs import el_presidente_v0, president_v0
from presidente.envs.aec import ParallelTable
from presidente.envs.single_agent import president_env
from presidente.errors import IllegalActionError
from presidente.president import PRESETS

# Every preset: `uecda` and `daifugo` play on the suit-aware encodings (tests/envs/test_suited_env.py).
EVERY_PRESET = sorted(PRESETS)

SHORT = {"rounds": 2}


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("name", EVERY_PRESET)
def test_parallel_api_test_passes_on_every_preset(name: str) -> None:
    players = 4 if PRESETS[name].rules.min_players <= 4 <= PRESETS[name].rules.max_players else 5
    parallel_api_test(president_v0.parallel_env(preset=name, players=players, options=SHORT), num_cycles=150)


@pytest.mark.parametrize(
    ("name", "players", "options"),
    [("bga", 6, {}), ("victorz", 8, {}), ("college", 5, {"decks": 2}), ("college-draft", 3, {})],
)
def test_parallel_api_test_passes_at_other_table_sizes(name: str, players: int, options: dict[str, int]) -> None:
    # Other player counts and decks (on the compiled kernel where it covers them), with a max_cycles of its own.
    env = president_v0.parallel_env(preset=name, players=players, options={**options, **SHORT}, max_cycles=90)
    parallel_api_test(env, num_cycles=120)


@pytest.mark.parametrize("teams", [None, "2v2"])
def test_parallel_api_test_passes_on_el_presidente(teams: str | None) -> None:
    parallel_api_test(el_presidente_v0.parallel_env(players=4, teams=teams), num_cycles=150)


def play_parallel(env: Any, seed: int, others: int = 0) -> tuple[dict[str, float], list[int], int]:
    """A whole match with random masked moves for the agent to act and `others` for everyone else: total
    rewards, the moves made, and the steps."""
    observations, infos = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    moves, steps = [], 0
    while env.agents:
        active = infos[env.agents[0]]["active_agent"]
        assert all(infos[agent]["active_agent"] == active for agent in env.agents)
        for agent in env.agents:
            assert observations[agent]["action_mask"].any() == (agent == active)
        move = int(rng.choice(np.flatnonzero(observations[active]["action_mask"])))
        actions = dict.fromkeys(env.agents, others)
        actions[active] = move
        observations, rewards, terminations, truncations, infos = env.step(actions)
        assert set(rewards) == set(terminations) == set(truncations) >= set(env.agents)
        for agent, reward in rewards.items():
            totals[agent] += reward
        moves.append(move)
        steps += 1
    return totals, moves, steps


def test_the_parallel_env_plays_the_aec_match_and_ignores_the_other_agents_actions() -> None:
    def aec_totals(moves: list[int]) -> dict[str, float]:
        env = president_v0.env(preset="bga", options={"rounds": 1})
        env.reset(seed=4)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        made = iter(moves)
        for agent in env.agent_iter():
            _observation, reward, terminated, truncated, _info = env.last()
            totals[agent] += reward
            env.step(None if terminated or truncated else next(made))
        return totals

    totals, moves, _steps = play_parallel(president_v0.parallel_env(preset="bga", options={"rounds": 1}), 4)
    assert (totals, moves) == play_parallel(president_v0.parallel_env(preset="bga", options={"rounds": 1}), 4, 7)[:2]
    assert totals == aec_totals(moves)
    assert sorted(totals.values()) == [0.0, 1.0, 2.0, 3.0]  # bga: a point per player beaten


def test_the_parallel_env_needs_the_acting_agents_action() -> None:
    env = el_presidente_v0.parallel_env(players=3)
    _observations, infos = env.reset(seed=1)
    active = infos["player_0"]["active_agent"]
    with pytest.raises(IllegalActionError, match="to move"):
        env.step({agent: 0 for agent in env.agents if agent != active})


@pytest.mark.parametrize("engine", ["compiled", "reference"])
def test_max_cycles_truncates_every_agent_after_that_many_moves(engine: str) -> None:
    env = president_v0.raw_env(preset="bga", max_cycles=25, engine=engine)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    moves = 0
    for _agent in env.agent_iter():
        observation, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            assert truncated and moves == 25 and not observation["action_mask"].any()
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        moves += 1
    assert moves == 25 and env.agents == []
    # The parallel env counts its steps the same way (parallel_api_test sets `max_cycles` on it).
    parallel = president_v0.parallel_env(preset="bga")
    parallel.max_cycles = 9
    assert play_parallel(parallel, 3)[2] == 9
    api_test(president_v0.env(preset="college-draft", players=5, max_cycles=20), num_cycles=60)
    api_test(el_presidente_v0.env(players=4, max_cycles=20), num_cycles=60)


def test_pettingzoo_makes_the_parallel_envs_by_name_with_max_cycles() -> None:
    import pettingzoo  # type: ignore[import-untyped]

    import presidente.envs  # noqa: F401 - registers

    env = pettingzoo.make("parallel", "presidente/president_v0", preset="uecda", players=5, max_cycles=12)
    assert isinstance(env, ParallelTable) and env.table.rules.name == "uecda"
    totals, _moves, steps = play_parallel(env, 6)
    assert steps == 12 and set(totals) == set(env.possible_agents)
    duel = pettingzoo.make("parallel", "presidente/el_presidente_v0", players=2, max_cycles=5)
    assert play_parallel(duel, 1)[2] == 5


def test_max_cycles_truncates_the_single_agent_episode_and_bad_values_are_refused() -> None:
    env = president_env(preset="bga", opponents="random", max_cycles=30)
    _observation, info = env.reset(seed=2)
    truncated = terminated = False
    while not (terminated or truncated):
        action = int(np.flatnonzero(info["action_mask"])[0])
        _observation, _reward, terminated, truncated, info = env.step(action)
    assert truncated and not terminated and env.table.cycles == 30
    for bad in (0, -1, 2.5, True):
        with pytest.raises(ValueError, match="max_cycles"):
            president_v0.env(max_cycles=bad)
