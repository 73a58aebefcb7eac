"""Seed 004 (college house rules, presets `college` and `college-draft`): one test per rule sentence, each
quoting it. The seed says "round" for a trick and "game" for a round; the sentence that lost its list is read
as seeds/README.md says: the trick ends when everyone else passes, when a 2 (a 3 in a revolution) is
played, or when the fourth card of a rank is played in a row ("ta gueule" reaching the fourth)."""

from __future__ import annotations

import pytest
from helpers import act, after_round, conserved, legal, position, with_options

from presidente.cards import JOKER
from presidente.errors import IllegalActionError
from presidente.president import Phase, find_preset, new_game, parse_action

COLLEGE = find_preset("college")
DRAFT = find_preset("college-draft")
# Seed 004's trade, "who in return must give": the preset's reading (see helpers.with_options).
TRADE = with_options(COLLEGE, exchange_order="in-return")


@pytest.mark.parametrize("players", range(2, 9))
def test_one_deck_no_jokers_two_or_more_players(players: int) -> None:
    """ "You need one french-suited (aka "standard") 52 cards deck (no jokers) and 2+ players." — "I don't
    remember playing more than 6 (but the rules can support it)."."""
    state = new_game(COLLEGE, players, seed=players)
    assert sum(state.sizes) == 52 and sum(hand[JOKER] for hand in state.hands) == 0


def test_whole_deck_dealt_some_have_more() -> None:
    """ "Each player is dealt one card at a time until the whole deck is dealt. Depending on the player count,
    some players may have more cards in hand."."""
    assert sorted(new_game(COLLEGE, 3, seed=2).sizes) == [17, 17, 18]


def test_ranks_three_lowest_two_highest() -> None:
    """ "Cards are ranked 3-4-5-6-7-8-9-10-J-Q-K-A-2, with 3 being the lowest and 2 the highest."."""
    state = position(COLLEGE, ["AC 3C", "2C KD 4D", "5H"])
    act(state, "AC")
    assert legal(state) == {"pass", "2C"}


@pytest.mark.parametrize("lead", ["4C", "4C 4D", "4C 4D 4H", "4C 4D 4H 4S"])
def test_lead_any_number_of_matching_cards(lead: str) -> None:
    """ "A round starts with the current player playing any number of cards with matching values from their
    hand into the table, starting the "pile". For example they can play a single 4, a pair of 4s, three 4s,
    or four 4s."."""
    state = position(COLLEGE, ["4C 4D 4H 4S 9C", "3S"])
    assert lead in legal(state)
    act(state, lead)
    assert state.trick_size == len(lead.split())


def test_equal_or_greater_rank_same_size_on_a_single() -> None:
    """ "The next player ... may then play a group of matching cards of exactly the same size from their hand,
    with either equal or greater rank." — "on a single 4 you could play a 4, a 5, or a king"."""
    state = position(COLLEGE, ["4C 9C", "4D 5D KD 3D", "6H"])
    act(state, "4C")
    assert legal(state) == {"pass", "4D", "5D", "KD"}


def test_equal_or_greater_rank_same_size_on_a_pair() -> None:
    """ "on a pair of 4s you could play the other pair of 4s or a pair of 5s, but you could not play a single 5
    or three 5s."."""
    state = position(COLLEGE, ["4C 4D 9C", "4H 4S 5C 5D 5H 3D", "6H"])
    act(state, "4C 4D")
    assert legal(state) == {"pass", "4H 4S", "5C 5D", "5C 5H", "5D 5H"}
    for wrong in ("5C", "5C 5D 5H"):
        with pytest.raises(IllegalActionError):
            state.apply(parse_action(wrong))


def test_may_pass_even_if_they_could() -> None:
    """ "They are not obligated to play and may pass even if they could have played something."."""
    state = position(COLLEGE, ["4C 9C", "5D 3D", "6H 7H"])
    act(state, "4C", "pass")
    assert state.current_player == 2


def test_trick_ends_when_everyone_else_passes() -> None:
    """ "This continues until one of three things happen:" — (1) everyone else passes. "When one of those
    conditions is met, the pile is discarded and whoever played the last card starts the next round."."""
    state = position(COLLEGE, ["4C 9C", "5D 3D", "6H 7H"])
    act(state, "4C", "5D", "pass", "pass")
    assert state.trick_size == 0 and state.current_player == 1 and sum(state.played) == 2


def test_trick_ends_on_a_two() -> None:
    """(2) "2s are the highest ranked cards and immediately win you the round when played."."""
    state = position(COLLEGE, ["4C 9C", "2D 3D", "6H 7H"])
    act(state, "4C", "2D")
    assert state.trick_size == 0 and state.current_player == 1


def test_trick_ends_on_the_fourth_of_a_rank() -> None:
    """(3) "... pushing the "ta gueule" to the next player or ending the round if it's the fourth one"."""
    state = position(COLLEGE, ["7C 9C", "7D 3D", "7H 4H", "7S 5S"])
    act(state, "7C", "7D", "7H")
    assert state.trick_size == 1
    act(state, "7S")
    assert state.trick_size == 0 and state.current_player == 3


def test_four_cards_led_at_once_do_not_end_the_trick() -> None:
    """The fourth card "in a row": a single play of four cards is a revolution, not the fourth "ta gueule" —
    "another revolution is played (which can be on the same round ...)"."""
    state = position(COLLEGE, ["9C 9D 9H 9S 3C", "5C 5D 5H 5S 4D", "6H"])
    act(state, "9C 9D 9H 9S")
    assert state.trick_size == 4 and state.reversed
    assert "5C 5D 5H 5S" in legal(state)


def test_next_player_starts_when_the_winner_has_left() -> None:
    """ "If that player emptied their hand during that round and left the game, then the next player in turn
    order starts the round."."""
    state = position(COLLEGE, ["4C", "5D 3D", "6H 7H"])
    act(state, "4C", "pass", "pass")
    assert state.current_player == 1
    state = position(COLLEGE, ["4C 9C", "2D", "6H 7H"])
    act(state, "4C", "2D")
    assert state.current_player == 2


def test_twos_need_the_right_count() -> None:
    """ "You are still required to play the correct amount of them, for example on a pair of 5s you need to play
    a pair of 2s, you can't play a single 2 on it."."""
    state = position(COLLEGE, ["5C 5D 9C", "2C 2D 3D", "6H 7H"])
    act(state, "5C 5D")
    assert legal(state) == {"pass", "2C 2D"}
    with pytest.raises(IllegalActionError):
        state.apply(parse_action("2C"))
    act(state, "2C 2D")
    assert state.trick_size == 0 and state.current_player == 1


def test_ta_gueule_forced_equal_rank_or_pass_not_even_a_two() -> None:
    """ "If you play a card with the same rank as the previous one ..., then the next player gets a "ta gueule"
    ("shut up"). They are forced to either play a card of the exact same rank, pushing the "ta gueule" to the
    next player or ending the round if it's the fourth one, or pass. They may not even play a 2."."""
    state = position(COLLEGE, ["7C 9C", "7D 3D", "7H 8H 2H", "7S 5S"])
    act(state, "7C", "7D")
    assert state.obligation == "or-pass" and legal(state) == {"pass", "7H"}
    with pytest.raises(IllegalActionError):
        state.apply(parse_action("2H"))
    act(state, "7H")
    assert state.current_player == 3 and legal(state) == {"pass", "7S"}  # pushed to the next player


def test_ta_gueule_pass_frees_the_next_player() -> None:
    """ "They are forced to either play a card of the exact same rank ... or pass." — read as: the "ta gueule"
    binds the player after the equal play only; once they pass, the next player plays as usual."""
    state = position(COLLEGE, ["7C 9C", "7D 3D", "7H 8H 2H", "7S 5S 10S"])
    act(state, "7C", "7D", "pass")
    assert state.obligation is None and legal(state) == {"pass", "7S", "10S"}


def test_ta_gueule_only_on_single_card_rounds() -> None:
    """ "(which only happens on single card rounds since on a pair it would end the round)"."""
    state = position(COLLEGE, ["7C 7D 9C", "7H 7S 3D", "8H 8D"])
    act(state, "7C 7D", "7H 7S")
    assert state.trick_size == 0 and state.current_player == 1


def test_revolution_by_four_reverses_and_threes_get_the_power_of_twos() -> None:
    """ "If a group of four cards is played, then it's a revolution. The rank order gets reversed (lowest ranks
    become highest and vice versa) and 3s get the power of 2s who loose it."."""
    state = position(COLLEGE, ["9C 9D 9H 9S 4C", "3C 3D 3H 3S 2C 2D 2H 2S", "6H"])
    act(state, "9C 9D 9H 9S")
    assert state.reversed
    assert legal(state) == {"pass", "3C 3D 3H 3S"}  # the four 2s lost their power
    act(state, "3C 3D 3H 3S")
    assert state.trick_size == 0 and state.current_player == 1  # the 3s end the trick as 2s would


def test_revolution_lasts_until_the_trick_ends() -> None:
    """ "This lasts until the end of the round or another revolution is played" (a "round" is a trick)."""
    state = position(COLLEGE, ["9C 9D 9H 9S 4C", "5H 5D 3D", "6H 7H"])
    act(state, "9C 9D 9H 9S")
    assert state.reversed
    act(state, "pass", "pass")
    assert state.trick_size == 0 and not state.reversed
    act(state, "4C")
    assert legal(state) == {"pass", "5H", "5D"}


def test_another_revolution_in_the_same_trick() -> None:
    """ "... or another revolution is played (which can be on the same round but it's very rare that two
    players get one)."."""
    state = position(COLLEGE, ["9C 9D 9H 9S 4C", "5C 5D 5H 5S 4D", "6H 6C 6D 6S"])
    act(state, "9C 9D 9H 9S", "5C 5D 5H 5S")
    assert not state.reversed
    assert legal(state) == {"pass", "6C 6D 6H 6S"}


def test_empty_hand_leaves_and_ranks() -> None:
    """ "When a player empties their hand during a round, they immediately leave the game and get their rank.
    The first to leave the game ranks first, the second to leave ranks second and so forth. The game ends when
    all but one player empty their hands."."""
    state = position(COLLEGE, ["4C", "5D 3D", "6H", "8S 9S"])
    act(state, "4C", "5D", "6H")
    assert state.finished == [0, 2] and not state.active[0] and not state.active[2]
    act(state, "8S", "pass", "9S")
    assert state.results[0] == [0, 2, 3, 1]


def test_titles() -> None:
    """ "the first player is given the title of "president", second player of "vice-president", second to last
    player "vice-asshole", and last player "asshole"."."""
    state = after_round(COLLEGE, [3, 1, 0, 4, 2])
    titles = [seat.title for seat in state.observation(None).seats]
    assert titles == ["neutral", "vice-president", "asshole", "president", "vice-asshole"]


@pytest.mark.parametrize(("places", "dealt"), [([0, 1, 2], (18, 17, 17)), ([4, 3, 2, 1, 0], (10, 11, 11, 10, 10))])
def test_the_asshole_deals(places: list[int], dealt: tuple[int, ...]) -> None:
    """ "The "asshole" deals for the next game": the deal starts on the dealer's left, who gets the first extra
    card."""
    state = after_round(COLLEGE, places)
    assert next(event.payload for event in state.events if event.kind == "deal") == dealt


def _hands() -> tuple[str, ...]:
    return (
        "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2C",
        "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2D",
        "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2H",
        "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S",
    )


def test_trade_president_chooses_asshole_gives_two_highest() -> None:
    """ "once hands are dealt and before the first round starts, those players must trade cards." — "The
    president gives 2 cards of their choice to the "asshole", who in return must give their 2 highest-ranked
    cards. The vice-president does the same with the vice-asshole but only 1 card." In return: the highest
    of the asshole's hand once the president's cards are in it, so a 2 the president gives comes back."""
    state = after_round(TRADE, [0, 1, 2, 3], _hands())
    assert state.phase is Phase.EXCHANGE and state.current_player == 0
    act(state, "give 2C 3C")
    assert state.received[3] == parse_action("give 2C 3C").cards
    assert state.received[0] == parse_action("give 2C 2S").cards  # the 2C came back with the 2S, not the AS
    assert state.current_player == 1
    act(state, "give 4D")
    assert state.phase is Phase.PLAY
    assert state.received[2] == parse_action("give 4D").cards
    assert state.received[1] == parse_action("give 2H").cards
    assert state.sizes == [13, 13, 13, 13] and conserved(state)


def test_president_starts_the_first_round() -> None:
    """ "The president then starts the first round."."""
    state = after_round(COLLEGE, [2, 0, 3, 1], seed=3)
    while state.phase is Phase.EXCHANGE:
        state.apply(state.legal_actions()[0])
    assert state.current_player == 2 and state.must_include is None


def test_draft_place_face_down_then_pick_in_ranking_order() -> None:
    """ "After cards are dealt, instead of the forced trade, each player puts two cards from their hand face
    down on the table. Once all cards are placed, they are turned faced up, then each player in ranking order
    (first place goes first and so on) takes two cards of their choice from the pile to add to their hand.
    Once all cards have been picked up, the game begins."."""
    state = after_round(DRAFT, [2, 0, 3, 1], _hands())
    assert state.phase is Phase.DRAFT_PLACE and state.transfers == []
    placed = []
    for seat, cards in ((2, "give 2H AH"), (0, "give 3C 4C"), (3, "give 3S 4S"), (1, "give 5D 6D")):
        assert state.current_player == seat
        act(state, cards)
        placed.append(seat)
        for viewer in range(4):
            view = state.observation(viewer)
            assert view.draft_pool is None or state.phase is Phase.DRAFT_PICK
            hidden = [e for e in view.events if e.kind == "draft-place" and e.seat != viewer]
            assert all(e.payload == 2 for e in hidden), "another seat's draft cards: only how many"
    assert state.phase is Phase.DRAFT_PICK and state.observation(1).draft_pool is not None
    assert sum(state.draft_pool) == 8
    for seat, cards in ((2, "take 3S 4S"), (0, "take 2H AH"), (3, "take 5D 6D"), (1, "take 3C 4C")):
        assert state.current_player == seat
        act(state, cards)
    assert state.phase is Phase.PLAY and sum(state.draft_pool) == 0 and conserved(state)
    assert state.sizes == [13, 13, 13, 13] and state.current_player == 2


def test_draft_only_from_the_second_game() -> None:
    """The draft replaces "the forced trade", which needs a ranking: the first game begins at once."""
    state = new_game(DRAFT, 4, seed=1)
    assert state.phase is Phase.PLAY
