"""Where a server process's CPU time goes, for benchmarks (`benchmarks/cluster_load.py --cpu-profile`).

With PRESIDENTE_CPU_PROFILE=PATH in its environment, `presidente serve` samples its own Python stack every
SAMPLE_EVERY seconds of the process's CPU time (a SIGPROF interval timer) and writes the counts so far to
PATH.<pid> every WRITE_EVERY seconds. A wall-clock sampler (py-spy) also counts the time a process waits for a core
on a busy machine, and gave the socket writes that wake nginx a quarter of a loaded server where they take a tenth of
its CPU time (user 92%, system 8%, /proc/PID/stat); this one counts only CPU time. Native code (uvloop, orjson,
asyncpg, the kernel's socket calls) counts in the Python function that called it, and the event loop's own work in
the first Python function it runs next; other threads' CPU time counts in the main thread's stack of the moment.
"""

from __future__ import annotations

import atexit
import json
import os
import signal
import threading
import time
from collections import Counter
from pathlib import Path
from types import FrameType

ENVIRONMENT = "PRESIDENTE_CPU_PROFILE"
SAMPLE_EVERY = 0.002
WRITE_EVERY = 2.0


def start_from_environment() -> bool:
    """Start sampling when the environment asks for it; whether it does."""
    path = os.environ.get(ENVIRONMENT)
    if not path:
        return False
    start(Path(f"{path}.{os.getpid()}"))
    return True


def start(path: Path) -> None:
    """Sample this process (call from the main thread) and keep `path` written: {"cpu": the process's CPU seconds,
    "stacks": {"file:function;...;file:function": samples}}, outermost frame first."""
    counts: Counter[str] = Counter()

    def sample(signum: int, frame: FrameType | None) -> None:
        names = []
        while frame is not None:
            code = frame.f_code
            names.append(f"{code.co_filename.rsplit('/', 1)[-1]}:{code.co_qualname}")
            frame = frame.f_back
        counts[";".join(reversed(names))] += 1

    def keep_written() -> None:
        while True:
            time.sleep(WRITE_EVERY)
            written = path.with_suffix(path.suffix + ".part")
            written.write_text(json.dumps({"cpu": time.process_time(), "stacks": dict(counts)}))
            written.replace(path)

    signal.signal(signal.SIGPROF, sample)
    signal.setitimer(signal.ITIMER_PROF, SAMPLE_EVERY, SAMPLE_EVERY)
    atexit.register(stop)  # a SIGPROF during the interpreter's shutdown would end the process by that signal
    threading.Thread(target=keep_written, name="cpu-profile", daemon=True).start()


def stop() -> None:
    """Take no more samples."""
    signal.setitimer(signal.ITIMER_PROF, 0, 0)
    signal.signal(signal.SIGPROF, signal.SIG_IGN)


def read(path: Path) -> tuple[float, Counter[str]]:
    """A profile as written: the process's CPU seconds then, and the samples of each stack."""
    data = json.loads(path.read_text())
    return data["cpu"], Counter(data["stacks"])


def summary(samples: Counter[str], top: int = 25) -> list[str]:
    """Lines of the functions holding the most samples, with their share: inclusive (in the stack) and own (its top)."""
    total = sum(samples.values()) or 1
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    for stack, count in samples.items():
        names = stack.split(";")
        for name in set(names):
            inclusive[name] += count
        own[names[-1]] += count
    # At most one sample per SAMPLE_EVERY of CPU time: the timer's signals that come while one waits are merged.
    lines = [f"{sum(samples.values())} samples, each a moment of CPU time; the share of them in the stack:"]
    shown = [(name, count) for name, count in inclusive.most_common() if count < 0.95 * total]  # not the outer calls
    lines += [f"  {100 * count / total:5.1f}% {name}" for name, count in shown[:top]]
    lines.append("at the top of the stack:")
    lines += [f"  {100 * count / total:5.1f}% {name}" for name, count in own.most_common(top)]
    return lines
