"""The rank-count playout under the Daifugo options (issue 12): it follows the engine move by move, and its inline
moves equal the policy played move by move, on random option sets with those options switched on."""

from __future__ import annotations

import random

import pytest
from bot_helpers import play_positions, random_rules
from test_playout import lockstep

from presidente.bots.playout import Table
from presidente.president import Rules

# Each Daifugo option the playout plays on rank counts, switched on in every rule set below.
DAIFUGO_OPTIONS: dict[str, object] = {"jack_back": True, "eight_cut": True, "five_skip": True, "nine_reverse": True}


def daifugo_rule_sets() -> list[tuple[str, Rules]]:
    # `lockstep` follows one round: a card transfer (not exchange="none") keeps the next round out of it.
    rng = random.Random(12)
    sets = []
    for name, value in DAIFUGO_OPTIONS.items():
        for index in range(3):
            sets.append((f"{name}-{index}", random_rules(rng).replace(exchange="trade", **{name: value})))
    sets.append(("all", random_rules(rng).replace(exchange="trade", **DAIFUGO_OPTIONS)))
    return sets


@pytest.mark.parametrize(("label", "rules"), daifugo_rule_sets(), ids=lambda value: str(value)[:16])
def test_the_table_follows_the_engine_under_daifugo_options(label: str, rules: Rules) -> None:
    players = 4 if rules.min_players <= 4 <= rules.max_players else rules.min_players
    rng = random.Random(label)
    played = 0
    for index, start in enumerate(play_positions(rules, players, seed=3, every=9)):
        played += lockstep(start, rng, use_policy=index % 2 == 0)
    assert played > 100, label


@pytest.mark.parametrize(("label", "rules"), daifugo_rule_sets(), ids=lambda value: str(value)[:16])
def test_playout_equals_the_policy_played_move_by_move_under_daifugo_options(label: str, rules: Rules) -> None:
    players = 4 if rules.min_players <= 4 <= rules.max_players else rules.min_players
    for start in play_positions(rules, players, seed=4, every=7):
        table = Table.from_state(start)
        stepped = table.copy()
        while not stepped.over:
            stepped.play(stepped.policy_move())
        assert table.playout(random.Random(0)) == stepped.finishing_order(), label
        assert table.ranks == stepped.ranks and table.sizes == stepped.sizes
