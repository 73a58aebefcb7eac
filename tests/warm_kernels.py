"""Compile the numba kernels once, into numba's cache beside their modules, before the test workers need them.

A fresh clone has no compiled kernels, and numba compiles a kernel in each process that first calls it: with
several pytest workers reaching the environment tests at about the same time, each spent 20-25 CPU-seconds
compiling the same code. `tests/conftest.py` runs this script once in the background at the start of a run with
workers, holding a lock that `wait_for_warm_kernels` (called by the tests that use the kernels) waits on, so the
workers load the cached code instead.

    .venv/bin/python tests/warm_kernels.py      # what the conftest runs; prints how long it took
"""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path

# The lock beside the kernels' cache: held while this script compiles them.
LOCK = Path(__file__).resolve().parent.parent / "presidente" / "envs" / "__pycache__" / "warm-kernels.lock"


def wait_for_warm_kernels() -> None:
    """Return once no warm-up holds the lock (at once when none was started)."""
    if not LOCK.exists():
        return
    with LOCK.open("rb") as lock:
        fcntl.flock(lock, fcntl.LOCK_SH)  # blocks while the warm-up holds it exclusively
        fcntl.flock(lock, fcntl.LOCK_UN)


def warm() -> None:
    """Call each kernel the way the environments do: a compiled AEC match and a few vectorized moves."""
    import numpy as np

    from presidente.envs import president_v0
    from presidente.envs.vector_bga import VectorTables

    env = president_v0.env(preset="bga", players=4, options={"rounds": 1}, engine="compiled")
    env.reset(seed=1)
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(observation["action_mask"].nonzero()[0][0]))
    tables, rng = VectorTables(4), np.random.default_rng(1)
    tables.reset(np.arange(4))
    for _ in range(20):
        tables.step(tables.random_actions(rng))
        tables.observe()


if __name__ == "__main__":
    started = time.monotonic()
    try:
        import numba  # noqa: F401
    except ImportError:
        raise SystemExit(0) from None  # no envs extra: nothing to compile
    if "WARM_KERNELS_LOCK_FD" not in os.environ:  # run by hand: take the lock itself
        LOCK.parent.mkdir(parents=True, exist_ok=True)
        handle = LOCK.open("wb")
        fcntl.flock(handle, fcntl.LOCK_EX)
    warm()
    print(f"kernels compiled or loaded in {time.monotonic() - started:.1f} s")
