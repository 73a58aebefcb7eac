"""Every rule sentence of the seed outside its worked examples, each test quoting the sentence it checks."""

from __future__ import annotations

import random

import pytest
from elp_helpers import cards, play, position, someone_can_win

from presidente.bots.elpresidente import HeuristicBot
from presidente.elpresidente import Beat, Concede, Phase, Rules, State
from presidente.elpresidente.chance import PACK, deal
from presidente.elpresidente.state import BATTLE_LIMIT, BLOCKED
from presidente.errors import IllegalActionError, RulesError


def order_of_turns(state: State, count: int) -> list[int | None]:
    """Who is asked, while everyone passes."""
    seats = []
    for _ in range(count):
        seats.append(state.current_player)
        state.apply("pass")
    return seats


def test_search_helper_finds_a_win() -> None:
    state = position(["5H 5S JC JD", "JS 2C 3C 4C", "JH 2D 3D 4D", "6C 7C 8C 9C"], teams="2v2")
    assert someone_can_win(state, 0)


@pytest.mark.parametrize(
    ("top", "card", "beats"),
    [
        ("AC", "2C", True),
        ("QH", "KH", True),
        ("KH", "AH", False),
        ("10D", "9D", False),
        ("10D", "JD", True),
        ("10D", "JC", False),
        ("10D", "10S", True),
    ],
)
def test_king_high_ace_low(top: str, card: str, beats: bool) -> None:
    """ "cards ranking from King (high) down to Ace (low)" and "a card of the same rank as the top card of
    the battle pile, or a card of same suit and higher rank than the top card of the battle pile"."""
    state = position([f"{top} 2S 3S 4S", f"{card} 5S 6S 7S"])
    play(state, f"attack {top}", "pass")
    assert (Beat(cards(card)[0]) in state.legal_actions()) is beats
    if not beats:
        before = state.snapshot()
        with pytest.raises(IllegalActionError):
            state.apply(f"beat {card}")
        assert state.snapshot() == before


@pytest.mark.parametrize("players", range(2, 9))
def test_two_to_eight_players(players: int) -> None:
    """ "This game is for 2 to 8 players using a standard 52-card pack"."""
    state = State(Rules(players=players), seed=players)
    assert [len(hand) for hand in state.hands] == [4] * players
    assert len(state.deck) == 52 - 4 * players


@pytest.mark.parametrize("players", [0, 1, 9])
def test_other_table_sizes_are_refused(players: int) -> None:
    with pytest.raises(RulesError):
        Rules(players=players)


@pytest.mark.parametrize(("teams", "players"), [("2v2", 4), ("3v3", 6), ("2v2v2", 6), ("4v4", 8), ("2v2v2v2", 8)])
def test_team_mates_sit_apart(teams: str, players: int) -> None:
    """ "Players can play individually or in teams, for example 2 against 2 or 3 against 3.\""""
    rules = Rules(players=players, teams=teams)
    for seat in range(players):
        assert rules.team_of(seat) != rules.team_of((seat + 1) % players)


@pytest.mark.parametrize(("teams", "players"), [("2v3", 5), ("2v2", 6), ("2x2", 4), ("4", 4), ("0v0", 0)])
def test_bad_team_layouts_are_refused(teams: str, players: int) -> None:
    with pytest.raises(RulesError):
        Rules(players=players, teams=teams)


def test_deal_four_one_at_a_time_clockwise_from_the_dealer() -> None:
    """ "four cards are dealt to each player, one card at a time, clockwise, beginning with the dealer. The
    remaining cards are stacked face down to form a drawing deck.\""""
    hands, deck = deal(seed=5, game_number=0, dealer=2, players=3)
    pack = list(PACK)
    random.Random("5:el-presidente:0:deal").shuffle(pack)
    dealt = pack[::-1][:12]
    assert [hands[(2 + turn) % 3][turn // 3] for turn in range(12)] == dealt
    assert deck == pack[:40]


def test_first_dealer_and_starter_at_random() -> None:
    """ "For the first game the dealer and the starting player (who begins the first battle) are chosen at
    random.\""""
    states = [State(Rules(players=4), seed) for seed in range(60)]
    assert {state.dealer for state in states} == set(range(4))
    assert {state.attacker for state in states} == set(range(4))
    assert State(Rules(players=4), 3) == State(Rules(players=4), 3)


def test_later_games_loser_deals_and_winner_starts() -> None:
    """ "In subsequent games the loser of the previous game (or a member of the losing team) will shuffle and
    deal and the winner of the previous game will start the new game.\""""
    rules = Rules(players=4, teams="2v2", games=4)
    state = State(rules, seed=1)
    bot, rng = HeuristicBot(), random.Random(1)
    finished = 0
    while not state.is_over:
        state.apply(bot.choose(state.observation(state.current_player or 0), state.legal_actions(), rng).action)
        if len(state.game_winners) > finished and not state.is_over:
            finished = len(state.game_winners)
            winner = state.game_winners[-1]
            assert winner is not None
            assert rules.team_of(state.dealer) != rules.team_of(winner)
            assert state.attacker == winner and state.battle_number == 1
            assert state.hands[state.dealer] and len(state.deck) == 36
    assert len(state.game_winners) == 4


def test_three_piles_at_the_start() -> None:
    """ "At the start of the game this contains all cards not dealt to the players" ... the battle pile "is
    empty at the start of the game" ... the discard pile "is empty at the start"."""
    state = State(Rules(players=5), seed=2)
    assert (len(state.deck), state.pile, state.discard) == (32, [], [])


def test_discard_pile_becomes_the_new_deck() -> None:
    """ "Any time that the "new cards" pile becomes empty, the discard pile is shuffled and stacked face down
    to make a new deck of "new cards" from which cards can be drawn.\""""
    rest = sorted(set(range(52)) - set(cards("2C 3C 4C 5C 2D 3D 4D 5D 6D 7D")))
    rest = sorted(set(rest) | set(cards("7D")))
    state = position(["2C 3C 4C 5C", "2D 3D 4D 5D"], deck=cards("6D"), discard=rest)
    play(state, "attack 2C", "pass", "beat 2D", "pass", "pass", "pass")  # no one takes: 2C 2D discarded
    assert len(state.hands[0]) == 4 and len(state.hands[1]) == 4  # seat 0 drew 6D, the deck was empty
    assert cards("6D")[0] in state.hands[0] and state.discard == []
    assert state.reshuffles == 1 and len(state.deck) == len(rest) + 2 - 1


def test_hands_stay_short_when_nothing_is_left_to_draw() -> None:
    """The seed is silent when neither pile can refill a hand: the hand stays short (documented)."""
    everything = sorted(set(range(52)) - set(cards("2C 3C 4C 5C")))
    state = State.at_battle_start(Rules(players=2), [cards("2C 3C 4C 5C"), everything], 0, deck=[])
    play(state, "attack 2C", "pass", "concede")
    assert len(state.hands[0]) == 3 and state.deck == [] and state.discard == []


def test_attack_with_one_card_or_several_equal_cards() -> None:
    """ "To begin a battle the attacker plays a single card or any number of equal cards face up".\""""
    state = position(["7C 7D 7H 9S", "2C 3C 4C 5C"])
    texts = {str(action) for action in state.legal_actions()}
    assert {"attack 7C", "attack 7C 7D", "attack 7D 7C", "attack 7C 7D 7H", "attack 9S"} <= texts
    before = state.snapshot()
    with pytest.raises(IllegalActionError):
        state.apply("attack 7C 9S")
    assert state.snapshot() == before


def test_throw_ins_on_the_attack_clockwise_from_defenders_left() -> None:
    """ "any players other than the defender, in clockwise order beginning to the defender's left, can play
    cards of the same rank as the attacker's card(s) on top of the battle pile if they wish to.\""""
    state = position(["7C 2C 3C 4C", "2D 3D 4D 5D", "7D 6C 8C 9C", "7H 6D 8D 9D"], attacker=0)
    play(state, "attack 7C")
    assert order_of_turns(state, 3) == [2, 3, 0]
    assert (state.phase, state.current_player) == (Phase.DEFEND, 1)


def test_throw_in_round_lasts_until_everyone_passes_in_a_row() -> None:
    state = position(["7C 2C 3C 4C", "2D 3D 4D 5D", "7D 6C 8C 9C", "7H 6D 8D 9D"], attacker=0)
    play(state, "attack 7C", "pass", "throw 7H", "pass")  # seats 2, 3, 0
    assert order_of_turns(state, 2) == [2, 3]  # after 0, 2 and 3 pass in a row, the round is over
    assert state.phase is Phase.DEFEND and state.pile == cards("7C 7H")


def test_concede_picks_up_the_pile_and_defenders_left_attacks() -> None:
    """ "all the cards played to the battle pile are picked up and added to the defender's hand ... The
    attacker draws first, then the other players in clockwise order. (The defender will always have more
    than four cards after picking up so does not draw any.) ... The next attacker is the player to the
    defender's left.\""""
    state = position(["7C 7D 2C 3C", "2D 3D 4D 5D", "6C 8C 9C 7H"], attacker=0, deck=cards("JS QS KS"))
    play(state, "attack 7C 7D", "throw 7H", "pass", "pass", "concede")
    assert sorted(state.hands[1]) == sorted(cards("2D 3D 4D 5D 7C 7D 7H"))
    assert sorted(state.hands[0]) == sorted(cards("2C 3C KS QS"))  # the attacker drew first: KS, QS
    assert sorted(state.hands[2]) == sorted(cards("6C 8C 9C JS"))
    assert (state.attacker, state.defender) == (2, 0)


def test_after_a_beat_throw_ins_begin_with_the_defender() -> None:
    """ "After this, all players, again in clockwise order, beginning with the defender, may if they wish
    throw in further cards equal in rank to the top card of the battle pile.\""""
    state = position(["7C 2C 3C 4C", "9C 3D 4D 5D", "6C 8C 10C 9D", "6D 8D 10D 9H"], attacker=0)
    play(state, "attack 7C", "pass", "pass", "pass", "beat 9C")
    assert order_of_turns(state, 4) == [1, 2, 3, 0]
    assert state.phase is Phase.PICK_UP


def test_pick_up_priority_and_defender_restriction() -> None:
    """ "If more than one player wants it, the attacker has the highest priority, then the other players in
    clockwise order. However, the defender is not allowed to pick up the battle pile if no cards have been
    added to it by other players after the attack was beaten.\""""
    state = position(["7C 2C 3C 4C", "9C 3D 4D 5D", "6C 8C 10C 9D", "6D 8D 10D 9H"], attacker=0)
    play(state, "attack 7C", "pass", "pass", "pass", "beat 9C", "pass", "pass", "pass", "pass")
    assert state.pickup_queue == [0, 2, 3]  # the defender is not asked
    other = position(["7C 2C 3C 4C", "9C 3D 4D 5D", "6C 8C 10C 9D", "6D 8D 10D 9H"], attacker=0)
    play(other, "attack 7C", "pass", "pass", "pass", "beat 9C", "pass", "throw 9D", "pass", "pass", "pass", "pass")
    assert other.pickup_queue == [0, 1, 2, 3]
    play(other, "pass", "take")
    assert sorted(other.hands[1]) == sorted(cards("3D 4D 5D 7C 9C 9D"))
    assert other.attacker == 1  # "the defender becomes the new attacker"


def test_defender_throwing_in_alone_does_not_lift_the_restriction() -> None:
    state = position(["7C 2C 3C 4C", "9C 9S 4D 5D", "6C 8C 10C 9D"], attacker=0)
    play(state, "attack 7C", "pass", "pass", "beat 9C", "throw 9S", "pass", "pass", "pass")
    assert state.pickup_queue == [0, 2]


def test_no_one_picks_up_so_the_pile_is_discarded_and_hands_refill_in_order() -> None:
    """ "If no one else claims it the attacker sets aside all the cards played in the battle, placing them
    face down on the discard pile. ... The attacker draws first, then the defender, then the other players
    in clockwise order. After everyone who needs to has drawn cards, the defender becomes the new attacker.\""""
    state = position(["7C 2C 3C 4C", "9C 3D 4D 5D", "9D 6C 8C 10C"], attacker=0, deck=cards("JS QS KS"))
    play(state, "attack 7C", "pass", "pass", "beat 9C", "pass", "throw 9D", "pass", "pass", "pass")
    play(state, "pass", "pass", "pass")
    assert cards("KS")[0] in state.hands[0] and cards("QS")[0] in state.hands[1]
    assert cards("JS")[0] in state.hands[2]
    assert (state.attacker, state.defender) == (1, 2)
    # The last draw emptied the deck: "Any time that the "new cards" pile becomes empty, the discard pile is
    # shuffled and stacked face down to make a new deck" — so the discarded battle pile is the deck now.
    assert sorted(state.deck) == sorted(cards("7C 9C 9D")) and state.discard == [] and state.reshuffles == 1


def test_emptying_the_hand_without_completing_four_is_not_a_win() -> None:
    """ "In order to win you must play the last of four cards of equal rank to the battle pile, and having
    played that card have no cards left in your hand.\""""
    state = position(["7C 7D", "9C 3D 4D 5D", "6C 8C 10C 9D"], attacker=0, deck=[])
    play(state, "attack 7C 7D", "pass", "concede")  # seat 0, with no cards left, is not asked to throw in
    assert not state.is_over and state.hands[0] == []
    assert (state.attacker, state.defender) == (2, 1)  # the empty hand is passed over
    play(state, "attack 6C", "pass", "concede")
    assert state.attacker == 2  # seat 0 still holds nothing: seat 2 attacks seat 1 again


def test_completing_four_while_holding_cards_is_not_a_win() -> None:
    state = position(["7C 7D 7H 7S 2C", "9C 3D 4D 5D"])
    play(state, "attack 7C 7D 7H 7S")
    assert not state.is_over and state.phase is Phase.DEFEND


def test_battle_limit_ends_a_game_that_cannot_be_won() -> None:
    state = State(Rules(players=2, battle_limit=3), seed=0)
    while not state.is_over:
        state.apply(Concede() if state.phase is Phase.DEFEND else state.legal_actions()[-1])
    assert state.game_winners == [None] and state.end_reasons == [BATTLE_LIMIT]
    assert state.battle_number == 3


def test_a_game_with_one_hand_left_is_blocked() -> None:
    everything = sorted(set(range(52)) - set(cards("2C")))
    state = State.at_battle_start(Rules(players=2), [cards("2C"), everything[:50]], 0, deck=everything[50:])
    play(state, "attack 2C")  # seat 0 has nothing left to throw in: straight to the defender
    play(state, "beat 2D", "pass", "pass")  # seat 1 throws in nothing, seat 0 does not take the pile
    assert len(state.hands[0]) == 3 and not state.is_over  # it drew 2C, 2D and KS: all there was
    one = State.at_battle_start(Rules(players=2), [[], everything[:51] + cards("2C")], 0, deck=[])
    assert one.is_over and one.end_reasons == [BLOCKED]
