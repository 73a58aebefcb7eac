"""Seed 001 (Board Game Arena, preset `bga`): one test per rule sentence, each quoting it."""

from __future__ import annotations

import pytest
from helpers import Roles, act, after_round, counts, legal, position, snapshot

from presidente.cards import JOKER
from presidente.errors import IllegalActionError, PresidenteError
from presidente.president import Phase, find_preset, new_game, parse_action

BGA = find_preset("bga")


@pytest.mark.parametrize("players", range(2, 9))
def test_two_to_eight_players(players: int) -> None:
    """ "Number of players : 2-8 (no President or Beggar in 2/3-player)"."""
    state = new_game(BGA, players, seed=players)
    assert state.phase is Phase.PLAY and sum(state.sizes) == (30 if players == 2 else 53)


@pytest.mark.parametrize("players", [1, 9])
def test_other_player_counts_are_refused(players: int) -> None:
    """ "Number of players : 2-8"."""
    with pytest.raises(PresidenteError):
        new_game(BGA, players)


@pytest.mark.parametrize("players", [2, 3])
def test_no_president_or_beggar_with_two_or_three_players(players: int) -> None:
    """ "(no President or Beggar in 2/3-player)": only the Minister and the Peasant swap a card."""
    state = after_round(BGA, list(range(players)))
    roles = state.roles
    assert roles.president is None and roles.scum is None
    assert roles.vice == 0 and roles.high_scum == players - 1
    assert [t.count for t in state.transfers] == [1]
    titles = [seat.title for seat in state.observation(0).seats]
    assert titles[0] == "Minister" and titles[-1] == "Peasant"


def test_four_players_have_all_four_roles() -> None:
    """ "The roles in the next round are: President ... Minister ... Peasant ... Beggar ... Citizen(s)"."""
    state = after_round(BGA, [3, 1, 0, 4, 2])
    titles = [seat.title for seat in state.observation(None).seats]
    assert titles == ["Citizen", "Minister", "Beggar", "President", "Peasant"]


def test_one_deck_and_one_joker() -> None:
    """ "President is played with a standard 52-card deck and 1 Joker"."""
    state = new_game(BGA, 4, seed=3)
    assert sum(state.sizes) == 53 and sum(hand[JOKER] for hand in state.hands) == 1
    assert sorted(state.sizes) == [13, 13, 13, 14]


def test_hierarchy_three_lowest_two_highest() -> None:
    """ "Following this hierarchy (lowest to highest): Joker, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, 2."
    (the Joker is listed first, yet "can be used as ... the highest ranked card": see the next tests)."""
    state = position(BGA, ["AC 3D", "2C KD 3C"])
    act(state, "AC")
    assert legal(state) == {"pass", "2C"}
    state = position(BGA, ["3D 5C", "4C KH"])
    act(state, "3D")
    assert legal(state) == {"pass", "4C", "KH"}


def test_joker_alone_is_the_highest_card() -> None:
    """ "A Joker can be used as either the highest ranked card or a wild which can be used with other cards"."""
    state = position(BGA, ["2C 5C", "JK 4D"])
    act(state, "2C")
    assert "JK" in legal(state)
    act(state, "JK")
    assert legal(state) == {"pass"}  # nothing beats it
    act(state, "pass")
    assert state.current_player == 1 and state.trick_size == 0


def test_joker_is_wild_with_other_cards() -> None:
    """ "... or a wild which can be used with other cards": a pair, a triple, with the Joker."""
    state = position(BGA, ["9C 9D 5C", "JK 10H 4C", "3C"])
    act(state, "9C 9D")
    assert {"JK 10H", "JK 4C"} & legal(state) == {"JK 10H"}
    act(state, "JK 10H")
    assert [str(play) for _, play in state.trick] == ["9C 9D", "JK 10H"]


def test_joker_cannot_ignore_the_combination_type() -> None:
    """ "... but the Joker cannot ignore the combination type": alone it cannot beat a pair, and it stands for
    no rank on its own."""
    state = position(BGA, ["9C 9D 5C", "JK 4C", "3C"])
    act(state, "9C 9D")
    assert legal(state) == {"pass"}
    before = snapshot(state)
    with pytest.raises(IllegalActionError):
        state.apply(parse_action("JK"))
    assert snapshot(state) == before
    lead = position(BGA, ["JK 4C", "3C"])
    with pytest.raises(IllegalActionError):
        lead.apply(parse_action("JK=2"))


def test_cards_cannot_be_dealt_evenly_lowest_ranked_get_more() -> None:
    """ "When cards cannot be evenly distributed, lowest ranked players will receive more cards than others."
    53 cards among 5: the three lowest of last round receive 11, the others 10."""
    state = after_round(BGA, [4, 2, 0, 1, 3])
    dealt = next(event.payload for event in state.events if event.kind == "deal")
    assert dealt == (11, 11, 10, 11, 10)


def test_two_player_mode_fifteen_cards() -> None:
    """ "In 2 player mode, both players receive 15 cards instead."."""
    state = new_game(BGA, 2, seed=8)
    assert state.sizes == [15, 15] and sum(state.undealt) == 23


@pytest.mark.parametrize("lead", ["5C", "KC KD", "4C 4D 4H", "7C 7D 7H 7S", "JK 9C 9D 9H 9S"])
def test_single_double_triple_quadruple_quintuple(lead: str) -> None:
    """ "A player can play a single card or a set of cards of equal rank : Double ... Triple ... Quadruple ...
    Quintuple - four cards of the same value and the Joker as a wild (ex. 4 nines plus the Joker)"."""
    state = position(BGA, ["5C KC KD 4C 4D 4H 7C 7D 7H 7S 9C 9D 9H 9S JK", "3S"])
    assert lead in legal(state)
    act(state, lead)
    assert state.trick_size == len(lead.split())


def test_mixed_ranks_are_not_a_play() -> None:
    """ "a set of cards of equal rank"."""
    state = position(BGA, ["5C 6C", "3S"])
    with pytest.raises(PresidenteError):
        state.apply(parse_action("5C 6C"))


@pytest.mark.parametrize(("lead", "follow"), [("5C", {"pass", "6C", "QD", "JH", "JS"}), ("9C 9D", {"pass", "JH JS"})])
def test_first_player_sets_the_number_of_cards(lead: str, follow: set[str]) -> None:
    """ "The first player of the round sets how many cards should be played for the entire pile." —
    "Player 1 : plays 1 five, then all others players must play one card until this pile is over." —
    "Player 1 : plays 2 nines, then all others players must play two cards until this pile is over."."""
    state = position(BGA, ["5C 9C 9D", "6C QD JH JS", "3C"])
    act(state, lead)
    assert legal(state) == follow


def test_higher_same_number_or_pass_and_wait() -> None:
    """ "The next player must play a higher ranked combination with the same number of cards or pass and wait
    until their next turn."."""
    state = position(BGA, ["5C 3H", "7C 9C", "6C 3D"])
    act(state, "5C", "pass", "6C")
    assert state.current_player == 0
    act(state, "pass")
    assert state.current_player == 1 and "7C" in legal(state)  # seat 1 passed before and plays now
    act(state, "7C")
    assert state.last_player == 1


def test_all_others_pass_last_player_starts() -> None:
    """ "If all players except a single player pass consecutively, remove cards on the table and the player who
    played last starts a new play."."""
    state = position(BGA, ["5C 8C", "3D 7C", "4D 9C"])
    act(state, "5C", "7C", "pass", "pass")
    assert state.current_player == 1 and state.trick == [] and state.trick_size == 0
    assert state.played[parse_action("5C").cards[0][0]] == 1


def test_last_card_then_next_player_clockwise_starts() -> None:
    """ "If a player played their last card, and no other player can play (or pass even if they can play), the
    next player available clockwise will start next pile."."""
    state = position(BGA, ["5C", "3C 4C", "3D 4D", "AS 3H"])
    act(state, "5C", "pass", "pass", "pass")
    assert state.current_player == 1 and state.trick_size == 0


def test_round_continues_until_one_player_holds_cards() -> None:
    """ "The game will continue until there is a single player left with at least a card in their hand."."""
    state = position(BGA, ["5C", "6C 3C", "7C 4C"])
    act(state, "5C")
    assert state.round_number == 1 and state.phase is Phase.PLAY
    act(state, "6C", "7C", "pass")  # seat 1 passes; seat 2 leads
    act(state, "4C")
    assert state.results == [[0, 2, 1]]


def _exchange_state() -> tuple[str, ...]:
    return (
        "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2C",  # President
        "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2D",  # Minister
        "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2H",  # Peasant
        "JK 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S",  # Beggar
    )


def test_beggar_gives_two_highest_president_gives_two_of_choice_at_the_same_time() -> None:
    """ "The Beggar must give their two highest cards to the President and the President must give back 2
    cards of their choice to the Beggar at the same time."."""
    state = after_round(BGA, [0, 1, 2, 3], _exchange_state())
    assert state.phase is Phase.EXCHANGE and state.current_player == 0
    assert len(state.legal_actions()) == 78  # any 2 of 13 cards
    act(state, "give 2C 3C")  # the President may give a 2: it is not sent back in the same swap
    act(state, "give 4D")
    assert state.phase is Phase.PLAY
    assert state.received[3] == parse_action("give 2C 3C").cards
    assert state.received[0] == parse_action("give JK 2S").cards
    assert state.hands[0][JOKER] == 1 and state.sizes == [13, 13, 13, 14]


def test_peasant_gives_highest_minister_gives_one_of_choice() -> None:
    """ "The Peasant must give their highest card to the Minister and the Minister must give back 1 card of
    their choice to the Peasant at the same time."."""
    state = after_round(BGA, [0, 1, 2, 3], _exchange_state())
    act(state, "give 3C 4C", "give 9D")
    assert state.received[1] == parse_action("give 2H").cards
    assert state.received[2] == parse_action("give 9D").cards


def test_citizens_do_not_exchange() -> None:
    """ "Citizen(s) do not exchange cards."."""
    hands = ("3C 4C 5C 6C 7C 8C 9C", "3D 4D 5D 6D 7D 8D", "10C JC QC", "3H 4H 5H 6H", "3S 4S 5S 6S 2S")
    state = after_round(BGA, [0, 1, 2, 3, 4], hands)
    act(state, "give 3C 4C", "give 3D")
    assert state.received[2] is None and state.gave[2] is None
    assert state.hands[2] == counts("10C JC QC")


def test_beggar_starts_the_next_round() -> None:
    """ "The Beggar will be the first player to start the next round."."""
    state = after_round(BGA, [2, 0, 3, 1], seed=4)
    while state.phase is Phase.EXCHANGE:
        state.apply(state.legal_actions()[0])
    assert state.current_player == 1


def test_revolution_on_four_or_more_cards() -> None:
    """ "When a player plays four or more cards, the hierarchy of all the cards is reversed during the same
    round."."""
    state = position(BGA, ["7C 7D 7H 7S 4C", "8C 8D 8H 8S 3C", "6C 6D 6H 6S 5D"])
    act(state, "7C 7D 7H 7S")
    assert state.reversed
    assert legal(state) == {"pass"}  # four 8s no longer beat four 7s
    act(state, "pass", "pass")  # seat 2 keeps its 6s
    assert state.current_player == 0 and state.reversed  # the revolution outlives the trick
    act(state, "4C")
    assert legal(state) == {"pass", "3C"}


def test_three_cards_are_no_revolution() -> None:
    """ "When a player plays four or more cards" — three are not enough."""
    state = position(BGA, ["7C 7D 7H 4C", "8C"])
    act(state, "7C 7D 7H")
    assert not state.reversed


def test_joker_is_unaffected_by_the_revolution() -> None:
    """ "The Joker is unaffected by the revolution." — "after the first revolution of a round, the order of
    power is (lowest to highest): Joker, 2, A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3" (the Joker alone still
    beats the 3)."""
    state = position(BGA, ["3C 5C", "JK 4D", "2H 9S"], reversed=True)
    act(state, "5C")
    assert legal(state) == {"pass", "JK", "4D"}  # the 4 beats the 5
    act(state, "pass")
    assert legal(state) == {"pass"}  # the 2 is now the lowest
    act(state, "pass", "3C")
    assert legal(state) == {"pass", "JK"}


def test_another_revolution_switches_back() -> None:
    """ "If another revolution is played, the order would switch back to normal."."""
    state = position(BGA, ["7C 7D 7H 7S 4C", "6C 6D 6H 6S 3C", "5C"])
    act(state, "7C 7D 7H 7S", "6C 6D 6H 6S")
    assert not state.reversed
    kinds = [event.kind for event in state.events]
    assert kinds.count("revolution") == 2


def test_equal_play_skips_the_next_player() -> None:
    """ "When a player plays the same number of cards of the same rank as the previous player, that skips the
    next person who would have played." — "playing a 7 on top of another 7, or a pair of 4s on another pair
    of 4s, the next player is skipped."."""
    state = position(BGA, ["7C 3C", "7D 3D", "8C 3H", "9C 3S"])
    act(state, "7C", "7D")
    assert state.current_player == 3
    assert [e.seat for e in state.events if e.kind == "skipped"] == [2]
    state = position(BGA, ["4C 4D 3C", "4H 4S 3D", "8C 8D", "9C 9D"])
    act(state, "4C 4D", "4H 4S")
    assert state.current_player == 3


def test_joker_played_alone_cannot_be_skipped() -> None:
    """ "The Joker played alone cannot be skipped." (two decks bring two Jokers)."""
    rules = BGA.replace(decks=2)
    state = position(rules, ["JK 3C", "JK 4C", "5C"])
    act(state, "JK")
    assert legal(state) == {"pass"}
    with pytest.raises(IllegalActionError, match="cannot be skipped"):
        state.apply(parse_action("JK"))


@pytest.mark.parametrize(
    ("hand", "reversed", "options"),
    [("2C", False, {}), ("3C", True, {}), ("8C", False, {"eight_rule": True}), ("JK", False, {}), ("JK 9C", False, {})],
)
def test_illegal_finish_is_ranked_lowest(hand: str, reversed: bool, options: dict[str, bool]) -> None:
    """ "A player went out by playing 2 when card ranks are normal, 3 when card ranks are reversed, 8 when
    Ender 8 option is active, or the Joker (even as a wild card), is disqualified and is ranked the
    lowest."."""
    state = position(BGA.replace(**options), [hand, "4H", "5D 6D"], reversed=reversed)
    act(state, hand)
    assert state.out == [0]
    while state.round_number == 1:
        state.apply(state.legal_actions()[-1])
    assert state.results[0][-1] == 0


@pytest.mark.parametrize(("hand", "reversed"), [("2C", True), ("3C", False), ("8C", False)])
def test_same_cards_finish_legally_otherwise(hand: str, reversed: bool) -> None:
    """ "2 when card ranks are normal, 3 when card ranks are reversed, 8 when Ender 8 option is active" —
    outside those conditions the same cards finish legally."""
    state = position(BGA, [hand, "4H", "5D 6D"], reversed=reversed)
    act(state, hand)
    assert state.finished == [0] and state.out == []


def test_several_disqualified_later_ranks_higher() -> None:
    """ "If several players are disqualified by this rule in the same round, the player who went out later is
    ranked higher."."""
    state = position(BGA, ["2C", "JK", "3C", "4C 5C"])
    act(state, "2C", "pass", "pass", "pass")  # seat 0 is out; seat 1 leads
    act(state, "JK", "pass", "pass")  # seat 1 is out; seat 2 leads
    act(state, "3C")
    assert state.results[0] == [2, 3, 1, 0]


def test_illegal_cards_before_the_last_play_are_allowed() -> None:
    """ "Playing illegal finish cards just before the last play is not forbidden." — "when a player with Joker
    and a 4 has the lead, the player can play the Joker to win the trick immediately and then play a 4 and
    go out legally."."""
    state = position(BGA, ["JK 4C", "5C 6C", "5D 6D"])
    act(state, "JK")
    assert legal(state) == {"pass"}
    act(state, "pass", "pass", "4C")
    assert state.finished == [0] and state.out == []


def test_downfall_president_not_first_is_ranked_last() -> None:
    """ "When the President ... fails to get the first place, that player is automatically eliminated from the
    round and ranked last"."""
    roles = Roles(president=0, vice=1, high_scum=2, scum=3)
    state = position(BGA, ["5C 6C", "7C", "3C 9D", "4C 10D"], current=1, roles=roles)
    act(state, "7C")
    assert state.downfallen == 0 and not state.active[0] and state.sizes[0] == 0
    assert state.face_up == counts("5C 6C")
    act(state, "pass", "pass", "3C", "4C", "9D")
    assert state.results[0] == [1, 2, 3, 0]


def test_downfall_minister_in_three_players() -> None:
    """ "When the President (or the Minister in 3-player) fails to get the first place ..."."""
    roles = Roles(vice=0, high_scum=2)
    state = position(BGA, ["5C 6C", "7C", "3C 9D"], current=1, roles=roles)
    act(state, "7C")
    assert state.results[0] == [1, 2, 0]


def test_no_downfall_when_the_president_wins() -> None:
    """ "fails to get the first place" — a President who goes out first keeps their place."""
    roles = Roles(president=0, vice=1, high_scum=2, scum=3)
    state = position(BGA, ["7C", "5C 6C", "3C 9D", "4C 10D"], roles=roles)
    act(state, "7C")
    assert state.downfallen is None and state.active[1:] == [True, True, True]


def test_downfall_unless_someone_is_disqualified() -> None:
    """ "... ranked last unless someone else is disqualified by illegal finish."."""
    roles = Roles(president=0, vice=1, high_scum=2, scum=3)
    state = position(BGA, ["5C 6C", "7C", "3C 9D 9H", "2C"], current=1, roles=roles)
    act(state, "7C", "pass", "2C")
    assert state.results[0] == [1, 2, 0, 3]


def test_points_equal_players_beaten() -> None:
    """ "For each round, each player receives the points equal to the number of players they beat."."""
    state = position(BGA, ["2C", "JK", "3C", "4C 5C"])
    act(state, "2C", "pass", "pass", "pass", "JK", "pass", "pass", "3C")
    assert state.scores == [0, 1, 3, 2]


def test_game_ends_at_the_target_score() -> None:
    """ "The game ends when a player reaches the target score written in the player panel." (20 here)."""
    assert BGA.target_score == 20 and BGA.rounds == 0
    state = position(BGA, ["5C", "6C 3C", "7C 4C"])
    state.scores = [18, 0, 0]
    act(state, "5C", "6C", "7C", "pass", "4C")
    assert state.scores == [20, 0, 1] and state.phase is Phase.OVER and state.is_over
    state = position(BGA, ["5C", "6C 3C", "7C 4C"])
    state.scores = [17, 0, 0]
    act(state, "5C", "6C", "7C", "pass", "4C")
    assert state.phase is not Phase.OVER and state.round_number == 2
