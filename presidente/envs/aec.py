"""What the President and El Presidente PettingZoo environments share: agents, spaces, seeding, stepping.

One engine `State` is the table; agent ``player_i`` is seat ``i``. The agent to act is the engine's seat to
move. Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``; the mask is all zero
for every agent but the one to act. An index outside the mask is refused with the engine's
`IllegalActionError` (a `ValueError`), never replaced by another move. Terminated agents are removed the
PettingZoo way: the next `step` of a terminated agent takes `None`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from presidente.errors import IllegalActionError

Observation = dict[str, npt.NDArray[Any]]


class EngineState(Protocol):
    @property
    def current_player(self) -> int | None: ...


StateT = TypeVar("StateT", bound=EngineState)
StateContra = TypeVar("StateContra", bound=EngineState, contravariant=True)


class Codec(Protocol[StateContra]):
    """A game's action space: its size, and indices to and from engine actions."""

    @property
    def size(self) -> int: ...

    def mask(self, state: StateContra) -> npt.NDArray[np.int8]: ...

    def decode(self, index: int, state: StateContra) -> Any: ...


def layout_slices(layout: Sequence[tuple[str, int, str]]) -> dict[str, slice]:
    """Where each named block of an observation layout lies in the vector."""
    slices: dict[str, slice] = {}
    start = 0
    for name, length, _meaning in layout:
        slices[name] = slice(start, start + length)
        start += length
    return slices


# Observation vectors stay within these bounds: counts, flags, scores (bounded by the rules).
BOUND = 1e6


class TableEnv(AECEnv, Generic[StateT]):  # type: ignore[misc]
    """An AEC environment around one engine state; subclasses say how to deal, encode, decode and score."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"], "is_parallelizable": False}

    state: StateT | None
    codec: Codec[StateT]

    def __init__(self, players: int, observation_size: int, action_size: int, render_mode: str | None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {', '.join(self.metadata['render_modes'])}, or None.")
        self.render_mode = render_mode
        self.players = players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agent_seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.action_size = action_size
        self.observation_size = observation_size
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-BOUND, BOUND, (observation_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (action_size,), np.int8),
            }
        )
        self.observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(action_size) for agent in self.possible_agents}
        # Match seeds for resets without one: from the last seed given, else from the system's entropy.
        self._seeds = random.Random()
        self.match_seed: int | None = None
        self.state = None
        self.agents: list[str] = []

    # ------------------------------------------------------------- what a game provides

    def _new_state(self, seed: int) -> StateT:
        raise NotImplementedError

    def _encode(self, seat: int) -> npt.NDArray[np.float32]:
        raise NotImplementedError

    def _apply_action(self, action: Any, seat: int) -> None:
        """Apply an engine action of `seat` (the seat to move) and fill `rewards` and `terminations`."""
        raise NotImplementedError

    def describe(self) -> str:
        """The table in words."""
        raise NotImplementedError

    # ------------------------------------------------------------- the PettingZoo API

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match; `seed` is the engine's match seed (the same deal as `new_game(..., seed)`)."""
        if seed is not None:
            self._seeds = random.Random(seed)
            self.match_seed = int(seed)
        else:
            self.match_seed = self._seeds.getrandbits(63)
        self.state = self._new_state(self.match_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        seat = self.agent_seats[agent]
        live = agent in self.terminations and not self.terminations[agent]
        mask = self._mask() if live and self._seat_to_move() == seat else np.zeros(self.action_size, np.int8)
        return {"observation": self._encode(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        index = self._live_index(action)
        if index is not None:
            self._act(self._decode(index))

    def _live_index(self, action: int | None) -> int | None:
        """The action index of the agent to act; None once a terminated or truncated agent's step (which must
        be None) is done, the PettingZoo way."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return None
        if action is None:
            raise IllegalActionError(f"{agent} is to move: choose an action from its action mask.")
        return int(action)

    def step_action(self, action: Any) -> None:
        """`step` with an engine action (any suit variant) instead of an index: for bots and replays."""
        self._act(action)

    def _act(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            raise IllegalActionError(f"{agent} is out of the match: step it with None.")
        self._clear_rewards()
        self._apply_action(action, self.agent_seats[agent])
        # What `last()` handed this agent is spent; what its move earned now is new.
        self._cumulative_rewards[agent] = 0.0
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.describe() if self.state is not None else "No match yet: call reset()."
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass

    # ------------------------------------------------------------- helpers for the games

    def _table(self) -> StateT:
        assert self.state is not None, "call reset() first"
        return self.state

    def _seat_to_move(self) -> int | None:
        return self._table().current_player

    def _mask(self) -> npt.NDArray[np.int8]:
        return self.codec.mask(self._table())

    def _decode(self, index: int) -> Any:
        """The engine action that `index` stands for, for the seat to move (refused if it cannot make it)."""
        return self.codec.decode(index, self._table())

    def _select(self) -> None:
        """The agent to act: a terminated agent first (to be removed), then the engine's seat to move."""
        seat = self._seat_to_move()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0] if self.agents else self.possible_agents[0]
        self._deads_step_first()

    def _pay(self, seat: int, reward: float, terminate: bool = False) -> None:
        agent = self.possible_agents[seat]
        if agent in self.rewards:
            self.rewards[agent] += reward
            if terminate:
                self.terminations[agent] = True


def make_env(raw: Callable[..., Any]) -> Callable[..., Any]:
    """The `env()` constructor of a raw environment: PettingZoo's order checks around it."""
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

    def env(**kwargs: Any) -> Any:
        return wrappers.OrderEnforcingWrapper(raw(**kwargs))

    env.__doc__ = f"{raw.__doc__}\n\nWrapped in PettingZoo's OrderEnforcingWrapper."
    return env
