"""Invariants over random playouts, for every preset and for random option combinations: cards are conserved,
rounds end, records replay exactly, what is offered is accepted and what is not is refused without change, and
no observation shows a hidden card."""

from __future__ import annotations

import os
import random
from typing import Any

import hypothesis
from helpers import conserved, snapshot, unchanged
from hypothesis import given, settings
from hypothesis import strategies as st

from presidente.cards import CARD_KINDS, JOKER
from presidente.errors import NotYourTurnError, PresidenteError
from presidente.president import PASS, PRESETS, Join, Leave, Phase, Play, Rules, State, new_game, record_of
from presidente.president.actions import BELOW_THREE
from presidente.president.rules import _CHOICES

# Shrinking a whole playout is slow and adds little: the failing example is printed as generated.
NOSHRINK = [hypothesis.Phase.explicit, hypothesis.Phase.reuse, hypothesis.Phase.generate]
# Derandomized in `make test`, fresh random examples in `make fuzz` (the profiles of tests/conftest.py);
# PRESIDENTE_PROPERTY_EXAMPLES=500 draws more examples per run.
EXAMPLES = int(os.environ.get("PRESIDENTE_PROPERTY_EXAMPLES", "0"))
PROPERTY_SETTINGS = settings(max_examples=EXAMPLES or 40, phases=NOSHRINK)
# A round deals at most 2 decks of 54 cards to at most 8 players; each play can be followed by a lap of
# passes or skips, and the transfer and draft add a few steps per seat.
ROUND_STEP_LIMIT = 2 * 54 * 2 * 9 + 100
BOOLEAN_OPTIONS = (
    "keep_jokers",
    "must_give_lowest",
    "revolution_ends_trick",
    "one_fewer_two",
    "equalize_ends_trick_by_scum",
    "equalize_ends_trick_by_non_scum",
    "first_equalize_only_by_scum",
    "eight_rule",
    "penalize_final_two",
    "penalize_final_joker",
    "best_rank_ends_trick",
    "no_equal_best",
    "penalize_final_best",
    "penalize_final_eight",
    "downfall",
    # the Daifugo options (issue 12)
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
    "number_lock",
    "special_three_must_lead",
    "lead_pass",
    "joker_suits",
)


@st.composite
def random_rules(draw: st.DrawFn) -> Rules:
    """Any combination of option values (small tables and short matches, to keep the tests quick)."""
    options: dict[str, Any] = {name: draw(st.sampled_from(choices)) for name, choices in _CHOICES.items()}
    options.update({name: draw(st.booleans()) for name in BOOLEAN_OPTIONS})
    options.update(
        decks=draw(st.integers(1, 2)),
        jokers_per_deck=draw(st.integers(0, 2)),
        revolution_cards=draw(st.integers(2, 8)),
        top_exchange_cards=draw(st.integers(0, 4)),
        vice_exchange_cards=draw(st.integers(0, 4)),
        draft_cards=draw(st.integers(1, 4)),
        two_player_hand=draw(st.sampled_from([0, 5, 15, 26])),
        top_roles_min_players=draw(st.integers(2, 5)),
        vice_roles_min_players=draw(st.integers(2, 5)),
        special_three=draw(st.sampled_from(["3C", "3D", "3H", "3S"])),
        rounds=draw(st.integers(1, 3)),
        target_score=draw(st.sampled_from([0, 3])),
        credit_start=draw(st.sampled_from([10, 50])),
        min_players=2,
        max_players=6,
    )
    if options["joker_suits"]:
        options["decks"] = 1
    if options["sequence_wraps"]:
        options["sequence_joker_ends"] = False
    if options["trick_end"] == "all-passed":
        options["pass_mode"] = "trick"
    options["pass_limit"] = draw(st.sampled_from([0, 3, 20]))
    options["seat_shuffle"] = draw(st.sampled_from([0, 1, 2]))
    options["rank_reset"] = draw(st.sampled_from([0, 1, 2]))
    options["sequence_min"] = draw(st.integers(2, 4))
    revolution = draw(st.sampled_from([0, 4, 5]))
    options["sequence_revolution"] = revolution and max(revolution, options["sequence_min"])
    return Rules(name="random", **options)


def check_position(state: State, rng: random.Random) -> None:
    """Every check that needs no playout: conservation, offered actions accepted, others refused unchanged,
    observations that hide every other hand."""
    assert conserved(state)
    for seat in range(state.seats):
        assert state.observation(seat).hand == tuple((c, n) for c, n in enumerate(state.hands[seat]) if n)
    mover = state.current_player
    if mover is None:
        return
    actions = state.legal_actions()
    offered = set(actions)
    for action in rng.sample(actions, min(6, len(actions))):
        state.clone().apply(action, mover)
    refused: list[tuple[Any, int | None]] = [(action, other) for action in actions[:1] for other in _others(state)]
    if state.phase is Phase.PLAY and state.trick_size == 0 and PASS not in offered:
        refused.append((PASS, mover))
    for play in _random_plays(state, rng):
        if play not in offered:
            refused.append((play, mover))
    before = snapshot(state)
    for action, seat in refused:
        try:
            state.apply(action, seat)
        except PresidenteError as error:
            if seat != mover:
                assert isinstance(error, NotYourTurnError)
        else:
            raise AssertionError(f"{action} by seat {seat} was accepted")
        assert unchanged(state, before)
    _check_hidden(state, rng)


def _others(state: State) -> list[int]:
    return [seat for seat in range(state.seats) if seat != state.current_player][:2]


def _random_plays(state: State, rng: random.Random) -> list[Play]:
    """Plays made of the mover's cards (one rank, with or without jokers), legal or not."""
    assert state.current_player is not None
    hand = state.hands[state.current_player]
    kinds = [card for card in range(52) if hand[card]]
    plays = []
    for _ in range(4):
        if not kinds:
            break
        card = rng.choice(kinds)
        cards: list[tuple[int, int]] = [(card, rng.randint(1, hand[card]))]
        if hand[JOKER] and rng.random() < 0.5:
            cards.append((JOKER, rng.randint(1, hand[JOKER])))
        plays.append(Play(tuple(cards)))
    # Sequences of the mover's suit runs, from 2 cards on, legal or not (a joker naming the card after the run).
    for _ in range(2):
        if not kinds:
            break
        card = rng.choice(kinds)
        run = [card]
        while run[-1] + 4 < 52 and hand[run[-1] + 4] and len(run) < 5:
            run.append(run[-1] + 4)
        if len(run) >= 2 and not any(c >= 48 for c in run[1:]):
            # Card order is label order (A, 2, 3 ...): a run that crosses the king is left out.
            plays.append(Play(tuple((c, 1) for c in run)))
            if hand[JOKER] and run[-1] + 4 < 48:
                plays.append(Play((*((c, 1) for c in run), (JOKER, 1)), None, (run[-1] + 4,)))
            if hand[JOKER] and run[0] // 4 == 2:
                # A run from the 3, with a joker below it (`sequence_joker_ends`).
                plays.append(Play((*((c, 1) for c in run), (JOKER, 1)), None, (BELOW_THREE + run[0] % 4,)))
    return plays


def _check_hidden(state: State, rng: random.Random) -> None:
    """Seat A's observation is the same whatever hidden cards seats B and C hold."""
    holders = [seat for seat in range(state.seats) if state.sizes[seat]]
    if len(holders) < 3:
        return
    viewer, one, two = rng.sample(holders, 3)
    card_one = rng.choice([c for c in range(CARD_KINDS) if state.hands[one][c]])
    card_two = rng.choice([c for c in range(CARD_KINDS) if state.hands[two][c]])
    if card_one == card_two:
        return
    view = state.observation(viewer)
    swapped = state.clone()
    swapped.hands[one][card_one] -= 1
    swapped.hands[one][card_two] += 1
    swapped.hands[two][card_two] -= 1
    swapped.hands[two][card_one] += 1
    assert swapped.observation(viewer) == view


def table_action(state: State, rng: random.Random) -> Leave | Join | None:
    """Now and then a player leaves, or a newcomer takes an empty seat."""
    empty = [seat for seat in range(state.seats) if not state.present[seat]]
    if state.phase is Phase.WAITING or (empty and rng.random() < 0.5):
        return Join(rng.choice(empty)) if empty else None
    seated = [seat for seat in range(state.seats) if state.present[seat]]
    if seated and rng.random() < 0.02:
        return Leave(rng.choice(seated))
    return None


def play_out(state: State, rng: random.Random, max_rounds: int = 3, table_actions: bool = False) -> State:
    steps_in_round, round_number = 0, state.round_number
    while not state.is_over and state.round_number <= max_rounds:
        if steps_in_round % 5 == 0:
            check_position(state, rng)
        extra = table_action(state, rng) if table_actions else None
        if extra is not None:
            state.apply(extra, extra.seat)
        else:
            actions = state.legal_actions()
            assert actions, f"no action in phase {state.phase}"
            state.apply(rng.choice(actions), state.current_player)
        assert conserved(state)
        if state.round_number != round_number:
            steps_in_round, round_number = 0, state.round_number
        steps_in_round += 1
        assert steps_in_round < ROUND_STEP_LIMIT, "a round did not end"
    check_position(state, rng)
    return state


def assert_replays(state: State) -> None:
    again = record_of(state).final_state()
    assert again.hands == state.hands and again.history == state.history and again.scores == state.scores
    assert again.phase == state.phase and again.current_player == state.current_player
    assert again.results == state.results and snapshot(again) == snapshot(state)


@PROPERTY_SETTINGS
@given(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 8), seed=st.integers(0, 10**6))
def test_presets_random_playouts(preset: str, players: int, seed: int) -> None:
    rules = PRESETS[preset].rules
    players = min(max(players, rules.min_players), rules.max_players)
    state = play_out(new_game(rules, players, seed), random.Random(seed), max_rounds=2)
    assert_replays(state)


@PROPERTY_SETTINGS
@given(rules=random_rules(), players=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_random_options_random_playouts(rules: Rules, players: int, seed: int) -> None:
    state = play_out(new_game(rules, players, seed), random.Random(seed), table_actions=True)
    assert_replays(state)
    assert state.is_over or state.phase is Phase.WAITING or state.round_number > 3
