"""The El Presidente PettingZoo environment: PettingZoo's checks alone and in teams, a one-to-one action
mapping, seeding, game rewards by side, and no hidden card in an observation."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from dataclasses import replace

import numpy as np
import pytest
from envs_helpers import play_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, render_test, seed_test

from presidente.elpresidente import Rules, State
from presidente.envs import el_presidente_v0
from presidente.envs.el_presidente_v0 import ElPresidenteCodec
from presidente.errors import IllegalActionError

TABLES = [(2, None), (3, None), (4, "2v2"), (6, "2v2v2")]


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("players", "teams"), TABLES)
def test_pettingzoo_api_seed_and_render_checks_pass(players: int, teams: str | None) -> None:
    def make(render_mode: str | None = None) -> object:
        return el_presidente_v0.env(players=players, teams=teams, games=2, render_mode=render_mode)

    api_test(make(), num_cycles=60)
    seed_test(make, num_cycles=60)
    render_test(make)


@pytest.mark.parametrize("players", [2, 4, 5])
def test_every_legal_engine_action_has_its_own_index_and_comes_back(players: int) -> None:
    codec = ElPresidenteCodec()
    for seed in range(4):
        state = State(Rules(players=players, battle_limit=60), seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            indices = [codec.encode(action) for action in legal]
            assert len(set(indices)) == len(legal)
            assert set(np.flatnonzero(codec.mask(state)).tolist()) == set(indices)
            assert [codec.decode(index, state) for index in indices] == legal
            state.apply(rng.choice(legal))


def test_reset_with_a_seed_deals_what_the_engine_deals() -> None:
    env = el_presidente_v0.raw_env(players=5)
    env.reset(seed=77)
    assert env.state is not None and env.state.hands == State(Rules(players=5), 77).hands


def test_a_won_game_pays_the_winning_side_and_charges_the_others() -> None:
    env = el_presidente_v0.raw_env(players=4, teams="2v2", games=2)
    totals = play_env(env, seed=4)
    assert env.state is not None
    expected = dict.fromkeys(env.possible_agents, 0.0)
    for winner in env.state.game_winners:
        for seat in range(4):
            if winner is not None:
                expected[f"player_{seat}"] += 1.0 if seat % 2 == winner % 2 else -1.0
    assert totals == expected


def test_an_action_outside_the_mask_is_refused() -> None:
    env = el_presidente_v0.raw_env(players=3)
    env.reset(seed=1)
    observation, *_ = env.last()
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))


def test_cards_seen_taken_are_known_until_played() -> None:
    env = el_presidente_v0.raw_env(players=3)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    assert env.state is not None
    while not env.state.is_over:
        seat = env.state.current_player
        observation, *_ = env.last()
        legal = np.flatnonzero(observation["action_mask"])
        concede = env.codec.concede
        pile = list(env.state.pile)
        choice = concede if concede in legal and pile else int(rng.choice(legal))
        env.step(int(choice))
        if choice == concede:
            assert seat is not None and set(pile) <= set(env.state.hands[seat])
            viewer = (seat + 1) % 3
            vector = env.observe(f"player_{viewer}")["observation"]
            known = vector[env.slices["known"]].reshape(3, 52)[(seat - viewer) % 3]
            assert set(np.flatnonzero(known).tolist()) == set(pile)
            return
    pytest.fail("no concession in this game")


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 80), viewer=st.integers(0, 3))
def test_no_other_hand_leaks_into_an_observation(seed: int, moves: int, viewer: int) -> None:
    env = el_presidente_v0.raw_env(players=4, teams="2v2")
    env.reset(seed=seed)
    rng = random.Random(seed)
    assert env.state is not None
    for _ in range(moves):
        if env.state.is_over:
            break
        observation, *_ = env.last()
        env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    state = env.state
    others = [s for s in range(4) if s != viewer and state.hands[s]]
    if len(others) < 2:
        return
    first, second = rng.sample(others, 2)
    a = [c for c in state.hands[first] if c not in env.known[first]]
    b = [c for c in state.hands[second] if c not in env.known[second]]
    if not a or not b:
        return
    card_a, card_b = rng.choice(a), rng.choice(b)
    hands = [list(hand) for hand in state.hands]
    hands[first][hands[first].index(card_a)] = card_b
    hands[second][hands[second].index(card_b)] = card_a
    before = env.observe(f"player_{viewer}")["observation"]
    position = state.to_position()
    env.state = State.from_position(replace(position, hands=tuple(tuple(hand) for hand in hands)))
    assert np.array_equal(before, env.observe(f"player_{viewer}")["observation"])
