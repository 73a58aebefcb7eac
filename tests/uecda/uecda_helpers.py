"""Helpers to run the official UECda programs on loopback: `tndhms` (the server) and `client` (the sample client)."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

UECDA_SOURCES = Path(os.environ.get("UECDA_DIR", Path(__file__).resolve().parents[3] / "shared" / "uecda"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_listening(port: int, process: subprocess.Popen[str] | None = None, timeout: float = 20.0) -> None:
    """Wait until something listens on `port` — read from /proc/net/tcp, since a probing connection would take
    one of the server's five seats."""
    wanted = f":{port:04X}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            try:
                lines = Path(table).read_text().splitlines()[1:]
            except OSError:
                continue
            # Each line: slot, local address "0100007F:A633", remote address, state (0A: listening), ...
            if any(line.split()[1].endswith(wanted) and line.split()[3] == "0A" for line in lines):
                return
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server exited early: {process.stdout.read() if process.stdout else ''}")
        time.sleep(0.05)
    raise TimeoutError(f"nothing listens on port {port}")


@dataclass
class Tndhms:
    """A running official server and the file its output goes to."""

    process: subprocess.Popen[str]
    log: Path

    def output(self, timeout: float) -> str:
        """Wait for the match to end; what the server printed."""
        self.process.wait(timeout)
        return self.log.read_text()


@dataclass
class Official:
    """The built official programs."""

    folder: Path

    def server(self, port: int, games: int) -> Tndhms:
        """`tndhms` with its shipped rules for a match of `games` games, listening on `port`; its output goes to a
        file (a dozen lines a game would fill a pipe nobody reads until the end, and stop it)."""
        config = self.folder / f"tndhms-{games}.cfg"
        lines = (self.folder / "tndhms.cfg").read_text().splitlines()
        config.write_text(
            "\n".join(f"GAME_NUMBER\t{games}" if line.startswith("GAME_NUMBER") else line for line in lines) + "\n"
        )
        log = self.folder / f"tndhms-{port}.log"
        with log.open("w") as sink:
            process = subprocess.Popen(
                [str(self.folder / "tndhms"), "-c", str(config), "-p", str(port)],
                cwd=self.folder,
                stdout=sink,
                stderr=subprocess.STDOUT,
                text=True,
            )
        wait_listening(port, process)
        return Tndhms(process, log)

    def client(self, port: int, name: str) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [str(self.folder / "client"), "-p", str(port), "-n", name],
            cwd=self.folder,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            text=True,
        )
