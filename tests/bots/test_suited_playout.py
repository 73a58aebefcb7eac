"""The card search's compiled playouts (`suited_kernel`) checked against the engine move by move, the search on both
paths, and the search without numba."""

from __future__ import annotations

import hashlib
import random
import subprocess
import sys
from pathlib import Path

import numpy
import pytest

from presidente.bots import suited_playout
from presidente.bots.card_search import CardSearchBot
from presidente.bots.president_heuristic import HeuristicBot
from presidente.cards import JOKER
from presidente.president import new_game
from presidente.president.actions import PRESIDENT_RANK, Action
from presidente.president.observation import Observation
from presidente.president.rules import Rules, find_preset
from presidente.president.state import Phase

needs_numba = pytest.mark.skipif(not suited_playout.AVAILABLE, reason="numba (the envs extra) is not installed")


@pytest.fixture(autouse=True, scope="module")
def _kernel_loaded(search_kernel_compiled_once: None) -> None:
    """Loaded before the tests that compare the two paths (until then the search plays on the engine:
    `suited_playout.ready`), after the run's one compilation of it (tests/warm_kernels.py), not at collection."""
    suited_playout.ready(wait=True)


def test_the_deals_module_names_the_kernel_it_compiles_in() -> None:
    """numba caches `suited_deals`' code by its own text: it names the hash of the kernel it compiles in."""
    from presidente.bots import suited_deals, suited_kernel

    text = Path(suited_kernel.__file__).read_bytes()
    assert hashlib.sha256(text).hexdigest() == suited_deals.KERNEL_SHA256, "update suited_deals.KERNEL_SHA256"


# Daifugo-family option sets beyond the presets: every option the kernel reads switched somewhere.
DAIFUGO_MORE = find_preset("daifugo").replace(
    number_lock=True,
    five_skip=True,
    nine_reverse=True,
    jokers_per_deck=2,
    joker_suits=True,
    sequence_joker_ends=True,
    trick_end="all-passed",
    lead_pass=True,
    pass_limit=6,
)
UECDA_OTHER = find_preset("uecda").replace(
    revolution="strict",
    revolution_scope="trick",
    revolution_ends_trick=True,
    eight_rule=True,
    eight_cut=False,
    best_rank_ends_trick=True,
    penalize_final_best=True,
    penalize_final_eight=True,
    jack_back=True,
    sequence_min=2,
    sequence_revolution=0,
    trick_end="others-passed",
    lead_pass=False,
)
DAIFUGO_PLAIN = find_preset("daifugo").replace(
    jokers_per_deck=0, revolution="relaxed", suit_lock=False, sequences=False, spade_three_return=False
)
CASES = [
    (find_preset("uecda"), 5),
    (find_preset("daifugo"), 4),
    (find_preset("daifugo"), 6),
    (DAIFUGO_MORE, 5),
    (UECDA_OTHER, 5),
    (DAIFUGO_PLAIN, 3),
]


def test_the_kernel_covers_the_suited_presets_and_not_the_options_it_lacks() -> None:
    assert suited_playout.covers(find_preset("uecda")) and suited_playout.covers(find_preset("daifugo"))
    for case, _ in CASES:
        assert suited_playout.covers(case)
    for name in ("bga", "victorz", "trump-jokers", "college"):
        assert not suited_playout.covers(find_preset(name))
    daifugo = find_preset("daifugo")
    for change in ({"seven_give": True}, {"ten_discard": True}, {"sequence_wraps": True}, {"decks": 2}):
        assert not suited_playout.covers(daifugo.replace(**change))


@needs_numba
def test_the_kernels_card_bits_are_the_engines_ranks_and_suits() -> None:
    from presidente.bots import suited_kernel

    for card in range(52):
        assert suited_kernel.BIT_OF_CARD[card] == PRESIDENT_RANK[card] * 4 + card % 4
    assert suited_kernel.BIT_OF_CARD[JOKER] == -1


@needs_numba
@pytest.mark.parametrize(("rules", "players"), CASES, ids=lambda value: getattr(value, "name", str(value)))
def test_the_kernel_lists_and_plays_the_engines_moves(rules: Rules, players: int) -> None:
    from presidente.bots.suited_check import check_rounds

    # At every covered position: the same legal moves in the same order, the same policy move, the same state after
    # the move (half the moves the policy's, half at random, so passes and the pass limit come up).
    checked = sum(check_rounds(rules, players, seed, 400) for seed in range(2))
    assert checked > 600


def _positions(rules: Rules, players: int, count: int) -> list[tuple[Observation, list[Action]]]:
    """Observations and legal moves at play positions of a round of heuristic bots."""
    state = new_game(rules, players, 3)
    bot, rng = HeuristicBot(rules), random.Random(1)
    found: list[tuple[Observation, list[Action]]] = []
    for step in range(200):
        seat = state.current_player
        assert seat is not None
        observation, legal = state.observation(seat), state.offered_actions()
        if state.phase is Phase.PLAY and step % 3 == 0 and len(legal) > 1:
            found.append((observation, legal))
            if len(found) == count:
                break
        state.apply(bot.choose(observation, legal, rng).action, seat)
    return found


@needs_numba
@pytest.mark.parametrize(("preset", "players"), [("uecda", 5), ("daifugo", 4)])
def test_the_search_finds_the_same_values_compiled_and_on_the_engine(preset: str, players: int) -> None:
    searched = 0
    for step, (observation, legal) in enumerate(_positions(find_preset(preset), players, 8)):
        compiled = CardSearchBot(time=0, iterations=30).evaluate(observation, legal, random.Random(step))
        engine = CardSearchBot(time=0, iterations=30, compiled=False)
        assert compiled == engine.evaluate(observation, legal, random.Random(step))
        searched += len(compiled) > 1
    assert searched >= 4


def test_without_the_kernel_the_search_plays_on_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(suited_playout, "AVAILABLE", False)
    observation, legal = _positions(find_preset("uecda"), 5, 1)[0]
    bot = CardSearchBot(time=0, iterations=20)
    assert bot.evaluate(observation, legal, random.Random(2))
    assert bot.last_playouts >= 20


def test_the_bots_play_where_numba_is_not_installed() -> None:
    program = """
import random, sys
sys.modules["numba"] = None  # importing it fails, as without the envs extra
from presidente.bots import suited_playout
from presidente.bots.card_search import CardSearchBot
from presidente.president import new_game
from presidente.cards import JOKER
from presidente.president.actions import PRESIDENT_RANK, Action
from presidente.president.observation import Observation
from presidente.president.rules import find_preset
state = new_game(find_preset("uecda"), 5, 3)
seat = state.current_player
bot = CardSearchBot(time=0, iterations=12)
choice = bot.choose(state.observation(seat), state.offered_actions(), random.Random(1))
print(suited_playout.AVAILABLE, choice.action in state.offered_actions(), bot.last_playouts >= 12)
"""
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["False", "True", "True"]


@needs_numba
def test_strong_races_the_same_on_the_kernel_and_on_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    from presidente.bots.strong import StrongBot

    raced = 0
    for step, (observation, legal) in enumerate(_positions(find_preset("uecda"), 5, 4)):
        # The deals weighed by the evidence, the look ahead and the learned playouts (`suited_learned`) on the kernel
        # alone: without them, the same deals and places on both paths.
        compiled = StrongBot(time=0, iterations=60, weigh=0, look=0, rollout="heuristic")
        choice = compiled.choose(observation, legal, random.Random(step))
        with monkeypatch.context() as patch:
            patch.setattr(suited_playout, "AVAILABLE", False)
            engine = StrongBot(time=0, iterations=60, weigh=0, look=0, rollout="heuristic")
            assert engine.choose(observation, legal, random.Random(step)) == choice
        assert (compiled.last_deals, compiled.last_playouts) == (engine.last_deals, engine.last_playouts)
        raced += compiled.last_deals > 0
    assert raced >= 2


@needs_numba
def test_the_evidence_explains_the_true_hands_of_seats_that_played_the_model() -> None:
    from presidente.bots.card_search import SETS, policy_action
    from presidente.bots.determinize import knowledge_of, public_state, sample_hidden

    rules = find_preset("uecda")
    state = new_game(rules, 5, 2)
    for _ in range(60):  # every seat plays the SETS style until seat 0 is to move after the others' decisions
        if state.phase is Phase.PLAY and state.current == 0 and len(state.events) > 12:
            break
        seat = state.current_player
        assert seat is not None
        legal = state.offered_actions()
        state.apply(policy_action(state, SETS) if state.phase is Phase.PLAY else legal[0], seat)
    observation = state.observation(0)
    template = public_state(observation, rules)
    knowledge = knowledge_of(observation, rules)
    evidence = suited_playout.SuitedEvidence(observation, template, 0, state.hands, SETS)
    assert evidence.decisions >= 4
    rng = random.Random(5)
    deals = []
    for _ in range(20):
        sample_hidden(template, knowledge, rng)
        deals.append(list(template.hands))
    misses = evidence.misses([state.hands, *deals], 5)
    assert misses[0] == 0  # the hands they held: every decision the model's
    assert sum(misses[1:]) > 0  # deals at random leave some unexplained
    # The chain moves a deal towards hands that explain the moves, keeping every hand's size.
    evidence.limits(knowledge.known, [*knowledge.ceiling, *knowledge.floor], sorted(knowledge.hidden_sizes))
    worst = deals[max(range(len(deals)), key=lambda index: misses[1 + index])]
    moved = evidence.chain(worst, 100, 7, 5)
    assert [sum(hand) for hand in moved] == [sum(hand) for hand in worst]
    assert moved[0] == list(state.hands[0])
    assert evidence.misses([moved], 5)[0] < max(misses[1:])


@needs_numba
def test_strong_weighs_its_deals_by_the_other_seats_moves_on_suit_tables() -> None:
    from presidente.bots.strong import StrongBot

    bot, weighed = StrongBot(time=0, iterations=40), 0
    for step, (observation, legal) in enumerate(_positions(find_preset("uecda"), 5, 4)):
        assert bot.choose(observation, legal, random.Random(step)).action in legal
        weighed += bot.last_evidence > 0
    assert weighed >= 2


@needs_numba
def test_the_kernel_deals_the_hidden_cards_as_the_engine_does_under_the_same_facts() -> None:
    from presidente.bots.determinize import _CARD_INDEX, knowledge_of, sample_hidden

    rules = find_preset("uecda")
    state = new_game(rules, 5, 4)
    bot, rng = HeuristicBot(rules), random.Random(2)
    for _ in range(8):
        seat = state.current_player
        assert seat is not None
        state.apply(bot.choose(state.observation(seat), state.offered_actions(), rng).action, seat)
    seat = state.current_player
    assert seat is not None and state.phase is Phase.PLAY
    knowledge = knowledge_of(state.observation(seat), rules)
    first, second, third, _ = sorted(knowledge.hidden_sizes)
    # Facts of the kinds the exchange gives, true of the real hands: a card one seat holds, a ceiling, a floor.
    held = [card for card in range(53) if state.hands[first][card]]
    knowledge.known[first] = [int(card == held[0]) for card in range(53)]
    knowledge.ceiling[second] = max(_CARD_INDEX[card] for card in range(53) if state.hands[second][card])
    knowledge.floor[third] = min(_CARD_INDEX[card] for card in range(53) if state.hands[third][card])
    dealer = suited_playout.SuitedDealer(state, knowledge, 3)
    kernel_deals = numpy.array([dealer.deal() for _ in range(2000)])
    scratch, engine_deals = state.clone(), []
    for _ in range(1000):
        sample_hidden(scratch, knowledge, rng)
        engine_deals.append(scratch.hands[:])
    true = numpy.array(state.hands)
    assert (kernel_deals[:, seat] == true[seat]).all()
    assert (kernel_deals.sum(axis=2) == true.sum(axis=1)).all()  # every hand's size
    assert (kernel_deals.sum(axis=1) == true.sum(axis=0)).all()  # every card dealt once
    assert (kernel_deals[:, first, held[0]] == 1).all()
    order = numpy.array(_CARD_INDEX)
    assert (numpy.where(kernel_deals[:, second] > 0, order, -1).max(axis=1) <= knowledge.ceiling[second]).all()
    assert (numpy.where(kernel_deals[:, third] > 0, order, 99).min(axis=1) >= knowledge.floor[third]).all()
    # Each card's chance to be in each hand, alike on both paths (a standard error under 0.017).
    gap = numpy.abs(kernel_deals.mean(axis=0) - numpy.array(engine_deals).mean(axis=0))
    assert gap.max() < 0.08


@needs_numba
def test_a_seat_that_looks_a_move_ahead_never_places_worse_on_the_same_deal() -> None:
    from presidente.bots.card_search import SETS
    from presidente.bots.determinize import knowledge_of, public_state, sample_hidden

    rules, rng, better = find_preset("uecda"), random.Random(3), 0
    for observation, legal in _positions(rules, 5, 4):
        template = public_state(observation, rules)
        seat = observation.seat
        assert seat is not None
        knowledge = knowledge_of(observation, rules)
        plain = suited_playout.SuitedPlayouts(template, seat, legal, 5, 400, 0, SETS)
        looking = suited_playout.SuitedPlayouts(template, seat, legal, 5, 400, 0, SETS, look=13)
        for _ in range(10):
            sample_hidden(template, knowledge, rng)
            # Each of its moves is one whose playout by the policy places it no worse than the policy's move.
            for before, after in zip(plain.play(template.hands), looking.play(template.hands), strict=True):
                assert before is not None and after is not None and after <= before
                better += after < before
    assert better > 0
