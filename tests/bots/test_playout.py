"""The rank-count playout table agrees with the engine move by move: the same legal shapes, every policy move
accepted by `State.apply`, and the same trick, turn and finishing facts after each move."""

from __future__ import annotations

import random

import pytest
from bot_helpers import play_positions, rule_sets

from presidente.bots.ismcts import move_key
from presidente.bots.playout import _BY_STRENGTH, Move, Table, rank_counts
from presidente.cards import JOKER
from presidente.president import Rules, State
from presidente.president.actions import PASS, Action, Play, cards_of_rank
from presidente.president.state import Phase


def engine_action(state: State, move: Move) -> Action:
    """A play of that shape from the real hand (lowest suits first)."""
    if move is None:
        return PASS
    rank, size, jokers, declared = move
    seat = state.current
    assert seat is not None
    hand = state.hands[seat]
    cards: list[tuple[int, int]] = []
    wanted = size - jokers
    must = state.must_include
    if wanted and must is not None and hand[must]:
        cards.append((must, 1))
        wanted -= 1
    for card in cards_of_rank(rank) if size > jokers else ():
        take = min(hand[card] - (1 if card == must and cards and cards[0][0] == must else 0), wanted)
        if take > 0:
            cards.append((card, take))
            wanted -= take
    cards.sort()
    if jokers:
        cards.append((JOKER, jokers))
    return Play(tuple(cards), None if declared < 0 else declared)


def assert_same(table: Table, state: State) -> None:
    if state.phase is not Phase.PLAY:
        assert table.over
        order = state.results[-1]
        assert table.finishing_order() == order
        return
    assert not table.over
    assert [rank_counts(hand) for hand in state.hands] == table.ranks
    for name in ("current", "sizes", "active", "finished", "out", "downfallen", "reversed", "trick_size"):
        assert getattr(table, name) == getattr(state, name), name
    for name in ("top_key", "top_size", "last_player", "trick_passed", "obligation", "must_include"):
        assert getattr(table, name) == getattr(state, name), name
    for name in ("jack_back", "clockwise"):
        assert getattr(table, name) == getattr(state, name), name


def lockstep(state: State, rng: random.Random, use_policy: bool) -> int:
    table = Table.from_state(state)
    moves = 0
    while state.phase is Phase.PLAY:
        legal = table.legal_moves()
        assert set(legal) == {move_key(action) for action in state.legal_actions()}
        move = table.policy_move() if use_policy else legal[rng.randrange(len(legal))]
        assert move in legal
        state.apply(engine_action(state, move))
        table.play(move)
        assert_same(table, state)
        moves += 1
    return moves


def follows_the_engine(label: str, rules: Rules) -> None:
    """Lockstep from positions of a match under `rules`: the table and the engine agree move by move."""
    players = 4 if rules.min_players <= 4 <= rules.max_players else rules.min_players
    rng = random.Random(label)
    played = 0
    for index, start in enumerate(play_positions(rules, players, seed=3, every=9)):
        played += lockstep(start, rng, use_policy=index % 2 == 0)
    assert played > 100, label


@pytest.mark.parametrize(("label", "rules"), list(rule_sets()), ids=lambda value: str(value)[:14])
def test_the_table_follows_the_engine(label: str, rules: object) -> None:
    assert isinstance(rules, Rules)
    follows_the_engine(label, rules)


def test_a_playout_ends_the_round_with_every_seat_placed() -> None:
    from presidente.president import find_preset

    for preset in ("bga", "victorz", "trump-jokers", "college"):
        rules = find_preset(preset).replace(rounds=1, target_score=0)
        for start in play_positions(rules, 4, seed=8, every=11):
            order = Table.from_state(start).playout(random.Random(0))
            assert sorted(order) == [seat for seat in range(4) if start.in_round[seat]]


def playout_equals_the_policy(label: str, rules: Rules) -> None:
    """`playout` makes its common moves inline: the same as `policy_move` then `play`, to the same end."""
    players = 4 if rules.min_players <= 4 <= rules.max_players else rules.min_players
    for start in play_positions(rules, players, seed=4, every=7):
        table = Table.from_state(start)
        stepped = table.copy()
        while not stepped.over:
            stepped.play(stepped.policy_move())
        assert table.playout(random.Random(0)) == stepped.finishing_order(), label
        assert table.ranks == stepped.ranks and table.sizes == stepped.sizes


@pytest.mark.parametrize(("label", "rules"), list(rule_sets()), ids=lambda value: str(value)[:14])
def test_playout_equals_the_policy_played_move_by_move(label: str, rules: object) -> None:
    assert isinstance(rules, Rules)
    playout_equals_the_policy(label, rules)


@pytest.mark.parametrize(("label", "rules"), list(rule_sets()), ids=lambda value: str(value)[:14])
def test_a_watched_playout_stops_with_that_seat_placed_as_in_the_whole_round(label: str, rules: object) -> None:
    """`playout(watched=seat)` stops once the seat's place is settled: the same place as a playout to the end."""
    assert isinstance(rules, Rules)
    players = 4 if rules.min_players <= 4 <= rules.max_players else rules.min_players
    stopped_early = 0
    for start in play_positions(rules, players, seed=5, every=7):
        table = Table.from_state(start)
        whole = table.copy().playout(random.Random(0))
        for seat in whole:
            watched = table.copy()
            order = watched.playout(random.Random(0), watched=seat)
            assert order.index(seat) == whole.index(seat), label
            stopped_early += not watched.over
    assert stopped_early > 0, label


def reference_master_lead(table: Table, hand: list[int], order: tuple[int, ...]) -> int:
    """`Table._master_lead` as first written: `_is_master` asked of every set, strongest first."""
    sets = others = 0
    weakest = -1
    for rank in reversed(order):
        if not hand[rank]:
            continue
        sets += 1
        if table._is_master(hand, rank, hand[rank]):
            weakest = rank
        else:
            others += 1
            if others > 1:
                return -1
    return weakest if sets > 1 else -1


@pytest.mark.parametrize(("label", "rules"), list(rule_sets()), ids=lambda value: str(value)[:14])
def test_the_one_pass_master_lead_equals_asking_every_set(label: str, rules: object) -> None:
    assert isinstance(rules, Rules)
    players = 4 if rules.min_players <= 4 <= rules.max_players else rules.min_players
    rng = random.Random(label)
    checked = 0
    for start in play_positions(rules, players, seed=5, every=3):
        table = Table.from_state(start)
        for reversed_order in (False, True):
            table.reversed = reversed_order
            order = _BY_STRENGTH[reversed_order]
            hands = [*table.ranks, [rng.randrange(3) for _ in range(13)] + [rng.randrange(2)]]
            for hand in hands:
                assert table._master_lead(hand, order) == reference_master_lead(table, hand, order), label
                checked += 1
    assert checked > 50, label


def test_one_seat_reward_equals_the_rewards_of_every_seat() -> None:
    from presidente.bots.ismcts import place_reward, place_rewards

    rng = random.Random(5)
    for seats in (2, 3, 4, 5, 8):
        for _ in range(40):
            order = rng.sample(range(seats), rng.randrange(1, seats + 1))
            rewards = place_rewards(order, seats)
            assert [place_reward(order, seat) for seat in range(seats)] == rewards


def test_the_field_by_field_copy_holds_every_field_of_the_table() -> None:
    """`_copy_fields` (the compiled build's copy: a native table has no instance dict) assigns every field a
    table holds, from `from_state` or from play, to the same objects as the Python copy of the instance's dict."""
    from presidente.bots import playout
    from presidente.president import find_preset

    if playout._NATIVE:
        pytest.skip("a native table has no instance dict to compare with")
    for preset in ("bga", "trump-jokers"):
        rules = find_preset(preset).replace(rounds=1, target_score=0)
        for start in play_positions(rules, 4, seed=6, every=13):
            table = Table.from_state(start)
            for _ in range(5):
                if table.over:
                    break
                fields = table._copy_fields()
                assert vars(fields).keys() >= vars(table).keys()
                assert all(vars(fields)[name] is value for name, value in vars(table).items())
                table.play(table.policy_move())
