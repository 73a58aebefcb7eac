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
from collections.abc import Callable
from typing import Any

import numpy as np

from presidente.bots import suited_kernel as kernel

NODES = 20_000  # positions one decision's solve may expand


class Unsolved(Exception):
    """The endgame needs more positions (or time) than the solver may spend."""


def two_left(board: Any, seat: int) -> bool:
    """Is the seat one of exactly two players still in the round?"""
    players = [int(board[kernel.RP + index]) for index in range(int(board[kernel.PLAYERS]))]
    active = [other for other in players if board[kernel.ACTIVE + other]]
    return len(active) == 2 and seat in active and not board[kernel.OVER]


class SuitedEndgame:
    """The AND/OR search of one seat's two-player endgame (see the module's doc); the memo is kept between calls."""

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
        self.rules = rules
        self.seat = seat
        self.long_hand = long_hand
        self.styles = (own, others)
        self.node_limit = node_limit
        self.deadline = deadline
        self.clock = clock
        self.nodes = 0
        self.memo: dict[bytes, bool] = {}
        self.target = -1
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

    def wins(self, board: Any, depth: int = 1) -> bool:
        """Does the seat place at `target` or better from `board` whatever the other does? (`depth` picks the
        move array: 0 is `legal`'s, kept for the root.)"""
        place = kernel.place_of(board, self.seat)
        if place >= 0:
            return bool(place <= self.target)
        key = board.tobytes()
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.node_limit or (self.nodes & 63 == 0 and self.clock() > self.deadline):
            raise Unsolved
        ours = board[kernel.CUR] == self.seat
        result = not ours
        moves = self._moves(depth)
        child = np.empty_like(board)
        for index in self._ordered(board, moves):
            child[:] = board
            kernel.apply_move(child, self.rules, moves, index)
            if self.wins(child, depth + 1) == ours:
                result = ours
                break
        self.memo[key] = result
        return result

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
