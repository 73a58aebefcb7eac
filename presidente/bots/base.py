"""The Bot interface shared by every game.

A bot sees exactly what its seat would see at a real table — the seat's observation — plus the legal
actions, and draws any randomness from the `random.Random` it is handed, never from global state.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

ObservationT = TypeVar("ObservationT", contravariant=True)
ActionT = TypeVar("ActionT")

# What a searching bot's `time` a move is measured on: the wall clock, or the CPU time of the thread that searches
# (on a loaded machine the search then gets its whole budget of computing, however long that takes on the wall clock).
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}


def clock_named(bot: str, name: str) -> Callable[[], float]:
    """The clock `name` (a key of `CLOCKS`), or a clear error naming the bot it was asked for."""
    if name not in CLOCKS:
        raise ValueError(f"{bot}'s clock is one of {', '.join(CLOCKS)}, not {name!r}.")
    return CLOCKS[name]


@dataclass(frozen=True)
class Choice(Generic[ActionT]):
    """An action and, optionally, a short reason a person can read (used for hints); a reason that depends on
    figures also carries a `code` and its `params`, which the table page words in the player's language."""

    action: ActionT
    reason: str = ""
    code: str = ""
    params: dict[str, int] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class MoveValue(Generic[ActionT]):
    """What a search expects of one move: over `simulations` deals, the mean reward it maximizes, the seat's
    mean finishing place (1: first) and its chance to finish first (`presidente.review` compares them)."""

    action: ActionT
    simulations: int
    reward: float
    mean_place: float
    first: float


class Bot(Protocol[ObservationT, ActionT]):
    name: str

    def choose(
        self, observation: ObservationT, legal_actions: Sequence[ActionT], rng: random.Random
    ) -> Choice[ActionT]: ...
