"""Seed 003 (two trump jokers, credit scoring; preset `trump-jokers`): one test per rule sentence, each
quoting it."""

from __future__ import annotations

import pytest
from helpers import Roles, act, after_round, legal, position

from presidente.cards import JOKER
from presidente.errors import IllegalActionError, PresidenteError
from presidente.president import Phase, find_preset, new_game, parse_action

TRUMP = find_preset("trump-jokers")


@pytest.mark.parametrize("players", range(4, 9))
def test_four_to_eight_players(players: int) -> None:
    """ "Number of players : 4-8"."""
    assert new_game(TRUMP, players, seed=players).phase is Phase.PLAY


@pytest.mark.parametrize("players", [2, 3, 9])
def test_other_player_counts_are_refused(players: int) -> None:
    """ "Number of players : 4-8"."""
    with pytest.raises(PresidenteError):
        new_game(TRUMP, players)


def test_deck_with_two_jokers_all_dealt() -> None:
    """ "President is played with a standard 52-card deck and 2 Jokers." — "Cards are dealt one at a time
    clockwise until all cards have been dealt. Some players may have more cards than others."."""
    state = new_game(TRUMP, 4, seed=1)
    assert sum(state.sizes) == 54 and sum(state.undealt) == 0
    assert sum(hand[JOKER] for hand in state.hands) == 2
    assert sorted(state.sizes) == [13, 13, 14, 14]


def test_hierarchy() -> None:
    """ "Following this hierarchy (highest value to lowest) : Joker,2,A,K,Q,J,10,9,8,7,6,5,4,3."."""
    state = position(TRUMP, ["AC 3C", "2C KD JK 4D", "5H"])
    act(state, "AC")
    assert legal(state) == {"pass", "2C", "JK"}
    state = position(TRUMP, ["3C 9C", "4D 5H", "5D"])
    act(state, "3C")
    assert legal(state) == {"pass", "4D", "5H"}


@pytest.mark.parametrize("lead", ["KC", "KC KD", "4C 4D 4H", "7C 7D 7H 7S"])
def test_single_double_triple_quadruple(lead: str) -> None:
    """ "A player can play a single card or a set of cards of equal rank : Double ... Triple ... Quadruple"."""
    state = position(TRUMP, ["KC KD 4C 4D 4H 7C 7D 7H 7S", "3S"])
    assert lead in legal(state)
    assert not any(len(play.split()) > 4 for play in legal(state))


@pytest.mark.parametrize(("lead", "follow"), [("5C", {"pass", "6C", "QD", "JH", "JS"}), ("9C 9D", {"pass", "JH JS"})])
def test_first_player_sets_the_number_of_cards(lead: str, follow: set[str]) -> None:
    """ "The first player of the round sets how many cards should be played for the entire pile." — "The next
    player must play the same number of cards as the previous player. To play, the next player must play a
    higher rank card (or a higher rank group of cards for double, triple or quadruple)."."""
    state = position(TRUMP, ["5C 9C 9D", "6C QD JH JS 4S", "3C"])
    act(state, lead)
    assert legal(state) == follow


def test_pass_even_if_they_can_no_more_plays_in_this_pile() -> None:
    """ "Or pass if they can not play. Or pass even if they can, therefore will not be able to play any more
    during this pile."."""
    state = position(TRUMP, ["5C 7C 3C", "9C 3H", "6C 8C 3D"])
    act(state, "5C", "pass", "6C", "7C")
    assert state.current_player == 2 and state.trick_passed[1]
    act(state, "8C", "pass")
    assert state.trick_size == 0 and state.current_player == 2


def test_one_joker_beats_four_twos() -> None:
    """ "A Joker is a "trump" card and wins any hand no matter the size of the set (ex: 1 Joker beats four
    2's)"."""
    state = position(TRUMP, ["2C 2D 2H 2S 3C", "JK 4C", "5D"])
    act(state, "2C 2D 2H 2S")
    assert legal(state) == {"pass", "JK"}
    act(state, "JK")
    assert state.trick_size == 0 and state.current_player == 1  # it wins the trick at once


@pytest.mark.parametrize("lead", ["9C", "9C 9D", "9C 9D 9H"])
def test_joker_wins_any_set_size(lead: str) -> None:
    """ "wins any hand no matter the size of the set"."""
    state = position(TRUMP, ["9C 9D 9H 3C", "JK 4C", "5D"])
    act(state, lead)
    assert "JK" in legal(state)


def test_trump_joker_is_not_wild() -> None:
    """A "trump" card, not a wild card: it is played on its own."""
    state = position(TRUMP, ["9C 9D 3C", "JK 10C 4C", "5D"])
    act(state, "9C 9D")
    assert "JK 10C" not in legal(state)
    with pytest.raises(IllegalActionError, match="on their own"):
        state.apply(parse_action("JK 10C"))


def test_last_card_then_next_player_clockwise_starts() -> None:
    """ "If a player played their last card, and no other player can play (or pass even if they can play), the
    next player available clockwise will start next pile."."""
    state = position(TRUMP, ["5C", "3C 4C", "3D 4D", "AS 3H"])
    act(state, "5C", "pass", "pass", "pass")
    assert state.current_player == 1 and state.trick_size == 0


def test_round_continues_until_one_player_holds_cards() -> None:
    """ "The game will continue until there is a single player left with at least a card in their hand."."""
    state = position(TRUMP, ["5C", "6C 3C", "7C 4C", "8C"])
    act(state, "5C", "6C", "7C", "8C")
    assert state.phase is Phase.PLAY and state.finished == [0, 3]
    act(state, "pass", "pass", "3C")
    assert state.results == [[0, 3, 1, 2]]


def test_role_titles() -> None:
    """ "President ... Prime-Minister ... Peasant ... Beggar ... Citizen(s): Any other players, they are
    considered neutral"."""
    state = after_round(TRUMP, [3, 1, 0, 4, 2])
    titles = [seat.title for seat in state.observation(None).seats]
    assert titles == ["Citizen", "Prime-Minister", "Beggar", "President", "Peasant"]


def _hands() -> tuple[str, ...]:
    return (
        "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2C",
        "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2D",
        "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2H JK",
        "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S JK",
    )


def test_beggar_gives_two_highest_president_gives_back_two() -> None:
    """ "The Beggar must give their two highest cards to the President. And the President must give back 2
    cards of their choice to the Beggar."."""
    state = after_round(TRUMP, [0, 1, 2, 3], _hands())
    assert state.received[0] == parse_action("give JK 2S").cards
    assert state.current_player == 0 and "give JK 2S" in legal(state)
    act(state, "give 5C 9C")
    assert state.received[3] == parse_action("give 5C 9C").cards


def test_peasant_gives_highest_prime_minister_gives_back_one() -> None:
    """ "The Peasant must give their highest card to the Prime-Minister. And the Prime-Minister must give back
    1 card of their choice to the Peasant." — "Any Citizen(s) do not exchange cards."."""
    state = after_round(TRUMP, [0, 1, 2, 3], _hands())
    assert state.received[1] == parse_action("give JK").cards
    act(state, "give 5C 9C", "give KD")
    assert state.received[2] == parse_action("give KD").cards
    citizens = after_round(TRUMP, [0, 1, 4, 2, 3], ("3C 4C", "3D 4D", "3H 4H", "3S 4S", "5H 6H"))
    assert citizens.gave[4] is None and citizens.received[4] is None


def test_beggar_starts_the_next_round() -> None:
    """ "The Beggar will be the first player to start the next round."."""
    state = after_round(TRUMP, [2, 0, 3, 1], seed=4)
    while state.phase is Phase.EXCHANGE:
        state.apply(state.legal_actions()[0])
    assert state.current_player == 1


def test_four_of_a_rank_reverse_the_hierarchy() -> None:
    """ "When a player plays four cards of the same rank, the hierarchy of all the cards is reversed." — "after
    the revolution the order of power 2,A,K,Q,J,10,9,8,7,6,5,4,3."."""
    state = position(TRUMP, ["7C 7D 7H 7S 4C", "3C 5D 2D", "6H 9S"])
    act(state, "7C 7D 7H 7S", "pass", "pass")
    assert state.reversed and state.current_player == 0
    act(state, "4C")
    assert legal(state) == {"pass", "3C"}


def test_another_revolution_switches_back() -> None:
    """ "If another revolution is played, the order would switch back to normal."."""
    state = position(TRUMP, ["7C 7D 7H 7S 4C", "6C 6D 6H 6S 3C", "5C"])
    act(state, "7C 7D 7H 7S", "6C 6D 6H 6S")
    assert not state.reversed


def test_skip_is_optional_and_off_by_default() -> None:
    """ "Optional rules — Skip": without it a 7 does not go on a 7."""
    state = position(TRUMP, ["7C 3C", "7D 8C", "4H"])
    act(state, "7C")
    assert legal(state) == {"pass", "8C"}


def test_skip_option_skips_the_next_player() -> None:
    """ "Skip - When a player plays the same number of cards of the same rank as the previous player, that skips
    the next person who would have played." — "playing a 7 on top of another 7, or a pair of 4s on another
    pair of 4s, the next player is skipped."."""
    rules = TRUMP.replace(equalize="force-skip")
    state = position(rules, ["7C 3C", "7D 3D", "8C 3H", "9C 3S"])
    act(state, "7C", "7D")
    assert state.current_player == 3
    state = position(rules, ["4C 4D 3C", "4H 4S 3D", "8C 8D", "9C 9D"])
    act(state, "4C 4D", "4H 4S")
    assert state.current_player == 3


@pytest.mark.parametrize(("best", "other", "reversed"), [("2C", "2D", False), ("3C", "3D", True)])
def test_cannot_skip_with_the_best_card(best: str, other: str, reversed: bool) -> None:
    """ "You can't skip with the best card (2 or 3 in case of revolution and jokers)."."""
    state = position(TRUMP.replace(equalize="force-skip"), [f"{best} 5C", f"{other} 4D", "9H"], reversed=reversed)
    act(state, best)
    assert other not in legal(state)
    with pytest.raises(IllegalActionError, match="best card"):
        state.apply(parse_action(other))


def test_cannot_skip_with_a_joker() -> None:
    """ "... and jokers": a trump joker ends the trick, so no joker ever follows it."""
    state = position(TRUMP.replace(equalize="force-skip"), ["JK 5C", "JK 4D", "9H"])
    act(state, "JK")
    assert state.trick_size == 0 and state.current_player == 0


def test_credit_scoring() -> None:
    """ "Each player starts with a credit of 50 points." — "The President scores 5 points. The Prime-Minister
    scores 0 points. Each Citizen loses 5 points. The Peasant loses 10 points. The Beggar loses 15
    points."."""
    assert new_game(TRUMP, 5).scores == [50] * 5
    state = position(TRUMP, ["5C", "6C 3C", "7C 4C", "8C", "9C"])
    act(state, "5C", "6C", "7C", "8C", "9C", "pass", "pass", "3C")
    assert state.results[0] == [0, 3, 4, 1, 2]
    assert state.scores == [55, 40, 35, 50, 45]


def test_game_ends_at_zero_or_less() -> None:
    """ "The game ends when a player reaches 0 point or less."."""
    for credit, over in ((15, True), (16, False)):
        state = position(TRUMP, ["5C", "6C 3C", "7C 4C", "8C"])
        state.scores = [50, 50, credit, 50]
        act(state, "5C", "6C", "7C", "8C", "pass", "pass", "3C")
        assert state.results[0][-1] == 2
        assert state.is_over is over


def test_roles_exist_for_scoring_without_a_transfer_table() -> None:
    """Roles from the finishing order give the credit (the President of the round just played)."""
    assert after_round(TRUMP, [0, 1, 2, 3]).roles == Roles(president=0, vice=1, high_scum=2, scum=3)
