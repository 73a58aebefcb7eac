"""The `learned` bot's network (`learned.Weights.scores`) compiled with numba, for the kernels' playouts by the
learned policy (`rank_learned` on the rank-count board, `suited_learned` on the suit kernel's): the weights file's
arrays as the kernels take them, the state row's share of the first layer (once per position) and each move's
score; and the rows' layout that both kernels write (`learned.encode_state`, `learned.encode_action`), with the
action row's last base columns. The kernels that compile these functions into their own hold this file's SHA-256
(`NETWORK_SHA256`)."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from presidente.bots.learned import (
    ACTION_FEATURES,
    BASE_ACTION_FEATURES,
    BASE_STATE_FEATURES,
    OTHER_SEATS,
    ROLES,
    STATE_FEATURES,
    Weights,
)

# The weights file's arrays in the order the kernels take them (`learned.POLICY_ARRAYS`).
NETWORK_ARRAYS = ("state_in", "action_in", "bias_in", "hidden", "bias_hidden", "out", "bias_out")

# The rows' slots: one per strength in the order in force, the joker's last.
SLOTS = 14
JOKER_SLOT = 13
BEST = 12  # the strongest rank's strength
# The state row's blocks: the base layout's, then the full layout's extras (a fourth other seat, whether the
# trick's top is a sequence).
ST_HAND, ST_UNSEEN, ST_TOP, ST_SIZE, ST_FLAGS, ST_PHASE, ST_CARDS, ST_OTHERS = 0, 14, 28, 42, 46, 49, 53, 54
ST_ROLE = ST_OTHERS + 4 * OTHER_SEATS
ST_FINISHED = ST_ROLE + len(ROLES)
ST_FOURTH = ST_FINISHED + 1
ST_SEQUENCE = ST_FOURTH + 4
# The action row's blocks: the base layout's, then the full layout's extras (whether the play is a sequence, its
# cards beyond 4).
AC_KIND, AC_STRENGTH, AC_SHAPE, AC_AFTER, AC_MOVED, AC_FLAGS = 0, 4, 18, 21, 35, 49
AC_SEQUENCE = AC_FLAGS + 7
AC_LONGER = AC_SEQUENCE + 1
assert ST_FOURTH == BASE_STATE_FEATURES and ST_SEQUENCE + 1 == STATE_FEATURES
assert AC_SEQUENCE == BASE_ACTION_FEATURES and AC_LONGER + 1 == ACTION_FEATURES


def network_arrays(weights: Weights) -> tuple[Any, ...]:
    """The network's arrays as the kernels read them: contiguous float32, in `NETWORK_ARRAYS`' order."""
    return tuple(np.ascontiguousarray(weights.arrays[name], dtype=np.float32) for name in NETWORK_ARRAYS)


def units(network: tuple[Any, ...], name: str) -> int:
    """How many units the layer whose bias is `name` ("bias_in", "bias_hidden") has."""
    units: int = network[NETWORK_ARRAYS.index(name)].shape[0]
    return units


@njit(cache=True, fastmath=True)
def first_layer(state: Any, state_in: Any, bias_in: Any, out: Any) -> None:
    """`out`: the first layer's input from the state row (`state @ state_in + bias_in`), shared by every move."""
    out[:] = bias_in
    for feature in range(state_in.shape[0]):  # the columns the network reads (its layout's)
        value = state[feature]
        if value != 0.0:
            for unit in range(out.shape[0]):
                out[unit] += value * state_in[feature, unit]


@njit(cache=True, fastmath=True)
def score(
    action: Any, first: Any, action_in: Any, hidden_weights: Any, bias_hidden: Any, out_weights: Any, bias_out: Any,
    hidden: Any, second: Any,
) -> float:  # fmt: skip
    """The network's score of one action row (`learned.Weights.scores`), `first` the state's share of the first
    layer; `hidden` and `second` work arrays."""
    hidden[:] = first
    for feature in range(action_in.shape[0]):
        value = action[feature]
        if value != 0.0:
            for unit in range(hidden.shape[0]):
                hidden[unit] += value * action_in[feature, unit]
    second[:] = bias_hidden
    for unit in range(hidden.shape[0]):
        value = hidden[unit]
        if value > 0.0:
            for later in range(second.shape[0]):
                second[later] += value * hidden_weights[unit, later]
    result = bias_out[0]
    for later in range(second.shape[0]):
        if second[later] > 0.0:
            result += second[later] * out_weights[later]
    found: float = result
    return found


@njit(cache=True)
def end_action_row(action: Any, index: int, advice: int) -> None:
    """The action row's last base columns, once its hand-after block is written: the sets of ranks the hand keeps
    after the move, and whether the move (`index`) is the heuristic's (`advice`)."""
    sets = 0
    for slot in range(SLOTS):
        if action[AC_AFTER + slot] != 0.0:
            sets += 1
    action[AC_FLAGS + 5] = sets / 13
    action[AC_FLAGS + 6] = 1.0 if index == advice else 0.0
