"""The Bot interface shared by every game.

A bot sees exactly what its seat would see at a real table — the seat's observation — plus the legal
actions, and draws any randomness from the `random.Random` it is handed, never from global state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

ObservationT = TypeVar("ObservationT", contravariant=True)
ActionT = TypeVar("ActionT")


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
