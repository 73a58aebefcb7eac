"""The `learned` bot's suit-table rows (the "suited" layout) and the UECda sample client's policy it trains against
(benchmarks/uecda_sample_bot.py)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import numpy as np

from presidente.bots.learned import (
    ACTION_FEATURES,
    STATE_FEATURES,
    SUITED_ACTION_FEATURES,
    SUITED_STATE_FEATURES,
    encode,
    load_weights,
)
from presidente.cards import JOKER
from presidente.president import new_game
from presidente.president.actions import PRESIDENT_RANK, Give, Play
from presidente.president.rules import find_preset

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def test_a_suited_file_reads_the_full_rows_and_the_suit_extras_after_them(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    shapes = {"state_in": (SUITED_STATE_FEATURES, 8), "action_in": (SUITED_ACTION_FEATURES, 8), "bias_in": (8,)}
    shapes |= {"hidden": (8, 4), "bias_hidden": (4,), "out": (4,), "bias_out": (1,)}
    arrays = {name: rng.normal(size=shape).astype(np.float32) for name, shape in shapes.items()}
    meta = {"format": 1, "presets": ["uecda"], "players": [5], "layout": "suited"}
    np.savez(tmp_path / "suited.npz", meta=np.array(json.dumps(meta)), **arrays)
    weights = load_weights(tmp_path / "suited.npz")
    assert weights.suited and not load_weights().suited
    rules = find_preset("uecda").replace(rounds=1, target_score=0)
    state = new_game(rules, 5, 4)
    seat = state.current_player
    assert seat is not None
    observation, legal = state.observation(seat), state.legal_actions()
    rows, actions = encode(observation, legal, rules, None, suited=True)
    full_rows, full_actions = encode(observation, legal, rules, None)
    assert rows.shape == (SUITED_STATE_FEATURES,) and actions.shape == (len(legal), SUITED_ACTION_FEATURES)
    np.testing.assert_array_equal(rows[:STATE_FEATURES], full_rows)
    np.testing.assert_array_equal(actions[:, :ACTION_FEATURES], full_actions)
    assert weights.scores(rows, actions).shape == (len(legal),)
    # An 8 in a play cuts (UECda's 8 cut): the first extra action column.
    eights = [i for i, action in enumerate(legal) if isinstance(action, Play) and 5 in action.ranks()]
    assert eights and all(actions[i, ACTION_FEATURES] == 1.0 for i in eights)


def test_the_sample_client_policy_gives_its_weakest_cards_and_keeps_its_groups_for_groups() -> None:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        from uecda_sample_bot import SampleClientBot
    finally:
        sys.path.remove(str(BENCHMARKS))
    bot, rng = SampleClientBot(), random.Random(0)
    rules = find_preset("uecda").replace(rounds=2, target_score=0)
    state = new_game(rules, 5, 21)
    gives = leads = singles = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        observation, legal = state.observation(seat), state.legal_actions()
        action = bot.choose(observation, legal, rng).action
        assert action in legal
        held = [card for card, count in observation.hand for _ in range(count) if card != JOKER]
        ranks = [PRESIDENT_RANK[card] for card in held]
        if isinstance(action, Give):
            gives += 1
            given = sorted(PRESIDENT_RANK[card] for card, _ in action.cards)
            assert given == sorted(ranks)[: len(given)]
        elif isinstance(action, Play) and not observation.trick:
            leads += 1
            sequences = [play for play in legal if isinstance(play, Play) and play.sequence]
            if sequences:
                assert action.sequence and action.size == max(play.size for play in sequences)
        elif isinstance(action, Play) and action.size == 1 and action.naturals:
            singles += 1
            assert ranks.count(action.rank) == 1, "a single breaks no group"
        state.apply(action, seat)
    assert gives == 2 and leads > 5 and singles > 5
