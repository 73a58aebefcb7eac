"""What the paired benchmarks (`uecda_paired.py`, `rank_paired.py`) share: their units of play run on worker
processes, started in order within a bound on the wall time, each unit's result handed back as it finishes."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

Unit = TypeVar("Unit")


def play_bounded(
    play: Callable[..., Unit],
    tasks: Iterable[tuple[Any, ...]],
    seconds: float,
    workers: int,
    warm: Callable[[], None],
) -> Iterator[Unit]:
    """`play(*task)` for each task in order on `workers` processes (each warmed by `warm` first), two units a
    worker under way at most, none started once `seconds` of wall time have passed; yields each result as it
    finishes. Units still under way at the bound are left out (said on standard error), so a caller keeps only
    what both its variants finished."""
    deadline = time.monotonic() + seconds
    with ProcessPoolExecutor(max_workers=workers, initializer=warm) as pool:
        pending: set[Future[Unit]] = set()
        queue = iter(tasks)
        while True:
            while len(pending) < 2 * workers and time.monotonic() < deadline:
                task = next(queue, None)
                if task is None:
                    break
                pending.add(pool.submit(play, *task))
            if not pending:
                break
            finished, pending = wait(
                pending, timeout=max(0.1, deadline - time.monotonic()), return_when=FIRST_COMPLETED
            )
            for future in finished:
                yield future.result()
            if time.monotonic() >= deadline and pending:
                print(f"wall-time bound reached: {len(pending)} unfinished units left out", file=sys.stderr)
                break
        pool.shutdown(cancel_futures=True)  # the units under way finish (seconds each), none starts
