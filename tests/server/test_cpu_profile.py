"""The benchmarks' CPU sampler (presidente/server/cpu_profile.py): a process that asks for it writes the stacks
that held its CPU time, and the summary names the function that spent it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from presidente.server import cpu_profile

BUSY = """
import time
from presidente.server import cpu_profile
cpu_profile.WRITE_EVERY = 0.05

def busy_loop():
    started = time.process_time()
    while time.process_time() - started < 0.25:
        pass

assert cpu_profile.start_from_environment()
busy_loop()
time.sleep(0.2)  # no CPU time: no sample, and the file is written meanwhile
"""


def test_the_process_cpu_time_is_counted_in_the_function_that_spent_it(tmp_path: Path) -> None:
    environment = {**os.environ, cpu_profile.ENVIRONMENT: str(tmp_path / "profile")}
    subprocess.run([sys.executable, "-c", BUSY], env=environment, check=True, timeout=60)
    [written] = tmp_path.glob("profile.*")
    cpu, samples = cpu_profile.read(written)
    assert cpu >= 0.25
    busy = sum(count for stack, count in samples.items() if stack.endswith(":busy_loop"))
    assert busy >= 0.8 * sum(samples.values()) > 0
    lines = cpu_profile.summary(samples)
    assert any(line.endswith("<string>:busy_loop") for line in lines[lines.index("at the top of the stack:") :])
