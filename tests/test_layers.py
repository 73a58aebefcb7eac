"""The layers point down: the engines import only the standard library and the shared engine modules, never
the bots, the terminal, the server or a third-party package, and no presidente module takes part in an import
cycle. Read from the source (an AST walk), so an import inside a function or under TYPE_CHECKING counts too.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import presidente

PACKAGE = Path(presidente.__file__).parent
# Modules both engines share; they import only the standard library and one another.
SHARED = frozenset({"presidente", "presidente.cards", "presidente.errors", "presidente.options"})
ENGINES = ("presidente.president", "presidente.elpresidente")
# Imports that only the type checker follows (under `if TYPE_CHECKING:`), which no run of an engine makes: mypyc
# reads the engine's class options from mypy_extensions' decorator (presidente/president/mypyc_shim.py); a test
# below checks that importing the engines leaves it out.
TYPE_CHECKING_ONLY = frozenset({("presidente.president.mypyc_shim", "mypy_extensions")})


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str) -> Iterator[str]:
    """Every module `name` imports, wherever the import statement stands (relative imports resolved)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                # `from presidente import elpresidente` imports a module; `from presidente.cards import JOKER` a name.
                yield f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base


def engine_of(name: str) -> str | None:
    return next((engine for engine in ENGINES if name == engine or name.startswith(engine + ".")), None)


def allowed(importer: str, imported: str) -> bool:
    top = imported.partition(".")[0]
    if top != "presidente":
        return top in sys.stdlib_module_names or top == "__future__"
    if imported in SHARED:
        return True
    engine = engine_of(importer)
    return engine is not None and engine_of(imported) == engine


def test_the_package_has_its_engines_and_clients() -> None:
    assert {"presidente.cards", "presidente.president.state", "presidente.elpresidente.state"} <= set(MODULES)
    assert {"presidente.terminal.president", "presidente.bots.playout", "presidente.review"} <= set(MODULES)


def test_engines_import_only_the_standard_library_and_the_shared_modules() -> None:
    engine_modules = [name for name in MODULES if name in SHARED or engine_of(name)]
    assert len(engine_modules) > 20
    wrong = {
        f"{name} imports {imported}"
        for name in engine_modules
        for imported in imports_of(name)
        if not allowed(name, imported) and (name, imported) not in TYPE_CHECKING_ONLY
    }
    assert not wrong, sorted(wrong)


def test_importing_the_engines_imports_no_type_checking_only_module() -> None:
    names = sorted({imported for _, imported in TYPE_CHECKING_ONLY})
    program = (
        "import sys, presidente.president, presidente.elpresidente\n"
        f"print([name for name in {names!r} if name in sys.modules])"
    )
    loaded = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"


def test_the_check_catches_a_wrong_import() -> None:
    assert not allowed("presidente.president.state", "presidente.bots.ismcts")
    assert not allowed("presidente.president.state", "presidente.elpresidente.rules")
    assert not allowed("presidente.cards", "presidente.president.actions")
    assert not allowed("presidente.elpresidente.state", "rich.console")
    assert allowed("presidente.president.state", "presidente.president.trick")
    assert allowed("presidente.elpresidente.state", "random")


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as a path that ends where it starts, or None (depth-first, three colours)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (cycle := visit(target)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_no_presidente_module_takes_part_in_an_import_cycle() -> None:
    graph = {
        name: {imported for imported in imports_of(name) if imported in MODULES and imported != name}
        for name in MODULES
    }
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_cycle_search_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
