"""The suit-aware encodings (`presidente.envs.suited_actions`): the Daifugo and UECda tables (`uecda`, `daifugo`,
and any table with their options) in `president_v0`, with every exact engine action its own index."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test  # type: ignore[import-untyped]
from test_president_env import swap_hidden_cards

from presidente.envs import president_v0
from presidente.envs.president_v0 import table_rules
from presidente.envs.single_agent import president_env
from presidente.envs.suited_actions import SuitedCodec, SuitedObservationEncoder, action_key
from presidente.errors import IllegalActionError, RulesError
from presidente.president import Play, State, find_preset, new_game

# Tables whose suits decide a trick: the two presets at several sizes, and option sets away from them.
TABLES = [
    ("uecda", {}, 5),
    ("daifugo", {}, 3),
    ("daifugo", {}, 6),
    ("bga", {"sequences": True, "suit_lock": True, "jack_back": True}, 4),
    ("victorz", {"sequences": True, "sequence_wraps": True, "suit_lock": True, "number_lock": True}, 4),
    ("victorz", {"sequences": True, "sequence_joker_ends": True, "joker_suits": True}, 4),
    ("trump-jokers", {"suit_lock": True, "five_skip": True, "nine_reverse": True, "sequences": True}, 4),
    ("college-draft", {"suit_lock": True, "sequences": True, "eight_cut": True}, 4),
    ("daifugo", {"seven_give": True, "ten_discard": True}, 4),
    ("bga", {"seven_give": True}, 5),
]


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def random_states(rules: Any, players: int, seed: int, moves: int) -> Iterator[State]:
    """The states of a random match before each move, at most `moves` of them."""
    state = new_game(rules, players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.current_player is None:
            return
        yield state
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("preset", "options", "players"), TABLES)
def test_every_legal_action_has_its_own_index_and_decodes_to_itself(preset: str, options: Any, players: int) -> None:
    rules = table_rules(preset, {**options, "rounds": 3})
    codec = SuitedCodec(rules)
    seen = set()
    for seed in range(4):
        state = new_game(rules, players, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.current_player is None:
                break
            legal = state.legal_actions()
            indices = [codec.encode(action) for action in legal]
            assert len(set(indices)) == len(indices)  # no two legal actions share an index
            assert np.flatnonzero(codec.mask(state)).tolist() == sorted(indices)
            for index, action in zip(indices, legal, strict=True):
                assert action_key(codec.decode(index, state)) == action_key(action)
                seen.add(type(action).__name__ + ("-sequence" if getattr(action, "sequence", False) else ""))
            state.apply(codec.decode(rng.choice(indices), state))  # the engine takes the decoded form
    assert {"Pass", "Play", "Give"} <= seen


SUIT_OPTIONS = [
    "jack_back",
    "eight_cut",
    "five_skip",
    "nine_reverse",
    "seven_give",
    "ten_discard",
    "spade_three_return",
    "suit_lock",
    "sequences",
    "sequence_wraps",
    "sequence_joker_ends",
    "joker_suits",
    "number_lock",
]


@settings(max_examples=15, deadline=None)
@given(
    base=st.sampled_from(["bga", "victorz", "trump-jokers", "college", "daifugo", "uecda"]),
    chosen=st.sets(st.sampled_from(SUIT_OPTIONS), min_size=1, max_size=6),
    players=st.integers(3, 6),
    seed=st.integers(0, 10_000),
)
def test_random_option_sets_give_every_legal_action_its_own_index(
    base: str, chosen: set[str], players: int, seed: int
) -> None:
    try:
        rules = table_rules(base, {**dict.fromkeys(chosen, True), "rounds": 2})
        rules.check_players(players)
        codec = SuitedCodec(rules)
    except RulesError:
        assume(False)  # options that do not go together (the rules say why), or a player count the preset refuses
        return
    state = new_game(rules, players, seed)
    rng = random.Random(seed)
    for _ in range(150):
        if state.current_player is None:
            break
        legal = state.legal_actions()
        indices = [codec.encode(action) for action in legal]
        assert len(set(indices)) == len(indices)
        state.apply(codec.decode(rng.choice(indices), state))


def test_suits_and_jokers_cells_tell_plays_apart() -> None:
    codec = SuitedCodec(find_preset("uecda"))
    texts = ["9H", "9S", "9H 9S", "JK=9C 9S", "JK=9H 9S", "3H JK=4H 5H", "3H 4H JK=5H", "JK=<3S 3S 4S", "JK"]
    indices = [codec.encode(Play.parse(text)) for text in texts]
    assert len(set(indices)) == len(texts)
    assert [codec.describe(index) for index in indices] == [str(Play.parse(text)) for text in texts]
    env = president_v0.raw_env(preset="uecda", players=5)
    env.reset(seed=3)
    observation = env.observe(env.agent_selection)
    before = env.state.to_position() if env.state else None
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[-1])  # a give outside the transfer
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.state is not None and env.state.to_position() == before  # refused by the engine: nothing changed


def test_the_observation_shows_the_top_play_the_lock_and_the_turn_order() -> None:
    rules = table_rules("daifugo", {"rounds": 2, "nine_reverse": True})
    encoder = SuitedObservationEncoder(rules, 4)
    assert sum(length for _, length, _ in encoder.layout) == encoder.size
    checked = {"lock": False, "sequence": False, "reversed_turns": False}
    for seed in range(12):
        for state in random_states(rules, 4, seed, 300):
            seat = state.current_player
            assert seat is not None
            vector = encoder.encode(state, seat)
            block = {name: vector[part].tolist() for name, part in encoder.slices.items()}
            assert block["lock"] == [float(state.lock >> suit & 1) for suit in range(4)]
            assert block["passes_in_a_row"] == [state.passes_in_a_row]
            order = [(seat + step) % 4 for step in range(4)]
            step = 1 if state.clockwise else -1
            assert block["turn_order"] == [float((s - seat) * step % 4) for s in order]
            top = state.trick[-1][1] if state.trick else None
            cards = [0.0] * 53
            for card, count in top.cards if top else ():
                cards[card] += count
            assert block["top_cards"] == cards
            assert block["top_sequence"] == [float(bool(top and top.sequence))]
            assert sum(block["top_stand_ins"]) == (len(top.stands_for) if top else 0)
            checked["lock"] |= state.lock != 0
            checked["sequence"] |= bool(top and top.sequence)
            checked["reversed_turns"] |= not state.clockwise
    assert all(checked.values()), checked


@pytest.mark.parametrize("seed", [3, 11, 20])
def test_no_other_hand_leaks_into_a_suited_observation(seed: int) -> None:
    rules = table_rules("uecda", {"rounds": 2})
    encoder = SuitedObservationEncoder(rules, 5)
    rng = random.Random(seed)
    compared = 0
    for moves, state in enumerate(random_states(rules, 5, seed, 120)):
        if moves % 15:
            continue
        viewer = rng.randrange(5)
        other = swap_hidden_cards(state, viewer, rng)
        if other is None:
            continue
        assert other.hands != state.hands
        assert np.array_equal(encoder.encode(state, viewer), encoder.encode(other, viewer))
        compared += 1
    assert compared


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [("uecda", 5, {}), ("daifugo", 4, {}), ("daifugo", 4, {"seven_give": True, "ten_discard": True})],
)
def test_the_daifugo_tables_pass_pettingzoos_api_tests_and_play_whole_matches(
    preset: str, players: int, options: dict[str, bool]
) -> None:
    options = {**options, "rounds": 2}
    api_test(president_v0.env(preset=preset, players=players, options=options), num_cycles=120)
    parallel_api_test(president_v0.parallel_env(preset=preset, players=players, options=options), num_cycles=120)
    seed_test(lambda: president_v0.env(preset=preset, players=players, options=options), num_cycles=60)
    render_test(
        lambda render_mode=None: president_v0.env(
            preset=preset, players=players, options=options, render_mode=render_mode
        )
    )
    env = president_v0.env(preset=preset, players=players, options=options, reward="place")
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    expected = dict.fromkeys(env.possible_agents, 0.0)
    for order in env.unwrapped.state.results:  # place rewards: +1 to each round's first, -1 to its last
        expected[f"player_{order[0]}"] += 1
        expected[f"player_{order[-1]}"] -= 1
    assert totals == expected and len(env.unwrapped.state.results) == 2


def test_one_learner_plays_uecda_against_bots_and_passes_gymnasiums_checker() -> None:
    env = president_env(preset="uecda", players=5, opponents="heuristic", options={"rounds": 1})
    check_env(env, skip_render_check=True)
    _observation, info = env.reset(seed=2)
    done = False
    while not done:
        _observation, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
        done = terminated or truncated
    assert terminated and reward in (-1.0, 0.0, 1.0, 2.0, 3.0, 4.0)


def test_seven_give_and_ten_discard_are_chosen_a_card_at_a_time_and_observed() -> None:
    rules = table_rules("daifugo", {"rounds": 2, "seven_give": True, "ten_discard": True})
    codec, encoder = SuitedCodec(rules), SuitedObservationEncoder(rules, 4)
    assert sum(length for _, length, _ in encoder.layout) == encoder.size
    owed_seen = {"give": 0, "discard": 0}
    for seed in range(6):
        state = new_game(rules, 4, seed)
        rng = random.Random(seed)
        gave = [[0.0] * 53 for _ in range(4)]
        round_number = state.round_number
        while state.current_player is not None and state.round_number == round_number:
            seat = state.current_player
            vector = encoder.encode(state, seat)
            assert vector[encoder.slices["gave_in_play"]].tolist() == gave[seat]
            owed = state.owed
            if owed is not None:
                owed_seen[owed.kind] += 1
                assert vector[encoder.slices["owed"]].tolist() == [owed.kind == "give", owed.kind == "discard"]
                assert vector[encoder.slices["owed_count"]].tolist() == [owed.count]
                kinds = {type(action).__name__ for action in state.legal_actions()}
                assert kinds == {"Give" if owed.kind == "give" else "Discard"}
            index = rng.choice(list(codec.legal_indices(state)))
            action = codec.decode(index, state)
            state.apply(action)
            if owed is not None and owed.kind == "give" and owed.receiver is not None:
                for card, count in getattr(action, "cards", ()):
                    gave[seat][card] += count
    assert owed_seen["give"] and owed_seen["discard"], owed_seen


def test_the_render_tells_the_owed_cards_and_the_suit_lock() -> None:
    env = president_v0.raw_env(preset="daifugo", options={"rounds": 2, "seven_give": True}, render_mode="ansi")
    env.reset(seed=4)
    rng = np.random.default_rng(1)
    told = {"owes": False, "Suits locked": False}
    for _ in range(400):
        state = env.state
        assert state is not None
        text = env.render()
        assert isinstance(text, str)
        if state.owed is not None:
            assert f"player_{state.owed.seat} owes {state.owed.count} card(s) to give to player_" in text
            told["owes"] = True
        if state.lock:
            assert "Suits locked: " in text
            told["Suits locked"] = True
        if all(told.values()) or not env.agents:
            break
        agent = env.agent_selection
        done = env.terminations[agent] or env.truncations[agent]
        env.step(None if done else int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))
    assert all(told.values()), told
