"""Every command in README.md's code blocks works as written on a machine after the quick start (issue 25).

Each command of a block has a check below, and a command without one (or a check without its command) fails
the first test, so a README edit comes with its check:

- `Run`: run as written (`bash -c`), in the README's order within its block, in a scratch folder that stands
  for the checkout (links to its `.venv`, `benchmarks` and `examples`), so a block's later commands find the
  files its earlier ones wrote; interactive ones get scripted input that ends in end of input (Ctrl-D).
- `Serve`: a server started as written (it listens on 127.0.0.1:8000 only) while the rest of its block runs,
  then stopped.
- `Parses`: a command that runs for minutes or for ever (servers, benchmarks, training) runs as written with
  `--help` appended: click and argparse read every option's name (and argparse every value before it) before
  they answer, so a renamed or missing option still fails; a make target is dry-run (`make -n`).
- `Installs`: `pip install -e '.[extra]'` names an extra of pyproject.toml; an extra the quick start installs
  (through `dev`) is already installed, so the command has nothing left to do.

Each Python block runs under `.venv/bin/python` (the envs extra is part of the quick start's set-up).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from warm_kernels import wait_for_warm_kernels

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
VENV = ROOT / ".venv"
# What the README's commands reach for, relative to the checkout.
CHECKOUT_LINKS = (".venv", "benchmarks", "examples")
SERVER_PORT = 8000  # the README's port; the server listens on 127.0.0.1 only
TIMEOUT = 120  # seconds, per command: a busy 2-core machine; the whole file takes seconds


@dataclass(frozen=True)
class Run:
    stdin: str = ""  # interactive commands: these lines, then end of input
    shows: str = ""  # text the output holds
    writes: str = ""  # a file the command writes (in the scratch folder)


@dataclass(frozen=True)
class Serve:
    pass


@dataclass(frozen=True)
class Parses:
    pass


@dataclass(frozen=True)
class Installs:
    pass


Check = Run | Serve | Parses | Installs
ABANDONED = "Match abandoned."

CHECKS: dict[str, Check] = {
    # Quick start
    "make run": Parses(),
    "make test": Parses(),
    "make fuzz": Parses(),
    # Using the terminal
    ".venv/bin/presidente rules": Run(shows="bga"),
    ".venv/bin/presidente rules college": Run(shows="college"),
    ".venv/bin/presidente play --preset bga --players 4 --option eight_rule=on --seed 7": Run(shows=ABANDONED),
    ".venv/bin/presidente play --preset victorz --players 5 --bots-only --seed 3 --save match.json": Run(
        shows="Winner", writes="match.json"
    ),
    ".venv/bin/presidente play --game el-presidente --players 4 --teams 2v2": Run(shows=ABANDONED),
    ".venv/bin/presidente play --preset bga --bot heuristic --hint": Run(stdin="hint\n", shows=ABANDONED),
    ".venv/bin/presidente arena --bots ismcts,heuristic,heuristic,heuristic --preset bga --deals 100 "
    "--out results.json": Parses(),
    ".venv/bin/presidente arena --bots ismcts:time=0.2,ismcts:tree=1,heuristic,random": Parses(),
    ".venv/bin/presidente arena --bots strong,learned,heuristic,heuristic --preset victorz --deals 20": Parses(),
    ".venv/bin/presidente replay match.json --all": Run(stdin="a\n", shows="Winner"),
    ".venv/bin/presidente review match.json --seat 0": Parses(),
    ".venv/bin/presidente play --seed 5 --save-position table.json": Run(shows=ABANDONED, writes="table.json"),
    ".venv/bin/presidente play --position table.json": Run(shows="from a position"),
    ".venv/bin/presidente play --plain": Run(stdin="help\n", shows=ABANDONED),
    ".venv/bin/presidente bench --preset bga --players 4 --games 1000": Run(shows="1000 rounds"),
    ".venv/bin/presidente bench --preset college --players 5 --option decks=2": Run(shows="decks=2"),
    ".venv/bin/presidente serve --host 127.0.0.1 --port 8000": Parses(),
    # Running the server
    ".venv/bin/presidente serve": Parses(),
    ".venv/bin/presidente serve --database sqlite:///games.db": Serve(),
    ".venv/bin/presidente serve --database postgresql://user:pw@host/db": Parses(),
    "curl localhost:8000/healthz; curl localhost:8000/readyz; curl localhost:8000/metrics": Run(shows="# TYPE"),
    ".venv/bin/presidente serve --log-json": Parses(),
    "make cluster": Parses(),
    "make cluster-stop": Parses(),
    ".venv/bin/presidente serve --database postgresql://user@db/presidente --redis redis://cache:6379/0 --port 8001": (
        Parses()
    ),
    # UECda
    ".venv/bin/presidente uecda serve --port 42485 --games 1000 --seats heuristic --record uecda.json": Parses(),
    ".venv/bin/presidente uecda play --host 127.0.0.1 --port 42485 --bot ismcts:time=0.1 --name ours": Parses(),
    ".venv/bin/python benchmarks/uecda_strength.py 100": Parses(),
    # Research
    ".venv/bin/pip install -e '.[envs]'": Installs(),
    ".venv/bin/pip install -e '.[research]'": Installs(),
    ".venv/bin/python examples/masked_ppo_bga.py --minutes 5": Parses(),
}


@dataclass(frozen=True)
class Block:
    section: str
    language: str
    text: str

    @property
    def commands(self) -> list[str]:
        """The block's command lines, each without its comment."""
        lines = (re.sub(r"\s+#\s.*$", "", line).strip() for line in self.text.splitlines())
        return [line for line in lines if line]


def readme_blocks() -> list[Block]:
    blocks, section = [], ""
    for match in re.finditer(r"^## ([^\n]+)$|^```(\w*)\n(.*?)^```$", README.read_text(encoding="utf-8"), re.M | re.S):
        if match[1]:
            section = match[1].strip()
        else:
            blocks.append(Block(section, match[2], match[3]))
    return blocks


BLOCKS = readme_blocks()
SHELL_BLOCKS = [block for block in BLOCKS if block.language == "sh"]
PYTHON_BLOCKS = [block for block in BLOCKS if block.language == "python"]
COMMANDS = [command for block in SHELL_BLOCKS for command in block.commands]
RUN_BLOCKS = [block for block in SHELL_BLOCKS if any(isinstance(CHECKS.get(c), Run | Serve) for c in block.commands)]
PARSED = [command for command in COMMANDS if isinstance(CHECKS.get(command), Parses)]
INSTALLS = [command for command in COMMANDS if isinstance(CHECKS.get(command), Installs)]

needs_venv = pytest.mark.skipif(
    not (VENV / "bin" / "presidente").exists(), reason="the README's commands use the quick start's .venv"
)


def test_every_readme_command_has_a_check() -> None:
    assert {block.language for block in BLOCKS} <= {"sh", "python"}
    assert len(COMMANDS) == len(set(COMMANDS)), "a command appears twice in README.md"
    assert [c for c in COMMANDS if c not in CHECKS] == [], "README.md commands without a check in test_readme.py"
    assert [c for c in CHECKS if c not in COMMANDS] == [], "checks in test_readme.py for commands README.md lacks"


def _environment(scratch: Path) -> dict[str, str]:
    # curl goes straight to the server on this machine, whatever proxy the machine names.
    direct = ",".join(filter(None, [os.environ.get("no_proxy", ""), "localhost,127.0.0.1"]))
    return os.environ | {
        "HOME": str(scratch),
        "XDG_DATA_HOME": str(scratch / "data"),
        "COLUMNS": "120",
        "no_proxy": direct,
        "NO_PROXY": direct,
    }


def _scratch_checkout(folder: Path) -> Path:
    for name in CHECKOUT_LINKS:
        (folder / name).symlink_to(ROOT / name)
    return folder


def _shell(command: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`bash -c command`, its own process group killed whole if it outlives TIMEOUT."""
    process = subprocess.Popen(
        ["bash", "-c", command],
        cwd=cwd,
        env=_environment(cwd),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        output, _ = process.communicate(stdin, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        pytest.fail(f"{command!r} ran past {TIMEOUT} s:\n{output[-3000:]}")
    return subprocess.CompletedProcess(command, process.returncode, output, None)


_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # no proxy between us and the server


class _Server:
    """A README server command run in the background until the block's end."""

    def __init__(self, command: str, cwd: Path) -> None:
        self.command = command
        self.log = cwd / "server.log"
        with self.log.open("w") as sink:
            self.process = subprocess.Popen(
                ["bash", "-c", command],
                cwd=cwd,
                env=_environment(cwd),
                stdin=subprocess.DEVNULL,
                stdout=sink,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def wait_until_healthy(self) -> None:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"{self.command!r} stopped:\n{self.log.read_text()[-3000:]}")
            try:
                with _DIRECT.open(f"http://127.0.0.1:{SERVER_PORT}/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        pytest.fail(f"{self.command!r} did not answer /healthz in {TIMEOUT} s:\n{self.log.read_text()[-3000:]}")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


def _port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does: TIME_WAIT is no owner
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@needs_venv
@pytest.mark.parametrize("block", RUN_BLOCKS, ids=[block.section for block in RUN_BLOCKS])
def test_the_block_runs_as_written(block: Block, tmp_path: Path) -> None:
    scratch = _scratch_checkout(tmp_path)
    servers: list[_Server] = []
    try:
        for command in block.commands:
            check = CHECKS[command]
            if isinstance(check, Serve):
                if not _port_is_free(SERVER_PORT):
                    pytest.skip(f"port {SERVER_PORT} is taken on this machine: the README's server cannot start")
                servers.append(_Server(command, scratch))
                servers[-1].wait_until_healthy()
            elif isinstance(check, Run):
                if command.startswith("curl") and shutil.which("curl") is None:
                    pytest.skip("curl is not installed on this machine")
                result = _shell(command, scratch, check.stdin)
                assert result.returncode == 0, f"{command!r} exited {result.returncode}:\n{result.stdout[-3000:]}"
                assert check.shows in result.stdout, f"{command!r} did not show {check.shows!r}:\n{result.stdout}"
                assert "Traceback" not in result.stdout, result.stdout
                if check.writes:
                    assert (scratch / check.writes).stat().st_size > 0
    finally:
        for server in servers:
            server.stop()


@needs_venv
@pytest.mark.parametrize("command", PARSED)
def test_a_long_command_parses(command: str, tmp_path: Path) -> None:
    if command.startswith("make "):
        if shutil.which("make") is None:
            pytest.skip("make is not installed on this machine")
        result = subprocess.run(
            ["make", "-n", *command.split()[1:]], cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT
        )
        assert result.returncode == 0, result.stderr
        return
    result = _shell(f"{command} --help", _scratch_checkout(tmp_path))
    assert result.returncode == 0, result.stdout[-3000:]
    assert "usage:" in result.stdout.lower(), result.stdout


@pytest.mark.parametrize("command", INSTALLS)
def test_an_install_names_an_extra_of_the_checkout(command: str) -> None:
    match = re.fullmatch(r"\.venv/bin/pip install -e '\.\[(\w+)\]'", command)
    assert match, f"{command!r}: expected .venv/bin/pip install -e '.[extra]'"
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    extra = match[1]
    assert extra in extras
    itself = [Requirement(text) for text in extras["dev"] if Requirement(text).name == "presidente"]
    quick_start = {name for requirement in itself for name in requirement.extras}
    if extra not in quick_start:
        return  # the quick start does not install it: installing it is the reader's step
    if Path(sys.prefix).resolve() != VENV.resolve():
        pytest.skip("the tests run outside the checkout's .venv: its packages cannot be read here")
    for text in extras[extra]:
        requirement = Requirement(text)
        if requirement.name != "presidente":
            version = metadata.version(requirement.name)  # PackageNotFoundError: the quick start missed it
            assert requirement.specifier.contains(version, prereleases=True), (requirement, version)


@needs_venv
@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=[block.section for block in PYTHON_BLOCKS])
def test_a_python_block_runs(block: Block, tmp_path: Path) -> None:
    if "presidente.envs" in block.text:
        # Its process loads the environments' kernels from numba's cache once the run's warm-up has compiled them
        # (tests/warm_kernels.py), rather than compile them itself first (17 CPU-s in a fresh clone).
        wait_for_warm_kernels("envs")
    scratch = _scratch_checkout(tmp_path)
    (scratch / "snippet.py").write_text(block.text, encoding="utf-8")
    result = _shell(".venv/bin/python snippet.py", scratch)
    assert result.returncode == 0, result.stdout[-3000:]
