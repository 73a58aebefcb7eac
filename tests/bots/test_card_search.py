"""The `cardsearch` bot: rollouts on the engine's own state, so it searches UECda and Daifugo tables too."""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pytest

from presidente.bots.card_search import SAMPLE, SETS, WEAKEST, CardSearchBot, policy_action
from presidente.bots.determinize import public_state
from presidente.bots.president_heuristic import HeuristicBot
from presidente.bots.registry import make_bot
from presidente.cards import parse_cards
from presidente.president import new_game
from presidente.president.actions import PASS, Play
from presidente.president.rules import Rules, find_preset
from presidente.president.state import Phase, State


def _first_play_state(rules: Rules, players: int, seed: int) -> State:
    """A new round's state at its first play (round 1 has no card transfer)."""
    state = new_game(rules, players, seed)
    assert state.phase is Phase.PLAY
    return state


@pytest.mark.parametrize(("preset", "players"), [("uecda", 5), ("daifugo", 4)])
def test_every_choice_is_legal_in_whole_rounds(preset: str, players: int) -> None:
    rules = find_preset(preset).replace(rounds=2)
    searcher = CardSearchBot(time=0, iterations=3, rules=rules)
    heuristic = HeuristicBot(rules)
    rng = random.Random(5)
    state = new_game(rules, players, 11)
    searched = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        legal = state.offered_actions()
        bot = searcher if seat in (0, 2) else heuristic
        choice = bot.choose(state.observation(seat), legal, rng)
        assert choice.action in legal, f"{preset}: {choice.action} is not legal"
        if bot is searcher and state.phase is Phase.PLAY and not state.trick:
            # UECda lets a leader pass; the search leads, as the heuristic does (a table of passers would end
            # every round by the pass limit).
            assert choice.action != PASS
        searched += bot is searcher and searcher.last_deals > 0
        state.apply(choice.action, seat)
    assert searched > 5  # the search itself chose, not only its fallback


def test_the_same_seed_gives_the_same_search() -> None:
    rules = find_preset("uecda")
    state = _first_play_state(rules, 5, 3)
    seat = state.current_player
    assert seat is not None
    observation, legal = state.observation(seat), state.offered_actions()
    assert len(legal) > 2
    bot = CardSearchBot(time=0, iterations=6)
    first = bot.evaluate(observation, legal, random.Random(42))
    again = bot.evaluate(observation, legal, random.Random(42))
    assert first == again and len(first) > 1
    choice = bot.choose(observation, legal, random.Random(42))
    assert bot.choose(observation, legal, random.Random(42)) == choice and choice.action in legal


def test_the_search_plays_out_its_budget_in_whole_deals() -> None:
    rules = find_preset("uecda")
    state = _first_play_state(rules, 5, 3)
    seat = state.current_player
    assert seat is not None
    legal = state.offered_actions()
    assert len(legal) >= 4
    bot = CardSearchBot(time=0, iterations=26, max_moves=4)
    values = bot.evaluate(state.observation(seat), legal, random.Random(1))
    assert len(values) == 4
    assert bot.last_deals == 7  # 26 playouts: six deals of four moves fall short, the seventh reaches them
    assert bot.last_playouts == 7 * 4  # every searched move on every deal


def test_a_time_budget_stops_the_search_after_some_deals() -> None:
    state = _first_play_state(find_preset("uecda"), 5, 3)
    seat = state.current_player
    assert seat is not None
    bot = CardSearchBot(time=0.05)
    bot.choose(state.observation(seat), state.offered_actions(), random.Random(1))
    assert bot.last_deals >= 1


def _two_card_lead(own: str = "8S 4C") -> State:
    """UECda, seat 0 to lead holding 8S and 4C; every other seat holds two cards, the rest were played.

    UECda: "an 8 ends the trick" (eight_cut), so the 8 first wins the lead back and the 4 goes out at once:
    first place for sure. Leading the 4 first (the weakest card, as the simple policy does) lets a seat with
    two cards take the lead and go out first."""
    rules = find_preset("uecda")
    state = _first_play_state(rules, 5, 3)
    position = state.to_position()
    hands = [parse_cards(text) for text in (own, "KH KD", "QS 9C", "JD 10H", "AS 6D")]
    held = {card for hand in hands for card, _ in hand}
    deck = [card for card in range(53) if card not in held]
    played = tuple((card, 1) for card in deck)
    position = dataclasses.replace(
        position,
        current_player=0,
        hands=tuple(hands),
        played=played,
        trick=(),
        passed=(False,) * 5,
        must_include=None,
        events=(),
        trick_leader=None,
        passes_in_a_row=0,
    )
    return State.from_position(position)


def test_the_sets_style_leads_a_pair_before_a_weaker_single() -> None:
    state = _two_card_lead("4C 9S 9H")
    assert policy_action(state, WEAKEST) == Play(parse_cards("4C"))
    assert policy_action(state, SETS) == Play(parse_cards("9S 9H"))  # as the UECda sample client leads


def test_the_sample_style_makes_the_uecda_sample_clients_move_at_every_decision() -> None:
    """Both read the same function (`sample_client_play`), the style from the engine's state, the benchmark's
    client from the seat's observation: the two readings agree."""
    benchmarks = str(Path(__file__).resolve().parents[2] / "benchmarks")
    sys.path.insert(0, benchmarks)
    try:
        from uecda_sample_bot import SampleClientBot
    finally:
        sys.path.remove(benchmarks)
    bot = SampleClientBot()
    state = new_game(find_preset("uecda").replace(rounds=2), 5, 3)
    decisions = 0
    while not state.is_over:
        legal = state.legal_actions()
        action = bot.action(state.observation(state.current_player), legal)
        if state.phase is Phase.PLAY and state.owed is None and len(legal) > 1:
            assert policy_action(state, SAMPLE) == action, state.to_position()
            decisions += 1
        state.apply(action)
    assert decisions > 50


def test_the_search_cuts_with_the_eight_before_going_out_where_the_simple_policy_leads_low() -> None:
    state = _two_card_lead()
    eight, four = Play(parse_cards("8S")), Play(parse_cards("4C"))
    legal = state.offered_actions()
    assert eight in legal and four in legal
    assert policy_action(state) == four  # the rollout policy alone leads its weakest card
    bot = CardSearchBot(time=0, iterations=20)
    values = {value.action: value for value in bot.evaluate(state.observation(0), legal, random.Random(3))}
    assert bot.choose(state.observation(0), legal, random.Random(3)).action == eight
    assert values[eight].reward == 1.0  # first place on every deal
    assert (values[eight].mean_place, values[eight].first) == (1.0, 1.0)
    assert values[four].reward < 1.0 and values[four].mean_place > 1.0 and values[four].first < 1.0
    assert values[eight].simulations == values[four].simulations > 0


def test_a_move_to_keep_is_searched_even_beyond_the_likeliest() -> None:
    """The review asks for the move played to be valued, whether or not the search would list it."""
    state = _first_play_state(find_preset("uecda"), 5, 3)
    seat = state.current_player
    assert seat is not None
    legal = state.offered_actions()
    bot = CardSearchBot(time=0, iterations=8, max_moves=2)
    listed = {value.action for value in bot.evaluate(state.observation(seat), legal, random.Random(5))}
    unlisted = next(action for action in legal if action not in listed)
    kept = bot.evaluate(state.observation(seat), legal, random.Random(5), keep=unlisted)
    assert unlisted in {value.action for value in kept}


def test_bad_budgets_are_refused() -> None:
    with pytest.raises(ValueError, match="needs a budget"):
        CardSearchBot(time=0, iterations=0)
    with pytest.raises(ValueError, match="at least one move"):
        CardSearchBot(max_moves=0)
    with pytest.raises(ValueError, match="0 or more"):
        CardSearchBot(confidence=-1)
    with pytest.raises(ValueError, match="Unknown cardsearch option"):
        make_bot("cardsearch:depth=3")
    with pytest.raises(ValueError, match="must be a whole number"):
        make_bot("cardsearch:iterations=many")
    bot = make_bot("cardsearch:time=0,iterations=4")
    assert isinstance(bot, CardSearchBot) and bot.iterations == 4 and bot.time == 0


def test_outside_the_play_phase_it_chooses_as_the_heuristic_bot() -> None:
    rules = find_preset("uecda").replace(rounds=2)
    state = new_game(rules, 5, 7)
    rng = random.Random(0)
    heuristic = HeuristicBot(rules)
    while state.phase is Phase.PLAY or state.round_number < 2:
        seat = state.current_player
        assert seat is not None
        state.apply(heuristic.choose(state.observation(seat), state.offered_actions(), rng).action, seat)
    assert state.phase is Phase.EXCHANGE
    seat = state.current_player
    assert seat is not None
    observation, legal = state.observation(seat), state.offered_actions()
    bot = CardSearchBot(time=0, iterations=3, rules=rules)
    assert bot.choose(observation, legal, random.Random(0)) == heuristic.choose(observation, legal, random.Random(0))
    assert bot.last_deals == 0


def test_the_search_follows_the_seating_and_the_passes_in_a_row_the_observation_shows() -> None:
    # UECda: "Seats are shuffled at random every 3 games" and "After 20 passes in a row, every player still in gets
    # a random remaining rank": the search's table takes both from the observation, with the seat to lead again
    # when every player passes on an empty table.
    rules = find_preset("uecda")
    state = new_game(rules, 5, 3)
    assert state.seating is not None and state.seating != sorted(state.seating)
    heuristic, rng = HeuristicBot(rules), random.Random(0)
    for _ in range(40):  # until someone has passed: the count is put to the test
        seat = state.current_player
        assert seat is not None
        state.apply(heuristic.choose(state.observation(seat), state.offered_actions(), rng).action, seat)
        if state.passes_in_a_row:
            break
    seat = state.current_player
    assert seat is not None
    template = public_state(state.observation(seat), rules)
    assert template.seating == state.seating
    assert (template.passes_in_a_row, template.trick_leader) == (state.passes_in_a_row, state.trick_leader)
    assert state.passes_in_a_row > 0


def test_a_rounds_reward_is_a_share_for_the_place_and_a_bonus_for_winning() -> None:
    """One reward for both searches (ismcts reads it from the card search): first 1, last 0, a step per place and
    a larger one for winning."""
    from presidente.bots import card_search, ismcts

    assert ismcts.reward_at is card_search.reward_at
    for players in (2, 4, 5):
        rewards = [card_search.reward_at(place, players) for place in range(players)]
        assert rewards[0] == 1.0 and rewards[-1] == 0.0
        assert rewards == sorted(rewards, reverse=True)
        if players > 2:
            assert rewards[0] - rewards[1] > rewards[1] - rewards[2]


def test_ismcts_searches_uecda_tables_with_the_card_search() -> None:
    # ismcts's rank-count playout cannot follow sequences, locks or UECda's turns: it hands such tables to cardsearch.
    from presidente.bots.ismcts import IsmctsBot

    state = _first_play_state(find_preset("uecda"), 5, 3)
    seat = state.current_player
    assert seat is not None
    observation, legal = state.observation(seat), state.offered_actions()
    ismcts = IsmctsBot(time=0, iterations=20)
    expected = CardSearchBot(time=0, iterations=20).choose(observation, legal, random.Random(4))
    assert ismcts.choose(observation, legal, random.Random(4)) == expected
    assert ismcts.card_search.last_deals > 0
