"""The restart-and-resume scenarios against a real PostgreSQL: a throwaway cluster in a temporary folder.

The cluster is made with Debian's `initdb` and `pg_ctl` (package postgresql), listens on a free port on
127.0.0.1 only, runs as the `postgres` user when the tests run as root, and is removed afterwards. Without
the binaries or the asyncpg driver the tests are skipped, saying which is missing.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import test_devices
import test_play
import test_seats_and_time as scenarios
from server_helpers import Clock, make_client
from services import postgres_cluster


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    yield from postgres_cluster()


def test_a_restarted_server_resumes_every_unfinished_table_on_postgresql(postgres_url: str) -> None:
    scenarios.test_a_restarted_server_resumes_every_unfinished_table(postgres_url, Clock())


def test_chat_is_stored_and_shown_again_after_a_restart_on_postgresql(postgres_url: str) -> None:
    scenarios.test_chat_is_stored_and_shown_again_after_a_restart(postgres_url, Clock())


def test_a_finished_game_is_rated_and_replayed_on_postgresql(postgres_url: str) -> None:
    with make_client(postgres_url, Clock()) as client:
        test_play.test_full_president_game_against_bots_then_ratings_and_replay(client)


def test_a_device_link_and_signing_out_on_postgresql(postgres_url: str) -> None:
    wall = test_devices.WallClock()
    with test_devices.device_client(postgres_url, Clock(), wall) as client:
        test_devices.test_a_link_expires_after_ten_minutes(client, wall)
        test_devices.test_a_signed_out_device_is_refused_over_http_and_the_websocket(client)
