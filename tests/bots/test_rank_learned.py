"""The learned policy compiled on the rank-count board (`rank_learned`): the Python encoder's rows, the network's
move, and `strong`'s playouts by it (`rollout=learned`)."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest

from presidente.bots import rank_playout

pytestmark = pytest.mark.skipif(not rank_playout.AVAILABLE, reason="numba (the envs extra) is not installed")


@pytest.fixture(autouse=True, scope="module")
def _kernels_loaded(search_kernel_compiled_once: None) -> None:
    from presidente.bots import rank_learned

    assert rank_playout.ready(wait=True) and rank_learned.ready(wait=True)


def test_the_kernel_hashes_follow_the_kernels_it_inlines() -> None:
    """numba caches the module's code by its own text: it names the rules kernel's, the policy's and the network's
    hashes."""
    from presidente.bots import learned_network, rank_kernel, rank_learned
    from presidente.envs import table_kernel

    inlined = ((table_kernel, "KERNEL_SHA256"), (rank_kernel, "POLICY_SHA256"), (learned_network, "NETWORK_SHA256"))
    for module, constant in inlined:
        text = Path(module.__file__ or "").read_bytes()
        assert hashlib.sha256(text).hexdigest() == getattr(rank_learned, constant), f"update rank_learned.{constant}"


def test_the_compiled_rows_and_move_are_the_learned_encoders() -> None:
    from presidente.bots import rank_learned_check

    checked = rank_learned_check.compare(seed=1, positions=8)
    assert checked.positions == 8 and checked.rows > 16
    assert checked.differences == []
    assert checked.same_as_bot >= 6  # the heuristic bot's advice and the kernel policy's agree on most moves


@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [
        ("victorz", 5, 1),  # wild jokers, the full rows' fourth other seat, a 2 played one fewer on the top
        ("victorz", 3, 2),  # jokers alone declared as a rank
        ("trump-jokers", 4, 1),  # trump jokers
        ("college", 6, 1),  # no jokers, six seats
        ("bga", 3, 4),  # a group of five (four and the joker): its cards beyond 4, a full-row feature
    ],
)
def test_the_full_rows_and_the_joker_modes_are_the_learned_encoders(preset: str, players: int, seed: int) -> None:
    from presidente.bots import rank_learned_check

    checked = rank_learned_check.compare(seed=seed, positions=6, preset=preset, players=players)
    assert checked.positions == 6 and checked.rows > 12
    assert checked.differences == []


def test_only_the_tables_a_shipped_file_was_trained_for() -> None:
    from presidente.bots.playout import Table
    from presidente.bots.rank_learned import LearnedPlayouts
    from presidente.president import new_game
    from presidente.president.rules import find_preset
    from presidente.president.state import Phase

    two_decks = find_preset("college").replace(decks=2)
    cases = (
        (find_preset("bga"), 4, True),
        (find_preset("bga"), 5, True),
        (find_preset("victorz"), 4, True),
        (find_preset("trump-jokers"), 6, True),
        (find_preset("bga").replace(penalize_final_joker=False), 4, False),  # rules no file was trained on
        (two_decks, 8, False),  # the college files were trained on one deck
    )
    for rules, players, expected in cases:
        state = new_game(rules, players, 1)
        while state.phase is not Phase.PLAY:
            state.apply(state.legal_actions()[0])
        table = Table.from_state(state)
        assert table.current is not None
        found = LearnedPlayouts.start_learned(table, table.current, table.legal_moves(), 0)
        assert (found is not None) is expected, (rules.name, rules.decks, players)


@pytest.mark.parametrize("depth", [0, 3])
def test_strong_plays_a_round_with_learned_playouts(depth: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from presidente.bots.president_heuristic import HeuristicBot
    from presidente.bots.rank_learned import LearnedPlayouts
    from presidente.bots.registry import make_bot
    from presidente.bots.strong import StrongBot
    from presidente.president import new_game
    from presidente.president.rules import find_preset

    calls = []
    play = LearnedPlayouts.play
    monkeypatch.setattr(LearnedPlayouts, "play", lambda self, *args: calls.append(self.depth) or play(self, *args))
    rules = find_preset("bga")
    bot = make_bot(f"strong:iterations=40,time=0,rollout=learned,depth={depth}", rules=rules)
    assert isinstance(bot, StrongBot) and bot.rollout == "learned"
    heuristic, rng = HeuristicBot(rules), random.Random(depth)
    state = new_game(rules, 4, 2)
    while not state.results:
        seat = state.current_player
        assert seat is not None
        observation, legal = state.observation(seat), state.offered_actions()
        chooser = bot if seat == 0 else heuristic
        action = chooser.choose(observation, legal, rng).action
        assert action in legal
        state.apply(action, seat)
    assert calls and set(calls) == {depth}
    with pytest.raises(ValueError, match="rollout"):
        StrongBot(rollout="random")
