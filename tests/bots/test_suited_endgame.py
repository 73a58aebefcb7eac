"""Exact two-player endgames on suit tables (`suited_endgame`), and `strong` playing the forced win they find."""

from __future__ import annotations

import random

import pytest

from presidente.bots import suited_kernel, suited_playout
from presidente.bots.card_search import SETS, WEAKEST, place_of
from presidente.bots.endgame import Unsolved
from presidente.bots.president_heuristic import HeuristicBot
from presidente.bots.strong import StrongBot
from presidente.bots.suited_endgame import SuitedEndgame, two_left
from presidente.president import new_game
from presidente.president.rules import find_preset
from presidente.president.state import State

pytestmark = pytest.mark.skipif(not suited_playout.AVAILABLE, reason="numba (the envs extra) is not installed")


@pytest.fixture(autouse=True, scope="module")
def _kernel_loaded(search_kernel_compiled_once: None) -> None:
    suited_playout.ready(wait=True)


def _position() -> State:
    """A `uecda` round (seed 11) played by the heuristic bots for 80 moves: two players left, seat 4 to move, where
    the heuristic's move (the queen of spades) loses the endgame and the ace of diamonds wins it by force."""
    rules = find_preset("uecda").replace(rounds=1)
    heuristic, rng = HeuristicBot(rules), random.Random(0)
    state = new_game(rules, 5, 11)
    for _ in range(80):
        seat = state.current_player
        assert seat is not None
        state.apply(heuristic.choose(state.observation(seat), state.offered_actions(), rng).action)
    return state


def _solver(state: State, seat: int) -> SuitedEndgame:
    return SuitedEndgame(suited_playout.rules_array(state.rules), seat, 5, WEAKEST, SETS)


def _holds(state: State, seat: int, target: int) -> bool:
    """On the engine: the seat, moving by the solver's winning move each turn, places at `target` or better
    against every reply of the other seat."""
    place = place_of(state, seat)
    if place is not None:
        return place <= target
    if state.current_player == seat:
        board = suited_playout.board_of(state)
        solver = _solver(state, seat)
        moves, count = solver.legal(board)
        index = solver.winning_move(board, moves, count)
        assert index is not None
        child = state.clone()
        child.apply(suited_playout.decode(tuple(int(value) for value in moves[index])))
        return _holds(child, seat, target)
    results = []
    for action in state.offered_actions():
        child = state.clone()
        child.apply(action)
        results.append(_holds(child, seat, target))
    return all(results)


def test_the_winning_move_wins_on_the_engine_against_every_reply() -> None:
    state = _position()
    seat = state.current_player
    assert seat == 4
    board = suited_playout.board_of(state)
    assert two_left(board, seat)
    solver = _solver(state, seat)
    moves, count = solver.legal(board)
    rows = [tuple(int(value) for value in moves[index]) for index in range(count)]
    heuristic = HeuristicBot(state.rules).choose(state.observation(seat), state.offered_actions(), random.Random(0))
    # The heuristic's move loses against the best defence ...
    solver.target = int(board[suited_kernel.N_FIN])
    after = board.copy()
    suited_kernel.apply_move(after, solver.rules, moves, rows.index(suited_playout.encode(heuristic.action)))
    assert not solver.wins(after)
    # ... another wins whatever the other seat does, checked on the engine's own rules.
    index = solver.winning_move(board, moves, count)
    assert index is not None and index != rows.index(suited_playout.encode(heuristic.action))
    assert _holds(state, seat, int(board[suited_kernel.N_FIN]))
    with pytest.raises(Unsolved):
        SuitedEndgame(solver.rules, seat, 5, WEAKEST, SETS, node_limit=1).winning_move(board, moves, count)


def test_strong_plays_the_forced_win_and_races_without_the_solver() -> None:
    state = _position()
    seat = state.current_player
    assert seat is not None
    observation, legal = state.observation(seat), state.offered_actions()
    board = suited_playout.board_of(state)
    solver = _solver(state, seat)
    moves, count = solver.legal(board)
    winning = suited_playout.decode(tuple(int(value) for value in moves[solver.winning_move(board, moves, count) or 0]))
    bot = StrongBot(time=0, iterations=200, rules=state.rules)
    choice = bot.choose(observation, legal, random.Random(0))
    assert choice.action == winning and bot.last_solved == 1 and bot.last_deals == 0
    assert "by force" in choice.reason
    without = StrongBot(time=0, iterations=200, rules=state.rules, solve_nodes=0)
    without.choose(observation, legal, random.Random(0))
    assert without.last_solved == 0 and without.last_deals > 0
