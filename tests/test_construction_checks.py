"""One check, one error (issue 25): a table's player count is checked by the rules alone (`Rules.check_players`),
and every caller — the engine, positions, the server, the environment, the arena — refuses a bad count with that
check's `RulesError` and its words (a position reports it as a `PositionError`, the error of a broken position)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from presidente.arena import run_arena
from presidente.errors import PositionError, RulesError
from presidente.president import find_preset, new_game
from presidente.server.games import check_options

WORDS = "trump-jokers is played by 4 to 8 players, not 3."

CALLERS: dict[str, Callable[[], Any]] = {
    "engine": lambda: new_game(find_preset("trump-jokers"), 3),
    "server": lambda: check_options("president", "trump-jokers", {}, 3),
    "arena": lambda: run_arena("president", ["random"] * 3, "trump", 3, deals=1, workers=1),
}


@pytest.mark.parametrize("caller", sorted(CALLERS))
def test_every_caller_refuses_a_bad_player_count_with_the_rules_check(caller: str) -> None:
    with pytest.raises(RulesError) as refused:
        CALLERS[caller]()
    assert str(refused.value) == WORDS


def test_the_environment_refuses_it_the_same_way() -> None:
    president_v0 = pytest.importorskip("presidente.envs.president_v0")
    with pytest.raises(RulesError) as refused:
        president_v0.raw_env("trump-jokers", players=3)
    assert str(refused.value) == WORDS


def test_a_position_reports_the_rules_check_as_a_position_error() -> None:
    position = new_game(find_preset("trump-jokers"), 4).to_position()
    with pytest.raises(PositionError) as refused:
        dataclasses.replace(position, rules=find_preset("uecda")).check()
    assert str(refused.value) == "uecda is played by 5 players, not 4."
    assert isinstance(refused.value.__cause__, RulesError)


@pytest.mark.parametrize("players", [0, 9, True, "4", 4.0])
def test_the_check_refuses_every_count_out_of_bounds_or_not_whole(players: Any) -> None:
    with pytest.raises(RulesError, match="victorz is played by 2 to 8 players, not"):
        find_preset("victorz").check_players(players)
