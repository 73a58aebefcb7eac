"""Exact two-player endgames on suit tables (`uecda`, `daifugo`), on the suit kernel's boards (issue 30).

Once only this seat and one other are left in the round, the other's hand is every card this seat has not seen:
the position is a perfect-information game of two hands. `SuitedEndgame.wins(board)` answers whether the seat
finishes at `target` (the better of the two places left) whatever the other does: a memoized AND/OR search whose
moves and positions are the kernel's own (`suited_kernel.legal_moves`, `apply_move`, `place_of`: no rule written
here), the playout policy's move tried first on both sides. It gives up (`Unsolved`) past `node_limit` positions or
its `deadline`. `winning_move` returns a move (an index into the root's legal moves) that wins by force, or None.
`strong` plays such a move on suit tables before it races (`StrongBot._card_search`)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Iterator
from typing import Any

import numpy as np

from presidente.bots import suited_kernel as kernel
from presidente.bots.endgame import TwoPlayerEndgame

NODES = 20_000  # positions one decision's solve may expand


def two_left(board: Any, seat: int) -> bool:
    """Is the seat one of exactly two players still in the round?"""
    players = [int(board[kernel.RP + index]) for index in range(int(board[kernel.PLAYERS]))]
    active = [other for other in players if board[kernel.ACTIVE + other]]
    return len(active) == 2 and seat in active and not board[kernel.OVER]


class SuitedEndgame(TwoPlayerEndgame[Any]):
    """`endgame.TwoPlayerEndgame`'s search on the suit kernel's boards (see the module's doc); the memo is kept
    between calls, and `winning_move` sets the target."""

    clock_every = 64

    def __init__(
        self,
        rules: Any,
        seat: int,
        long_hand: int,
        own: int,
        others: int,
        node_limit: int = NODES,
        deadline: float = math.inf,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        super().__init__(seat, -1, node_limit, deadline, clock)
        self.rules = rules
        self.long_hand = long_hand
        self.styles = (own, others)
        self.work: list[Any] = []  # one move array per depth

    def _moves(self, depth: int) -> Any:
        while len(self.work) <= depth:
            self.work.append(np.zeros((kernel.MAX_MOVES, kernel.MOVE_COLUMNS), dtype=np.int64))
        return self.work[depth]

    def legal(self, board: Any) -> tuple[Any, int]:
        """The seat's legal moves at the root (the first depth's array) and their count."""
        moves = self._moves(0)
        return moves, int(kernel.legal_moves(board, self.rules, moves))

    def _ordered(self, board: Any, moves: Any) -> list[int]:
        """The legal moves' indices, the policy's first."""
        count = kernel.legal_moves(board, self.rules, moves)
        style = self.styles[0] if board[kernel.CUR] == self.seat else self.styles[1]
        first = kernel.policy_move(board, self.rules, moves, count, self.long_hand, style)
        return [first, *(index for index in range(count) if index != first)]

    def settled_place(self, position: Any) -> int | None:
        place = int(kernel.place_of(position, self.seat))
        return place if place >= 0 else None

    def key(self, position: Any) -> Hashable:
        return bytes(position.tobytes())

    def to_move(self, position: Any) -> int:
        return int(position[kernel.CUR])

    def children(self, position: Any, depth: int) -> Iterator[Any]:
        """After each move, in one board reused (`depth` picks the move array: 0 is `legal`'s, kept for the root)."""
        moves = self._moves(depth)
        child = np.empty_like(position)
        for index in self._ordered(position, moves):
            child[:] = position
            kernel.apply_move(child, self.rules, moves, index)
            yield child

    def winning_move(self, board: Any, moves: Any, count: int, first: int = -1) -> int | None:
        """An index of `moves[:count]` (the seat's legal moves at `board`, its turn: `legal`) after which it wins by
        force, `first` tried first; None where none does. Raises `Unsolved` when the search runs out of positions or
        time before it finds one."""
        assert board[kernel.CUR] == self.seat and two_left(board, self.seat)
        self.target = int(board[kernel.N_FIN])  # the better of the two places left
        order = [first, *(index for index in range(count) if index != first)] if first >= 0 else range(count)
        child = np.empty_like(board)
        for index in order:
            child[:] = board
            kernel.apply_move(child, self.rules, moves, index)
            if self.wins(child, 1):
                return index
        return None
