"""Fixtures of the protocol tests: a real app on a SQLite file per test, with a clock the test moves."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import Clock, make_client
from starlette.testclient import TestClient


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'test.db'}"


@pytest.fixture
def client(database: str, clock: Clock) -> Iterator[TestClient]:
    with make_client(database, clock) as test_client:
        yield test_client
