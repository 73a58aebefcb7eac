"""Invariants over seeded random games (hypothesis): conservation, termination, replay, hidden cards."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from presidente.elpresidente import Record, Rules, State, parse_action
from presidente.elpresidente.state import BATTLE_LIMIT, BLOCKED, WON

# Random play needs many battles at small tables, so the limit is kept low to bound the test's time;
# the limit rule itself is what is exercised when it is reached.
LIMIT = 60

tables = st.sampled_from(
    [(2, None), (3, None), (4, None), (4, "2v2"), (5, None), (6, "3v3"), (6, "2v2v2"), (7, None), (8, "4v4"), (8, None)]
)


def rules_for(table: tuple[int, str | None], games: int = 1) -> Rules:
    return Rules(players=table[0], teams=table[1], games=games, battle_limit=LIMIT)


def random_game(rules: Rules, seed: int, check: bool = True) -> tuple[State, list[str]]:
    state, rng, texts = State(rules, seed), random.Random(seed), []
    while not state.is_over:
        legal = state.legal_actions()
        assert legal
        if check:
            check_state(state)
        action = rng.choice(legal)
        assert parse_action(str(action)) == action
        state.apply(action, seat=state.current_player)
        texts.append(str(action))
    return state, texts


def check_state(state: State) -> None:
    everywhere = [card for hand in state.hands for card in hand] + state.deck + state.discard + state.pile
    assert sorted(everywhere) == list(range(52))
    assert len({card >> 2 for card in state.pile}) <= 2  # "In any battle at most two different ranks"
    for seat in range(state.players):
        view = state.observation(seat)
        assert sorted(view.hand) == sorted(state.hands[seat])
        assert view.hand_sizes == tuple(len(hand) for hand in state.hands)
        assert (view.deck_size, view.discard_size) == (len(state.deck), len(state.discard))
        assert state_with_hidden_cards_moved(state, seat).observation(seat) == view


def state_with_hidden_cards_moved(state: State, seat: int) -> State:
    """The same table where every card hidden from `seat` (other hands, deck, discard) is shuffled around,
    each hand and pile keeping its size: an observation that changes would be showing a hidden card."""
    other = state.clone()
    places = [hand for number, hand in enumerate(other.hands) if number != seat] + [other.deck, other.discard]
    hidden = [card for place in places for card in place]
    random.Random(len(hidden)).shuffle(hidden)
    for place in places:
        size = len(place)
        place[:] = hidden[:size]
        del hidden[:size]
    return other


@settings(max_examples=25, deadline=None)
@given(table=tables, seed=st.integers(0, 2**32))
def test_cards_conserved_hidden_cards_unseen_and_games_end(table: tuple[int, str | None], seed: int) -> None:
    state, _ = random_game(rules_for(table), seed)
    check_state(state)
    assert state.end_reasons[0] in (WON, BATTLE_LIMIT, BLOCKED)
    if state.end_reasons[0] == WON:
        winner = state.game_winners[0]
        assert winner is not None and state.hands[winner] == []
        assert state.battle_number <= LIMIT


@settings(max_examples=15, deadline=None)
@given(table=tables, seed=st.integers(0, 2**32), games=st.integers(1, 3))
def test_records_replay_exactly(table: tuple[int, str | None], seed: int, games: int) -> None:
    rules = rules_for(table, games)
    state, texts = random_game(rules, seed, check=False)
    record = Record(rules, seed, [f"p{seat}" for seat in range(rules.players)], texts)
    again = Record.from_json(record.to_json())
    states = again.replay()
    assert len(states) == len(texts) + 1 and states[-1] == state
    assert len(state.game_winners) == games


@settings(max_examples=30, deadline=None)
@given(table=tables, seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_every_offered_action_is_accepted(table: tuple[int, str | None], seed: int, steps: int) -> None:
    state, rng = State(rules_for(table), seed), random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action, seat=state.current_player)
        child_again = state.clone()
        child_again.apply(parse_action(str(action)))
        assert child == child_again
