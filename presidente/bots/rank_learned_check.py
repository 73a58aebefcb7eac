"""The compiled learned policy (`rank_learned`) checked against the `learned` bot's Python encoder and network.

`compare(seed, positions, preset, players)` plays a seeded match of `learned` seats (`bga` at 4 players unless told;
any table a shipped file of the base or full layout was trained for) and, at each play-phase decision with a choice
that the rank kernel covers, checks that

- the compiled state row and each legal move's action row equal `learned.encode`'s full rows (float32, to 1e-6;
  a base-layout network reads their leading columns), the heuristic's advice being `rank_kernel`'s policy move on
  both sides (the compiled playouts' advice), and
- the compiled move equals the network's best-scored move on those rows (`Weights.scores`, `np.argmax`);

and counts where the compiled move equals the `learned` bot's own move (whose advice is `HeuristicBot`'s).
tests/bots/test_rank_learned.py runs it on a few positions, `benchmarks/rank_learned_speed.py --check` on more.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np

from presidente.bots import rank_learned, rank_playout
from presidente.bots.ismcts import move_key
from presidente.bots.learned import LearnedBot, encode
from presidente.bots.playout import Table
from presidente.president import new_game
from presidente.president.actions import Action
from presidente.president.rules import find_preset
from presidente.president.state import Phase


@dataclass
class Checked:
    positions: int = 0
    rows: int = 0
    same_as_bot: int = 0  # the compiled move is the learned bot's own (its advice the heuristic bot's)
    differences: list[str] = field(default_factory=list)


def compare(
    seed: int, positions: int, checked: Checked | None = None, preset: str = "bga", players: int = 4
) -> Checked:
    """Both encoders and both networks on up to `positions` decisions of one seeded match of `preset` at `players`
    seats (see above)."""
    checked = checked if checked is not None else Checked()
    rules = find_preset(preset)
    state = new_game(rules, players, seed)
    bot = LearnedBot(rules)
    rng = random.Random(seed)
    found = 0
    for step in range(2_000):
        if state.current_player is None or found >= positions:
            break
        seat = state.current_player
        observation, legal = state.observation(seat), state.offered_actions()
        if state.phase is Phase.PLAY and len(legal) > 1:
            table = Table.from_state(state)
            if rank_playout.covers_table(table):
                found += 1
                where = f"{preset} {players}p seed {seed} step {step}"
                _compare_position(table, seat, observation, legal, bot, checked, where)
        choice = bot.choose(observation, legal, rng).action if rng.random() < 0.9 else rng.choice(legal)
        state.apply(choice, seat)
    return checked


def _compare_position(
    table: Table, seat: int, observation: object, legal: list[Action], bot: LearnedBot, checked: Checked, where: str
) -> None:
    weights = rank_learned._trained_weights(table.rules, table.seats)
    assert weights is not None
    network = rank_learned.trained_network(table.rules, table.seats)
    assert network is not None
    playouts = rank_learned.LearnedPlayouts(table, seat, [], network, 0)
    board = playouts.board_of(table)
    state_row, action_rows, indices = playouts.rows(board)
    index_of = {playouts.index_of(move_key(action)): action for action in legal}
    checked.positions += 1
    if sorted(index_of) != indices:
        checked.differences.append(f"{where}: legal moves {sorted(index_of)} (engine), {indices} (kernel)")
        return
    advice_index = playouts.policy_index(board)
    ordered = [index_of[index] for index in indices]
    python_state, python_actions = encode(observation, ordered, table.rules, index_of[advice_index])  # type: ignore[arg-type]
    checked.rows += len(indices)
    if not np.allclose(state_row, python_state, atol=1e-6):
        wrong = np.flatnonzero(~np.isclose(state_row, python_state, atol=1e-6)).tolist()
        checked.differences.append(f"{where}: state features {wrong} differ")
    for index, compiled, python in zip(indices, action_rows, python_actions, strict=True):
        if not np.allclose(compiled, python, atol=1e-6):
            wrong = np.flatnonzero(~np.isclose(compiled, python, atol=1e-6)).tolist()
            checked.differences.append(f"{where}: move {index}'s features {wrong} differ")
    compiled_move = playouts.learned_index(board)
    network_move = indices[int(np.argmax(weights.scores(python_state, python_actions)))]
    if compiled_move != network_move:
        checked.differences.append(f"{where}: the compiled move {compiled_move}, the network's {network_move}")
    own = bot.choose(observation, legal, random.Random(0)).action  # type: ignore[arg-type]
    checked.same_as_bot += playouts.index_of(move_key(own)) == compiled_move
