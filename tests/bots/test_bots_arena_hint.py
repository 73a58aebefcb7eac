"""The arena on a tiny run writes its result files; hints give a legal move and a reason."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest
from rich.console import Console

from presidente.arena import ArenaResult, Game, deal_differences, labels_of, place_difference, result_table, run_arena
from presidente.bots.hint import hint
from presidente.elpresidente import Rules as ElpRules
from presidente.elpresidente import State as ElpState
from presidente.president import find_preset, new_game


def test_a_tiny_president_arena_writes_json_and_csv(tmp_path: Path) -> None:
    bots = ["ismcts:time=0,iterations=10,depth=5", "heuristic", "heuristic", "random"]
    result = run_arena("president", bots, "bga", 4, deals=2, seed=1, workers=1, out=tmp_path / "r.json")
    assert [s.label for s in result.bots] == ["ismcts", "heuristic", "heuristic#2", "random"]
    assert len(result.games) == 8 and all(sorted(g.places) == [1, 2, 3, 4] for g in result.games)
    saved = json.loads((tmp_path / "r.json").read_text())
    assert saved["deals"] == 2 and len(saved["bots"]) == 4
    again = run_arena("president", bots, "bga", 4, deals=2, seed=1, workers=2, out=tmp_path / "r.csv")
    assert [g.places for g in again.games] == [g.places for g in result.games], "workers change nothing"
    with (tmp_path / "r.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert [row["bot"] for row in rows] == ["ismcts", "heuristic", "heuristic#2", "random"]


def test_the_results_table_shows_every_interval_whole_in_80_columns() -> None:
    bots = ["heuristic#2", "heuristic", "random", "auto"]
    result = run_arena("president", ["heuristic", "heuristic", "random", "auto"], "bga", 4, deals=2, seed=1, workers=1)
    console = Console(width=80, record=True)
    console.print(result_table(result))
    text = console.export_text()
    assert "…" not in text
    for stats in result.bots:
        low, high = stats.win_rate_ci
        assert stats.label in bots and f"{low:.1%}-{high:.1%}" in text


def test_rotations_replay_the_same_deal() -> None:
    result = run_arena("president", ["auto", "auto", "auto"], "victorz", 3, deals=1, seed=4, workers=1, out=None)
    # Identical bots on identical cards: each rotation moves the same finishing order one seat on.
    firsts = [g.places.index(1.0) for g in result.games]
    assert sorted(firsts) == [0, 1, 2]


def test_place_differences_average_each_deal_over_its_rotations_first() -> None:
    games = [
        Game(0, 0, (1.0, 2.0, 3.0, 4.0)),  # entry 0: 1 - 3 = -2; entries 0 and 2: 2 - 3 = -1
        Game(0, 1, (3.0, 1.0, 2.0, 4.0)),  # 3 - 7/3; 2.5 - 2.5 = 0
        Game(1, 0, (4.0, 3.0, 2.0, 1.0)),  # 4 - 2 = 2; 3 - 2 = 1
        Game(1, 1, (2.0, 1.0, 4.0, 3.0)),  # 2 - 8/3; 3 - 2 = 1
    ]
    result = ArenaResult("president", "bga", 4, 2, 0, [], games)
    assert deal_differences(result, [0]) == pytest.approx({0: (-2 + 2 / 3) / 2, 1: (2 - 2 / 3) / 2})
    assert deal_differences(result, [0, 2]) == pytest.approx({0: -0.5, 1: 1.0})
    mean, (low, high) = place_difference(result, [0, 2])
    # Two deals (-0.5 and 1.0): mean 0.25, sample deviation 1.5 / sqrt(2), half-width 1.96 * 0.75.
    assert mean == pytest.approx(0.25) and high - mean == pytest.approx(mean - low)
    assert high - mean == pytest.approx(1.959963984540054 * 0.75)


def test_an_el_presidente_arena_runs() -> None:
    result = run_arena("elpresidente", ["heuristic", "random"], "-", 2, deals=2, seed=0, workers=1, out=None)
    assert sum(s.win_rate for s in result.bots) <= 1.0 + 1e-9


def test_arena_input_errors() -> None:
    with pytest.raises(ValueError, match="one bot per seat"):
        run_arena("president", ["random"], "bga", 4, deals=1)
    with pytest.raises(ValueError, match="Unknown"):
        run_arena("president", ["nobody"] * 4, "bga", 4, deals=1)
    assert labels_of(["a", "b", "a", "a"]) == ["a", "b", "a#2", "a#3"]


def test_hints_are_legal_and_explained() -> None:
    state = new_game(find_preset("bga"), 4, seed=3)
    for _ in range(12):
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        choice = hint(state.observation(seat), legal, rng=random.Random(0), think=0.02)
        assert choice.action in legal and choice.reason
        state.apply(choice.action)
    elp = ElpState(ElpRules(players=3), seed=1)
    seat = elp.current_player
    assert seat is not None
    choice = hint(elp.observation(seat), elp.legal_actions(), game="elpresidente")
    assert choice.action in elp.legal_actions() and choice.reason
