"""The learned policy compiled on the suit kernel's board (`suited_learned`): the Python encoder's suited rows, the
network's move, and `strong`'s suit-table playouts by it (`rollout=learned`)."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest

from presidente.bots import suited_playout

pytestmark = pytest.mark.skipif(not suited_playout.AVAILABLE, reason="numba (the envs extra) is not installed")


@pytest.fixture(autouse=True, scope="module")
def _kernels_loaded(search_kernel_compiled_once: None) -> None:
    from presidente.bots import suited_learned

    assert suited_playout.ready(wait=True) and suited_learned.ready(wait=True)


def test_the_kernel_hashes_follow_the_kernels_it_inlines() -> None:
    """numba caches the module's code by its own text: it names the suit kernel's and the network's hashes."""
    from presidente.bots import learned_network, suited_kernel, suited_learned

    for module, constant in ((suited_kernel, "KERNEL_SHA256"), (learned_network, "NETWORK_SHA256")):
        text = Path(module.__file__ or "").read_bytes()
        wanted = getattr(suited_learned, constant)
        assert hashlib.sha256(text).hexdigest() == wanted, f"update suited_learned.{constant}"


def test_the_compiled_rows_and_move_are_the_learned_encoders() -> None:
    from presidente.bots import suited_learned_check

    checked = suited_learned_check.compare(seed=2, positions=10)
    assert checked.positions == 10 and checked.rows > 30
    assert checked.differences == []
    assert checked.same_as_bot[0] >= 7  # the heuristic bot's advice and the kernel's WEAKEST agree on most moves


def test_only_the_tables_a_suited_file_was_trained_for() -> None:
    from presidente.bots.suited_learned import SuitedLearnedPlayouts
    from presidente.president import new_game
    from presidente.president.rules import find_preset
    from presidente.president.state import Phase

    cases = (
        (find_preset("uecda"), 5, True),
        (find_preset("daifugo"), 4, True),  # its files read the full rows: the suited rows' leading columns
        (find_preset("daifugo"), 3, True),
        (find_preset("uecda").replace(suit_lock=False), 5, False),  # rules no file was trained on
        (find_preset("daifugo").replace(eight_cut=False), 4, False),
    )
    for rules, players, expected in cases:
        state = new_game(rules, players, 1)
        while state.phase is not Phase.PLAY:
            state.apply(state.legal_actions()[0])
        assert state.current is not None
        moves = state.legal_actions()
        found = SuitedLearnedPlayouts.start_learned(state, state.current, moves, 5, 400, 1, 4, None, 0)
        assert (found is not None) is expected, (rules.name, players)


@pytest.mark.parametrize("rollout", [None, "learned-all"])
def test_strong_plays_a_uecda_round_with_learned_playouts(rollout: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    from presidente.bots.registry import make_bot
    from presidente.bots.strong import StrongBot
    from presidente.bots.suited_learned import SuitedLearnedPlayouts
    from presidente.president import new_game
    from presidente.president.rules import find_preset

    calls: list[int] = []
    play = SuitedLearnedPlayouts.play
    monkeypatch.setattr(
        SuitedLearnedPlayouts, "play", lambda self, *args: calls.append(self.every_seat) or play(self, *args)
    )
    rules = find_preset("uecda")
    options = "" if rollout is None else f",rollout={rollout}"  # None: the default on suit tables, learned
    bot = make_bot(f"strong:iterations=40,time=0{options}", rules=rules)
    assert isinstance(bot, StrongBot) and bot.rollout == rollout
    others, rng = make_bot("heuristic", rules=rules), random.Random(3)
    state = new_game(rules, 5, 3)
    while state.round_number < 2 and state.current_player is not None:
        seat = state.current_player
        observation, legal = state.observation(seat), state.offered_actions()
        action = (bot if seat == 0 else others).choose(observation, legal, rng).action
        assert action in legal
        state.apply(action, seat)
    assert calls and set(calls) == {int(rollout == "learned-all")}
    with pytest.raises(ValueError, match="rollout"):
        StrongBot(rollout="random")


def test_the_compiled_move_on_daifugo_is_its_full_files_network() -> None:
    from presidente.bots import suited_learned, suited_learned_check
    from presidente.president.rules import find_preset

    assert suited_learned.trained_layout(find_preset("daifugo"), 4) == "full"
    assert suited_learned.trained_layout(find_preset("uecda"), 5) == "suited"
    checked = suited_learned_check.compare(seed=1, positions=4, preset="daifugo", players=4)
    assert checked.positions == 4 and checked.differences == []


@pytest.mark.parametrize(("rollout", "learned"), [(None, True), ("learned", True), ("heuristic", False)])
def test_strong_on_daifugo_plays_the_learned_playouts(
    rollout: str | None, learned: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """daifugo's files read the full rows: the learned playouts play them, by default too
    (`strong.SUITED_DEFAULT_LAYOUTS`), unless `rollout=heuristic`."""
    from presidente.bots.strong import StrongBot
    from presidente.bots.suited_learned import SuitedLearnedPlayouts
    from presidente.president import new_game
    from presidente.president.rules import find_preset
    from presidente.president.state import Phase

    calls: list[int] = []
    play = SuitedLearnedPlayouts.play
    monkeypatch.setattr(SuitedLearnedPlayouts, "play", lambda self, *args: calls.append(1) or play(self, *args))
    rules = find_preset("daifugo")
    state = new_game(rules, 4, 2)
    while state.phase is not Phase.PLAY:
        state.apply(state.offered_actions()[0])
    seat = state.current_player
    assert seat is not None
    bot = StrongBot(iterations=40, time=0, rules=rules, rollout=rollout)
    bot.choose(state.observation(seat), state.offered_actions(), random.Random(1))
    assert bot.last_playouts > 0 and bool(calls) is learned


def test_strong_plays_the_heuristic_styles_with_rollout_heuristic(monkeypatch: pytest.MonkeyPatch) -> None:
    from presidente.bots.strong import StrongBot
    from presidente.bots.suited_learned import SuitedLearnedPlayouts
    from presidente.president import new_game
    from presidente.president.rules import find_preset

    def refuse(*_: object) -> None:
        raise AssertionError("the learned playouts played with rollout=heuristic")

    monkeypatch.setattr(SuitedLearnedPlayouts, "play", refuse)
    rules = find_preset("uecda")
    state = new_game(rules, 5, 1)
    seat = state.current_player
    assert seat is not None
    bot = StrongBot(iterations=40, time=0, rules=rules, rollout="heuristic")
    bot.choose(state.observation(seat), state.offered_actions(), random.Random(1))
    assert bot.last_playouts > 0
