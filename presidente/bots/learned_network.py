"""The `learned` bot's network (`learned.Weights.scores`) compiled with numba, for the kernels' playouts by the
learned policy (`rank_learned` on the rank-count board, `suited_learned` on the suit kernel's): the weights file's
arrays as the kernels take them, the state row's share of the first layer (once per position) and each move's
score. The kernels that compile these functions into their own hold this file's SHA-256 (`NETWORK_SHA256`)."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from presidente.bots.learned import Weights

# The weights file's arrays in the order the kernels take them (`learned.POLICY_ARRAYS`).
NETWORK_ARRAYS = ("state_in", "action_in", "bias_in", "hidden", "bias_hidden", "out", "bias_out")


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
