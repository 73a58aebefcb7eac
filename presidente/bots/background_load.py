"""A compiled kernel loaded once per process, in a thread of its own, so a search never waits for numba.

The search's compiled playouts (`suited_playout`, `rank_playout`) ask `ready()` before each search: until the
kernel has loaded (from numba's cache, or compiled the first time after an install) the search plays on the
engine, with the same results. A process forked while its parent was still loading starts its own load (the
parent's thread does not exist in the child); one forked after the load finds the kernel ready.
`PRESIDENTE_PLAYOUT_KERNELS=off` in the environment keeps every search on the engine (no kernel is loaded or
compiled): for a process that would pay numba's compile for a few searches, or to measure the engine path.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

# The environment variable that, set to "off", keeps the searches' playouts on the engine.
SWITCH = "PRESIDENTE_PLAYOUT_KERNELS"


class BackgroundLoad:
    """Runs `load` (which calls the kernel's entry points once) in a thread named `name` on the first `ready()`."""

    def __init__(self, name: str, load: Callable[[], None], available: bool) -> None:
        self.name = name
        self._load = load
        self.available = available and os.environ.get(SWITCH, "").lower() != "off"
        self._ready = threading.Event()
        self._loading: tuple[threading.Thread, int] | None = None
        self._lock = threading.Lock()

    def ready(self, wait: bool = False) -> bool:
        """Is the kernel loaded? The first call starts loading it; `wait`: until it is loaded (a failed load leaves
        it not ready, and the search on the engine)."""
        if not self.available:
            return False
        if self._ready.is_set():
            return True
        with self._lock:
            if self._loading is None or self._loading[1] != os.getpid():
                thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                self._loading = (thread, os.getpid())
                thread.start()
            loading = self._loading[0]
        if wait:
            loading.join()
        return self._ready.is_set()

    def _run(self) -> None:
        self._load()
        self._ready.set()
