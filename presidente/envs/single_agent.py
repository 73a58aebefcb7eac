"""A Gymnasium environment: one seat learns, bots from the registry play the other seats.

The observation is the learning seat's vector (the PettingZoo environment's ``observation``), the action an
index of the same action space, and `action_masks()` gives the legal indices as booleans, the method
sb3-contrib's MaskablePPO asks for (the mask is in ``info["action_mask"]`` too). The reward is what the
learning seat earns (see `president_v0` and `el_presidente_v0`); the episode ends when the seat is
terminated there. An index outside the mask ends the episode with `illegal_reward` and
``info["illegal_action"] = True`` (``illegal="raise"`` raises the engine's `IllegalActionError` instead):
no other move is ever made in its place.

`reset(seed=s)` deals the engine's match seed `s`, and the bots draw from generators seeded by `s` and
their seat, so a seed and the learner's actions replay an episode exactly.

Where the compiled table covers the rules (`president_v0`'s ``engine="auto"``: `bga`, `victorz`,
`trump-jokers`, `college` with 4 players) the match is played on it: the learner's observation and mask come
from the compiled table, and the bots' moves are made on it and on the reference state the bots read (brought
up to date move by move), so an episode equals the reference engine's (``engine="reference"``) exactly.
`max_cycles` truncates the episode after that many moves of all seats (``truncated=True``).

`vector_env(num_envs, ...)` batches the environment for Gymnasium (a `SyncVectorEnv` of it, with
`action_masks()` for the batch).

>>> env = president_env(preset="bga", opponents="random", options={"rounds": 1})
>>> observation, info = env.reset(seed=3)
>>> observation.shape == env.observation_space.shape and bool(env.action_masks().any())
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import SyncVectorEnv

from presidente.envs import el_presidente_v0, president_v0
from presidente.envs.aec import BOUND, TableEnv
from presidente.errors import IllegalActionError

ILLEGAL = ("terminate", "raise")


class SingleAgentEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One learning seat of a `TableEnv`; `opponents` is one bot name for every other seat or one per seat
    (in seat order, the learner's own entry skipped); `seat` is the learner's seat, or None for a seat drawn
    from each episode's seed."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's instance attribute

    def __init__(
        self,
        table: TableEnv[Any],
        game: str,
        opponents: str | Sequence[str] = "heuristic",
        seat: int | None = 0,
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        from presidente.bots.registry import make_bot

        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}.")
        players = table.players
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, or None, not {seat}.")
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise ValueError(f"Give one bot name, or {players - 1} (one per other seat), not {len(names)}.")
        self.table = table
        self.game = game
        self.opponent_names = names
        rules = getattr(table, "rules", None) if game == "president" else None
        self._bots = [make_bot(name, game, rules) for name in names]
        self.fixed_seat = seat
        self.seat = seat if seat is not None else 0
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-BOUND, BOUND, (table.observation_size,), np.float32)
        self.action_space = spaces.Discrete(table.action_size)
        self._mask = np.zeros(table.action_size, dtype=np.int8)
        self._rngs: dict[int, random.Random] = {}
        self._done = True

    @property
    def learner(self) -> str:
        return self.table.possible_agents[self.seat]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        self.table.reset(seed=seed)
        match_seed = self.table.match_seed
        if self.fixed_seat is None:
            self.seat = random.Random(f"{match_seed}:learner").randrange(self.table.players)
        self._rngs = {s: random.Random(f"{match_seed}:bot:{s}") for s in range(self.table.players)}
        self._done = False
        self._play_others()  # nothing is earned before the learner's first move
        return self._observe()

    def step(self, action: Any) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        if self._done:
            raise IllegalActionError("The episode is over: call reset().")
        index = int(action)
        if not (0 <= index < self.table.action_size and self._mask[index]):
            if self.illegal == "raise":
                raise IllegalActionError(f"Action {index} is not legal now: choose one of action_masks().")
            self._done = True
            observation, info = self._observe()
            info["illegal_action"] = True
            return observation, float(self.illegal_reward), True, False, info
        self.table.step(index)
        earned = float(self.table.rewards.get(self.learner, 0.0))
        reward, terminated, truncated = self._play_others()
        observation, info = self._observe()
        self._done = terminated or truncated
        return observation, earned + reward, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal indices now, as MaskablePPO wants them."""
        return self._mask.astype(bool)

    def render(self) -> str | None:
        return self.table.describe() if self.render_mode == "ansi" else None

    def _play_others(self) -> tuple[float, bool, bool]:
        """Let the bots move (and terminated seats leave) until the learner is to act or is terminated or
        truncated; what the learner earned meanwhile, and whether it is terminated, and truncated."""
        table, learner = self.table, self.learner
        earned = 0.0
        while table.agents:
            agent = table.agent_selection
            if agent == learner:
                break
            if table.terminations[agent] or table.truncations[agent]:
                table.step(None)
            else:
                seat = table.agent_seats[agent]
                bot = self._bots[seat if seat < self.seat else seat - 1]
                observation, legal = self._bot_view(seat)
                table.step_action(bot.choose(observation, legal, self._rngs[seat]).action)
            earned += float(table.rewards.get(learner, 0.0))
        # The learner is never stepped out here: it stays in the match's dicts until the next reset.
        return earned, bool(table.terminations.get(learner, True)), bool(table.truncations.get(learner, False))

    def _bot_view(self, seat: int) -> tuple[Any, Sequence[Any]]:
        state: Any = self.table.state
        legal = state.offered_actions() if self.game == "president" else state.legal_actions()
        return state.observation(seat), legal

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        seen = self.table.observe(self.learner)
        self._mask = seen["action_mask"]
        return seen["observation"], {"action_mask": self._mask.copy(), "seat": self.seat}


def president_env(
    preset: str = "bga",
    players: int = 4,
    options: Mapping[str, Any] | Iterable[str] | None = None,
    reward: str = "score",
    opponents: str | Sequence[str] = "heuristic",
    seat: int | None = 0,
    illegal: str = "terminate",
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
    engine: str = "auto",
    max_cycles: int | None = None,
) -> SingleAgentEnv:
    """President for one learning seat (see `president_v0.raw_env` for the table's arguments)."""
    table = president_v0.raw_env(
        preset=preset, players=players, options=options, reward=reward, engine=engine, max_cycles=max_cycles
    )
    return SingleAgentEnv(table, "president", opponents, seat, illegal, illegal_reward, render_mode)


def el_presidente_env(
    players: int = 4,
    teams: str | None = None,
    games: int = 1,
    opponents: str | Sequence[str] = "heuristic",
    seat: int | None = 0,
    illegal: str = "terminate",
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
    max_cycles: int | None = None,
) -> SingleAgentEnv:
    """El Presidente for one learning seat (see `el_presidente_v0.raw_env`)."""
    table = el_presidente_v0.raw_env(players=players, teams=teams, games=games, max_cycles=max_cycles)
    return SingleAgentEnv(table, "elpresidente", opponents, seat, illegal, illegal_reward, render_mode)


class SingleAgentVectorEnv(SyncVectorEnv):
    """A batch of single-agent environments stepped in turn (Gymnasium's `SyncVectorEnv`), with the batch's
    masks. Sub-environment `i` is reset with seed ``s + i`` by ``reset(seed=s)``. Autoreset is Gymnasium's
    default, `NEXT_STEP`: after a row's episode ends its mask is all False and its next action is ignored (the
    step resets it)."""

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """(num_envs, actions): each sub-environment's legal actions now."""
        masks: tuple[npt.NDArray[np.bool_], ...] = self.call("action_masks")
        return np.stack(masks)


GAMES: dict[str, Callable[..., SingleAgentEnv]] = {"president": president_env, "elpresidente": el_presidente_env}


def vector_env(num_envs: int, game: str = "president", **kwargs: Any) -> SingleAgentVectorEnv:
    """`num_envs` copies of `president_env(**kwargs)` (or `el_presidente_env` for ``game="elpresidente"``) in a
    `SingleAgentVectorEnv`.

    >>> envs = vector_env(2, preset="bga", opponents="random", options={"rounds": 1})
    >>> observations, info = envs.reset(seed=3)
    >>> observations.shape[0], envs.action_masks().shape
    (2, (2, 225))
    """
    if game not in GAMES:
        raise ValueError(f"game must be one of {', '.join(GAMES)}, not {game!r}.")
    make = GAMES[game]
    return SingleAgentVectorEnv([partial(make, **kwargs) for _ in range(num_envs)])
