"""Every test here runs the numba kernels: wait for the run's one compilation of them (`tests/warm_kernels.py`)."""

from __future__ import annotations

import pytest
from warm_kernels import wait_for_warm_kernels


@pytest.fixture(autouse=True, scope="session")
def _kernels_compiled_once() -> None:
    wait_for_warm_kernels("envs")
