"""`presidente rules` read in an 80-column terminal: every meaning whole, a preset's values with their meanings and
what differs from the default marked, one option's page with its value in each preset, `--plain` in ASCII."""

from __future__ import annotations

from typer.testing import CliRunner

from presidente.cli import app
from presidente.president import PRESETS
from presidente.president.rules import option_specs

runner = CliRunner()
NARROW = {"COLUMNS": "80"}


def _rules(*args: str) -> str:
    result = runner.invoke(app, ["rules", *args], env=NARROW)
    assert result.exit_code == 0, result.output
    return result.output


def _words(text: str) -> str:
    """The text with its wrapping undone: every run of spaces and line ends as one space."""
    return " ".join(text.split())


def test_at_80_columns_every_meaning_is_shown_whole() -> None:
    text = _rules()
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80
    words = _words(text)
    for spec in option_specs():
        assert _words(spec.meaning) in words, spec.name
        assert f"{spec.name} (default" in words
    for preset in PRESETS.values():
        assert preset.name in words and preset.seed_file in words
        assert all(alias in words for alias in preset.aliases)
    # The old table cut each meaning to a narrow column over some 735 lines.
    assert len(text.splitlines()) < 400


def test_a_preset_shows_each_value_with_its_meaning_and_marks_what_differs() -> None:
    text = _rules("college")
    lines = text.splitlines()
    assert lines[0] == "college (seed 004): College house rules with the trade"
    assert "Also called: 004" in text
    equalize = next(index for index, line in enumerate(lines) if " equalize = " in line)
    assert lines[equalize].startswith("* equalize = or-pass") and "(default allow)" in lines[equalize]
    assert lines[equalize + 1].strip().startswith("Playing the same combo again")
    turn_time = next(line for line in lines if " turn_time = " in line)
    assert turn_time.rstrip() == "  turn_time = 20", "a default value is not marked"
    words = _words(text)
    for spec in option_specs():
        assert _words(spec.meaning) in words, spec.name
    assert "differ from the default" in words and "jokers_per_deck, revolution" in words


def test_the_default_preset_marks_nothing() -> None:
    text = _rules("victorz")
    assert "Every option has its default value" in text
    assert not any(line.startswith("* ") for line in text.splitlines())


def test_an_option_page_gives_its_values_and_each_presets_value() -> None:
    text = _rules("equalize")
    assert text.startswith("equalize")
    assert "Values: one of disallow, allow, or-skip, or-pass, force-skip." in text
    assert "Default: allow." in text and "--option equalize=VALUE" in text
    rows = {line.split()[0]: line.split()[1:] for line in text.splitlines() if line.startswith("  ")}
    assert rows["bga"][0] == "force-skip" and "not the default" in " ".join(rows["bga"])
    assert rows["victorz"] == ["allow"]
    assert _rules("eight-rule").startswith("eight_rule"), "a dash reads as an underscore, as in --option"


def test_plain_rules_are_ascii() -> None:
    result = runner.invoke(app, ["rules", "--plain"], env=NARROW)
    assert result.exit_code == 0
    assert result.output.isascii()
    assert "+-----" in result.output and "| bga" in result.output


def test_an_unknown_name_says_what_to_type() -> None:
    result = runner.invoke(app, ["rules", "x" * 500], env=NARROW)
    assert result.exit_code == 2
    assert "Unknown preset or option 'xxx" in result.output and "bga" in result.output
    assert len(result.output) < 300, "a long name is cut in the error"
