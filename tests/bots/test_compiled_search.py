"""The ismcts searches' compiled parts (`compiled_search`, `search_kernel`): CPython's own draws, the dealer's deals
and the evidence chain's, and the same roots and generator state as the Python walk and chain on the same kernel."""

from __future__ import annotations

import hashlib
import math
import random
from pathlib import Path

import pytest
from bot_helpers import play_positions

from presidente.bots import compiled_search, ismcts, rank_playout
from presidente.bots.determinize import Dealer, Evidence, knowledge_of, public_state
from presidente.bots.ismcts import IsmctsBot
from presidente.president import find_preset
from presidente.president.observation import Observation

pytestmark = [
    pytest.mark.skipif(not rank_playout.AVAILABLE, reason="numba (the envs extra) is not installed"),
    pytest.mark.skipif(not ismcts.__file__.endswith(".py"), reason="the mypyc build: no numba cache in its copy"),
]


@pytest.fixture(autouse=True, scope="module")
def _kernel_loaded(search_kernel_compiled_once: None) -> None:
    assert compiled_search.ready(wait=True)


def test_the_kernel_hashes_follow_the_rules_kernel_the_policy_and_the_twister() -> None:
    """numba caches the module's code by its own text: it names the hashes of the code it compiles in."""
    from presidente.bots import rank_kernel, search_kernel
    from presidente.envs import fast_deal, table_kernel

    borrowed = (
        (table_kernel, search_kernel.KERNEL_SHA256),
        (rank_kernel, search_kernel.POLICY_SHA256),
        (fast_deal, search_kernel.TWISTER_SHA256),
    )
    for module, expected in borrowed:
        assert hashlib.sha256(Path(module.__file__).read_bytes()).hexdigest() == expected, module.__name__


def test_the_draws_and_the_deal_are_cpythons() -> None:
    import numpy as np

    from presidente.bots import search_kernel

    rng, mine = random.Random(7), random.Random(7)
    mt = np.array(mine.getstate()[1], dtype=np.int64)
    # More than 624 words: the twister's state is renewed on the way.
    assert [search_kernel.randbelow(mt, n) for n in range(1, 700)] == [rng.randrange(n) for n in range(1, 700)]
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    state = next(play_positions(rules, 4, seed=3, every=9))
    seat = state.current_player
    assert seat is not None
    observation = state.observation(seat)
    dealer = Dealer(public_state(observation, rules), knowledge_of(observation, rules))
    plain = dealer.plain_deal()
    assert plain is not None
    cards, wanted = plain
    hands = np.zeros((4, 14), dtype=np.int64)
    for _ in range(3):
        unseen = np.array(cards, dtype=np.int64)
        base = np.array(dealer.base, dtype=np.int64)
        search_kernel.deal(mt, base, unseen, np.array(dealer.others), np.array(wanted), hands)
        assert hands.tolist() == dealer.deal(rng)
    mine.setstate((3, tuple(mt.tolist()), None))
    assert mine.random() == rng.random()


@pytest.mark.parametrize("infer", [False, True])
def test_the_same_roots_and_draws_as_the_walk_in_python(infer: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The dealer's deals (`infer=False`) or the evidence chain's: the same tree search as walked in Python."""
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    observations = _evidence_positions(3)
    start = compiled_search.CompiledTree.start
    found, compiled = [], []
    for whole in (True, False):
        if whole:  # counted: the searches the kernel took
            spy = lambda *args: compiled.append(start(*args)) or compiled[-1]  # noqa: E731
            monkeypatch.setattr(compiled_search.CompiledTree, "start", spy)
        else:  # the tree walked in Python, its legal moves and moves asked of the kernel level by level
            monkeypatch.setattr(compiled_search.CompiledTree, "start", lambda *_: None)
        bot, rng = IsmctsBot(time=0, iterations=60, rules=rules, tree=True), random.Random(5)
        roots = []
        for observation in observations:
            template = public_state(observation, rules)
            evidence = Evidence(observation, template) if infer else None
            root = bot.search(template, knowledge_of(observation, rules), rng, evidence)
            children = [(str(key), c.mover, c.visits, c.avails, c.reward) for key, c in root.children.items()]
            roots.append((children, bot.last_iterations))
        found.append((roots, rng.random()))
    assert found[0] == found[1] and len(compiled) == 3 and None not in compiled
    assert all(iterations == 60 and len(children) > 1 for children, iterations in found[0][0])


def test_a_time_budget_stops_the_compiled_search() -> None:
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    state = next(play_positions(rules, 4, seed=41, every=7))
    seat = state.current_player
    assert seat is not None
    observation = state.observation(seat)
    bot = IsmctsBot(time=0.02, rules=rules, tree=True)
    root = bot.search(public_state(observation, rules), knowledge_of(observation, rules), random.Random(1))
    assert bot.last_iterations % compiled_search.BATCH == 0 and bot.last_iterations > 0
    assert sum(child.visits for child in root.children.values()) == bot.last_iterations
    assert not math.isnan(sum(child.reward for child in root.children.values()))


def _evidence_positions(count: int) -> list[Observation]:
    """Positions of 4-player `bga` rounds with the other seats' moves to weigh."""
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    found = []
    for state in play_positions(rules, 4, seed=41, every=5):
        seat = state.current_player
        assert seat is not None
        observation = state.observation(seat)
        if len(state.legal_actions()) > 1 and Evidence(observation, public_state(observation, rules)).decisions:
            found.append(observation)
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("memo", [2, compiled_search.CompiledChain.MEMO])
def test_the_default_search_finds_the_same_with_its_deals_in_the_kernel(
    memo: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The evidence chain's deals, the deals met again and the sums: as the Python loop makes them (from a memo of two
    slots, the deals met before are kept through its growths too; the chain's memo of the misses met, two slots a
    seat, soon full, its hands counted afresh)."""
    monkeypatch.setattr(compiled_search.CompiledChain, "MEMO", memo)
    if memo == 2:
        misses_memo = compiled_search._misses_memo
        monkeypatch.setattr(compiled_search, "_misses_memo", lambda seats, size=2: misses_memo(seats, 2))
    rules = find_preset("bga").replace(rounds=1, target_score=0)
    observations = _evidence_positions(3)
    found = []
    for kernel in (True, False):
        if not kernel:
            monkeypatch.setattr(compiled_search.CompiledChain, "start", classmethod(lambda *_: None))
        bot, rng = IsmctsBot(time=0, iterations=300, rules=rules), random.Random(5)
        roots = []
        for observation in observations:
            template = public_state(observation, rules)
            evidence = Evidence(observation, template)
            root = bot.search(template, knowledge_of(observation, rules), rng, evidence)
            children = [(str(key), c.visits, c.reward, c.places, c.firsts) for key, c in root.children.items()]
            roots.append((children, bot.last_iterations, bot.last_playouts))
        found.append((roots, rng.random()))
    assert found[0] == found[1]
    assert any(playouts < iterations for _, iterations, playouts in found[0][0])  # deals met again, looked up
