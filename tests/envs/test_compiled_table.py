"""`president_v0` on the compiled table behaves exactly as on the reference engine: the same observations, masks,
rewards and terminations step by step on seeded matches of every preset it covers, the same reference `State`
when asked for, and the reference engine for every table it does not cover."""

from __future__ import annotations

import random

import numpy as np
import pytest

from presidente.envs import compiled_table, president_v0, table_kernel
from presidente.envs.compiled_check import play_aec_side_by_side, random_option_set
from presidente.envs.vector_bga import PRESETS
from presidente.errors import IllegalActionError, RulesError
from presidente.president import Play, find_preset
from presidente.president.actions import cards_of_rank


@pytest.mark.parametrize("name", PRESETS)
def test_two_round_matches_step_as_on_the_reference_engine(name: str) -> None:
    # Round 2 brings the transfer; the last round pays and terminates each seat as its place is settled.
    coverage = play_aec_side_by_side(range(2), find_preset(name).replace(rounds=2), "place", 1, state_every=5)
    assert coverage.rounds == 4 and coverage.early_terminations == 4 and coverage.state_checks > 0


@pytest.mark.parametrize("name", PRESETS)
def test_a_whole_match_steps_as_on_the_reference_engine(name: str) -> None:
    coverage = play_aec_side_by_side([11], find_preset(name), "score", 2)
    assert coverage.rounds > 2


# Other player counts and packs, and the draft, each case a small two-round match (the transfer or the draft
# comes in round 2).
@pytest.mark.parametrize(
    ("name", "players", "decks", "jokers"),
    [
        ("bga", 3, 1, 1),
        ("victorz", 6, 1, 2),
        ("trump-jokers", 8, 1, 2),
        ("college", 5, 2, 0),
        ("bga", 6, 2, 2),
        ("college-draft", 4, 1, 0),
        ("college-draft", 7, 2, 1),
    ],
)
def test_other_player_counts_and_packs_step_as_on_the_reference_engine(
    name: str, players: int, decks: int, jokers: int
) -> None:
    rules = find_preset(name).replace(rounds=2, decks=decks, jokers_per_deck=jokers)
    coverage = play_aec_side_by_side([3], rules, "place", 4, state_every=9, players=players)
    assert coverage.rounds == 2 and 0 < coverage.early_terminations <= players - 2 and coverage.state_checks > 0


def test_random_option_sets_it_covers_step_as_on_the_reference_engine() -> None:
    # Presets, player counts, packs and the option values of KERNEL_VALUES drawn at random.
    rng = random.Random(28)
    for _ in range(4):
        rules, players = random_option_set(rng)
        coverage = play_aec_side_by_side([rng.randrange(10**6)], rules, rng.choice(("score", "place")), 5, 0, players)
        assert coverage.rounds >= 1


def test_covered_tables_play_on_the_compiled_table_and_the_others_on_the_engine() -> None:
    assert president_v0.raw_env(preset="bga", players=4, options={"rounds": 3}).compiled is not None
    assert president_v0.raw_env(preset="bga", players=8, options={"decks": 2}).compiled is not None
    assert president_v0.raw_env(preset="bga", players=2).compiled is None
    assert president_v0.raw_env(preset="college-draft", players=4).compiled is not None
    assert president_v0.raw_env(preset="uecda", players=5).compiled is None
    assert president_v0.raw_env(preset="bga", players=4, options={"equalize": "allow"}).compiled is not None
    assert president_v0.raw_env(preset="bga", players=4, options={"equalize": "or-skip"}).compiled is None
    assert president_v0.raw_env(preset="bga", players=4, options={"pass_mode": "single"}).compiled is None
    assert president_v0.raw_env(preset="bga", players=4, engine="reference").compiled is None
    with pytest.raises(RulesError, match="2 players"):
        president_v0.raw_env(preset="bga", players=2, engine="compiled")
    with pytest.raises(ValueError, match="engine must be one of"):
        president_v0.raw_env(preset="bga", engine="numba")
    # Without roles at a player count the first leader is drawn every round: left to the reference engine.
    no_roles = find_preset("victorz").replace(top_roles_min_players=5, vice_roles_min_players=5, min_players=3)
    assert not compiled_table.covers(no_roles, 3)


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    env = president_v0.raw_env(preset="bga", players=4, engine="compiled")
    env.reset(seed=5)
    agent = env.agent_selection
    before = env.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    for action in (illegal, env.action_size, -1):
        with pytest.raises(IllegalActionError):
            env.step(action)
    after = env.observe(agent)
    assert env.agent_selection == agent
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])


def test_an_engine_action_with_other_suits_stays_on_the_compiled_table_and_plays_on_identically() -> None:
    envs = [president_v0.raw_env(preset="bga", players=4, engine=engine) for engine in ("compiled", "reference")]
    for env in envs:
        env.reset(seed=3)
    state = envs[1].state
    assert state is not None
    # The lead with the highest suits of a single card, where the action space's index picks the lowest.
    seat = state.current_player
    assert seat is not None
    hand = state.hands[seat]
    pair = next(rank for rank in range(13) if sum(hand[card] for card in cards_of_rank(rank)) >= 2)
    card = next(card for card in reversed(cards_of_rank(pair)) if hand[card])
    for env in envs:
        env.step_action(Play(((card, 1),)))
    assert envs[0].compiled is not None and envs[0]._fast  # the compiled table played the action's own cards
    rng = np.random.default_rng(0)
    for _ in range(40):
        seen = [env.observe(env.agent_selection) for env in envs]
        assert envs[0].agent_selection == envs[1].agent_selection
        assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
        assert np.array_equal(seen[0]["action_mask"], seen[1]["action_mask"])
        action = int(rng.choice(np.flatnonzero(seen[0]["action_mask"])))
        for env in envs:
            env.step(action)


def test_the_kernel_holds_the_hash_of_the_constants_it_borrows_so_that_numbas_cache_follows_them() -> None:
    # numba freezes global arrays into its cached code and keys that cache on table_kernel.py's content only.
    assert table_kernel.borrowed_sha256() == table_kernel.BORROWED_SHA256, "update table_kernel.BORROWED_SHA256"
