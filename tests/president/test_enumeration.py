"""`apply` accepts exactly what `legal_actions()` lists (issue 25), proven by enumeration at every position of
seeded games of every preset and of random option combinations (tests/president/enumeration.py says what is
enumerated). The counts per preset are golden, like the legal-action counts of test_golden.py: regenerate with
PRESIDENTE_UPDATE_GOLDEN=1 after a rules change that is meant, and say so in the commit. `make fuzz` draws many
more games (the hypothesis `fuzz` profile of tests/conftest.py).
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from enumeration import Tally, check_position
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import random_rules

from presidente.president import PRESETS, Rules, new_game

GOLDEN = Path(__file__).parent / "golden" / "enumeration.txt"
SEEDS = (1, 2)
# Enough steps for two rounds at 4 players (a transfer and a draft included) and one at 6.
STEP_LIMIT = 240


def enumerate_game(rules: Rules, players: int, seed: int, step_limit: int = STEP_LIMIT) -> Tally:
    """Check every position of one game (random legal moves drawn from `seed`) until it ends or `step_limit`."""
    state = new_game(rules, players, seed)
    rng = random.Random(seed)
    tally = Tally()
    for _ in range(step_limit):
        if state.is_over:
            break
        tally.add(check_position(state))
        state.apply(rng.choice(state.legal_actions()))
    return tally


def table_sizes(rules: Rules) -> list[int]:
    # A preset that seats none of these (uecda: exactly 5) is counted at its fewest players.
    return [players for players in (4, 2, 6) if rules.min_players <= players <= rules.max_players] or [
        rules.min_players
    ]


def golden_lines(preset: str) -> list[str]:
    rules = PRESETS[preset].rules.replace(rounds=2)
    lines = []
    for players in table_sizes(rules):
        for seed in SEEDS:
            lines.append(f"{preset} {players} {seed}: {enumerate_game(rules, players, seed).line()}")
    return lines


def test_enumeration_counts_are_golden() -> None:
    lines = ["# positions checked, actions enumerated and accepted; see tests/president/test_enumeration.py"]
    for preset in sorted(PRESETS):
        lines.extend(golden_lines(preset))
    text = "\n".join(lines) + "\n"
    if os.environ.get("PRESIDENTE_UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(text)
    assert GOLDEN.read_text() == text, f"{GOLDEN.name} differs: rerun with PRESIDENTE_UPDATE_GOLDEN=1 if meant"


@settings(max_examples=6)
@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 10**6), players=st.integers(2, 8))
def test_every_preset_accepts_exactly_its_legal_list(preset: str, seed: int, players: int) -> None:
    rules = PRESETS[preset].rules.replace(rounds=2)
    players = min(max(players, rules.min_players), rules.max_players)
    enumerate_game(rules, players, seed)


@settings(max_examples=25)
@given(rules=random_rules(), players=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_random_option_sets_accept_exactly_their_legal_list(rules: Rules, players: int, seed: int) -> None:
    enumerate_game(rules, players, seed, step_limit=120)


@pytest.mark.parametrize(
    "options",
    [
        # UECda's own table and Daifugo's, with every suit rule on, and each joker-end reading.
        {"sequences": True, "sequence_joker_ends": True, "sequence_wraps": False, "sequence_min": 2},
        {"sequences": True, "sequence_joker_ends": False, "sequence_wraps": True, "suit_lock": True},
        {"jack_back": True, "eight_cut": True, "five_skip": True, "nine_reverse": True, "spade_three_return": True},
        {"seven_give": True, "ten_discard": True, "joker_suits": True, "suit_lock": True, "number_lock": True},
    ],
)
def test_daifugo_option_sets_accept_exactly_their_legal_list(options: dict[str, object]) -> None:
    rules = PRESETS["daifugo"].rules.replace(rounds=2, **options)
    for seed in SEEDS:
        enumerate_game(rules, 4, seed)
