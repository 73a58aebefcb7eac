"""The rank-count search's compiled playouts (`rank_kernel`, `rank_playout`) against `playout.Table`: the same places,
the same policy moves, the same evidence-weighed deals, and `strong`'s same choices on both paths."""

from __future__ import annotations

import hashlib
import random
import subprocess
import sys
from pathlib import Path

import pytest

from presidente.bots import rank_check, rank_playout
from presidente.bots.determinize import Dealer, Evidence, Sampler, knowledge_of, public_state
from presidente.bots.playout import Table
from presidente.bots.president_heuristic import HeuristicBot
from presidente.bots.strong import StrongBot
from presidente.president import new_game
from presidente.president.actions import Action
from presidente.president.observation import Observation
from presidente.president.rules import find_preset
from presidente.president.state import Phase

pytestmark = pytest.mark.skipif(not rank_playout.AVAILABLE, reason="numba (the envs extra) is not installed")
COVERED = ("bga", "victorz", "trump-jokers", "college")


@pytest.fixture(autouse=True, scope="module")
def _kernel_loaded(search_kernel_compiled_once: None) -> None:
    """Loaded before the tests compare the paths (until then a search plays on `Table`), after the run's one
    compilation of it (tests/warm_kernels.py)."""
    assert rank_playout.ready(wait=True)


def test_the_kernel_hash_follows_the_rules_kernel() -> None:
    """numba caches this module's code by its own text: it names the rules kernel's hash, so that it changes with it."""
    from presidente.bots import rank_kernel
    from presidente.envs import table_kernel

    text = Path(table_kernel.__file__).read_bytes()
    assert hashlib.sha256(text).hexdigest() == rank_kernel.KERNEL_SHA256, "update rank_kernel.KERNEL_SHA256"


@pytest.mark.parametrize(("preset", "players"), [(preset, 4) for preset in COVERED] + [("bga", 5), ("college", 3)])
def test_places_and_policy_moves_match_the_table(preset: str, players: int) -> None:
    checked = rank_check.compare(find_preset(preset), players, seed=players, every=3, limit=300, steps=60)
    assert checked.positions > 20 and checked.places > checked.positions
    assert checked.differences == []


def test_uncovered_tables_and_positions_stay_on_the_table() -> None:
    assert not rank_playout.covers(find_preset("bga").replace(pass_mode="single"), 4)
    assert not rank_playout.covers(find_preset("bga"), 2)
    state = new_game(find_preset("bga"), 4, 1)
    while state.phase is not Phase.PLAY:
        state.apply(state.legal_actions()[0])
    table = Table.from_state(state)
    assert rank_playout.covers_table(table)
    table.obligation = "or-skip"
    assert not rank_playout.covers_table(table)


def _positions(preset: str, count: int) -> list[tuple[Observation, list[Action]]]:
    """Play decisions with a choice, along heuristic rounds, late enough for the other seats' moves to weigh."""
    rules = find_preset(preset)
    found: list[tuple[Observation, list[Action]]] = []
    seed = 0
    while len(found) < count:
        state, bot, rng = new_game(rules, 4, seed), HeuristicBot(rules), random.Random(seed)
        for step in range(200):
            if state.is_over or len(state.results) > 0 or len(found) == count:
                break
            seat = state.current_player
            assert seat is not None
            observation, legal = state.observation(seat), state.offered_actions()
            if state.phase is Phase.PLAY and step > 12 and step % 5 == 0 and len(legal) > 1:
                found.append((observation, legal))
            state.apply(bot.choose(observation, legal, rng).action, seat)
        seed += 1
    return found


def test_the_compiled_sampler_deals_what_the_sampler_deals() -> None:
    rules = find_preset("victorz")
    compared = 0
    for observation, _ in _positions("victorz", 4):
        template = public_state(observation, rules)
        evidence = Evidence(observation, template)
        if not evidence.decisions:
            continue
        dealer = Dealer(template, knowledge_of(observation, rules))
        plain = Sampler(dealer, evidence, random.Random(5))
        compiled = rank_playout.sampler(dealer, evidence, random.Random(5), Table.from_state(template))
        assert isinstance(compiled, rank_playout.CompiledSampler)
        rng_plain, rng_compiled = random.Random(6), random.Random(6)
        for _ in range(15):
            assert compiled.deal(rng_compiled) == plain.deal(rng_plain)
        assert compiled.misses == plain.misses
        compared += 1
    assert compared >= 2


def test_looking_ahead_places_alike_on_both_paths_and_never_worse() -> None:
    """This seat's playouts looking a move ahead (`strong`'s `look`): the kernel's places are `Table`'s, and on the
    same deal never worse than the policy's own playout (each look keeps the policy's move unless another betters
    the place that move's playout reaches)."""
    rules = find_preset("bga")
    compared = bettered = 0
    for index, (observation, _) in enumerate(_positions("bga", 6)):
        seat = observation.seat
        assert seat is not None
        template = public_state(observation, rules)
        public = Table.from_state(template)
        moves = public.legal_moves()
        plain = rank_playout.RankPlayouts(public, seat, moves)
        rng = random.Random(index)
        dealer = Dealer(template, knowledge_of(observation, rules))
        for look in (4, 13):
            looking = rank_playout.RankPlayouts(public, seat, moves, look)
            for _ in range(3):
                hands = dealer.deal(rng)
                ahead, policy = looking.play(hands), plain.play(hands)
                on_table = []
                for move in moves:
                    table = public.copy([hand[:] for hand in hands])
                    table.play(move)
                    on_table.append(rank_playout.looking_place(table, seat, look, rng))
                assert ahead == on_table
                assert all(mine <= theirs for mine, theirs in zip(ahead, policy, strict=True))
                compared += len(moves)
                bettered += sum(mine < theirs for mine, theirs in zip(ahead, policy, strict=True))
    assert compared > 50 and bettered > 0


@pytest.mark.parametrize("preset", ["bga", "college"])
def test_strong_chooses_alike_on_both_paths(preset: str) -> None:
    rules = find_preset(preset)
    for index, (observation, legal) in enumerate(_positions(preset, 5)):
        found = []
        for compiled in (True, False):
            # The heuristic's playouts, which both paths play (the learned ones are the kernel's alone).
            bot = StrongBot(time=0, iterations=150, rules=rules, compiled=compiled, rollout="heuristic")
            choice = bot.choose(observation, legal, random.Random(index))
            found.append((choice.action, choice.reason, bot.last_deals, bot.last_playouts, bot.last_solved))
        assert found[0] == found[1]


def test_strong_plays_rank_count_tables_where_numba_is_not_installed() -> None:
    program = """
import random, sys
sys.modules["numba"] = None  # importing it fails, as without the envs extra
from presidente.bots import rank_playout
from presidente.bots.president_heuristic import HeuristicBot
from presidente.bots.strong import StrongBot
from presidente.president import new_game
from presidente.president.rules import find_preset
from presidente.president.state import Phase
rules = find_preset("bga")
state, heuristic, rng = new_game(rules, 4, 3), HeuristicBot(rules), random.Random(1)
while state.phase is not Phase.PLAY or len(state.offered_actions()) < 2 or len(state.observation(0).events) < 12:
    seat = state.current_player
    state.apply(heuristic.choose(state.observation(seat), state.offered_actions(), rng).action, seat)
seat = state.current_player
bot = StrongBot(time=0, iterations=40, rules=rules)
choice = bot.choose(state.observation(seat), state.offered_actions(), random.Random(1))
print(rank_playout.AVAILABLE, rank_playout.ready(), choice.action in state.offered_actions(), bot.last_deals > 0)
"""
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["False", "False", "True", "True"]


def test_strong_takes_the_first_places_bonus_as_an_option() -> None:
    from presidente.bots import strong
    from presidente.bots.registry import make_bot

    linear = make_bot("strong:bonus=0")
    assert isinstance(linear, StrongBot) and linear.bonus == 0
    assert [strong._reward(place, 4, 0) for place in (0, 1, 1.5, 3)] == pytest.approx([1.0, 2 / 3, 0.5, 0.0])
    assert strong._reward(0, 4) - strong._reward(1, 4) > strong._reward(1, 4) - strong._reward(2, 4)  # the bonus
    with pytest.raises(ValueError, match="bonus"):
        StrongBot(bonus=-1)
