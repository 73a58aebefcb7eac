"""Train a masked PPO agent (sb3-contrib) on `bga` against random bots for a few minutes, and show it improve.

After the README's quick start, from the checkout:

    .venv/bin/pip install -e '.[research]'          # the envs extra, sb3-contrib and torch 2.13.0
    .venv/bin/python examples/masked_ppo_bga.py --minutes 5

One seat learns in a 4-player `bga` round (``options={"rounds": 1}``) against three bots that play uniformly
random legal moves (`presidente.envs.single_agent.president_env`); its reward is the round's points, one per
player beaten. Before and after training, the script plays the same seeded evaluation rounds and prints the
learner's mean place (1 = first, 4 = last) and its win rate, beside a uniformly random player's on those
rounds. Torch runs on one thread, so the figures do not depend on the machine's core count.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from presidente.envs.single_agent import SingleAgentEnv, president_env

if TYPE_CHECKING:  # the research extra's packages are imported once the arguments are read (--help needs none)
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

PLAYERS = 4
# Evaluation rounds take seeds from here on; training rounds are drawn by the environment, far from them.
EVALUATION_SEED = 10**9


def make_env() -> SingleAgentEnv:
    return president_env(preset="bga", players=PLAYERS, options={"rounds": 1}, opponents="random")


Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], int]


def evaluate(choose: Policy, rounds: int) -> tuple[float, float]:
    """Mean place (1 = first) and win rate of the learning seat over `rounds` seeded rounds."""
    env = make_env()
    places = []
    for i in range(rounds):
        observation, _info = env.reset(seed=EVALUATION_SEED + i)
        done, points = False, 0.0
        while not done:
            observation, reward, done, _truncated, _info = env.step(choose(observation, env.action_masks()))
            points += reward
        # `bga` pays a point per player beaten, and the episode ends once the learner's place is settled.
        places.append(PLAYERS - round(points))
    return float(np.mean(places)), float(np.mean([place == 1 for place in places]))


def random_player(seed: int) -> Policy:
    rng = random.Random(seed)

    def choose(_observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return choose


def model_player(model: MaskablePPO) -> Policy:
    def choose(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        action, _state = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    return choose


def stop_after(seconds: float) -> BaseCallback:
    """A callback that stops training once `seconds` have passed."""
    from stable_baselines3.common.callbacks import BaseCallback

    class StopAfter(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.deadline = time.monotonic() + seconds

        def _on_step(self) -> bool:
            return time.monotonic() < self.deadline

    return StopAfter()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="training time (default 5)")
    parser.add_argument("--rounds", type=int, default=500, help="evaluation rounds before and after (default 500)")
    parser.add_argument("--envs", type=int, default=8, help="environments stepped together (default 8)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.vec_env import DummyVecEnv
    except ImportError as error:
        sys.exit(f"{error.name} is missing: install the research extra (.venv/bin/pip install -e '.[research]').")
    torch.set_num_threads(1)

    vector = DummyVecEnv([make_env for _ in range(args.envs)])
    vector.seed(args.seed)
    model = MaskablePPO(
        "MlpPolicy", vector, n_steps=256, batch_size=256, gamma=1.0, ent_coef=0.01, seed=args.seed, verbose=0
    )
    random_place, random_wins = evaluate(random_player(args.seed), args.rounds)
    print(f"random player      : mean place {random_place:.3f}, win rate {random_wins:.1%} ({args.rounds} rounds)")
    before_place, before_wins = evaluate(model_player(model), args.rounds)
    print(f"PPO before training: mean place {before_place:.3f}, win rate {before_wins:.1%}")

    started = time.monotonic()
    model.learn(total_timesteps=10**9, callback=stop_after(args.minutes * 60))
    elapsed = time.monotonic() - started
    print(f"trained {model.num_timesteps} learner steps in {elapsed:.0f} s ({model.num_timesteps / elapsed:.0f}/s)")
    after_place, after_wins = evaluate(model_player(model), args.rounds)
    print(f"PPO after training : mean place {after_place:.3f}, win rate {after_wins:.1%}")


if __name__ == "__main__":
    main()
