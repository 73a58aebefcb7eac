"""Compile the numba kernels once, into numba's cache beside their modules, before the test workers need them.

A fresh clone has no compiled kernels, and numba compiles a kernel in each process that first calls it: with
several pytest workers reaching the environment tests at about the same time, each spent 20-25 CPU-seconds
compiling the same code. `tests/conftest.py` starts this script at the start of a run with workers, as two processes
side by side (PROCESSES), holding one lock per group of kernels; `wait_for_warm_kernels(group)` waits for a group, so
the workers load the cached code instead. One process compiles the suit-aware kernels (`suit`: the card search's
playouts and president_v0's suit tables), then the searches' rank-count kernels (`search`: strong, ismcts; a search
that starts loading one waits in its loading thread for its group, playing on the engine meanwhile, and the tests of
the kernels themselves wait for it); the other compiles the environments' kernels (`envs`: the tests in tests/envs
wait for those, and for `suit` too, which that group's lock is released after). One after the other, in one
process, the tests in tests/envs waited for all of them, about 110 CPU-seconds on one core, while every worker of
a fresh clone's `make test` waited (the envs tests and the README's envs block from 20-30 s into the run until
110 s): side by side, `envs` is ready after about 40 CPU-seconds of its process and 25 of the other's.

    .venv/bin/python tests/warm_kernels.py      # by hand: compiles every group, prints how long each took
"""

from __future__ import annotations

import fcntl
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

_CACHE = Path(__file__).resolve().parent.parent / "presidente" / "envs" / "__pycache__"
# Each process compiles its groups in this order, releasing each group's lock as soon as it is compiled.
PROCESSES = {"search": ("suit", "search"), "envs": ("envs",)}
GROUPS = tuple(group for groups in PROCESSES.values() for group in groups)
# A group's lock is released only once these groups are compiled too (the environments' tests play suit tables).
ALSO_WAITS = {"envs": ("suit",)}


def lock_path(group: str) -> Path:
    """The lock held while this script compiles `group`'s kernels."""
    return _CACHE / f"warm-{group}.lock"


def wait_for_warm_kernels(group: str) -> None:
    """Return once no warm-up holds `group`'s lock (at once when none was started)."""
    path = lock_path(group)
    if not path.exists():
        return
    with path.open("rb") as lock:
        fcntl.flock(lock, fcntl.LOCK_SH)  # blocks while the warm-up holds it exclusively
        fcntl.flock(lock, fcntl.LOCK_UN)


def warm_suit() -> None:
    """The suit-aware kernel of the card search's playouts, loaded as the first search loads it, and the same kernel's
    entry points for president_v0's suit tables (`envs/suited_table.py`): a one-round match."""
    from presidente.bots import suited_playout

    suited_playout.ready(wait=True)
    from presidente.envs import president_v0

    env = president_v0.raw_env(preset="uecda", players=5, options={"rounds": 1}, engine="compiled")
    env.reset(seed=1)
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(observation["action_mask"].nonzero()[0][0]))


def warm_search() -> None:
    """The rank-count tables' kernel (`strong`'s playouts and evidence on bga, victorz, trump-jokers, college) and the
    tree search's calls of it."""
    from presidente.bots import rank_playout

    rank_playout.ready(wait=True)
    # The tree search's calls of that kernel from Python (`compiled_search.TreePlayouts`: its legal moves, moves and
    # play-outs), which the load above does not make: without them, each worker's first tree search compiled them
    # (6 CPU-s).
    import random

    from presidente.bots.ismcts import IsmctsBot
    from presidente.president import find_preset, new_game

    rules = find_preset("bga")
    state = new_game(rules, 4, 1)
    seat = state.current_player
    assert seat is not None
    tree = IsmctsBot(time=0, iterations=4, rules=rules, tree=True)
    tree.choose(state.observation(seat), state.legal_actions(), random.Random(1))
    # Its iterations in one call of that kernel (`compiled_search`: that search started loading it, and walked in Python
    # meanwhile, as a search with the evidence's deals does).
    from presidente.bots import compiled_search

    compiled_search.ready(wait=True)
    # strong's playouts by the learned policy on `bga` at 4 players (`rank_learned`, its default there).
    from presidente.bots import rank_learned

    rank_learned.ready(wait=True)
    # strong's suit-table playouts by the learned policy (`suited_learned`, its default on `uecda`): in this group, not
    # the suit group, which the environments' tests wait for and do not need it (12 CPU-s to compile).
    from presidente.bots import suited_learned

    suited_learned.ready(wait=True)


def warm_envs() -> None:
    """Each environment kernel called as the environments call it: a compiled AEC match, vectorized moves."""
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
    # El Presidente's kernel (`envs/elpresidente_kernel.py`): each entry point once, on a throwaway table.
    from presidente.elpresidente import Rules
    from presidente.envs import elpresidente_kernel
    from presidente.envs.elpresidente_table import ElPresidenteTable

    table = ElPresidenteTable(Rules(players=2))
    table.reset(1)
    table.step(int(table.mask.nonzero()[0][0]))
    table.observe(0)
    elpresidente_kernel.resume(table.s, table.deck, table.mask, table.seen)


WARM: dict[str, Callable[[], None]] = {"suit": warm_suit, "search": warm_search, "envs": warm_envs}


def main(process: str | None = None) -> None:
    """Compile `process`'s groups (every group when None, as by hand), releasing each group's lock when it is done."""
    try:
        import numba  # noqa: F401
    except ImportError:
        return  # no envs extra: nothing to compile (the locks go with this process)
    handed = {group: int(fd) for group, fd in (item.split(":") for item in os.environ.get("WARM_LOCKS", "").split())}
    groups = PROCESSES[process] if process else GROUPS
    held = {}
    for group in groups:
        if group not in handed:  # run by hand: take the lock itself
            lock_path(group).parent.mkdir(parents=True, exist_ok=True)
            held[group] = lock_path(group).open("wb")
            fcntl.flock(held[group], fcntl.LOCK_EX)
            handed[group] = held[group].fileno()
    begun = time.monotonic()
    for group in groups:
        started = time.monotonic()
        WARM[group]()
        for other in ALSO_WAITS.get(group, ()):
            wait_for_warm_kernels(other)
        fcntl.flock(handed[group], fcntl.LOCK_UN)  # the tests waiting for this group go on
        now = time.monotonic()
        said = f"{group}: compiled or loaded in {now - started:.1f} s, ready {now - begun:.1f} s after start"
        print(f"{said} ({time.process_time():.1f} CPU-s of this process)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
