"""Golden legal-action counts along seeded games, per preset (like chess perft): any change to the rules shows.

Each line is `seed players: counts...`, the number of legal actions at each step of a game in which step `i`
plays the action at index `(i * 7919) % count`. Regenerate with PRESIDENTE_UPDATE_GOLDEN=1 after a rules
change that is meant, and say so in the commit.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from presidente.president import PRESETS, new_game

GOLDEN = Path(__file__).parent / "golden"
SEEDS = (1, 2, 3)
STEP_LIMIT = 3000


def counts_along_game(preset: str, players: int, seed: int) -> list[int]:
    state = new_game(PRESETS[preset].rules, players, seed)
    counts = []
    for step in range(STEP_LIMIT):
        if state.is_over:
            break
        actions = state.legal_actions()
        counts.append(len(actions))
        state.apply(actions[(step * 7919) % len(actions)])
    return counts


def golden_text(preset: str) -> str:
    rules = PRESETS[preset].rules
    lines = [f"# legal-action counts along seeded games of preset {preset}; see tests/president/test_golden.py"]
    # A preset that seats none of these (uecda: exactly 5) is counted at its fewest players.
    counted = [players for players in (4, 2, 6) if rules.min_players <= players <= rules.max_players]
    for players in counted or [rules.min_players]:
        for seed in SEEDS:
            counts = counts_along_game(preset, players, seed)
            lines.append(f"{seed} {players}: {' '.join(map(str, counts))}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_golden_legal_action_counts(preset: str) -> None:
    path = GOLDEN / f"{preset}.txt"
    text = golden_text(preset)
    if os.environ.get("PRESIDENTE_UPDATE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text)
    assert path.read_text() == text, f"{path.name} differs: rerun with PRESIDENTE_UPDATE_GOLDEN=1 if meant"
