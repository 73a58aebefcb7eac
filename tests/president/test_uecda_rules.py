"""The UECda match rules (issue 12) and the `uecda` preset, one test per sentence of `../shared/uecda/README.md`,
each quoting it; where the summary is silent, the official server's source (`tndhms`, src/daihu.c) settles it."""

from __future__ import annotations

import pytest
from helpers import act, after_round, legal, position, snapshot

from presidente.cards import parse_card
from presidente.errors import IllegalActionError, RulesError
from presidente.president import PASS, Phase, Position, Rules, State, find_preset, new_game
from presidente.president.roles import Roles, score_round

UECDA: Rules = find_preset("uecda")


def test_the_uecda_preset_is_the_official_server_default() -> None:
    """ "5 players, one deck of 52 cards and one joker"; the server's tndhms.cfg: RULE_KAKUMEI, RULE_SHIBARI,
    RULE_KAIDAN, RULE_8GIRI, RULE_CHANGE, RULE_SEKIGAE yes (RULE_SEKIGAE_NUM 3); RULE_KINSOKU, RULE_5TOBI,
    RULE_6REVERS, RULE_11BACK no; FLASH_MIBUN_NUMBER 100."""
    rules = UECDA
    assert (rules.min_players, rules.max_players, rules.decks, rules.jokers_per_deck) == (5, 5, 1, 1)
    assert rules.sequences and rules.suit_lock and rules.eight_cut and rules.spade_three_return
    # "columns 0 and 14 exist so that a joker can extend a sequence below the 3 or above the 2."
    assert rules.sequence_joker_ends and not rules.sequence_wraps
    assert rules.revolution == "jokers" and rules.revolution_cards == 4 and rules.sequence_revolution == 5
    assert not (rules.jack_back or rules.five_skip or rules.nine_reverse or rules.penalize_final_two)
    assert (rules.seat_shuffle, rules.rank_reset, rules.pass_limit, rules.rounds) == (3, 100, 20, 1000)
    assert find_preset("daihinmin") == rules


def test_the_deal_gives_three_players_eleven_cards_and_two_ten() -> None:
    """ "Deal one card at a time in seat order, from the Daifugo ...; three players get 11 cards, two get 10."."""
    state = new_game(UECDA, 5, seed=4)
    assert sorted(state.sizes) == [10, 10, 11, 11, 11]


def test_the_holder_of_the_three_of_diamonds_leads_and_need_not_play_it() -> None:
    """ "The holder of the 3 of diamonds leads the first trick; they need not play it." (`tndhms` looks for it
    every game: `now_player=search_card(players_card,2,1)`.)"""
    for seed in range(3):
        state = new_game(UECDA, 5, seed)
        holder = next(seat for seat in range(5) if state.hands[seat][4 * 2 + 1])  # 3D: label rank 2, diamonds
        assert state.phase is Phase.PLAY and state.current_player == holder
        assert state.must_include is None
        assert any(str(action) != "3D" and action != PASS for action in state.legal_actions())


def test_after_the_first_game_the_three_of_diamonds_still_leads() -> None:
    state = after_round(UECDA, [0, 1, 2, 3, 4], ["3D 4C", "5C 6C", "7C 8C", "9C 10C", "JC QC KC AC"])
    # The exchange comes first: the Daihinmin (4) gives its 2 strongest, the Hinmin (3) its strongest.
    assert state.phase is Phase.EXCHANGE
    assert state.hands[0][parse("AC")] and state.hands[0][parse("KC")] and state.hands[1][parse("10C")]
    act(state, "give 3D 4C", "give 5C")
    assert state.phase is Phase.PLAY and state.current_player == 4  # the Daihinmin now holds the 3D


def parse(text: str) -> int:
    return parse_card(text)


def test_the_server_chooses_the_strongest_cards_by_suit_order() -> None:
    """ "the Daihinmin's 2 strongest cards go to the Daifugo and the Hinmin's strongest to the Fugo, chosen by the
    server (joker first, then by rank from the 2 down, ties by suit spade > heart > diamond > club); then the
    Daifugo gives back any 2 cards and the Fugo any 1"."""
    hands = ["3C 4C", "5C 6C", "7C 8C", "2D 2C 9C", "JK 2H 2S 10C"]
    state = after_round(UECDA, [0, 1, 2, 3, 4], hands)
    assert state.received[0] == (
        (parse("2S"), 1),
        (52, 1),
    )  # the joker, then the 2 of spades over the 2 of hearts
    assert state.received[1] == ((parse("2D"), 1),)  # the 2 of diamonds over the 2 of clubs
    with pytest.raises(IllegalActionError):
        act(state, "give 3C")  # the Daifugo gives back 2
    act(state, "give 3C 4C", "give 5C")
    assert state.received[4] == ((parse("3C"), 1), (parse("4C"), 1)) and state.received[3] == ((parse("5C"), 1),)


def test_a_pass_holds_and_the_last_player_may_play_again_on_their_own_play() -> None:
    """ "A pass holds until the table is cleared. The table clears when every player still in has passed; the
    last player to play leads" — `tndhms` clears the table when the passes reach the players still in, so the
    turn comes back to the last player, who may beat their own play or pass."""
    state = position(UECDA, ["5C 9C 3S", "6D", "7H", "8S 4D", "4H"], players=5)
    act(state, "5C", "pass", "pass", "pass", "pass")
    assert state.current_player == 0 and state.trick_size == 1
    assert legal(state) == {"pass", "9C"}
    act(state, "9C", "pass")
    assert state.trick_size == 0 and state.current_player == 0


def test_a_leader_may_pass_and_the_same_leader_leads_when_everyone_passes() -> None:
    """`tndhms` accepts an empty table from the leader as a pass (it counts toward the 20); when every player still
    in has passed on the empty table, it clears, and its last player (the leader) is to move again."""
    state = position(UECDA, ["5C 3S", "6D 7D", "7H 8H", "8S 4D", "4H 9H"], players=5)
    assert "pass" in legal(state)
    act(state, "pass")
    assert state.current_player == 1 and state.trick_size == 0
    act(state, "pass", "pass", "pass", "pass")
    assert state.current_player == 0 and state.trick_size == 0 and not any(state.trick_passed)


def test_twenty_passes_in_a_row_give_the_players_still_in_random_places() -> None:
    """ "After 20 passes in a row, every player still in gets a random remaining rank."."""
    state = position(UECDA, ["5C 3S", "6D 7D", "7H 8H", "8S 4D", "4H 9H"], players=5)
    act(state, *["pass"] * 19)
    assert state.results == [] and state.passes_in_a_row == 19
    ending = state.clone()
    ending.rules = ending.rules.replace(rounds=1)
    act(ending, "pass")
    assert ending.is_over and "pass-limit" in [event.kind for event in ending.events]
    act(state, "pass")
    assert len(state.results) == 1 and sorted(state.results[0]) == [0, 1, 2, 3, 4]
    assert sorted(state.scores) == [1, 2, 3, 4, 5]
    assert state.round_number == 2  # the next game has begun


def test_a_play_resets_the_passes_in_a_row() -> None:
    state = position(UECDA, ["5C 3S 10S", "6D 7D", "7H 8H", "8S 4D", "4H 9H"], players=5)
    act(state, *["pass"] * 15, "3S")
    assert state.passes_in_a_row == 0


def test_points_are_five_to_one() -> None:
    """ "Points: 5, 4, 3, 2, 1 from Daifugo to Daihinmin."."""
    scores = [0] * 5
    score_round([2, 0, 4, 1, 3], UECDA, scores)
    assert scores == [4, 2, 5, 1, 3]


def test_seats_are_shuffled_every_three_games_and_ranks_stay() -> None:
    """ "Seats are shuffled at random every 3 games (game 1, 4, 7, …); a seat change does not change ranks."."""
    state = new_game(UECDA.replace(rounds=7), 5, seed=11)
    seatings = {}
    while not state.is_over:
        seatings.setdefault(state.round_number, list(state.seating or []))
        state.apply(state.auto_action() if state.current_player is not None else PASS)
    assert sorted(seatings[1]) == [0, 1, 2, 3, 4]
    assert seatings[1] == seatings[2] == seatings[3] and seatings[4] == seatings[5] == seatings[6]
    assert seatings[4] != seatings[1] or seatings[7] != seatings[4]


def test_the_turn_goes_along_the_seating() -> None:
    state = position(UECDA, ["5C 3S", "6D 7D", "7H 8H", "9S 4D", "4H 9H"], players=5)
    state.seating = [0, 3, 1, 4, 2]
    act(state, "5C")
    assert state.current_player == 3
    act(state, "9S")
    assert state.current_player == 1
    again = State.from_position(Position.from_json(state.to_position().to_json()))
    assert again.seating == [0, 3, 1, 4, 2] and legal(again) == legal(state)


def test_ranks_reset_every_hundred_games_with_no_exchange() -> None:
    """ "Before each game except the first of each 100-game block (games 1, 101, 201, … reset the ranks and skip
    the exchange)"."""
    rules = UECDA.replace(rank_reset=2, rounds=3)
    state = new_game(rules, 5, seed=2)
    phases = {}
    while not state.is_over:
        phases.setdefault(state.round_number, (state.phase, state.roles.exists))
        state.apply(state.auto_action())
    assert phases[1] == (Phase.PLAY, False)
    assert phases[2][0] is Phase.EXCHANGE and phases[2][1]
    assert phases[3] == (Phase.PLAY, False)


def test_eight_cut_revolution_lock_and_spade_three_in_the_preset() -> None:
    """ "8 cut: any play that contains an 8 ... clears the table"; "Lock: when a play has exactly the suits of the
    play before it, later plays until the table clears must have those suits"; "Only the 3 of spades beats it
    (single, lock or not), and that clears the table"."""
    state = position(UECDA, ["6S 3S 10S 5D", "8D 9D", "7S JK QD", "9S 4C", "KH AH"], players=5)
    act(state, "6S", "pass", "7S")
    assert state.lock == 8  # spades
    assert legal(state) == {"pass", "9S"}
    act(state, "9S", "pass", "10S")
    assert state.current_player == 2 and "JK" in legal(state)
    act(state, "JK", "pass")
    assert state.current_player == 0 and legal(state) == {"pass", "3S"}
    before = snapshot(state)
    act(state, "3S")
    assert state.trick_size == 0 and state.current_player == 0 and snapshot(state) != before


def test_all_passed_needs_a_pass_that_holds() -> None:
    with pytest.raises(RulesError, match="all-passed"):
        UECDA.replace(pass_mode="turn")


def test_roles_are_named_as_in_uecda() -> None:
    """ "Ranks by finishing order: Daifugo, Fugo, Heimin, Hinmin, Daihinmin."."""
    assert UECDA.role_titles == ("Daifugo", "Fugo", "Heimin", "Hinmin", "Daihinmin")
    assert Roles(0, 1, 3, 4).key_of(2) == "neutral"


# ----------------------------------------------------------------- a joker's suit in a group (joker_suits)

SUITED = UECDA.replace(joker_suits=True)


def test_with_joker_suits_a_groups_joker_names_its_card() -> None:
    """`tndhms` reads a joker beside natural cards from the suit's cell the client put it in ("In a play a cell
    holds 1 for a card and 2 for the joker standing for that card"), so the joker has a suit."""
    state = position(SUITED, ["9S JK 3C", "10D 10C", "4H", "5H", "6H"], players=5)
    assert {"JK=9C 9S", "JK=9D 9S", "JK=9H 9S"} <= legal(state)
    assert "JK 9S" not in legal(state)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="Name the card"):
        act(state, "JK 9S")
    with pytest.raises(IllegalActionError, match="do not hold"):
        act(state, "JK=9D 9H")  # the 9 of hearts is not in this hand
    assert snapshot(state) == before
    act(state, "JK=9H 9S")
    assert state.trick[-1][1].stands_for


def test_a_named_joker_lends_its_suit_to_the_lock() -> None:
    """ "Lock: when a play has exactly the suits of the play before it, later plays until the table clears must
    have those suits" — with the joker's suit as `tndhms` reads it."""
    state = position(SUITED, ["6S 6H 3C", "7S JK 4C", "10D 10C 10H 10S", "5H", "6D"], players=5)
    act(state, "6S 6H", "JK=7H 7S")
    assert state.lock == 8 | 4
    assert legal(state) == {"pass", "10H 10S"}


def test_without_joker_suits_a_groups_joker_names_nothing() -> None:
    state = position(UECDA.replace(joker_suits=False), ["9S JK 3C", "10D 10C", "4H", "5H", "6H"], players=5)
    assert "JK 9S" in legal(state)
    with pytest.raises(IllegalActionError, match="name no card"):
        act(state, "JK=9H 9S")


def test_five_of_a_kind_leaves_its_joker_unnamed() -> None:
    state = position(SUITED, ["9S 9H 9D 9C JK 3C", "10D", "4H", "5H", "6H"], players=5)
    assert "JK 9C 9D 9H 9S" in legal(state)
    act(state, "JK 9C 9D 9H 9S")
    assert state.reversed  # "four or more of a rank (a joker may make up the four or the five)"


def test_joker_suits_needs_one_deck() -> None:
    with pytest.raises(RulesError, match="joker_suits"):
        SUITED.replace(decks=2)


def test_every_seat_sees_the_seating_the_passes_in_a_row_and_who_was_to_lead() -> None:
    """The protocol's table shows every client "`[6][10..14]` the player number sitting in seats 0–4", and each
    counts the passes toward "After 20 passes in a row, every player still in gets a random remaining rank": both
    are public, so every observation (a spectator's too) carries them, with the seat that was to lead the trick
    (it leads again when every player passes on the empty table)."""
    state = new_game(UECDA, 5, seed=4)
    leader = state.current_player
    assert state.seating is not None and leader is not None
    act(state, "pass", "pass")
    for seat in (*range(5), None):
        observation = state.observation(seat)
        assert observation.seating == tuple(state.seating)
        assert (observation.passes_in_a_row, observation.trick_leader) == (2, leader)
    assert new_game(find_preset("bga"), 4, seed=4).observation(0).seating == ()  # seat order
