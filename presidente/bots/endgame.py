"""The AND/OR search of a two-player endgame, written once for both of `strong`'s position kinds.

Once only two players are left in a round and the other's hand is known (every card this seat has not seen), the
round is a perfect-information game of two hands: can `seat` finish at `target` (the better of the two places
left) whatever the other does? `TwoPlayerEndgame.wins` answers by a memoized AND/OR search; a subclass says what a
position is: its settled place, its memo key, whose turn it is and its children, the playout policy's move first.
`strong.EndgameSolver` searches `playout.Table` positions (rank counts, the engine's rules), and
`suited_endgame.SuitedEndgame` the suit kernel's boards. Neither writes a rule: the moves are their engines'.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar

Position = TypeVar("Position")


class Unsolved(Exception):
    """The endgame needs more positions (or time) than the solver may spend."""


class TwoPlayerEndgame(Generic[Position]):
    """`wins(position)`: does `seat` finish at `target` or better whatever the other player does? `Unsolved` once
    more than `node_limit` positions were expanded or the `deadline` (a value of `clock`) is past; the clock is
    read every `clock_every` expanded positions. The memo may be shared between solves of the same seat and
    target (the moves of one deal)."""

    clock_every = 256

    def __init__(
        self,
        seat: int,
        target: int,
        node_limit: int,
        deadline: float = math.inf,
        clock: Callable[[], float] = time.perf_counter,
        memo: dict[Hashable, bool] | None = None,
    ) -> None:
        self.seat = seat
        self.target = target
        self.node_limit = node_limit
        self.deadline = deadline
        self.clock = clock
        self.memo: dict[Hashable, bool] = {} if memo is None else memo
        self.nodes = 0

    def settled_place(self, position: Position) -> int | None:
        """The seat's place (0: first) once `position` has settled it, else None."""
        raise NotImplementedError

    def key(self, position: Position) -> Hashable:
        """What the memo knows `position` by (equal for equal positions)."""
        raise NotImplementedError

    def to_move(self, position: Position) -> int | None:
        """The seat whose turn it is (None: no one's)."""
        raise NotImplementedError

    def children(self, position: Position, depth: int) -> Iterator[Position]:
        """The positions after each legal move, the policy's first (one may be reused once the next is asked for:
        the search is done with it by then); `depth` is the position's distance from the solve's root."""
        raise NotImplementedError

    def wins(self, position: Position, depth: int = 1) -> bool:
        place = self.settled_place(position)
        if place is not None:
            return place <= self.target
        key = self.key(position)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.node_limit or (self.nodes % self.clock_every == 0 and self.clock() > self.deadline):
            raise Unsolved
        ours = self.to_move(position) == self.seat
        result = not ours
        for child in self.children(position, depth):
            if self.wins(child, depth + 1) == ours:
                result = ours
                break
        self.memo[key] = result
        return result
