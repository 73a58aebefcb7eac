"""The vectorized `bga` engine plays exactly the engine's game: the same deals, and move by move the same legal
actions, transitions and rewards; the Gymnasium vector environment around it seeds, masks and resets."""

from __future__ import annotations

import random

import numpy as np
import pytest

from presidente.envs.president_actions import ActionCodec, rank_counts
from presidente.envs.vector_bga import ACTIONS, OBSERVATION_SIZE, RULES, S_SIZE, BgaTables, BgaVectorEnv
from presidente.errors import IllegalActionError
from presidente.president import State, find_preset, new_game

CODEC = ActionCodec(RULES)


def test_it_covers_the_first_round_of_bga_and_its_space_is_the_play_part_of_president_v0() -> None:
    assert find_preset("bga").replace(rounds=1) == RULES
    assert ACTIONS == CODEC.choice_start == 106


def test_tables_deal_what_the_engine_deals() -> None:
    seeds = [*range(200), 2**40 + 7, 10**15]
    tables = BgaTables(len(seeds))
    tables.reset(seeds)
    for table, seed in enumerate(seeds):
        state = new_game(RULES, 4, seed)
        assert tables.hands[table].tolist() == [rank_counts(hand) for hand in state.hands]
        assert tables.current[table] == state.current_player


def check_same_table(tables: BgaTables, table: int, state: State) -> None:
    assert bool(tables.over[table]) == state.is_over
    assert tables.hands[table].tolist() == [rank_counts(hand) for hand in state.hands]
    if state.is_over:
        return
    assert tables.current[table] == state.current_player
    assert np.array_equal(tables.legal_masks(np.array([table]))[0], CODEC.mask(state)[:ACTIONS].astype(bool))
    assert bool(tables.reversed[table]) == state.reversed
    assert tables.trick_size[table] == state.trick_size
    assert tables.last[table] == (-1 if state.last_player is None else state.last_player)
    winners, lowest = set(state.winners), set(state.bottom)
    assert {s for s in range(4) if tables.place[table, s] >= 0 and not tables.ranked_lowest[table, s]} == winners
    assert {s for s in range(4) if tables.ranked_lowest[table, s]} == lowest


@pytest.mark.parametrize("batch", range(4))
def test_seeded_rounds_play_move_by_move_as_in_the_engine(batch: int) -> None:
    seeds = [batch * 1000 + table for table in range(40)]
    tables = BgaTables(len(seeds))
    tables.reset(seeds)
    states = [new_game(RULES, 4, seed) for seed in seeds]
    rng = random.Random(batch)
    while not all(state.is_over for state in states):
        live = np.array([table for table, state in enumerate(states) if not state.is_over])
        actions = [rng.choice(np.flatnonzero(CODEC.mask(states[table])).tolist()) for table in live]
        before = [list(states[table].scores) for table in live]
        rewards = tables.step(np.array(actions), live)
        for row, table in enumerate(live):
            state = states[table]
            state.apply(CODEC.decode(actions[row], state))
            assert rewards[row].tolist() == [after - was for after, was in zip(state.scores, before[row], strict=True)]
            check_same_table(tables, table, state)


def test_every_table_moves_at_once_and_illegal_actions_change_nothing() -> None:
    tables = BgaTables(8)
    tables.reset(range(8))
    masks = tables.legal_masks()
    legal = masks.argmax(axis=1)
    illegal = legal.copy()
    illegal[3] = int(np.flatnonzero(~masks[3])[0])
    hands = tables.hands.copy()
    with pytest.raises(IllegalActionError, match=r"tables \[3\]"):
        tables.step(illegal)
    assert np.array_equal(tables.hands, hands)
    tables.step(legal)
    # Every table leads its first trick: each played the cards of its shape.
    assert (hands.sum(axis=(1, 2)) - tables.hands.sum(axis=(1, 2)) == S_SIZE[legal - 1]).all()
    assert tables.played.sum() == hands.sum() - tables.hands.sum()


def test_observations_show_the_viewer_its_own_hand_and_seats_in_order_from_it() -> None:
    tables = BgaTables(2)
    tables.reset([5, 6])
    observation = tables.observe()
    assert observation.shape == (2, OBSERVATION_SIZE)
    for table in range(2):
        seat = tables.current[table]
        assert observation[table, :14].tolist() == tables.hands[table, seat].tolist()
        sizes = observation[table, 28:32].tolist()
        assert sizes == [tables.sizes[table, (seat + k) % 4] for k in range(4)]
    seat_two = tables.observe(viewers=np.array([2, 2]))
    assert seat_two[0, :14].tolist() == tables.hands[0, 2].tolist()


def play_vector_env(seed: int, steps: int) -> list[tuple[list[float], list[bool]]]:
    env = BgaVectorEnv(16)
    observations, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    for _ in range(steps):
        masks = env.action_masks()
        assert np.array_equal(masks, info["action_mask"])
        actions = np.where(masks.any(axis=1), (rng.random(masks.shape) * masks).argmax(axis=1), 0)
        observations, rewards, terminated, truncated, info = env.step(actions)
        assert observations.shape == (16, OBSERVATION_SIZE) and not truncated.any()
        assert set(rewards[terminated].tolist()) <= {0.0, 1.0, 2.0, 3.0}
        assert not rewards[~terminated].any()
        trace.append((rewards.tolist(), terminated.tolist()))
    return trace


def test_the_vector_env_replays_a_seed_and_resets_finished_tables_on_the_next_step() -> None:
    first = play_vector_env(3, 40)
    assert first == play_vector_env(3, 40)
    assert any(any(done) for _rewards, done in first)
    env = BgaVectorEnv(4)
    env.reset(seed=1)
    assert (env.tables.seeds == [1, 2, 3, 4]).all() and (env.tables.current == 0).all()
