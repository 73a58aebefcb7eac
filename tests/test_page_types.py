"""Every page module is type-checked: `tsc -p tsconfig.json` (make lint) checks the JavaScript files that start
with `// @ts-check` (checkJs stays off, so that the vendored @fluent/bundle is not), and the tsconfig takes every
module of presidente/web."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "presidente" / "web"


def test_every_page_module_is_checked_by_tsc() -> None:
    modules = sorted(WEB.glob("*.js"))
    assert modules, "the pages' modules are in presidente/web"
    unchecked = [path.name for path in modules if not path.read_text(encoding="utf-8").startswith("// @ts-check\n")]
    assert unchecked == [], f"modules that do not start with // @ts-check: {unchecked}"
    config = json.loads((ROOT / "tsconfig.json").read_text(encoding="utf-8"))
    assert config["include"] == ["presidente/web/*.js"], "tsc takes every page module (and no vendored one)"
    assert config["compilerOptions"]["strictNullChecks"] is True
