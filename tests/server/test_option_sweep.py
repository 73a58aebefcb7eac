"""Issue 13: every option of every game, given a value of the wrong type, the wrong element type, out of range
or of the wrong size, is refused with status 400 and an error naming it — by `POST /api/tables` and by the
command line's `--option` parser — and no JSON value makes `check_options` raise anything but `RulesError`.

The bad values are made from the declarations the catalogue (`/api/games`) serves, so an option added later
is swept too.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from server_helpers import new_player
from starlette.testclient import TestClient

from presidente.errors import RulesError
from presidente.president import PRESETS
from presidente.president.rules import build_rules, parse_option
from presidente.server.games import GAMES, check_options, game_catalogue

CATALOGUE = {game["game"]: game for game in game_catalogue()}
# Values wrong for every kind of option.
WRONG_FOR_ALL: list[Any] = [{"a": 1}, [[1]], 1.5, "\ud800", "x" * 5000]


def bad_values(spec: dict[str, Any]) -> list[Any]:
    """JSON values the declaration refuses: wrong type, wrong element type, out of range, wrong size."""
    kind = spec["kind"]
    if kind == "bool":
        return [*WRONG_FOR_ALL, None, 1, 0, "true", [True]]
    if kind == "int":
        low, high = spec["minimum"], spec["maximum"]
        return [*WRONG_FOR_ALL, None, True, str(low), float(low), low - 1, high + 1, 10**18, -(10**18), [low]]
    if kind in ("choice", "card"):
        first = spec["choices"][0]
        return [*WRONG_FOR_ALL, None, 5, first + "?", "", [first], {first: True}]
    if kind == "int_list":
        low, high, good = spec["item_min"], spec["item_max"], [spec["item_min"]] * spec["length"]
        wrong_items = ["1", True, 1.5, high + 1, low - 1, None, [1], 10**18, "a"]
        return [
            *WRONG_FOR_ALL,
            None,
            5,
            ",".join(map(str, good)),
            good[:-1],
            [*good, low],
            [],
            *([*good[:-1], item] for item in wrong_items),
        ]
    if kind == "name_list":
        good = ["A"] * spec["length"]
        wrong_items = ["", "   ", "x" * (spec["max_chars"] + 1), 5, None, "\ud800", "a\nb", ["A"]]
        return [
            *WRONG_FOR_ALL,
            None,
            5,
            ",".join(good),
            good[:-1],
            [*good, "A"],
            *([*good[:-1], i] for i in wrong_items),
        ]
    assert kind == "text", spec
    return [*WRONG_FOR_ALL, 5, "", "   ", ["2v2"], True, *([] if spec["nullable"] else [None])]


def sweep() -> list[tuple[str, str, Any]]:
    return [
        (game, spec["name"], value)
        for game in GAMES
        for spec in CATALOGUE[game]["options"]
        for value in bad_values(spec)
    ]


def test_the_catalogue_declares_every_option_of_both_games(client: TestClient) -> None:
    games = {game["game"]: game for game in client.get("/api/games").json()["games"]}
    for name in GAMES:
        specs = {spec["name"]: spec for spec in games[name]["options"]}
        preset_values = next(iter(games[name]["presets"].values()))
        assert set(specs) == set(preset_values) - {"name"}
        assert set(specs) == set(games[name]["meanings"])
        for spec in specs.values():
            assert spec["requirement"] and spec["allowed"] and spec["meaning"]
    assert games["el-presidente"]["presets"]["standard"]["turn_time"] == 20
    assert {spec["name"]: (spec["minimum"], spec["maximum"]) for spec in games["el-presidente"]["options"]} == {
        "teams": (None, None),
        "games": (1, 100),
        "battle_limit": (1, 1000),
        "turn_time": (5, 60),
    }


def test_every_bad_value_of_every_option_is_refused_naming_it(client: TestClient) -> None:
    token = new_player(client)
    wrong: list[str] = []
    for game, name, value in sweep():
        body = {"token": token, "name": "T", "game": game, "preset": "victorz", "seats": 4, "options": {name: value}}
        response = client.post("/api/tables", content=json.dumps(body))
        error = response.json().get("error", "") if response.status_code == 400 else ""
        if name not in error:
            wrong.append(f"{game} {name}={value!r:.60}: {response.status_code} {response.text[:200]}")
    assert not wrong, "\n".join(wrong)
    assert client.get("/api/tables").json()["tables"] == []


def test_the_issue_cases_are_refused_with_status_400(client: TestClient) -> None:
    token = new_player(client)
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("president", {"scoring": "credit", "credit_changes": ["a", "b", "c", "d", "e"]}, "credit_changes must give"),
        ("el-presidente", {"battle_limit": 10**18, "games": 10**9}, "games must be a whole number from 1 to 100"),
        ("el-presidente", {"battle_limit": 10**18}, "battle_limit must be a whole number from 1 to 1000"),
        ("el-presidente", {"teams": 5}, "teams must be text"),
        ("president", {"role_titles": ["A", "B", "C", "D", "x" * 10_000]}, "role_titles must give five names"),
    ]
    for game, options, words in cases:
        body = {"token": token, "name": "T", "game": game, "preset": "victorz", "seats": 4, "options": options}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400, (options, response.text[:200])
        assert words in response.json()["error"]


@pytest.mark.parametrize(
    ("preset", "options", "words"),
    [
        ("victorz", [], "options must be an object"),
        ("victorz", "decks=2", "options must be an object"),
        (123, {}, "Unknown preset 123"),
        ("p" * 1_000_000, {}, "Unknown preset"),
        ("victorz", {"x" * 1_000_000: 1}, "Unknown option(s)"),
        ("victorz", {"role_titles": ["A", "B", "C", "D", "x" * 1_000_000]}, "role_titles must give five names"),
        ("victorz", {"name": "n" * 1_000_000}, "name must be text of 1 to 40"),
    ],
)
def test_check_options_cuts_what_it_repeats(preset: Any, options: Any, words: str) -> None:
    for game in ("president", "el-presidente"):
        if game == "el-presidente" and "preset" in words:
            continue  # El Presidente has one preset: the name is not read
        with pytest.raises(RulesError) as refused:
            check_options(game, preset, options, 4)
        message = str(refused.value)
        assert len(message) < 250, message[:300]
        if game == "president" or "options must be" in words:
            assert words in message


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seats", [None, "4", 4.0, True, 1, 9, [4], 10**100])
def test_check_options_refuses_a_bad_seat_count(game: str, seats: Any) -> None:
    with pytest.raises(RulesError, match="A table has 2 to 8 seats"):
        check_options(game, "victorz", {}, seats)


def test_el_presidente_players_are_the_seats() -> None:
    with pytest.raises(RulesError, match="players is not an option of a table"):
        check_options("el-presidente", "standard", {"players": 6}, 4)
    assert "players" not in check_options("el-presidente", "standard", {"teams": "2v2"}, 4).options


def test_every_preset_still_validates() -> None:
    for name, preset in PRESETS.items():
        checked = check_options("president", name, {}, preset.rules.min_players)
        assert checked.options == preset.rules.to_dict()
    assert check_options("el-presidente", "standard", {}, 4).turn_time == 20


# --- the command line: the same declarations, read from key=value text


def bad_texts(spec: dict[str, Any]) -> list[str]:
    """key=value texts the command line refuses for this option."""
    kind = spec["kind"]
    if kind == "bool":
        return ["maybe", "2", "", "x" * 5000]
    if kind == "int":
        return ["two", "1.5", "", str(spec["minimum"] - 1), str(spec["maximum"] + 1), "9" * 5000, "1e3"]
    if kind in ("choice", "card"):
        return ["nope", "", "x" * 5000, "JK"]
    if kind == "int_list":
        count, high = spec["length"], spec["item_max"]
        return [
            "1,2",
            ",".join(["1"] * (count + 1)),
            "5, 0, x, -10, -15",
            ",".join([str(high + 1)] * count),
            ",".join(["1.5"] * count),
            "",
        ]
    if kind == "name_list":
        count = spec["length"]
        return [
            "A,B",
            ",".join(["A"] * (count + 1)),
            ",".join(["A"] * (count - 1) + [""]),
            ",".join(["x" * 25] * count),
        ]
    return ["x" * 5000]


@pytest.mark.parametrize(
    ("name", "text"),
    [(spec["name"], text) for spec in CATALOGUE["president"]["options"] for text in bad_texts(spec)],
)
def test_the_command_line_refuses_the_same_bad_values_naming_the_option(name: str, text: str) -> None:
    with pytest.raises(RulesError, match=name) as refused:
        parse_option(f"{name}={text}")
    assert len(str(refused.value)) < 250
    with pytest.raises(RulesError, match=name):
        build_rules("victorz", [f"{name}={text}"])


def test_the_issue_case_from_the_command_line() -> None:
    with pytest.raises(RulesError, match=r"credit_changes must give five numbers, .*; item 3 is 'x'"):
        build_rules("trump-jokers", ["credit_changes=5, 0, x, -10, -15"])


# --- any JSON at all

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=16,
)
OPTION_NAMES = sorted({spec["name"] for game in GAMES for spec in CATALOGUE[game]["options"]} | {"name", "players"})
option_objects = st.dictionaries(st.sampled_from(OPTION_NAMES) | st.text(max_size=10), json_values, max_size=6)


@given(
    game=st.sampled_from(GAMES) | json_values,
    preset=st.sampled_from([*PRESETS, "001", "standard"]) | json_values,
    options=option_objects | json_values,
    seats=st.integers(1, 9) | json_values,
)
@settings(max_examples=200, deadline=None)
def test_any_json_options_raise_nothing_but_rules_error(game: Any, preset: Any, options: Any, seats: Any) -> None:
    try:
        checked = check_options(game, preset, options, seats)
    except RulesError as error:
        assert len(str(error)) < 400
        str(error).encode()  # no lone surrogate: the message goes out as UTF-8 JSON
        return
    # What is accepted is complete and checked again the same way when the table starts or is rebuilt.
    assert check_options(checked.game, checked.preset, checked.options, seats).options == checked.options
