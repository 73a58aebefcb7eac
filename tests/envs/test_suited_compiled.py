"""`president_v0` on the suit tables (`uecda`, `daifugo`) plays their play phases on the compiled suit kernel
(`envs/suited_table.py`) and behaves exactly as on the reference engine: every step's observations, masks,
rewards, terminations, truncations and infos, the rebuilt `State` and `render()` compared on seeded matches."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import numpy as np
import pytest

from presidente.bots import suited_playout
from presidente.envs import president_v0, suited_table
from presidente.envs.aec import layout_slices
from presidente.envs.compiled_check import play_aec_side_by_side, random_suited_option_set
from presidente.envs.suited_actions import SuitedCodec, SuitedObservationEncoder
from presidente.errors import IllegalActionError, RulesError
from presidente.president import find_preset, new_game


@pytest.mark.parametrize(
    ("name", "players", "options", "reward"),
    [
        ("uecda", 5, {"rounds": 3}, "score"),  # round 2 on: the transfer; the rank reset does not come in 3
        ("daifugo", 4, {"rounds": 3}, "place"),
        ("uecda", 5, {"rounds": 2, "pass_limit": 3}, "place"),  # the pass limit's random places: the engine's
        ("daifugo", 6, {"rounds": 2, "jokers_per_deck": 0}, "score"),
        ("uecda", 5, {"rounds": 3, "rank_reset": 2}, "score"),  # the rank reset before round 3
    ],
)
def test_suit_tables_step_as_on_the_reference_engine(
    name: str, players: int, options: dict[str, int], reward: str
) -> None:
    rules = find_preset(name).replace(**options)
    assert suited_table.covers(rules, players)
    coverage = play_aec_side_by_side(range(2), rules, reward, 3, state_every=9, players=players)
    assert coverage.rounds == 2 * options["rounds"] and coverage.state_checks > 0


def test_a_match_to_a_target_score_ends_on_the_kernel_as_on_the_reference_engine() -> None:
    # No round is known to be the last: the kernel ends each, and the engine's round state says when the match is.
    rules = find_preset("daifugo").replace(rounds=0, target_score=9)
    coverage = play_aec_side_by_side([1], rules, "place", 1, state_every=13, players=4)
    assert coverage.rounds > 2 and coverage.state_checks > 0


@pytest.mark.parametrize("draw", range(3))
def test_random_suit_option_sets_step_as_on_the_reference_engine(draw: int) -> None:
    rules, players = random_suited_option_set(random.Random(300 + draw))
    coverage = play_aec_side_by_side([draw], rules, ("score", "place")[draw % 2], draw, state_every=11, players=players)
    assert coverage.rounds == rules.rounds


def test_the_kernel_makes_the_play_phase_moves() -> None:
    env = president_v0.raw_env(preset="uecda", players=5, options={"rounds": 2})
    assert env.suited is not None
    made = {"kernel": 0, "engine": 0}
    rng = random.Random(4)
    env.reset(seed=4)
    for _agent in env.agent_iter(2_000):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        made["kernel" if env._kernel_live else "engine"] += 1
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]).tolist())))
    # The engine makes the transfer's gives (at most a few passes to the pass limit too); the kernel ends each
    # round, and the engine deals the next without replaying it (`end_round_as`): no match `State` was built.
    assert made["kernel"] > 10 * made["engine"] > 0
    assert env._state is None and env._round is not None and env._round.round_number == 2
    state = env.state
    assert state is not None and state.is_over and state.results[:1] == env._round.results


def test_the_kernel_deals_the_first_round_as_the_engine_does() -> None:
    # The match's first round drawn on the kernel (`deal_first`: the engine's generators reproduced by `fast_deal`),
    # the engine's `State` built only when asked for: the board of the engine's deal, UECda's seat shuffle included.
    for preset, players in (("uecda", 5), ("daifugo", 4)):
        env = president_v0.raw_env(preset=preset, players=players, options={"rounds": 2})
        assert env.suited is not None
        for seed in (0, 5, 2**62 + 3):
            env.reset(seed=seed)
            assert env._kernel_live and env._state is None
            state = new_game(env.rules, players, seed)
            assert (suited_playout.board_of(state) == env.suited.board).all()
            assert env.state is not None and env.state.to_position() == state.to_position()


def test_the_kernel_ends_the_match_and_the_state_replays_it_when_asked() -> None:
    # The match's last move is the kernel's: the rewards and the last observations come without the engine, whose
    # `State` replays the round only when asked for, and ends it in the order the rewards paid.
    env = president_v0.raw_env(preset="daifugo", players=4, options={"rounds": 1}, reward="place")
    rng = random.Random(8)
    env.reset(seed=8)
    earned = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(1_000):
        observation, reward, terminated, truncated, _ = env.last()
        earned[agent] += reward
        assert not observation["action_mask"].any() or not (terminated or truncated)
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert env._kernel_live and env._moves and env._state is None  # nothing replayed, no `State` built yet
    state = env.state
    assert state is not None and state.is_over and env._replayed == len(env._moves)
    order = state.results[-1]
    assert [earned[env.possible_agents[seat]] for seat in order] == [1.0, 0.0, 0.0, -1.0]


def test_the_kernel_writes_every_block_after_the_rank_encoders() -> None:
    # `enter` encodes each seat's `ObservationEncoder` blocks alone; a block after them that the kernel does not
    # write (here the round number moved to the end) is refused.
    rules = find_preset("uecda")
    encoder, state = SuitedObservationEncoder(rules, 5), new_game(rules, 5, 3)
    assert np.array_equal(encoder.encode(state, 2)[: encoder.base_size], encoder.encode_base(state, 2))
    encoder.layout = (*encoder.layout, ("round", 1, "the round number, again"))
    encoder.slices = layout_slices(encoder.layout)
    with pytest.raises(RulesError, match=r"block\(s\) round"):
        suited_table.SuitedTable(rules, 5, SuitedCodec(rules), encoder)


def test_engine_compiled_takes_the_suit_tables_and_refuses_what_the_kernel_lacks() -> None:
    assert president_v0.raw_env(preset="daifugo", engine="compiled").suited is not None
    assert president_v0.raw_env(preset="uecda", players=5, engine="reference").suited is None
    with pytest.raises(RulesError, match="compiled suit table"):
        president_v0.raw_env(preset="uecda", players=5, options={"seven_give": True}, engine="compiled")
    auto = president_v0.raw_env(preset="uecda", players=5, options={"seven_give": True})
    assert auto.suited is None


def test_an_illegal_index_is_refused_on_the_kernel_and_changes_nothing() -> None:
    env = president_v0.raw_env(preset="uecda", players=5, options={"rounds": 1})
    env.reset(seed=2)
    assert env._kernel_live
    agent = env.agent_selection
    before = env.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[-1])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    with pytest.raises(IllegalActionError):
        env.step(env.action_size)
    after = env.observe(agent)
    assert env.agent_selection == agent
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])


def test_step_action_and_setting_the_state_keep_the_match_exact() -> None:
    fast = president_v0.raw_env(preset="daifugo", players=4, options={"rounds": 2})
    slow = president_v0.raw_env(preset="daifugo", players=4, options={"rounds": 2}, engine="reference")
    fast.reset(seed=6)
    slow.reset(seed=6)
    while not (fast._kernel_live and fast._round is not None and fast._round.round_number == 2):
        index = int(np.flatnonzero(fast.observe(fast.agent_selection)["action_mask"])[0])
        fast.step(index)
        slow.step(index)
    for _ in range(12):
        action = slow.state.legal_actions()[-1]  # type: ignore[union-attr]
        fast.step_action(action)
        slow.step_action(action)
    agent = fast.agent_selection
    assert fast._kernel_live and agent == slow.agent_selection
    assert np.array_equal(fast.observe(agent)["observation"], slow.observe(agent)["observation"])
    assert fast.state.to_position() == slow.state.to_position()  # type: ignore[union-attr]


def test_the_entry_points_name_the_hashes_of_the_code_they_compile_in() -> None:
    """numba caches the module's code by its own text: it names the hashes of the suit kernel and the twister."""
    from presidente.bots import suited_kernel
    from presidente.envs import fast_deal, suited_env_kernel

    borrowed = ((suited_kernel, suited_env_kernel.KERNEL_SHA256), (fast_deal, suited_env_kernel.TWISTER_SHA256))
    for module, expected in borrowed:
        assert hashlib.sha256(Path(module.__file__).read_bytes()).hexdigest() == expected, module.__name__
