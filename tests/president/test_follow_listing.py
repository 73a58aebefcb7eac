"""Following a trick on a single deck, the legal plays of a rank above the top come from one prebuilt table
(`trick._FOLLOWS`): the list is the very one, in the same order, that the rank-by-rank listing gives (the order
matters: the random bot picks by index)."""

from __future__ import annotations

import random

import pytest

from presidente.president import PRESETS, new_game
from presidente.president import trick as trick_module
from presidente.president.position import Phase


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_prebuilt_follows_list_what_the_rank_by_rank_listing_lists(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = PRESETS[preset].rules.replace(rounds=3, target_score=0)
    players = max(rules.min_players, 4)
    state = new_game(rules, players, 21)
    rng = random.Random(21)
    compared = 0
    for _ in range(400):
        if state.is_over:
            break
        if state.phase is Phase.PLAY and state.owed is None and state.trick_size:
            prebuilt = state._legal_plays()
            with monkeypatch.context() as patched:
                patched.setattr(trick_module, "_FOLLOW_SIZES", range(0))  # no trick size uses the table
                assert state._legal_plays() == prebuilt
            compared += 1
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    assert compared > 50
