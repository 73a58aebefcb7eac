"""Shared by the environment tests: a match played with random legal actions."""

from __future__ import annotations

from typing import Any

import numpy as np


def play_env(env: Any, seed: int) -> dict[str, float]:
    """Play a match with random legal actions; the total reward each agent was handed."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals
