"""The sides of a side-by-side benchmark: this checkout and, with `--against REV`, that revision checked out in a
temporary git worktree (removed when the benchmark ends). Shared by table_speed.py and bot_move_speed.py."""

from __future__ import annotations

import contextlib
import subprocess
import tempfile
from pathlib import Path


def sides(stack: contextlib.ExitStack, here: Path, against: str | None, prefix: str) -> dict[str, Path]:
    """{"this checkout": here} and, when `against` is given, {against: its worktree}; `stack` removes the worktree."""
    trees = {"this checkout": here}
    if against:
        peer = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix=prefix))) / "tree"
        subprocess.run(
            ["git", "-C", str(here), "worktree", "add", "--detach", str(peer), against], check=True, capture_output=True
        )
        stack.callback(
            subprocess.run, ["git", "-C", str(here), "worktree", "remove", "--force", str(peer)], capture_output=True
        )
        trees[against] = peer
    return trees
