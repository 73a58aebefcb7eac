"""Many decks (seed 002: "Decks (default: 1, min: 1, max: 2^51)"): a hand too large to list its plays still
has an observation, offered moves that are all legal, bots that play, and rounds that end."""

from __future__ import annotations

import random

import pytest
from helpers import conserved

from presidente.bots.registry import make_bot
from presidente.president import Pass, Phase, Play, find_preset, new_game
from presidente.president.trick import SHOWN_SIZES, TooManyActionsError

VICTORZ = find_preset("victorz").replace(rounds=1)


def shape(action: object) -> tuple[int | None, int, int, int | None] | None:
    """(rank, size, jokers, declared) of a play; None for a pass."""
    if isinstance(action, Pass):
        return None
    assert isinstance(action, Play)
    return (action.rank, action.size, action.jokers, action.declared)


def test_a_hand_of_2_to_the_51_decks_is_observed_and_offered_legal_plays() -> None:
    state = new_game(VICTORZ.replace(decks=2**51), 4, seed=5)
    rng = random.Random(5)
    bot = make_bot("heuristic", rules=state.rules)
    for move in range(12):
        seat = state.current_player
        assert seat is not None and state.phase is Phase.PLAY
        observation = state.observation(seat)
        offered = state.offered_actions()
        # Listing is tried on a lead and a follow only: each try builds 50,000 plays before it gives up (a second).
        if move < 2:
            try:
                legal = state.legal_actions()
            except TooManyActionsError:
                assert not state._may_list_plays(), "the bound foresaw it"
            else:
                assert set(map(str, offered)) <= set(map(str, legal))
        assert offered and [str(action) for action in offered] == list(observation.legal_actions)
        for action in offered:
            state.clone().apply(action, seat)  # every offered play is accepted
        state.apply(bot.choose(observation, offered, rng).action, seat)
        assert conserved(state)


def test_a_search_bot_plays_from_a_huge_hand() -> None:
    state = new_game(VICTORZ.replace(decks=2**51), 4, seed=6)
    seat = state.current_player
    assert seat is not None
    offered = state.offered_actions()
    choice = make_bot("ismcts:time=0,iterations=40", rules=state.rules).choose(
        state.observation(seat), offered, random.Random(1)
    )
    assert choice.action in offered


@pytest.mark.parametrize("preset", ["victorz", "bga"])
def test_a_round_with_20_decks_ends_with_bots_playing_offered_moves(preset: str) -> None:
    rules = find_preset(preset).replace(decks=20, rounds=1, target_score=0)
    state = new_game(rules, 4, seed=7)
    rng = random.Random(7)
    bots = [make_bot("heuristic", rules=rules) for _ in range(4)]
    offered_fewer = 0
    for _ in range(20_000):
        seat = state.current_player
        if state.is_over or seat is None:
            break
        offered = state.offered_actions()
        offered_fewer += not state._may_list_plays()
        state.apply(bots[seat].choose(state.observation(seat), offered, rng).action, seat)
    assert state.is_over and conserved(state)
    assert offered_fewer > 0, "some leads were too long to list"


@pytest.mark.parametrize("decks", [2, 3])
def test_the_representative_plays_are_legal_and_cover_every_shape(decks: int) -> None:
    """Where both can be listed: every representative play is legal, and every legal shape of at most
    `SHOWN_SIZES` cards (and the largest) has one."""
    rules = VICTORZ.replace(decks=decks)
    rng = random.Random(decks)
    checked = 0
    for seed in range(6):
        state = new_game(rules, 4, seed)
        for _ in range(60):
            seat = state.current_player
            if state.is_over or seat is None or state.phase is not Phase.PLAY:
                break
            legal = state.legal_actions()
            shapes = {shape(action) for action in legal}
            plays = state._representative_plays()
            assert set(map(str, plays)) <= set(map(str, legal))
            offered_shapes = {shape(action) for action in plays}
            assert len(offered_shapes) == len(plays), "one play per shape"
            largest = max((s[1] for s in shapes if s is not None), default=0)
            for wanted in shapes:
                if wanted is None or wanted[1] <= SHOWN_SIZES or wanted[1] == largest:
                    if wanted is not None and wanted[2] > SHOWN_SIZES:
                        continue  # joker counts beyond the first few are shown only at their largest
                    assert wanted in offered_shapes or wanted is None, wanted
            state.apply(legal[rng.randrange(len(legal))], seat)
            checked += 1
    assert checked > 100
