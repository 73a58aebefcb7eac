"""What a client knows of the game, read from the server's tables (`SeatView`), and the engine state it sets up."""

from __future__ import annotations

import random

from presidente.bots.registry import make_bot
from presidente.cards import CardGroup, counts_from_group, parse_cards
from presidente.president import Give, Play
from presidente.uecda import protocol
from presidente.uecda.client import Player, SeatView, weakest
from presidente.uecda.preset import uecda_rules
from presidente.uecda.protocol import Table

HAND = parse_cards("3D 4S 7H 9C JK")
# A hand without the joker, for a seat that sees another player play it.
NO_JOKER = parse_cards("3D 4S 7H 9C 10C")


def hand_table(mover: int, empty: bool, sizes: tuple[int, ...] = (5, 10, 10, 11, 11), hand: CardGroup = HAND) -> Table:
    table = protocol.hand_table(hand)
    table[5][3], table[5][4] = mover, int(empty)
    table[5][2] = int(mover == 0)
    table[6][:5] = list(sizes)
    table[6][10:15] = [0, 1, 2, 3, 4]
    return table


def stage_table(mover: int, play: str | None, sizes: tuple[int, ...] = (5, 10, 10, 11, 11)) -> Table:
    table = protocol.play_table(Play.parse(play)) if play else protocol.empty_table()
    table[5][3] = mover
    table[6][:5] = list(sizes)
    table[6][10:15] = [0, 1, 2, 3, 4]
    return table


def test_new_cards_on_the_stage_are_a_play_the_same_cards_a_pass() -> None:
    view = SeatView(0)
    view.read_hand(hand_table(1, empty=True))
    assert view.read_stage(stage_table(1, "5H")) == (1, protocol.read_play(stage_table(1, "5H")))
    view.read_hand(hand_table(2, empty=False))
    mover, move = view.read_stage(stage_table(2, "5H"))
    assert (mover, move) == (2, None)
    assert view.passed == {2}
    assert [player for player, _ in view.trick] == [1]
    assert counts_from_group(parse_cards("5H")) == [min(count, 1) for count in view.played]


def test_a_lone_joker_on_the_cell_of_the_card_it_beats_is_a_play() -> None:
    # Values count: tndhms shows a lone joker as a 2 wherever its player wrote it, here on the 2 of spades.
    view = SeatView(0)
    view.read_hand(hand_table(1, empty=True, hand=NO_JOKER))
    view.read_stage(stage_table(1, "2S", sizes=(5, 9, 10, 11, 11)))
    joker = stage_table(2, None, sizes=(5, 9, 9, 11, 11))
    joker[0][13] = 2
    view.read_hand(hand_table(2, empty=False, sizes=(5, 9, 10, 11, 11), hand=NO_JOKER))
    assert view.read_stage(joker)[1] is not None
    assert view.played[52] == 1


def test_passes_hold_until_the_table_is_cleared() -> None:
    view = SeatView(0)
    view.read_hand(hand_table(1, empty=True))
    view.read_stage(stage_table(1, None))  # the leader passes on the empty table: the pass holds
    view.read_hand(hand_table(2, empty=True))
    assert view.passed == {1} and view.leader == 1
    view.read_stage(stage_table(2, "6C"))
    for player in (3, 4, 0, 2):  # everyone else passes on 6C, its player included
        view.read_hand(hand_table(player, empty=False))
        view.read_stage(stage_table(player, "6C"))
    assert view.passes_in_a_row == 4
    view.read_hand(hand_table(2, empty=True))  # cleared: the last player leads afresh
    assert view.passed == set() and view.trick == [] and view.leader == 2


def test_a_player_whose_hand_empties_is_out_in_that_order() -> None:
    view = SeatView(0)
    view.read_hand(hand_table(3, empty=True, sizes=(5, 10, 10, 1, 11)))
    view.read_stage(stage_table(3, "KS", sizes=(5, 10, 10, 0, 11)))
    assert view.finished == [3] and view.disagreed == 0


def test_the_engine_state_holds_the_own_hand_exactly_and_samples_the_others() -> None:
    view = SeatView(0)
    view.read_hand(hand_table(1, empty=True))
    view.read_stage(stage_table(1, "5H", sizes=(5, 9, 10, 11, 11)))
    view.read_hand(hand_table(0, empty=False, sizes=(5, 9, 10, 11, 11)))
    state = view.state(uecda_rules(1), random.Random(1))
    observation = state.observation(state.current_player)
    assert observation.hand == HAND
    assert list(state.sizes) == [5, 9, 10, 11, 11]
    assert [str(play) for _, play in observation.trick] == ["5H"]
    # Two samples differ, and neither ever gives a seat a card this seat holds or one already played.
    other = view.state(uecda_rules(1), random.Random(2))
    assert state.hands != other.hands
    for sample in (state, other):
        for seat in range(1, 5):
            assert not any(sample.hands[seat][card] for card, _ in (*HAND, *parse_cards("5H")))


def test_the_weakest_cards_are_given_back_never_the_joker_first() -> None:
    assert weakest(parse_cards("JK 3D 2S 4C"), 2) == parse_cards("3D 4C")


def exchange_table(hand: str, count: int, sizes: tuple[int, ...], ranks: tuple[int, ...]) -> Table:
    """A start table as the server sends it to a player who must give `count` cards back."""
    table = protocol.hand_table(parse_cards(hand))
    table[5][0], table[5][1], table[5][3] = 1, count, protocol.EXCHANGE_MOVER
    table[6][:5], table[6][5:10], table[6][10:15] = list(sizes), list(ranks), [0, 1, 2, 3, 4]
    return table


def test_the_bot_chooses_the_cards_given_back_in_the_exchange() -> None:
    """UECda: "then the Daifugo gives back any 2 cards and the Fugo any 1" — the client asks its bot, which keeps
    its pair of 3s and gives the lone 4 (the weakest card alone would break the pair)."""
    fugo_hand = "3S 3H 4C 6D 6S 9H 9C JD JS KH AS 2S"
    view = SeatView(1)
    view.read_start(exchange_table(fugo_hand, 1, sizes=(11, 11, 11, 10, 10), ranks=(0, 1, 2, 3, 4)))
    player = Player(make_bot("heuristic", rules=uecda_rules(1)), uecda_rules(1), random.Random(0))
    given = protocol.hand_cards(player.give(view, 1))
    assert given == parse_cards("4C")
    assert weakest(view.hand, 1) != given
    assert player.fallbacks == 0


def test_the_exchange_state_is_the_seats_give_with_its_partner() -> None:
    """The Daifugo gives its 2 cards to the Daihinmin: the engine offers exactly the pairs of its own cards."""
    view = SeatView(3)
    hand = "3S 4C 6D 6S 9H 9C JD JS KH AS 2S 2H JK"
    # The sizes as dealt, as tndhms sends them (the Daifugo was dealt 11 and holds 13).
    view.read_start(exchange_table(hand, 2, sizes=(11, 11, 10, 11, 10), ranks=(1, 2, 3, 0, 4)))
    assert view.sizes_known and view.disagreed == 0
    state = view.exchange_state(uecda_rules(1), random.Random(0), 2)
    assert state.current_player == 3
    # In the engine the strong cards have moved: the Fugo and the Daifugo hold them, the others gave them.
    assert list(state.sizes) == [12, 11, 9, 13, 8]
    transfer = state.to_position().transfers[0]
    assert (transfer.winner, transfer.loser, transfer.count) == (3, 4, 2)
    gives = state.legal_actions()
    assert all(isinstance(give, Give) and sum(count for _, count in give.cards) == 2 for give in gives)
    assert len(gives) == 13 * 12 // 2
    assert state.observation(3).hand == parse_cards(hand)


def test_a_groups_joker_locks_the_table_with_the_suit_of_its_cell() -> None:
    """tndhms reads a joker in a group as the suit of its cell: after [3C 3H], [JK 6S] with the joker on the
    diamonds row, [7D 7S] has exactly the suits of the play before it ("Lock: when a play has exactly the suits
    of the play before it, later plays until the table clears must have those suits")."""
    view = SeatView(0)
    view.read_hand(hand_table(1, empty=True, sizes=(5, 10, 9, 11, 11), hand=NO_JOKER))
    view.read_stage(stage_table(1, "3C 3H", sizes=(5, 8, 9, 11, 11)))
    joker_on_diamonds = stage_table(2, None, sizes=(5, 8, 7, 11, 11))
    joker_on_diamonds[0][4] = 1  # the 6 of spades
    joker_on_diamonds[2][4] = 2  # the joker in the 6 of diamonds' cell
    view.read_hand(hand_table(2, empty=False, sizes=(5, 8, 9, 11, 11), hand=NO_JOKER))
    assert view.read_stage(joker_on_diamonds)[1] is not None
    for player in (3, 4):  # they pass
        view.read_hand(hand_table(player, empty=False, sizes=(5, 8, 7, 11, 11), hand=NO_JOKER))
        view.read_stage(joker_on_diamonds)
    own = hand_table(0, empty=False, sizes=(5, 8, 7, 11, 11))
    own[:5] = protocol.hand_table(parse_cards("7C 7D 7S 9H 4D"))[:5]
    view.read_hand(own)
    state = view.state(uecda_rules(1), random.Random(0))
    assert [str(play) for _, play in state.observation(None).trick] == ["3C 3H", "JK=6D 6S"]
    locking, free = state.clone(), state.clone()
    locking.apply(Play.parse("7D 7S"))
    free.apply(Play.parse("7C 7S"))
    assert locking.lock != 0 and free.lock == 0


# A deal as tndhms sends it, seen by player 0 (who holds the 3 of diamonds): sizes as dealt, seats 0-4 in order.
MINE = "3D 4S 7H 9C 10C JD QH KS AC 2D JK"


def start_table(sizes: tuple[int, ...] = (11, 11, 11, 10, 10), hand: str = MINE, giving: int = 0) -> Table:
    table = protocol.hand_table(parse_cards(hand))
    table[5][0], table[5][1], table[5][3] = 1, giving, protocol.EXCHANGE_MOVER
    table[6][:5], table[6][10:15] = list(sizes), [0, 1, 2, 3, 4]
    return table


def zeroed_hand(hand: CardGroup, my_turn: bool) -> Table:
    """A hand table whose rows 5-6 say nothing but "your turn"."""
    table = protocol.hand_table(hand)
    table[5][2] = int(my_turn)
    return table


def test_the_mover_comes_from_the_turn_order_when_rows_5_and_6_are_zeros() -> None:
    """The manual: rows 5 on of the table after a move "often" hold the current state, "not guaranteed". Here
    every table after the start has zeros there (the hand tables too, but for "your turn"): the view follows
    the turn from the cards by UECda's rules — the 3 of diamonds leads, passes are skipped, an 8 clears the table
    and its player leads again, and everyone passing clears it for the last player who played."""
    view = SeatView(0)
    view.read_start(start_table())
    hand = list(parse_cards(MINE))
    script: list[tuple[int, str | None]] = [
        (0, "3D"),
        (1, "5H"),
        (2, None),
        (3, "8C"),  # an 8 cut: player 3 leads again
        (3, "9S"),
        (4, None),
        (0, "JD"),
        (1, None),
        (2, None),
        (3, None),
        (4, None),  # passed already: skipped, so the next table comes after player 0's turn
    ]
    stage = protocol.empty_table()
    expected_movers = []
    for player, play in script[:-1]:
        view.read_hand(zeroed_hand(tuple(hand), my_turn=player == 0))
        assert view.to_move == player
        if play is not None:
            stage = protocol.play_table(Play.parse(play))
            if player == 0:
                hand.remove(parse_cards(play)[0])
        view.read_stage(stage)  # rows 5-6 zeros
        expected_movers.append(player)
    assert [mover for mover, _ in view.moves] == expected_movers
    # Players 1, 2, 3 and 4 passed on JD; player 0 played it and is next: passes are skipped, not the last player.
    assert view.passed == {1, 2, 3, 4} and view.to_move == 0 and view.leader == 3
    view.read_hand(zeroed_hand(tuple(hand), my_turn=True))
    view.read_stage(stage)  # player 0 passes too: everyone still in has passed, and player 0 leads afresh
    assert view.trick == [] and view.passed == set() and view.to_move == 0 and view.leader == 0
    assert view.sizes == [9, 10, 11, 8, 10]
    # Every zeroed table but those with player 0 to move said "player 0" and "sizes 0": not what was tracked.
    assert view.disagreed > 0


def test_a_player_out_is_skipped_and_a_last_play_by_a_player_out_gives_the_lead_to_the_next() -> None:
    view = SeatView(0)
    view.read_start(start_table(sizes=(11, 1, 11, 10, 20)))  # sizes that fit: player 1 goes out with one card
    hand = parse_cards(MINE)
    view.read_hand(zeroed_hand(hand, my_turn=True))
    view.read_stage(protocol.play_table(Play.parse("3D")))
    view.read_hand(zeroed_hand(hand, my_turn=False))
    stage = protocol.play_table(Play.parse("2S"))
    assert view.read_stage(stage)[0] == 1 and view.finished == [1]
    for player in (2, 3, 4, 0):
        view.read_hand(zeroed_hand(hand, my_turn=player == 0))
        assert view.read_stage(stage) == (player, None)
    assert view.trick == [] and view.to_move == 2 and view.leader == 2


def test_sizes_from_a_start_table_that_does_not_fit_the_cards_are_a_guess_until_a_table_fits() -> None:
    """Our server used to send the sizes after the strong cards moved (13 for the Daifugo, who gives 2 back):
    own dealt size 11 != 13, so the view guesses, and takes the first hand table's row 6 that fits the cards."""
    hand = MINE + " 2S 2H"
    view = SeatView(0)
    view.read_start(start_table(sizes=(13, 11, 11, 10, 8), hand=hand, giving=2))
    assert not view.sizes_known and view.disagreed == 1 and sum(view.sizes) == 53 and view.sizes[0] == 11
    first = protocol.hand_table(parse_cards(MINE))
    first[5][2], first[5][3], first[5][4] = 1, 0, 1
    first[6][:5], first[6][10:15] = [11, 11, 11, 10, 10], [0, 1, 2, 3, 4]
    view.read_hand(first)
    assert view.sizes_known and view.sizes == [11, 11, 11, 10, 10]


def test_cards_already_played_on_the_table_after_a_clear_are_a_pass() -> None:
    """tndhms clears the table's cards when the table is cleared; a server that shows the old cards again after
    the clear is read by the cards: cards already played cannot be a new play."""
    view = SeatView(0)
    view.read_start(start_table())
    hand = parse_cards(MINE)
    view.read_hand(zeroed_hand(hand, my_turn=False))  # cannot tell: [5][3] = 0 is this seat, which is not to move
    view.to_move = 1
    eight = protocol.play_table(Play.parse("8C"))
    view.read_stage(eight)  # an 8 cut: player 1 leads again
    view.read_hand(zeroed_hand(hand, my_turn=False))
    assert view.read_stage(eight) == (1, None) and view.passed == {1}
