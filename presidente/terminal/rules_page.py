"""`presidente rules [NAME]`: the presets and every option, readable in an 80-column terminal.

    show_rules(console, look=None)
        The presets (name, aliases, seed file, description; a table, ASCII in a plain `look`), then every
        option: its name, default, allowed values and seed on one line, its meaning wrapped beneath it.
    show_topic(console, name)
        A preset's page or an option's, whichever `name` is (a preset's name or alias, or an option's name).
    show_preset(console, name)
        A preset's description, aliases and seed file, then each option's value beneath its meaning; a value that
        differs from the default (the dataclass defaults, victorz's room) is marked and the default given.
    show_option(console, name)
        One option: its meaning, allowed values, default, seed, and its value in each preset.

Every word of a meaning comes from the option's declaration (`Rules` field metadata), so the page and the
engine cannot disagree.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from presidente.errors import RulesError
from presidente.options import BOOL, OptionSpec, shown
from presidente.president.rules import PRESETS, find_preset, option_specs
from presidente.terminal.look import Look

_INDENT = (0, 0, 0, 4)
_CHANGED = "*"


def show_value(value: Any) -> str:
    """An option's value as `--option key=value` takes it.

    >>> show_value(True), show_value((1, 2)), show_value("trade")
    ('on', '1,2', 'trade')
    """
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple):
        return ",".join(str(item) for item in value)
    return str(value)


def _meaning(spec: OptionSpec) -> Padding:
    return Padding(Text(spec.meaning), _INDENT, expand=False)


def _allowed(spec: OptionSpec) -> str:
    # A yes/no option is shown, and most often typed, as on or off (true/false, yes/no and 1/0 are read too).
    return "on or off" if spec.kind == BOOL else spec.allowed()


def show_rules(console: Console, look: Look | None = None) -> None:
    look = look or Look()
    presets = look.table(title="Presets (`presidente rules PRESET` shows one)", title_justify="left")
    for column in ("preset", "aliases", "seed file", "description"):
        presets.add_column(column)
    for preset in PRESETS.values():
        presets.add_row(preset.name, ", ".join(preset.aliases), preset.seed_file, preset.description)
    console.print(presets)
    console.print()
    console.print(
        "[bold]Options[/bold], set with --option key=value (`presidente rules OPTION` shows one with its value"
        " in each preset):"
    )
    for spec in option_specs():
        console.print()
        header = Text.assemble(
            (spec.name, "bold cyan"), f"  (default {show_value(spec.default)}; {_allowed(spec)}; seed {spec.seed})"
        )
        console.print(header)
        console.print(_meaning(spec))


def show_topic(console: Console, name: str) -> None:
    """A preset's page, or an option's; `RulesError` for a name that is neither."""
    if _find_option(name) is not None:
        show_option(console, name)
        return
    try:
        find_preset(name)
    except RulesError:
        raise RulesError(
            f"Unknown preset or option {shown(name)}: choose a preset ({', '.join(PRESETS)}) or an option"
            " (`presidente rules` lists them)."
        ) from None
    show_preset(console, name)


def _find_option(name: str) -> OptionSpec | None:
    key = name.strip().lower().replace("-", "_")
    return next((spec for spec in option_specs() if spec.name == key), None)


def show_preset(console: Console, name: str) -> None:
    rules = find_preset(name)
    preset = PRESETS[rules.name]
    console.print(f"[bold]{preset.name}[/bold] (seed {preset.seed_file}): {preset.description}")
    if preset.aliases:
        console.print(f"Also called: {', '.join(preset.aliases)}")
    specs = option_specs()
    changed = [spec.name for spec in specs if getattr(rules, spec.name) != spec.default]
    if changed:
        console.print(
            f"{len(changed)} of {len(specs)} options differ from the default (victorz's room defaults); each is"
            f" marked {_CHANGED}, its default beside it: {', '.join(changed)}."
        )
    else:
        console.print("Every option has its default value (victorz's room defaults).")
    for spec in specs:
        value = getattr(rules, spec.name)
        differs = spec.name in changed
        line = Text.assemble(
            f"{_CHANGED if differs else ' '} ",
            (spec.name, "bold cyan"),
            " = ",
            (show_value(value), "bold" if differs else ""),
            f"   (default {show_value(spec.default)})" if differs else "",
        )
        console.print(line)
        console.print(_meaning(spec))


def show_option(console: Console, name: str) -> None:
    spec = _find_option(name)
    if spec is None:
        raise RulesError(f"Unknown option {shown(name)}: `presidente rules` lists every option.")
    console.print(Text.assemble((spec.name, "bold cyan"), f"  (seed {spec.seed})"))
    console.print(_meaning(spec))
    console.print(f"Values: {_allowed(spec)}.")
    console.print(f"Default: {show_value(spec.default)}.   Set it with --option {spec.name}=VALUE.")
    console.print("In each preset:")
    grid = Table.grid(padding=(0, 2))
    for _ in range(3):
        grid.add_column()
    for preset in PRESETS.values():
        value = getattr(preset.rules, spec.name)
        differs = "" if value == spec.default else f"{_CHANGED} not the default"
        grid.add_row(f"  {preset.name}", show_value(value), differs)
    console.print(grid)
