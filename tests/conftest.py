"""Hypothesis profiles for the whole suite.

`ci` (the default, what `make test` runs): derandomized, no example database, so a fresh clone draws exactly the
examples every other clone draws and a run is green or red for everyone alike (hypothesis' advice for CI). An example
that ever failed is kept as an explicit `@example` beside its test, so it runs every time in every profile.

`fuzz` (`make fuzz`, `HYPOTHESIS_PROFILE=fuzz`): random examples from the seed pytest is given
(`--hypothesis-seed=N`, which `tests/fuzz.py` prints with every run so a finding replays), a local example
database, and the examples' blobs printed for `@reproduce_failure`.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import warm_kernels
from hypothesis import HealthCheck, settings

# Under load (two workers, a browser, servers) a generated example can be slow: never a failure in itself.
_TOLERANT = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile("ci", derandomize=True, database=None, deadline=None, suppress_health_check=_TOLERANT)
settings.register_profile("fuzz", derandomize=False, deadline=None, print_blob=True, suppress_health_check=_TOLERANT)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_configure(config: pytest.Config) -> None:
    """With several workers (`make test`), compile the numba kernels once in the background (`warm_kernels`), in two
    processes side by side."""
    if hasattr(config, "workerinput"):
        _playout_kernels_load_after_the_warm_up()
    workers = getattr(config.option, "numprocesses", None)
    if hasattr(config, "workerinput") or not workers or int(workers) < 2 or os.environ.get("PRESIDENTE_NO_WARM"):
        return
    locks = {}
    for group in warm_kernels.GROUPS:
        path = warm_kernels.lock_path(group)
        path.parent.mkdir(parents=True, exist_ok=True)
        locks[group] = path.open("wb")
        # Taken here, before any worker or warm-up starts, and held by the script's copy of the descriptor until it is
        # done.
        fcntl.flock(locks[group], fcntl.LOCK_EX)
    log_path = warm_kernels.lock_path("all").with_suffix(".log")  # what they said, for a slow or failed warm-up
    log_path.write_bytes(b"")
    log = log_path.open("ab")
    for process, groups in warm_kernels.PROCESSES.items():
        named = " ".join(f"{group}:{locks[group].fileno()}" for group in groups)
        subprocess.Popen(
            [sys.executable, str(Path(warm_kernels.__file__)), process],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            pass_fds=[locks[group].fileno() for group in groups],
            env={**os.environ, "WARM_LOCKS": named},
        )
    for lock in [*locks.values(), log]:
        lock.close()


def _playout_kernels_load_after_the_warm_up() -> None:
    """In a worker, a search that starts loading a playout kernel (in its background thread) waits there for the
    warm-up's compilation of its group (`suit` or `search`), then loads it from numba's cache: without this, every
    worker whose first search came before the warm-up was done compiled the kernels again itself (about 17 CPU-seconds
    each)."""
    try:
        from presidente.bots import compiled_search, rank_learned, rank_playout, suited_learned, suited_playout
    except ImportError:
        return
    groups = (
        (rank_playout, "search"),
        (suited_playout, "suit"),
        (compiled_search, "search"),
        (rank_learned, "search"),
        (suited_learned, "search"),
    )
    for module, group in groups:
        loader = module._KERNEL
        load = loader._load

        def after_warm_up(load: Callable[[], None] = load, group: str = group) -> None:
            warm_kernels.wait_for_warm_kernels(group)
            load()

        loader._load = after_warm_up


@pytest.fixture(scope="session")
def search_kernel_compiled_once() -> None:
    """For the tests that wait for the suit-aware kernel (`suited_playout.ready(wait=True)`): the run's one
    compilation of it. Elsewhere a search loads it in a thread of its own and plays on the engine meanwhile."""
    warm_kernels.wait_for_warm_kernels("search")
