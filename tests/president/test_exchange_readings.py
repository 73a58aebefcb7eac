"""The order of the card transfer, read from each seed's sentence (docs/rules.md, "The card transfer's order").

- seed 002, `exchange_order="loser-first"`: "The Scum gives the President his 2 best cards. … After that, the
  President chooses 2 cards to give to the Scum."
- seed 001, `"winner-first"`: "The Beggar must give their two highest cards to the President and the President
  must give back 2 cards of their choice to the Beggar at the same time." — both from the hands as dealt.
- seed 004, `"in-return"`: "The president gives 2 cards of their choice to the "asshole", who in return must
  give their 2 highest-ranked cards." — the asshole's highest once the president's cards are in its hand.
"""

from __future__ import annotations

import random

import pytest
from helpers import act, after_round, conserved, counts, with_options
from test_properties import assert_replays, play_out

from presidente.president import PRESETS, Phase, find_preset, new_game, parse_action

BGA = find_preset("bga")
COLLEGE = find_preset("college")
IN_RETURN = with_options(COLLEGE, exchange_order="in-return")

# The President holds the joker and the clubs; the Beggar (asshole) the spades, AS and 2S its best.
HANDS = (
    "JK 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2C",
    "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2D",
    "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2H",
    "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S",
)
COLLEGE_HANDS = tuple(hand.removeprefix("JK ") for hand in HANDS)


def test_bga_gives_at_the_same_time_from_the_hands_as_dealt() -> None:
    """ "The Beggar must give their two highest cards to the President and the President must give back 2
    cards of their choice to the Beggar at the same time." — a 2 the President gives does not count among
    the Beggar's highest: the cards cross."""
    assert BGA.exchange_order == "winner-first"
    state = after_round(BGA, [0, 1, 2, 3], HANDS)
    act(state, "give 2C 3C", "give 9D")
    assert state.phase is Phase.PLAY and not any(state.transit)
    assert state.received[0] == parse_action("give AS 2S").cards
    assert state.received[3] == parse_action("give 2C 3C").cards
    assert state.hands[3] == counts("2C 3C 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")


def test_the_same_gift_in_return_comes_back() -> None:
    """ "The president gives 2 cards of their choice to the "asshole", who in return must give their 2
    highest-ranked cards." — the asshole gives after receiving, the highest of the hand as it is then."""
    state = after_round(IN_RETURN, [0, 1, 2, 3], COLLEGE_HANDS)
    act(state, "give 2C 3C")
    # Given in return, before the vice-president chooses: the 2C is the asshole's second-highest card now.
    assert state.received[0] == parse_action("give 2C 2S").cards and state.current_player == 1
    kinds = [(event.kind, event.seat) for event in state.events if event.kind == "give"]
    assert kinds == [("give", 0), ("give", 3)]
    act(state, "give 4D")
    assert state.hands[0] == counts("2C 2S 4C 5C 6C 7C 8C 9C 10C JC QC KC AC")
    assert state.hands[3] == counts("3C 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")
    assert conserved(state)


def test_the_college_presets_trade_in_return() -> None:
    """ "who in return must give their 2 highest-ranked cards": the college presets' reading."""
    assert COLLEGE.exchange_order == "in-return"
    assert find_preset("college-draft").exchange_order == "in-return"


def test_a_president_who_leaves_gives_the_lowest_and_gets_nothing_back() -> None:
    """Seed 002: "If the President leaves during the card transfer, the server will give his 2 lowest cards to
    the Scum" — in return, nothing goes back to a player who left."""
    state = after_round(IN_RETURN, [0, 1, 2, 3], COLLEGE_HANDS)
    state.apply(parse_action("leave 0"), 0)
    assert state.received[3] == parse_action("give 3C 4C").cards and state.received[0] is None
    assert state.sizes[3] == 15 and state.current_player == 1 and conserved(state)


def test_an_asshole_who_leaves_makes_the_president_discard() -> None:
    """Seed 002: "if the Scum leaves, the President directly discards the 2 cards that would have been given
    to the Scum" — face up, and nothing comes back."""
    state = after_round(IN_RETURN, [0, 1, 2, 3], COLLEGE_HANDS)
    state.apply(parse_action("leave 3"), 3)
    act(state, "give 5C 6C")
    assert state.face_up[parse_action("give 5C").cards[0][0]] == 1 and state.received[0] is None
    assert state.sizes[0] == 11 and conserved(state)


@pytest.mark.parametrize("order", ["winner-first", "in-return", "loser-first"])
def test_forced_lowest_gifts_arrive_in_every_order(order: str) -> None:
    """Seed 002's option "President and Vice-President must give their lowest cards": the transfer then needs
    no choice, and every card arrives (none stays held back for a simultaneous swap)."""
    rules = with_options(COLLEGE, exchange_order=order, must_give_lowest=True)
    state = after_round(rules, [0, 1, 2, 3], COLLEGE_HANDS)
    assert state.phase is Phase.PLAY and not any(state.transit) and conserved(state)
    assert state.received[3] == parse_action("give 3C 4C").cards and state.received[2] == parse_action("give 3D").cards
    assert state.received[0] == parse_action("give AS 2S").cards and state.received[1] == parse_action("give 2H").cards


@pytest.mark.parametrize("preset", [name for name, preset in PRESETS.items() if preset.rules.exchange == "trade"])
def test_random_matches_that_trade_in_return_conserve_cards_and_replay(preset: str) -> None:
    """Random 3-round matches, players leaving and joining: cards conserved, offered moves accepted, records
    replayed exactly (the checks of test_properties.py)."""
    rules = with_options(PRESETS[preset].rules, exchange_order="in-return", rounds=3, target_score=0)
    for seed in range(3):
        players = min(max(rules.min_players, 4 + seed), rules.max_players)
        state = play_out(new_game(rules, players, seed), random.Random(seed), 3, table_actions=True)
        assert_replays(state)
