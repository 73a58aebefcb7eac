"""What the President and El Presidente PettingZoo environments share: agents, spaces, seeding, stepping.

One engine `State` is the table; agent ``player_i`` is seat ``i``. The agent to act is the engine's seat to
move. Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``; the mask is all zero
for every agent but the one to act. An index outside the mask is refused with the engine's
`IllegalActionError` (a `ValueError`), never replaced by another move. Terminated agents are removed the
PettingZoo way: the next `step` of a terminated agent takes `None`.

`max_cycles` (None: no limit) truncates every agent still in the match after that many moves, as PettingZoo's
classic environments truncate after `max_cycles` cycles: a turn-based game moves one agent per cycle, so a cycle
is one move (one `step` of the agent to act, and one `step` of the parallel environment). No reward is paid for
the unfinished round.

`ParallelTable` is the PettingZoo parallel API on any `TableEnv`, the way PettingZoo converts turn-based games
(`pettingzoo.utils.conversions.turn_based_aec_to_parallel`): each `step` takes an action dict, applies the
action of the agent to act (``infos[agent]["active_agent"]``, the only agent whose action mask is not all
zero) and ignores every other agent's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]

from presidente.errors import IllegalActionError

Observation = dict[str, npt.NDArray[Any]]


class EngineState(Protocol):
    @property
    def current_player(self) -> int | None: ...


StateT = TypeVar("StateT", bound=EngineState)
StateContra = TypeVar("StateContra", bound=EngineState, contravariant=True)


class CompiledSeatTable(Protocol):
    """What `TableEnv._observe_compiled` reads of a compiled table: the seat to act, its mask, any seat's view."""

    @property
    def current(self) -> int: ...

    @property
    def mask(self) -> npt.NDArray[np.int8]: ...

    def observe(self, seat: int) -> npt.NDArray[np.float32]: ...


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

    def __init__(
        self,
        players: int,
        observation_size: int,
        action_size: int,
        render_mode: str | None,
        max_cycles: int | None = None,
    ) -> None:
        super().__init__()
        if max_cycles is not None and (isinstance(max_cycles, bool) or int(max_cycles) != max_cycles or max_cycles < 1):
            raise ValueError(f"max_cycles must be a positive whole number of moves, or None, not {max_cycles!r}.")
        self.max_cycles = max_cycles
        # Moves made in this match (one per cycle: see the module).
        self.cycles = 0
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
        self._seeds: random.Random | None = random.Random()
        self._seeds_from = 0
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
        self.state = self._new_state(self._choose_match_seed(seed))
        self._begin_match()

    def _choose_match_seed(self, seed: int | None) -> int:
        """`match_seed` for a new match: `seed` itself (which also reseeds the later matches), else the next draw."""
        if seed is not None:
            if type(seed) is int:
                # The later matches' generator is seeded once one of them asks for it (seeding costs microseconds).
                self._seeds, self._seeds_from = None, seed
            else:
                self._seeds = random.Random(seed)
            chosen = int(seed)
        else:
            if self._seeds is None:
                self._seeds = random.Random(self._seeds_from)
            chosen = self._seeds.getrandbits(63)
        self.match_seed = chosen
        return chosen

    def _begin_match(self) -> None:
        """PettingZoo's bookkeeping for a match just dealt: every agent live, nothing paid, the first to act chosen."""
        self.cycles = 0
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
        live = agent in self.terminations and not (self.terminations[agent] or self.truncations[agent])
        mask = self._mask() if live and self._seat_to_move() == seat else np.zeros(self.action_size, np.int8)
        return {"observation": self._encode(seat), "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's `last` (the agent to act's observation, cumulative reward, termination, truncation and
        info), in one call less."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> AgentIterable:
        """PettingZoo's `agent_iter`: the agent to act until no agent is left or `max_iter` were given, each
        iteration a generator's step instead of a Python `__next__` call."""
        return AgentIterable(self, max_iter)

    def _observe_compiled(self, table: CompiledSeatTable, agent: str) -> Observation:
        """`observe` read from a compiled table, which holds the mask of the seat to act and encodes any seat."""
        seat = self.agent_seats[agent]
        if table.current == seat and not (self.terminations.get(agent, True) or self.truncations[agent]):
            mask = table.mask.copy()
        else:
            mask = np.zeros(self.action_size, np.int8)
        return {"observation": table.observe(seat), "action_mask": mask}

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
        self._count_cycle()
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

    def _count_cycle(self) -> bool:
        """Count the move just made; at `max_cycles`, truncate every agent not terminated (True if it did)."""
        self.cycles += 1
        if self.max_cycles is None or self.cycles < self.max_cycles:
            return False
        truncated = False
        for agent in self.agents:
            if not self.terminations[agent]:
                self.truncations[agent] = truncated = True
        return truncated

    def _pay(self, seat: int, reward: float, terminate: bool = False) -> None:
        agent = self.possible_agents[seat]
        if agent in self.rewards:
            self.rewards[agent] += reward
            if terminate:
                self.terminations[agent] = True


class AgentIterable:
    """What `TableEnv.agent_iter` returns: iterated, the agent to act (`agent_selection`) while some agent is left,
    at most `max_iter` times (PettingZoo's `AECIterable`, each iteration its own)."""

    def __init__(self, env: TableEnv[Any], max_iter: int) -> None:
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:
        env, left = self.env, self.max_iter
        while env.agents and left > 0:
            left -= 1
            yield env.agent_selection


class ParallelTable(ParallelEnv):  # type: ignore[misc]
    """The PettingZoo parallel API on a `TableEnv` (a turn-based game): `step` applies the action of the agent to
    act and ignores the others' (PettingZoo's `turn_based_aec_to_parallel` design; every other agent's action
    mask is all zero, so a masked sampler gives them action 0). ``infos[agent]["active_agent"]`` names the agent
    to act. Rewards are what each agent earned by this move; an agent terminated or truncated by it gets its
    last observation and is gone from `agents` after the step."""

    def __init__(self, table: TableEnv[Any]) -> None:
        self.table = table
        self.metadata = table.metadata
        self.possible_agents = table.possible_agents
        self.render_mode = table.render_mode
        self.agents: list[str] = []

    @property
    def max_cycles(self) -> int | None:
        """Moves before truncation, for the next match (also settable: PettingZoo's parallel_api_test sets it)."""
        return self.table.max_cycles

    @max_cycles.setter
    def max_cycles(self, value: int | None) -> None:
        self.table.max_cycles = value

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.table.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        table = self.table
        table.reset(seed=seed, options=options)
        self.agents = table.agents[:]
        observations = {agent: table.observe(agent) for agent in self.agents}
        return observations, self._infos()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        table = self.table
        if not self.agents:
            raise IllegalActionError("The match is over: call reset().")
        mover = table.agent_selection
        if mover not in actions:
            raise IllegalActionError(f"{mover} is to move: the actions must hold its action.")
        table.step(actions[mover])
        agents = self.agents
        rewards = {agent: float(table.rewards[agent]) for agent in agents}
        terminations = {agent: bool(table.terminations[agent]) for agent in agents}
        truncations = {agent: bool(table.truncations[agent]) for agent in agents}
        observations = {agent: table.observe(agent) for agent in agents}
        # Agents done with the match leave it now (the AEC way: a step of None each).
        while table.agents and (table.terminations[table.agent_selection] or table.truncations[table.agent_selection]):
            table.step(None)
        infos = self._infos(agents)
        self.agents = table.agents[:]
        return observations, rewards, terminations, truncations, infos

    def _infos(self, agents: list[str] | None = None) -> dict[str, dict[str, Any]]:
        table = self.table
        active = table.agent_selection if table.agents else None
        return {agent: {**table.infos.get(agent, {}), "active_agent": active} for agent in agents or self.agents}

    def render(self) -> str | None:
        result: str | None = self.table.render()
        return result

    def close(self) -> None:
        self.table.close()

    @property
    def unwrapped(self) -> ParallelTable:
        return self


def make_parallel_env(raw: Callable[..., Any]) -> Callable[..., ParallelTable]:
    """The `parallel_env()` constructor of a raw environment."""

    def parallel_env(**kwargs: Any) -> ParallelTable:
        return ParallelTable(raw(**kwargs))

    parallel_env.__doc__ = f"{raw.__doc__}\n\nThe PettingZoo parallel API on it (`ParallelTable`)."
    return parallel_env


def make_env(raw: Callable[..., Any]) -> Callable[..., Any]:
    """The `env()` constructor of a raw environment: PettingZoo's order checks around it."""
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

    def env(**kwargs: Any) -> Any:
        return wrappers.OrderEnforcingWrapper(raw(**kwargs))

    env.__doc__ = f"{raw.__doc__}\n\nWrapped in PettingZoo's OrderEnforcingWrapper."
    return env
