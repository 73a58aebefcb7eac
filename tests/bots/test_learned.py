"""The `learned` bot: legal moves in every phase, its weights file, untrained rules, and numpy = torch."""

from __future__ import annotations

import importlib.util
import json
import logging
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from presidente.bots.learned import (
    ACTION_FEATURES,
    BASE_ACTION_FEATURES,
    BASE_STATE_FEATURES,
    DEFAULT_WEIGHTS,
    POLICY_ARRAYS,
    SHIPPED_WEIGHTS,
    STATE_FEATURES,
    LearnedBot,
    encode,
    load_weights,
    weights_for,
)
from presidente.bots.president_heuristic import HeuristicBot
from presidente.bots.registry import make_bot
from presidente.president import State, new_game
from presidente.president.actions import Give, Take
from presidente.president.rules import Rules, find_preset

TRAINER = Path(__file__).resolve().parents[2] / "benchmarks" / "train_president.py"


def write_weights(
    path: Path, presets: list[str], arrays: dict[str, np.ndarray] | None = None, players: tuple[int, ...] = (4,)
) -> Path:
    """A weights file with the shipped network (or `arrays`) claiming to be trained on `presets`."""
    shipped = load_weights()
    meta = {**shipped.meta, "presets": presets, "players": list(players)}
    np.savez(path, meta=np.array(json.dumps(meta)), **(arrays or shipped.arrays))
    return path


def decisions(state: State, bots: list[LearnedBot], seed: int) -> Iterator[tuple[str, object, object]]:
    """Play the match out with `bots`; yield (phase, chosen action, the choice's reason) after checking legality."""
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        observation = state.observation(seat)
        legal = state.legal_actions()
        before = random.getstate()
        choice = bots[seat].choose(observation, legal, rng)
        assert random.getstate() == before, "the learned bot used the global random generator"
        assert choice.action in legal, f"{observation.phase}: {choice.action} is not legal"
        yield observation.phase, choice.action, choice.reason
        state.apply(choice.action, seat)


def test_the_shipped_bot_plays_legal_moves_and_gives_cards_in_bga() -> None:
    rules = find_preset("bga").replace(rounds=2, target_score=0)
    bots = [LearnedBot(rules) for _ in range(4)]
    seen = list(decisions(new_game(rules, 4, 3), bots, 3))
    gives = [reason for phase, action, reason in seen if phase == "exchange" and isinstance(action, Give)]
    assert gives, "the second round's card transfer was played"
    assert all("network" in str(reason) or "only legal" in str(reason) for _, _, reason in seen)


def test_the_network_chooses_the_draft_cards_too(tmp_path: Path) -> None:
    """Weights trained (so the file says) on college-draft score the draft's face-down cards and its picks."""
    path = write_weights(tmp_path / "draft.npz", ["bga", "college-draft"])
    rules = find_preset("college-draft").replace(rounds=2, target_score=0)
    bot = make_bot(f"learned:{path}", rules=rules)
    assert isinstance(bot, LearnedBot)
    seen = list(decisions(new_game(rules, 4, 5), [bot] * 4, 5))
    placed = [reason for phase, action, reason in seen if phase == "draft-place" and isinstance(action, Give)]
    taken = [reason for phase, action, reason in seen if phase == "draft-pick" and isinstance(action, Take)]
    assert placed and taken
    assert all("network" in str(reason) or "only legal" in str(reason) for reason in placed + taken)


@pytest.mark.parametrize(
    ("options", "table"),
    [({"decks": 2}, "college with changed options"), ({"name": "house"}, "house")],  # a house rule set: no file
)
def test_untrained_rules_fall_back_to_the_heuristic_with_a_message(
    options: dict[str, Any], table: str, caplog: pytest.LogCaptureFixture
) -> None:
    players = 2
    rules = find_preset("college").replace(rounds=1, target_score=0, **options)
    bot, heuristic = LearnedBot(rules), HeuristicBot(rules)
    state = new_game(rules, players, 1)
    with caplog.at_level(logging.WARNING, logger="presidente.bots.learned"):
        for _ in range(12):
            seat = state.current_player
            assert seat is not None
            observation, legal = state.observation(seat), state.legal_actions()
            choice = bot.choose(observation, legal, random.Random(0))
            assert choice.action == heuristic.choose(observation, legal, random.Random(0)).action
            assert choice.reason == f"not trained on {table} at {players} players: heuristic's move"
            state.apply(choice.action, seat)
    warnings = [record.getMessage() for record in caplog.records]
    assert len(warnings) == 1, "one warning per table, not one per move"
    assert "trained on " in warnings[0] and "bga at 4 players" in warnings[0] and "heuristic" in warnings[0]


def test_changed_options_count_as_untrained_rules() -> None:
    weights = load_weights()
    bga = find_preset("bga")
    assert weights.trained_for(bga.replace(rounds=1, target_score=0), 4)
    assert not weights.trained_for(bga.replace(revolution="off"), 4)
    assert not weights.trained_for(bga, 3)
    changed = bga.replace(revolution="off", rounds=1, target_score=0)
    state = new_game(changed, 4, 2)
    seat = state.current_player
    assert seat is not None
    choice = LearnedBot(changed).choose(state.observation(seat), state.legal_actions(), random.Random(0))
    assert choice.reason == "not trained on bga with changed options at 4 players: heuristic's move"


def test_learned_path_loads_other_weights_and_bad_files_are_refused(tmp_path: Path) -> None:
    good = write_weights(tmp_path / "other.npz", ["bga"])
    assert isinstance(make_bot(f"learned:{good}"), LearnedBot)
    assert isinstance(make_bot(f"learned:path={good}"), LearnedBot)
    with pytest.raises(ValueError, match="No learned weights at"):
        make_bot(f"learned:{tmp_path / 'missing.npz'}")
    text = tmp_path / "notes.npz"
    text.write_text("not weights")
    with pytest.raises(ValueError, match="is not a learned-bot weights file"):
        make_bot(f"learned:{text}")
    arrays = {name: array for name, array in load_weights().arrays.items()}
    arrays["out"] = arrays["out"][:-1]
    with pytest.raises(ValueError, match="array out has shape"):
        load_weights(write_weights(tmp_path / "cut.npz", ["bga"], arrays))
    with pytest.raises(ValueError, match="No learned weights at 'speed=3'"):
        make_bot("learned:speed=3")  # after "learned:" comes a path, whatever it holds
    with pytest.raises(ValueError, match="Unknown learned option 'speed'"):
        make_bot(f"learned:path={good},speed=3")


def test_the_weights_ship_inside_the_package_and_are_small() -> None:
    assert DEFAULT_WEIGHTS.parent.name == "bots" and DEFAULT_WEIGHTS.suffix == ".npz"
    assert DEFAULT_WEIGHTS.stat().st_size < 5 * 1024 * 1024
    assert sum(file.stat().st_size for file in SHIPPED_WEIGHTS) < 5 * 1024 * 1024, "every table's file together"
    assert set(load_weights().arrays) == set(POLICY_ARRAYS)


SHIPPED_TABLES = [
    (file.name, preset, players)
    for file in SHIPPED_WEIGHTS
    for weights in [load_weights(file)]
    for preset in weights.presets
    for players in weights.players
]


def test_each_shipped_file_names_its_tables_and_the_bot_picks_it() -> None:
    """One file per table: its meta's presets and player counts are read, and that table plays that file."""
    assert DEFAULT_WEIGHTS in SHIPPED_WEIGHTS and len(SHIPPED_TABLES) == len(set(SHIPPED_TABLES)) >= 1
    assert ("learned_bga.npz", "bga", 4) in SHIPPED_TABLES
    bot = LearnedBot()
    for name, preset, players in SHIPPED_TABLES:
        # Named after the table it was trained for; a second player count of a preset adds it: learned_bga-5p.npz.
        assert name in (f"learned_{preset}.npz", f"learned_{preset}-{players}p.npz"), name
        rules = find_preset(preset).replace(rounds=1, target_score=0)
        chosen = weights_for(bot.files, rules, players)
        assert chosen is not None and chosen.presets == (preset,) and players in chosen.players
        assert chosen.meta["presets"] == [preset] and chosen.meta["players"] == [players]
    assert weights_for(bot.files, find_preset("bga").replace(decks=2), 2) is None, "two decks: no file"


def test_a_file_names_five_players_and_uecda(tmp_path: Path) -> None:
    path = write_weights(tmp_path / "uecda.npz", ["uecda"], players=(5,))
    weights = load_weights(path)
    assert (weights.presets, weights.players) == (("uecda",), (5,))
    assert weights.trained_for(find_preset("uecda"), 5) and not weights.trained_for(find_preset("uecda"), 4)
    assert weights.tables() == "uecda at 5 players"


def test_full_rows_are_read_by_a_full_layout_file_and_the_base_file_reads_their_start(tmp_path: Path) -> None:
    """The encoder writes the full rows (a fourth other seat, sequences); the bga file's network reads the base
    columns, a full-layout file all of them, and a file of any other width is refused."""
    rng = np.random.default_rng(0)
    shapes = {"state_in": (STATE_FEATURES, 8), "action_in": (ACTION_FEATURES, 8), "bias_in": (8,)}
    shapes |= {"hidden": (8, 4), "bias_hidden": (4,), "out": (4,), "bias_out": (1,)}
    arrays = {name: rng.normal(size=shape).astype(np.float32) for name, shape in shapes.items()}
    full = load_weights(write_weights(tmp_path / "full.npz", ["uecda"], arrays, players=(5,)))
    rules = find_preset("uecda").replace(rounds=1, target_score=0)
    state = new_game(rules, 5, 4)
    seat = state.current_player
    assert seat is not None
    observation, legal = state.observation(seat), state.legal_actions()
    rows, actions = encode(observation, legal, rules, None)
    assert rows.shape == (STATE_FEATURES,) and actions.shape == (len(legal), ACTION_FEATURES)
    assert full.scores(rows, actions).shape == (len(legal),)
    base = load_weights()
    assert base.arrays["state_in"].shape[0] == BASE_STATE_FEATURES
    assert base.arrays["action_in"].shape[0] == BASE_ACTION_FEATURES
    assert base.scores(rows, actions).shape == (len(legal),)
    arrays["state_in"] = arrays["state_in"][:-1]
    with pytest.raises(ValueError, match="array state_in has shape"):
        load_weights(write_weights(tmp_path / "odd.npz", ["uecda"], arrays, players=(5,)))


@pytest.mark.parametrize(("name", "preset", "players"), SHIPPED_TABLES)
def test_each_shipped_table_is_played_by_its_network_without_falling_back(
    name: str, preset: str, players: int, caplog: pytest.LogCaptureFixture
) -> None:
    rules = find_preset(preset).replace(rounds=2, target_score=0)
    bots = [LearnedBot(rules) for _ in range(players)]
    with caplog.at_level(logging.WARNING, logger="presidente.bots.learned"):
        seen = list(decisions(new_game(rules, players, 11), bots, 11))
    assert not caplog.records, f"{name}: fell back to the heuristic"
    assert sum("network" in str(reason) for _, _, reason in seen) > 20
    assert all("network" in str(reason) or "only legal" in str(reason) for _, _, reason in seen)
    # The second round starts with the table's exchange, chosen by the network too: the draft's two phases.
    exchanges = {phase for phase, _, reason in seen if phase != "play" and "network" in str(reason)}
    assert exchanges == ({"draft-place", "draft-pick"} if rules.exchange == "draft" else {"exchange"}), name


def _trainer() -> object:
    spec = importlib.util.spec_from_file_location("train_president", TRAINER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_president"] = module
    spec.loader.exec_module(module)
    return module


GOLDEN = Path(__file__).resolve().parent / "golden" / "learned_torch_scores.npz"


def shipped_game_scores(score: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> np.ndarray:
    """`score` of every decision of one seeded `bga` game (seat moves as the heuristic advises), end to end."""
    rules: Rules = find_preset("bga").replace(rounds=2, target_score=0)
    state, heuristic, rng = new_game(rules, 4, 8), HeuristicBot(rules), random.Random(8)
    scores = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        observation, legal = state.observation(seat), state.legal_actions()
        advice = heuristic.choose(observation, legal, rng).action
        rows, actions = encode(observation, legal, rules, advice)
        scores.append(score(rows, actions))
        state.apply(advice, seat)
    return np.concatenate(scores)


def torch_scores_of_shipped_weights() -> np.ndarray:
    """The shipped weights run by the training script's torch network (the golden file's source)."""
    torch = pytest.importorskip("torch", reason="torch is in the [train] extra only; numpy play needs none")
    trainer = _trainer()
    policy = trainer.Policy(layout="base")  # type: ignore[attr-defined]
    arrays = load_weights().arrays
    with torch.no_grad():
        policy.first.weight.copy_(torch.from_numpy(np.concatenate([arrays["state_in"], arrays["action_in"]]).T))
        policy.first.bias.copy_(torch.from_numpy(arrays["bias_in"]))
        policy.second.weight.copy_(torch.from_numpy(arrays["hidden"].T))
        policy.second.bias.copy_(torch.from_numpy(arrays["bias_hidden"]))
        policy.out.weight.copy_(torch.from_numpy(arrays["out"][None]))
        policy.out.bias.copy_(torch.from_numpy(arrays["bias_out"]))

        def score(rows: np.ndarray, actions: np.ndarray) -> np.ndarray:
            group = torch.zeros(len(actions), dtype=torch.long)
            result: np.ndarray = policy.logits(torch.from_numpy(rows[None]), torch.from_numpy(actions), group).numpy()
            return result

        return shipped_game_scores(score)


def test_numpy_play_of_the_shipped_weights_gives_the_scores_torch_gave() -> None:
    """Without torch (the `make test` install): the scores torch computed for the shipped weights on every
    decision of a seeded game, kept in a golden file, are what numpy computes now. A change to the encoder or
    to the numpy network that the shipped weights were not trained with fails here. Regenerate the file (with
    torch installed) by `python tests/bots/test_learned.py` after training new weights."""
    expected = np.load(GOLDEN)["scores"]
    weights = load_weights()
    np.testing.assert_allclose(shipped_game_scores(weights.scores), expected, rtol=1e-4, atol=1e-5)
    assert len(expected) > 100


def test_numpy_play_equals_the_torch_policy_on_saved_weights(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch", reason="torch is in the [train] extra only; numpy play needs none")
    trainer = _trainer()
    torch.manual_seed(0)
    policy = trainer.Policy()  # type: ignore[attr-defined]
    path = tmp_path / "weights.npz"
    np.savez(path, **policy.export({"presets": ["bga"], "players": [4]}))
    weights = load_weights(path)
    rules: Rules = find_preset("bga").replace(rounds=2, target_score=0)
    state, heuristic, rng = new_game(rules, 4, 8), HeuristicBot(rules), random.Random(8)
    compared = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        observation, legal = state.observation(seat), state.legal_actions()
        advice = heuristic.choose(observation, legal, rng).action
        rows, actions = encode(observation, legal, rules, advice)
        group = torch.zeros(len(legal), dtype=torch.long)
        with torch.no_grad():
            expected = policy.logits(torch.from_numpy(rows[None]), torch.from_numpy(actions), group).numpy()
        np.testing.assert_allclose(weights.scores(rows, actions), expected, rtol=1e-4, atol=1e-5)
        compared += 1
        state.apply(advice, seat)
    assert compared > 50


def test_the_golden_scores_are_what_torch_gives_for_the_shipped_weights() -> None:
    np.testing.assert_allclose(torch_scores_of_shipped_weights(), np.load(GOLDEN)["scores"], rtol=1e-5, atol=1e-6)


if __name__ == "__main__":
    GOLDEN.parent.mkdir(exist_ok=True)
    np.savez_compressed(GOLDEN, scores=torch_scores_of_shipped_weights())
    print(f"wrote {GOLDEN}")
