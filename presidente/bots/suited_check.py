"""The compiled playout kernel checked move by move against the engine (`suited_kernel`, through `suited_playout`).

`check_rounds` plays seeded rounds on the engine, half the moves by the playout policy (in any of its styles) and
half at random (so passes, leads passed and the pass limit come up), and at every position the kernel covers checks
that:
- the kernel lists exactly the engine's `legal_actions()`, the same plays with the same cards, jokers and named
  cells, in the same order;
- the playout policy chooses the same move on both (`card_search.policy_action`, in each of its styles: `WEAKEST`,
  `SETS` and `SAMPLE`);
- after the same move, the kernel's board equals the board made from the engine's new state (hands, sizes, who
  is in, who passed, the finishing order, the turn, the trick's size, top, sequence, locks, jack back,
  revolution, turn order, passes in a row), and where the round ended, the same finishing order (a pass limit's
  random places compared as a set).
The tests run it briefly on every covered preset and a few option sets; `benchmarks/suited_playout_check.py`
runs it longer.
"""

from __future__ import annotations

import random
from typing import Any

from presidente.bots import suited_kernel as kernel
from presidente.bots import suited_playout
from presidente.bots.card_search import LONG_HAND, SAMPLE, SETS, WEAKEST, policy_action
from presidente.president import new_game
from presidente.president.actions import Action, Pass
from presidente.president.rules import Rules
from presidente.president.state import Phase, State

# Board positions the check compares (everything but the kernel's own round-end flag and random state).
COMPARED = [index for index in range(kernel.BOARD_SIZE) if index not in (kernel.OVER, kernel.RNG)]


# The playout policy's styles, each checked.
STYLES = (WEAKEST, SETS, SAMPLE)


class KernelMismatchError(AssertionError):
    """The kernel and the engine disagree."""


def _order(board: Any) -> list[int]:
    """The round's finishing order on an ended board, as the engine's `_end_round` writes it."""
    order = [int(board[kernel.FIN + index]) for index in range(board[kernel.N_FIN])]
    order += [
        int(seat)
        for seat in (board[kernel.RP + index] for index in range(board[kernel.PLAYERS]))
        if board[kernel.ACTIVE + seat]
    ]
    if board[kernel.DOWN] >= 0:
        order.append(int(board[kernel.DOWN]))
    order += [int(board[kernel.OUT + index]) for index in range(board[kernel.N_OUT] - 1, -1, -1)]
    return order


def _differences(board: Any, expected: Any) -> list[str]:
    return [
        f"board[{index}]: kernel {int(board[index])}, engine {int(expected[index])}"
        for index in COMPARED
        if board[index] != expected[index]
    ]


def check_position(state: State, chosen: Action) -> None:
    """Check the kernel at the engine's position `state` (covered) and after `chosen` (a legal move), which is
    applied to `state`."""
    rules_row = suited_playout.rules_array(state.rules)
    board = suited_playout.board_of(state)
    legal = state.legal_actions()
    listed = [suited_playout.decode(row) for row in suited_playout.legal_moves(board, rules_row)]
    if listed != legal:
        missing = [str(action) for action in legal if action not in listed]
        extra = [str(action) for action in listed if action not in legal]
        raise KernelMismatchError(
            f"legal moves differ at {state.to_position()}: engine only {missing}, kernel only {extra}, "
            f"order {[str(a) for a in legal]} against {[str(a) for a in listed]}"
        )
    for style in STYLES:
        mine = suited_playout.decode(suited_playout.policy(board, rules_row, LONG_HAND, style))
        theirs = policy_action(state, style)
        if mine != theirs:
            raise KernelMismatchError(f"policy {style}: kernel {mine}, engine {theirs} at {state.to_position()}")
    rounds = len(state.results)
    position = state.to_position()
    limit = state.rules.pass_limit
    random_places = type(chosen) is Pass and limit > 0 and state.passes_in_a_row + 1 >= limit
    state.apply(chosen)
    suited_playout.apply(board, rules_row, suited_playout.encode(chosen))
    if len(state.results) > rounds:
        if not board[kernel.OVER]:
            raise KernelMismatchError(f"the engine ended the round after {chosen}, the kernel did not: {position}")
        order, expected = _order(board), state.results[rounds]
        if order != expected and not (random_places and sorted(order) == sorted(expected)):
            raise KernelMismatchError(f"round order: kernel {order}, engine {expected} after {chosen} at {position}")
        return
    if board[kernel.OVER]:
        raise KernelMismatchError(f"the kernel ended the round after {chosen}, the engine did not: {position}")
    differences = _differences(board, suited_playout.board_of(state))
    if differences:
        raise KernelMismatchError(f"after {chosen} at {position}: {differences}")


def check_rounds(rules: Rules, players: int, seed: int, moves: int) -> int:
    """Play `moves` moves of seeded rounds under `rules` (covered), checking every covered position; how many
    positions were checked."""
    if not suited_playout.covers(rules):
        raise ValueError(f"the kernel does not cover {rules.name}'s options")
    if not suited_playout.ready(wait=True):
        raise RuntimeError("the kernel could not be loaded (is numba installed?)")
    rng = random.Random(seed)
    state = new_game(rules.replace(rounds=10_000), players, seed)
    checked = 0
    for _ in range(moves):
        if state.is_over:
            break
        legal = state.offered_actions()
        if state.phase is not Phase.PLAY or not suited_playout.covers_state(state):
            state.apply(rng.choice(legal))
            continue
        draw = rng.random()
        chosen = policy_action(state, STYLES[int(draw * 6)]) if draw < 0.5 else rng.choice(legal)
        check_position(state, chosen)
        checked += 1
    return checked
