"""The server's Prometheus metrics, one registry per app (so several apps in one process, as in the tests, each
count their own).

Counters and histograms are updated where the work happens (the table tasks, the storage writer, the routes);
the gauges of tables, seats and connections are read from the hub when `/metrics` is scraped.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Callable, Iterator
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

# Seconds: from a few hundred microseconds (a move on a quiet server) to the seconds of a stalled disk.
LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.moves = Counter("presidente_moves", "Moves applied, by game.", ["game"], registry=self.registry)
        self.command_seconds = Histogram(
            "presidente_command_seconds",
            "Time a table task takes for one command: deciding, storing its rows, handing out its frames.",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.commit_seconds = Histogram(
            "presidente_storage_commit_seconds",
            "Time of one storage commit (the rows of one or many tables).",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.redis_seconds = Histogram(
            "presidente_redis_seconds",
            "Time of one Redis call of a cluster process (publishing a message, a lease's upkeep).",
            ["call"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.errors = Counter(
            "presidente_errors",
            "Errors by kind: rollback (a table command failed and was undone), damaged (a table no longer"
            " replays), storage (a commit failed), refused (a client's bad input answered with an error),"
            " new_players_limited (an address that made too many players was refused another), storage_wait (a table"
            " began waiting for storage that failed), websockets_limited (an address that held too many websockets"
            " was refused another).",
            ["kind"],
            registry=self.registry,
        )
        self.storage_failing = Gauge(
            "presidente_storage_failing",
            "1 while storage fails (a full disk, the database unreachable: new players and tables are refused, the"
            " tables wait), else 0.",
            registry=self.registry,
        )

    def watch(self, read: Callable[[], list[dict[str, Any]]]) -> None:
        """Report the tables, seats and connections `read` gives (one dict per table) at every scrape."""
        self.registry.register(_TableCollector(read))

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


class _TableCollector(Collector):
    def __init__(self, read: Callable[[], list[dict[str, Any]]]) -> None:
        self.read = read

    def collect(self) -> Iterator[Metric]:
        rows = self.read()
        tables = GaugeMetricFamily("presidente_tables", "Tables in memory, by status.", labels=["status"])
        for status, count in sorted(Tally(row["status"] for row in rows).items()):
            tables.add_metric([status], count)
        seats = GaugeMetricFamily("presidente_seats", "Seats of the tables in memory, by kind.", labels=["kind"])
        for kind, count in sorted(Tally(kind for row in rows for kind in row["seat_kinds"]).items()):
            seats.add_metric([kind], count)
        connections = GaugeMetricFamily("presidente_connections", "Open websocket connections to tables.")
        connections.add_metric([], sum(row["connections"] for row in rows))
        yield from (tables, seats, connections)
