"""Build the mypyc-compiled engine into a folder of its own: `python tools/build_compiled.py [FOLDER]`.

Copies the `presidente` package's Python source into FOLDER (default build/compiled) and compiles there, in place,
the modules setup.py lists (`PRESIDENTE_MYPYC=1 setup.py build_ext --inplace`), so `PYTHONPATH=FOLDER` runs the
compiled engine while this checkout's own `presidente` stays pure Python. Needs mypy (with mypyc) and a C compiler.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


# Added to the copy's mypy configuration, for this build only. mypyc type-checks every module the compiled ones
# import, and the search reaches the numba kernels and the envs' package, which imports gymnasium: numba's and
# gymnasium's own source were two thirds of the build's mypy time. No compiled module reads their types (the tree
# search holds numba's dispatchers as Any): the C that mypyc writes is byte for byte the same without them. The
# modules not compiled, where their decorators and classes become Any, keep their strict check to `make lint`; the
# compiled ones (setup.py's list) keep theirs here.
def build_only_mypy(compiled: list[str]) -> str:
    modules = ", ".join(f'"{path.removesuffix(".py").replace("/", ".")}"' for path in compiled)
    return f"""
[[tool.mypy.overrides]]
module = ["numba", "numba.*", "gymnasium", "gymnasium.*"]
follow_imports = "skip"

[[tool.mypy.overrides]]
module = ["presidente.*"]
ignore_errors = true

[[tool.mypy.overrides]]
module = [{modules}]
ignore_errors = false
"""


def compiled_modules() -> list[str]:
    """setup.py's COMPILED_MODULES, read without running setup.py."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "COMPILED_MODULES" for target in node.targets
        ):
            modules: list[str] = ast.literal_eval(node.value)
            return modules
    raise LookupError("setup.py has no COMPILED_MODULES")


def build_compiled(folder: Path) -> Path:
    """Copy the source into `folder` (replacing an older copy) and compile it there; returns `folder`."""
    folder = folder.resolve()
    if (folder / "presidente").exists():
        shutil.rmtree(folder / "presidente")
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "presidente", folder / "presidente", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, folder / name)
    with (folder / "pyproject.toml").open("a") as config:
        config.write(build_only_mypy(compiled_modules()))
    subprocess.run(
        [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"],
        cwd=folder,
        env={**os.environ, "PRESIDENTE_MYPYC": "1"},
        check=True,
    )
    return folder


if __name__ == "__main__":
    print(build_compiled(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "compiled"))
