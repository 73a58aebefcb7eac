"""Every President option is declared once (kind, bounds, choices, size) and every value is checked against
its declaration: the presets fit, the bounds are the documented ones, and no JSON value makes `Rules` fail
with anything but a `RulesError` naming the option (issue 13)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from presidente.errors import RulesError
from presidente.options import BOOL, CARD, CHOICE, KINDS, NAME_LIST, WHOLE, WHOLE_LIST, OptionSpec
from presidente.president import PRESETS, Rules, find_preset, new_game
from presidente.president.rules import MAX_DECKS, build_rules, option_meanings, option_specs, parse_option

SPECS = {spec.name: spec for spec in option_specs()}
# A round of random moves ends well within this many steps (2 decks, 8 players; see test_properties).
ROUND_STEP_LIMIT = 2 * 54 * 2 * 9 + 100

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def test_every_field_is_declared_with_what_its_kind_needs() -> None:
    assert [name for name, _, _ in option_meanings()] == list(SPECS)
    for spec in SPECS.values():
        assert spec.kind in KINDS and spec.meaning and spec.seed, spec
        if spec.kind == WHOLE:
            assert spec.minimum is not None and spec.maximum is not None and spec.minimum <= spec.default
            assert spec.default <= spec.maximum
        if spec.kind in (CHOICE, CARD):
            assert spec.default in spec.choices
        if spec.kind in (WHOLE_LIST, NAME_LIST):
            assert spec.length == len(spec.default)
        assert spec.check(spec.default) == spec.default


def test_the_bounds_are_the_documented_ones() -> None:
    """Seed 002's room options keep their ranges; every other count has a sane upper bound."""
    bounds = {name: (spec.minimum, spec.maximum) for name, spec in SPECS.items() if spec.kind == WHOLE}
    assert bounds["turn_time"] == (5, 60)
    assert bounds["decks"] == (1, MAX_DECKS) == (1, 2**51)
    assert bounds["jokers_per_deck"] == (0, 2)
    assert bounds["rounds"] == (0, 10_000) and bounds["target_score"] == (0, 10_000)
    assert bounds["credit_start"] == (1, 10_000)
    assert all(high is not None and high <= 2**51 for _, high in bounds.values())
    credit = SPECS["credit_changes"]
    assert (credit.length, credit.item_min, credit.item_max) == (5, -1000, 1000)
    assert (SPECS["role_titles"].length, SPECS["role_titles"].max_chars) == (5, 24)
    assert SPECS["special_three"].choices == ("3C", "3D", "3H", "3S")


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_fits_its_declarations(name: str) -> None:
    rules = PRESETS[name].rules
    assert Rules.from_dict(rules.to_dict()) == rules
    for spec in SPECS.values():
        assert spec.check(getattr(rules, spec.name)) == getattr(rules, spec.name)


def test_the_issue_cases_are_refused_naming_the_option() -> None:
    """ "scoring: credit, credit_changes: [a, b, c, d, e]" crashed the table at the first round end."""
    with pytest.raises(RulesError, match="credit_changes must give five numbers, each a whole number from -1000"):
        Rules.from_dict({"scoring": "credit", "credit_changes": ["a", "b", "c", "d", "e"]})
    with pytest.raises(RulesError, match=r"credit_changes .*; item 3 is 'x'"):
        build_rules("trump-jokers", ["credit_changes=5, 0, x, -10, -15"])
    with pytest.raises(RulesError, match="role_titles must give five names, each of 1 to 24"):
        Rules.from_dict({"role_titles": ["President", "Vice", "Neutral", "High", "x" * 1_000_000]})


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("decks", True, "decks must be a whole number, not True"),
        ("decks", 2.0, "decks must be a whole number, not 2.0"),
        ("decks", "2", "decks must be a whole number, not '2'"),
        ("decks", 2**51 + 1, "decks must be a whole number from 1 to 2251799813685248"),
        ("rounds", 10**18, "rounds must be a whole number from 0 to 10000"),
        pytest.param("rounds", 10**5000, "not a 16610-bit number", id="rounds-huge"),
        ("keep_jokers", 1, "keep_jokers must be true or false, not 1"),
        ("keep_jokers", "false", "keep_jokers must be true or false"),
        ("equalize", ["allow"], "equalize must be one of disallow, allow"),
        ("equalize", None, "equalize must be one of"),
        ("special_three", "4C", "special_three must be one of 3C, 3D, 3H, 3S"),
        ("special_three", 3, "special_three must be one of"),
        ("credit_changes", "5,0,-5,-10,-15", "credit_changes must give five numbers"),
        ("credit_changes", [5, 0, -5, -10], "credit_changes must give five numbers"),
        ("credit_changes", [5, 0, -5, -10, 1001], "item 5 is 1001"),
        ("credit_changes", [5, 0, True, -10, -15], "item 3 is True"),
        ("credit_changes", [5, 0, [1], -10, -15], "item 3 is [1]"),
        ("credit_changes", {"a": 1}, "credit_changes must give five numbers"),
        ("role_titles", "A,B,C,D,E", "role_titles must give five names"),
        ("role_titles", ["A", "B", "C", "D", ""], "item 5 is ''"),
        ("role_titles", ["A", "B", "C", "D", "   "], "item 5 is '   '"),
        ("role_titles", ["A", "B", "C", "D", 5], "item 5 is 5"),
        ("role_titles", ["A", "B", "C", "D", "\ud800"], "item 5 is '\\\\ud800'"),
        ("role_titles", ["A", "B", "C", "D", "tab\there"], "item 5 is"),
        ("name", "x" * 41, "name must be text of 1 to 40 printable characters"),
    ],
)
def test_each_kind_of_bad_value_is_explained(name: str, value: Any, words: str) -> None:
    with pytest.raises(RulesError, match=words.replace("(", r"\(").replace("[", r"\[")) as refused:
        Rules.from_dict({name: value})
    assert len(str(refused.value)) < 200
    with pytest.raises(RulesError, match=name):
        Rules().replace(**{name: value})


def test_lists_are_kept_as_tuples_and_card_names_read_in_any_case() -> None:
    rules = Rules(credit_changes=[1, 2, 3, 4, 5], role_titles=["A", "B", "C", "D", "E"], special_three="3h")  # type: ignore[arg-type]
    assert rules.credit_changes == (1, 2, 3, 4, 5) and rules.role_titles == ("A", "B", "C", "D", "E")
    assert rules.special_three == "3H" and rules == Rules.from_dict(rules.to_dict())
    assert hash(rules) == hash(Rules.from_dict(rules.to_dict()))


def test_from_dict_refuses_what_is_not_an_object_of_known_names() -> None:
    with pytest.raises(RulesError, match="Options must be an object"):
        Rules.from_dict([["decks", 2]])  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"Unknown option\(s\): 5, colour"):
        Rules.from_dict({"colour": "red", 5: 1})
    with pytest.raises(RulesError) as refused:
        Rules.from_dict({"x" * 1_000_000: 1, **{f"o{n}": n for n in range(20)}})
    assert len(str(refused.value)) < 300 and "and 16 more" in str(refused.value)


def test_cross_field_checks_stay() -> None:
    with pytest.raises(RulesError, match="max_players must be at least min_players"):
        Rules(min_players=5, max_players=4)
    with pytest.raises(RulesError, match="A match needs an end"):
        Rules(rounds=0, target_score=0)


def test_a_long_unknown_preset_name_is_cut() -> None:
    with pytest.raises(RulesError, match="Unknown preset") as refused:
        find_preset("poker" * 200_000)
    assert len(str(refused.value)) < 200
    with pytest.raises(RulesError, match="Unknown preset"):
        find_preset(123)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("eight_rule=yes", True),
        ("equalize=Force-Skip", "force-skip"),
        ("special_three=3d", "3D"),
        ("credit_changes=1000, 0, 0, 0, -1000", (1000, 0, 0, 0, -1000)),
        ("role_titles=A , B,C,D,E", ("A", "B", "C", "D", "E")),
        ("decks=+2", 2),
    ],
)
def test_the_command_line_reads_each_kind(text: str, value: Any) -> None:
    assert parse_option(text)[1] == value


@given(name=st.sampled_from(sorted(SPECS)), value=json_values)
@settings(max_examples=400, deadline=None)
def test_any_json_value_is_taken_or_refused_by_name(name: str, value: Any) -> None:
    try:
        rules = Rules.from_dict({name: value})
    except RulesError as error:
        assert name in str(error) or "A match needs an end" in str(error) or "max_players" in str(error)
        return
    assert Rules.from_dict(rules.to_dict()) == rules


def _extreme(spec: OptionSpec, high: bool) -> Any:
    if spec.kind == WHOLE:
        assert spec.minimum is not None and spec.maximum is not None
        return spec.maximum if high else spec.minimum
    if spec.kind == WHOLE_LIST:
        return (spec.item_max if high else spec.item_min,) * (spec.length or 0)
    if spec.kind == NAME_LIST:
        return tuple(f"{n}" * (spec.max_chars or 0) if high else f"{n}" for n in range(spec.length or 0))
    if spec.kind == BOOL:
        return high
    return spec.choices[-1] if high else spec.choices[0]


# 2**51 decks play (test_many_decks), but slowly at random; the other bounds are played here.
PLAYED = [name for name in SPECS if name != "decks"]


@pytest.mark.parametrize("high", [False, True])
@pytest.mark.parametrize("name", PLAYED)
def test_every_allowed_extreme_plays_past_a_round_end(name: str, high: bool) -> None:
    """A value the declarations allow never breaks the table later (credit scoring at ±1000, 24-character
    titles, every bound): a credit-scoring match with it plays two rounds of random moves."""
    base = find_preset("trump-jokers").replace(min_players=2, rounds=2)
    try:
        rules = base.replace(**{name: _extreme(SPECS[name], high)})
    except RulesError as error:  # a cross-field check: the other bound of the pair
        assert "max_players" in str(error) or "A match needs an end" in str(error)
        return
    players = max(rules.min_players, 3) if rules.max_players >= 3 else rules.min_players
    state = new_game(rules, players, seed=7)
    rng = random.Random(7)
    for _ in range(3 * ROUND_STEP_LIMIT):
        if state.is_over or state.round_number >= 2:
            break
        state.apply(rng.choice(state.offered_actions()))
    assert state.is_over or state.round_number >= 2
    assert all(isinstance(score, int) for score in state.scores)
