"""Following a trick on a single deck, the legal plays of a rank above the top come from one prebuilt table
(`trick._FOLLOWS`): the list is the very one, in the same order, that the rank-by-rank listing gives (the order
matters: the random bot picks by index)."""

from __future__ import annotations

import random

import pytest

from presidente.cards import JOKER
from presidente.president import PRESETS, Play, new_game
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


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_lone_jokers_following_are_every_declared_rank_and_size_the_predicate_accepts(preset: str) -> None:
    """Wild jokers alone are listed declared rank by declared rank; ranks the predicate is sure to refuse (below
    the top, nothing owed) are skipped without asking it: the list is the predicate's, in the same order."""
    rules = PRESETS[preset].rules.replace(rounds=3, target_score=0, jokers_per_deck=2)
    players = max(rules.min_players, 4)
    compared = 0
    for seed in range(4):
        state = new_game(rules, players, seed)
        rng = random.Random(seed)
        for _ in range(300):
            if state.is_over:
                break
            seat = state.current_player
            if state.phase is Phase.PLAY and state.owed is None and state.trick_size and seat is not None:
                held = state.hands[seat][JOKER]
                if held and rules.joker_mode == "wild":
                    accepted = [
                        Play(((JOKER, size),), declared)
                        for declared in range(13)
                        for size in state.candidate_sizes(declared, held)
                        if state.shape_error(declared, size, size) is None
                    ]
                    assert state._lone_joker_plays(every_size=True) == accepted
                    compared += 1
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    if rules.joker_mode == "wild":
        assert compared >= 10


@pytest.mark.parametrize(("preset", "decks"), [("bga", 2), ("victorz", 3), ("trump-jokers", 2), ("college", 2)])
def test_several_decks_list_the_kept_plays_of_a_hand_shape_as_the_suit_splits_do(
    preset: str, decks: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With several decks, a rank's plays come from caches per hand shape (`trick._suit_choices`, `_lead_choices`,
    `_follow_choices`): the list is the very one, in the same order, that splitting the suits at each call gives."""
    rules = PRESETS[preset].rules.replace(rounds=2, target_score=0, decks=decks)
    state = new_game(rules, max(rules.min_players, 4), 5)
    rng = random.Random(5)
    compared = 0
    for _ in range(400):
        if state.is_over:
            break
        if state.phase is Phase.PLAY and state.owed is None:
            kept = state._legal_plays()
            with monkeypatch.context() as patched:
                patched.setattr(trick_module, "_KEPT_COPIES", 0)  # no hand shape is kept
                assert state._legal_plays() == kept
            compared += 1
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    assert compared > 50
