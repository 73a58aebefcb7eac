"""The single-agent Gymnasium environments: Gymnasium's checker, masks for MaskablePPO, exact seeding, the
learner's reward and termination, illegal actions refused or ending the episode, never replaced."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import presidente.envs  # noqa: F401 - registers the environments
from presidente.envs.single_agent import SingleAgentEnv, el_presidente_env, president_env
from presidente.errors import IllegalActionError


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(
    "make",
    [
        lambda: president_env(preset="bga", options={"rounds": 1}),
        lambda: president_env(preset="college-draft", players=5, opponents="random", options={"rounds": 2}),
        lambda: el_presidente_env(players=4, teams="2v2"),
    ],
)
def test_gymnasium_check_env_passes(make: object) -> None:
    check_env(make())  # type: ignore[operator]


def test_the_registered_environment_is_made_by_gymnasium() -> None:
    env = gymnasium.make("presidente/President-v0", preset="trump-jokers", opponents="random")
    observation, _info = env.reset(seed=1)
    assert observation.shape == env.observation_space.shape
    assert env.unwrapped.action_masks().any()  # type: ignore[attr-defined]


def run_episode(env: SingleAgentEnv, seed: int) -> tuple[list[float], list[int]]:
    """Rewards and actions of one episode of a random masked learner."""
    _observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards, actions = [], []
    done = False
    while not done:
        assert np.array_equal(info["action_mask"].astype(bool), env.action_masks())
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        _observation, reward, done, _truncated, info = env.step(action)
        rewards.append(reward)
        actions.append(action)
    return rewards, actions


def test_a_seed_replays_the_episode_exactly_against_bots() -> None:
    def make() -> SingleAgentEnv:
        bots = ["heuristic", "random", "auto", "heuristic"]
        return president_env(preset="victorz", players=5, opponents=bots, options={"rounds": 2})

    first = run_episode(make(), seed=11)
    assert first == run_episode(make(), seed=11)
    assert first != run_episode(make(), seed=12)


def test_the_learner_earns_its_round_score_and_ends_when_it_goes_out_in_the_last_round() -> None:
    env = president_env(preset="bga", opponents="heuristic", options={"rounds": 1}, seat=2)
    rewards, _ = run_episode(env, seed=5)
    state = env.table.state
    assert state is not None
    place = state.finished.index(2) if 2 in state.finished else None
    # bga: a point per player beaten; the episode ends as soon as the learner's place is settled.
    if place is not None:
        assert sum(rewards) == 3 - place
    assert all(reward == 0 for reward in rewards[:-1])


def test_a_learning_seat_drawn_from_the_seed() -> None:
    seats = set()
    for seed in range(12):
        env = el_presidente_env(players=3, seat=None, opponents="random")
        _observation, info = env.reset(seed=seed)
        seats.add(info["seat"])
        again = el_presidente_env(players=3, seat=None, opponents="random")
        assert again.reset(seed=seed)[1]["seat"] == info["seat"]
    assert seats == {0, 1, 2}


def test_an_illegal_action_ends_the_episode_with_a_penalty_or_is_refused() -> None:
    env = president_env(preset="bga", opponents="random")
    env.reset(seed=2)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _observation, reward, terminated, _truncated, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(IllegalActionError):
        env.step(0)
    strict = president_env(preset="bga", opponents="random", illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="one per other seat"):
        president_env(players=4, opponents=["random"])
    with pytest.raises(ValueError, match="Unknown president bot"):
        president_env(opponents="clever")
    with pytest.raises(ValueError, match="seat must be"):
        president_env(players=4, seat=4)


def trajectory(env: SingleAgentEnv, seed: int) -> list[tuple[object, ...]]:
    """Every observation, mask, reward and ending of one episode of a random masked learner."""
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen: list[tuple[object, ...]] = [(observation.tobytes(), info["action_mask"].tobytes())]
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        observation, reward, terminated, truncated, info = env.step(action)
        seen.append((observation.tobytes(), info["action_mask"].tobytes(), reward, terminated, truncated))
        done = terminated or truncated
    return seen


@pytest.mark.parametrize(
    ("preset", "opponents", "players", "options"),
    [
        ("bga", "heuristic", 4, {}),
        ("victorz", "random", 4, {}),
        ("bga", "heuristic", 6, {}),  # the kernel plays 3 to 8 players and several decks as well
        ("college", "heuristic", 5, {"decks": 2}),
    ],
)
def test_bots_play_on_the_compiled_table_exactly_as_on_the_reference_engine(
    preset: str, opponents: str, players: int, options: dict[str, int]
) -> None:
    kwargs = {"preset": preset, "opponents": opponents, "players": players, "options": {**options, "rounds": 2}}
    for seed in (3, 4):
        compiled = president_env(**kwargs, engine="compiled")  # type: ignore[arg-type]
        reference = president_env(**kwargs, engine="reference")  # type: ignore[arg-type]
        assert trajectory(compiled, seed) == trajectory(reference, seed)
        assert compiled.table._fast  # the bots' moves (their own suits) kept the match on the compiled table


def test_the_vector_env_batches_single_agent_envs_with_their_masks() -> None:
    from presidente.envs.single_agent import vector_env

    envs = vector_env(3, preset="bga", opponents="random", options={"rounds": 1})
    observations, info = envs.reset(seed=5)
    assert observations.shape == (3, envs.single_observation_space.shape[0])  # type: ignore[index]
    single = president_env(preset="bga", opponents="random", options={"rounds": 1})
    assert np.array_equal(observations[1], single.reset(seed=6)[0])  # sub-env i is seeded s + i
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(60):
        masks = envs.action_masks()
        assert np.array_equal(masks, info["action_mask"].astype(bool))
        actions = [int(rng.choice(np.flatnonzero(row))) if row.any() else 0 for row in masks]
        observations, _rewards, terminated, _truncated, info = envs.step(actions)
        ended += int(terminated.sum())
    assert ended > 0
    with pytest.raises(ValueError, match="game must be"):
        vector_env(2, game="chess")


def test_gymnasium_make_vec_runs_the_registered_env_in_worker_processes() -> None:
    # Gymnasium's own batching of the registered environment: each sub-env in its own process ("async"), sub-env
    # i seeded s + i, the masks in the batch's infos; here on uecda (the suit-aware encodings) with bots.
    kwargs = {"preset": "uecda", "players": 5, "opponents": "random", "options": {"rounds": 1}}
    envs = gymnasium.make_vec("presidente/President-v0", num_envs=2, vectorization_mode="async", **kwargs)
    try:
        observations, infos = envs.reset(seed=7)
        for row in range(2):
            single_observation, single_info = president_env(**kwargs).reset(seed=7 + row)  # type: ignore[arg-type]
            assert np.array_equal(observations[row], single_observation)
            assert np.array_equal(infos["action_mask"][row], single_info["action_mask"])
        for _ in range(20):
            masks = infos["action_mask"].astype(bool)
            actions = np.array([int(np.flatnonzero(row)[-1]) if row.any() else 0 for row in masks])
            observations, _rewards, _terminated, _truncated, infos = envs.step(actions)
            assert observations.shape == (2, envs.single_observation_space.shape[0])  # type: ignore[index]
    finally:
        envs.close()
