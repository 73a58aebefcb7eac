"""Every El Presidente option is declared once (kind and bounds) and every value is checked against its
declaration: no JSON value makes `Rules` fail with anything but a `RulesError` naming the option (issue 13)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from presidente.elpresidente import Rules, State
from presidente.elpresidente.rules import DEFAULT_BATTLE_LIMIT, MAX_GAMES, option_specs
from presidente.errors import RulesError
from presidente.options import TEXT, WHOLE

SPECS = {spec.name: spec for spec in option_specs()}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def test_every_option_is_declared_with_its_bounds() -> None:
    assert list(SPECS) == ["players", "teams", "games", "battle_limit"]
    assert {name: (spec.minimum, spec.maximum) for name, spec in SPECS.items() if spec.kind == WHOLE} == {
        "players": (2, 8),
        "games": (1, MAX_GAMES),
        "battle_limit": (1, DEFAULT_BATTLE_LIMIT),
    }
    assert MAX_GAMES == 100 and DEFAULT_BATTLE_LIMIT == 1000
    teams = SPECS["teams"]
    assert teams.kind == TEXT and teams.nullable and teams.max_chars == 20
    for spec in SPECS.values():
        assert spec.meaning and spec.check(spec.default) == spec.default
    assert Rules().to_dict() == {spec.name: spec.default for spec in SPECS.values()}


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"teams": 5}, "teams must be text of 1 to 20 printable characters, or null, not 5"),
        ({"teams": ["2v2"]}, "teams must be text"),
        ({"teams": "2v2" * 1000}, "teams must be text of 1 to 20"),
        ({"teams": "2x2"}, "teams must be sizes joined by 'v'"),
        ({"teams": "²v²"}, "teams must be sizes joined by 'v'"),
        ({"teams": "2v3", "players": 5}, "teams must be of equal size"),
        ({"teams": "2v2", "players": 6}, "teams 2v2 need 4 players, not 6"),
        ({"games": 10**9}, "games must be a whole number from 1 to 100"),
        ({"games": 0}, "games must be a whole number from 1 to 100"),
        ({"games": "3"}, "games must be a whole number, not '3'"),
        ({"battle_limit": 10**18}, "battle_limit must be a whole number from 1 to 1000"),
        ({"battle_limit": 1.5}, "battle_limit must be a whole number, not 1.5"),
        ({"battle_limit": None}, "battle_limit must be a whole number, not None"),
        ({"players": True}, "players must be a whole number, not True"),
        ({"players": 9}, "players must be a whole number from 2 to 8, not 9"),
    ],
)
def test_bad_values_are_refused_naming_the_option(data: dict[str, Any], words: str) -> None:
    with pytest.raises(RulesError, match=words.replace("(", r"\(")) as refused:
        Rules.from_dict(data)
    assert len(str(refused.value)) < 200


def test_from_dict_refuses_what_is_not_an_object_of_known_names() -> None:
    with pytest.raises(RulesError, match="Options must be an object"):
        Rules.from_dict("teams=2v2")
    with pytest.raises(RulesError, match=r"Unknown El Presidente option\(s\): 7, colour"):
        Rules.from_dict({"colour": "red", 7: 1})


def test_the_largest_values_allowed_make_a_match() -> None:
    rules = Rules.from_dict({"players": 8, "teams": "2v2v2v2", "games": 100, "battle_limit": 1000})
    assert rules.team_count == 4 and State(rules, seed=1).current_player is not None


@given(name=st.sampled_from(sorted(SPECS)), value=json_values)
@settings(max_examples=300, deadline=None)
def test_any_json_value_is_taken_or_refused_by_name(name: str, value: Any) -> None:
    try:
        rules = Rules.from_dict({name: value})
    except RulesError as error:
        assert name in str(error)
        return
    assert Rules.from_dict(rules.to_dict()) == rules
