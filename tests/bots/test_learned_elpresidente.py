"""The `learned` El Presidente bot: its shipped weights (a file for every table), legal moves alone and in teams,
tables a file was not trained on, bad files, and numpy play equal to the trainer's torch network."""

from __future__ import annotations

import importlib.util
import json
import logging
import random
import sys
from pathlib import Path

import numpy as np
import pytest

from presidente.bots.elpresidente import HeuristicBot
from presidente.bots.hint import hint, hint_why
from presidente.bots.learned import POLICY_ARRAYS
from presidente.bots.learned_elpresidente import (
    ACTION_FEATURES,
    DEFAULT_WEIGHTS,
    SHIPPED_WEIGHTS,
    STATE_FEATURES,
    LearnedBot,
    encode,
    load_weights,
)
from presidente.bots.registry import STRONGEST, make_bot
from presidente.elpresidente import Rules, State
from presidente.elpresidente.rules import MAX_PLAYERS, MIN_PLAYERS

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def write_weights(path: Path, tables: list[list[object]], arrays: dict[str, np.ndarray] | None = None) -> Path:
    """A weights file with the shipped network (or `arrays`) claiming to be trained on `tables`."""
    shipped, _ = load_weights()
    meta = {**shipped.meta, "tables": tables}
    np.savez(path, meta=np.array(json.dumps(meta)), **(arrays or shipped.arrays))
    return path


def play(rules: Rules, seed: int, bots: list[LearnedBot | HeuristicBot]) -> list[str]:
    """A whole game; every choice is checked legal and the global generator untouched. The learned reasons."""
    state, rng, reasons = State(rules, seed), random.Random(seed), []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        before = random.getstate()
        choice = bots[seat].choose(state.observation(seat), legal, rng)
        assert random.getstate() == before, "the bot used the global random generator"
        assert choice.action in legal, f"{state.phase}: {choice.action} is not legal"
        if isinstance(bots[seat], LearnedBot):
            reasons.append(choice.reason)
        state.apply(choice.action, seat)
    return reasons


def test_the_shipped_weights_ship_in_the_package_name_their_tables_and_are_small() -> None:
    weights, tables = load_weights()
    assert DEFAULT_WEIGHTS.parent.name == "bots" and DEFAULT_WEIGHTS.stat().st_size < 1024 * 1024
    assert not DEFAULT_WEIGHTS.name.startswith("learned_"), "President's learned bot reads every learned_*.npz"
    assert set(weights.arrays) == set(POLICY_ARRAYS) and weights.meta["game"] == "elpresidente"
    assert (4, None) in tables and (4, "2v2") in tables


@pytest.mark.parametrize("teams", [None, "2v2"])
def test_the_network_plays_only_legal_moves_alone_and_in_teams(teams: str | None) -> None:
    rules = Rules(players=4, teams=teams)
    for seed in range(2):
        bots: list[LearnedBot | HeuristicBot] = [LearnedBot(), HeuristicBot(), LearnedBot(), HeuristicBot()]
        reasons = play(rules, seed, bots)
        assert reasons and all(r.startswith(("the network's choice", "the only legal move")) for r in reasons)
        assert any(r.startswith("the network's choice") for r in reasons)


def test_the_registry_serves_it_for_el_presidente() -> None:
    bot = make_bot("learned", game="elpresidente")
    assert isinstance(bot, LearnedBot) and bot.name == "learned"
    assert isinstance(make_bot(f"learned:{DEFAULT_WEIGHTS}", game="el-presidente"), LearnedBot)
    with pytest.raises(ValueError, match="Unknown learned option 'speed'"):
        make_bot(f"learned:path={DEFAULT_WEIGHTS},speed=3", game="elpresidente")


def test_untrained_tables_fall_back_to_the_heuristic_with_one_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rules = Rules(players=8, teams="2v2v2v2")  # shipped, but not in this file
    four = write_weights(tmp_path / "four.npz", [[4, None], [4, "2v2"]])
    bot, heuristic, state = LearnedBot(four), HeuristicBot(), State(rules, 1)
    with caplog.at_level(logging.WARNING, logger="presidente.bots.learned_elpresidente"):
        for _ in range(12):
            seat = state.current_player
            assert seat is not None
            observation, legal = state.observation(seat), state.legal_actions()
            choice = bot.choose(observation, legal, random.Random(0))
            assert choice.action == heuristic.choose(observation, legal, random.Random(0)).action
            assert choice.reason == "not trained on 8 players in teams 2v2v2v2: heuristic's move"
            state.apply(choice.action, seat)
    warnings = [record.getMessage() for record in caplog.records]
    assert (
        len(warnings) == 1
        and "not on 8 players in teams 2v2v2v2" in warnings[0]
        and "4 players in teams 2v2" in warnings[0]
    )


def test_every_player_count_and_team_layout_plays_a_shipped_file() -> None:
    bot, tables = LearnedBot(), set[tuple[int, str | None]]()
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):  # alone, and every split into equal teams of 2 or more
        tables |= {(players, None)}
        tables |= {
            (players, "v".join([str(size)] * (players // size))) for size in range(2, players) if players % size == 0
        }
    assert (8, "2v2v2v2") in tables and len(tables) == 12 and tables <= set(bot.tables)
    state, reasons = State(Rules(players=8, teams="2v2v2v2"), 1), []  # the last layout trained
    for _ in range(12):
        seat = state.current_player
        assert seat is not None
        choice = bot.choose(state.observation(seat), state.legal_actions(), random.Random(0))
        reasons.append(choice.reason)
        state.apply(choice.action, seat)
    assert all(r.startswith(("the network's choice", "the only legal move")) for r in reasons), reasons
    assert any(r.startswith("the network's choice") for r in reasons), reasons


def test_bad_weights_files_are_refused_with_a_clear_value_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="No learned El Presidente weights at"):
        LearnedBot(tmp_path / "missing.npz")
    text = tmp_path / "notes.npz"
    text.write_text("not weights")
    with pytest.raises(ValueError, match="is not a learned El Presidente weights file"):
        make_bot(f"learned:{text}", game="elpresidente")
    president = DEFAULT_WEIGHTS.with_name("learned_bga.npz")
    with pytest.raises(ValueError, match="not El Presidente weights"):
        load_weights(president)
    arrays = dict(load_weights()[0].arrays)
    arrays["state_in"] = arrays["state_in"][:-1]
    with pytest.raises(ValueError, match="array state_in has shape"):
        load_weights(write_weights(tmp_path / "cut.npz", [[4, None]], arrays))
    with pytest.raises(ValueError, match="are not El Presidente tables"):
        load_weights(write_weights(tmp_path / "tables.npz", [[4, "3v3"]]))
    other = LearnedBot(write_weights(tmp_path / "three.npz", [[3, None]]))
    assert other.tables == ((3, None),)


def test_numpy_play_equals_the_trainers_torch_network(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch", reason="torch is in the [train] extra only; numpy play needs none")
    sys.path.insert(0, str(BENCHMARKS))  # the trainer imports train_president beside it
    try:
        spec = importlib.util.spec_from_file_location("train_elpresidente", BENCHMARKS / "train_elpresidente.py")
        assert spec is not None and spec.loader is not None
        trainer = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(trainer)
    finally:
        sys.path.remove(str(BENCHMARKS))
    torch.manual_seed(0)
    policy = trainer.Policy(layout=trainer.LAYOUT)
    path = tmp_path / "weights.npz"
    np.savez(path, **policy.export({"game": "elpresidente", "tables": [[4, "2v2"]]}))
    weights, _ = load_weights(path)
    state, heuristic, rng, compared = State(Rules(players=4, teams="2v2"), 3), HeuristicBot(), random.Random(3), 0
    while not state.is_over and compared < 150:
        seat = state.current_player
        assert seat is not None
        observation, legal = state.observation(seat), state.legal_actions()
        advice = heuristic.choose(observation, legal, rng).action
        rows, actions = encode(observation, legal, advice)
        assert rows.shape == (STATE_FEATURES,) and actions.shape == (len(legal), ACTION_FEATURES)
        group = torch.zeros(len(legal), dtype=torch.long)
        with torch.no_grad():
            expected = policy.logits(torch.from_numpy(rows[None]), torch.from_numpy(actions), group).numpy()
        np.testing.assert_allclose(weights.scores(rows, actions), expected, rtol=1e-4, atol=1e-5)
        compared += 1
        state.apply(advice, seat)
    assert compared > 50


def test_the_hint_plays_the_learned_move_and_words_the_networks_own_choices() -> None:
    """El Presidente's strongest bot is `learned`: the hint plays its move, with the heuristic's reason where
    the heuristic agrees and the code `network` (worded by the page) where it does not."""
    assert STRONGEST["elpresidente"] == "learned"
    state, bot, codes = State(Rules(players=4, teams="2v2"), 5), LearnedBot(), set()
    for _ in range(300):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        observation, legal = state.observation(seat), state.legal_actions()
        choice = hint(observation, legal, game="elpresidente", rng=random.Random(1))
        assert choice.action == bot.choose(observation, legal, random.Random(1)).action
        why = hint_why(choice)
        assert why is not None and why["params"] == {}, choice
        codes.add(why["code"])
        state.apply(choice.action, seat)
    assert "network" in codes and len(codes) > 2, codes


def test_each_table_plays_the_file_trained_for_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = {(4, None), (4, "2v2"), (3, None), (5, None), (6, None), (6, "3v3"), (6, "2v2v2")}
    shipped |= {(2, None), (7, None), (8, None), (8, "4v4"), (8, "2v2v2v2")}
    assert set(LearnedBot().tables) == shipped and len(SHIPPED_WEIGHTS) == 5
    arrays = dict(load_weights()[0].arrays)
    arrays["state_in"] = -arrays["state_in"]  # another network, so the two files choose differently
    other = write_weights(tmp_path / "elpresidente_learned-6p.npz", [[6, None], [4, None]], arrays)
    monkeypatch.setattr("presidente.bots.learned_elpresidente.SHIPPED_WEIGHTS", (DEFAULT_WEIGHTS, other))
    bot = LearnedBot()
    assert set(bot.tables) == {(4, None), (4, "2v2"), (6, None)}
    assert bot.by_table[(4, None)] is load_weights()[0], "the first file naming a table plays it"
    assert bot.by_table[(6, None)] is load_weights(other)[0]
    assert all(reason.startswith("the ") for reason in play(Rules(players=6), 2, [bot] * 6))
