"""`State.FIELDS` and the field-by-field copy (`_copy_fields`) that the compiled build's `clone` uses: checked here
on the Python engine, where a state's `__dict__` lists every field it holds."""

from __future__ import annotations

import random

from helpers import live_fields

from presidente.president import State, find_preset, new_game
from presidente.president.state import FIELDS

PRIVATE = ("_event_views", "_origin", "_plays", "_choices", "_facts")


def states_along_a_match(preset: str, players: int, seed: int, moves: int) -> list[State]:
    state = new_game(find_preset(preset), players, seed)
    rng = random.Random(seed)
    states = [state.clone()]
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def test_fields_lists_every_public_field_a_state_sets() -> None:
    for preset in ("bga", "victorz", "trump-jokers", "college", "college-draft"):
        for state in states_along_a_match(preset, 5, 11, 300):
            public = {key for key in vars(state) if not key.startswith("_")}
            assert public <= set(FIELDS), sorted(public - set(FIELDS))
    assert len(set(FIELDS)) == len(FIELDS)


def test_the_field_by_field_copy_holds_what_the_state_holds() -> None:
    for preset in ("bga", "college-draft"):
        for state in states_along_a_match(preset, 4, 5, 200)[::7]:
            if not state.is_over:
                state.legal_actions()
            state.observation(0)  # fills the caches it shares
            copied = state._copy_fields()
            assert live_fields(copied) == live_fields(state)
            # and the private caches a clone shares (`clone` then forgets the lazy observations, `_unsettled`)
            for name in PRIVATE:
                assert getattr(copied, name) is getattr(state, name)
            assert {key for key in vars(state) if key.startswith("_")} <= {*PRIVATE, "_unsettled"}


def test_a_state_given_other_rules_plays_by_them() -> None:
    """The options a move reads are copied per `Rules` (`trick.RuleFacts`): a state whose `rules` are replaced reads
    the new ones at once, not the copy it read before."""
    state = new_game(find_preset("bga").replace(rounds=1, target_score=0), 4, 3)
    assert "pass" not in map(str, state.legal_actions())  # a lead: no pass under bga
    state.rules = state.rules.replace(lead_pass=True)
    assert "pass" in map(str, state.legal_actions())
