"""The compiled rank-count playouts (`rank_kernel`) checked against `playout.Table`, the search's Python path.

`compare(rules, players, seed)` plays one seeded match with random legal moves (the exchange included) and, at
every `every`-th play-phase position the kernel covers, checks that

- each legal move's playout ends with the seat in the same place on both paths (`RankPlayouts.play` against
  `Table.play` + `Table.playout(watched=seat)`), and
- the round played on from there by the policy is the same move by move: after each move of `Table.playout`
  (one move at a time) and of the kernel's policy (`RankPlayouts.policy_index` + `table_kernel.apply`), the same
  hands and the same seat to move.

tests/bots/test_rank_playout.py runs it on each covered preset; `benchmarks/rank_playout_speed.py --check` on more.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from presidente.bots import rank_playout
from presidente.bots.playout import Table
from presidente.president import new_game
from presidente.president.rules import Rules
from presidente.president.state import Phase


@dataclass
class Checked:
    positions: int = 0
    places: int = 0
    moves: int = 0
    differences: list[str] = field(default_factory=list)


def compare(rules: Rules, players: int, seed: int, every: int = 3, limit: int = 400, steps: int = 200) -> Checked:
    """Both paths on the positions of one seeded match (see the module docstring)."""
    checked = Checked()
    state = new_game(rules, players, seed)
    rng = random.Random(seed)
    for index in range(limit):
        if state.current is None:
            break
        if state.phase is Phase.PLAY and index % every == 0:
            table = Table.from_state(state)
            if rank_playout.covers_table(table):
                _compare_position(table, rng, steps, checked, f"{rules.name} {players}p seed {seed} move {index}")
        state.apply(rng.choice(state.legal_actions()))
    return checked


def _compare_position(table: Table, rng: random.Random, steps: int, checked: Checked, where: str) -> None:
    from presidente.envs import table_kernel as kernel

    seat = table.current
    assert seat is not None
    checked.positions += 1
    moves = table.legal_moves()
    playouts = rank_playout.RankPlayouts(table, seat, moves)
    for move, place in zip(moves, playouts.play(table.ranks), strict=True):
        played = table.copy()
        played.play(move)
        expected = (
            played.finishing_order().index(seat) if played.over else played.playout(rng, 1 << 30, seat).index(seat)
        )
        checked.places += 1
        if place != expected:
            checked.differences.append(f"{where}: {move} places {place} (kernel) and {expected} (Table)")
    on_table, board, arrays = table.copy(), playouts.board_of(table), playouts.arrays
    for _ in range(steps):
        if on_table.over:
            break
        on_table.playout(rng, 1)
        result = kernel.apply(
            board, arrays.shapes, arrays.choices, arrays.consts, playouts.policy_index(board), playouts.no_cards, False
        )
        checked.moves += 1
        if on_table.over or result & (kernel.NEEDS_DEAL | kernel.MATCH_OVER):
            if not (on_table.over and result & (kernel.NEEDS_DEAL | kernel.MATCH_OVER)):
                checked.differences.append(f"{where}: the round ends on one path only")
            break
        hands = [
            board[kernel.RANKS + kernel.SEAT_ROWS * other, : kernel.KINDS].tolist() for other in range(table.seats)
        ]
        if hands != on_table.ranks or board[kernel.TABLE, kernel.CURRENT] != on_table.current:
            checked.differences.append(f"{where}: after {checked.moves} moves, {hands} and {on_table.ranks}")
            break
