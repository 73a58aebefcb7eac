"""The protocol-20070 codec: tables as bytes, exact reads, cards and plays as cells (README, "Protocol 20070")."""

from __future__ import annotations

import socket
import threading

import pytest

from presidente.cards import parse_card, parse_cards
from presidente.president import Play
from presidente.uecda import protocol
from presidente.uecda.protocol import ProtocolError, Table


def table_with(*cells: tuple[int, int, int]) -> Table:
    table = protocol.empty_table()
    for row, column, value in cells:
        table[row][column] = value
    return table


def test_a_table_is_480_bytes_of_big_endian_ints_row_by_row() -> None:
    # "Every value is a 32-bit big-endian integer. A table is int[8][15] sent row by row: 480 bytes."
    table = table_with((0, 1, 1), (7, 14, 20070))
    data = protocol.pack_table(table)
    assert len(data) == 480
    assert data[4:8] == b"\x00\x00\x00\x01"
    assert data[-4:] == (20070).to_bytes(4, "big")
    assert protocol.unpack_table(data) == table


def test_negative_values_go_out_as_zero_like_the_official_server() -> None:
    # tndhms writes value * (value >= 0): the Hinmin's "-1 cards to give" reaches the client as 0.
    table = table_with((5, 1, -1))
    assert protocol.unpack_table(protocol.pack_table(table))[5][1] == 0


def test_wrong_sizes_are_refused() -> None:
    with pytest.raises(ProtocolError):
        protocol.unpack_table(b"\x00" * 479)
    with pytest.raises(ProtocolError):
        protocol.pack_table([[0] * 15 for _ in range(7)])


def test_reads_are_exact_even_when_the_bytes_arrive_in_pieces() -> None:
    # "Always read exactly 480 (or 4) bytes in a loop."
    left, right = socket.socketpair()
    table = table_with((2, 1, 1), (4, 1, 2))
    data = protocol.pack_table(table) + (9).to_bytes(4, "big")

    def dribble() -> None:
        for start in range(0, len(data), 7):
            right.sendall(data[start : start + 7])

    sender = threading.Thread(target=dribble)
    sender.start()
    assert protocol.receive_table(left) == table
    assert protocol.receive_int(left) == 9
    sender.join()
    right.close()
    with pytest.raises(protocol.ConnectionClosed):
        protocol.receive_int(left)
    left.close()


def test_no_delay_is_set() -> None:
    # "set TCP_NODELAY: the protocol is many small messages."
    with socket.socket() as connection:
        protocol.no_delay(connection)
        assert connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)


def test_the_hello_carries_the_version_and_the_name_one_character_per_cell() -> None:
    # "sends a table with [0][0] = 20070 and its name, one character per cell, in row 1"
    hello = protocol.hello_table("kou")
    assert hello[0][0] == 20070
    assert hello[1][:4] == [ord("k"), ord("o"), ord("u"), 0]
    assert protocol.hello_name(hello) == "kou"


def test_rows_are_spades_hearts_diamonds_clubs_and_columns_run_from_the_3_to_the_2() -> None:
    # "rows 0-3 are spades, hearts, diamonds, clubs; columns 1-13 are 3, 4, ..., K, A, 2 (column 6 is the 8)"
    assert protocol.card_cell(parse_card("3S")) == (0, 1)
    assert protocol.card_cell(parse_card("8H")) == (1, 6)
    assert protocol.card_cell(parse_card("3D")) == (2, 1)
    assert protocol.card_cell(parse_card("2C")) == (3, 13)
    for card in range(52):
        assert protocol.cell_card(*protocol.card_cell(card)) == card


def test_a_hand_holds_the_joker_at_row_4_column_1() -> None:
    # "In a hand the joker is [4][1] = 2."
    hand = parse_cards("JK 3S 10D")
    table = protocol.hand_table(hand)
    assert table[4][1] == 2
    assert protocol.hand_cards(table) == hand
    with pytest.raises(ProtocolError):
        protocol.hand_cards(table_with((0, 0, 1)))


def test_a_pass_is_all_zeros() -> None:
    assert protocol.read_play(protocol.empty_table()) is None


@pytest.mark.parametrize(
    ("cells", "text"),
    [
        ([(0, 1, 1)], "3S"),
        ([(0, 5, 1), (3, 5, 1)], "7C 7S"),
        ([(1, 5, 1), (2, 5, 2)], "JK 7H"),
        # "row 4 columns 1-13 carry the fifth card of five of a kind"
        ([(0, 9, 1), (1, 9, 1), (2, 9, 1), (3, 9, 1), (4, 9, 2)], "JK JC JD JH JS"),
        ([(1, 3, 1), (1, 4, 1), (1, 5, 1)], "5H 6H 7H"),
        ([(2, 3, 1), (2, 4, 2), (2, 5, 1)], "5D JK=6D 7D"),
        # "a joker alone is a 2 in any one cell of rows 0-3"
        ([(2, 7, 2)], "JK"),
        ([(3, 0, 2)], "JK"),
        ([(0, 14, 2)], "JK"),
    ],
)
def test_plays_read_as_our_plays_and_back(cells: list[tuple[int, int, int]], text: str) -> None:
    table = table_with(*cells)
    play = protocol.read_play(table)
    assert play is not None
    action = protocol.play_action(play)
    assert action == Play.parse(text)
    again = protocol.read_play(protocol.play_table(action))
    assert again is not None and protocol.play_action(again) == action


def test_a_joker_in_column_0_or_14_extends_a_sequence_below_the_3_or_above_the_2() -> None:
    """ "columns 0 and 14 exist so that a joker can extend a sequence below the 3 or above the 2": such a joker
    names the end cell (the rules' `sequence_joker_ends`), and our play goes back into the same cells."""
    for cells, text in (
        ([(0, 0, 2), (0, 1, 1), (0, 2, 1)], "JK=<3S 3S 4S"),
        ([(1, 12, 1), (1, 13, 1), (1, 14, 2)], "AH 2H JK=>2H"),
        ([(3, 0, 2), (3, 1, 1), (3, 2, 1), (3, 3, 1), (3, 4, 1)], "JK=<3C 3C 4C 5C 6C"),
    ):
        table = table_with(*cells)
        play = protocol.read_play(table)
        assert play is not None
        action = protocol.play_action(play, joker_suits=True)
        assert action == Play.parse(text) and action.reaches_end()
        assert protocol.play_table(action) == table


@pytest.mark.parametrize(
    "cells",
    [
        [(0, 1, 3)],  # no card is a 3
        [(0, 0, 1)],  # a natural card in column 0
        [(4, 5, 1)],  # a natural card in row 4
        [(0, 5, 2), (1, 5, 2)],  # two jokers
        [(0, 5, 1), (1, 6, 1)],  # neither one rank nor one suit
        [(0, 5, 1), (0, 6, 1)],  # a sequence of 2
        [(0, 5, 1), (0, 7, 1), (0, 8, 1)],  # a gap
        [(0, 5, 1), (4, 5, 2)],  # row 4 outside five of a kind
        [(4, 1, 2)],  # a joker alone in row 4
    ],
)
def test_tables_no_rule_reads_are_refused(cells: list[tuple[int, int, int]]) -> None:
    with pytest.raises(ProtocolError):
        protocol.read_play(table_with(*cells))


def test_a_stage_table_no_rule_reads_is_still_followed() -> None:
    # A client follows any server: cards it cannot read as a play are still cards that left a hand.
    play = protocol.lenient_play(table_with((0, 5, 1), (1, 6, 1), (4, 1, 2)))
    assert protocol.cards_of_play(play) == parse_cards("7S 8H JK")


def test_a_groups_joker_takes_a_locked_suit_when_one_is_missing() -> None:
    # A joker in a group claims the suit of its row (tndhms reads suits from the cells), so under a lock on
    # hearts and spades, 7S + joker must put the joker on the hearts row.
    table = protocol.play_table(Play.parse("7S JK"), joker_suits=(parse_card("7H") & 3, parse_card("7S") & 3))
    assert table[0][5] == 1 and table[1][5] == 2


def test_a_groups_joker_keeps_a_lock_and_otherwise_avoids_making_one() -> None:
    hearts, spades, diamonds = (parse_card(text) & 3 for text in ("7H", "7S", "7D"))
    locked = protocol.joker_suit_order(frozenset({hearts, spades}), locked=True)
    assert protocol.play_table(Play.parse("7S JK"), locked)[1][5] == 2  # the locked hearts
    # After [JH JS], [JK AS] with the joker on hearts would lock hearts and spades where tndhms reads the cell.
    free = protocol.joker_suit_order(frozenset({hearts, spades}), locked=False)
    played = protocol.read_play(protocol.play_table(Play.parse("AS JK"), free))
    assert played is not None and played.joker is not None
    # The joker lies on a suit the previous play does not hold (clubs or diamonds).
    assert protocol.play_suits(played) - {spades} <= {parse_card("7C") & 3, diamonds}


def test_the_server_chooses_the_strongest_cards_as_tndhms_does() -> None:
    # "joker first, then by rank from the 2 down, ties by suit spade > heart > diamond > club"
    from presidente.cards import counts_from_group
    from presidente.president.exchange import best_cards

    def strongest(hand: tuple[tuple[int, int], ...], count: int) -> tuple[tuple[int, int], ...]:
        return best_cards(counts_from_group(hand), count)

    hand = parse_cards("JK 2C 2H AS 3S")
    assert strongest(hand, 2) == parse_cards("JK 2H")
    assert strongest(parse_cards("2C 2H AS 3S"), 2) == parse_cards("2C 2H")
    assert strongest(parse_cards("KD KS AC"), 2) == parse_cards("AC KS")


@pytest.mark.parametrize(
    ("cells", "text"),
    [
        # "In a play a cell holds 1 for a card and 2 for the joker standing for that card": the diamonds row.
        ([(0, 4, 1), (2, 4, 2)], "JK=6D 6S"),
        ([(1, 5, 1), (3, 5, 2), (0, 5, 1)], "JK=7C 7H 7S"),
        # "row 4 columns 1-13 carry the fifth card of five of a kind": that joker names no card.
        ([(0, 9, 1), (1, 9, 1), (2, 9, 1), (3, 9, 1), (4, 9, 2)], "JK JC JD JH JS"),
    ],
)
def test_with_joker_suits_a_groups_joker_names_the_card_of_its_cell(
    cells: list[tuple[int, int, int]], text: str
) -> None:
    table = table_with(*cells)
    play = protocol.read_play(table)
    assert play is not None
    action = protocol.play_action(play, joker_suits=True)
    assert action == Play.parse(text)
    assert protocol.play_table(action) == table
