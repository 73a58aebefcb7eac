"""`el_presidente_v0` on the compiled table (`elpresidente_kernel`) plays exactly as on the reference engine: step by
step, every observation, mask, reward and termination; engine actions and a handed-over state too."""

from __future__ import annotations

import random

import numpy as np
import pytest

from presidente.elpresidente import Attack, Rules, State
from presidente.envs import el_presidente_v0
from presidente.envs.elpresidente_check import play_side_by_side
from presidente.errors import IllegalActionError


@pytest.mark.parametrize(
    ("rules", "seed", "max_cycles", "covers"),
    [
        # The deck runs out in battle 57 (the discard pile is shuffled into it); a drawn game, then a deal from
        # random seats.
        (Rules(players=2, games=2, battle_limit=58), 15, None, "won 0, battle limit 2"),
        # A won game (the next is dealt by the seat to the winner's right), then one drawn; 8 seats in two teams.
        (Rules(players=8, teams="4v4", games=2, battle_limit=16), 84, None, "won 1, battle limit 1"),
        (Rules(players=3), 1, 40, "won 0, battle limit 0"),
    ],
)
def test_both_engines_agree_step_by_step(rules: Rules, seed: int, max_cycles: int | None, covers: str) -> None:
    coverage = play_side_by_side([seed], rules, choice_seed=seed, state_every=9, max_cycles=max_cycles)
    assert f"won {coverage.won}, battle limit {coverage.battle_limit}" == covers
    assert coverage.steps > (39 if max_cycles else 300)


def test_engine_actions_and_a_handed_over_state_play_on_as_the_reference() -> None:
    fast, slow = (
        el_presidente_v0.raw_env(players=4, teams="2v2", engine=engine) for engine in ("compiled", "reference")
    )
    fast.reset(seed=3)
    slow.reset(seed=3)
    rng = random.Random(3)
    assert fast.state is not None and fast.state.current_player is not None
    hand = fast.state.hands[fast.state.current_player]
    with pytest.raises(IllegalActionError):
        # Cards of two ranks: the index of its shape stands for another attack, which the mask allows.
        fast.step_action(Attack((min(hand), max(hand))))
    for _ in range(30):
        assert fast.state is not None and slow.state is not None
        action = rng.choice(slow.state.legal_actions())
        fast.step_action(action)
        slow.step_action(action)
    assert fast.state == slow.state and fast.known == slow.known
    state = fast.state
    assert state is not None
    # From a state set by hand on, the reference engine plays the match: still the same as the other.
    fast.state = State.from_position(state.to_position())
    for _ in range(30):
        observation = slow.observe(slow.agent_selection)
        assert np.array_equal(fast.observe(fast.agent_selection)["observation"], observation["observation"])
        index = int(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        fast.step(index)
        slow.step(index)
    assert fast.state == slow.state and fast.known == slow.known


def test_compiled_refuses_without_an_engine_name_it_knows() -> None:
    with pytest.raises(ValueError, match="engine"):
        el_presidente_v0.raw_env(engine="fast")
