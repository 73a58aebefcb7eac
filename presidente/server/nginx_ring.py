"""nginx's consistent hash (`hash $key consistent;`, ngx_http_upstream_hash_module), as nginx computes it, so that
the configuration `presidente cluster start` writes can give each process an even share of the tables.

nginx puts 160 points per unit of weight for each server on a ring of 32-bit hashes (ketama, as
Cache::Memcached::Fast): the first is crc32(host, NUL, port, 0 as four bytes), each next one crc32(host, NUL, port,
the previous point as four little-endian bytes); for `unix:/path` the host is the path and the port empty. A key
goes to the server of the first point at or after crc32(key), round the ring. With 160 points per server the
shares depend on the servers' names, and so on the cluster's folder: two processes split the tables 52/48 or worse
(one in ten folders 54/46 or worse, measured over random folder names). More points even the shares out, and a
little more or less weight for one server evens them further: `even_weights` looks for such weights.
"""

from __future__ import annotations

import bisect
import functools
import zlib
from collections.abc import Sequence

POINTS_PER_WEIGHT = 160
# Weights tried: around BASE_WEIGHT (about 8,000 points per server; nginx allocates 8 bytes a point), up to SPREAD
# more or less for a server.
BASE_WEIGHT = 50
SPREAD = 12


def _chain(server: str, count: int) -> list[int]:
    """The first `count` points of a server (its name as written after `server` in the upstream block)."""
    longest = _longest_chain(server)
    return list(longest[:count]) if count <= len(longest) else _points(server, count)


@functools.lru_cache(maxsize=64)
def _longest_chain(server: str) -> tuple[int, ...]:
    return tuple(_points(server, POINTS_PER_WEIGHT * (BASE_WEIGHT + SPREAD)))


def _points(server: str, count: int) -> list[int]:
    if server[:5].lower() == "unix:":
        host, port = server[5:], ""
    elif ":" in server:
        host, _, port = server.rpartition(":")
    else:
        host, port = server, ""
    base = zlib.crc32(f"{host}\0{port}".encode())
    points, previous = [], 0
    for _ in range(count):
        previous = zlib.crc32(previous.to_bytes(4, "little"), base)
        points.append(previous)
    return points


def ring(servers: Sequence[str], weights: Sequence[int]) -> tuple[list[int], list[int]]:
    """The ring's points in order and the server (its index) of each; of equal points nginx keeps the first."""
    # Each point and its server's index as one number (sorting numbers is far quicker than sorting pairs), in
    # sorted runs, one per server, which Python's sort merges.
    shift = max(len(servers), 2).bit_length()
    merged = sorted(
        number
        for index, (server, weight) in enumerate(zip(servers, weights, strict=True))
        for number in _sorted_points(server, weight, index, shift)
    )
    points: list[int] = []
    owners: list[int] = []
    mask = (1 << shift) - 1
    for number in merged:
        point = number >> shift
        if not points or points[-1] != point:
            points.append(point)
            owners.append(number & mask)
    return points, owners


@functools.lru_cache(maxsize=1024)
def _sorted_points(server: str, weight: int, index: int, shift: int) -> tuple[int, ...]:
    return tuple(sorted((point << shift) | index for point in _chain(server, POINTS_PER_WEIGHT * weight)))


def server_of(key: str, points: list[int], owners: list[int]) -> int:
    """The server (its index) nginx sends `key` to, all servers up."""
    return owners[bisect.bisect_left(points, zlib.crc32(key.encode())) % len(points)]


def shares(servers: Sequence[str], weights: Sequence[int]) -> list[float]:
    """Each server's share of the hash space: of the keys (table ids) it receives."""
    points, owners = ring(servers, weights)
    share = [0] * len(servers)
    previous = points[-1] - 2**32
    for point, index in zip(points, owners, strict=True):
        share[index] += point - previous
        previous = point
    return [part / 2**32 for part in share]


def even_weights(servers: Sequence[str], rounds: int = 2) -> list[int]:
    """Weights that give the servers shares as even as can be found: each server's weight but the first in turn
    set to the one within SPREAD of BASE_WEIGHT that makes the largest deviation from an even share smallest
    (`rounds` times over; with two servers once is enough)."""
    weights = [BASE_WEIGHT] * len(servers)
    if len(servers) < 2:
        return weights
    rounds = 1 if len(servers) == 2 else rounds

    def unevenness(tried: list[int]) -> float:
        return max(abs(share - 1 / len(servers)) for share in shares(servers, tried))

    best = unevenness(weights)
    for _ in range(rounds):
        for index in range(1, len(servers)):  # the first stays at BASE_WEIGHT: only the ratios matter
            for weight in range(BASE_WEIGHT - SPREAD, BASE_WEIGHT + SPREAD + 1):
                tried = [*weights[:index], weight, *weights[index + 1 :]]
                if (score := unevenness(tried)) < best:
                    best, weights = score, tried
    return weights


def main(argv: Sequence[str]) -> None:
    """`python -m presidente.server.nginx_ring SERVER...` (each as written after `server` in nginx's upstream, such
    as unix:/run/presidente/8001.sock or 10.0.0.5:8001): the weights to write, and each server's share of the
    tables with them and with nginx's default."""
    if not argv:
        raise SystemExit("Give the upstream's servers: unix:/run/presidente/8001.sock unix:/run/presidente/8002.sock")
    weights = even_weights(argv)
    for server, weight, share, default in zip(
        argv, weights, shares(argv, weights), shares(argv, [1] * len(argv)), strict=True
    ):
        print(f"server {server} weight={weight};  # {share:.2%} of the tables ({default:.2%} without weights)")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
