"""The vectorized engine plays exactly the engine's game — whole matches of `bga`, `victorz`, `trump-jokers` and
`college`: the same deals, and move by move the same legal actions, transitions (the transfer, the downfall, the
special 3, wild and trump jokers, one fewer 2, passes, equalize-or-pass, four in a row, later rounds) and
rewards; it refuses the rules it does not cover; the Gymnasium vector environment around it seeds, masks and
resets."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import numpy as np
import pytest

from presidente.envs import table_kernel, vector_loops
from presidente.envs.compiled_check import random_option_set
from presidente.envs.president_actions import ActionCodec, rank_counts
from presidente.envs.vector_bga import (
    ACTIONS,
    BGA,
    CHOICE_START,
    OBSERVATION_SIZE,
    S_SIZE,
    BgaTables,
    BgaVectorEnv,
    check_vector_rules,
)
from presidente.envs.vector_check import play_side_by_side
from presidente.envs.vector_loops import observation_size
from presidente.errors import IllegalActionError, RulesError
from presidente.president import find_preset, new_game


def test_the_loops_hold_the_kernels_hash_so_that_numbas_cache_of_them_follows_the_kernel() -> None:
    # numba's cache of vector_loops is keyed on vector_loops.py's content only; the loops inline the kernel.
    kernel = Path(table_kernel.__file__).read_bytes()
    assert hashlib.sha256(kernel).hexdigest() == vector_loops.KERNEL_SHA256, "update vector_loops.KERNEL_SHA256"


def test_its_space_is_president_v0s_bga_space() -> None:
    codec = ActionCodec(BGA)
    assert ACTIONS == codec.size == 225 and CHOICE_START == codec.choice_start == 106


@pytest.mark.parametrize(
    ("preset", "changes", "named"),
    [
        ("bga", {"equalize": "or-skip"}, "equalize='or-skip'"),
        ("bga", {"eight_rule": True}, "eight_rule=True"),
        ("victorz", {"four_in_a_row": "on"}, "four_in_a_row='on'"),
        ("college-draft", {}, "exchange='draft'"),
        ("college", {"revolution": "relaxed"}, "revolution='relaxed'"),
        ("trump-jokers", {"pass_mode": "single"}, "pass_mode='single'"),
        ("trump-jokers", {"equalize": "allow"}, "no_equal_best=True with equal plays"),
    ],
)
def test_rules_it_does_not_cover_are_refused_by_name(preset: str, changes: dict[str, object], named: str) -> None:
    with pytest.raises(RulesError, match=named.replace("(", r"\(")):
        BgaTables(2, find_preset(preset).replace(**changes))


def test_match_length_options_are_covered() -> None:
    assert BgaTables(1, BGA.replace(rounds=3, target_score=0)).rules.rounds == 3


def test_tables_deal_the_first_round_as_the_engine_deals() -> None:
    seeds = [*range(100), 2**40 + 7, 10**15]
    tables = BgaTables(len(seeds))
    tables.reset(seeds)
    for table, seed in enumerate(seeds):
        state = new_game(BGA, 4, seed)
        assert tables.hands[table].tolist() == [rank_counts(hand) for hand in state.hands]
        assert tables.current[table] == state.current_player


@pytest.mark.parametrize("batch", range(2))
def test_seeded_matches_play_move_by_move_as_in_the_engine(batch: int) -> None:
    # Whole matches to bga's target score: a few hundred deals, every mask, transition and reward compared.
    coverage = play_side_by_side([batch * 1000 + table for table in range(12)], choice_seed=batch)
    assert coverage.rounds >= 100
    # The comparison went through every rule that needs a round before it, and the illegal finish.
    assert coverage.transfers >= coverage.rounds - 2 * 12
    assert coverage.downfalls > 0 and coverage.illegal_finishes > 0


def test_seeded_victorz_matches_play_move_by_move_as_in_the_engine() -> None:
    # Seed 002: the holder of the special 3 leads it, wild jokers, N-1 cards of the best rank beat N others,
    # equal plays allowed, a pass is out of the trick, the Scum gives first, the deal starts with the President.
    coverage = play_side_by_side(range(10), find_preset("victorz"), choice_seed=2)
    assert coverage.rounds == 100 and coverage.transfers == 90


def test_several_decks_and_other_option_values_play_move_by_move_as_in_the_engine() -> None:
    # Two decks: the special 3's first holder clockwise from the drawn seat leads; then random option sets of the
    # kernel's values at 4 players (compiled_check.random_option_set, the vectorized presets without the draft).
    two_decks = find_preset("victorz").replace(decks=2, rounds=2)
    assert play_side_by_side(range(6), two_decks, choice_seed=5).rounds == 12
    rng = random.Random(280)
    played = 0
    while played < 3:
        rules, _players = random_option_set(rng)
        try:
            rules.check_players(4)
            check_vector_rules(rules)
        except RulesError:
            continue
        coverage = play_side_by_side([rng.randrange(10**6) for _ in range(2)], rules, choice_seed=played)
        assert coverage.rounds >= 2
        played += 1


@pytest.mark.parametrize(("name", "players", "decks"), [("bga", 3, 1), ("college", 6, 2), ("trump-jokers", 8, 1)])
def test_other_player_counts_play_move_by_move_as_in_the_engine(name: str, players: int, decks: int) -> None:
    rules = find_preset(name).replace(rounds=2, decks=decks)
    coverage = play_side_by_side(range(3), rules, choice_seed=players, players=players)
    assert coverage.rounds == 6
    tables = BgaTables(2, rules, players)
    tables.reset([1, 2])
    assert tables.observe().shape == (2, observation_size(players)) and tables.hands.shape == (2, players, 14)


def test_seeded_trump_jokers_matches_play_move_by_move_as_in_the_engine() -> None:
    # Seed 003: trump jokers win the trick, a pass is out of the trick, credit scoring ends at 0; the loser gives
    # first in the transfer. About a hundred deals.
    coverage = play_side_by_side(range(20), find_preset("trump-jokers"), choice_seed=3)
    assert coverage.rounds >= 80
    assert coverage.transfers >= coverage.rounds - 20


def test_seeded_college_matches_play_move_by_move_as_in_the_engine() -> None:
    # Seed 004: equalize or pass, four in a row across plays and the best rank end the trick, a revolution lasts
    # the trick, the President gives and the Scum gives back its best, the asshole deals. Ten rounds a match.
    coverage = play_side_by_side(range(10), find_preset("college"), choice_seed=4)
    assert coverage.rounds == 100 and coverage.transfers == 90


def test_one_round_matches_and_a_round_limit_play_as_in_the_engine() -> None:
    coverage = play_side_by_side(range(40), BGA.replace(rounds=1, target_score=0), choice_seed=5)
    assert coverage.rounds == 40 and coverage.transfers == 0
    coverage = play_side_by_side(range(8), BGA.replace(rounds=3, target_score=0), choice_seed=6)
    assert coverage.rounds == 24 and coverage.transfers == 16


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
    with pytest.raises(IllegalActionError, match="from 0 to 224"):
        tables.step(np.full(8, ACTIONS))
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
        sizes = observation[table, 70:74].tolist()
        assert sizes == [tables.sizes[table, (seat + k) % 4] for k in range(4)]
    seat_two = tables.observe(viewers=np.array([2, 2]))
    assert seat_two[0, :14].tolist() == tables.hands[0, 2].tolist()


def test_no_other_hand_leaks_into_an_observation() -> None:
    tables = BgaTables(1)
    tables.reset([9])
    viewer = np.array([0])
    seen = tables.observe(viewers=viewer)
    # Swap one card between two other hands (same sizes): what seat 0 sees does not change.
    hands = tables.hands[0]
    giver = next(s for s in (1, 2, 3) for k in range(14) if hands[s, k] and not hands[(s % 3) + 1, k])
    kind = next(k for k in range(14) if hands[giver, k] and not hands[(giver % 3) + 1, k])
    other_kind = next(k for k in range(14) if hands[(giver % 3) + 1, k] and k != kind)
    hands[giver, kind] -= 1
    hands[(giver % 3) + 1, kind] += 1
    hands[(giver % 3) + 1, other_kind] -= 1
    hands[giver, other_kind] += 1
    assert np.array_equal(tables.observe(viewers=viewer), seen)


def play_vector_env(seed: int, steps: int) -> list[tuple[list[float], list[bool]]]:
    env = BgaVectorEnv(8, BGA.replace(rounds=2, target_score=0))
    observations, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    totals = np.zeros(8)
    for _ in range(steps):
        masks = env.action_masks()
        assert np.array_equal(masks, info["action_mask"])
        actions = np.where(masks.any(axis=1), (rng.random(masks.shape) * masks).argmax(axis=1), 0)
        observations, rewards, terminated, truncated, info = env.step(actions)
        assert observations.shape == (8, OBSERVATION_SIZE) and not truncated.any()
        totals += rewards
        # An episode is a match: the learner's rewards add up to its match score.
        for table in np.flatnonzero(terminated):
            assert totals[table] == env.tables.scores[table, 0]
            totals[table] = 0
        trace.append((rewards.tolist(), terminated.tolist()))
    return trace


def test_the_trump_jokers_vector_env_pays_the_credit_changes() -> None:
    env = BgaVectorEnv(4, find_preset("trump-jokers").replace(rounds=1))
    env.reset(seed=2)
    assert env.action_masks().shape == (4, ActionCodec(find_preset("trump-jokers")).size)
    rng = np.random.default_rng(2)
    paid: list[float] = []
    for _ in range(60):
        _observations, rewards, terminated, _truncated, _info = env.step(env.random_actions(rng))
        paid += rewards[terminated].tolist()
    # One round: the learner's credit changes by its role (5, 0, -10, -15 with four players).
    assert paid and set(paid) <= {5.0, 0.0, -10.0, -15.0}


def test_the_vector_env_replays_a_seed_and_resets_finished_tables_on_the_next_step() -> None:
    first = play_vector_env(3, 60)
    assert first == play_vector_env(3, 60)
    assert any(any(done) for _rewards, done in first)
    env = BgaVectorEnv(4)
    env.reset(seed=1)
    assert (env.tables.seeds == [1, 2, 3, 4]).all() and (env.tables.current == 0).all()


def test_random_actions_are_legal_and_reach_every_legal_action() -> None:
    tables = BgaTables(3)
    tables.reset([1, 2, 3])
    rng = np.random.default_rng(0)
    masks = tables.legal_masks()
    drawn: list[set[int]] = [set(), set(), set()]
    for _ in range(400):
        for table, action in enumerate(tables.random_actions(rng)):
            drawn[table].add(int(action))
    assert drawn == [set(np.flatnonzero(mask).tolist()) for mask in masks]
