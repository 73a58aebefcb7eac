"""The compiled learned policy on the suit kernel (`suited_learned`) checked against the `learned` bot's Python encoder
and network.

`compare(seed, positions, preset=, players=)` plays a seeded match of `learned` seats (`uecda` at 5 players by
default, `daifugo` at 3 to 6; a tenth of the moves random, so that revolutions, locks and rarer shapes come up)
and, at each play-phase decision with a choice that the suit kernel covers, checks that

- the kernel's legal moves are the engine's (`suited_playout.encode` of each, in the same order);
- the compiled state row and each legal move's action row equal `learned.encode(..., suited=True)`'s (float32, to
  1e-6), the advice being the kernel policy's move in `suited_learned.ADVICE_STYLE` on both sides (the compiled
  playouts' advice), and
- the compiled move equals the network's best-scored move on those rows (`Weights.scores`, `np.argmax`), or ties
  with it: a move whose row, in the columns the network reads, is the best move's (`ties`: on `daifugo`, whose file
  reads the full rows, two plays of one rank differ in their suits alone; the compiled network plays the first of
  equals, numpy's batched product gives equal rows scores a rounding apart, 1e-7, and `np.argmax` may pick another);

and counts where the compiled move equals the `learned` bot's own (whose advice is `HeuristicBot`'s), with each
kernel style as the advice (`same_as_bot`: the share that chose `ADVICE_STYLE`).
tests/bots/test_suited_learned.py runs it on a few positions, `benchmarks/suited_learned_speed.py --check` on more.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np

from presidente.bots import suited_learned, suited_playout
from presidente.bots.learned import LearnedBot, encode
from presidente.bots.suited_kernel import MAX_MOVES, MOVE_COLUMNS, legal_moves, policy_move
from presidente.president import new_game
from presidente.president.actions import Action
from presidente.president.observation import Observation
from presidente.president.rules import find_preset
from presidente.president.state import Phase, State

STYLES = 3  # the kernel policy's styles (`card_search.WEAKEST`, `SETS`, `SAMPLE`)


@dataclass
class Checked:
    positions: int = 0
    rows: int = 0
    ties: int = 0  # decisions where the compiled move's row is the network's move's row, in the columns it reads
    # Per kernel style as the advice: decisions where the compiled move is the learned bot's own.
    same_as_bot: list[int] = field(default_factory=lambda: [0] * STYLES)
    differences: list[str] = field(default_factory=list)


def compare(
    seed: int, positions: int, checked: Checked | None = None, preset: str = "uecda", players: int = 5
) -> Checked:
    """Both encoders and both networks on up to `positions` decisions of one seeded match (see above)."""
    checked = checked if checked is not None else Checked()
    rules = find_preset(preset)
    network = suited_learned.trained_network(rules, players)
    assert network is not None, f"no weights trained for {preset} at {players} players"
    state = new_game(rules, players, seed)
    bot = LearnedBot(rules)
    rng = random.Random(seed)
    found = 0
    for step in range(5_000):
        if state.current_player is None or found >= positions:
            break
        seat = state.current_player
        observation, legal = state.observation(seat), state.offered_actions()
        if state.phase is Phase.PLAY and len(legal) > 1 and suited_playout.covers_state(state):
            found += 1
            _compare_position(
                state, seat, observation, legal, bot, network, checked, f"{preset} seed {seed} step {step}"
            )
        choice = bot.choose(observation, legal, rng).action if rng.random() < 0.9 else rng.choice(legal)
        state.apply(choice, seat)
    return checked


def _compare_position(
    state: State,
    seat: int,
    observation: Observation,
    legal: list[Action],
    bot: LearnedBot,
    network: tuple[object, ...],
    checked: Checked,
    where: str,
) -> None:
    weights = suited_learned.trained_weights(state.rules, state.seats)
    assert weights is not None
    playouts = suited_learned.SuitedLearnedPlayouts(state, seat, [], 5, 400, 1, 0, observation.gave, network=network)
    board = suited_playout.board_of(state)
    track = suited_learned.track_of(observation.trick)
    state_row, action_rows, rows = playouts.rows(board, track)
    checked.positions += 1
    engine_rows = [suited_playout.encode(action) for action in legal]
    if engine_rows != rows:
        checked.differences.append(f"{where}: legal moves differ: {engine_rows} (engine), {rows} (kernel)")
        return
    advice = legal[rows.index(playouts.advice(board))]
    python_state, python_actions = encode(observation, legal, state.rules, advice, suited=True)
    checked.rows += len(rows)
    if not np.allclose(state_row, python_state, atol=1e-6):
        wrong = np.flatnonzero(~np.isclose(state_row, python_state, atol=1e-6)).tolist()
        checked.differences.append(f"{where}: state features {wrong} differ")
    for action, compiled, python in zip(legal, action_rows, python_actions, strict=True):
        if not np.allclose(compiled, python, atol=1e-6):
            wrong = np.flatnonzero(~np.isclose(compiled, python, atol=1e-6)).tolist()
            checked.differences.append(f"{where}: {action}'s features {wrong} differ")
    compiled_move = playouts.learned_move(board, track)
    network_move = rows[int(np.argmax(weights.scores(python_state, python_actions)))]
    if compiled_move != network_move:
        read = len(weights.arrays["action_in"])
        compiled_row, network_row = (python_actions[rows.index(move), :read] for move in (compiled_move, network_move))
        if np.array_equal(compiled_row, network_row):
            checked.ties += 1
        else:
            checked.differences.append(f"{where}: the compiled move {compiled_move}, the network's {network_move}")
    own = suited_playout.encode(bot.choose(observation, legal, random.Random(0)).action)
    moves = np.zeros((MAX_MOVES, MOVE_COLUMNS), dtype=np.int64)
    for style in range(STYLES):
        count = legal_moves(board, playouts.rules, moves)
        styled = legal[policy_move(board, playouts.rules, moves, count, 5, style)]
        state_rows, styled_actions = encode(observation, legal, state.rules, styled, suited=True)
        checked.same_as_bot[style] += rows[int(np.argmax(weights.scores(state_rows, styled_actions)))] == own
