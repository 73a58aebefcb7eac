"""UECda protocol 20070: 480-byte tables and 4-byte ints, and their meaning in our cards and plays.

A *table* is int[8][15] sent row by row as 32-bit big-endian integers. Rows 0-3 are spades, hearts,
diamonds, clubs; columns 1-13 are 3, 4, ..., K, A, 2 (President ranks 0-12, so the column is the rank + 1).
In a hand the joker is ``[4][1] = 2``; in a play a 2 is the joker standing where it lies, row 4 carries the
fifth card of five of a kind, and columns 0 and 14 let a joker extend a sequence below the 3 or above the 2.
Row 5 holds the state of play and row 6 the hand sizes, ranks and seating (`StateRow`).

The same parsing serves the server and the client: `read_play` turns a table into a `TablePlay` (or says why
no UECda rule reads it), `play_action` turns that into our engine's `Play`, and `play_table` the reverse.

>>> from presidente.cards import parse_cards
>>> hand = hand_table(parse_cards("3S 2C JK"))
>>> hand[0][1], hand[3][13], hand[4][1]
(1, 1, 2)
>>> format_cards(hand_cards(hand))
'JK 2C 3S'
>>> str(play_action(read_play(play_table(Play.parse("5H JK 5S")))))
'JK 5H 5S'
>>> read_play(empty_table()) is None
True
"""

from __future__ import annotations

import socket
import struct
from dataclasses import dataclass

from presidente.cards import JOKER, CardGroup, card_text, counts_from_group, format_cards
from presidente.president.actions import (
    ABOVE_TWO,
    BELOW_THREE,
    PRESIDENT_RANK,
    Play,
    cards_of_rank,
    is_end_cell,
    stand_in_text,
)

PROTOCOL_VERSION = 20070
DEFAULT_PORT = 42485
ROWS = 8
COLUMNS = 15
TABLE_BYTES = ROWS * COLUMNS * 4
INT_BYTES = 4
# Replies to a play, and what follows each turn.
ACCEPTED = 9
REFUSED = 8
GAME_GOES_ON = 0
GAME_OVER = 1
MATCH_OVER = 2
# Row 5's "player to move" while cards are exchanged.
EXCHANGE_MOVER = 6
JOKER_ROW = 4
NAME_CELLS = 9

Table = list[list[int]]
Cell = tuple[int, int]

_TABLE_FORMAT = struct.Struct(f">{ROWS * COLUMNS}i")
_INT_FORMAT = struct.Struct(">i")
# The suits of rows 0-3 as our suit indexes (cards.SUITS is "CDHS").
_ROW_SUIT = (3, 2, 1, 0)


class ProtocolError(ValueError):
    """Bytes or a table that protocol 20070 does not allow."""


class ConnectionClosed(ConnectionError):
    """The other side closed the connection before a whole message arrived."""


def empty_table() -> Table:
    return [[0] * COLUMNS for _ in range(ROWS)]


def copy_table(table: Table) -> Table:
    return [list(row) for row in table]


def pack_table(table: Table) -> bytes:
    if len(table) != ROWS or any(len(row) != COLUMNS for row in table):
        raise ProtocolError(f"A table is {ROWS} rows of {COLUMNS} cells.")
    values = [value for row in table for value in row]
    if min(values) < 0:
        # Like the official server, a negative value (the Hinmin's "-1 cards to give") goes out as 0.
        values = [max(0, value) for value in values]
    return _TABLE_FORMAT.pack(*values)


def unpack_table(data: bytes) -> Table:
    if len(data) != TABLE_BYTES:
        raise ProtocolError(f"A table is {TABLE_BYTES} bytes, not {len(data)}.")
    values = _TABLE_FORMAT.unpack(data)
    return [list(values[row * COLUMNS : (row + 1) * COLUMNS]) for row in range(ROWS)]


def read_exact(connection: socket.socket, count: int) -> bytes:
    """Exactly `count` bytes: a message may arrive in pieces, so read until it is whole."""
    chunks: list[bytes] = []
    remaining = count
    while remaining:
        chunk = connection.recv(remaining)
        if not chunk:
            raise ConnectionClosed(f"The connection closed with {count - remaining} of {count} bytes read.")
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def receive_table(connection: socket.socket) -> Table:
    return unpack_table(read_exact(connection, TABLE_BYTES))


def send_table(connection: socket.socket, table: Table) -> None:
    connection.sendall(pack_table(table))


def receive_int(connection: socket.socket) -> int:
    value: int = _INT_FORMAT.unpack(read_exact(connection, INT_BYTES))[0]
    return value


def send_int(connection: socket.socket, value: int) -> None:
    connection.sendall(pack_int(value))


def pack_int(value: int) -> bytes:
    return _INT_FORMAT.pack(max(0, value))


def no_delay(connection: socket.socket) -> None:
    """The protocol is many small messages: without TCP_NODELAY each waits for the last one's ack."""
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def hello_table(name: str) -> Table:
    """The client's first table: the protocol version in [0][0] and the name, a character per cell, in row 1."""
    table = empty_table()
    table[0][0] = PROTOCOL_VERSION
    for column, character in enumerate(name[:NAME_CELLS]):
        table[1][column] = ord(character)
    return table


def hello_name(table: Table) -> str:
    """The name a client sent in its first table (printable ASCII only; anything else is dropped)."""
    characters = []
    for value in table[1][:NAME_CELLS]:
        if value == 0:
            break
        if 32 < value < 127:
            characters.append(chr(value))
    return "".join(characters)


# Cards <-> cells.


def card_cell(card: int) -> Cell:
    """The (row, column) of a natural card."""
    return 3 - (card & 3), PRESIDENT_RANK[card] + 1


def cell_card(row: int, column: int) -> int:
    """The natural card in rows 0-3, columns 1-13."""
    return cards_of_rank(column - 1)[_ROW_SUIT[row]]


def hand_table(cards: CardGroup) -> Table:
    table = empty_table()
    for card, count in cards:
        if count != 1:
            raise ProtocolError("A UECda hand holds each card once.")
        if card == JOKER:
            table[JOKER_ROW][1] = 2
        else:
            row, column = card_cell(card)
            table[row][column] = 1
    return table


def hand_cards(table: Table) -> CardGroup:
    """The cards of a hand table; a refusal for anything a hand cannot hold."""
    counts = [0] * 53
    for row in range(JOKER_ROW + 1):
        for column in range(COLUMNS):
            value = table[row][column]
            if value == 0:
                continue
            if row == JOKER_ROW and column == 1 and value == 2:
                counts[JOKER] = 1
            elif row < JOKER_ROW and 1 <= column <= 13 and value == 1:
                counts[cell_card(row, column)] = 1
            else:
                raise ProtocolError(f"A hand cannot hold {value} at row {row}, column {column}.")
    return tuple((card, 1) for card, count in enumerate(counts) if count)


def cards_text(table: Table) -> str:
    cards = hand_cards(table)
    return format_cards(cards) if cards else "-"


# Plays.


@dataclass(frozen=True)
class TablePlay:
    """The cards of a play as cells: natural cards (value 1) and at most one joker (value 2, where it stands)."""

    naturals: frozenset[Cell]
    joker: Cell | None

    @property
    def size(self) -> int:
        return len(self.naturals) + (self.joker is not None)

    def cells(self) -> list[Cell]:
        return sorted([*self.naturals, *([self.joker] if self.joker else [])])

    @property
    def sequence(self) -> bool:
        return self.size >= 2 and len({row for row, _ in self.cells()}) == 1 and len({c for _, c in self.cells()}) > 1


def read_play(table: Table) -> TablePlay | None:
    """The play in rows 0-4 of a table: None for a pass (no card), a `ProtocolError` for what no rule reads —
    values other than 0, 1, 2; a natural card in row 4 or columns 0 and 14; two jokers; cells neither of one
    column (a group) nor one row and consecutive columns (a sequence of 3 or more); a group of five whose
    fifth card is not the joker in row 4."""
    naturals: set[Cell] = set()
    jokers: list[Cell] = []
    for row in range(JOKER_ROW + 1):
        for column in range(COLUMNS):
            value = table[row][column]
            if value == 0:
                continue
            if value == 2:
                jokers.append((row, column))
            elif value == 1 and row < JOKER_ROW and 1 <= column <= 13:
                naturals.add((row, column))
            else:
                raise ProtocolError(f"No card is {value} at row {row}, column {column}.")
    if len(jokers) > 1:
        raise ProtocolError("A play holds at most one joker.")
    if not naturals and not jokers:
        return None
    play = TablePlay(frozenset(naturals), jokers[0] if jokers else None)
    cells = play.cells()
    rows = {row for row, _ in cells}
    columns = sorted(column for _, column in cells)
    if len(cells) == 1:
        # A natural card lies only where it belongs (checked above); "a joker alone is a 2 in any one cell of
        # rows 0-3", columns 0 and 14 included (tndhms reads a joker in row 4 as a fifth suit, and refuses it).
        if cells[0][0] == JOKER_ROW:
            raise ProtocolError("A joker alone lies in rows 0-3.")
        return play
    if len(set(columns)) == 1:
        if not 1 <= columns[0] <= 13:
            raise ProtocolError("A group lies in columns 1-13.")
        if JOKER_ROW in rows and len(cells) != 5:
            raise ProtocolError("Row 4 holds only the fifth card of five of a kind.")
        return play
    side_by_side = columns == list(range(columns[0], columns[-1] + 1))
    if len(rows) == 1 and JOKER_ROW not in rows and len(cells) >= 3 and side_by_side:
        return play
    raise ProtocolError("Cards of a play lie in one column (a group) or in one row, side by side (a sequence of 3+).")


def lenient_play(table: Table) -> TablePlay:
    """The cards of a stage table that `read_play` refuses, read as well as they can be (a client must follow a
    server whose rules read more tables than ours): natural cards where they belong, the first joker."""
    naturals = frozenset(
        (row, column) for row in range(JOKER_ROW) for column in range(1, 14) if table[row][column] == 1
    )
    jokers = [(row, column) for row in range(JOKER_ROW + 1) for column in range(COLUMNS) if table[row][column] == 2]
    return TablePlay(naturals, jokers[0] if jokers else None)


def play_action(play: TablePlay, joker_suits: bool = False) -> Play:
    """Our engine's play for a table's. A sequence's joker names its card; a group's joker names the card of the
    cell it lies in with `joker_suits` (as `tndhms` reads it: its suit counts in a lock), and nothing without it;
    a joker in row 4 (five of a kind) names none. A sequence's joker in column 0 or 14 ("so that a joker can extend
    a sequence below the 3 or above the 2") names that end cell, `JK=<3S` or `JK=>2S` (the rules'
    `sequence_joker_ends`; a table without it refuses the play)."""
    naturals = " ".join(card_text(cell_card(row, column)) for row, column in sorted(play.naturals))
    if play.joker is None:
        return Play.parse(naturals)
    row, column = play.joker
    if not play.sequence:
        if joker_suits and naturals and row < JOKER_ROW:
            return Play.parse(f"JK={card_text(cell_card(row, column))} {naturals}")
        return Play.parse(f"JK {naturals}".strip())
    if column in (0, 14):
        suit = _ROW_SUIT[row]
        stands_for = (BELOW_THREE if column == 0 else ABOVE_TWO) + suit
    else:
        stands_for = cell_card(row, column)
    return Play.parse(f"{naturals} JK={stand_in_text(stands_for)}")


def play_table(play: Play, joker_suits: tuple[int, ...] = ()) -> Table:
    """The table for one of our plays. A group's joker lies in the cell of the card it names (`joker_suits`
    rules); an unnamed one takes a row no natural card uses — first one of `joker_suits` (a lock's suits, our
    suit indexes) — or row 4 in five of a kind; a joker alone lies on the 2 of spades' cell, since where it lies
    means nothing alone."""
    table = empty_table()
    if play.sequence:
        stands = set(play.stands_for)
        for rank in play.ranks():
            card = cards_of_rank(rank)[play.suit]
            row, column = card_cell(card)
            table[row][column] = 2 if card in stands else 1
        for cell in play.stands_for:
            if is_end_cell(cell):
                # A joker past an end lies in column 0 (below the 3) or 14 (above the 2) of its suit's row.
                table[_ROW_SUIT.index(cell % 4)][0 if cell < ABOVE_TWO else 14] = 2
        return table
    naturals = [card for card, count in play.cards if card != JOKER for _ in range(count)]
    for card in naturals:
        row, column = card_cell(card)
        table[row][column] = 1
    if play.stands_for:
        for card in play.stands_for:
            row, column = card_cell(card)
            table[row][column] = 2
        return table
    if play.jokers:
        if not naturals:
            table[0][13] = 2
            return table
        column = PRESIDENT_RANK[naturals[0]] + 1
        used = {card_cell(card)[0] for card in naturals}
        preferred = [3 - suit for suit in joker_suits] + [0, 1, 2, 3]
        free = [row for row in preferred if row not in used]
        table[free[0] if free else JOKER_ROW][column] = 2
    return table


def joker_suit_order(previous: frozenset[int] | None, locked: bool) -> tuple[int, ...]:
    """The suits a group's joker should take, best first: under a lock, the locked suits (a joker elsewhere breaks
    it); otherwise suits the previous play does not hold, so that the joker does not lock the table by its cell —
    our rules never count a joker in a lock, a UECda server reads its suit from the cell."""
    previous = previous or frozenset()
    if locked:
        return tuple(sorted(previous))
    return tuple(sorted(range(4), key=lambda suit: suit in previous))


def play_suits(play: TablePlay) -> frozenset[int]:
    """The suits (our indexes) a play claims for a lock, the joker's row counted as its suit."""
    return frozenset(_ROW_SUIT[row] for row, _ in play.cells() if row < JOKER_ROW)


def cards_of_play(play: TablePlay) -> CardGroup:
    """The cards that leave the hand: the naturals and the joker."""
    counts = counts_from_group((cell_card(row, column), 1) for row, column in play.naturals)
    if play.joker is not None:
        counts[JOKER] += 1
    return tuple((card, count) for card, count in enumerate(counts) if count)
