"""The table page words every refusal a player can meet at a table: each code of the engines' catalog
(`presidente/errors.py` `CODES`) and of the table's own (`presidente/server/refusals.py` `SERVER_CODES`) has its
message `refusal.<code>` in `presidente/web/table-messages.js`, which reads only parameters the code declares.
The codes of options and presets, met when a table is made, are not the table's: `refusals.NOT_AT_A_TABLE` lists
them and says why."""

from __future__ import annotations

import re
from pathlib import Path

from presidente.errors import CODES
from presidente.server.refusals import NOT_AT_A_TABLE, SERVER_CODES, table_catalog

MESSAGES = Path(__file__).parent.parent / "presidente" / "web" / "table-messages.js"

# `"refusal.code": ({ a, b }) =>` or `"refusal.code": () =>`: the id and the parameters it reads.
REFUSAL = re.compile(r'"refusal\.([a-z0-9_]+)":\s*\((?:\{([^}]*)\})?\)\s*=>')


def _refusals() -> dict[str, set[str]]:
    text = MESSAGES.read_text(encoding="utf-8")
    found: dict[str, set[str]] = {}
    for match in REFUSAL.finditer(text):
        assert match[1] not in found, f"refusal.{match[1]} twice"
        found[match[1]] = {name.strip() for name in (match[2] or "").split(",") if name.strip()}
    assert found, "the pattern reads table-messages.js"
    return found


def test_every_code_a_table_can_raise_has_a_message() -> None:
    table_facing = set(table_catalog())
    assert table_facing == (set(CODES) | set(SERVER_CODES)) - NOT_AT_A_TABLE
    missing = sorted(table_facing - set(_refusals()))
    assert not missing, f"no message in table-messages.js for: {', '.join(missing)}"


def test_every_message_is_of_a_declared_table_code_and_reads_its_parameters() -> None:
    declared = {**CODES, **SERVER_CODES}
    for code, params in _refusals().items():
        assert code in declared and code not in NOT_AT_A_TABLE, f"refusal.{code} is no table's code"
        assert params <= set(declared[code].params), f"refusal.{code} reads {params - set(declared[code].params)}"
