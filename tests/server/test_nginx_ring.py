"""nginx's consistent hash as `nginx_ring` computes it (issue 29: two processes split the tables 52/48 or worse).

A real nginx (Debian's) routes GET /ws/<table id> through `hash ... consistent` over two Unix sockets on which it
answers itself which one was reached, with the weights `presidente cluster start` writes: each of 300 random table
ids reaches the server the model says, and the model's shares with those weights are even within 1%.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_server import free_port

from presidente.server import nginx_ring
from presidente.server.local_cluster import upstream_servers

CONF = """\
daemon off;
master_process off;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 256; }}
http {{
  access_log off;
  client_body_temp_path {folder}/tmp; proxy_temp_path {folder}/tmp; fastcgi_temp_path {folder}/tmp;
  uwsgi_temp_path {folder}/tmp; scgi_temp_path {folder}/tmp;
  map $uri $presidente_route {{
    ~^/ws/([^/]+)$ $1;
    default $request_id;
  }}
  upstream presidente {{
    hash $presidente_route consistent;
{servers}
  }}
  server {{ listen unix:{folder}/node1.sock; return 200 "0"; }}
  server {{ listen unix:{folder}/node2.sock; return 200 "1"; }}
  server {{ listen 127.0.0.1:{port}; location / {{ proxy_pass http://presidente; }} }}
}}
"""


@pytest.fixture(scope="module")
def routed() -> Iterator[tuple[int, list[str], list[int]]]:
    """nginx on a free port, in front of its own two Unix sockets: (port, the servers, their weights)."""
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if nginx is None:
        pytest.skip("nginx was not found (Debian: apt-get install nginx-light)")
    folder = Path(tempfile.mkdtemp(prefix="presidente-ring-"))
    (folder / "tmp").mkdir()
    port = free_port()
    sockets = [folder / "node1.sock", folder / "node2.sock"]
    servers, weights = upstream_servers([None, None], sockets)
    (folder / "nginx.conf").write_text(
        CONF.format(folder=folder, port=port, servers="\n".join(f"    server {line};" for line in servers))
    )
    process = subprocess.Popen(
        [nginx, "-c", str(folder / "nginx.conf"), "-p", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    error_log = folder / "error.log"
                    pytest.fail(f"nginx did not start: {error_log.read_text() if error_log.exists() else ''}")
                time.sleep(0.05)
        yield port, [f"unix:{path}" for path in sockets], weights
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


def test_nginx_sends_each_table_where_the_model_says_and_the_weights_split_the_tables_evenly(
    routed: tuple[int, list[str], list[int]],
) -> None:
    port, servers, weights = routed
    assert weights != [1, 1]  # more points than nginx's default, and weighed
    points, owners = nginx_ring.ring(servers, weights)
    reached = [0, 0]
    for _ in range(300):
        table_id = secrets.token_hex(6)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/ws/{table_id}", timeout=5) as answer:
            server = int(answer.read())
        assert server == nginx_ring.server_of(table_id, points, owners), table_id
        reached[server] += 1
    assert min(reached) > 100  # both reached (300 ids: the split itself is measured below, exactly)
    shares = nginx_ring.shares(servers, weights)
    assert max(abs(share - 0.5) for share in shares) < 0.01, shares
    assert os.path.exists(servers[0].removeprefix("unix:"))
