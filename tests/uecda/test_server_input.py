"""`presidente uecda serve` against clients that misbehave: a malformed or illegal table gets the protocol's
refusal (8, counted as a pass) and never crashes the server; a client that disconnects ends the match cleanly."""

from __future__ import annotations

import contextlib
import io
import socket
import threading
from collections.abc import Callable
from pathlib import Path

from presidente.president import Record
from presidente.uecda import protocol
from presidente.uecda.protocol import Table
from presidente.uecda.server import Match, serve

BOTS = ("random", "random", "random", "random")


class ServerThread:
    """serve() in a thread on a free port, with four of our bots and one seat for the test's client."""

    def __init__(self, games: int, record: Path | None = None) -> None:
        self.out = io.StringIO()
        self.port: int | None = None
        self.ready = threading.Event()
        self.match: Match | None = None

        def run() -> None:
            self.match = serve(
                0, games, bots=BOTS, seed=7, record_path=record, out=self.out, ready=self._ready, timeout=10
            )

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert self.ready.wait(10)

    def _ready(self, port: int) -> None:
        self.port = port
        self.ready.set()

    def connect(self, name: str = "probe") -> tuple[socket.socket, int]:
        assert self.port is not None
        connection = socket.create_connection(("127.0.0.1", self.port))
        protocol.no_delay(connection)
        protocol.send_table(connection, protocol.hello_table(name))
        return connection, protocol.receive_int(connection)

    def finish(self) -> Match:
        self.thread.join(30)
        assert not self.thread.is_alive()
        assert self.match is not None
        return self.match


def play_through(connection: socket.socket, move: Callable[[Table, int], bytes]) -> list[int]:
    """Play the match as a client whose every move is `move(hand table, turn)`'s bytes; the replies it got."""
    replies: list[int] = []
    turn = 0
    while True:
        start = protocol.receive_table(connection)
        if start[5][1] > 0:
            cards = protocol.hand_cards(start)[: start[5][1]]
            protocol.send_table(connection, protocol.hand_table(cards))
        while True:
            hand = protocol.receive_table(connection)
            if hand[5][2] == 1:
                connection.sendall(move(hand, turn))
                turn += 1
                replies.append(protocol.receive_int(connection))
            protocol.receive_table(connection)
            end = protocol.receive_int(connection)
            if end != protocol.GAME_GOES_ON:
                break
        if end == protocol.MATCH_OVER:
            return replies


def garbage(hand: Table, turn: int) -> bytes:
    """A different malformed or illegal table each turn."""
    table = protocol.empty_table()
    kind = turn % 4
    if kind == 0:
        table[0][1] = 7  # no card is a 7
    elif kind == 1:
        table[0][5] = table[1][5] = 2  # two jokers
    elif kind == 2:
        table[0][5], table[1][9] = 1, 1  # neither a group nor a sequence
    else:
        # A card this player does not hold.
        held = {(row, column) for row in range(4) for column in range(1, 14) if hand[row][column]}
        row, column = next((r, c) for r in range(4) for c in range(1, 14) if (r, c) not in held)
        table[row][column] = 1
    return protocol.pack_table(table)


def test_malformed_and_illegal_tables_are_refused_and_count_as_passes() -> None:
    server = ServerThread(games=2)
    connection, number = server.connect()
    assert number == 0
    replies = play_through(connection, garbage)
    connection.close()
    match = server.finish()
    # "the server answers it alone with one int, 9 accepted or 8 refused (a refused play counts as a pass)"
    assert replies and set(replies) == {protocol.REFUSED}
    assert match.refused[0] == len(replies)
    assert match.games == 2
    assert "match ended" not in server.out.getvalue()


def test_a_pass_on_cards_gets_8_and_a_pass_on_an_empty_table_gets_9_as_tndhms_answers() -> None:
    server = ServerThread(games=1)
    connection, _ = server.connect()
    empty_flags: list[int] = []

    def always_pass(hand: Table, turn: int) -> bytes:
        empty_flags.append(hand[5][4])
        return protocol.pack_table(protocol.empty_table())

    replies = play_through(connection, always_pass)
    connection.close()
    server.finish()
    assert replies == [protocol.ACCEPTED if empty else protocol.REFUSED for empty in empty_flags]


def test_a_wrong_sized_message_then_a_disconnect_ends_the_match_with_a_message(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    server = ServerThread(games=3, record=record)
    connection, _ = server.connect()
    protocol.receive_table(connection)
    connection.sendall(b"\x00" * 100)  # a fifth of a table, then the client is gone
    connection.close()
    match = server.finish()
    output = server.out.getvalue()
    assert "match ended after 0 games: probe disconnected" in output
    assert match.games == 0
    # What was played is saved and replays.
    assert Record.from_json(record.read_text()).final_state() is not None


def test_a_client_that_leaves_mid_match_ends_it_cleanly() -> None:
    server = ServerThread(games=5)
    connection, _ = server.connect()
    moves = 0

    def leave_after_three(hand: Table, turn: int) -> bytes:
        nonlocal moves
        moves += 1
        if moves > 3:
            connection.close()
            raise ConnectionAbortedError
        return protocol.pack_table(protocol.empty_table())

    with contextlib.suppress(ConnectionAbortedError, OSError):
        play_through(connection, leave_after_three)
    server.finish()
    assert "probe disconnected" in server.out.getvalue()


def test_a_client_speaking_another_protocol_is_closed_and_its_seat_stays_open() -> None:
    server = ServerThread(games=1)
    assert server.port is not None
    with socket.create_connection(("127.0.0.1", server.port)) as stranger:
        stranger.sendall(b"\x00\x00\x4e\x20" + b"\x00" * 476)  # protocol 20000
        assert stranger.recv(4) == b""
    connection, number = server.connect()
    assert number == 0
    play_through(connection, lambda hand, turn: protocol.pack_table(protocol.empty_table()))
    connection.close()
    assert server.finish().games == 1
