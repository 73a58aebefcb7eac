"""`el_presidente_v0` on the compiled table (`elpresidente_kernel`) plays exactly as on the reference engine: step by
step, every observation, mask, reward and termination; engine actions, positions set by hand, and a
pick-up queue the kernel cannot hold (left to the reference engine)."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from presidente.cards import parse_card
from presidente.elpresidente import Attack, Rules, State, parse_action
from presidente.envs import el_presidente_v0, elpresidente_table
from presidente.envs.elpresidente_check import compare_envs, play_side_by_side
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


def test_engine_actions_and_a_state_set_by_hand_play_on_as_on_the_reference() -> None:
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
    # A state set by hand: the compiled table takes its position and plays on as the reference engine.
    fast.state = State.from_position(state.to_position())
    assert fast.compiled is not None and fast._fast
    for _ in range(30):
        observation = slow.observe(slow.agent_selection)
        assert np.array_equal(fast.observe(fast.agent_selection)["observation"], observation["observation"])
        index = int(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        fast.step(index)
        slow.step(index)
    assert fast.state == slow.state and fast.known == slow.known


def _cards(*hands: str) -> list[list[int]]:
    return [[parse_card(word) for word in hand.split()] for hand in hands]


EVERY_CARD_BUT_2C = sorted(set(range(52)) - {parse_card("2C")})


@pytest.mark.parametrize(
    ("table", "teams", "deck", "script"),
    [
        # Seed 000's third winning example: the attacker's partner throws in a jack, the attacker the last two.
        (
            _cards("5H 5S JC JD", "JS 2C 3C 4C", "JH 2D 3D 4D", "6C 7C 8C 9C"),
            "2v2",
            None,
            ["attack 5H 5S", "pass", "pass", "pass", "beat JS", "pass", "throw JH", "pass", "throw JC JD"],
        ),
        # Blocked: the defender takes the last card anyone else holds, and no card is left to draw.
        ([*_cards("2C"), EVERY_CARD_BUT_2C], None, [], ["attack 2C", "concede"]),
    ],
)
def test_positions_set_by_hand_end_as_on_the_reference(
    table: list[list[int]], teams: str | None, deck: list[int] | None, script: list[str]
) -> None:
    rules = Rules(players=len(table), teams=teams)
    envs = [el_presidente_v0.raw_env(players=len(table), teams=teams, engine=e) for e in ("compiled", "reference")]
    for env in envs:
        env.reset(seed=0)
        env.state = State.at_battle_start(rules, table, 0, deck=deck)
        env._select()
    fast, slow = envs
    assert fast._fast
    for step, text in enumerate(script):
        compare_envs(fast, slow, 0, step)
        index = fast.codec.encode(parse_action(text))
        for env in envs:
            env.step(index)
    compare_envs(fast, slow, 0, len(script))
    assert fast.terminations == dict.fromkeys(fast.possible_agents, True) and fast.state == slow.state


def test_a_pick_up_queue_out_of_the_rules_order_plays_on_the_reference_engine() -> None:
    state = State(Rules(players=3), seed=2)
    rng = random.Random(2)
    while state.phase.value != "pick-up":
        state.apply(rng.choice(state.legal_actions()))
    queue = tuple(reversed(state.pickup_queue))
    shuffled = State.from_position(replace(state.to_position(), pickup_queue=queue, current_player=queue[0]))
    envs = [el_presidente_v0.raw_env(players=3, engine=e) for e in ("compiled", "reference")]
    for env in envs:
        env.reset(seed=2)
        env.state = State.from_position(shuffled.to_position())
        env._select()
    fast, slow = envs
    assert not fast._fast  # the kernel keeps a queue as its place in the rules' order
    for step in range(20):
        compare_envs(fast, slow, 2, step)
        index = int(rng.choice(np.flatnonzero(fast.observe(fast.agent_selection)["action_mask"]).tolist()))
        for env in envs:
            env.step(index)


def test_without_numba_auto_plays_on_the_reference_engine_and_compiled_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(elpresidente_table, "AVAILABLE", False)
    env = el_presidente_v0.raw_env(players=3)
    env.reset(seed=1)
    assert env.compiled is None and not env._fast and env.state == State(Rules(players=3), 1)
    with pytest.raises(ImportError, match="numba"):
        el_presidente_v0.raw_env(engine="compiled")
    with pytest.raises(ValueError, match="engine"):
        el_presidente_v0.raw_env(engine="fast")
