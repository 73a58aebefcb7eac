"""Every worked example of the seed, each quoting the seed's text.

Seats run clockwise, so seat s + 1 is "to the left" of seat s; the attacker's left is the defender.
"""

from __future__ import annotations

import pytest
from elp_helpers import cards, play, position, someone_can_win

from presidente.elpresidente import Beat, Concede, Pass, Phase, ThrowIn


def test_winning_situation_1_attack_with_four_of_a_kind() -> None:
    """ "Suppose you have collected a hand consisting of four nines and no other cards. If the player to your
    right is the defender and loses the battle, picking up the battle pile, it is now your turn and you can
    attack with your four nines and immediately win the game."
    """
    state = position(["2C 3C 4C 5C", "2D 3D 4D 5D", "9C 9D 9H 9S"], attacker=0)
    play(state, "attack 2C", "pass", "pass", "concede")  # seat 2, then seat 0 decline to throw in
    assert (state.current_player, state.phase) == (2, Phase.ATTACK)
    play(state, "attack 9C 9D 9H 9S")
    assert state.is_over and state.game_winners == [2]


@pytest.mark.parametrize("last_jack", ["JC", "JD", "JH"])
def test_winning_situation_2_defender_beats_then_throws_in(last_jack: str) -> None:
    """ "Suppose you have collected a hand containing four queens and nothing else. You are the defender, and
    the player to your right attacks you with some card(s) lower than a queen, for example one or more
    jacks. Irrespective of what jacks are thrown into the attack, you can beat the last jack with your queen
    of the same suit and then throw in your other three queens, winning the game."
    """
    state = position(["JC JD 2C 3C", "QC QD QH QS", "JH 4C 5C 6C"], attacker=0)
    play(state, "attack JC JD")
    if last_jack == "JH":
        play(state, "throw JH", "pass", "pass")
    elif last_jack == "JC":
        state = position(["JC JD 2C 3C", "QC QD QH QS", "JH 4C 5C 6C"], attacker=0)
        play(state, "attack JD JC", "pass", "pass")
    else:
        play(state, "pass", "pass")
    suit = last_jack[-1]
    assert state.pile[-1] == cards(last_jack)[0]
    play(state, f"beat Q{suit}")
    assert state.current_player == 1  # throw-ins after a beat begin with the defender
    play(state, "throw " + " ".join(f"Q{s}" for s in "CDHS" if s != suit))
    assert state.game_winners == [1]


def test_winning_situation_3_partner_throws_in_a_jack() -> None:
    """ "Suppose your hand consists of 5, 5, J, J. You attack with your two fives and the defender beats your
    second five with a jack. Your partner now throws in a second jack. You can now throw in the last two
    jacks, winning the game."
    """
    state = position(["5H 5S JC JD", "JS 2C 3C 4C", "JH 2D 3D 4D", "6C 7C 8C 9C"], attacker=0, teams="2v2")
    play(state, "attack 5H 5S", "pass", "pass", "pass", "beat JS")
    play(state, "pass", "throw JH", "pass", "throw JC JD")  # defender, partner, opponent, you
    assert state.game_winners == [0]
    assert state.team_wins() == (1, 0)  # "when a player meets the winning conditions, the player's team wins"


def test_winning_situation_4_throw_in_after_partners_attack() -> None:
    """ "You are neither the attacker nor the defender and your hand is 8, K, K, K. Your partner attacks the
    defender with an 8 and you throw in your 8. The defender beats your 8 with the king of the same suit. You
    can now throw in your three kings to win the game."
    """
    state = position(["8C 2C 3C 4C", "KH 2D 3D 4D", "8H KC KD KS", "5C 6C 7C 9C"], attacker=0, teams="2v2")
    play(state, "attack 8C", "throw 8H", "pass", "pass", "pass", "beat KH")
    play(state, "pass", "throw KC KD KS")
    assert state.game_winners == [2] and state.team_wins() == (1, 0)


def test_winning_situation_5_more_than_four_cards() -> None:
    """ "It is possible to win even if you have more than 4 cards in your hand. For example your hand is 4, 4,
    4, 10, 10. You attack with your three fours and unwisely the defender beats the last 4 with a 10. Your
    partner throws in a 10. Now you can throw in the other two 10's to win the game."
    """
    state = position(["4C 4D 4H 10C 10D", "10H 2C 3C 5C", "10S 2D 3D 5D", "6C 7C 8C 9C"], teams="2v2")
    play(state, "attack 4C 4D 4H", "pass", "pass", "pass", "beat 10H", "pass", "throw 10S", "pass")
    play(state, "throw 10C 10D")
    assert state.game_winners == [0]


@pytest.mark.parametrize("role", ["attacker", "defender", "other"])
def test_non_winning_more_than_two_ranks(role: str) -> None:
    """ "It is impossible to win if you have more than two different ranks in your hand. In any battle at most
    two different ranks can be played, so you cannot get rid of all your cards."
    """
    you = "5H 5S JH QH"
    others = ["5C JC QC QS", "5D JD JS QD"]
    seat = {"attacker": 0, "defender": 1, "other": 2}[role]
    hands = others[:]
    hands.insert(seat, you)
    state = position(hands, attacker=0)
    assert not someone_can_win(state, seat)


def test_non_winning_beating_with_equal_cards() -> None:
    """ "Although an attack can be beaten by playing an equal card, it is impossible to win by this method. For
    example if you are attacked with an 8 and you hold the other three 8's you can win the battle by playing
    them all. This ends the battle but you have not won the game because you must have at least one card
    left over ... So the game continues. You must replenish your hand to four cards and then it is your turn
    to attack."
    """
    state = position(["8C 2C 3C 4C", "8D 8H 8S 9S", "5C 6C 7C 9C"], attacker=0)
    play(state, "attack 8C", "pass", "pass", "beat 8D", "throw 8H 8S")
    assert not state.is_over and state.phase is Phase.PICK_UP
    play(state, "pass", "pass")  # the attacker and seat 2; the defender added the cards itself
    assert (state.current_player, state.phase) == (1, Phase.ATTACK)
    assert len(state.hands[1]) == 4


def test_non_winning_jacks_and_queens() -> None:
    """ "Your hand is J, J, Q, Q and you are neither the attacker nor the defender. The attacker plays two
    jacks. You cannot win by throwing in your jacks because you would still have two queens in your hand, so
    you wait. Defender beats the second jack with a queen. Now you can throw in your two queens, but you can
    no longer get rid of your jacks because the top card of the battle pile is now a queen, not a jack."
    """
    state = position(["JC JD 2C 3C", "QD 2D 3D 4D", "JH JS QH QS"], attacker=0)
    play(state, "attack JC JD")
    assert ThrowIn(tuple(cards("JH JS"))) in state.legal_actions()
    play(state, "pass", "pass", "beat QD", "pass")
    assert state.current_player == 2
    assert all(not isinstance(a, ThrowIn) or set(a.cards) <= set(cards("QH QS")) for a in state.legal_actions())
    assert not someone_can_win(state, 2)
    play(state, "throw QH QS")
    assert not state.is_over and sorted(state.hands[2]) == cards("JH JS")


def test_non_winning_king_attack() -> None:
    """ "It is impossible to win if you are attacked by a king. Since the king is the highest card, no cards
    other than kings can be played. Normally it will be best to concede the battle and pick up the king."
    """
    state = position(["KH 2C 3C 4C", "KS QH 2H 9D", "5C 6C 7C 8C"], attacker=0)
    play(state, "attack KH", "pass", "pass")
    assert state.legal_actions() == [Beat(cards("KS")[0]), Concede()]
    assert not someone_can_win(state, 1)


def test_case_1_example_club_seven() -> None:
    """ "The attacker plays the club7 and another player throws in the diamond7 on top of it. Now in order to
    beat the attack, the defender can play an equal card, in this case the heart7 or spade7, or the defender
    can play a diamond higher than the 7, for example the diamond10. If the defender played the diamond10
    everyone can now throw in 10's. If the defender played a 7, then the only card that can be thrown in is
    the fourth 7."
    """
    hands = ["7C 10C 2S 3S", "7H 10D 6D 8C", "7D 7S 10H 10S"]
    state = position(hands, attacker=0)
    play(state, "attack 7C", "throw 7D", "pass", "pass")
    assert set(state.legal_actions()) == {Beat(c) for c in cards("7H 10D")} | {Concede()}
    tens = state.clone()
    play(tens, "beat 10D", "pass")
    assert set(tens.legal_actions()) == {ThrowIn(tuple(c)) for c in (cards("10H"), cards("10S"), cards("10H 10S"))} | {
        Pass()
    }
    sevens = state.clone()
    play(sevens, "beat 7H", "pass")
    assert set(sevens.legal_actions()) == {ThrowIn(tuple(cards("7S"))), Pass()}
